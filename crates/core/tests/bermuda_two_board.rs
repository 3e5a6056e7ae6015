//! Kosintsev's two-board Bermuda chess: each of the ruling's rules with its
//! edge cases, the complementary map, FEN and move text, and errors.
//! (Perft against an independent oracle: bermuda_two_board_oracle.rs.)

use chesslantis_core::variants::bermuda_two_board::NO_KING_LEFT;
use chesslantis_core::notation::{parse_uci, uci};
use chesslantis_core::variants::bermuda_two_board::{complement, home_king_square, LOWER, UPPER};
use chesslantis_core::variants::bermuda_two_board::TwoBoardEvent;
use chesslantis_core::variants::BermudaTwoBoard;
use chesslantis_core::{
    registry, Bitboard, Color, DrawReason, Event, Outcome, Piece, Position, Role, Square, Variant,
};
use std::collections::HashSet;

type Pos = Position<BermudaTwoBoard>;

const START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - 0 1";

fn sq(name: &str) -> Square {
    BermudaTwoBoard::SHAPE.parse(name).unwrap_or_else(|| panic!("{name} is a square"))
}

fn piece(c: char) -> Piece {
    BermudaTwoBoard::letters().piece(c).unwrap_or_else(|| panic!("{c} is a piece"))
}

/// A position from pieces by square (`("Le1", 'K')`), White to move unless
/// `black` is given, read back through FEN so that it is valid.
fn setup(pieces: &[(&str, char)], turn: Color) -> Pos {
    let mut pos = Pos::empty();
    for &(at, c) in pieces {
        pos.put(sq(at), piece(c));
    }
    pos.set_turn(turn);
    Pos::from_fen(&pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()))
}

