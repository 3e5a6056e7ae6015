//! The game model every front end and the engine use, after OpenSpiel's:
//! who acts now (a player or chance), the legal actions, chance outcomes with
//! exact probabilities, applying an action, the result, and what each viewer
//! may see. Decisions that are not moves (an answer to a proposal, a secret
//! choice, a dice roll) are actions too, so no caller special-cases a variant.

use crate::color::Color;
use crate::error::MoveError;
use crate::event::Event;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::variant::Variant;
use crate::view::{self, BoardView, Knowledge, LegalAction, Pending, Reveal};
use std::fmt;

/// Outcomes have a file of their own (variants name them, and the game uses
/// variants); they stay reachable here.
pub use crate::outcome::{DrawReason, Outcome, WinReason};

/// Who acts next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    Player(Color),
    /// The dice: the referee (server, terminal, search) samples an outcome.
    Chance,
    /// The game is over.
    Nobody,
}

/// One decision of a player or of chance: what every game shares, and the
/// decisions a single variant owns, each variant's own typed enum encoded as
/// [`Action::Variant`] (answers, secret choices, dice, questions), so this
/// enum does not
/// grow with the variants.
///
/// Chance outcomes are not generic: what the dice pick means only to the
/// variant that rolls them (a square of its board), so each is that
/// variant's own action. What is shared is who acts ([`Actor::Chance`]) and
/// the outcomes with exact probabilities ([`Game::chance_outcomes`]). No game
/// has a chance node with a single certain outcome (a game skips the node
/// when there is nothing to roll for), so there is no shared "no roll" action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move (or a proposal of one, where the opponent may still refuse it).
    Move(Move),
    /// The player gives up.
    Resign,
    /// A decision only one variant has, which that variant alone decodes.
    Variant(VariantAction),
}

/// A decision only one variant has: the owning variant's id and a code its
/// own typed action enum ([`OwnAction`]) reads. Shared code never looks
/// inside the code; the owner lets a game refuse another variant's decision
/// clearly instead of misreading its code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantAction {
    owner: &'static str,
    code: u32,
}

impl VariantAction {
    pub const fn new(owner: &'static str, code: u32) -> VariantAction {
        VariantAction { owner, code }
    }

    /// The id of the variant whose decision this is.
    pub fn owner(self) -> &'static str {
        self.owner
    }

    /// The code, if this is a decision of variant `owner`.
    pub fn code_for(self, owner: &str) -> Option<u32> {
        (self.owner == owner).then_some(self.code)
    }
}

/// Only for messages: shared code cannot name another variant's decision.
impl fmt::Display for VariantAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} decision #{}", self.owner, self.code)
    }
}

/// A variant's own typed decisions beyond moves, carried as [`Action::Variant`].
pub trait OwnAction: Copy + Sized {
    /// The id of the variant that owns these decisions.
    const VARIANT: &'static str;

    /// The code this decision travels as (unique within the variant).
    fn code(self) -> u32;

    /// The decision with this code; `None` for a code the variant does not have.
    fn from_code(code: u32) -> Option<Self>;

    /// The decision as the text players type (`accept`).
    fn text(self) -> String;

    /// The decision as the action a game takes.
    fn action(self) -> Action {
        Action::Variant(VariantAction::new(Self::VARIANT, self.code()))
    }

    /// An action given to this variant's game, typed for an exhaustive
    /// match; another variant's decision or an unknown code is refused.
    fn typed(action: Action) -> Result<TypedAction<Self>, MoveError> {
        Ok(match action {
            Action::Move(mv) => TypedAction::Move(mv),
            Action::Resign => TypedAction::Resign,
            Action::Variant(decision) => TypedAction::Own(Self::read(decision)?),
        })
    }

    /// The decision an action holds, if it is one of this variant's.
    fn of(action: Action) -> Option<Self> {
        match action {
            Action::Variant(decision) => decision.code_for(Self::VARIANT).and_then(Self::from_code),
            _ => None,
        }
    }

    /// Reads a variant action given to this variant's game: another
    /// variant's decision, or a code this variant lacks, is refused with
    /// what is wrong.
    fn read(decision: VariantAction) -> Result<Self, MoveError> {
        decision
            .code_for(Self::VARIANT)
            .and_then(Self::from_code)
            .ok_or_else(|| refuse_decision(decision, Self::VARIANT))
    }

    /// The text of any action of a game of variant `V` with these decisions.
    fn text_of<V: Variant>(action: Action) -> String {
        Self::of(action).map_or_else(|| action_text::<V>(action), Self::text)
    }

