//! What one viewer may see of a game now, typed and serde-serialisable: the
//! boards and their pieces, who acts and on what kind of decision, the legal
//! actions (for the seat that acts) in a form a UI can use, the last action
//! with its events, the move list, the viewer's own knowledge, the special
//! squares, the outcome, and at the end what was hidden. docs/protocol.md
//! shows each part in JSON.

use crate::color::Color;
use crate::event::Event;
use crate::moves::{Move, MoveKind};
use crate::notation;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Shape;
use crate::variant::{SpecialSquares, Variant};
use serde::{Deserialize, Serialize};

/// The whole view of one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub variant: String,
    pub boards: Vec<BoardView>,
    /// The position as this viewer may see it, in the variant's FEN (hidden
    /// facts written `*`).
    pub fen: String,
    pub to_act: Option<Seat>,
    /// The decision the acting seat faces; `None` once the game is over, and
    /// for a viewer who may know only whose turn it is (a Looking-Glass
    /// spectator).
    pub pending: Option<Pending>,
    /// The legal actions: only in the view of the seat that must act.
    pub legal: Vec<LegalAction>,
    pub last: Option<LastAction>,
    /// The moves that stood, as this viewer may know them, and the
    /// proposals rejected on the way (Rejection), marked.
    pub moves: Vec<MoveSeen>,
    pub knowledge: Knowledge,
    pub special_squares: Option<SpecialSquaresView>,
    /// The side whose draw offer waits for an answer.
    pub draw_offer: Option<Seat>,
    pub outcome: Option<OutcomeView>,
    /// At the end of a game with hidden information: what was hidden.
    pub reveal: Option<Reveal>,
}

/// One board and the pieces on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The board's letter in games of several boards (`L`, `U`).
    pub name: Option<String>,
    pub files: u8,
    pub ranks: u8,
    pub pieces: Vec<PieceView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    /// The square's name, with the board's letter in games of several boards.
    pub square: String,
    pub color: Color,
    /// The role's name in this variant (`knight`, `ship`).
    pub role: String,
    /// The variant's letter, upper case for White (`N`, `s`).
    pub letter: String,
}

/// What the acting seat must decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// A move. Rejection: after a rejection, `rejected` names the move the
    /// mover may not play again.
    Move { rejected: Option<String> },
    /// Rejection: accept or reject this proposal.
    AnswerProposal { proposal: String, san: String },
    /// Beirut: choose the bomb carrier, in secret.
    ChooseCarrier,
    /// Bermuda Chess Angle: the dice decide after this move.
    Roll { after: String },
    /// Looking-Glass: choose your army's start in secret (`start RNBQKBNR`).
    ChooseStart,
    /// Looking-Glass, forfeit rule: `for_side`'s order was impossible; the
    /// acting seat chooses a move for it in the world the acting seat sees.
    MoveForOpponent { for_side: Color },
}

/// One legal action, with what a UI needs to offer it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    /// The text to send back (`e2e4`, `e4d5@a4`, `accept`, `carrier g1`, `detonate`).
    pub text: String,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The promotion role's name.
    pub promotion: Option<String>,
    /// A choice that belongs to the move (`reborn c1`).
    pub choice: Option<String>,
    pub san: Option<String>,
    /// The variant's note (Bermuda Chess Angle: the moving piece survives `33/36`).
    pub note: Option<String>,
}

/// The last action as this viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastAction {
    pub seat: Seat,
    /// `None` when the action is secret to this viewer (a Beirut carrier).
    pub text: Option<String>,
    pub san: Option<String>,
    /// The squares a move left and reached (Rejection: of the proposal).
    pub from: Option<String>,
    pub to: Option<String>,
    pub events: Vec<EventView>,
}

/// An event with its words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventView {
    #[serde(flatten)]
    pub event: Event,
    /// In a club player's words.
    pub words: String,
}

impl EventView {
    pub fn new(event: Event) -> EventView {
        EventView { words: event.to_string(), event }
    }
}

