//! The referee of a Looking-Glass game: the secret setups, moves and orders,
//! Strikes (or forfeits), the question, and what each player is told. A
//! player sees its own world and the log of what it was told; a spectator
//! sees only whose turn it is until the end, then everything.

use super::decision::Decision;
use super::moves::{all_orders, any_in_other_world_of, is_order, moves_in, offered_orders, own_moves};
use super::orders::{carry_out, Order};
use super::setup::{Start, STARTS};
use super::state::{OrderRule, Phase};
use super::transfer::{self, disclosure, Crossing, Played};
use super::worlds::{World, SHAPE};
use super::marker::LookingGlass;
use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use super::events::GlassEvent;
use super::shown::GlassPending;
use crate::game::{Action, Actor, Game, Observation, OwnAction, Viewer};
use crate::moves::{Move, MoveKind};
use crate::notation;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use crate::variant::{square_text, Variant};
use crate::view::{self, BoardView, EventView, Knowledge, LegalAction, Pending, Reveal};

type Pos = Position<LookingGlass>;

/// Who is told an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Audience {
    Both,
    Only(Color),
}

#[derive(Clone, Debug)]
struct Told {
    event: Event,
    to: Audience,
}

impl Told {
    fn reaches(&self, color: Color) -> bool {
        match self.to {
            Audience::Both => true,
            Audience::Only(c) => c == color,
        }
    }
}

#[derive(Clone, Debug)]
pub struct LookingGlassGame {
    pos: Pos,
    /// Hashes of the positions after each move, for threefold repetition.
    history: Vec<u64>,
    outcome: Option<Outcome>,
    /// Everything told, in order, with whom to.
    told: Vec<Told>,
    /// Where the last action's events start in `told`.
    last_from: usize,
    /// The player whose last action only it may know: every action but the
    /// question (asked aloud) and an outcome declared; the opponent learns
    /// what the rules tell it through the events.
    secret_of: Option<Color>,
    starts: [Option<Start>; 2],
    /// Where each player's most recent action starts in `told`: what it was
    /// told since is repeated in its notes (a terminal shows notes, not logs).
    since: [usize; 2],
    /// For each player, `history.len()` when it last asked: until a move
    /// changes the position the answer stands, and asking again is refused
    /// with it (so questions cannot be stored without bound).
    asked: [Option<usize>; 2],
}

/// A new game from the start (both armies to set up) or a FEN.
pub fn new_game(fen: Option<&str>) -> Result<Box<dyn Game>, FenError> {
    Ok(Box::new(LookingGlassGame::new(Position::from_fen_or_start(fen)?)))
}

impl LookingGlassGame {
    pub fn new(pos: Pos) -> LookingGlassGame {
        let outcome = super::end::judge(&pos);
        LookingGlassGame {
            history: vec![pos.hash()],
            pos,
            outcome,
            told: Vec::new(),
            last_from: 0,
            secret_of: None,
            starts: [None; 2],
            since: [0; 2],
            asked: [None; 2],
        }
    }

    /// The true position (the referee's).
    pub fn position(&self) -> &Pos {
        &self.pos
    }

    /// Everything `color` was told so far, in order.
    pub fn log(&self, color: Color) -> Vec<Event> {
        self.told.iter().filter(|t| t.reaches(color)).map(|t| t.event.clone()).collect()
    }

    /// The seat that decides now, if any.
    fn deciding(&self) -> Option<Color> {
        if self.outcome.is_some() {
            return None;
        }
        Some(match self.pos.extra.phase {
            Phase::Setup(c) => c,
            Phase::Play => self.pos.turn(),
            Phase::Forfeit => !self.pos.turn(),
        })
    }

    fn tell(&mut self, event: Event, to: Audience) {
        self.told.push(Told { event, to });
    }

    fn begin_action(&mut self) {
        self.last_from = self.told.len();
    }

