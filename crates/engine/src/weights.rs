//! The numbers of the evaluation as one value: material, piece squares and
//! the terms of `eval::standard_evaluation`. `EvalTables` is built from a
//! `Weights`, so the tuner (examples/tune_eval.rs) can vary them at run time
//! while the search reads the same flat tables as ever. The engine's chess
//! weights are `weights_chess::CHESS`: `HAND` below or the tuner's output
//! (`weights_tuned::TUNED`) once a self-play match has accepted it.

use crate::phased::Phased;
use crate::pst;

/// The roles of chess, `Role::index()` 0 (pawn) to 5 (king).
pub const CHESS_ROLES: usize = 6;

/// The mobility curve's length for a knight, bishop, rook and queen: a
/// count of reachable squares each, from none; the last entry also counts
/// more (a bishop from 11 squares, a queen from 21: so few positions have
/// more that the tuner would fit noise to them).
const MOBILITY_COUNTS: [usize; 4] = [9, 12, 15, 22];
/// The mobility curve's entries, all four roles.
pub const MOBILITY_CURVE: usize = MOBILITY_COUNTS[0] + MOBILITY_COUNTS[1] + MOBILITY_COUNTS[2] + MOBILITY_COUNTS[3];

/// Where a piece of `role` (`Role::index()`) reaching `reach` squares
/// counts in `Weights::mobility_curve`: a count beyond chess's (a portal
/// can give more) counts as the most chess has. None for pawns, kings
/// and the roles chess lacks.
#[inline(always)]
pub const fn mobility_curve_index(role: usize, reach: usize) -> Option<usize> {
    let (start, counts) = match role {
        1 => (0, MOBILITY_COUNTS[0]),
        2 => (MOBILITY_COUNTS[0], MOBILITY_COUNTS[1]),
        3 => (MOBILITY_COUNTS[0] + MOBILITY_COUNTS[1], MOBILITY_COUNTS[2]),
        4 => (MOBILITY_COUNTS[0] + MOBILITY_COUNTS[1] + MOBILITY_COUNTS[2], MOBILITY_COUNTS[3]),
        _ => return None,
    };
    Some(start + if reach < counts { reach } else { counts - 1 })
}