fn play(pos: &Pos, text: &str) -> Pos {
    let mv = parse_uci(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    let after = pos.after(mv);
    assert_eq!(after.hash(), after.hash_from_scratch(), "hash kept in step after {text}");
    assert_eq!(Pos::from_fen(&after.fen()).map(|p| p.fen()), Ok(after.fen()), "FEN round trip after {text}");
    after
}

fn at(pos: &Pos, name: &str) -> Option<char> {
    pos.piece_at(sq(name)).map(|p| BermudaTwoBoard::letters().piece_letter(p))
}

fn texts(pos: &Pos) -> HashSet<String> {
    pos.legal_moves().into_iter().map(|m| uci::<BermudaTwoBoard>(m, false)).collect()
}

fn legal(pos: &Pos, text: &str) -> bool {
    texts(pos).contains(text)
}

// ---- the complementary map ----

#[test]
fn the_complementary_map_is_a_bijection_between_the_boards() {
    let mut seen = HashSet::new();
    for i in 0..128u8 {
        let s = Square(i);
        let c = complement(s);
        let s_board = BermudaTwoBoard::SHAPE.board(s);
        assert_ne!(BermudaTwoBoard::SHAPE.board(c), s_board, "{i}: the complement is on the other board");
        assert_eq!(complement(c), s, "{i}: the map is its own inverse");
        seen.insert(c);
    }
    assert_eq!(seen.len(), 128, "no two squares share a complement");
}

#[test]
fn the_complementary_map_matches_the_rulings_named_pairs_and_formula() {
    for (l, u) in [("La1", "Ua8"), ("Lh1", "Ua1"), ("La8", "Uh8"), ("Lg2", "Ub2")] {
        assert_eq!(complement(sq(l)), sq(u), "{l} <-> {u}");
        assert_eq!(complement(sq(u)), sq(l), "{u} <-> {l}");
    }
    // L(file f, rank r) <-> U(file r, rank 9-f), numbered 1..8.
    let s = BermudaTwoBoard::SHAPE;
    for f in 1..=8 {
        for r in 1..=8 {
            let lower = s.square(LOWER, f - 1, r - 1).expect("on L");
            let upper = s.square(UPPER, r - 1, 9 - f - 1).expect("on U");
            assert_eq!(complement(lower), upper);
        }
    }
}

// ---- rule (1): a capture on U sends the victim down ----

#[test]
fn an_upper_capture_sends_the_victim_to_its_complementary_lower_square() {
    // Ud5's complement is Ld4 (U(4,5) <-> L(9-5, 4)).
    assert_eq!(complement(sq("Ud5")), sq("Ld4"));
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Ud1", 'R'), ("Ud5", 'n')], Color::White);
    let after = play(&pos, "Ud1Ud5");
    assert_eq!(at(&after, "Ud5"), Some('R'));
    assert_eq!(at(&after, "Ld4"), Some('n'), "the knight fell to Ld4, still Black's");
}

#[test]
fn a_falling_victim_removes_an_enemy_piece_below_it() {
    let pos = setup(
        &[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Ud1", 'R'), ("Ud5", 'n'), ("Ld4", 'q')],
        Color::White,
    );
    let after = play(&pos, "Ud1Ud5");
    assert_eq!(at(&after, "Ld4"), Some('n'), "the black queen below is gone, the knight stands there");
    assert_eq!(after.pieces(Color::Black, Role::Queen), Bitboard::EMPTY);
}

#[test]
fn a_falling_victim_removes_even_a_king_of_the_capturers_side() {
    let pos = setup(&[("Ld4", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Ud1", 'R'), ("Ud5", 'n')], Color::White);
    let after = play(&pos, "Ud1Ud5");
    assert_eq!(at(&after, "Ld4"), Some('n'));
    assert_eq!(after.kings(Color::White), Bitboard::from_square(sq("Ue1")), "White's own L king was crushed");
    assert_eq!(BermudaTwoBoard::outcome(&after, true), None, "White still has its U king");
    let events = BermudaTwoBoard::move_events(&pos, parse_uci(&pos, "Ud1Ud5").unwrap(), &after);
    assert!(events.contains(&Event::own(TwoBoardEvent::Removed { piece: piece('K'), square: "Ld4".into() })), "{events:?}");
    assert!(events.contains(&Event::own(TwoBoardEvent::Fell { piece: piece('n'), from: "Ud5".into(), to: "Ld4".into(), became: None })));
}

/// A capture on U needs a king of the capturer's colour on U (rule 4), so
/// a fall can crush the capturer's L king but never its last one.
#[test]
fn a_fall_crushes_only_the_capturers_lower_king_never_its_last() {
    let pos = setup(&[("Ld4", 'K'), ("Le8", 'k'), ("Ue8", 'k'), ("Ud1", 'R'), ("Ud5", 'n')], Color::White);
    assert!(!legal(&pos, "Ud1Ud5"), "White's only king is on L: its U rook is frozen");
}

#[test]
fn a_king_captured_on_the_upper_board_falls_and_the_game_goes_on() {
    // Ue4's complement is L(9-4, 5) = Le5.
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue4", 'K'), ("Ue8", 'k'), ("Ue6", 'r')], Color::Black);
    let after = play(&pos, "Ue6Ue4");
    assert_eq!(at(&after, "Le5"), Some('K'), "the white king fell to Le5");
    assert_eq!(after.kings(Color::White).count(), 2, "White keeps both kings, both on L now");
    assert_eq!(BermudaTwoBoard::outcome(&after, !after.legal_moves().is_empty()), None);
    assert!(legal(&after, "Le5Le6"), "the fallen king moves on L");
}

// ---- rule (2): the step down ----

#[test]
fn an_upper_piece_steps_down_to_its_complementary_empty_square() {
    let pos = Pos::from_fen(START).unwrap();
    // The ruling's example: Ub2 and Lg2 are complementary; at the start Lg2
    // holds White's own pawn, so the U pawn on b2 cannot step down.
    assert!(!legal(&pos, "Ub2Lg2"));
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Ub2", 'P')], Color::White);
    assert!(legal(&pos, "Ub2Lg2"));
    let after = play(&pos, "Ub2Lg2");
    assert_eq!(at(&after, "Lg2"), Some('P'));
    assert_eq!(at(&after, "Ub2"), None);
    assert_eq!(after.halfmoves(), 0, "a pawn moved");
}

#[test]
fn a_step_down_captures_an_enemy_below_and_never_rises() {
    let pos =
        setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Uc3", 'N'), ("Lf3", 'b')], Color::White);
    assert_eq!(complement(sq("Uc3")), sq("Lf3"));
    let after = play(&pos, "Uc3Lf3");
    assert_eq!(at(&after, "Lf3"), Some('N'), "the bishop is removed, the knight stays on L");
    assert_eq!(at(&after, "Uc3"), None, "a step-down capture does not rise back");
    assert_eq!(after.pieces(Color::Black, Role::Bishop), Bitboard::EMPTY);
    // Onto an own piece: no move.
    let own = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Uc3", 'N'), ("Lf3", 'B')], Color::White);
    assert!(!legal(&own, "Uc3Lf3"));
}

#[test]
fn lower_pieces_never_move_up_by_themselves() {
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Lf3", 'N')], Color::White);
    assert!(pos.legal_moves().iter().filter(|m| m.from == sq("Lf3")).all(|m| BermudaTwoBoard::SHAPE.board(m.to) == LOWER));
}

// ---- rule (3): the lower capture rises ----

#[test]
fn a_lower_capturer_rises_to_the_complementary_upper_square() {
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Lc4", 'B'), ("Lf7", 'r')], Color::White);
    assert_eq!(complement(sq("Lf7")), sq("Ug3"));
    let mv = parse_uci(&pos, "Lc4Lf7").expect("the capture is written with the square it captures on");
    let after = play(&pos, "Lc4Lf7");
    assert_eq!(at(&after, "Lf7"), None, "the rook is removed and the bishop went on");
    assert_eq!(at(&after, "Ug3"), Some('B'));
    let events = BermudaTwoBoard::move_events(&pos, mv, &after);
    assert!(events.contains(&Event::own(TwoBoardEvent::Rose { piece: piece('B'), from: "Lf7".into(), to: "Ug3".into(), became: None })));
}

#[test]
fn a_lower_capturer_stays_below_when_the_upper_square_is_taken() {
    for blocker in ['n', 'N'] {
        let pos = setup(
            &[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ue8", 'k'), ("Lc4", 'B'), ("Lf7", 'r'), ("Ug3", blocker)],
            Color::White,
        );
        let after = play(&pos, "Lc4Lf7");
        assert_eq!(at(&after, "Lf7"), Some('B'), "blocked by {blocker}: the bishop stays on L");
        assert_eq!(at(&after, "Ug3"), Some(blocker), "the piece above is untouched");
    }
}

// ---- rule (4): the king's rule ----

#[test]
fn a_piece_without_a_king_of_its_colour_on_its_board_is_frozen() {
    let pos = setup(&[("Ue1", 'K'), ("Le8", 'k'), ("Ue8", 'k'), ("Ld1", 'Q'), ("Ua2", 'P')], Color::White);
    assert!(pos.legal_moves().iter().all(|m| m.from != sq("Ld1")), "no white king on L: the queen is frozen");
    assert!(legal(&pos, "Ua2Ua3"), "the U army moves");
}

#[test]
fn a_frozen_piece_is_unfrozen_when_a_king_arrives_on_its_board() {
    // The white king steps down from Ue1 to its complement Ld5... a square of L.
    let king_down = uci::<BermudaTwoBoard>(chesslantis_core::Move::normal(sq("Ue1"), complement(sq("Ue1"))), false);
    assert_eq!(king_down, "Ue1Lh5");
    let pos = setup(&[("Ue1", 'K'), ("Le8", 'k'), ("Ue8", 'k'), ("Ld1", 'Q'), ("Lb1", 'K')], Color::White);
    assert!(legal(&pos, "Ld1Ld4"), "a king on L (Lb1) frees the queen");
    let pos = setup(&[("Ue1", 'K'), ("Ua8", 'k'), ("Le8", 'k'), ("Ld1", 'Q')], Color::White);
    assert!(!legal(&pos, "Ld1Ld4"));
    let pos = play(&pos, "Ue1Lh5");
    let pos = play(&pos, "Ua8Ua7");
    assert!(legal(&pos, "Ld1Ld4"), "the king arrived: the queen moves");
    assert!(pos.legal_moves().iter().all(|m| BermudaTwoBoard::SHAPE.board(m.from) == LOWER), "and U is frozen now");
}

#[test]
fn a_side_with_no_king_on_either_board_has_lost() {
    // The black L king is taken on L by the rook (and the rook rises).
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("La8", 'R')], Color::White);
    let after = play(&pos, "La8Le8");
    assert_eq!(after.kings(Color::Black), Bitboard::EMPTY);
    assert_eq!(
        BermudaTwoBoard::outcome(&after, false),
        Some(Outcome::Win { winner: Color::White, reason: NO_KING_LEFT.reason() })
    );
    assert!(after.legal_moves().is_empty(), "perft below a lost position is 0");
    assert_eq!(
        Outcome::Win { winner: Color::White, reason: NO_KING_LEFT.reason() }.to_string(),
        "White wins: Black has no king left on either board"
    );
    let mut game = (registry::variant("bermuda-two-board").unwrap().new_game)(Some(&pos.fen())).unwrap();
    game.apply(game.parse_action("La8Le8").unwrap()).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: NO_KING_LEFT.reason() }));
}

/// No check: a side with kings but no move at all is stalemated, as in chess.
#[test]
fn a_side_with_a_king_and_no_move_is_stalemated_not_lost() {
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k')], Color::White);
    assert_eq!(BermudaTwoBoard::outcome(&pos, false), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(BermudaTwoBoard::outcome(&pos, true), None);
}

// ---- pawns ----

#[test]
fn pawns_move_toward_the_opponent_in_their_boards_own_coordinates() {
    let pos = Pos::from_fen(START).unwrap();
    for m in ["Le2Le4", "Ue2Ue4", "Ub1Uc3"] {
        assert!(legal(&pos, m), "{m}");
    }
    let black = play(&pos, "Le2Le3");
    assert!(legal(&black, "Ud7Ud5") && legal(&black, "Ld7Ld5"));
}

#[test]
fn a_pawn_rising_to_its_last_rank_becomes_a_queen() {
    // Rising to U rank 8 means capturing on L's a-file: La5 <-> Ue8.
    assert_eq!(complement(sq("La5")), sq("Ue8"));
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ua1", 'K'), ("Uh8", 'k'), ("Lb4", 'P'), ("La5", 'n')], Color::White);
    let mv = parse_uci(&pos, "Lb4La5").expect("no promotion letter: the queen comes by rising");
    assert_eq!(mv.promotion, None);
    let after = play(&pos, "Lb4La5");
    assert_eq!(at(&after, "Ue8"), Some('Q'));
    let events = BermudaTwoBoard::move_events(&pos, mv, &after);
    assert!(events.contains(&Event::own(TwoBoardEvent::Rose { piece: piece('P'), from: "La5".into(), to: "Ue8".into(), became: Some(Role::Queen) })));
}

#[test]
fn a_pawn_falling_to_its_last_rank_becomes_a_queen() {
    // A black pawn on Ua5 falls to L(9-5, 1) = Ld1: Black's last rank.
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Uh1", 'K'), ("Uh8", 'k'), ("Ub4", 'P'), ("Ua5", 'p')], Color::White);
    let after = play(&pos, "Ub4Ua5");
    assert_eq!(at(&after, "Ld1"), Some('q'), "the black pawn became a black queen");
}

#[test]
fn a_pawn_stepping_down_onto_its_last_rank_becomes_a_queen_in_one_move() {
    // Uh3 <-> L(9-3, 8) = Lf8.
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ua1", 'K'), ("Ua8", 'k'), ("Uh3", 'P')], Color::White);
    let downs: Vec<_> = pos.legal_moves().into_iter().filter(|m| m.from == sq("Uh3") && m.to == sq("Lf8")).collect();
    assert_eq!(downs.len(), 1, "one move, no choice: {downs:?}");
    let after = play(&pos, "Uh3Lf8");
    assert_eq!(at(&after, "Lf8"), Some('Q'));
}

#[test]
fn a_pawn_that_fell_to_its_first_rank_steps_forward_one_square() {
    // A white pawn on Ua3 falls to L(9-3, 1) = Lf1, White's first rank.
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Uh1", 'K'), ("Uh8", 'k'), ("Ua3", 'P'), ("Ub4", 'p')], Color::Black);
    let after = play(&pos, "Ub4Ua3");
    assert_eq!(at(&after, "Lf1"), Some('P'), "a pawn on its first rank stays a pawn");
    assert!(legal(&after, "Lf1Lf2"), "one step forward");
    assert!(!legal(&after, "Lf1Lf3"), "never two from the first rank");
    let after = play(&after, "Lf1Lf2");
    let after = play(&after, "Le8Le7");
    assert!(legal(&after, "Lf2Lf4"), "on its second rank it may double-step however it got there");
}

#[test]
fn promotion_on_the_board_offers_the_four_pieces() {
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ub7", 'P')], Color::White);
    // No white king on U: frozen. With one, four promotions.
    assert!(pos.legal_moves().iter().all(|m| m.from != sq("Ub7")));
    let pos = setup(&[("Le1", 'K'), ("Le8", 'k'), ("Ue1", 'K'), ("Ub7", 'P')], Color::White);
    let promos: HashSet<String> =
        texts(&pos).into_iter().filter(|t| t.starts_with("Ub7Ub8")).collect();
    assert_eq!(promos, ["Ub7Ub8q", "Ub7Ub8r", "Ub7Ub8b", "Ub7Ub8n"].iter().map(|s| s.to_string()).collect());
}

// ---- castling ----

#[test]
fn castling_goes_through_and_into_attacked_squares_on_each_board() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R|4k3/8/8/8/8/8/8/R3K2R w KQkq|KQ - 0 1";
    let pos = Pos::from_fen(fen).unwrap();
    let attacked = Pos::from_fen("r3k2r/8/8/8/8/8/5r2/R3K2R|4k3/8/8/8/8/8/8/R3K2R w KQkq|KQ - 0 1").unwrap();
    for p in [&pos, &attacked] {
        for m in ["Le1Lg1", "Le1Lc1", "Ue1Ug1", "Ue1Uc1"] {
            assert!(legal(p, m), "{m} in {}", p.fen());
        }
    }
    // The black rook on Lf2 attacks f1 and e1's neighbourhood: still legal.
    let after = play(&attacked, "Le1Lg1");
    assert_eq!(at(&after, "Lg1"), Some('K'));
    assert_eq!(at(&after, "Lf1"), Some('R'));
    assert_eq!(after.fen().split(' ').nth(2), Some("kq|KQ"), "only White's L rights go");
    let after = play(&after, "La8Lb8");
    let after = play(&after, "Ue1Uc1");
    assert_eq!(at(&after, "Uc1"), Some('K'));
    assert_eq!(at(&after, "Ud1"), Some('R'));
    assert_eq!(after.fen().split(' ').nth(2), Some("k|-"));
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    let pos = Pos::from_fen(START).unwrap();
    assert!(pos.legal_moves().iter().all(|m| !m.is_castle()));
}

#[test]
fn castling_rights_go_when_a_piece_falls_onto_the_rooks_corner_or_the_kings_square() {
    // A white rook on Ua1's complement... the L corner Lh8 is U(8, 1) = Uh1.
    assert_eq!(complement(sq("Lh8")), sq("Uh1"));
    let pos = Pos::from_fen("r3k2r/8/8/8/8/8/8/4K3|4k3/8/8/8/8/7R/8/4K2n w kq|- - 0 1").unwrap();
    let after = play(&pos, "Uh3Uh1");
    assert_eq!(at(&after, "Lh8"), Some('n'), "the knight fell onto the corner, removing the rook");
    assert_eq!(after.fen().split(' ').nth(2), Some("q|-"));
    // Onto the black king's square Le8 = U(8, 4) = Uh4: its rights on L go (and the king).
    assert_eq!(complement(sq("Le8")), sq("Uh4"));
    let pos = Pos::from_fen("r3k2r/8/8/8/8/8/8/4K3|4k3/8/8/8/7n/8/8/4K2R w kq|- - 0 1").unwrap();
    let after = play(&pos, "Uh1Uh4");
    assert_eq!(after.fen().split(' ').nth(2), Some("-|-"));
    assert_eq!(at(&after, "Le8"), Some('n'));
}

#[test]
fn castling_rights_go_when_a_capture_removes_the_rook_from_its_corner() {
    // The rook on La8 is captured on L: removed, and the capturer rises.
    let pos = Pos::from_fen("r3k2r/8/8/8/8/8/8/Q3K3|4k3/8/8/8/8/8/8/4K3 w kq|- - 0 1").unwrap();
    let after = play(&pos, "La1La8");
    assert_eq!(after.fen().split(' ').nth(2), Some("k|-"));
    assert_eq!(at(&after, "Uh8"), Some('Q'), "La8's complement is Uh8");
}

#[test]
fn a_second_king_fallen_beside_castles_nothing() {
    // White kings on Lc1 (fallen) and Le1 (at home with its rights).
    let pos = Pos::from_fen("4k3/8/8/8/8/8/8/R1K1K2R|4k3/8/8/8/8/8/8/8 w KQ|- - 0 1").unwrap();
    let castles: Vec<String> = pos.legal_moves().into_iter().filter(|m| m.is_castle()).map(|m| uci::<BermudaTwoBoard>(m, false)).collect();
    assert_eq!(castles, vec!["Le1Lg1"], "the queen side is blocked by the other king, and Lc1 has no rights");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R1K1K2R|4k3/8/8/8/8/8/8/8 w KQ|- - 0 1");
}

// ---- en passant ----

#[test]
fn en_passant_on_the_lower_board_makes_the_capturer_rise() {
    let pos = Pos::from_fen("4k3/3p4/8/4P3/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 b -|- - 0 1").unwrap();
    let pos = play(&pos, "Ld7Ld5");
    assert_eq!(pos.ep_square(), Some(sq("Ld6")));
    let mv = parse_uci(&pos, "Le5Ld6").expect("en passant, written with the landing square");
    let after = play(&pos, "Le5Ld6");
    assert_eq!(at(&after, "Ld5"), None, "the black pawn is removed");
    assert_eq!(at(&after, "Ld6"), None);
    assert_eq!(complement(sq("Ld6")), sq("Uf5"));
    assert_eq!(at(&after, "Uf5"), Some('P'), "the capturer rose from its landing square");
    assert!(BermudaTwoBoard::is_capture(&pos, mv));
}

#[test]
fn en_passant_on_the_lower_board_stays_below_when_the_square_above_is_taken() {
    let pos = Pos::from_fen("4k3/8/8/3pP3/8/8/8/4K3|4k3/8/8/5n2/8/8/8/4K3 w -|- Ld6 0 1").unwrap();
    let after = play(&pos, "Le5Ld6");
    assert_eq!(at(&after, "Ld6"), Some('P'));
    assert_eq!(at(&after, "Uf5"), Some('n'));
}

#[test]
fn en_passant_on_the_upper_board_makes_the_victim_fall() {
    let pos = Pos::from_fen("4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/4p3/8/3P4/4K3 w -|- - 0 1").unwrap();
    let pos = play(&pos, "Ud2Ud4");
    assert_eq!(pos.ep_square(), Some(sq("Ud3")));
    let after = play(&pos, "Ue4Ud3");
    assert_eq!(at(&after, "Ud3"), Some('p'));
    assert_eq!(at(&after, "Ud4"), None);
    // The victim falls to the complement of its own square Ud4: L(9-4, 4) = Le4.
    assert_eq!(at(&after, "Le4"), Some('P'));
}

#[test]
fn en_passant_lasts_one_move_only() {
    let pos = Pos::from_fen("4k3/8/8/3pP3/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- Ld6 0 1").unwrap();
    let pos = play(&pos, "Le1Le2");
    let pos = play(&pos, "Le8Le7");
    assert!(!legal(&pos, "Le5Ld6"));
}

// ---- FEN and move text ----

#[test]
fn the_start_fen_is_the_rulings_and_round_trips() {
    let pos = Pos::start();
    assert_eq!(pos.fen(), START);
    assert_eq!(BermudaTwoBoard::start_fen(), START);
    assert_eq!(pos.kings(Color::White).count(), 2);
    assert_eq!(pos.legal_moves().len(), 52, "20 moves on each board and 12 step-downs");
}

#[test]
fn fen_round_trips_through_random_play() {
    let mut pos = Pos::start();
    let mut state: u64 = 0x1234_5678_9abc_def1;
    for ply in 0..300 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        let text = uci::<BermudaTwoBoard>(mv, false);
        assert_eq!(parse_uci(&pos, &text), Ok(mv), "ply {ply}: {text} reads back");
        pos = pos.after(mv);
        assert_eq!(Pos::from_fen(&pos.fen()).map(|p| p.fen()), Ok(pos.fen()), "ply {ply}");
        assert_eq!(pos.hash(), pos.hash_from_scratch());
    }
}