    fn set_up(&mut self, color: Color, start: Start) {
        start.place(&mut self.pos, color);
        self.starts[color.index()] = Some(start);
        self.pos.extra.phase = match color {
            Color::White => Phase::Setup(Color::Black),
            Color::Black => Phase::Play,
        };
        self.history = vec![self.pos.hash()];
        self.tell(Event::own(GlassEvent::ArmySetUp { by: color, start: Some(start.text()) }), Audience::Only(color));
        self.tell(Event::own(GlassEvent::ArmySetUp { by: color, start: None }), Audience::Only(!color));
    }

    /// The answer to `color`'s question now.
    fn answer(&self, color: Color) -> Event {
        let yes = any_in_other_world_of(&self.pos, color);
        Event::own(GlassEvent::Answered { by: color, world: World::home(color).other().name().to_string(), yes })
    }

    /// Whether `color` may ask now: both armies are set up, and it has not
    /// asked since the last move.
    fn may_ask(&self, color: Color) -> bool {
        !matches!(self.pos.extra.phase, Phase::Setup(_)) && self.asked[color.index()] != Some(self.history.len())
    }

    /// `color`'s question, on its turn or not; both players are told the answer.
    fn ask(&mut self, color: Color) -> Result<(), MoveError> {
        if let Phase::Setup(c) = self.pos.extra.phase {
            return Err(MoveError::NotYourTurn(format!(
                "the question is asked after both armies are set up; {c} sets up its army first"
            )));
        }
        if !self.may_ask(color) {
            return Err(MoveError::NotYourTurn(format!(
                "{color} asked already and nothing has moved since; the answer stands: {}",
                self.answer(color)
            )));
        }
        self.begin_action();
        self.secret_of = None;
        self.since[color.index()] = self.told.len();
        self.asked[color.index()] = Some(self.history.len());
        let answer = self.answer(color);
        self.tell(answer, Audience::Both);
        Ok(())
    }

    /// An own-world move: the opponent learns only that it was made, and
    /// what it captured, and what passed into its world.
    fn own_move(&mut self, mv: Move) {
        let us = self.pos.turn();
        let san = notation::san(&self.pos, mv);
        self.tell(Event::Moved { by: us, san }, Audience::Only(us));
        let world = World::home(us).name().to_string();
        self.tell(Event::own(GlassEvent::MovedUnseen { by: us, world }), Audience::Only(!us));
        let played = self.make(mv);
        self.tell_effects(&played, us, Audience::Only(us));
    }

    /// An order into the unseen world: both are told what became of it.
    fn order(&mut self, order: Order) {
        let us = self.pos.turn();
        let text = order_text(order);
        let Some(mv) = carry_out(&self.pos, order) else { return self.impossible(us, text) };
        let took = self.captured_by(mv);
        let piece = self.pos.piece_at(mv.from).expect("an order carried out moves a piece");
        let stopped = square_text::<LookingGlass>(mv.to);
        let (from, to) = (square_text::<LookingGlass>(order.from), square_text::<LookingGlass>(order.to));
        self.tell(Event::own(GlassEvent::OrderCarried { by: us, piece, from, to, stopped, took }), Audience::Both);
        let played = self.make(mv);
        self.tell_effects(&played, us, Audience::Both);
    }

    /// The piece `mv` takes, if any (en passant: the pawn that stepped twice).
    fn captured_by(&self, mv: Move) -> Option<crate::role::Piece> {
        let mut after = self.pos.clone();
        transfer::play(&mut after, mv).captured.map(|(_, p)| p)
    }

    fn impossible(&mut self, us: Color, order: String) {
        match self.pos.extra.rule {
            OrderRule::Strikes => {
                self.pos.extra.strikes[us.index()] += 1;
                let count = self.pos.extra.strikes(us);
                self.tell(Event::own(GlassEvent::Strike { by: us, order, count }), Audience::Both);
            }
            OrderRule::Forfeit => {
                let can_choose = !moves_in(&self.pos, World::home(!us)).is_empty();
                if can_choose {
                    self.pos.extra.phase = Phase::Forfeit;
                }
                self.tell(Event::own(GlassEvent::Forfeited { by: us, order, chosen_by_opponent: can_choose }), Audience::Both);
            }
        }
    }

