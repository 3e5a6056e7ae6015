//! Errors as values: every bad input gets one of these, never a panic.

use std::fmt;

/// A position text that cannot be read, or that reads but breaks a rule:
/// which field is at fault, with what is wrong in words (the `Display`
/// reads `bad position: <words>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Fewer fields than the two every FEN has: the board and the side to move.
    MissingFields,
    /// The piece placement: a rank too long or too short, a letter that is
    /// no piece of the variant, a wrong number of ranks or boards.
    Board(String),
    /// The side to move: `w` or `b`.
    Turn(String),
    /// The castling rights: a letter that is no right, or a right without
    /// its king or rook.
    Castling(String),
    /// The en-passant square: not a square, or not one a double step left.
    EnPassant(String),
    /// The half-move clock or the move number.
    Counter(String),
    /// A field of the variant's own, after the move numbers.
    VariantField(String),
    /// Every field reads, but the position breaks a rule: a side without
    /// its king, a pawn on its first rank, the side not to move in check.
    Illegal(String),
}

impl FenError {
    /// What is wrong, in words.
    pub fn message(&self) -> &str {
        match self {
            FenError::MissingFields => "a FEN needs at least the board and the side to move",
            FenError::Board(m)
            | FenError::Turn(m)
            | FenError::Castling(m)
            | FenError::EnPassant(m)
            | FenError::Counter(m)
            | FenError::VariantField(m)
            | FenError::Illegal(m) => m,
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position: {}", self.message())
    }
}

impl std::error::Error for FenError {}

/// A move or action text that is malformed or not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in any notation we read.
    Malformed(String),
    /// The text is a move, but not a legal one in this position.
    Illegal(String),
    /// The text fits more than one legal move.
    Ambiguous(String),
    /// The text is a move, but not a legal one here, for the reason `why`.
    Refused { text: String, why: String },
    /// The text names a move, but a choice that belongs to it (a square chosen with it
    /// square) is missing or not one of the legal ones: `why` says which,
    /// `options` are the full texts to choose from.
    Choose { text: String, why: String, options: Vec<String> },
    /// Not this player's turn, or not a decision they may take now.
    NotYourTurn(String),
    /// The game is over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(t) => write!(f, "'{t}' is not a move (try UCI like e2e4, or SAN like Nf3)"),
            MoveError::Illegal(t) => write!(f, "'{t}' is not legal here"),
            MoveError::Ambiguous(t) => write!(f, "'{t}' fits more than one legal move"),
            MoveError::Refused { text, why } => write!(f, "'{text}' is not legal here: {why}"),
            MoveError::Choose { text, why, options } => {
                write!(f, "'{text}': {why}; type one of: {}", options.join(" "))
            }
            MoveError::NotYourTurn(t) => write!(f, "not allowed now: {t}"),
            MoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}
