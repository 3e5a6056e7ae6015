-- Challenges of lichess's API (docs/protocol.md, "Bot and Board API"): one
-- user asks another for a game. Kept here, not in memory, so that an open
-- challenge survives a restart and every process sees it. Accepting one
-- makes the game, under the challenge's id (as lichess does).
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,              -- the game's id too, once accepted
    challenger TEXT NOT NULL REFERENCES users (id),
    dest TEXT NOT NULL REFERENCES users (id),
    variant TEXT NOT NULL,            -- our variant id (core's registry)
    variant_key TEXT NOT NULL,        -- as lichess's clients are told it: standard, chess960, fromPosition, or our id
    fen TEXT,                         -- the start, when not the variant's own
    rated BIGINT NOT NULL,            -- 1: rated
    limit_s BIGINT NOT NULL,          -- each side's time, seconds
    increment_s BIGINT NOT NULL,
    color TEXT NOT NULL,              -- the colour the challenger asked for: white | black | random
    challenger_seat TEXT NOT NULL,    -- the challenger's colour, drawn when made: white | black
    status TEXT NOT NULL,             -- created | accepted | declined | canceled
    decline_key TEXT,                 -- lichess's reason key, once declined
    created_ms BIGINT NOT NULL
);

CREATE INDEX challenges_challenger ON challenges (challenger, status);
CREATE INDEX challenges_dest ON challenges (dest, status);
