//! [`DynGame`]: a game of a variant picked at run time, for the places that
//! speak text and JSON (the terminal, the referee, the server). It adds to a
//! variant's game what every game has: the acting seat checked on every
//! action, resignation and draw offers by either player at any time (and a
//! variant's own actions of that kind, a question either player may ask), an
//! outcome decided outside the rules (time), the history of (seat, action)
//! that replays to the same state, and a typed [`View`] per viewer.

use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use crate::game::{Actor, DrawReason, Game, Observation, Outcome, Probability, WinReason};
use crate::registry::{self, VariantInfo};
use crate::seat::{Seat, Viewer};
use crate::square::Shape;
use crate::view::{self, EventView, LastAction, LegalAction, MoveSeen, OutcomeView, View};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// One action of the game's history.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    pub seat: Seat,
    /// The action's text as `apply` reads it (`e2e4`, `accept`, `roll e5`).
    pub action: String,
}

/// Why an action was refused, with a stable code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Another seat must act now.
    NotYourTurn,
    /// This seat never takes this kind of action (chance resigning, a player rolling).
    WrongSeat,
    /// A move, but not a legal one here.
    Illegal,
    /// Not an action at all.
    Malformed,
    /// Fits more than one legal move.
    Ambiguous,
    /// The move needs a choice (a promotion piece, a square chosen with it).
    NeedsChoice,
    /// An action of the game that is not allowed at this point (no proposal to answer).
    NotAllowed,
    GameOver,
    /// `accept draw` or `decline draw` without an offer from the opponent.
    NoDrawOffer,
    /// A draw offer already waits for an answer.
    DrawOfferPending,
    UnknownVariant,
    BadPosition,
    /// A message that is not a request (bad JSON, an unknown field, too long).
    BadRequest,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::WrongSeat => "wrong_seat",
            ErrorCode::Illegal => "illegal",
            ErrorCode::Malformed => "malformed",
            ErrorCode::Ambiguous => "ambiguous",
            ErrorCode::NeedsChoice => "needs_choice",
            ErrorCode::NotAllowed => "not_allowed",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NoDrawOffer => "no_draw_offer",
            ErrorCode::DrawOfferPending => "draw_offer_pending",
            ErrorCode::UnknownVariant => "unknown_variant",
            ErrorCode::BadPosition => "bad_position",
            ErrorCode::BadRequest => "bad_request",
        }
    }
}

/// An action refused; the game is unchanged. `message` says, in a player's
/// words, what is wrong and how to put it right.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionError {
    pub code: ErrorCode,
    pub message: String,
    /// `needs_choice`: the full texts to choose from (also in `message`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

impl ActionError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ActionError {
        ActionError { code, message: message.into(), options: Vec::new() }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ActionError {}

impl From<MoveError> for ActionError {
    fn from(e: MoveError) -> ActionError {
        let code = match &e {
            MoveError::Malformed(_) => ErrorCode::Malformed,
            MoveError::Illegal(_) | MoveError::Refused { .. } => ErrorCode::Illegal,
            MoveError::Ambiguous(_) => ErrorCode::Ambiguous,
            MoveError::Choose { .. } => ErrorCode::NeedsChoice,
            MoveError::NotYourTurn(_) => ErrorCode::NotAllowed,
            MoveError::GameOver => ErrorCode::GameOver,
        };
        let options = match &e {
            MoveError::Choose { options, .. } => options.clone(),
            _ => Vec::new(),
        };
        let message = match &e {
            MoveError::Illegal(text) => format!(
                "'{text}' is not legal here: no legal move or action reads so; write a move like e2e4 or Nf3, \
                 or one of the variant's words"
            ),
            _ => e.to_string(),
        };
        ActionError { code, message, options }
    }
}

/// A game that cannot be set up: an unknown variant or a bad position.
pub type SetupError = ActionError;

impl From<FenError> for ActionError {
    fn from(e: FenError) -> ActionError {
        ActionError::new(ErrorCode::BadPosition, e.to_string())
    }
}

/// A history that does not replay: the entry at `index` was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayError {
    /// `None` when the game itself could not be set up.
    pub index: Option<usize>,
    pub entry: Option<Entry>,
    pub error: ActionError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.index, &self.entry) {
            (Some(i), Some(e)) => write!(f, "history entry {} ({} '{}'): {}", i + 1, e.seat, e.action, self.error),
            _ => write!(f, "{}", self.error),
        }
    }
}

