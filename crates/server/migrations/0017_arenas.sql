-- Arenas (docs/protocol.md, "Arenas"): lichess's arena tournaments. The
-- row holds what the arena was made with; `state` is its players, their
-- sheets and its pairings as JSON (crates/server/src/arena/state.rs).
-- `version` grows by one with every change of `state`: a change is written
-- only over the version it was read at, so a join and a pairing on two
-- processes never overwrite each other. `pairer` is the process (its
-- random id) that pairs the arena until `pairer_until_ms`, so that of
-- several processes on one database exactly one makes its games.
-- `settled` is 1 once the arena is over and every game of it is counted:
-- the running task leaves it then.
CREATE TABLE arenas (
    id TEXT PRIMARY KEY,
    created_by TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    clock_ms BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    entry_code TEXT,
    starts_ms BIGINT NOT NULL,
    ends_ms BIGINT NOT NULL,
    state TEXT NOT NULL,
    version BIGINT NOT NULL,
    settled BIGINT NOT NULL DEFAULT 0,
    pairer TEXT,
    pairer_until_ms BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE INDEX arenas_running ON arenas (settled, starts_ms);
CREATE INDEX arenas_ends ON arenas (ends_ms);
CREATE INDEX arenas_created_by ON arenas (created_by, created_ms);
