//! Beirut Chess: FIDE chess where each side secretly arms one of its pieces
//! (not the king) with a bomb before the first move, and may detonate it
//! instead of moving: the carrier and every piece on the eight squares around
//! it vanish. See docs/rules/beirut.md.
//!
//! The position knows both carriers (`Bombs`, in FEN after the move numbers);
//! the secrecy lives in `BeirutGame`, whose observations show each player only
//! their own carrier.

pub mod events;
pub mod shown;

pub use events::{BeirutEvent, BombFate};
pub use shown::{BeirutKnowledge, BeirutPending, OWN_CARRIER_FIELD};

use crate::outcome::OwnWin;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use crate::game::{
    Action, Actor, Game, Observation, Outcome, OwnAction, PositionGame, TypedAction, Viewer,
};
use crate::position;
use crate::movegen;
use crate::moves::{Move, MoveKind};
use crate::notation;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use crate::variant::{self, standard_outcome, standard_validate, typed_meaning, Variant};
use crate::view::{EventView, Knowledge, LegalAction, Pending, Reveal, VariantKnowledge};
use crate::variants::chess;
use crate::zobrist;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Beirut;

/// Beirut's own decision beyond moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BeirutAction {
    /// The secret choice of the bomb carrier before the first move.
    ChooseCarrier(Square),
}

impl OwnAction for BeirutAction {
    const VARIANT: &'static str = Beirut::ID;

    fn code(self) -> u32 {
        let BeirutAction::ChooseCarrier(sq) = self;
        u32::from(sq.0)
    }

    fn from_code(code: u32) -> Option<BeirutAction> {
        let sq = Square(u8::try_from(code).ok()?);
        Beirut::SHAPE.contains(sq).then_some(BeirutAction::ChooseCarrier(sq))
    }

    fn text(self) -> String {
        let BeirutAction::ChooseCarrier(sq) = self;
        format!("carrier {}", Beirut::SHAPE.name(sq))
    }
}

/// One side's bomb.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bomb {
    /// Not chosen yet: the game is in its setup phase.
    #[default]
    Unchosen,
    /// Carried by the piece on this square.
    Carried(Square),
    /// Defused with its captured carrier (a secret), or absent from the start.
    Gone,
    /// Set off by its owner: public, everyone saw the blast.
    Detonated,
}

/// Both sides' bombs: the variant state of a Beirut position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bombs([Bomb; 2]);

impl Bombs {
    pub fn new(white: Bomb, black: Bomb) -> Bombs {
        Bombs([white, black])
    }

    #[inline]
    pub fn of(&self, color: Color) -> Bomb {
        self.0[color.index()]
    }

    #[inline]
    pub fn set(&mut self, color: Color, bomb: Bomb) {
        self.0[color.index()] = bomb;
    }

    /// The square of `color`'s carrier, if its bomb is armed.
    #[inline]
    pub fn carrier(&self, color: Color) -> Option<Square> {
        match self.of(color) {
            Bomb::Carried(sq) => Some(sq),
            _ => None,
        }
    }

    /// The side still to choose its carrier (White chooses first).
    pub fn to_choose(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.of(c) == Bomb::Unchosen)
    }
}

/// A bomb in FEN: the carrier's square, `-` for none, `x` for detonated, `?`
/// for not chosen yet.
fn bomb_text(bomb: Bomb) -> String {
    match bomb {
        Bomb::Unchosen => "?".into(),
        Bomb::Gone => "-".into(),
        Bomb::Detonated => "x".into(),
        Bomb::Carried(sq) => Beirut::SHAPE.name(sq).to_string(),
    }
}

fn read_bomb(text: &str) -> Result<Bomb, FenError> {
    match text {
        "?" => Ok(Bomb::Unchosen),
        "-" => Ok(Bomb::Gone),
        "x" => Ok(Bomb::Detonated),
        _ => Beirut::SHAPE.parse(text).map(Bomb::Carried).ok_or_else(|| {
            FenError::VariantField(format!("'{text}' is not a bomb (a carrier's square, '-' none, 'x' detonated, '?' not chosen)"))
        }),
    }
}

/// The detonation of `color`'s bomb, if it has one (legal or not).
pub fn detonation(bombs: &Bombs, color: Color) -> Option<Move> {
    bombs.carrier(color).map(|sq| Move::new(sq, sq, MoveKind::InPlace))
}

