//! Rejection Chess (Newport Chess Club): FIDE chess, but a move is first
//! proposed, and the opponent may reject the first proposal of each turn.
//! A rejected mover plays a different legal move, which stands. With a single
//! legal move there is nothing to propose: it is played at once.
//!
//! The board rules are chess, so the `Variant` is chess with its own id (and
//! its perft is chess perft: it counts the moves that can end up played). The
//! proposal protocol lives in [`RejectionGame`], whose actions are
//! `Move` (a proposal, or the second move) and its own [`RejectionAction`]s,
//! `Accept` and `Reject`.

pub mod events;
pub mod shown;

pub use events::RejectionEvent;
pub use shown::{RejectionPending, REJECTED_FIELD};

use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use crate::game::{Action, Actor, Game, Observation, Outcome, OwnAction, PositionGame, TypedAction, Viewer};
use crate::movegen;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::variant::{typed_meaning, Variant};
use crate::view::{Knowledge, LegalAction, Pending};
use crate::variants::chess::{self, Chess};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rejection;

impl Variant for Rejection {
    const ID: &'static str = "rejection";
    const NAME: &'static str = "Rejection Chess";
    const SHORT_NAME: &'static str = "Rejection";
    const FAMILY: Option<&'static str> = Some("Newport club");
    const TYPED_WORDS: &'static [(&'static str, &'static str)] = &[("a", "accept"), ("r", "reject")];
    const COMMANDS: &'static str = "accept (a)   let the opponent's proposed move stand
reject (r)   refuse it: the opponent must play a different move, which stands";
    type Extra = ();

    fn start_fen() -> &'static str {
        Chess::start_fen()
    }

    #[inline]
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        movegen::legal_standard(pos, out)
    }

    /// As in chess: a rejection never stops a helped mate (the helper
    /// accepts), and a pending proposal changes nothing, since what the
    /// chess rule calls unwinnable stays so after any move.
    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        chess::can_checkmate(pos, color)
    }
}

/// The answer to a proposal, Rejection's own decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RejectionAction {
    /// The opponent lets the proposed move stand.
    Accept,
    /// The opponent refuses it; the proposer must play another move, which stands.
    Reject,
}

impl OwnAction for RejectionAction {
    const VARIANT: &'static str = Rejection::ID;

    fn code(self) -> u32 {
        match self {
            RejectionAction::Accept => 0,
            RejectionAction::Reject => 1,
        }
    }

    fn from_code(code: u32) -> Option<RejectionAction> {
        match code {
            0 => Some(RejectionAction::Accept),
            1 => Some(RejectionAction::Reject),
            _ => None,
        }
    }

    fn text(self) -> String {
        match self {
            RejectionAction::Accept => "accept".into(),
            RejectionAction::Reject => "reject".into(),
        }
    }
}

/// Where the current turn stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The mover proposes a move (or plays it, when it is the only legal one).
    Proposing,
    /// The opponent accepts or rejects this proposal.
    Answering(Move),
    /// The proposal was rejected: the mover plays a different move, which stands.
    Replacing { rejected: Move },
}

/// How the last turn ended, for the observation notes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TurnEnd {
    Accepted { by: Color, mv: Move },
    OnlyMove(Move),
    Replaced { rejected: Move, played: Move },
}

/// A Rejection game: the position, the draw rules, and the proposal protocol.
#[derive(Clone, Debug)]
pub struct RejectionGame {
    game: PositionGame<Rejection>,
    step: Step,
    last: Option<TurnEnd>,
    /// What the last action did.
    events: Vec<Event>,
}

/// The field the game text adds after the FEN for a pending proposal.
const PROPOSED: &str = "proposed:";
/// The field for a rejected proposal (the mover owes a different move).
const REJECTED: &str = "rejected:";

impl RejectionGame {
    pub fn new(pos: Position<Rejection>) -> RejectionGame {
        RejectionGame { game: PositionGame::new(pos), step: Step::Proposing, last: None, events: Vec::new() }
    }

