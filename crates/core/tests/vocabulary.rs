//! The board vocabulary proved on small test variants that ship nowhere:
//! a 9x11 board whose letters are not chess's (`b` is a Bede-like piece,
//! `z` a zebra, `s` a forward-only squire), friendly capture, a promotion
//! zone of two ranks, and a two-board 128-square game with board letters in
//! square names, FEN and move text and castling rights on each board.

use chesslantis_core::atoms::{Atom, Movement, PieceTables};
use chesslantis_core::movegen;
use chesslantis_core::notation::{parse_uci, uci};
use chesslantis_core::perft::perft;
use chesslantis_core::role::{RoleSpec, CHESS_ROLES};
use chesslantis_core::variant::{self, standard_attacks, standard_attackers};
use chesslantis_core::{Bitboard, Color, FenError, Move, Piece, Position, Role, Shape, Square, Variant};
use std::sync::OnceLock;

// ---- Tall: 9x11, pieces of its own, friendly capture ----

const BEDE: Role = role(7);
const ZEBRA: Role = role(8);
const SQUIRE: Role = role(9);

const fn role(n: u8) -> Role {
    match Role::new(n) {
        Some(r) => r,
        None => panic!("a role number below ROLE_COUNT"),
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Tall;

fn tall_movement(role: Role) -> Option<Movement> {
    let orthogonal_two = Atom::Leap(vec![(2, 0), (-2, 0), (0, 2), (0, -2)]);
    match role {
        r if r == BEDE => Some(Movement::both(vec![Atom::rider(1, 1, 0), orthogonal_two])),
        r if r == ZEBRA => Some(Movement::both(vec![Atom::leaper(2, 3)])),
        // Captures one or two diagonal steps forward; walks one to three
        // steps forward, left or right, at least one forward.
        r if r == SQUIRE => Some(Movement {
            captures: vec![Atom::Walk { steps: vec![(-1, 1), (1, 1)], max: 2, required: vec![] }],
            quiet: vec![Atom::Walk { steps: vec![(0, 1), (-1, 0), (1, 0)], max: 3, required: vec![(0, 1)] }],
        }),
        _ => None,
    }
}

fn tall_tables() -> &'static PieceTables {
    static TABLES: OnceLock<PieceTables> = OnceLock::new();
    TABLES.get_or_init(|| PieceTables::new(Tall::SHAPE, tall_movement))
}

impl Variant for Tall {
    const ID: &'static str = "test-tall";
    const NAME: &'static str = "Tall (test)";
    const SHAPE: Shape = Shape::new(9, 11);
    const ROLES: &'static [RoleSpec] = &[
        RoleSpec::standard(Role::Pawn, 'p'),
        RoleSpec::standard(Role::Queen, 'q'),
        RoleSpec::standard(Role::King, 'k'),
        RoleSpec::new(BEDE, 'b', "bede"),
        RoleSpec::new(ZEBRA, 'z', "zebra"),
        RoleSpec::new(SQUIRE, 's', "squire"),
    ];
    const PROMOTION_ROLES: &'static [Role] = &[Role::Queen, BEDE];
    const PROMOTION_RANKS: u8 = 2;
    type Extra = ();

    fn start_fen() -> &'static str {
        "zbq1k1qbz/sssssssss/9/9/9/9/9/9/9/SSSSSSSSS/ZBQ1K1QBZ w - - 0 1"
    }

    fn attacks(_pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
        let t = tall_tables();
        if t.has(piece.role) {
            t.attacks(piece, sq, occupied)
        } else {
            standard_attacks(Self::geometry(), sq, piece, occupied)
        }
    }

    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        standard_attackers(pos, sq, by, occupied) | tall_tables().attackers(pos, sq, by, occupied)
    }

    /// Friendly capture: any piece but the own king may be taken.
    fn capturable(pos: &Position<Self>, by: Color) -> Bitboard {
        pos.occupied() & !pos.pieces(by, Role::King)
    }

    /// The king takes enemies only; squires walk elsewhere than they capture.
    fn move_targets(pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard, capturable: Bitboard) -> Bitboard {
        let t = tall_tables();
        if t.has(piece.role) {
            return (t.attacks(piece, sq, occupied) & capturable) | t.quiet_moves(piece, sq, occupied);
        }
        let attacks = standard_attacks(Self::geometry(), sq, piece, occupied);
        match piece.role {
            Role::King => attacks & (pos.by_color(!piece.color) | !occupied),
            _ => attacks & (capturable | !occupied),
        }
    }
}

