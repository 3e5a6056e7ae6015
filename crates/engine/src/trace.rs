//! The evaluation as a dot product, for the tuner: a position's trace gives
//! each weight of `Weights::params` its coefficient (White's count minus
//! Black's), so `standard_evaluation` is the coefficients times the weights,
//! blended by the phase, plus the terms no weight is linear in (the king
//! attack) and the tempo. A test checks that the two agree exactly on many
//! positions and weights: they cannot drift apart unseen.
//!
//! The terms beyond material and squares are counted by `eval::terms`
//! itself, the evaluation's own walk over the position, into coefficients
//! instead of weights. Only the roles of chess are traced, with the
//! variant's tables read through `with_weights` (its own values and squares
//! are not): it is for chess, the game the tuner fits.

use crate::eval::{terms, EvalTables, Phased, Term, Terms};
use crate::pst::scale;
use crate::score::Score;
use crate::variant::EngineVariant;
use crate::weights::{square_index, Param, Weights, CHESS_ROLES, PARAM_COUNT};
use chesslantis_core::{Color, Position};

/// One position's evaluation, linear in the weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// (index into `Weights::params`, White's coefficient minus Black's),
    /// only the non-zero ones.
    pub terms: Vec<(u16, i16)>,
    /// The phase as the evaluation blends by it: `full_phase` is all middlegame.
    pub phase: i32,
    pub full_phase: i32,
    pub white_to_move: bool,
}

impl Trace {
    /// The trace of `pos`; `t` gives the board's geometry and phase weights.
    pub fn of<V: EngineVariant>(pos: &Position<V>, t: &EvalTables) -> Trace {
        let mut coef = [0i32; PARAM_COUNT];
        let mut phase = 0;
        for sq in pos.occupied() {
            let Some(piece) = pos.piece_at(sq) else { continue };
            phase += t.phase_weight[piece.role.index()];
        }
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            material_trace(pos, color, sign, &mut coef);
        }
        terms(pos, t, &mut Coefficients { coef: &mut coef });
        let terms = coef
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, i16::try_from(c).expect("a coefficient fits i16")))
            .collect();
        Trace { terms, phase: phase.min(t.full_phase), full_phase: t.full_phase, white_to_move: pos.turn() == Color::White }
    }

    /// The evaluation with weights `w` (side to move's view): exactly
    /// `standard_evaluation` with `EvalTables::with_weights(w)`.
    pub fn evaluate(&self, w: &Weights) -> Score {
        let params = w.params();
        let mut white = Phased::default();
        for &(i, c) in &self.terms {
            let p = params[i as usize];
            white += Phased::new(p.mg * i32::from(c), p.eg * i32::from(c));
        }
        let blended = (white.mg * self.phase + white.eg * (self.full_phase - self.phase)) / self.full_phase;
        (if self.white_to_move { blended } else { -blended }) + w.tempo
    }

    /// The middlegame share of the blend, 0 to 1.
    pub fn mg_share(&self) -> f64 {
        f64::from(self.phase) / f64::from(self.full_phase)
    }
}

/// Adds `sign` times `us`'s material and squares to `coef` (the rest of
/// its terms come from `eval::terms`).
fn material_trace<V: EngineVariant>(pos: &Position<V>, us: Color, sign: i32, coef: &mut [i32; PARAM_COUNT]) {
    let shape = V::SHAPE;
    for sq in pos.by_color(us) {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let role = piece.role.index();
        if role >= CHESS_ROLES {
            continue;
        }
        let rank = shape.rank(sq);
        let relative = if us == Color::White { rank } else { shape.ranks - 1 - rank };
        coef[Param::material(role)] += sign;
        coef[Param::square(role, square_index(scale(shape.file(sq), shape.files), scale(relative, shape.ranks)))] += sign;
    }
}

/// `eval::terms`'s counts as coefficients, White's minus Black's.
struct Coefficients<'a> {
    coef: &'a mut [i32; PARAM_COUNT],
}

