-- Ratings (docs/protocol.md, "Ratings"): Glicko-2 per user and variant.
-- Floats are DOUBLE PRECISION on PostgreSQL and REAL on SQLite.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;          -- 1: the result moves both users' ratings
ALTER TABLE games ADD COLUMN rating_applied BIGINT NOT NULL DEFAULT 0; -- 1: it has (so a game is rated once, even across a crash)

CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id),
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (user_id, variant)
);