/// Every tunable number of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// By `Role::index()`; the king's is never counted (both sides have one).
    pub material: [Phased; CHESS_ROLES],
    /// By role, from the piece's own side, a8 first (PeSTO's layout).
    pub squares: [[Phased; 64]; CHESS_ROLES],
    /// Passed pawns by rank from their own side (stretched to 8 ranks).
    pub passed: [Phased; 8],
    pub isolated: Phased,
    /// For each pawn of a file with two or more of its side's pawns.
    pub doubled: Phased,
    pub rook_open_file: Phased,
    pub rook_half_open_file: Phased,
    pub bishop_pair: Phased,
    /// Threats (`eval::threat_terms`): a safe pawn attacking a piece.
    pub threat_by_pawn: Phased,
    /// A knight or bishop attacking, by the victim's role.
    pub threat_by_minor: [Phased; CHESS_ROLES],
    /// A rook attacking a weak enemy, by the victim's role.
    pub threat_by_rook: [Phased; CHESS_ROLES],
    pub hanging: Phased,
    /// The king's pawn shelter (`eval::shelter_terms`): an own pawn one
    /// rank ahead, two ranks ahead, a file with none, an enemy pawn storming.
    pub shelter_near: Phased,
    pub shelter_far: Phased,
    pub shelter_gap: Phased,
    pub pawn_storm: Phased,
    /// A passed pawn from the fourth rank on (`eval::passed_pawn_terms`),
    /// per unit of its rank's weight: the enemy king's distance to the
    /// square in front of it, the own king's, and that square being empty.
    pub passed_their_king: Phased,
    pub passed_our_king: Phased,
    pub passed_free: Phased,
    /// Connected pawns by rank from their own side (stretched to 8 ranks):
    /// per own pawn defending it, and for an own pawn beside it.
    pub supported: [Phased; 8],
    pub phalanx: [Phased; 8],
    /// A pawn no neighbour can come to defend whose stop square an enemy
    /// pawn holds.
    pub backward: Phased,
    /// A knight (0) or bishop (1) on the fourth to sixth rank, defended by
    /// a pawn, where no enemy pawn can ever attack it.
    pub outpost: [Phased; 2],
    /// Per square from which a knight (0), bishop (1), rook (2) or queen (3)
    /// of ours could check the enemy king, reaches it, and the enemy does not
    /// guard it (`eval::safe_check_terms`).
    pub safe_check: [Phased; 4],
    /// The attack on the enemy king by two pieces or more, `units` of it
    /// (`eval::KING_ATTACK_WEIGHT` per attacked square next to the king):
    /// per unit, and per `eval::king_attack_squared(units)`, so the tuner
    /// fits a curve with two numbers.
    pub king_attack: Phased,
    pub king_attack_squared: Phased,
    /// Per bishop, per own pawn on squares of its colour.
    pub bishop_pawns: Phased,
    /// A knight or bishop right behind a pawn (either side's).
    pub minor_behind_pawn: Phased,
    /// A safe square a pawn can push to from which it attacks an enemy
    /// piece (not a pawn).
    pub threat_by_pawn_push: Phased,
    /// A square both sides attack where the enemy is not strongly
    /// protected: its pieces cannot go there freely.
    pub restricted: Phased,
    /// Room behind the pawns (`eval::space_terms`): safe central squares
    /// on the own second to fourth ranks, those behind an own pawn twice,
    /// times a weight that grows with the pieces left.
    pub space: Phased,
    /// A knight (0) or bishop (1), per step from its own king.
    pub king_protector: [Phased; 2],
    /// Our attacks on the enemy king's flank in its camp, a square
    /// attacked twice counting twice.
    pub king_flank_attack: Phased,
    /// A safe square from which one of our knights would attack the
    /// enemy's only queen; one a bishop or rook of ours would, attacked twice.
    pub knight_on_queen: Phased,
    pub slider_on_queen: Phased,
    /// Stockfish 11's king danger (`eval::king_danger_terms`): the
    /// attackers, weak squares by the king, checks, pins and flank attacks
    /// of one side summed into units, counted as units squared over 32,768
    /// (0) and units over 64 (1) once past 100: one unit of danger is
    /// nothing, many together are mate.
    pub king_danger: [Phased; 2],
    /// How a knight's, bishop's, rook's or queen's mobility bends away from
    /// `mobility`'s straight line: by role, then by the count of reachable
    /// squares (`mobility_curve_index`). A piece with two squares is far
    /// worse off than one with six, a queen with twenty little better off
    /// than with sixteen.
    pub mobility_curve: [Phased; MOBILITY_CURVE],
    /// Per reachable square beyond the role's typical count (pawns and
    /// kings: unused). Last in `params`, so that the mobility of a
    /// variant's other roles follows it in `EvalTables`.
    pub mobility: [Phased; CHESS_ROLES],
    /// For having the move (after the blend: one number).
    pub tempo: i32,
}

/// The index of a square in `Weights::squares` for a piece on (file,
/// relative rank) of an 8x8 board.
pub const fn square_index(file: usize, relative_rank: usize) -> usize {
    (7 - relative_rank) * 8 + file
}

