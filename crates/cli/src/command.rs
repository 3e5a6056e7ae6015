//! What a player may type at the prompt besides a game action.

/// A line typed at the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    Nothing,
    Help,
    Moves,
    History,
    Fen,
    Board,
    OfferDraw,
    Quit,
    /// Anything else: an action for the game to read (a move, `resign`, `accept`, ...).
    Action(&'a str),
}

impl<'a> Command<'a> {
    pub fn read(line: &'a str) -> Command<'a> {
        match line.trim() {
            "" => Command::Nothing,
            "help" | "?" => Command::Help,
            "moves" => Command::Moves,
            "history" => Command::History,
            "fen" => Command::Fen,
            "board" => Command::Board,
            "draw" => Command::OfferDraw,
            "quit" | "exit" => Command::Quit,
            other => Command::Action(other),
        }
    }
}

/// A yes or no answer (to a draw offer); `None` for anything else.
pub fn yes_or_no(line: &str) -> Option<bool> {
    match line.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" | "accept" | "a" => Some(true),
        "n" | "no" | "decline" | "reject" | "r" => Some(false),
        _ => None,
    }
}
