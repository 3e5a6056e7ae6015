-- One thinker per engine seat when several processes share the database
-- (docs/server.md, "More than one process"): the process (`owner`, its
-- random id) that thinks for the engine in game `game_id`, until the wall
-- time `until_ms` (Unix ms). The owner renews it every second; when its
-- process dies the lease runs out and another process takes the seat over.
CREATE TABLE engine_leases (
    game_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until_ms BIGINT NOT NULL
);