/// White's counts add, Black's subtract.
fn sign(side: Color) -> i32 {
    if side == Color::White {
        1
    } else {
        -1
    }
}

impl Terms for Coefficients<'_> {
    fn wants(&self, _: &EvalTables, _: Term) -> bool {
        true
    }

    fn add(&mut self, side: Color, term: Term, count: i32) {
        let param = term.weight_index();
        // The roles beyond chess's have no weight in `Weights`.
        if param < PARAM_COUNT {
            self.coef[param] += sign(side) * count;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::standard_evaluation;
    use crate::weights::HAND;
    use crate::weights_chess::CHESS;
    use chesslantis_core::variants::Chess;
    use chesslantis_core::{Dice, Role, SplitMix};

    /// Positions of seeded random games: openings, middlegames, endgames.
    fn positions(games: u64) -> Vec<Position<Chess>> {
        let mut out = Vec::new();
        for seed in 0..games {
            let mut dice = SplitMix::new(seed);
            let mut pos = Position::<Chess>::start();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[dice.below(moves.len() as u32) as usize]);
                out.push(pos.clone());
            }
        }
        out
    }

    /// Weights where every number differs (a wrong coefficient cannot hide
    /// behind a weight of zero or one shared by two terms).
    fn scrambled() -> Weights {
        let mut dice = SplitMix::new(99);
        let mut p = CHESS.params();
        for v in &mut p {
            *v = Phased::new(v.mg + dice.below(61) as i32 - 30, v.eg + dice.below(61) as i32 - 30);
        }
        Weights::from_params(&p, 7)
    }

    #[test]
    fn the_dot_product_is_the_evaluation() {
        let all = positions(40);
        assert!(all.len() > 4000, "{}", all.len());
        for w in [CHESS, HAND, scrambled()] {
            let t = EvalTables::with_weights::<Chess>(&w);
            for pos in &all {
                assert_eq!(Trace::of(pos, &t).evaluate(&w), standard_evaluation(pos, &t), "{}", pos.fen());
            }
        }
    }

    #[test]
    fn the_engine_tables_are_the_chess_weights() {
        let (engine, weighted) = (EvalTables::new::<Chess>(), EvalTables::with_weights::<Chess>(&CHESS));
        for pos in positions(5) {
            assert_eq!(standard_evaluation(&pos, &engine), standard_evaluation(&pos, &weighted), "{}", pos.fen());
        }
    }

    #[test]
    fn the_trace_counts_terms_its_weights_leave_at_zero() {
        // The tuner fits from weights where a new term is zero: it needs
        // the term's counts, which the search skips. The white queen can
        // check from g1 and a8, unguarded.
        let pos = Position::<Chess>::from_fen("6k1/8/8/8/8/8/8/Q3K3 w - - 0 1").unwrap();
        assert_eq!(HAND.safe_check, [Phased::default(); 4]);
        let trace = Trace::of(&pos, &EvalTables::with_weights::<Chess>(&HAND));
        assert!(trace.terms.iter().any(|&(i, c)| i as usize == Param::safe_check(3) && c > 0), "{trace:?}");
    }

    #[test]
    fn material_coefficients_count_pieces() {
        let pos = Position::<Chess>::from_fen("4k3/8/8/8/8/8/PP6/RN2K3 b - - 0 1").unwrap();
        let trace = Trace::of(&pos, &EvalTables::new::<Chess>());
        let coef = |i: usize| trace.terms.iter().find(|t| t.0 as usize == i).map_or(0, |t| t.1);
        assert_eq!(coef(Param::material(Role::Pawn.index())), 2);
        assert_eq!(coef(Param::material(Role::Rook.index())), 1);
        assert_eq!(coef(Param::material(Role::King.index())), 0);
        // The a1 rook: half-open? No, its file has our pawn: no file bonus.
        assert_eq!(coef(Param::ROOK_OPEN_FILE) + coef(Param::ROOK_HALF_OPEN_FILE), 0);
        assert!(!trace.white_to_move);
    }
}