/// The squares a bomb on `sq` clears: its own and the eight around it.
pub fn blast(sq: Square) -> Bitboard {
    Beirut::geometry().king[sq.index()].with(sq)
}

impl Variant for Beirut {
    const ID: &'static str = "beirut";
    const NAME: &'static str = "Beirut Chess";
    const SHORT_NAME: &'static str = "Beirut";
    const FAMILY: Option<&'static str> = Some("Newport club");
    const TYPED_WORDS: &'static [(&'static str, &'static str)] = &[("bomb", "detonate")];
    const COMMANDS: &'static str = "carrier d2   choose your bomb carrier in secret, before the first move (any piece but the king)
bomb         detonate your bomb instead of moving (also written as its square twice: d5d5)";
    type Extra = Bombs;

    /// The start, with both carriers still to be chosen.
    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ?,?"
    }

    /// A detonation is the carrier's move in place: `detonate`, `Bomb@d5`.
    fn in_place_text(square: &str) -> (String, String) {
        ("detonate".into(), format!("Bomb@{square}"))
    }

    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        let us = pos.turn();
        // Without its king the side to move has lost (to a bomb): no moves.
        if pos.king(us).is_none() {
            return;
        }
        movegen::legal_standard(pos, out);
        if let Some(mv) = detonation(&pos.extra, us) {
            if detonation_allowed(pos, mv) {
                out.push(mv);
            }
        }
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        let us = pos.turn();
        if mv.kind == MoveKind::InPlace {
            return detonate(pos, mv);
        }
        let effect = position::play_standard(pos, mv);
        if let Some(carrier) = pos.extra.carrier(us) {
            let moved_to = if mv.kind == MoveKind::Castle {
                let (_, rook_to) = position::castle_targets::<Self>(mv.from, position::castle_side::<Self>(mv));
                (carrier == mv.to).then_some(rook_to)
            } else {
                (carrier == mv.from).then_some(mv.to)
            };
            if let Some(sq) = moved_to {
                pos.extra.set(us, Bomb::Carried(sq));
            }
        }
        // A captured carrier takes its bomb with it.
        if let Some((sq, _)) = effect.captured {
            if pos.extra.carrier(!us) == Some(sq) {
                pos.extra.set(!us, Bomb::Gone);
            }
        }
    }

    /// A side whose king a bomb took has lost; checkmate needs no legal move
    /// and no legal detonation (both are in `legal_moves`). A dead position is
    /// judged in public, without the secret carriers: while a side that has
    /// not detonated has a piece besides its king, that piece might carry the
    /// bomb, so the game goes on.
    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        let us = pos.turn();
        if pos.king(us).is_none() {
            return Some(Outcome::Win { winner: !us, reason: DETONATION.reason() });
        }
        if has_legal_move && Color::ALL.into_iter().any(|c| might_carry_a_bomb(pos, c)) {
            return None;
        }
        standard_outcome(pos, has_legal_move)
    }

    /// Judged in public, as dead positions are: while `color` has not
    /// detonated and has a piece besides its king, that piece might carry
    /// the bomb and blow up a king that walks beside it. Otherwise `color`
    /// wins only by checkmate, which a bomb of the opponent's never helps
    /// (a blast only takes pieces away, and mate needs no legal blast
    /// either), so chess's rule decides.
    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        might_carry_a_bomb(pos, color) || chess::can_checkmate(pos, color)
    }

    /// The move, and for a detonation the squares it cleared and the pieces
    /// it took (public: everyone sees the blast).
    fn move_events(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Vec<Event> {
        if mv.kind != MoveKind::InPlace {
            return variant::standard_move_events(before, mv, after);
        }
        let name = variant::square_text::<Self>;
        let around = (blast(mv.from) & before.occupied()).without(mv.from);
        let vanished = std::iter::once(mv.from).chain(around).filter_map(|sq| before.piece_at(sq)).collect();
        let detonated = BeirutEvent::Detonated {
            by: before.turn(),
            square: name(mv.from),
            cleared: around.map(name).collect(),
            vanished,
        };
        let detonated = Event::own(detonated);
        let mut events = vec![variant::moved_event(before, mv), detonated];
        events.extend(variant::check_event(after));
        events
    }

    /// The board and what is public of the bombs (which sides detonated): the
    /// carriers are secret, so a repetition may not depend on them.
    fn public_hash(pos: &Position<Self>) -> u64 {
        let detonated = Color::ALL
            .into_iter()
            .filter(|&c| pos.extra.of(c) == Bomb::Detonated)
            .fold(0, |h, c| h ^ zobrist::extra(c.index() * 128 + 126));
        pos.hash() ^ Self::extra_hash(&pos.extra) ^ detonated
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        for color in Color::ALL {
            if let Bomb::Carried(sq) = pos.extra.of(color) {
                let fits = pos.piece_at(sq).is_some_and(|p| p.color == color && p.role != Role::King);
                if !fits {
                    let name = Self::SHAPE.name(sq);
                    return Err(FenError::Illegal(format!("{color}'s bomb carrier {name} is not a {color} piece other than the king")));
                }
            }
        }
        let us = pos.turn();
        let kingless_loser = pos.pieces(us, Role::King).is_empty() && pos.pieces(!us, Role::King).count() == 1;
        if !kingless_loser {
            return standard_validate(pos);
        }
        // The game is over: the side to move lost its king to a bomb.
        let g = Self::geometry();
        if (pos.by_role(Role::Pawn) & (g.rank(0) | g.rank(Self::SHAPE.ranks - 1))).any() {
            return Err(FenError::Illegal("a pawn stands on the first or last rank".into()));
        }
        Ok(())
    }

    fn extra_hash(extra: &Bombs) -> u64 {
        Color::ALL
            .into_iter()
            .map(|c| {
                let base = c.index() * 128;
                match extra.of(c) {
                    Bomb::Carried(sq) => zobrist::extra(base + sq.index()),
                    Bomb::Unchosen => zobrist::extra(base + 127),
                    Bomb::Detonated => zobrist::extra(base + 126),
                    Bomb::Gone => 0,
                }
            })
            .fold(0, |a, b| a ^ b)
    }

    /// One field, `white,black`: a square, `-` (no bomb) or `?` (not chosen);
    /// absent means both are still to be chosen.
    fn read_extra(fields: &[&str]) -> Result<Bombs, FenError> {
        match fields {
            [] => Ok(Bombs::default()),
            [field] => {
                let (white, black) = field
                    .split_once(',')
                    .ok_or_else(|| FenError::VariantField(format!("bombs must be written 'white,black', not '{field}'")))?;
                Ok(Bombs::new(read_bomb(white)?, read_bomb(black)?))
            }
            [_, extra, ..] => Err(FenError::VariantField(format!("unexpected field '{extra}' after the bombs"))),
        }
    }

    fn write_extra(extra: &Bombs, out: &mut String) {
        out.push_str(&format!(" {},{}", bomb_text(extra.of(Color::White)), bomb_text(extra.of(Color::Black))));
    }
}

