-- Several server processes on one database (docs/server.md, "More than one process").
-- games.ply is the game's version: every change says which ply it was made
-- at, and a change made at a stale ply (another process moved first) is
-- refused by the database instead of overwriting.
ALTER TABLE games ADD COLUMN ply BIGINT NOT NULL DEFAULT 0;
UPDATE games SET ply = (SELECT COUNT(*) FROM actions WHERE actions.game_id = games.id);
-- The wall time (Unix ms) at which the running clock's flag falls; NULL while
-- no clock runs. Whichever process loads the game next resumes the clock from
-- it, and any process can find the games whose flag has fallen (through
-- games_status: an index on flag_at_ms, which every move changes, would
-- cost every move an index update).
ALTER TABLE games ADD COLUMN flag_at_ms BIGINT;
