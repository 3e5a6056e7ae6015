//! The game: moves by the players, then the dice as a chance action whenever
//! a roll is due. Captures and king captures are final only after the roll.

use super::roll::BermudaRoll;
use super::voyage::{dice_outcomes, in_angle, resolve, roll_due, survival_chance, RollReport};
use super::marker::BermudaAngle;
use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use super::events::AngleEvent;
use super::shown::{AngleKnowledge, AnglePending};
use crate::game::{
    Action, Actor, Game, Observation, Outcome, OwnAction, PositionGame, Probability, TypedAction, Viewer,
    WinReason,
};
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use crate::variant::{square_text, Variant};
use crate::view::{Knowledge, LegalAction, Pending, VariantKnowledge};

type Pos = Position<BermudaAngle>;

/// A move that waits for its roll, with the position before it (a vanished
/// capturer's capture is undone from it).
#[derive(Clone, Debug)]
struct PendingRoll {
    before: Pos,
    mv: Move,
}

/// What happened after the last move, for the observers.
#[derive(Clone, Debug)]
enum Aftermath {
    Rolled(RollReport),
    NoRoll(Move),
}

#[derive(Clone, Debug)]
pub struct BermudaGame {
    /// The position and the draw rules; during a pending roll it holds the
    /// position after the move, before the roll.
    inner: PositionGame<BermudaAngle>,
    pending: Option<PendingRoll>,
    last: Option<Aftermath>,
}

impl BermudaGame {
    pub fn new(pos: Pos) -> BermudaGame {
        BermudaGame { inner: PositionGame::new(pos), pending: None, last: None }
    }

    /// A game from a FEN, or from the start.
    pub fn from_fen(fen: Option<&str>) -> Result<BermudaGame, FenError> {
        Ok(BermudaGame::new(Position::<BermudaAngle>::from_fen_or_start(fen)?))
    }

    /// The position (after the move, before the roll, while a roll is due).
    pub fn position(&self) -> &Pos {
        self.inner.position()
    }

    /// The move waiting for its roll.
    pub fn pending_move(&self) -> Option<Move> {
        self.pending.as_ref().map(|p| p.mv)
    }

    /// What the last roll did, if the last move was followed by one.
    pub fn last_roll(&self) -> Option<&RollReport> {
        match &self.last {
            Some(Aftermath::Rolled(report)) => Some(report),
            _ => None,
        }
    }

    fn play(&mut self, mv: Move) {
        let before = self.inner.position().clone();
        self.inner.play_unchecked(mv);
        // The move's own events; a king capture is final only after the roll.
        let mut events: Vec<Event> =
            self.inner.events().iter().filter(|e| !matches!(e, Event::GameOver(_))).cloned().collect();
        if roll_due(&before, mv, self.inner.position()) {
            self.pending = Some(PendingRoll { before, mv });
            self.last = None;
        } else {
            self.last = Some(Aftermath::NoRoll(mv));
            events.push(Event::own(AngleEvent::NoRoll));
            events.extend(self.inner.outcome().map(Event::GameOver));
        }
        self.inner.set_events(events);
    }

    fn roll(&mut self, pending: PendingRoll, square: Square) {
        let (pos, report) = resolve(&pending.before, pending.mv, square);
        self.inner.set_position(pos);
        // A king that vanished lost the game differently from one captured.
        if let Some(Outcome::Win { winner, reason: WinReason::KingCaptured }) = self.inner.outcome() {
            let vanished = report.vanished.iter().any(|v| v.piece.role == Role::King && v.piece.color == !winner);
            if vanished {
                self.inner.set_outcome(Some(Outcome::Win { winner, reason: super::KING_VANISHED.reason() }));
            }
        }
        self.inner.set_events(roll_events(&report, self.inner.outcome()));
        self.last = Some(Aftermath::Rolled(report));
    }

    fn move_text(&self, mv: Move) -> String {
        notation::uci::<BermudaAngle>(mv, false)
    }

    /// The roll due and what the last roll did, in words.
    fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(p) = &self.pending {
            let chance = survival_chance(&p.before, p.mv);
            notes.push(format!("dice due after {} (the moving piece survives {chance})", self.move_text(p.mv)));
        }
        match &self.last {
            Some(Aftermath::Rolled(report)) => notes.push(report.to_string()),
            Some(Aftermath::NoRoll(mv)) => {
                notes.push(format!("no roll after {}: nothing touched the Angle", self.move_text(*mv)))
            }
            None => {}
        }
        notes
    }
}