    /// Any action of a game over `pos` as a UI offers it ([`describe_action`]).
    fn describe<V: Variant>(pos: &Position<V>, action: Action, note: Option<String>) -> LegalAction {
        match Self::of(action) {
            Some(decision) => view::word_action(&decision.text()),
            None => describe_action(pos, action, note),
        }
    }
}

/// An action of a game whose own decisions are `A`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypedAction<A> {
    Move(Move),
    Resign,
    Own(A),
}

/// The refusal of a decision a game of `variant` does not have: another
/// variant's, or a code of its own variant that means nothing. Refused as
/// any decision a player may not take now.
pub fn refuse_decision(decision: VariantAction, variant: &'static str) -> MoveError {
    let why = match decision.owner() {
        owner if owner == variant => format!("{variant} has no decision '{decision}'"),
        owner => format!("'{decision}' is a decision of {owner}, not of {variant}"),
    };
    MoveError::NotYourTurn(format!(
        "{why}; a {variant} game takes only its own moves and decisions (its legal actions list them)"
    ))
}

/// An exact probability `num / den`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Probability {
    pub num: u32,
    pub den: u32,
}

impl Probability {
    pub const CERTAIN: Probability = Probability { num: 1, den: 1 };

    pub fn as_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// Who is looking: the players, a spectator, the referee.
pub use crate::seat::Viewer;

/// What one viewer may see of a game now, everything about it that the
/// variant decides (OpenSpiel's observation of one player). A game without
/// secrets shows everyone everything ([`PositionGame`]'s observation, which
/// the games wrapping one start from); a game with secrets writes its own,
/// in its own files. [`crate::DynGame::view`] adds what every game has (who
/// acts, the legal actions, the move list, the draw offer, the outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The position as this viewer may see it, in the variant's FEN (hidden
    /// facts written `*`); the referee's is the whole truth ([`Game::fen`]).
    pub fen: String,
    /// The boards and their pieces as this viewer may see them.
    pub boards: Vec<BoardView>,
    /// The variant's own facts for this viewer, its notes and its log.
    pub knowledge: Knowledge,
    /// The events of the most recent action as this viewer may know them (a
    /// secret choice names its square to the chooser only).
    pub last_events: Vec<Event>,
    /// Whether this viewer may know the most recent action itself, its text
    /// and squares: not when it was a secret of the other side.
    pub last_action_known: bool,
    /// The decision the actor faces; `None` once the game is over, at a
    /// chance node, and for a viewer who may know only whose turn it is.
    pub pending: Option<Pending>,
    /// Whether this viewer may know nothing now but whose turn it is (a
    /// spectator of a game of hidden worlds before the end: even who acted
    /// last, a draw offer, or what kind of decision waits would tell it
    /// secrets). Its view then holds only who acts and this observation.
    pub whose_turn_only: bool,
    /// Once the game is over, what was hidden, for everyone; `None` in a game
    /// without secrets.
    pub reveal: Option<Reveal>,
}

/// A game as a boxed trait object that copies itself, for every type of
/// game that is `Clone` (so no game writes this itself).
pub trait BoxClone {
    fn box_clone(&self) -> Box<dyn Game>;
}

impl<G: Game + Clone> BoxClone for G {
    fn box_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}

