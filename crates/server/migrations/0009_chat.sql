-- Chat beside a game (docs/protocol.md, "Chat"): two rooms a game, `player`
-- (the two players) and `spectator` (everyone else). A room keeps its last
-- lines only (chat::line::LINES_KEPT): older ones are deleted as new ones come.
CREATE TABLE chat_lines (
    game_id TEXT NOT NULL REFERENCES games (id),
    room TEXT NOT NULL,              -- player | spectator
    seq BIGINT NOT NULL,             -- the line's number in its room, from 1
    author TEXT NOT NULL,            -- the writer's player id: never sent, it names the guest
    name TEXT NOT NULL,              -- the writer's public name when it wrote
    body TEXT NOT NULL,              -- plain text, trimmed, at most chat::line::MAX_CHARS characters
    at_ms BIGINT NOT NULL,           -- when the server took it (Unix ms)
    PRIMARY KEY (game_id, room, seq)
);
