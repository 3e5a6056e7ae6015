//! What a Looking-Glass player knows of the world it cannot see, read from
//! its knowledge log alone: where each of its own pieces there stands
//! (every order's result, passing and capture is told to it), and dated
//! facts about the opponent's pieces there (disclosures, pieces that passed
//! in or out, squares an order crossed, squares a passing found taken).
//!
//! The unseen world changes only by the opponent's moves in it (each told
//! as `moved_unseen`), by the owner's own orders and by passings (both
//! told). So a fact learnt since the opponent's last move there is still
//! true: [`Notes::is_current`].

use chesslantis_core::event::Event;
use chesslantis_core::variants::looking_glass::events::{Front, GlassEvent};
use chesslantis_core::variant::standard_attacks;
use chesslantis_core::variants::looking_glass::worlds::{portal, World, SHAPE};
use chesslantis_core::variants::LookingGlass;
use chesslantis_core::view::EventView;
use chesslantis_core::{Bitboard, Color, Piece, Role, Square, Variant};
use std::collections::BTreeMap;

/// What was learnt about one unseen square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    Empty,
    /// An enemy piece, of this role when it was named.
    Enemy(Option<Role>),
}

/// A fact and when it was learnt: after the opponent's `at`-th move in its world.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dated {
    pub fact: Fact,
    pub at: u32,
}

/// One player's notes of the unseen world.
#[derive(Clone, Debug)]
pub struct Notes {
    pub me: Color,
    /// The player's own pieces in the unseen world (exact).
    pub mine: BTreeMap<Square, Piece>,
    /// What is known of the other unseen squares.
    pub facts: BTreeMap<Square, Dated>,
    /// The opponent's moves in its own (the unseen) world so far.
    pub unseen_moves: u32,
    /// The opponent's pieces captured so far, in either world.
    pub enemy_captured: BTreeMap<Role, u8>,
}

/// A square named in an event (`Me4`).
fn square(text: &str) -> Option<Square> {
    SHAPE.parse(text)
}

impl Notes {
    /// The notes of `me` after the events of its log, in order.
    pub fn read(me: Color, log: &[EventView]) -> Notes {
        let mut notes = Notes {
            me,
            mine: BTreeMap::new(),
            facts: BTreeMap::new(),
            unseen_moves: 0,
            enemy_captured: BTreeMap::new(),
        };
        for entry in log {
            notes.apply(&entry.event);
        }
        notes
    }

    /// The world the player cannot see (the opponent's home).
    pub fn unseen(&self) -> World {
        World::home(self.me).other()
    }

    fn in_unseen(&self, sq: Square) -> bool {
        World::of(sq) == self.unseen()
    }

    fn learn(&mut self, sq: Square, fact: Fact) {
        if self.in_unseen(sq) && !self.mine.contains_key(&sq) {
            self.facts.insert(sq, Dated { fact, at: self.unseen_moves });
        }
    }

    /// Whether what is noted of `sq` was learnt since the opponent last moved in its world.
    pub fn is_current(&self, sq: Square) -> bool {
        self.facts.get(&sq).is_some_and(|d| d.at == self.unseen_moves)
    }

    fn current(&self, sq: Square) -> Option<Fact> {
        self.is_current(sq).then(|| self.facts[&sq].fact)
    }