fn sq<V: Variant>(name: &str) -> Square {
    V::SHAPE.parse(name).unwrap_or_else(|| panic!("{name} is a square of {}", V::ID))
}

fn names<V: Variant>(set: Bitboard) -> Vec<String> {
    let mut v: Vec<String> = set.map(|s| V::SHAPE.name(s).to_string()).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn targets_of<V: Variant>(pos: &Position<V>, from: &str) -> Vec<String> {
    let from = sq::<V>(from);
    let mut v: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| V::SHAPE.name(m.to).to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

#[test]
fn tall_fen_round_trips_with_its_own_letters() {
    let start = Position::<Tall>::start();
    assert_eq!(start.fen(), Tall::start_fen());
    let b = start.piece_at(sq::<Tall>("b1")).expect("a piece on b1");
    assert_eq!(b.role, BEDE, "'B' is Tall's bede, not a bishop");
    assert_eq!(start.piece_at(sq::<Tall>("a11")), Some(Piece::new(Color::Black, ZEBRA)));
    let err = Position::<Tall>::from_fen("zbq1k1qbn/sssssssss/9/9/9/9/9/9/9/SSSSSSSSS/ZBQ1K1QBZ w - - 0 1").unwrap_err();
    assert!(matches!(&err, FenError::Board(m) if m.contains("'n' is not a piece of test-tall")), "{err}");
    let fen = "4k4/9/9/9/4B4/9/2z6/9/9/9/4K4 b - - 3 9";
    assert_eq!(Position::<Tall>::from_fen(fen).map(|p| p.fen()), Ok(fen.to_string()));
}

#[test]
fn tall_move_text_uses_its_letters() {
    let pos = Position::<Tall>::from_fen("4k4/9/9/9/9/9/9/9/4P4/9/4K4 w - - 0 1").expect("valid");
    let mv = parse_uci(&pos, "e3e4").expect("a pawn step");
    assert_eq!(mv.to, sq::<Tall>("e4"));
    let pos = Position::<Tall>::from_fen("4k4/9/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1").expect("valid");
    let mv = parse_uci(&pos, "e9e10b").expect("promotion to the bede, written 'b'");
    assert_eq!(mv.promotion, Some(BEDE));
    assert_eq!(uci::<Tall>(mv, false), "e9e10b");
}

/// A zebra leaps (2,3) in all eight ways; a bede slides diagonally and
/// jumps two squares straight, over anything.
#[test]
fn leaper_and_rider_atoms_on_nine_by_eleven() {
    let pos = Position::<Tall>::from_fen("k8/9/9/9/9/4Z4/9/9/9/9/8K w - - 0 1").expect("valid");
    assert_eq!(targets_of(&pos, "e6"), sorted(&["c9", "g9", "c3", "g3", "b8", "h8", "b4", "h4"]));
    let pos = Position::<Tall>::from_fen("k8/9/9/9/9/9/9/9/9/1P7/B7K w - - 0 1").expect("valid");
    assert_eq!(targets_of(&pos, "a1"), sorted(&["b2", "c1", "a3"]), "friendly pawn on b2 is capturable");
}

#[test]
fn squire_walks_forward_left_right_and_captures_forward_diagonally() {
    let empty = Position::<Tall>::from_fen("k8/9/9/9/9/9/9/9/9/4S4/8K w - - 0 1").expect("valid");
    let expected = sorted(&["e3", "e4", "e5", "d3", "f3", "d4", "f4", "c3", "g3"]);
    assert_eq!(targets_of(&empty, "e2"), expected);
    let g = Tall::geometry();
    let white_squire = Piece::new(Color::White, SQUIRE);
    let attacks = Tall::attacks(&empty, sq::<Tall>("e2"), white_squire, g.all & !g.all);
    assert_eq!(names::<Tall>(attacks), sorted(&["d3", "f3", "c4", "e4", "g4"]));

    // A blocker on e3: no path through it, and its square is not a walk's end.
    let blocked = Position::<Tall>::from_fen("k8/9/9/9/9/9/9/9/4z4/4S4/8K w - - 0 1").expect("valid");
    let quiet = sorted(&["d3", "f3", "d4", "f4", "c3", "g3"]);
    let moves = targets_of(&blocked, "e2");
    assert_eq!(moves, quiet, "e3 is not diagonal: the squire cannot take it");

    // Black walks down the board.
    let black = Position::<Tall>::from_fen("k8/4s4/9/9/9/9/9/9/9/9/8K b - - 0 1").expect("valid");
    assert_eq!(targets_of(&black, "e10"), sorted(&["e9", "e8", "e7", "d9", "f9", "d8", "f8", "c9", "g9"]));
}

/// Attackers are found from the attacked square backwards; a forward-only
/// capturer attacks nothing behind it, and its two-step capture needs the
/// first square empty.
#[test]
fn forward_only_attacks_are_found_from_the_attacked_square() {
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/4S4/9/4k4/9/K8 w - - 0 1");
    // Two kings for Black would be refused: use a zebra as the target instead.
    assert!(pos.is_err());
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/4S4/9/4z4/9/K8 b - - 0 1").expect("valid");
    let target = sq::<Tall>("e3");
    assert!(pos.attackers(target, Color::White).is_empty(), "a white squire on e5 does not attack e3 behind it");
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/9/9/4z4/9/K3S4 b - - 0 1").expect("valid");
    assert_eq!(pos.attackers(target, Color::White), Bitboard::from_square(sq::<Tall>("e1")), "e1 reaches e3 over d2 or f2");
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/9/9/4z4/3z1z3/K3S4 b - - 0 1").expect("valid");
    assert!(pos.attackers(target, Color::White).is_empty(), "both first steps blocked");
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/4s4/9/4Z4/9/K8 w - - 0 1").expect("valid");
    assert_eq!(
        pos.attackers(target, Color::Black),
        Bitboard::from_square(sq::<Tall>("e5")),
        "Black's squire captures down the board"
    );
}

/// A small deterministic generator for the random positions below.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `attackers` (backwards through the tables) agrees with `attacks`
/// (forwards) on every square of random positions.
#[test]
fn attackers_agree_with_attacks_in_random_positions() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let roles = [Role::Queen, BEDE, ZEBRA, SQUIRE, Role::Pawn];
    let count = Tall::SHAPE.square_count() as u64;
    for _ in 0..200 {
        let mut pos = Position::<Tall>::empty();
        for _ in 0..14 {
            let at = Square((rng.next() % count) as u8);
            if pos.piece_at(at).is_none() {
                let color = if rng.next().is_multiple_of(2) { Color::White } else { Color::Black };
                pos.put(at, Piece::new(color, roles[(rng.next() % roles.len() as u64) as usize]));
            }
        }
        let occupied = pos.occupied();
        for target in Tall::geometry().all {
            for by in Color::ALL {
                let forwards: Bitboard = pos
                    .by_color(by)
                    .filter(|&from| {
                        let piece = pos.piece_at(from).expect("occupied");
                        Tall::attacks(&pos, from, piece, occupied).contains(target)
                    })
                    .collect();
                assert_eq!(pos.attackers(target, by), forwards, "{:?} attacked by {by}", target);
            }
        }
    }
}

#[test]
fn friendly_capture_takes_own_pieces_but_never_the_own_king() {
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/9/9/9/3Z5/3QK4 w - - 0 1").expect("valid");
    let queen = targets_of(&pos, "d1");
    assert!(queen.contains(&"d2".to_string()), "the queen takes its own zebra: {queen:?}");
    assert!(!queen.contains(&"e1".to_string()), "never the own king: {queen:?}");
    let king = targets_of(&pos, "e1");
    assert!(!king.contains(&"d1".to_string()) && !king.contains(&"d2".to_string()), "the king takes enemies only: {king:?}");
    let mv = parse_uci(&pos, "d1d2").expect("legal");
    let after = pos.after(mv);
    assert_eq!(after.piece_at(sq::<Tall>("d2")), Some(Piece::new(Color::White, Role::Queen)));
    assert_eq!(after.by_color(Color::White).count(), 2, "the zebra is gone");
    assert_eq!(after.halfmoves(), 0, "a capture, friendly too");
}

/// Tall promotes on its last two ranks.
#[test]
fn promotion_zone_of_two_ranks() {
    let pos = Position::<Tall>::from_fen("8k/9/9/4P4/9/9/9/9/9/9/K8 w - - 0 1").expect("valid");
    let promos: Vec<Move> = pos.legal_moves().into_iter().filter(|m| m.from == sq::<Tall>("e8")).collect();
    assert!(promos.iter().all(|m| m.promotion.is_none()), "e8-e9 does not promote: {promos:?}");
    let pos = Position::<Tall>::from_fen("8k/9/4P4/9/9/9/9/9/9/9/K8 w - - 0 1").expect("valid");
    let promos: Vec<Option<Role>> = pos.legal_moves().into_iter().filter(|m| m.from == sq::<Tall>("e9")).map(|m| m.promotion).collect();
    assert_eq!(promos, vec![Some(Role::Queen), Some(BEDE)], "e9-e10 promotes");
    let pos = Position::<Tall>::from_fen("8k/9/9/9/9/9/9/9/4p4/9/K8 b - - 0 1").expect("valid");
    assert!(pos.legal_moves().iter().filter(|m| m.from == sq::<Tall>("e3")).all(|m| m.promotion.is_some()), "Black: e3-e2");
}

#[test]
fn tall_perft_is_the_sum_of_its_divide_and_hashes_stay_in_step() {
    let pos = Position::<Tall>::start();
    let n = perft(&pos, 3);
    assert_eq!(n, chesslantis_core::perft::divide(&pos, 3, |_, _| {}).iter().map(|(_, c)| c).sum::<u64>());
    let mut p = pos.clone();
    for _ in 0..12 {
        let moves = p.legal_moves();
        let Some(&mv) = moves.get(moves.len() / 2) else { break };
        p.play(mv);
        assert_eq!(p.hash(), p.hash_from_scratch());
        assert_eq!(Position::<Tall>::from_fen(&p.fen()).map(|q| q.fen()), Ok(p.fen()));
    }
}

// ---- Twin: two 8x8 boards, L and U, chess on each without check ----

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Twin;

impl Variant for Twin {
    const ID: &'static str = "test-twin";
    const NAME: &'static str = "Twin boards (test)";
    const SHAPE: Shape = Shape::with_boards(8, 8, "LU");
    const ROLES: &'static [RoleSpec] = CHESS_ROLES;
    const CHECK_RULES: bool = false;
    type Extra = ();

    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - 0 1"
    }

    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        movegen::pseudo_legal(pos, out)
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        variant::standard_validate(pos)
    }
}

