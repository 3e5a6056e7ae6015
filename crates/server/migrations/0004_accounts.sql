-- Accounts (docs/protocol.md, "Accounts"). A user's id is the player id its
-- games' seats hold: the guest id it claimed by signing up, or a new one.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,              -- as the user typed it
    name_key TEXT NOT NULL UNIQUE,   -- lower case: names are unique whatever their case
    password_hash TEXT NOT NULL,     -- argon2id, PHC string (salt and parameters inside)
    grade BIGINT,                    -- ECF club grade 0-300; NULL when none
    created_ms BIGINT NOT NULL
);

-- A session's token is in its cookie only; the table keeps its SHA-256, so a
-- copy of the database logs nobody in.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);