/// The hand-set evaluation the tuner started from: PeSTO's material and
/// tables, and terms chosen by reasoning.
pub const HAND: Weights = Weights {
    material: [
        Phased::new(82, 94),
        Phased::new(337, 281),
        Phased::new(365, 297),
        Phased::new(477, 512),
        Phased::new(1025, 936),
        Phased::new(0, 0),
    ],
    squares: pst::PESTO,
    passed: [
        Phased::new(0, 0),
        Phased::new(2, 8),
        Phased::new(5, 12),
        Phased::new(10, 20),
        Phased::new(20, 40),
        Phased::new(35, 70),
        Phased::new(60, 110),
        Phased::new(0, 0),
    ],
    isolated: Phased::new(-10, -14),
    doubled: Phased::new(-4, -10),
    rook_open_file: Phased::new(25, 8),
    rook_half_open_file: Phased::new(12, 6),
    bishop_pair: Phased::new(30, 50),
    // Stockfish 11's classical threat weights in our pawn units (its pawn
    // is 128 / 213, ours 82 / 94).
    threat_by_pawn: Phased::new(111, 41),
    threat_by_minor: [
        Phased::new(4, 14),
        Phased::new(38, 18),
        Phased::new(51, 25),
        Phased::new(58, 52),
        Phased::new(51, 71),
        Phased::new(0, 0),
    ],
    threat_by_rook: [
        Phased::new(1, 19),
        Phased::new(23, 31),
        Phased::new(23, 27),
        Phased::new(0, 17),
        Phased::new(33, 17),
        Phased::new(0, 0),
    ],
    hanging: Phased::new(44, 16),
    shelter_near: Phased::new(12, 0),
    shelter_far: Phased::new(6, 0),
    shelter_gap: Phased::new(-22, 0),
    pawn_storm: Phased::new(-10, 0),
    // Off by hand (the variants on these weights play as before); the
    // tuned chess weights give them their values.
    passed_their_king: Phased::new(0, 0),
    passed_our_king: Phased::new(0, 0),
    passed_free: Phased::new(0, 0),
    supported: [Phased::new(0, 0); 8],
    phalanx: [Phased::new(0, 0); 8],
    backward: Phased::new(0, 0),
    outpost: [Phased::new(0, 0); 2],
    safe_check: [Phased::new(0, 0); 4],
    // Grows with the square of the units: one attacker is a nuisance,
    // three a storm.
    king_attack: Phased::new(0, 0),
    king_attack_squared: Phased::new(1, 0),
    bishop_pawns: Phased::new(0, 0),
    minor_behind_pawn: Phased::new(0, 0),
    threat_by_pawn_push: Phased::new(0, 0),
    restricted: Phased::new(0, 0),
    space: Phased::new(0, 0),
    king_protector: [Phased::new(0, 0); 2],
    king_flank_attack: Phased::new(0, 0),
    knight_on_queen: Phased::new(0, 0),
    slider_on_queen: Phased::new(0, 0),
    king_danger: [Phased::new(0, 0); 2],
    mobility_curve: [Phased::new(0, 0); MOBILITY_CURVE],
    mobility: [
        Phased::new(0, 0),
        Phased::new(4, 4),
        Phased::new(5, 5),
        Phased::new(2, 4),
        Phased::new(1, 2),
        Phased::new(0, 0),
    ],
    tempo: 12,
};

/// How many phased weights `Weights::params` lists.
pub const PARAM_COUNT: usize = Param::mobility(CHESS_ROLES);

/// How `to_rust` lays out a field's numbers.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Layout {
    One,
    List,
    /// Tables of 64 squares, eight to a line.
    Tables,
}