/// Whether `pos`'s side to move may set off its bomb (`mv`): never when the
/// blast kills its own king; when it kills the enemy king it wins at once,
/// even with its own king left in check; otherwise its king must not be
/// left attacked.
fn detonation_allowed(pos: &Position<Beirut>, mv: Move) -> bool {
    let us = pos.turn();
    let after = pos.after(mv);
    after.king(us).is_some() && (after.king(!us).is_none() || !after.king_attacked(us))
}

/// Whether, as far as anyone but `color` knows, `color` might still hold a
/// live bomb: it has not detonated and has a piece besides its king (any of
/// them might be the carrier; a captured carrier is not announced).
pub fn might_carry_a_bomb(pos: &Position<Beirut>, color: Color) -> bool {
    pos.extra.of(color) != Bomb::Detonated && (pos.by_color(color) & !pos.by_role(Role::King)).any()
}

/// The carrier and everything around it vanish; bombs caught in the blast are
/// defused with their carriers, not set off.
fn detonate(pos: &mut Position<Beirut>, mv: Move) {
    let us = pos.turn();
    position::play_standard(pos, mv);
    for sq in blast(mv.from) & pos.occupied() {
        let Some(piece) = pos.take(sq) else { continue };
        pos.clear_castling_on(sq);
        if piece.role == Role::King {
            pos.clear_castling(piece.color, None);
        }
        if pos.extra.carrier(piece.color) == Some(sq) {
            pos.extra.set(piece.color, Bomb::Gone);
        }
    }
    pos.extra.set(us, Bomb::Detonated);
    pos.set_halfmoves(0);
}

