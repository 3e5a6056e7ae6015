//! What one viewer may see of a game now, typed and serde-serialisable: the
//! boards and their pieces, who acts and on what kind of decision, the legal
//! actions (for the seat that acts) in a form a UI can use, the last action
//! with its events, the move list, the viewer's own knowledge, the special
//! squares, the outcome, and at the end what was hidden. docs/protocol.md
//! shows each part in JSON.

use crate::color::Color;
use crate::event::Event;
pub use crate::move_seen::MoveSeen;
use crate::moves::{Move, MoveKind};
use crate::notation;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Shape;
use crate::variant::{SpecialSquares, Variant};
use crate::payload::{Payload, Tagged};
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
    /// for a viewer who may know only whose turn it is (a spectator of
    /// hidden worlds).
    pub pending: Option<Pending>,
    /// The legal actions: only in the view of the seat that must act.
    pub legal: Vec<LegalAction>,
    pub last: Option<LastAction>,
    /// The moves that stood, as this viewer may know them, and the
    /// proposals refused on the way, marked.
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
    /// The role's name in this variant (`knight`).
    pub role: String,
    /// The variant's letter, upper case for White (`N`, `s`).
    pub letter: String,
}

/// What the acting seat must decide: a move, or a decision only its
/// variant has (which may be a move under a condition of the variant's,
/// written with `"kind": "move"` too). Its JSON is in `variants/wire.rs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// A move.
    Move,
    /// A decision of the variant's own.
    Variant(VariantPending),
}

impl Pending {
    /// A variant's own decision.
    pub fn own<P: Payload>(pending: P) -> Pending {
        Pending::Variant(VariantPending(pending.tagged()))
    }

    /// The variant's own decision, typed, if this is one of type `P`.
    pub fn as_own<P: Payload>(&self) -> Option<&P> {
        match self {
            Pending::Variant(pending) => pending.0.get(),
            Pending::Move => None,
        }
    }
}

/// A decision only one variant has ([`Payload`]), in JSON with its own `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantPending(pub(crate) Tagged);

/// One legal action, with what a UI needs to offer it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    /// The text to send back (`e2e4`, `e4d5@a4`, `accept`).
    pub text: String,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The promotion role's name.
    pub promotion: Option<String>,
    /// A choice that belongs to the move, in the variant's words.
    pub choice: Option<String>,
    pub san: Option<String>,
    /// The variant's note (the moving piece survives `33/36`).
    pub note: Option<String>,
}

/// The last action as this viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastAction {
    pub seat: Seat,
    /// `None` when the action is secret to this viewer.
    pub text: Option<String>,
    pub san: Option<String>,
    /// The squares a move left and reached (or a proposal's).
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

/// What this viewer knows that others may not, and the game's notes for
/// them (its JSON in `variants/wire.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knowledge {
    /// What the variant alone tells this viewer, as its own fields.
    pub own: Option<VariantKnowledge>,
    /// The game's notes for this viewer, in words.
    pub notes: Vec<String>,
    /// Everything this viewer was told so far, in order, in a game that
    /// tells each player only part of what happens.
    pub log: Vec<EventView>,
}

impl Knowledge {
    /// The variant's own knowledge, typed, if it is of type `P`.
    pub fn as_own<P: Payload>(&self) -> Option<&P> {
        self.own.as_ref().and_then(|own| own.0.get())
    }
}

/// What one variant alone tells a viewer ([`Payload`]), as named fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantKnowledge(pub(crate) Tagged);

impl VariantKnowledge {
    pub fn new<P: Payload>(knowledge: P) -> VariantKnowledge {
        VariantKnowledge(knowledge.tagged())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialSquaresView {
    /// Their short name, one lower-case word.
    pub label: String,
    /// What players call them.
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
    if mv.kind == MoveKind::InPlace {
        return LegalAction {
            text: V::in_place_text(&name(mv.from)).0,
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
        choice: mv.choice.map(|sq| V::choice_text(&name(sq))),
        san: Some(notation::san(pos, mv)),
        note,
    }
}

/// An action that is only a word (`accept`, `resign`).
pub fn word_action(text: &str) -> LegalAction {
    LegalAction { text: text.into(), ..LegalAction::default() }
}

/// The special squares as a view: `label` is their short name, `name`
/// what players call them.
pub fn special_squares_view(shape: Shape, special: Option<SpecialSquares>) -> Option<SpecialSquaresView> {
    special.map(|s| SpecialSquaresView {
        label: s.name.trim_start_matches("the ").split_whitespace().next().unwrap_or_default().to_lowercase(),
        name: s.name.into(),
        squares: s.squares.map(|sq| shape.name(sq).to_string()).collect(),
    })
}