impl std::error::Error for ReplayError {}

/// What a viewer was told of an action, as the game observed right after
/// it: its events, and whether it may know the action itself.
type Told = (Vec<Event>, bool);

/// The last action, with what each viewer was told of it.
#[derive(Clone)]
struct Last {
    seat: Seat,
    text: String,
    san: Option<String>,
    from: Option<String>,
    to: Option<String>,
    /// Indexed like [`Viewer::ALL`]: each filled from the game's
    /// observation while the game is as the action left it, when that
    /// viewer's view is first asked for or at the latest before the game
    /// changes ([`DynGame::settle`]); a world the engine tries and drops
    /// pays only for the views asked of it (and the spectator's part, read
    /// at once for the move's SAN). Shared by the copies of a game
    /// made before its next action, which are alike until then, so that
    /// trying actions on many copies observes once.
    told: Arc<[OnceLock<Told>; 4]>,
    /// Whether `told` is written into the move lists and the known flags.
    settled: bool,
}

/// A game of any variant, driven by action text; see the module doc.
#[derive(Clone)]
pub struct DynGame {
    info: &'static VariantInfo,
    shape: Shape,
    game: Box<dyn Game>,
    history: Vec<Entry>,
    /// Per history entry but an unsettled last one ([`Last::told`]):
    /// whether each viewer may know it, indexed like [`Viewer::ALL`] (a
    /// secret choice is known to its actor only).
    known: Vec<[bool; 4]>,
    /// An outcome set by [`DynGame::end`] (not in the history).
    ended: Option<Outcome>,
    fen: Option<String>,
    draw_offer: Option<Color>,
    last: Option<Last>,
    /// The moves that stood as each viewer knows them, but an unsettled last
    /// action's, indexed like [`Viewer::ALL`].
    moves: [Vec<MoveSeen>; 4],
}

impl fmt::Debug for DynGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynGame").field("variant", &self.info.id).field("history", &self.history).finish()
    }
}

/// A seat in a sentence: `White`, `Black`, `the dice`.
fn who(seat: Seat) -> String {
    seat.color().map_or_else(|| "the dice".to_string(), |c| c.to_string())
}

fn viewer_index(viewer: Viewer) -> usize {
    match viewer {
        Viewer::White => 0,
        Viewer::Black => 1,
        Viewer::Spectator => 2,
        Viewer::Referee => 3,
    }
}

/// The moves a viewer's score lists from what it was told of one action.
fn scored(events: &[Event]) -> impl Iterator<Item = MoveSeen> + '_ {
    events.iter().filter_map(|event| match event {
        Event::Moved { by, san } => Some(MoveSeen { seat: Seat::player(*by), san: san.clone(), rejected: false }),
        Event::Variant(own) => own.scored(),
        _ => None,
    })
}

/// The draw and resignation words every game has.
enum Common {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
}

impl Common {
    fn read(text: &str) -> Option<Common> {
        match text {
            "resign" => Some(Common::Resign),
            "offer draw" | "draw" => Some(Common::OfferDraw),
            "accept draw" => Some(Common::AcceptDraw),
            "decline draw" => Some(Common::DeclineDraw),
            _ => None,
        }
    }
}

impl DynGame {
    /// A game of `variant` from its start or from `fen` (the variant's
    /// game text: a FEN, perhaps with a decision pending).
    pub fn new(variant: &str, fen: Option<&str>) -> Result<DynGame, SetupError> {
        let info = registry::variant(variant).ok_or_else(|| {
            ActionError::new(
                ErrorCode::UnknownVariant,
                format!("unknown variant '{variant}'; choose one of: {}", registry::variant_ids().join(", ")),
            )
        })?;
        DynGame::of(info, fen)
    }

    /// A game of the variant `info` describes, registered or not (a test's
    /// own variant), from its start or from `fen`.
    pub fn of(info: &'static VariantInfo, fen: Option<&str>) -> Result<DynGame, SetupError> {
        let game = (info.new_game)(fen)?;
        Ok(DynGame {
            info,
            shape: info.shape,
            game,
            history: Vec::new(),
            known: Vec::new(),
            ended: None,
            fen: fen.map(String::from),
            draw_offer: None,
            last: None,
            moves: Default::default(),
        })
    }