/// A Beirut game: the secret choice of the carriers (White, then Black), then
/// play. Each player's observation shows only their own carrier until the end.
#[derive(Clone, Debug)]
pub struct BeirutGame {
    game: PositionGame<Beirut>,
    /// What became of each side's bomb once it left its carrier, for the
    /// reveal at the end.
    settled: [Option<BombFate>; 2],
}

/// A new game from the start (carriers still to choose) or a FEN.
pub fn new_game(fen: Option<&str>) -> Result<Box<dyn Game>, FenError> {
    Ok(Box::new(BeirutGame::new(Position::from_fen_or_start(fen)?)))
}

impl BeirutGame {
    pub fn new(pos: Position<Beirut>) -> BeirutGame {
        BeirutGame { game: PositionGame::new(pos), settled: [None, None] }
    }

    pub fn position(&self) -> &Position<Beirut> {
        self.game.position()
    }

    /// The side that still has to choose its carrier, during the setup.
    fn choosing(&self) -> Option<Color> {
        self.position().extra.to_choose()
    }

    /// Why `color` may not arm the piece on `sq`, if it may not.
    fn carrier_refusal(&self, color: Color, sq: Square) -> Option<String> {
        if sq.index() >= usize::from(Beirut::SHAPE.files) * usize::from(Beirut::SHAPE.ranks) {
            return Some(format!("square number {} is not on the board; choose one of your pieces", sq.0));
        }
        let name = Beirut::SHAPE.name(sq);
        match self.position().piece_at(sq) {
            None => Some(format!("{name} is empty; choose one of your pieces")),
            Some(p) if p.color != color => Some(format!("{name} holds a {} piece; choose one of yours", p.color)),
            Some(p) if p.role == Role::King => Some("the king cannot carry the bomb".into()),
            Some(_) => None,
        }
    }

    fn choose_carrier(&mut self, color: Color, sq: Square) -> Result<(), MoveError> {
        if let Some(reason) = self.carrier_refusal(color, sq) {
            return Err(MoveError::NotYourTurn(reason));
        }
        let mut pos = self.position().clone();
        pos.extra.set(color, Bomb::Carried(sq));
        let carrier = pos.piece_at(sq).map(|piece| (piece, Beirut::SHAPE.name(sq).to_string()));
        self.game.set_position(pos);
        self.game.set_events(vec![Event::own(BeirutEvent::CarrierChosen { by: color, carrier })]);
        Ok(())
    }

    /// Plays a legal move, noting a bomb that left its carrier (detonated, or
    /// defused with it) for the reveal at the end.
    fn play(&mut self, mv: Move) {
        let before = self.position().clone();
        self.game.play_unchecked(mv);
        let after = self.position().extra;
        for color in Color::ALL {
            let Some(sq) = before.extra.carrier(color) else { continue };
            let Some(piece) = before.piece_at(sq) else { continue };
            let square = Beirut::SHAPE.name(sq).to_string();
            match after.of(color) {
                Bomb::Detonated => self.settled[color.index()] = Some(BombFate::Detonated { piece, square }),
                Bomb::Gone => self.settled[color.index()] = Some(BombFate::Captured { piece, square }),
                _ => {}
            }
        }
    }

    /// What became of `color`'s bomb, as told to everyone at the end.
    pub fn bomb_fate(&self, color: Color) -> BombFate {
        if let Some(fate) = &self.settled[color.index()] {
            return fate.clone();
        }
        let pos = self.position();
        match pos.extra.of(color) {
            Bomb::Unchosen => BombFate::NotChosen,
            Bomb::Carried(sq) => match pos.piece_at(sq) {
                Some(piece) => BombFate::Armed { piece, square: Beirut::SHAPE.name(sq).to_string() },
                None => BombFate::Gone,
            },
            Bomb::Gone | Bomb::Detonated => BombFate::Gone,
        }
    }