    /// Reads a game text: a FEN, optionally followed by `proposed:e2e4` or
    /// `rejected:e2e4` (see docs/notation.md).
    pub fn from_text(text: &str) -> Result<RejectionGame, FenError> {
        let text = text.trim();
        let pending = text.rsplit_once(' ').and_then(|(fen, field)| {
            let proposed = field.strip_prefix(PROPOSED).map(|mv| (fen, field, mv, true));
            proposed.or_else(|| field.strip_prefix(REJECTED).map(|mv| (fen, field, mv, false)))
        });
        let fen = pending.map_or(text, |(fen, ..)| fen);
        let mut game = RejectionGame::new(Position::from_fen(fen)?);
        if let Some((_, field, mv_text, proposed)) = pending {
            let mv =
                notation::parse_uci(game.position(), mv_text).map_err(|e| FenError::VariantField(format!("'{field}': {e}")))?;
            if game.position().legal_moves().len() < 2 {
                return Err(FenError::VariantField(format!("'{field}': with a single legal move nothing is proposed")));
            }
            game.step = if proposed { Step::Answering(mv) } else { Step::Replacing { rejected: mv } };
        }
        Ok(game)
    }

    pub fn position(&self) -> &Position<Rejection> {
        self.game.position()
    }

    pub fn step(&self) -> Step {
        self.step
    }

    fn mover(&self) -> Color {
        self.position().turn()
    }

    fn text(&self, mv: Move) -> String {
        notation::uci::<Rejection>(mv, false)
    }

    /// Plays a move that stands; `answer` (an acceptance) comes before its events.
    fn play(&mut self, mv: Move, end: TurnEnd, answer: Option<Event>) {
        self.game.play_unchecked(mv);
        self.step = Step::Proposing;
        self.last = Some(end);
        self.events = answer.into_iter().chain(self.game.events().iter().cloned()).collect();
    }

    /// SAN of a move in the current position: `e4`, `Nxf7+`.
    fn san(&self, mv: Move) -> String {
        notation::san(self.position(), mv)
    }

    fn refuse(&self, why: String) -> Result<(), MoveError> {
        Err(MoveError::NotYourTurn(why))
    }

    /// An accept or reject, which only a pending proposal takes.
    fn answer(&mut self, step: Step, answer: RejectionAction) -> Result<(), MoveError> {
        let mover = self.mover();
        match (step, answer) {
            (Step::Proposing, _) => self.refuse(format!("nothing is proposed yet; {mover} proposes a move first")),
            (Step::Answering(mv), RejectionAction::Accept) => {
                let accepted = Event::own(RejectionEvent::Accepted { by: !mover, san: self.san(mv) });
                self.play(mv, TurnEnd::Accepted { by: !mover, mv }, Some(accepted));
                Ok(())
            }
            (Step::Answering(mv), RejectionAction::Reject) => {
                self.events = vec![Event::own(RejectionEvent::Rejected { by: !mover, san: self.san(mv) })];
                self.step = Step::Replacing { rejected: mv };
                Ok(())
            }
            (Step::Replacing { rejected }, RejectionAction::Reject) => self.refuse(format!(
                "only the first proposal of a turn may be rejected ({} was); {mover}'s next move stands",
                self.text(rejected)
            )),
            (Step::Replacing { .. }, RejectionAction::Accept) => {
                self.refuse(format!("nothing to accept: {mover}'s second move stands without an answer"))
            }
        }
    }

    fn event_note(&self, event: TurnEnd) -> String {
        // The mover of the event is the side not to move now.
        let mover = !self.mover();
        match event {
            TurnEnd::Accepted { by, mv } => format!("{by} accepted {mover}'s proposal {}.", self.text(mv)),
            TurnEnd::OnlyMove(mv) => format!("{mover} played {}, the only legal move (no proposal).", self.text(mv)),
            TurnEnd::Replaced { rejected, played } => format!(
                "{mover}'s proposal {} was rejected; {mover} played {} instead.",
                self.text(rejected),
                self.text(played)
            ),
        }
    }
}