    pub fn variant_id(&self) -> &'static str {
        self.info.id
    }

    /// The variant's registry entry (name, commands, special squares).
    pub fn info(&self) -> &'static VariantInfo {
        self.info
    }

    /// Who acts now; `None` once the game is over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.game.actor() {
            Actor::Player(color) => Some(Seat::player(color)),
            Actor::Chance => Some(Seat::Chance),
            Actor::Nobody => None,
        }
    }

    /// Applies `seat`'s action, given as text: a move (`e2e4`, `Nf3`), the
    /// variant's own decisions (`accept`, `reject`), `resign`, `offer draw`,
    /// `accept draw`, `decline draw`;
    /// chance: `roll e5`. A refused action leaves the game unchanged.
    pub fn apply(&mut self, seat: Seat, action: &str) -> Result<(), ActionError> {
        let text = action.trim();
        if text.is_empty() {
            return Err(ActionError::new(ErrorCode::Malformed, "empty action: type a move like e2e4 or Nf3, or resign"));
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(ActionError::new(ErrorCode::GameOver, format!("the game is over ({outcome}); no more actions")));
        }
        self.settle();
        if let Some(common) = Common::read(&text.to_ascii_lowercase()) {
            return self.apply_common(seat, common);
        }
        if let (Some(color), Some(action)) = (seat.color(), self.game.any_time_action(text)) {
            return self.apply_any_time(seat, color, action);
        }
        self.check_turn(seat)?;
        let parsed = self.game.parse_action(text)?;
        let described = self.game.describe(parsed);
        self.game.apply(parsed)?;
        if seat.color().is_some_and(|c| self.draw_offer == Some(!c)) {
            // Playing on declines the opponent's offer (FIDE 9.1.2.4).
            self.draw_offer = None;
        }
        self.record(seat, described, None);
        Ok(())
    }

    /// Whether `seat` is the one to act.
    fn check_turn(&self, seat: Seat) -> Result<(), ActionError> {
        let Some(to_act) = self.to_act() else {
            return Err(ActionError::new(ErrorCode::GameOver, "the game is over; no more actions"));
        };
        if to_act == seat {
            return Ok(());
        }
        Err(match (seat, to_act) {
            (Seat::Chance, _) => ActionError::new(
                ErrorCode::WrongSeat,
                format!("no roll is due: {} is to act; chance acts only when the dice must be rolled", who(to_act)),
            ),
            (_, Seat::Chance) => ActionError::new(
                ErrorCode::NotYourTurn,
                "the dice must be rolled first; wait for the roll (the referee rolls)",
            ),
            _ => ActionError::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn, not {}'s; wait for {}", who(to_act), who(seat), who(to_act)),
            ),
        })
    }

    /// An action a player may take whoever is to act (a question). It is not playing on: a draw offer still stands.
    fn apply_any_time(&mut self, seat: Seat, color: Color, action: crate::game::Action) -> Result<(), ActionError> {
        let described = self.game.describe(action);
        self.game.apply_any_time(color, action)?;
        self.record(seat, described, None);
        Ok(())
    }

    fn apply_common(&mut self, seat: Seat, common: Common) -> Result<(), ActionError> {
        let Some(color) = seat.color() else {
            return Err(ActionError::new(
                ErrorCode::WrongSeat,
                "chance only rolls the dice ('roll e5'); resigning and draws are the players'",
            ));
        };
        let (text, extra) = match common {
            Common::Resign => {
                self.game.declare(Outcome::Win { winner: !color, reason: WinReason::Resignation })?;
                ("resign", None)
            }
            Common::OfferDraw => {
                match self.draw_offer {
                    Some(c) if c == color => {
                        return Err(ActionError::new(
                            ErrorCode::DrawOfferPending,
                            format!("{color} has offered a draw already; wait for {}'s answer", !color),
                        ))
                    }
                    Some(_) => {
                        return Err(ActionError::new(
                            ErrorCode::DrawOfferPending,
                            format!("{} offers you a draw: answer 'accept draw' or 'decline draw'", !color),
                        ))
                    }
                    None => self.draw_offer = Some(color),
                }
                ("offer draw", Some(Event::DrawOffered { by: color }))
            }
            Common::AcceptDraw | Common::DeclineDraw => {
                if self.draw_offer != Some(!color) {
                    return Err(ActionError::new(
                        ErrorCode::NoDrawOffer,
                        format!("{} has not offered a draw; to propose one, send 'offer draw'", !color),
                    ));
                }
                self.draw_offer = None;
                match common {
                    Common::AcceptDraw => {
                        self.game.declare(Outcome::Draw(DrawReason::Agreement))?;
                        ("accept draw", None)
                    }
                    _ => ("decline draw", Some(Event::DrawDeclined { by: color })),
                }
            }
        };
        if self.game.outcome().is_some() {
            self.draw_offer = None;
        }
        self.record(seat, view::word_action(text), extra);
        Ok(())
    }

    /// Notes an applied action: history and last action. `own` is the
    /// event of an action the game itself does not see (a draw offer), which
    /// everyone may know; what the game tells of its own actions is read
    /// from its observation.
    fn record(&mut self, seat: Seat, action: LegalAction, own: Option<Event>) {
        let LegalAction { text, san, from, to, .. } = action;
        self.history.push(Entry { seat, action: text.clone() });
        let told = Viewer::ALL.map(|viewer| match &own {
            Some(event) => OnceLock::from((vec![event.clone()], true)),
            None if viewer == Viewer::Spectator => OnceLock::from(self.game.last_told(viewer)),
            None => OnceLock::new(),
        });
        // A move that stood is told as it was played (a legal list may
        // write `+` where the move turned out to mate).
        let stood = told[viewer_index(Viewer::Spectator)].get().and_then(|(events, _)| {
            events.iter().find_map(|e| match e {
                Event::Moved { san, .. } => Some(san.clone()),
                _ => None,
            })
        });
        let san = if san.is_some() { stood.or(san) } else { san };
        self.last = Some(Last { seat, text, san, from, to, told: Arc::new(told), settled: false });
        if own.is_some() {
            self.settle();
        }
    }

    /// What `viewer` was told of the last action; `seen` is its observation
    /// now, if at hand.
    fn told(&self, last: &Last, viewer: Viewer, seen: Option<&Observation>) -> Told {
        let told = last.told[viewer_index(viewer)].get_or_init(|| match seen {
            Some(seen) => (seen.last_events.clone(), seen.last_action_known),
            None => self.game.last_told(viewer),
        });
        told.clone()
    }

    /// Writes what each viewer was told of the last action into the move
    /// lists and the history's known flags while the game is still as the
    /// action left it: before anything changes the game, and before a game
    /// is copied to try actions on it.
    pub(crate) fn settle(&mut self) {
        let Some(last) = self.last.as_ref().filter(|last| !last.settled) else { return };
        let told = Viewer::ALL.map(|viewer| self.told(last, viewer, None));
        for (moves, (events, _)) in self.moves.iter_mut().zip(&told) {
            moves.extend(scored(events));
        }
        self.known.push(told.map(|(_, known)| known));
        if let Some(last) = &mut self.last {
            last.settled = true;
        }
    }

    /// At a chance node: every outcome's action text with its exact probability.
    pub fn chance_outcomes(&self) -> Vec<(String, Probability)> {
        self.game.chance_outcomes().into_iter().map(|(action, p)| (self.game.describe(action).text, p)).collect()
    }

    /// What `viewer` may see now: the game's observation for it, with what
    /// every game has (who acts, the legal actions for the seat that acts,
    /// the last action, the moves, the draw offer, the outcome) as far as
    /// the observation lets this viewer know the course of the game.
    pub fn view(&self, viewer: Viewer) -> View {
        let seen = self.game.observe(viewer);
        let course = !seen.whose_turn_only;
        let i = viewer_index(viewer);
        let told = self.last.as_ref().map(|last| (last, self.told(last, viewer, Some(&seen))));
        let mut moves = Vec::new();
        if course {
            moves.extend(self.moves[i].iter().cloned());
            if let Some((_, (events, _))) = told.as_ref().filter(|(last, _)| !last.settled) {
                moves.extend(scored(events));
            }
        }
        let to_act = self.to_act();
        let acting = course && to_act.is_some_and(|seat| seat != Seat::Chance && Viewer::of_seat(seat) == viewer);
        let legal = if acting {
            self.game.offered_actions().into_iter().map(|a| self.game.describe(a)).collect()
        } else {
            Vec::new()
        };
        let last = told.filter(|_| course).map(|(last, (events, known))| LastAction {
            seat: last.seat,
            text: known.then(|| last.text.clone()),
            san: if known { last.san.clone() } else { None },
            from: if known { last.from.clone() } else { None },
            to: if known { last.to.clone() } else { None },
            events: events.into_iter().map(EventView::new).collect(),
        });
        View {
            variant: self.info.id.to_string(),
            boards: seen.boards,
            fen: seen.fen,
            to_act,
            pending: seen.pending,
            legal,
            last,
            moves,
            knowledge: seen.knowledge,
            special_squares: view::special_squares_view(self.shape, (self.info.special_squares)()),
            draw_offer: self.draw_offer.filter(|_| course).map(Seat::player),
            outcome: self.game.outcome().map(OutcomeView::new),
            reveal: seen.reveal,
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Ends the game with an outcome decided outside the rules (a loss on
    /// time, an abort). Not part of the history: whoever stores the game
    /// stores this outcome with it. Refused once the game is over.
    pub fn end(&mut self, outcome: Outcome) -> Result<(), ActionError> {
        self.settle();
        self.game.declare(outcome)?;
        self.ended = Some(outcome);
        self.draw_offer = None;
        let events = Viewer::ALL.map(|viewer| self.game.last_told(viewer).0);
        if let Some(last) = &mut self.last {
            for (told, events) in Arc::make_mut(&mut last.told).iter_mut().zip(events) {
                if let Some((told, _)) = told.get_mut() {
                    *told = events;
                }
            }
        }
        Ok(())
    }

    /// The outcome when `flagged`'s time runs out now (FIDE 6.9): a loss,
    /// or a draw if the opponent could not win by any series of legal
    /// actions (the variant's [`Game::can_still_win`]).
    pub fn outcome_on_time(&self, flagged: Color) -> Outcome {
        Outcome::on_time(flagged, self.game.can_still_win(!flagged))
    }

    /// Every action so far, in order, with its seat.
    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    /// The game `history` leads to from the start or `fen`.
    pub fn replay(variant: &str, fen: Option<&str>, history: &[Entry]) -> Result<DynGame, ReplayError> {
        let mut game = DynGame::new(variant, fen).map_err(|error| ReplayError { index: None, entry: None, error })?;
        for (index, entry) in history.iter().enumerate() {
            game.apply(entry.seat, &entry.action).map_err(|error| ReplayError {
                index: Some(index),
                entry: Some(entry.clone()),
                error,
            })?;
        }
        Ok(game)
    }

    /// Whether the players may not see everything (secret choices).
    pub fn hidden_information(&self) -> bool {
        self.game.hidden_information()
    }

    /// Whether `viewer` may know history entry `index` itself (not when it
    /// was a secret of another seat).
    pub fn entry_known_to(&self, index: usize, viewer: Viewer) -> bool {
        match self.known.get(index) {
            Some(known) => known[viewer_index(viewer)],
            // The last action, not written down yet: the game is as it left it.
            None if index + 1 == self.history.len() => self.last.as_ref().is_none_or(|last| self.told(last, viewer, None).1),
            None => true,
        }
    }

    /// The position the game started from (`None`: the variant's start).
    pub fn start_fen(&self) -> Option<&str> {
        self.fen.as_deref()
    }

    /// The outcome set from outside by [`DynGame::end`], if any.
    pub fn ended_outside(&self) -> Option<Outcome> {
        self.ended
    }

    /// The variant's game inside (for the engine, which searches it).
    pub fn game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The variant's game as its own type `G` (the engine searches its typed
    /// state); `None` when the game is of another type.
    pub fn game_as<G: Game>(&self) -> Option<&G> {
        let game: &dyn std::any::Any = self.game.as_ref();
        game.downcast_ref::<G>()
    }
}