    /// After an action: once the game is over, both bombs are revealed.
    fn reveal_if_over(&mut self) {
        if self.outcome().is_none() {
            return;
        }
        let mut events = self.game.events().to_vec();
        events.extend(self.bombs_revealed());
        self.game.set_events(events);
    }

    /// What became of both bombs, told to everyone at the end.
    fn bombs_revealed(&self) -> [Event; 2] {
        Color::ALL.map(|owner| Event::own(BeirutEvent::BombRevealed { owner, fate: self.bomb_fate(owner) }))
    }

    /// The last events as `viewer` may know them, and whether it may know
    /// the action itself: a carrier choice is the chooser's secret, and its
    /// event names the square to the chooser only.
    fn last_seen_by(&self, viewer: Viewer) -> (Vec<Event>, bool) {
        let mut known = true;
        let mut hide = |event: &Event| match event.as_own() {
            Some(&BeirutEvent::CarrierChosen { by, .. }) if !viewer.sees_secrets_of(by) => {
                known = false;
                Event::own(BeirutEvent::CarrierChosen { by, carrier: None })
            }
            _ => event.clone(),
        };
        let events = self.game.events().iter().map(&mut hide).collect();
        (events, known)
    }

    /// The notes for `viewer`: a player's own bomb, everyone's once it is over.
    fn notes(&self, viewer: Viewer) -> Vec<String> {
        match viewer {
            _ if self.outcome().is_some() => Color::ALL
                .map(|owner| BeirutEvent::BombRevealed { owner, fate: self.bomb_fate(owner) }.to_string())
                .to_vec(),
            Viewer::White | Viewer::Black => viewer.color().map(|c| self.own_bomb_note(c)).into_iter().collect(),
            Viewer::Spectator | Viewer::Referee => Vec::new(),
        }
    }

    /// The bombs as `viewer` may see them: the other side's is `*` (hidden)
    /// until the game is over, unless it was detonated (everyone saw that).
    fn bombs_seen_by(&self, viewer: Viewer) -> String {
        let bombs = self.position().extra;
        let shown = |c: Color| {
            let public = self.outcome().is_some() || bombs.of(c) == Bomb::Detonated;
            if public || viewer.sees_secrets_of(c) {
                bomb_text(bombs.of(c))
            } else {
                "*".into()
            }
        };
        format!("{},{}", shown(Color::White), shown(Color::Black))
    }

    fn own_bomb_note(&self, color: Color) -> String {
        let pos = self.position();
        match pos.extra.of(color) {
            Bomb::Unchosen => "Choose your bomb carrier in secret: 'carrier <square>' (any of your pieces but the king).".into(),
            Bomb::Gone => "Your bomb is gone.".into(),
            Bomb::Detonated => "You have detonated your bomb.".into(),
            Bomb::Carried(sq) => {
                let role = pos.piece_at(sq).map_or("piece", |p| p.role.name());
                format!("Your bomb: the {role} on {} (type 'bomb' to detonate).", Beirut::SHAPE.name(sq))
            }
        }
    }
}