    /// The forfeit rule: the opponent's choice of a move for the side to move.
    fn chosen_move(&mut self, mv: Move) {
        let us = self.pos.turn();
        let san = notation::uci::<LookingGlass>(mv, true);
        self.tell(Event::Moved { by: us, san }, Audience::Both);
        let played = self.make(mv);
        self.tell_effects(&played, us, Audience::Both);
    }

    /// Plays a move on the true position and notes it for repetition.
    fn make(&mut self, mv: Move) -> Played {
        let played = transfer::play(&mut self.pos, mv);
        self.pos.extra.phase = Phase::Play;
        self.history.push(self.pos.hash());
        played
    }

    /// Captures and disclosures to both; where a piece stayed to `stayed`
    /// (its owner, or both when the piece stayed in the world the opponent sees).
    fn tell_effects(&mut self, played: &Played, mover: Color, stayed: Audience) {
        if let Some((sq, piece)) = played.captured {
            self.tell(Event::Captured { piece, square: square_text::<LookingGlass>(sq) }, Audience::Both);
        }
        for crossing in &played.crossings {
            match *crossing {
                Crossing::Passed { piece, from, to } => {
                    let (from, to_text) = (square_text::<LookingGlass>(from), square_text::<LookingGlass>(to));
                    self.tell(Event::own(GlassEvent::PassedThrough { piece, from, to: to_text }), Audience::Both);
                    if let Some(event) = disclosure(&self.pos, to) {
                        self.tell(event, Audience::Both);
                    }
                }
                Crossing::Stayed { piece, square } => {
                    let to = if World::of(square) == World::home(mover) { Audience::Only(mover) } else { stayed };
                    self.tell(Event::own(GlassEvent::Stayed { piece, square: square_text::<LookingGlass>(square) }), to);
                }
            }
        }
    }

    /// After an action: the rules' result, repetition, 50 moves.
    fn judge(&mut self) {
        let outcome = super::end::judge(&self.pos).or_else(|| {
            let now = self.pos.hash();
            if self.history.iter().filter(|&&h| h == now).count() >= 3 {
                return Some(Outcome::Draw(DrawReason::Repetition));
            }
            (self.pos.halfmoves() >= 100).then_some(Outcome::Draw(DrawReason::FiftyMoves))
        });
        if let Some(outcome) = outcome {
            self.outcome = Some(outcome);
            self.tell(Event::GameOver(outcome), Audience::Both);
        }
    }

    /// Reads a move or an order's squares: `Re2Re4`, `Mb7Mb8q`, `Mb7Mb8=Q`.
    fn read_squares(&self, text: &str) -> Result<(Square, Square, Option<Role>), MoveError> {
        let needs_worlds = || MoveError::Refused {
            text: text.to_string(),
            why: "every square needs its world letter, R (Real) or M (Mirror), as in Re2Re4 or Mb8Mc6".into(),
        };
        let (from, rest) = SHAPE.parse_prefix(text).ok_or_else(needs_worlds)?;
        let (to, promo) = SHAPE.parse_prefix(rest).ok_or_else(needs_worlds)?;
        let promo = promo.trim_start_matches('=');
        let promotion = match promo.chars().next() {
            None => None,
            Some(c) if promo.len() == 1 => Some(
                LookingGlass::letters()
                    .role(c.to_ascii_lowercase())
                    .filter(|r| LookingGlass::PROMOTION_ROLES.contains(r))
                    .ok_or_else(|| MoveError::Refused {
                        text: text.to_string(),
                        why: format!("'{c}' is no promotion piece: write q, r, b or n"),
                    })?,
            ),
            Some(_) => return Err(MoveError::Malformed(text.to_string())),
        };
        Ok((from, to, promotion))
    }

