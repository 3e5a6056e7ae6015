-- Computer analysis of finished games (docs/protocol.md, "Analysis"): one
-- job per game, queued by `requested_by` (a user's id), claimed by one
-- server process (`owner`, its random id) until the wall time `until_ms`
-- (Unix ms), renewed after every analysed move; a job whose owner died is
-- claimed again once its lease runs out. `claims` counts the claims, so a
-- game analysed twice would show. `result` is the analysis as JSON.
CREATE TABLE analysis_jobs (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    requested_by TEXT NOT NULL,
    requested_ms BIGINT NOT NULL,
    status TEXT NOT NULL,             -- queued, running, done, failed
    owner TEXT,
    until_ms BIGINT,
    claims BIGINT NOT NULL DEFAULT 0,
    done_moves BIGINT NOT NULL DEFAULT 0,
    total_moves BIGINT NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT,
    finished_ms BIGINT
);

CREATE INDEX analysis_jobs_queue ON analysis_jobs (status, requested_ms);
CREATE INDEX analysis_jobs_requester ON analysis_jobs (requested_by, status);