impl Game for BeirutGame {
    fn variant_id(&self) -> &'static str {
        Beirut::ID
    }

    fn actor(&self) -> Actor {
        match (self.outcome(), self.choosing()) {
            (Some(_), _) => Actor::Nobody,
            (None, Some(color)) => Actor::Player(color),
            (None, None) => self.game.actor(),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        match self.choosing() {
            Some(color) => (self.position().by_color(color) & !self.position().by_role(Role::King))
                .map(|sq| BeirutAction::ChooseCarrier(sq).action())
                .collect(),
            None => self.game.legal_actions(),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let typed = BeirutAction::typed(action)?;
        let Some(color) = self.choosing() else {
            match typed {
                TypedAction::Own(_) => {
                    return Err(MoveError::NotYourTurn("the bomb carriers were chosen before the first move".into()))
                }
                TypedAction::Move(mv) if self.position().is_legal(mv) => self.play(mv),
                TypedAction::Move(_) | TypedAction::Resign => self.game.apply(action)?,
            }
            self.reveal_if_over();
            return Ok(());
        };
        match typed {
            TypedAction::Own(BeirutAction::ChooseCarrier(sq)) => self.choose_carrier(color, sq)?,
            TypedAction::Resign => self.game.resign(color),
            TypedAction::Move(_) => {
                return Err(MoveError::NotYourTurn(format!("{color} must choose a bomb carrier before the first move")))
            }
        }
        self.reveal_if_over();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The board is public; each bomb is its owner's secret until it goes
    /// off or the game ends: the FEN writes the other side's as `*`, a
    /// player knows its own carrier (the referee both), and a carrier choice
    /// is known to the chooser only. At the end both bombs are revealed.
    fn observe(&self, viewer: Viewer) -> Observation {
        let full = self.position().fen();
        let board_and_counters = full.rsplit_once(' ').map_or(full.as_str(), |(head, _)| head);
        let own_carrier = viewer
            .color()
            .and_then(|c| self.position().extra.carrier(c))
            .map(|sq| Beirut::SHAPE.name(sq).to_string());
        let own = own_carrier.map(|own_carrier| VariantKnowledge::new(BeirutKnowledge { own_carrier }));
        let (last_events, last_action_known) = self.last_seen_by(viewer);
        let pending = match (self.outcome(), self.choosing()) {
            (Some(_), _) => None,
            (None, Some(_)) => Some(Pending::own(BeirutPending::ChooseCarrier)),
            (None, None) => Some(Pending::Move),
        };
        let reveal = self.outcome().map(|_| Reveal {
            fen: self.fen(),
            events: self.bombs_revealed().into_iter().map(EventView::new).collect(),
        });
        Observation {
            fen: format!("{board_and_counters} {}", self.bombs_seen_by(viewer)),
            knowledge: Knowledge { own, notes: self.notes(viewer), ..Knowledge::default() },
            last_events,
            last_action_known,
            pending,
            reveal,
            ..self.game.observe(viewer)
        }
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn action_text(&self, action: Action) -> String {
        BeirutAction::text_of::<Beirut>(action)
    }

    /// Reads `carrier d2` (or a bare square during the setup), `bomb` (the
    /// detonation, also written `d5d5`), `resign`, or a move in UCI or SAN.
    fn parse_action(&self, text: &str) -> Result<Action, MoveError> {
        let text = text.trim();
        let carrier = |t: &str| -> Result<Action, MoveError> {
            let sq = Beirut::SHAPE.parse(t.trim()).ok_or_else(|| MoveError::Malformed(text.to_string()))?;
            Ok(BeirutAction::ChooseCarrier(sq).action())
        };
        if text == "resign" {
            return Ok(Action::Resign);
        }
        if let Some(rest) = text.strip_prefix("carrier") {
            return carrier(rest);
        }
        if self.choosing().is_some() {
            return carrier(text);
        }
        if typed_meaning::<Beirut>(text) == "detonate" {
            let pos = self.position();
            let Some(mv) = detonation(&pos.extra, pos.turn()) else {
                return Err(MoveError::NotYourTurn("you have no bomb".into()));
            };
            if !pos.is_legal(mv) {
                return Err(MoveError::NotYourTurn(
                    "the blast would kill your own king, or leave it in check without taking the enemy king".into(),
                ));
            }
            return Ok(Action::Move(mv));
        }
        notation::parse_move(self.position(), text).map(Action::Move)
    }

    fn hidden_information(&self) -> bool {
        true
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        self.game.declare(outcome)?;
        self.reveal_if_over();
        Ok(())
    }

    /// A move's SAN in a legal list says `+`, not `#`, while the opponent
    /// might hold a bomb: whether a detonation answers the check would tell
    /// the mover where the opponent's carrier is.
    fn describe(&self, action: Action) -> LegalAction {
        let mut described = BeirutAction::describe(self.position(), action, None);
        if let (Action::Move(mv), Some(san)) = (action, described.san.as_mut()) {
            let pos = self.position();
            if san.ends_with('#') && might_carry_a_bomb(&pos.after(mv), !pos.turn()) {
                san.pop();
                san.push('+');
            }
        }
        described
    }

    fn can_still_win(&self, color: Color) -> bool {
        self.game.can_still_win(color)
    }
}

/// A bomb took the loser's king.
pub static DETONATION: OwnWin = OwnWin {
    owner: Beirut::ID,
    id: "detonation",
    words: |winner| format!("{winner} wins: the bomb took the {} king", (!winner).name().to_lowercase()),
};