    fn parse_play(&self, text: &str) -> Result<Action, MoveError> {
        let us = self.pos.turn();
        let own = World::home(us);
        let (from, to, promotion) = match self.read_squares(text) {
            Ok(parts) => parts,
            // SAN in one's own world (`Nf3` reads the squares of the world one sees).
            Err(e) => return notation::parse_move(&self.pos, text).map(Action::Move).map_err(|_| e),
        };
        if World::of(from) == own {
            return notation::parse_move(&self.pos, text).map(Action::Move);
        }
        if World::of(to) != own.other() {
            return Err(MoveError::Refused {
                text: text.to_string(),
                why: format!(
                    "an order stays in one world: both squares in the {} world, like {}",
                    own.other().name(),
                    if own == World::Real { "Mb8Mc6" } else { "Rb1Rc3" }
                ),
            });
        }
        Ok(Action::Move(Move { from, to, kind: MoveKind::Normal, promotion, choice: None }))
    }

    /// The forfeit rule: a move for the side to move among those in the
    /// chooser's world.
    fn parse_choice(&self, text: &str) -> Result<Action, MoveError> {
        let (from, to, promotion) = self.read_squares(text)?;
        let choices = moves_in(&self.pos, World::home(!self.pos.turn()));
        choices
            .iter()
            .find(|m| m.from == from && m.to == to && (m.promotion == promotion || promotion.is_none() && m.promotion == Some(Role::Queen)))
            .map(|&m| Action::Move(m))
            .ok_or_else(|| MoveError::Refused {
                text: text.to_string(),
                why: format!(
                    "choose one of {}'s moves in your world: {}",
                    self.pos.turn(),
                    choices.iter().map(|&m| notation::uci::<LookingGlass>(m, true)).collect::<Vec<_>>().join(", ")
                ),
            })
    }

    fn apply_play(&mut self, us: Color, action: Action) -> Result<(), MoveError> {
        match (action, Decision::of(action)) {
            (_, Some(Decision::Start(_))) => {
                return Err(MoveError::NotYourTurn("both armies are set up; move or give an order".into()))
            }
            (Action::Move(mv), _) if World::of(mv.from) == World::home(us) => {
                if !own_moves(&self.pos).contains(&mv) {
                    return Err(MoveError::Illegal(notation::uci::<LookingGlass>(mv, true)));
                }
                self.own_move(mv);
            }
            (Action::Move(mv), _) if is_order(&self.pos, mv) => {
                self.order(Order { from: mv.from, to: mv.to, promotion: mv.promotion });
            }
            (Action::Move(mv), _) => {
                return Err(MoveError::Refused {
                    text: notation::uci::<LookingGlass>(mv, true),
                    why: format!(
                        "an order names two different squares of the {} world, and a promotion piece only onto the last rank",
                        World::home(us).other().name()
                    ),
                })
            }
            (Action::Resign | Action::Variant(_), _) => {
                return Err(MoveError::NotYourTurn(format!("{} is not a move or an order here", self.action_text(action))))
            }
        }
        Ok(())
    }

    /// A player's own world as a board, or both worlds.
    fn visible_boards(&self, viewer: Viewer) -> Vec<BoardView> {
        let all = view::boards_of(&self.pos);
        match (viewer, self.outcome) {
            (Viewer::Referee, _) | (_, Some(_)) => all,
            (Viewer::Spectator, None) => Vec::new(),
            (_, None) => {
                let seen = viewer.color().map(World::home).unwrap_or(World::Real);
                all.into_iter().filter(|b| b.name.as_deref() == Some(&seen.name()[..1])).collect()
            }
        }
    }

