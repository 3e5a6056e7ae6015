//! Choosing among the actions a player's view offers: its moves in its own
//! world and those orders that cannot be a Strike by what it knows, each
//! played in every sampled position, valued after the opponent's best
//! capture in reply, and averaged over the samples.

use super::notes::Notes;
use super::sample::Pos;
use super::value::{best_capture, value, WIN};
use chesslantis_core::variants::looking_glass::moves::moves_in;
use chesslantis_core::variants::looking_glass::orders::{carry_out, Order};
use chesslantis_core::variants::looking_glass::transfer;
use chesslantis_core::variants::looking_glass::worlds::{World, SHAPE};
use chesslantis_core::variants::LookingGlass;
use chesslantis_core::view::LegalAction;
use chesslantis_core::{Color, Move, Role, Square, Variant};

/// What an order a sample finds impossible would cost (it cannot happen
/// for the orders offered here unless the sample is wrong).
const STRIKE: i32 = 400;

/// One action the player may take, read from its view's legal list.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub text: String,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    /// In the world the player cannot see.
    order: bool,
}

fn promotion_role(name: &str) -> Option<Role> {
    LookingGlass::PROMOTION_ROLES.iter().copied().find(|&r| LookingGlass::letters().name(r) == name)
}

impl Candidate {
    fn read(action: &LegalAction) -> Option<Candidate> {
        let from = SHAPE.parse(action.from.as_deref()?)?;
        let to = SHAPE.parse(action.to.as_deref()?)?;
        let promotion = match action.promotion.as_deref() {
            None => None,
            Some(name) => Some(promotion_role(name)?),
        };
        Some(Candidate { text: action.text.clone(), from, to, promotion, order: false })
    }

    fn matches(&self, mv: &Move) -> bool {
        mv.from == self.from && mv.to == self.to && mv.promotion == self.promotion
    }

    /// `pos` after this action of its side to move; `None` when the sample
    /// finds the order impossible.
    pub fn play(&self, pos: &Pos) -> Option<Pos> {
        let mv = if self.order {
            carry_out(pos, Order { from: self.from, to: self.to, promotion: self.promotion })?
        } else {
            moves_in(pos, World::of(self.from)).into_iter().find(|m| self.matches(m))?
        };
        let mut after = pos.clone();
        transfer::play(&mut after, mv);
        Some(after)
    }
}

/// The moves and orders of `legal` the player may give: every move in its
/// own world, and the orders its notes say cannot be struck; with none of
/// those (only pawn orders into the unknown are left), every order offered.
pub fn candidates(legal: &[LegalAction], notes: &Notes) -> Vec<Candidate> {
    let own = World::home(notes.me);
    let all: Vec<Candidate> = legal
        .iter()
        .filter_map(Candidate::read)
        .map(|mut c| {
            c.order = World::of(c.from) != own;
            c
        })
        .collect();
    let safe: Vec<Candidate> = all.iter().filter(|c| !c.order || notes.order_is_safe(c.from, c.to)).cloned().collect();
    if safe.is_empty() {
        all
    } else {
        safe
    }
}

/// What `candidate` is worth to `me` in one sample: the position after it,
/// less the best capture the opponent then has.
pub fn worth_in(sample: &Pos, candidate: &Candidate, me: Color) -> i32 {
    let Some(after) = candidate.play(sample) else { return value(sample, me) - STRIKE };
    let now = value(&after, me);
    if now.abs() >= WIN {
        return now;
    }
    (now - best_capture(&after)).max(-WIN)
}

/// Under the forfeit rule, what the opponent's move `candidate`, chosen by
/// `me`, is worth to `me`: the position after it, and the best capture
/// `me` then has (a king left en prise is a win).
pub fn worth_of_choice(sample: &Pos, candidate: &Candidate, me: Color) -> i32 {
    match candidate.play(sample) {
        Some(after) => value(&after, me).saturating_add(best_capture(&after)),
        None => value(sample, me),
    }
}
