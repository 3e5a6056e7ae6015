//! Through the Looking-Glass (Paolo, 2016): two worlds, Real and Mirror,
//! joined square by square by portals. White sees only Real, Black only
//! Mirror; each sets up its army in secret by the Chess960 rules. A piece
//! moves in its world and passes through to the other when the same square
//! there is empty; pieces in the world one cannot see are moved by orders,
//! carried out as far as that world allows, and an impossible order is a
//! Strike (three lose). No check: a captured king loses. See
//! docs/rules/looking-glass.md.
//!
//! - [`worlds`]: the worlds, their squares and the portals;
//! - [`setup`]: the Chess960 starts;
//! - [`state`]: Strikes, the rule for impossible orders, the phase (FEN fields);
//! - [`moves`]: the moves of one world and the orders a player may give;
//! - [`orders`]: carrying out an order (shortened, or impossible);
//! - [`transfer`]: making a move, passing through, disclosures on arrival;
//! - [`end`]: king captured, three Strikes, no move in either world;
//! - [`decision`]: the setup choice and the question as variant actions;
//! - [`game`]: the referee: phases, what each player is told, views;
//! - [`events`]: what the players are told, in this variant's own words.

mod marker;
pub mod events;
pub mod decision;
pub mod end;
pub mod game;
pub mod moves;
pub mod orders;
pub mod setup;
pub mod state;
pub mod transfer;
pub mod worlds;
pub mod shown;

pub use marker::LookingGlass;
pub use events::GlassEvent;
pub use shown::GlassPending;
pub use game::{new_game, LookingGlassGame};
pub use state::{LgState, OrderRule, Phase};
pub use worlds::World;

use crate::color::Color;
use crate::descriptor::GameOption;
use crate::error::FenError;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::square::Shape;
use crate::variant::{validate_pawn_ranks, Variant};

/// `fen` (the start when `None`) with `rule` for impossible orders: how a
/// game gets the forfeit rule as a per-game option (the server's
/// `"options": {"forfeit": true}`).
pub fn fen_with_rule(fen: Option<&str>, rule: OrderRule) -> Result<String, FenError> {
    let mut pos = Position::<LookingGlass>::from_fen_or_start(fen)?;
    pos.extra.rule = rule;
    Ok(pos.fen())
}

impl Variant for LookingGlass {
    const ID: &'static str = "looking-glass";
    const NAME: &'static str = "Through the Looking-Glass";
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "forfeit",
        label: "Forfeit rule",
        hint: "the seed's alternative: an impossible order gives no Strike but forfeits the turn, and the opponent chooses the move",
        apply: |fen| fen_with_rule(fen, OrderRule::Forfeit),
    }];
    const COMMANDS: &'static str = "start RNBQKBNR  set up your army in secret: the back rank a..h by the Chess960 rules ('start fide': the usual one)
Re2Re4          a move in your own world (White: Real R, Black: Mirror M)
Mb1Mc3          an order in the world you cannot see: carried out as far as it can be, or a Strike
ask             do I have any legal move in the other world? (yes or no)";
    const SHAPE: Shape = worlds::SHAPE;
    /// Kings are captured; castling ignores attacks.
    const CHECK_RULES: bool = false;
    /// Every army starts by the Chess960 rules, and which castling is
    /// classical would depend on the other side's hidden start.
    const ALWAYS_960_CASTLING: bool = true;

    type Extra = LgState;

    /// Empty worlds: both armies are still to be set up, White first.
    fn start_fen() -> &'static str {
        "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w -|- - 0 1 0,0 strikes setup-white"
    }

    /// The side to move's moves in its own world (orders are not moves of
    /// the position: their outcome is decided by [`orders::carry_out`]).
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        if pos.extra.phase == Phase::Play {
            out.extend(moves::own_moves(pos));
        }
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        transfer::play(pos, mv);
    }

    fn outcome(pos: &Position<Self>, _has_legal_move: bool) -> Option<Outcome> {
        end::judge(pos)
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        validate_pawn_ranks(pos)?;
        for color in Color::ALL {
            let pieces = pos.by_color(color).count();
            if pos.extra.unplaced(color) {
                if pieces > 0 {
                    return Err(FenError::Illegal(format!(
                        "{color} has pieces on the boards but is still to set up its army; write the phase 'play' or remove them"
                    )));
                }
                continue;
            }
            let kings = pos.kings(color).count();
            if kings > 1 {
                return Err(FenError::Illegal(format!("{color} has {kings} kings; an army has one")));
            }
        }
        let placed = |c: Color| !pos.extra.unplaced(c);
        if Color::ALL.iter().all(|&c| placed(c) && pos.kings(c).is_empty()) {
            return Err(FenError::Illegal("neither side has a king; put one on for the side still playing".into()));
        }
        Ok(())
    }

    fn extra_hash(extra: &LgState) -> u64 {
        extra.hash()
    }

    fn read_extra(fields: &[&str]) -> Result<LgState, FenError> {
        LgState::read(fields)
    }

    fn write_extra(extra: &LgState, out: &mut String) {
        extra.write(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start under the forfeit rule is the docs' start text with `forfeit`.
    #[test]
    fn fen_with_rule_sets_only_the_rule() {
        assert_eq!(
            fen_with_rule(None, OrderRule::Forfeit).unwrap(),
            "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w -|- - 0 1 0,0 forfeit setup-white"
        );
        let strikes = "8/8/8/8/8/8/1PPPPPPP/NRKBBQRN|rnbqkbnr/pppppppp/8/8/P7/8/8/8 b KQ|kq - 0 1 0,1 strikes play";
        assert_eq!(fen_with_rule(Some(strikes), OrderRule::Forfeit).unwrap(), strikes.replace("strikes", "forfeit"));
        assert!(fen_with_rule(Some("not a fen"), OrderRule::Forfeit).is_err());
    }
}