    /// The FEN as `viewer` may know it: the unseen world, its castling and
    /// the move clock (it counts the opponent's hidden pawn moves) as `*`; a
    /// spectator's every field until the end.
    fn fen_seen_by(&self, viewer: Viewer) -> String {
        let full = self.pos.fen();
        let seen = match (viewer, self.outcome) {
            (Viewer::Referee, _) | (_, Some(_)) => return full,
            (Viewer::Spectator, None) => return SPECTATOR_FEN.into(),
            (_, None) => viewer.color().map(World::home),
        };
        let fields: Vec<&str> = full.split(' ').collect();
        let hide = |field: &str| -> String {
            let (real, mirror) = field.split_once('|').unwrap_or((field, "*"));
            match seen {
                Some(World::Real) => format!("{real}|*"),
                Some(World::Mirror) => format!("*|{mirror}"),
                None => "*|*".into(),
            }
        };
        let ep = match self.pos.ep_square() {
            Some(sq) if Some(World::of(sq)) == seen => square_text::<LookingGlass>(sq),
            _ => "-".into(),
        };
        let mut out = vec![hide(fields[0]), fields[1].to_string(), hide(fields[2]), ep, "*".into()];
        out.extend(fields[5..].iter().map(|f| f.to_string()));
        out.join(" ")
    }

    /// The question, when the side to move may ask it.
    fn question_if_allowed(&self) -> Option<Action> {
        self.may_ask(self.pos.turn()).then(|| Decision::Ask.action())
    }

    fn describe_order(&self, mv: Move, note: String) -> LegalAction {
        let name = |sq| square_text::<LookingGlass>(sq);
        LegalAction {
            text: notation::uci::<LookingGlass>(mv, true),
            from: Some(name(mv.from)),
            to: Some(name(mv.to)),
            promotion: mv.promotion.map(|r| LookingGlass::letters().name(r).to_string()),
            note: Some(note),
            ..LegalAction::default()
        }
    }
}

/// A spectator's FEN until the end: every field hidden (the side to move
/// and the phase would tell a forfeit, the move numbers and Strikes the
/// Strikes).
const SPECTATOR_FEN: &str = "*|* * *|* * * * * * *";

/// A spectator's only note until the end.
const SPECTATOR_NOTE: &str = "A spectator sees nothing of a Looking-Glass game but whose turn it is until the end.";

/// `Mb1Md8`, `Mb7Mb8q`.
fn order_text(order: Order) -> String {
    let mut text = format!("{}{}", SHAPE.name(order.from), SHAPE.name(order.to));
    if let Some(role) = order.promotion {
        text.extend(LookingGlass::letters().letter(role));
    }
    text
}

