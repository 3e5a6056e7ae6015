-- One schema for SQLite and PostgreSQL: only TEXT and BIGINT, ids made by the server.
CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    setup TEXT,                      -- the start FEN, NULL for the variant's start
    white_ms BIGINT NOT NULL,        -- each seat's own starting time
    black_ms BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    white_player TEXT,               -- guest ids; NULL while the seat is open
    black_player TEXT,
    listed BIGINT NOT NULL,          -- 1: an open seek anyone may accept; 0: by link only
    dice_commitment TEXT NOT NULL,   -- SHA-256 of the seed, public from the start
    dice_seed TEXT NOT NULL,         -- secret until the game ends
    status TEXT NOT NULL,            -- waiting | playing | ended | aborted
    result TEXT,                     -- 1-0 | 0-1 | 1/2-1/2
    result_words TEXT,
    flagged TEXT,                    -- white | black: the seat whose time ran out
    created_ms BIGINT NOT NULL
);

CREATE INDEX games_status ON games (status);

CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,             -- index in the game's action log, from 0
    seat TEXT NOT NULL,              -- white | black | chance
    action TEXT NOT NULL,            -- the text DynGame::apply accepted
    used_ms BIGINT NOT NULL,         -- time charged to the seat for this action
    white_left_ms BIGINT NOT NULL,   -- both clocks after the action
    black_left_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