impl Game for BermudaGame {
    fn variant_id(&self) -> &'static str {
        BermudaAngle::ID
    }

    fn actor(&self) -> Actor {
        if self.pending.is_some() {
            Actor::Chance
        } else if self.inner.outcome().is_some() {
            Actor::Nobody
        } else {
            Actor::Player(self.position().turn())
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.actor() {
            Actor::Player(_) => self.position().legal_moves().into_iter().map(Action::Move).collect(),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        match self.pending {
            Some(_) => dice_outcomes(),
            None => Vec::new(),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), MoveError> {
        let typed = BermudaRoll::typed(action)?;
        if let Some(pending) = &self.pending {
            let due = self.move_text(pending.mv);
            return match typed {
                TypedAction::Own(BermudaRoll(sq)) if in_angle(sq) => {
                    let pending = pending.clone();
                    self.pending = None;
                    self.roll(pending, sq);
                    Ok(())
                }
                TypedAction::Own(roll) => {
                    Err(MoveError::Illegal(format!("{}: the dice pick only squares of the Angle c3-h8", roll.text())))
                }
                TypedAction::Move(_) | TypedAction::Resign => Err(MoveError::NotYourTurn(format!(
                    "{}: the dice must be rolled for {due} first",
                    self.action_text(action)
                ))),
            };
        }
        if self.inner.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        match typed {
            TypedAction::Move(mv) if self.position().is_legal(mv) => {
                self.play(mv);
                Ok(())
            }
            TypedAction::Move(mv) => Err(MoveError::Illegal(self.move_text(mv))),
            TypedAction::Resign => {
                self.inner.resign(self.position().turn());
                Ok(())
            }
            TypedAction::Own(_) => Err(MoveError::NotYourTurn(format!("{}: no roll is due", self.action_text(action)))),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.pending {
            Some(_) => None,
            None => self.inner.outcome(),
        }
    }

    /// Nothing is hidden: every viewer sees the board, the roll due (its
    /// notes say what it is for) and what the last roll did.
    fn observe(&self, viewer: Viewer) -> Observation {
        let last_roll = self.last_roll().map(|r| BermudaAngle::SHAPE.name(r.square).to_string());
        let own = last_roll.map(|last_roll| VariantKnowledge::new(AngleKnowledge { last_roll }));
        let pending = match (&self.pending, self.inner.outcome()) {
            (Some(p), _) => Some(Pending::own(AnglePending::Roll { after: self.move_text(p.mv) })),
            (None, Some(_)) => None,
            (None, None) => Some(Pending::Move),
        };
        Observation {
            knowledge: Knowledge { own, notes: self.notes(), ..Knowledge::default() },
            pending,
            ..self.inner.observe(viewer)
        }
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    /// A roll while one is due says what it does: `roll e7: the white rook
    /// vanished on its way to i7; the black queen is back on i7`.
    fn action_text(&self, action: Action) -> String {
        match (BermudaRoll::of(action), &self.pending) {
            (Some(BermudaRoll(sq)), Some(p)) if in_angle(sq) => resolve(&p.before, p.mv, sq).1.to_string(),
            _ => BermudaRoll::text_of::<BermudaAngle>(action),
        }
    }

    /// A move (UCI or SAN), `resign`, or `roll e7` (for a referee setting the dice).
    fn parse_action(&self, text: &str) -> Result<Action, MoveError> {
        let text = text.trim();
        if text == "resign" {
            return Ok(Action::Resign);
        }
        if let Some(square) = text.strip_prefix("roll ") {
            return BermudaAngle::SHAPE
                .parse(square.trim())
                .map(|sq| BermudaRoll(sq).action())
                .ok_or_else(|| MoveError::Malformed(text.to_string()));
        }
        // While the dice are due, `position()` is the board before the roll:
        // a move read from it would be the next player's, out of turn.
        if let Some(pending) = &self.pending {
            return Err(MoveError::NotYourTurn(format!(
                "{text}: the dice must be rolled for {} first",
                self.move_text(pending.mv)
            )));
        }
        notation::parse_move(self.position(), text).map(Action::Move)
    }

    /// Also while a roll is due (a flag falls before the dice are thrown):
    /// the roll is dropped and the outcome stands.
    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        if self.pending.take().is_some() {
            self.inner.set_outcome(None);
        }
        self.inner.declare(outcome)
    }

    fn action_note(&self, action: Action) -> Option<String> {
        match action {
            Action::Move(mv) if self.actor() == Actor::Player(self.position().turn()) && self.position().is_legal(mv) => {
                BermudaAngle::move_note(self.position(), mv)
            }
            _ => None,
        }
    }

    fn describe(&self, action: Action) -> LegalAction {
        BermudaRoll::describe(self.position(), action, self.action_note(action))
    }

    fn can_still_win(&self, color: Color) -> bool {
        BermudaAngle::can_still_win(self.position(), color)
    }
}

/// The roll, what vanished, a capture undone, and the end of the game.
fn roll_events(report: &RollReport, outcome: Option<Outcome>) -> Vec<Event> {
    let name = square_text::<BermudaAngle>;
    let mut events = vec![Event::own(AngleEvent::Rolled { square: name(report.square) })];
    events.extend(report.vanished.iter().map(|v| {
        Event::own(AngleEvent::Vanished {
            piece: v.piece,
            square: name(v.square),
            on_its_way_to: v.moving.then(|| name(v.square)),
        })
    }));
    events.extend(report.restored.map(|(sq, piece)| Event::own(AngleEvent::CaptureUndone { piece, square: name(sq) })));
    events.extend(outcome.map(Event::GameOver));
    events
}

/// The registry's constructor.
pub fn new_game(fen: Option<&str>) -> Result<Box<dyn Game>, FenError> {
    Ok(Box::new(BermudaGame::from_fen(fen)?))
}