impl Game for LookingGlassGame {
    fn variant_id(&self) -> &'static str {
        LookingGlass::ID
    }

    fn actor(&self) -> Actor {
        self.deciding().map_or(Actor::Nobody, Actor::Player)
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.pos.extra.phase {
            Phase::Setup(_) => (0..STARTS).map(Decision::start_action).collect(),
            Phase::Forfeit => moves_in(&self.pos, World::home(!self.pos.turn())).into_iter().map(Action::Move).collect(),
            Phase::Play => own_moves(&self.pos)
                .into_iter()
                .chain(all_orders(&self.pos))
                .map(Action::Move)
                .chain(self.question_if_allowed())
                .collect(),
        }
    }

    /// Own moves, the orders from one's own pieces (see [`offered_orders`]),
    /// the question (unless asked since the last move).
    fn offered_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() || self.pos.extra.phase != Phase::Play {
            return self.legal_actions();
        }
        own_moves(&self.pos)
            .into_iter()
            .chain(offered_orders(&self.pos))
            .map(Action::Move)
            .chain(self.question_if_allowed())
            .collect()
    }

    fn apply(&mut self, action: Action) -> Result<(), MoveError> {
        let Some(color) = self.deciding() else { return Err(MoveError::GameOver) };
        if action == Action::Resign {
            return self.declare(Outcome::Win { winner: !color, reason: WinReason::Resignation });
        }
        if let Action::Variant(decision) = action {
            if Decision::read(decision)? == Decision::Ask {
                return self.ask(color);
            }
        }
        let before = (self.pos.clone(), self.told.len(), self.history.len(), self.since);
        self.begin_action();
        self.since[color.index()] = self.told.len();
        let done = match self.pos.extra.phase {
            Phase::Setup(_) => match Decision::of(action) {
                Some(Decision::Start(start)) => {
                    self.set_up(color, start);
                    Ok(())
                }
                _ => Err(MoveError::NotYourTurn(format!(
                    "{color} sets up its army first: 'start RNBQKBNR' (the back rank a..h, Chess960 rules) or 'start fide'"
                ))),
            },
            Phase::Forfeit => match action {
                Action::Move(mv) if moves_in(&self.pos, World::home(color)).contains(&mv) => {
                    self.chosen_move(mv);
                    Ok(())
                }
                _ => Err(MoveError::NotYourTurn(format!(
                    "choose a move for {} among its moves in your world",
                    !color
                ))),
            },
            Phase::Play => self.apply_play(color, action),
        };
        if let Err(e) = done {
            self.pos = before.0;
            self.told.truncate(before.1);
            self.history.truncate(before.2);
            self.since = before.3;
            return Err(e);
        }
        self.secret_of = Some(color);
        self.judge();
        Ok(())
    }

    /// The question, by either player whoever is to act.
    fn any_time_action(&self, text: &str) -> Option<Action> {
        text.trim().eq_ignore_ascii_case("ask").then(|| Decision::Ask.action())
    }

    fn apply_any_time(&mut self, color: Color, action: Action) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        match Decision::of(action) {
            Some(Decision::Ask) => self.ask(color),
            _ => Err(MoveError::NotYourTurn(format!("{color} may take '{}' only on its turn", self.action_text(action)))),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// A player sees its own world, what it was told and its own actions;
    /// a spectator only whose turn it is until the end; at the end everyone
    /// sees everything, and both setups are revealed.
    fn observe(&self, viewer: Viewer) -> Observation {
        let whose_turn_only = self.whose_turn_only(viewer);
        let reveal = self.outcome.map(|_| Reveal {
            fen: self.fen(),
            events: Color::ALL
                .into_iter()
                .filter_map(|c| self.starts[c.index()].map(|s| GlassEvent::ArmySetUp { by: c, start: Some(s.text()) }))
                .map(|setup| EventView::new(Event::own(setup)))
                .collect(),
        });
        Observation {
            fen: self.fen_seen_by(viewer),
            boards: self.visible_boards(viewer),
            knowledge: self.knowledge(viewer),
            last_events: self.last_events(viewer),
            last_action_known: self.last_action_known(viewer),
            pending: if whose_turn_only { None } else { self.decision() },
            whose_turn_only,
            reveal,
        }
    }

    /// `observe`'s last events and whether the action is known, without
    /// formatting the whole log.
    fn last_told(&self, viewer: Viewer) -> (Vec<Event>, bool) {
        (self.last_events(viewer), self.last_action_known(viewer))
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn action_text(&self, action: Action) -> String {
        self.describe(action).text
    }

    /// Reads `start RNBQKBNR`, `start fide`, `ask`, `resign`, a move in
    /// one's own world (`Re2Re4`, or SAN), an order (`Mb1Mc3`), or under the
    /// forfeit rule the move chosen for the opponent.
    fn parse_action(&self, text: &str) -> Result<Action, MoveError> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if lower == "resign" {
            return Ok(Action::Resign);
        }
        if lower == "ask" {
            return Ok(Decision::Ask.action());
        }
        if let Some(rest) = lower.strip_prefix("start") {
            let start = Start::parse(rest).map_err(|why| MoveError::Refused { text: text.to_string(), why })?;
            return Ok(Decision::Start(start).action());
        }
        match self.pos.extra.phase {
            Phase::Setup(c) => Err(MoveError::NotYourTurn(format!(
                "{c} sets up its army first: 'start RNBQKBNR' (the back rank a..h, Chess960 rules) or 'start fide'"
            ))),
            Phase::Forfeit => self.parse_choice(text),
            Phase::Play => self.parse_play(text),
        }
    }

    fn hidden_information(&self) -> bool {
        true
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.begin_action();
        self.secret_of = None;
        match outcome {
            Outcome::Draw(DrawReason::Agreement) => self.tell(Event::DrawAgreed, Audience::Both),
            Outcome::Win { winner, reason: WinReason::Resignation } => {
                self.tell(Event::Resigned { by: !winner }, Audience::Both)
            }
            _ => {}
        }
        self.outcome = Some(outcome);
        self.tell(Event::GameOver(outcome), Audience::Both);
        Ok(())
    }

    fn describe(&self, action: Action) -> LegalAction {
        if let Some(decision) = Decision::of(action) {
            return view::word_action(&decision.text());
        }
        let Action::Move(mv) = action else { return view::word_action(&crate::game::action_text::<LookingGlass>(action)) };
        let unseen = self.deciding().map(|c| World::home(c).other());
        match self.pos.extra.phase {
            Phase::Forfeit => self.describe_order(mv, format!("your choice of {}'s move", self.pos.turn())),
            _ if Some(World::of(mv.from)) == unseen => self.describe_order(
                mv,
                format!("order in the {} world: carried out as far as it can be", World::of(mv.from).name()),
            ),
            _ => view::describe_move(&self.pos, mv, None),
        }
    }
}