impl Game for RejectionGame {
    fn variant_id(&self) -> &'static str {
        Rejection::ID
    }

    fn actor(&self) -> Actor {
        match (self.game.outcome(), self.step) {
            (Some(_), _) => Actor::Nobody,
            (None, Step::Answering(_)) => Actor::Player(!self.mover()),
            (None, _) => Actor::Player(self.mover()),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let moves = self.position().legal_moves().into_iter();
        match self.step {
            Step::Proposing => moves.map(Action::Move).collect(),
            Step::Answering(_) => vec![RejectionAction::Accept.action(), RejectionAction::Reject.action()],
            Step::Replacing { rejected } => moves.filter(|&mv| mv != rejected).map(Action::Move).collect(),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), MoveError> {
        if self.game.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mover = self.mover();
        let legal = self.position().legal_moves();
        match (self.step, RejectionAction::typed(action)?) {
            (_, TypedAction::Resign) => {
                if let Actor::Player(color) = self.actor() {
                    self.game.resign(color);
                    self.events = self.game.events().to_vec();
                }
                Ok(())
            }
            (Step::Proposing | Step::Replacing { .. }, TypedAction::Move(mv)) if !legal.contains(&mv) => {
                Err(MoveError::Illegal(self.text(mv)))
            }
            (Step::Proposing, TypedAction::Move(mv)) if legal.len() == 1 => {
                self.play(mv, TurnEnd::OnlyMove(mv), None);
                Ok(())
            }
            (Step::Proposing, TypedAction::Move(mv)) => {
                self.step = Step::Answering(mv);
                self.events = vec![Event::own(RejectionEvent::Proposed { by: mover, san: self.san(mv) })];
                Ok(())
            }
            (Step::Answering(mv), TypedAction::Move(_)) => self.refuse(format!(
                "{mover}'s proposal {} awaits {}'s answer: accept or reject",
                self.text(mv),
                !mover
            )),
            (Step::Replacing { rejected }, TypedAction::Move(mv)) if mv == rejected => {
                self.refuse(format!("{} was rejected; {mover} must play a different move", self.text(mv)))
            }
            (Step::Replacing { rejected }, TypedAction::Move(mv)) => {
                self.play(mv, TurnEnd::Replaced { rejected, played: mv }, None);
                Ok(())
            }
            (step, TypedAction::Own(answer)) => self.answer(step, answer),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Nothing is hidden: everyone sees the proposal and the answer.
    fn observe(&self, viewer: Viewer) -> Observation {
        let mover = self.mover();
        let mut notes: Vec<String> = self.last.map(|e| self.event_note(e)).into_iter().collect();
        if self.game.outcome().is_none() {
            notes.push(match self.step {
                Step::Proposing => format!("{mover} to propose a move."),
                Step::Answering(mv) => format!(
                    "{mover} proposes {} ({}); {}: accept or reject.",
                    self.text(mv),
                    notation::san(self.position(), mv),
                    !mover
                ),
                Step::Replacing { rejected } => format!(
                    "{} rejected {}; {mover} must play a different move, which stands.",
                    !mover,
                    self.text(rejected)
                ),
            });
        }
        let pending = self.game.outcome().is_none().then(|| match self.step {
            Step::Proposing => Pending::Move,
            Step::Answering(mv) => Pending::own(RejectionPending::AnswerProposal { proposal: self.text(mv), san: self.san(mv) }),
            Step::Replacing { rejected } => Pending::own(RejectionPending::Move { rejected: self.text(rejected) }),
        });
        Observation {
            fen: self.fen(),
            knowledge: Knowledge { notes, ..Knowledge::default() },
            last_events: self.events.clone(),
            pending,
            ..self.game.observe(viewer)
        }
    }

    fn fen(&self) -> String {
        let fen = self.position().fen();
        match self.step {
            Step::Proposing => fen,
            Step::Answering(mv) => format!("{fen} {PROPOSED}{}", self.text(mv)),
            Step::Replacing { rejected } => format!("{fen} {REJECTED}{}", self.text(rejected)),
        }
    }

    fn action_text(&self, action: Action) -> String {
        RejectionAction::text_of::<Rejection>(action)
    }

    /// Moves in UCI or SAN; `accept`/`a` and `reject`/`r` answer a proposal.
    fn parse_action(&self, text: &str) -> Result<Action, MoveError> {
        match typed_meaning::<Rejection>(text.trim()) {
            "accept" => Ok(RejectionAction::Accept.action()),
            "reject" => Ok(RejectionAction::Reject.action()),
            "resign" => Ok(Action::Resign),
            other => match self.step {
                Step::Answering(mv) => Err(MoveError::NotYourTurn(format!(
                    "'{other}': answer {}'s proposal {} with accept or reject",
                    self.mover(),
                    self.text(mv)
                ))),
                _ => Rejection::parse_move(self.position(), other).map(Action::Move),
            },
        }
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        self.game.declare(outcome)?;
        self.events = self.game.events().to_vec();
        Ok(())
    }

    fn describe(&self, action: Action) -> LegalAction {
        RejectionAction::describe(self.position(), action, None)
    }

    fn can_still_win(&self, color: Color) -> bool {
        self.game.can_still_win(color)
    }
}

/// The registry's constructor: a game from the start or from a game text.
pub fn new_game(text: Option<&str>) -> Result<Box<dyn Game>, FenError> {
    Ok(Box::new(match text {
        Some(t) => RejectionGame::from_text(t)?,
        None => RejectionGame::new(Position::start()),
    }))
}
