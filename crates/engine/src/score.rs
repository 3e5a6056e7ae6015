//! Scores in centipawns from the side to move's point of view, with mates
//! counted in plies from the root so that shorter mates score higher.

use std::fmt;

/// A search score: centipawns, or a mate distance near `MATE`.
pub type Score = i32;

/// The score of mating now (at ply 0); a mate `n` plies away scores `MATE - n`.
pub const MATE: Score = 32_000;
/// Above every score the search can return: the bounds of a full window.
pub const INFINITE: Score = MATE + 1;
/// The deepest search (plies from the root, extensions included).
pub const MAX_PLY: usize = 128;
/// Scores beyond this are mates.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
pub const DRAW: Score = 0;

/// Mating the opponent `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

#[inline]
pub const fn is_mate(score: Score) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as the transposition table keeps it: mate distances from the
/// stored node, not from the root, so they stay right at any ply.
#[inline]
pub const fn to_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

#[inline]
pub const fn from_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// A score in UCI's words: `cp 35`, `mate 3` (we mate in 3 moves) or
/// `mate -2` (we are mated in 2 moves).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UciScore {
    Centipawns(i32),
    Mate(i32),
}

impl UciScore {
    pub fn of(score: Score) -> UciScore {
        if score >= MATE_BOUND {
            UciScore::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            UciScore::Mate(-(MATE + score) / 2)
        } else {
            UciScore::Centipawns(score)
        }
    }
}

impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciScore::Centipawns(cp) => write!(f, "cp {cp}"),
            UciScore::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(UciScore::of(mate_in(1)), UciScore::Mate(1));
        assert_eq!(UciScore::of(mate_in(3)), UciScore::Mate(2));
        assert_eq!(UciScore::of(mated_in(0)), UciScore::Mate(0));
        assert_eq!(UciScore::of(mated_in(2)), UciScore::Mate(-1));
        assert_eq!(UciScore::of(mated_in(4)), UciScore::Mate(-2));
        assert_eq!(UciScore::of(-35).to_string(), "cp -35");
    }

    #[test]
    fn table_scores_round_trip() {
        for ply in [0, 3, 17] {
            for s in [mate_in(5 + ply), mated_in(8 + ply), 120, -40] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
        // A mate found 3 plies below a node stored at ply 2 is a mate in 3 from
        // that node; read at ply 6 it is 9 plies from the root.
        assert_eq!(from_table(to_table(mate_in(5), 2), 6), mate_in(9));
    }
}
