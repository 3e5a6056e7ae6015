-- Games nobody plays end by themselves (docs/server.md, "Limits"): the wall
-- time (Unix ms) at which a game is called off unless someone acts. A seek:
-- its creator's last connection plus the idle time; a challenge link: its
-- creation plus its lifetime; a game whose seat to act has made no action
-- yet: that seat's first-move deadline. NULL when nothing is pending (both
-- seats have acted, the engine is to move, or the game is over).
ALTER TABLE games ADD COLUMN abort_at_ms BIGINT;
-- The sweep (`WHERE abort_at_ms < now`) reads only the few rows with a
-- deadline; the many without one are not in the index.
CREATE INDEX games_abort_at ON games (abort_at_ms) WHERE abort_at_ms IS NOT NULL;