#[test]
fn bad_fens_get_errors_that_say_what_to_change() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "separate boards with '|'"),
        ("4k3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w -|- - 0 1", ""),
        ("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w -|- - 0 1", "no king on either board"),
        ("4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/K3K3 w -|- - 0 1", "White has 3 kings"),
        ("4k2P/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1", "pawn stands on its last rank (Lh8)"),
        ("4k3/8/8/8/8/8/8/R2K3R|4k3/8/8/8/8/8/8/4K3 w Q|- - 0 1", "needs its king on Le1"),
        ("4k3/8/8/8/8/8/8/1R2K3|4k3/8/8/8/8/8/8/4K3 w Q|- - 0 1", "rook in the corner"),
        ("4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "one field per board"),
        ("4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- e3 0 1", "'e3' is not an en-passant square"),
    ];
    for (fen, wanted) in cases {
        match Pos::from_fen(fen) {
            Ok(_) if wanted.is_empty() => {}
            Ok(_) => panic!("{fen} was accepted"),
            Err(e) => assert!(!wanted.is_empty() && e.to_string().contains(wanted), "{fen}: {e}"),
        }
    }
}

#[test]
fn a_pawn_on_its_first_rank_is_a_valid_fen() {
    let fen = "4k3/8/8/8/8/8/8/P3K3|4k1p1/8/8/8/8/8/8/4K3 w -|- - 0 1";
    assert_eq!(Pos::from_fen(fen).map(|p| p.fen()), Ok(fen.to_string()));
}