#[test]
fn two_boards_hold_128_squares_and_name_them_with_letters() {
    let s = Twin::SHAPE;
    assert_eq!(s.square_count(), 128);
    assert_eq!(s.name(Square(0)).to_string(), "La1");
    assert_eq!(s.name(Square(127)).to_string(), "Uh8");
    assert_eq!(sq::<Twin>("Le4"), Square(28));
    assert_eq!(sq::<Twin>("Ua8"), Square(64 + 56));
    let g = Twin::geometry();
    assert_eq!(g.board_mask(0).count(), 64);
    assert!(!g.rook_attacks(sq::<Twin>("Lh8"), Bitboard::EMPTY).contains(sq::<Twin>("Ua1")), "no ray crosses boards");
    assert_eq!(g.knight[sq::<Twin>("Lg8").index()].count(), 3);
}

#[test]
fn two_board_fen_round_trips_with_castling_on_each_board() {
    let start = Position::<Twin>::start();
    assert_eq!(start.fen(), Twin::start_fen());
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R|r3k2r/8/8/8/8/8/8/R3K2R w KQkq|Kq - 0 1";
    let pos = Position::<Twin>::from_fen(fen).expect("valid");
    assert_eq!(pos.fen(), fen);
    assert_eq!(pos.castling_rooks(Color::White), Bitboard::from_square(sq::<Twin>("La1")) | sq::<Twin>("Lh1") | sq::<Twin>("Uh1"));
    let kings: Vec<String> = pos.legal_moves().into_iter().filter(|m| m.is_castle()).map(|m| uci::<Twin>(m, false)).collect();
    assert_eq!(kings, vec!["Le1Lg1", "Le1Lc1", "Ue1Ug1"]);
    let castled = pos.after(parse_uci(&pos, "Le1Lg1").expect("castling on L"));
    assert_eq!(castled.fen(), "r3k2r/8/8/8/8/8/8/R4RK1|r3k2r/8/8/8/8/8/8/R3K2R b kq|Kq - 1 1");
    let rook_moved = castled.after(parse_uci(&castled, "Ua8Ub8").expect("a rook move on U"));
    assert_eq!(rook_moved.fen(), "r3k2r/8/8/8/8/8/8/R4RK1|1r2k2r/8/8/8/8/8/8/R3K2R w kq|K - 2 2");
    assert_eq!(rook_moved.hash(), rook_moved.hash_from_scratch());
    // Shredder letters on a board.
    let fen960 = "1r2k1r1/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 b -|- - 0 1";
    assert!(Position::<Twin>::from_fen(fen960).is_err(), "White needs a king on L");
    let fen960 = "1r2k1r1/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 b bg|- - 0 1";
    assert_eq!(Position::<Twin>::from_fen(fen960).map(|p| p.fen()), Ok("1r2k1r1/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 b kq|- - 0 1".to_string()));
}

