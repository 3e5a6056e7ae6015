-- A game's options (docs/protocol.md, "Server"): NULL for none, else a JSON
-- object such as {"forfeit":true}. The start FEN in `setup` already carries them.
ALTER TABLE games ADD COLUMN options TEXT;