impl Weights {
    /// Every phased field with its name, in the order of `params`: the one
    /// list that `params`, `from_params` and `to_rust` walk.
    fn fields_mut(&mut self) -> [(&'static str, Layout, &mut [Phased]); 38] {
        use std::slice::from_mut as one;
        use Layout::{List, One, Tables};
        [
            ("material", List, &mut self.material),
            ("squares", Tables, self.squares.as_flattened_mut()),
            ("passed", List, &mut self.passed),
            ("isolated", One, one(&mut self.isolated)),
            ("doubled", One, one(&mut self.doubled)),
            ("rook_open_file", One, one(&mut self.rook_open_file)),
            ("rook_half_open_file", One, one(&mut self.rook_half_open_file)),
            ("bishop_pair", One, one(&mut self.bishop_pair)),
            ("threat_by_pawn", One, one(&mut self.threat_by_pawn)),
            ("threat_by_minor", List, &mut self.threat_by_minor),
            ("threat_by_rook", List, &mut self.threat_by_rook),
            ("hanging", One, one(&mut self.hanging)),
            ("shelter_near", One, one(&mut self.shelter_near)),
            ("shelter_far", One, one(&mut self.shelter_far)),
            ("shelter_gap", One, one(&mut self.shelter_gap)),
            ("pawn_storm", One, one(&mut self.pawn_storm)),
            ("passed_their_king", One, one(&mut self.passed_their_king)),
            ("passed_our_king", One, one(&mut self.passed_our_king)),
            ("passed_free", One, one(&mut self.passed_free)),
            ("supported", List, &mut self.supported),
            ("phalanx", List, &mut self.phalanx),
            ("backward", One, one(&mut self.backward)),
            ("outpost", List, &mut self.outpost),
            ("safe_check", List, &mut self.safe_check),
            ("king_attack", One, one(&mut self.king_attack)),
            ("king_attack_squared", One, one(&mut self.king_attack_squared)),
            ("bishop_pawns", One, one(&mut self.bishop_pawns)),
            ("minor_behind_pawn", One, one(&mut self.minor_behind_pawn)),
            ("threat_by_pawn_push", One, one(&mut self.threat_by_pawn_push)),
            ("restricted", One, one(&mut self.restricted)),
            ("space", One, one(&mut self.space)),
            ("king_protector", List, &mut self.king_protector),
            ("king_flank_attack", One, one(&mut self.king_flank_attack)),
            ("knight_on_queen", One, one(&mut self.knight_on_queen)),
            ("slider_on_queen", One, one(&mut self.slider_on_queen)),
            ("king_danger", List, &mut self.king_danger),
            ("mobility_curve", List, &mut self.mobility_curve),
            ("mobility", List, &mut self.mobility),
        ]
    }

    /// Every phased weight in one fixed order (the trace's and the tuner's
    /// indices, `Param`): the fields in their declared order. The tempo is
    /// apart (it is not blended).
    pub fn params(&self) -> Vec<Phased> {
        let mut w = self.clone();
        let out: Vec<Phased> = w.fields_mut().into_iter().flat_map(|(_, _, field)| field.iter().copied()).collect();
        debug_assert_eq!(out.len(), PARAM_COUNT);
        out
    }

    /// For each of `params`, whether its field (`passed`, `outpost`, ...)
    /// has any weight that is not zero: the search need not compute the
    /// terms of a field that has none.
    pub fn fields_in_use(&self) -> Vec<bool> {
        let mut w = self.clone();
        w.fields_mut()
            .into_iter()
            .flat_map(|(_, _, field)| {
                let used = field.iter().any(|&v| v != Phased::default());
                std::iter::repeat_n(used, field.len())
            })
            .collect()
    }

    /// The inverse of `params`.
    pub fn from_params(p: &[Phased], tempo: i32) -> Weights {
        assert_eq!(p.len(), PARAM_COUNT);
        let mut w = HAND;
        let mut rest = p;
        for (_, _, field) in w.fields_mut() {
            let (head, tail) = rest.split_at(field.len());
            field.copy_from_slice(head);
            rest = tail;
        }
        w.tempo = tempo;
        w
    }

    /// Rust source for these weights as the constant `name`, with `header`
    /// as its opening comment (how the values were made).
    pub fn to_rust(&self, name: &str, header: &str) -> String {
        let p = |v: &Phased| format!("Phased::new({}, {})", v.mg, v.eg);
        let mut s = String::new();
        for line in header.lines() {
            s += &format!("//! {line}\n").replace("//! \n", "//!\n");
        }
        s += "\nuse crate::phased::Phased;\nuse crate::weights::Weights;\n\n";
        s += &format!("pub const {name}: Weights = Weights {{\n");
        for (field, layout, values) in self.clone().fields_mut() {
            match layout {
                Layout::One => s += &format!("    {field}: {},\n", p(&values[0])),
                Layout::List => {
                    s += &format!("    {field}: [\n");
                    for v in values.iter() {
                        s += &format!("        {},\n", p(v));
                    }
                    s += "    ],\n";
                }
                Layout::Tables => {
                    s += &format!("    {field}: [\n");
                    for table in values.chunks(64) {
                        s += "        [\n";
                        for row in table.chunks(8) {
                            s += &format!("            {},\n", row.iter().map(p).collect::<Vec<_>>().join(", "));
                        }
                        s += "        ],\n";
                    }
                    s += "    ],\n";
                }
            }
        }
        s += &format!("    tempo: {},\n}};\n", self.tempo);
        s
    }
}

/// Indices into `Weights::params`.
pub struct Param;

impl Param {
    pub const fn material(role: usize) -> usize {
        role
    }
    pub const fn square(role: usize, index: usize) -> usize {
        CHESS_ROLES + role * 64 + index
    }
    pub const fn passed(rank: usize) -> usize {
        CHESS_ROLES * 65 + rank
    }
    pub const ISOLATED: usize = Param::passed(8);
    pub const DOUBLED: usize = Param::ISOLATED + 1;
    pub const ROOK_OPEN_FILE: usize = Param::ISOLATED + 2;
    pub const ROOK_HALF_OPEN_FILE: usize = Param::ISOLATED + 3;
    pub const BISHOP_PAIR: usize = Param::ISOLATED + 4;
    pub const THREAT_BY_PAWN: usize = Param::ISOLATED + 5;
    pub const fn threat_by_minor(role: usize) -> usize {
        Param::THREAT_BY_PAWN + 1 + role
    }
    pub const fn threat_by_rook(role: usize) -> usize {
        Param::threat_by_minor(CHESS_ROLES) + role
    }
    pub const HANGING: usize = Param::threat_by_rook(CHESS_ROLES);
    pub const SHELTER_NEAR: usize = Param::HANGING + 1;
    pub const SHELTER_FAR: usize = Param::HANGING + 2;
    pub const SHELTER_GAP: usize = Param::HANGING + 3;
    pub const PAWN_STORM: usize = Param::HANGING + 4;
    pub const PASSED_THEIR_KING: usize = Param::HANGING + 5;
    pub const PASSED_OUR_KING: usize = Param::HANGING + 6;
    pub const PASSED_FREE: usize = Param::HANGING + 7;
    pub const fn supported(rank: usize) -> usize {
        Param::PASSED_FREE + 1 + rank
    }
    pub const fn phalanx(rank: usize) -> usize {
        Param::supported(8) + rank
    }
    pub const BACKWARD: usize = Param::phalanx(8);
    pub const fn outpost(minor: usize) -> usize {
        Param::BACKWARD + 1 + minor
    }
    pub const fn safe_check(checker: usize) -> usize {
        Param::outpost(2) + checker
    }
    pub const KING_ATTACK: usize = Param::safe_check(4);
    pub const KING_ATTACK_SQUARED: usize = Param::KING_ATTACK + 1;
    pub const BISHOP_PAWNS: usize = Param::KING_ATTACK_SQUARED + 1;
    pub const MINOR_BEHIND_PAWN: usize = Param::KING_ATTACK_SQUARED + 2;
    pub const THREAT_BY_PAWN_PUSH: usize = Param::MINOR_BEHIND_PAWN + 1;
    pub const RESTRICTED: usize = Param::MINOR_BEHIND_PAWN + 2;
    pub const SPACE: usize = Param::MINOR_BEHIND_PAWN + 3;
    pub const fn king_protector(minor: usize) -> usize {
        Param::SPACE + 1 + minor
    }
    pub const KING_FLANK_ATTACK: usize = Param::king_protector(2);
    pub const KNIGHT_ON_QUEEN: usize = Param::KING_FLANK_ATTACK + 1;
    pub const SLIDER_ON_QUEEN: usize = Param::KING_FLANK_ATTACK + 2;
    /// Squared (0) and linear (1).
    pub const fn king_danger(form: usize) -> usize {
        Param::SLIDER_ON_QUEEN + 1 + form
    }
    /// By `mobility_curve_index`.
    pub const fn mobility_curve(index: usize) -> usize {
        Param::king_danger(2) + index
    }
    /// Last: a variant's roles beyond chess's follow in `EvalTables`.
    pub const fn mobility(role: usize) -> usize {
        Param::mobility_curve(MOBILITY_CURVE) + role
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_round_trip_in_their_documented_order() {
        let mut w = HAND;
        w.squares[3][17] = Phased::new(7, -7);
        w.bishop_pair = Phased::new(1, 2);
        let p = w.params();
        assert_eq!(p.len(), PARAM_COUNT);
        assert_eq!(p[Param::square(3, 17)], Phased::new(7, -7));
        assert_eq!(p[Param::BISHOP_PAIR], Phased::new(1, 2));
        assert_eq!(p[Param::mobility(1)], HAND.mobility[1]);
        assert_eq!(p[Param::passed(6)], HAND.passed[6]);
        assert_eq!(Weights::from_params(&p, 5), Weights { tempo: 5, ..w });
    }

    #[test]
    fn the_source_names_every_weight() {
        let src = HAND.to_rust("X", "made by hand\n\nsecond paragraph");
        assert!(src.starts_with("//! made by hand\n//!\n//! second paragraph\n"));
        assert!(src.contains("pub const X: Weights = Weights {"));
        // 6 materials, 384 squares, 8 passed, 5 terms, 14 threats, 4 shelter, 3 passed-pawn extras,
        // 16 connected, 1 backward, 2 outposts, 4 safe checks, 2 king attack, 2 minor pieces,
        // a pawn push's threat, restricted squares, space, 2 king protectors, the king's flank,
        // 2 threats to the queen, 2 king dangers, 58 mobility curve entries, 6 mobilities.
        assert_eq!(src.matches("Phased::new(").count(), PARAM_COUNT);
        assert!(src.contains("tempo: 12,"));
    }

    #[test]
    fn a_field_is_in_use_when_any_of_its_weights_is_not_zero() {
        let mut w = HAND;
        w.outpost[1] = Phased::new(0, 3);
        let in_use = w.fields_in_use();
        assert_eq!(in_use.len(), PARAM_COUNT);
        assert!(in_use[Param::outpost(0)] && in_use[Param::outpost(1)]);
        assert!(in_use[Param::ISOLATED] && in_use[Param::mobility(0)]);
        assert!(!in_use[Param::safe_check(0)] && !in_use[Param::BACKWARD]);
    }

    #[test]
    fn each_mobility_count_has_its_own_curve_entry() {
        let entries: Vec<usize> = (1..=4).flat_map(|role| (0..MOBILITY_COUNTS[role - 1]).map(move |n| mobility_curve_index(role, n).unwrap())).collect();
        assert_eq!(entries, (0..MOBILITY_CURVE).collect::<Vec<_>>());
        // More than chess allows counts as chess's most; pawns and kings have none.
        assert_eq!(mobility_curve_index(1, 12), mobility_curve_index(1, 8));
        assert_eq!(mobility_curve_index(4, 40), Some(MOBILITY_CURVE - 1));
        assert_eq!(mobility_curve_index(0, 2), None);
        assert_eq!(mobility_curve_index(5, 2), None);
    }

    #[test]
    fn the_tuned_file_is_what_to_rust_writes() {
        // The file is generated: a hand edit, or a field order that
        // `to_rust` no longer writes, shows here.
        let file = include_str!("weights_tuned.rs");
        let header: String = file.lines().map_while(|l| l.strip_prefix("//!")).map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l))).collect();
        assert_eq!(crate::weights_tuned::TUNED.to_rust("TUNED", &header), file);
    }
}