/// A move that stood, or a proposal that was rejected (Rejection): a
/// score shows both, the rejected one marked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSeen {
    pub seat: Seat,
    pub san: String,
    /// The move was proposed and rejected: it did not stand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rejected: bool,
}

/// What this viewer knows that others may not, and the game's notes for them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    /// Beirut: the square of the viewer's own armed bomb carrier.
    pub own_carrier: Option<String>,
    /// Bermuda Chess Angle: the square the dice picked last.
    pub last_roll: Option<String>,
    /// The game's notes for this viewer, in words (`Your bomb: the knight on g1`).
    pub notes: Vec<String>,
    /// Looking-Glass: everything this viewer was told so far, in order (the
    /// results of its orders, disclosures, captures, Strikes, answers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<EventView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialSquaresView {
    /// `portal`, `angle`.
    pub label: String,
    /// What players call them (`the portals`).
    pub name: String,
    pub squares: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeView {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    pub winner: Option<Color>,
    /// `checkmate`, `resignation`, `repetition` ...
    pub reason: String,
    /// `White wins by checkmate`.
    pub words: String,
}

impl OutcomeView {
    pub fn new(outcome: Outcome) -> OutcomeView {
        let winner = match outcome {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        };
        OutcomeView {
            result: outcome.result_text().into(),
            winner,
            reason: outcome.reason_text().into(),
            words: outcome.to_string(),
        }
    }
}

/// What was hidden, told to everyone at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// The true final position.
    pub fen: String,
    pub events: Vec<EventView>,
}

/// The boards of a position with their pieces, board by board.
pub fn boards_of<V: Variant>(pos: &Position<V>) -> Vec<BoardView> {
    let shape = V::SHAPE;
    let letters = V::letters();
    (0..shape.boards)
        .map(|board| {
            let pieces = pos
                .occupied()
                .filter(|&sq| shape.board(sq) == board)
                .filter_map(|sq| {
                    let piece = pos.piece_at(sq)?;
                    Some(PieceView {
                        square: shape.name(sq).to_string(),
                        color: piece.color,
                        role: letters.name(piece.role).to_string(),
                        letter: letters.piece_letter(piece).to_string(),
                    })
                })
                .collect();
            BoardView {
                name: shape.board_letter(board).map(String::from),
                files: shape.files,
                ranks: shape.ranks,
                pieces,
            }
        })
        .collect()
}

/// A legal move of `pos` as a UI offers it.
pub fn describe_move<V: Variant>(pos: &Position<V>, mv: Move, note: Option<String>) -> LegalAction {
    let name = |sq| V::SHAPE.name(sq).to_string();
    if mv.kind == MoveKind::Detonate {
        return LegalAction {
            text: "detonate".into(),
            from: Some(name(mv.from)),
            to: Some(name(mv.to)),
            san: Some(notation::san(pos, mv)),
            ..LegalAction::default()
        };
    }
    LegalAction {
        text: notation::uci::<V>(mv, pos.uses_960_castling()),
        from: Some(name(mv.from)),
        to: Some(name(mv.to)),
        promotion: mv.promotion.map(|r| V::letters().name(r).to_string()),
        choice: mv.rebirth.map(|sq| format!("reborn {}", name(sq))),
        san: Some(notation::san(pos, mv)),
        note,
    }
}

/// An action that is only a word (`accept`, `resign`).
pub fn word_action(text: &str) -> LegalAction {
    LegalAction { text: text.into(), ..LegalAction::default() }
}

/// The special squares as a view: `label` is their short name (`portals`,
/// `angle`), `name` what players call them.
pub fn special_squares_view(shape: Shape, special: Option<SpecialSquares>) -> Option<SpecialSquaresView> {
    special.map(|s| SpecialSquaresView {
        label: s.name.trim_start_matches("the ").split_whitespace().next().unwrap_or_default().to_lowercase(),
        name: s.name.into(),
        squares: s.squares.map(|sq| shape.name(sq).to_string()).collect(),
    })
}
