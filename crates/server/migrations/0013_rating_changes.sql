-- What a rated game did to each player's rating, in whole points as shown
-- (docs/protocol.md, "Ratings"): written in the transaction that moves the
-- ratings, so every process and every restart shows the same change.
CREATE TABLE rating_changes (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    white_before BIGINT NOT NULL,
    white_after BIGINT NOT NULL,
    black_before BIGINT NOT NULL,
    black_after BIGINT NOT NULL
);