#[test]
fn two_board_move_text_and_en_passant_carry_board_letters() {
    let start = Position::<Twin>::start();
    let mv = parse_uci(&start, "Le2Le4").expect("legal");
    assert_eq!((mv.from, mv.to), (sq::<Twin>("Le2"), sq::<Twin>("Le4")));
    assert_eq!(uci::<Twin>(mv, false), "Le2Le4");
    let after = start.after(mv);
    assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq|KQkq Le3 0 1");
    assert_eq!(Position::<Twin>::from_fen(&after.fen()).map(|p| p.fen()), Ok(after.fen()));
    let knight = parse_uci(&after, "Ub8Uc6").expect("a knight on U");
    assert_eq!(uci::<Twin>(knight, false), "Ub8Uc6");
    assert!(parse_uci(&start, "e2e4").is_err(), "a square needs its board letter");
    for mv in start.legal_moves() {
        assert_eq!(parse_uci(&start, &uci::<Twin>(mv, false)), Ok(mv));
    }
}

#[test]
fn two_board_fen_errors_say_what_is_wrong() {
    let one = Position::<Twin>::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    assert!(matches!(&one, FenError::Board(m) if m.contains("1 boards, the variant 2")), "{one}");
    let castling = Position::<Twin>::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert!(matches!(&castling, FenError::Castling(m) if m.contains("one field per board")), "{castling}");
    let king = Position::<Twin>::from_fen("4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/8 w -|- - 0 1").unwrap_err();
    assert!(matches!(&king, FenError::Illegal(m) if m.contains("White has 0 kings on board U")), "{king}");
    let rank = Position::<Twin>::from_fen("4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K4 w -|- - 0 1").unwrap_err();
    assert!(matches!(&rank, FenError::Board(m) if m.contains("rank 1 of board U")), "{rank}");
}

#[test]
fn two_board_perft_multiplies_independent_boards() {
    let start = Position::<Twin>::start();
    assert_eq!(perft(&start, 1), 40);
    assert_eq!(perft(&start, 2), 40 * 40);
}
