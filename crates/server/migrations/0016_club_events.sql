-- Club events (docs/protocol.md, "Club events"): the Newport evening's Swiss
-- and group match run on the server. The event itself (players, rounds,
-- results, clocks, the group match) is the tournament crate's `Event` as
-- JSON, the same the terminal's `chesslantis tournament` keeps in its file,
-- so both write the same TRF. `version` grows by one with every change: a
-- change is written only over the version it was made from, so two
-- processes never both pair a round.
CREATE TABLE club_events (
    id TEXT PRIMARY KEY,
    organiser_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    place TEXT NOT NULL,
    starts_ms BIGINT NOT NULL,
    event TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE INDEX club_events_organiser ON club_events (organiser_id);
CREATE INDEX club_events_starts ON club_events (starts_ms);
