-- The rate limits shared by every process on the database (docs/server.md,
-- "Limits"): per limit (`name`) and key (an address, a player, a login
-- name), the start of its window (Unix ms) and the hits counted in it.
-- Rows whose window has passed are deleted by the sweep.
CREATE TABLE rate_hits (
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    started_ms BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (name, key)
);
