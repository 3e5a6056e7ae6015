-- Rematches: a challenge only the last game's opponent may accept, and the
-- link from a finished game to its rematch.
ALTER TABLE games ADD COLUMN reserved_for TEXT;   -- the one guest who may take the open seat; NULL: anyone with the link
ALTER TABLE games ADD COLUMN rematch TEXT;        -- the id of this game's rematch, once asked for
ALTER TABLE games ADD COLUMN rematch_by TEXT;     -- white | black: the seat of this game that asked for it
