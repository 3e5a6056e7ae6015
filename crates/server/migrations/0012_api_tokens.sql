-- Personal API tokens (docs/protocol.md, "Bot and Board API"): a user's
-- tokens for programs (`Authorization: Bearer <token>`). The token itself
-- is shown once when made; the table keeps its SHA-256, so a copy of the
-- database opens no account. Revoking deletes the row.
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,              -- names the token in lists and DELETE /api/tokens/{id}
    token_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id),
    description TEXT NOT NULL,
    scopes TEXT NOT NULL,             -- lichess's scope names, space-separated
    created_ms BIGINT NOT NULL
);

CREATE INDEX api_tokens_user ON api_tokens (user_id);

-- 1: a bot account (POST /api/bot/account/upgrade; lichess's title BOT). Never undone.
ALTER TABLE users ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