    fn apply(&mut self, event: &Event) {
        let me = self.me;
        match (event, event.as_own::<GlassEvent>()) {
            (_, Some(GlassEvent::MovedUnseen { by, .. })) if *by != me => self.unseen_moves += 1,
            (_, Some(GlassEvent::OrderCarried { by, piece, from, stopped, .. })) if *by == me => {
                let (Some(from), Some(stopped)) = (square(from), square(stopped)) else { return };
                let g = LookingGlass::geometry();
                let crossed = if piece.role == Role::Knight { Bitboard::EMPTY } else { g.between(from, stopped) };
                self.mine.remove(&from);
                self.learn(from, Fact::Empty);
                for sq in crossed {
                    self.learn(sq, Fact::Empty);
                }
                // A pawn reaching its last rank became a queen (the engine
                // names no other); a passing or staying names the piece anyway.
                let arrived = if piece.role == Role::Pawn && LookingGlass::promotion_zone(me).contains(stopped) {
                    Piece::new(me, Role::Queen)
                } else {
                    *piece
                };
                self.facts.remove(&stopped);
                self.mine.insert(stopped, arrived);
            }
            (Event::Captured { piece, square: at }, _) => {
                if piece.color != me {
                    *self.enemy_captured.entry(piece.role).or_default() += 1;
                }
                let Some(at) = square(at).filter(|&s| self.in_unseen(s)) else { return };
                if piece.color == me {
                    // The capturer stands there now (a passing says otherwise).
                    self.mine.remove(&at);
                    self.learn(at, Fact::Enemy(None));
                } else if !self.mine.contains_key(&at) {
                    self.facts.remove(&at);
                }
            }
            (_, Some(GlassEvent::PassedThrough { piece, from, to })) => {
                let (Some(from), Some(to)) = (square(from), square(to)) else { return };
                if self.in_unseen(from) {
                    if piece.color == me {
                        self.mine.remove(&from);
                    }
                    self.learn(from, Fact::Empty);
                } else if piece.color == me {
                    self.facts.remove(&to);
                    self.mine.insert(to, *piece);
                } else {
                    self.learn(to, Fact::Enemy(Some(piece.role)));
                }
            }
            (_, Some(GlassEvent::Stayed { piece, square: at })) if piece.color == me => {
                let Some(at) = square(at) else { return };
                if self.in_unseen(at) {
                    self.mine.insert(at, *piece);
                } else if !self.mine.contains_key(&portal(at)) {
                    // The square beyond was taken, and not by one of ours.
                    let known = self.current(portal(at)).filter(|f| matches!(f, Fact::Enemy(Some(_))));
                    self.learn(portal(at), known.unwrap_or(Fact::Enemy(None)));
                }
            }
            (_, Some(GlassEvent::Disclosed { piece, attacks, front, .. })) if piece.color == me => {
                for seen in attacks {
                    if let Some(sq) = square(&seen.square) {
                        self.learn(sq, Fact::Enemy(Some(seen.piece.role)));
                    }
                }
                if let Some(Front { square: at, piece: in_front }) = front {
                    let Some(at) = square(at) else { return };
                    match in_front {
                        None => self.learn(at, Fact::Empty),
                        Some(p) if p.color != me => self.learn(at, Fact::Enemy(Some(p.role))),
                        Some(_) => {}
                    }
                }
            }
            // The forfeit rule: the opponent chose our move in its world (`Ma7Ma6`).
            (Event::Moved { by, san }, _) if *by == me => {
                let Some((from, rest)) = SHAPE.parse_prefix(san) else { return };
                let Some((to, _)) = SHAPE.parse_prefix(rest) else { return };
                if self.in_unseen(from) {
                    if let Some(piece) = self.mine.remove(&from) {
                        self.learn(from, Fact::Empty);
                        self.facts.remove(&to);
                        self.mine.insert(to, piece);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the order `from`-`to` cannot be a Strike by what is known: a
    /// piece of ours stands on `from`, it moves that way, and nothing known
    /// blocks it. Knights and kings are struck only by a friend on the
    /// target; a slider only by a friend right beside it that way (else it
    /// is shortened); a pawn by anything in its way, so a pawn order is safe
    /// only on a square known empty (a step) or known to hold an enemy (a
    /// capture) since the opponent's last move there.
    pub fn order_is_safe(&self, from: Square, to: Square) -> bool {
        let Some(&piece) = self.mine.get(&from) else { return false };
        if from == to || self.mine.contains_key(&to) || !self.in_unseen(to) {
            return false;
        }
        let g = LookingGlass::geometry();
        match piece.role {
            Role::Knight => g.knight[from.index()].contains(to),
            Role::King => g.king[from.index()].contains(to),
            Role::Pawn => {
                let Some(one) = LookingGlass::SHAPE.forward(self.me, from) else { return false };
                let two = LookingGlass::SHAPE.forward(self.me, one).filter(|_| g.relative_rank(self.me, 1).contains(from));
                if to == one || Some(to) == two {
                    self.current(one) == Some(Fact::Empty)
                } else {
                    g.pawn_attacks(self.me, from).contains(to) && matches!(self.current(to), Some(Fact::Enemy(_)))
                }
            }
            _ => {
                if !standard_attacks(g, from, piece, Bitboard::EMPTY).contains(to) {
                    return false;
                }
                let first = g.between(from, to).with(to).into_iter().min_by_key(|&s| g.between(from, s).count());
                first.is_some_and(|sq| !self.mine.contains_key(&sq))
            }
        }
    }
}