impl LookingGlassGame {
    /// The decision the actor faces.
    fn decision(&self) -> Option<Pending> {
        self.deciding()?;
        Some(match self.pos.extra.phase {
            Phase::Setup(_) => Pending::own(GlassPending::ChooseStart),
            Phase::Forfeit => Pending::own(GlassPending::MoveForOpponent { for_side: self.pos.turn() }),
            Phase::Play => Pending::Move,
        })
    }

    /// A player's log; a spectator's (the whole story) only once it is over.
    fn knowledge(&self, viewer: Viewer) -> Knowledge {
        let log: Vec<Event> = match (viewer.color(), viewer, self.outcome) {
            (Some(color), _, _) => self.log(color),
            (None, Viewer::Referee, _) | (None, _, Some(_)) => self.told.iter().map(|t| t.event.clone()).collect(),
            _ => Vec::new(),
        };
        Knowledge { notes: self.notes(viewer), log: log.into_iter().map(EventView::new).collect(), ..Knowledge::default() }
    }

    /// Whether `viewer` may know the last action itself.
    fn last_action_known(&self, viewer: Viewer) -> bool {
        self.secret_of.is_none_or(|c| viewer.sees_secrets_of(c))
    }

    /// What `viewer` was told of the last action.
    fn last_events(&self, viewer: Viewer) -> Vec<Event> {
        let last = &self.told[self.last_from.min(self.told.len())..];
        match (viewer, viewer.color()) {
            (Viewer::Referee, _) => last.iter().map(|t| t.event.clone()).collect(),
            (_, Some(color)) => last.iter().filter(|t| t.reaches(color)).map(|t| t.event.clone()).collect(),
            _ if self.outcome.is_some() => last.iter().map(|t| t.event.clone()).collect(),
            _ => Vec::new(),
        }
    }

    /// A spectator, until the end: who acted, and whether a forfeit's choice
    /// waits, would tell it of Strikes and forfeits.
    fn whose_turn_only(&self, viewer: Viewer) -> bool {
        viewer == Viewer::Spectator && self.outcome.is_none()
    }

    /// Which world the viewer sees and the Strikes (a spectator's: that it
    /// sees nothing until the end).
    fn notes(&self, viewer: Viewer) -> Vec<String> {
        let strikes = format!(
            "Strikes: White {}, Black {} (three lose)",
            self.pos.extra.strikes(Color::White),
            self.pos.extra.strikes(Color::Black)
        );
        let Some(c) = viewer.color() else {
            return if self.whose_turn_only(viewer) { vec![SPECTATOR_NOTE.into()] } else { vec![strikes] };
        };
        let mut notes = vec![
            format!(
                "You see the {} world; pieces in the {} world move by orders.",
                World::home(c).name(),
                World::home(c).other().name()
            ),
            strikes,
        ];
        let recent = self.told.get(self.since[c.index()]..).unwrap_or_default();
        notes.extend(recent.iter().filter(|t| t.reaches(c)).map(|t| format!("Told: {}", t.event)));
        notes
    }
}
