-- The archive: a player's games, found by either seat.
CREATE INDEX games_white_player ON games (white_player, created_ms);
CREATE INDEX games_black_player ON games (black_player, created_ms);
