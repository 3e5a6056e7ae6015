//! The evaluation as a dot product, for the tuner: a position's trace gives
//! each weight of `Weights::params` its coefficient (White's count minus
//! Black's), so `standard_evaluation` is the coefficients times the weights,
//! blended by the phase, plus the terms no weight is linear in (the king
//! attack) and the tempo. A test checks that the two agree exactly on many
//! positions and weights: they cannot drift apart unseen.
//!
//! It mirrors `eval::side_terms` for the roles of chess, with the variant's
//! tables read through `with_weights` (its own values and squares are not
//! traced): it is for chess, the game the tuner fits.

use crate::eval::{king_attack, EvalTables, Phased, KING_ATTACK_WEIGHT, TYPICAL_MOBILITY};
use crate::pst::scale;
use crate::score::Score;
use crate::variant::EngineVariant;
use crate::weights::{square_index, Param, Weights, CHESS_ROLES, PARAM_COUNT};
use chesslantis_core::{Bitboard, Color, Position, Role};

/// One position's evaluation, linear in the weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// (index into `Weights::params`, White's coefficient minus Black's),
    /// only the non-zero ones.
    pub terms: Vec<(u16, i16)>,
    /// The king attack's middlegame part, White minus Black (not tuned).
    pub king_attack: i32,
    /// The phase as the evaluation blends by it: `full_phase` is all middlegame.
    pub phase: i32,
    pub full_phase: i32,
    pub white_to_move: bool,
}

impl Trace {
    /// The trace of `pos`; `t` gives the board's geometry and phase weights.
    pub fn of<V: EngineVariant>(pos: &Position<V>, t: &EvalTables) -> Trace {
        let mut coef = [0i32; PARAM_COUNT];
        let mut king_attack = 0;
        let mut phase = 0;
        for sq in pos.occupied() {
            let Some(piece) = pos.piece_at(sq) else { continue };
            phase += t.phase_weight[piece.role.index()];
        }
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            king_attack += sign * side_trace(pos, t, color, sign, &mut coef);
        }
        let terms = coef
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, i16::try_from(c).expect("a coefficient fits i16")))
            .collect();
        Trace { terms, king_attack, phase: phase.min(t.full_phase), full_phase: t.full_phase, white_to_move: pos.turn() == Color::White }
    }

    /// The evaluation with weights `w` (side to move's view): exactly
    /// `standard_evaluation` with `EvalTables::with_weights(w)`.
    pub fn evaluate(&self, w: &Weights) -> Score {
        let params = w.params();
        let mut white = Phased::new(self.king_attack, 0);
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

/// Adds `sign` times `us`'s coefficients to `coef`; returns its king attack.
fn side_trace<V: EngineVariant>(pos: &Position<V>, t: &EvalTables, us: Color, sign: i32, coef: &mut [i32; PARAM_COUNT]) -> i32 {
    let g = V::geometry();
    let shape = V::SHAPE;
    let them = !us;
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let our_pawns = pos.pieces(us, Role::Pawn);
    let their_pawns = pos.pieces(them, Role::Pawn);

    for sq in ours {
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

    if pos.pieces(us, Role::Bishop).more_than_one() {
        coef[Param::BISHOP_PAIR] += sign;
    }

    let mut guarded_by_their_pawns = Bitboard::EMPTY;
    for sq in their_pawns {
        guarded_by_their_pawns |= g.pawn_attacks(them, sq);
    }
    let reachable = !ours & !guarded_by_their_pawns;
    let king_zone = pos.king(them).map_or(Bitboard::EMPTY, |k| g.king[k.index()].with(k));
    let mut attack_units = 0;
    let mut attackers = 0;
    let pieces = ours & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
    for sq in pieces {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let role = piece.role.index();
        let attacks = V::attacks(pos, sq, piece, occupied);
        if role < CHESS_ROLES {
            coef[Param::mobility(role)] += sign * ((attacks & reachable).count() as i32 - TYPICAL_MOBILITY[role]);
        }
        let on_king = (attacks & king_zone).count() as i32;
        if on_king > 0 {
            attack_units += KING_ATTACK_WEIGHT[role] * on_king;
            attackers += 1;
        }
        if piece.role == Role::Rook {
            let file = t.file_of[sq.index()];
            if (file & our_pawns).is_empty() {
                coef[if (file & their_pawns).is_empty() { Param::ROOK_OPEN_FILE } else { Param::ROOK_HALF_OPEN_FILE }] += sign;
            }
        }
    }

    for sq in our_pawns {
        let i = sq.index();
        if (t.passed_span[us.index()][i] & their_pawns).is_empty() {
            coef[Param::passed(t.pawn_rank[us.index()][i].min(7))] += sign;
        }
        if (t.neighbour_files[i] & our_pawns).is_empty() {
            coef[Param::ISOLATED] += sign;
        }
        if (t.file_of[i] & our_pawns).more_than_one() {
            coef[Param::DOUBLED] += sign;
        }
    }
    if attackers >= 2 {
        king_attack(attack_units)
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::standard_evaluation;
    use crate::weights::HAND;
    use crate::weights_chess::CHESS;
    use chesslantis_core::variants::Chess;
    use chesslantis_core::{Dice, SplitMix};

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