/// A game in progress, as the server, the terminal and the engine drive it.
/// `Any`: the engine reads a variant's own game type (its typed state)
/// through [`crate::DynGame::game_as`].
///
/// What a viewer may see is decided in one place, [`Game::observe`]; a
/// variant whose game is its position alone ([`PositionGame`]) writes none
/// of this trait, and a game of its own writes the methods without a
/// default: who acts, the legal actions, applying one, the outcome, the
/// observation, text in and out, and declaring an outcome.
pub trait Game: BoxClone + Send + Sync + std::any::Any {
    fn variant_id(&self) -> &'static str;
    fn actor(&self) -> Actor;
    /// The legal actions of the player to act (empty at chance nodes and at the end).
    fn legal_actions(&self) -> Vec<Action>;
    /// The legal actions a front end lists for the player to act: all of
    /// them, unless they are too many to list and most are pointless
    /// (a game that accepts an order between any two squares lists
    /// those from the player's own pieces).
    fn offered_actions(&self) -> Vec<Action> {
        self.legal_actions()
    }
    /// At a chance node, every outcome with its probability (they sum to 1);
    /// a game without dice has none.
    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        Vec::new()
    }
    /// Applies an action after checking it is legal; on error nothing changes.
    fn apply(&mut self, action: Action) -> Result<(), MoveError>;
    /// An action either player may take whoever is to act, if `text` is one
    /// (a question); everything else is the acting seat's.
    fn any_time_action(&self, _text: &str) -> Option<Action> {
        None
    }
    /// Applies an action of [`Game::any_time_action`] taken by `color`; it
    /// does not pass the turn. On error nothing changes.
    fn apply_any_time(&mut self, color: Color, action: Action) -> Result<(), MoveError> {
        Err(MoveError::NotYourTurn(format!("{color} may take '{}' only on its turn", self.action_text(action))))
    }
    fn outcome(&self) -> Option<Outcome>;
    /// Everything `viewer` may see of the game now, as the variant decides
    /// it; see [`Observation`].
    fn observe(&self, viewer: Viewer) -> Observation;
    /// What `viewer` was told of the last action, and whether it knows the
    /// action itself: `observe`'s `last_events` and `last_action_known`.
    /// Asked for every viewer after every action, so a game whose whole
    /// observation grows with its length (a log) gives these two alone.
    fn last_told(&self, viewer: Viewer) -> (Vec<Event>, bool) {
        let seen = self.observe(viewer);
        (seen.last_events, seen.last_action_known)
    }
    /// The full truth as text (referee only).
    fn fen(&self) -> String;
    fn action_text(&self, action: Action) -> String;
    /// Reads an action typed by the player to act.
    fn parse_action(&self, text: &str) -> Result<Action, MoveError>;
    /// Whether the players may not see everything (secret choices):
    /// front ends then show each player only their own observation, and a
    /// shared terminal hides one player's view before showing the other's.
    fn hidden_information(&self) -> bool {
        false
    }
    /// Ends the game with an outcome decided outside the rules (a draw by
    /// agreement, a loss on time). Refused once the game is over.
    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError>;
    /// The variant's note on a legal action for move lists (the chance that
    /// the moving piece survives, `33/36`); most variants have none.
    fn action_note(&self, _action: Action) -> Option<String> {
        None
    }
    /// A legal action in the form a UI offers it ([`describe_action`]); its
    /// `text` is what `parse_action` reads back.
    fn describe(&self, action: Action) -> LegalAction;
    /// Whether `color` could still win by some series of legal actions
    /// ([`Variant::can_still_win`]): when the opponent's flag falls, a side
    /// that could not is given a draw (FIDE 6.9). Never no where a win is
    /// possible, and never dependent on a secret. By default yes: the flag
    /// loses unless the variant says otherwise.
    fn can_still_win(&self, _color: Color) -> bool {
        true
    }
}

/// A legal action of a game over `pos` as a UI offers it: a move with its
/// squares and SAN, any other action as its word.
pub fn describe_action<V: Variant>(pos: &Position<V>, action: Action, note: Option<String>) -> LegalAction {
    match action {
        Action::Move(mv) => view::describe_move(pos, mv, note),
        other => view::word_action(&action_text::<V>(other)),
    }
}

impl Clone for Box<dyn Game> {
    fn clone(&self) -> Self {
        (**self).box_clone()
    }
}

/// A game that is its position's moves and nothing else, with the draw rules
/// that need history (threefold repetition, 50 moves). Variants with more to
/// decide wrap it.
#[derive(Clone, Debug)]
pub struct PositionGame<V: Variant> {
    pos: Position<V>,
    /// Hashes of every position of the game, oldest first. Not cut at captures
    /// or pawn moves: in some variants a captured piece comes back, so no
    /// move is irreversible in every variant.
    history: Vec<u64>,
    outcome: Option<Outcome>,
    /// What the last action did.
    events: Vec<Event>,
}

impl<V: Variant> PositionGame<V> {
    pub fn new(pos: Position<V>) -> PositionGame<V> {
        let mut game = PositionGame { history: vec![V::public_hash(&pos)], pos, outcome: None, events: Vec::new() };
        game.outcome = game.judge();
        game
    }

    pub fn position(&self) -> &Position<V> {
        &self.pos
    }

    /// Plays a legal move and updates the result; the caller checked legality.
    /// The move's events (and the end of the game) become the last events.
    pub fn play_unchecked(&mut self, mv: Move) {
        let before = self.pos.clone();
        self.pos.play(mv);
        self.history.push(V::public_hash(&self.pos));
        self.outcome = self.judge();
        self.events = V::move_events(&before, mv, &self.pos);
        self.events.extend(self.outcome.map(Event::GameOver));
    }