#[test]
fn move_text_carries_board_letters_and_bad_text_says_why() {
    let pos = Pos::start();
    let letterless = BermudaTwoBoard::parse_move(&pos, "e2e4").unwrap_err().to_string();
    assert!(letterless.contains("board letter"), "{letterless}");
    assert_eq!(BermudaTwoBoard::parse_move(&pos, "Le2Le4").map(|m| m.to), Ok(sq("Le4")));
    let refused = BermudaTwoBoard::parse_move(&pos, "Le2Le5").unwrap_err().to_string();
    assert!(refused.contains("cannot move to Le5"), "{refused}");
    let frozen = Pos::from_fen("4k3/8/8/8/8/8/8/3Q4|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1").unwrap();
    let why = BermudaTwoBoard::parse_move(&frozen, "Ld1Ld4").unwrap_err().to_string();
    assert!(why.contains("no king of its colour on board L"), "{why}");
    let empty = BermudaTwoBoard::parse_move(&pos, "Le4Le5").unwrap_err().to_string();
    assert!(empty.contains("no piece on Le4"), "{empty}");
    assert!(BermudaTwoBoard::parse_move(&pos, "Xe2Xe4").is_err());
    assert!(BermudaTwoBoard::parse_move(&pos, "").is_err());
}

#[test]
fn the_home_squares_are_e1_and_e8_of_each_board() {
    assert_eq!(home_king_square(Color::White, UPPER), sq("Ue1"));
    assert_eq!(home_king_square(Color::Black, LOWER), sq("Le8"));
}