    /// What the last action did.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Replaces the last events (for the games that wrap this one).
    pub fn set_events(&mut self, events: Vec<Event>) {
        self.events = events;
    }

    /// Replaces the position after an outside effect (a dice roll) and judges again.
    pub fn set_position(&mut self, pos: Position<V>) {
        if let Some(last) = self.history.last_mut() {
            *last = V::public_hash(&pos);
        }
        self.pos = pos;
        self.outcome = self.judge();
    }

    pub fn set_outcome(&mut self, outcome: Option<Outcome>) {
        self.outcome = outcome;
    }

    /// Rule-based result: the variant's own, then repetition and 50 moves.
    fn judge(&self) -> Option<Outcome> {
        let has_move = !self.pos.legal_moves().is_empty();
        if let Some(o) = V::outcome(&self.pos, has_move) {
            return Some(o);
        }
        let now = V::public_hash(&self.pos);
        if self.history.iter().filter(|&&h| h == now).count() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.pos.halfmoves() >= 100 {
            return Some(Outcome::Draw(DrawReason::FiftyMoves));
        }
        None
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn resign(&mut self, color: Color) {
        let outcome = Outcome::Win { winner: !color, reason: WinReason::Resignation };
        self.outcome = Some(outcome);
        self.events = vec![Event::Resigned { by: color }, Event::GameOver(outcome)];
    }

    /// Ends the game from outside the rules (agreement, time); refused once over.
    pub fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Some(outcome);
        self.events = match outcome {
            Outcome::Draw(DrawReason::Agreement) => vec![Event::DrawAgreed, Event::GameOver(outcome)],
            Outcome::Win { winner, reason: WinReason::Resignation } => {
                vec![Event::Resigned { by: !winner }, Event::GameOver(outcome)]
            }
            _ => vec![Event::GameOver(outcome)],
        };
        Ok(())
    }
}

impl<V: Variant> Game for PositionGame<V> {
    fn variant_id(&self) -> &'static str {
        V::ID
    }

    fn actor(&self) -> Actor {
        match self.outcome {
            Some(_) => Actor::Nobody,
            None => Actor::Player(self.pos.turn()),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.pos.legal_moves().into_iter().map(Action::Move).collect()
    }

    fn apply(&mut self, action: Action) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        match action {

            Action::Move(mv) if self.pos.is_legal(mv) => {
                self.play_unchecked(mv);
                Ok(())
            }
            Action::Move(mv) => Err(MoveError::Illegal(notation::uci::<V>(mv, false))),
            Action::Resign => {
                self.resign(self.pos.turn());
                Ok(())
            }
            Action::Variant(decision) => Err(refuse_decision(decision, V::ID)),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Nothing is hidden: everyone sees the whole position, the last events
    /// and the decision waiting. The games that wrap this one start from it.
    fn observe(&self, _viewer: Viewer) -> Observation {
        Observation {
            fen: self.pos.fen(),
            boards: view::boards_of(&self.pos),
            knowledge: Knowledge::default(),
            last_events: self.events.clone(),
            last_action_known: true,
            pending: self.outcome.is_none().then_some(Pending::Move),
            whose_turn_only: false,
            reveal: None,
        }
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn action_text(&self, action: Action) -> String {
        action_text::<V>(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, MoveError> {
        if text.trim() == "resign" {
            return Ok(Action::Resign);
        }
        V::parse_move(&self.pos, text).map(Action::Move)
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        PositionGame::declare(self, outcome)
    }

    fn action_note(&self, action: Action) -> Option<String> {
        match action {
            Action::Move(mv) if self.outcome.is_none() && self.pos.is_legal(mv) => V::move_note(&self.pos, mv),
            _ => None,
        }
    }

    fn describe(&self, action: Action) -> LegalAction {
        describe_action(&self.pos, action, self.action_note(action))
    }

    fn can_still_win(&self, color: Color) -> bool {
        V::can_still_win(&self.pos, color)
    }
}

/// The text of an action in variant `V`'s notation; a variant's own
/// decision in its own words through [`OwnAction::text_of`].
pub fn action_text<V: Variant>(action: Action) -> String {
    match action {
        Action::Move(mv) => notation::uci::<V>(mv, false),
        Action::Resign => "resign".into(),
        Action::Variant(decision) => decision.to_string(),
    }
}
