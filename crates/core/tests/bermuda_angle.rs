//! Bermuda Chess Angle: the board rules (start, Ship, castling, promotion,
//! no check, king capture, positions), perft, and the move notes.

mod bermuda_angle_support;

use bermuda_angle_support::*;
use chesslantis_core::game::{DrawReason, Outcome, WinReason};
use chesslantis_core::notation::uci;
use chesslantis_core::perft::perft;
use chesslantis_core::registry;
use chesslantis_core::variants::BermudaAngle;
use chesslantis_core::{Color, Variant};

const START: &str = "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1";

fn moves_of(pos: &Pos) -> Vec<String> {
    let mut all: Vec<String> = pos.legal_moves().into_iter().map(|m| uci::<BermudaAngle>(m, false)).collect();
    all.sort();
    all
}

fn moves_from(pos: &Pos, from: &str) -> Vec<String> {
    moves_of(pos).into_iter().filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric)).collect()
}

#[test]
fn start_position_is_the_rulings_layout() {
    let pos = Pos::start();
    assert_eq!(pos.fen(), START);
    assert_eq!(at(&pos, "d1"), 'S');
    assert_eq!(at(&pos, "g1"), 'S');
    assert_eq!(at(&pos, "f1"), 'K');
    assert_eq!(at(&pos, "f10"), 'k');
    assert_eq!(registry::variant("bermuda-angle").map(|v| (v.start_fen)()), Some(START));
}

#[test]
fn ship_steps_one_or_two_squares_in_eight_directions() {
    let pos = setup("Se5 Ka1 kj10", Color::White);
    let expected = [
        "e5c3", "e5c5", "e5c7", "e5d4", "e5d5", "e5d6", "e5e3", "e5e4", "e5e6", "e5e7", "e5f4", "e5f5", "e5f6",
        "e5g3", "e5g5", "e5g7",
    ];
    assert_eq!(moves_from(&pos, "e5"), expected);
}

#[test]
fn ship_never_jumps() {
    // Blocked next to it on e6 (own) and f6 (enemy): no e7, and g7 only via f6's capture.
    let pos = setup("Se5 Pe6 pf6 Ka1 kj10", Color::White);
    let ship = moves_from(&pos, "e5");
    assert!(!ship.contains(&"e5e7".to_string()), "{ship:?}");
    assert!(!ship.contains(&"e5g7".to_string()), "{ship:?}");
    assert!(ship.contains(&"e5f6".to_string()), "{ship:?}");
    assert!(!ship.contains(&"e5e6".to_string()), "{ship:?}");
}

#[test]
fn pawns_promote_to_queen_rook_bishop_knight_or_ship() {
    let pos = setup("Pc9 Ka1 kj10", Color::White);
    assert_eq!(moves_from(&pos, "c9"), ["c9c10b", "c9c10n", "c9c10q", "c9c10r", "c9c10s"]);
    let promoted = pos.after(mv(&pos, "c9c10s"));
    assert_eq!(at(&promoted, "c10"), 'S');
    let black = setup("Ka10 kj10 pd2 Ne1", Color::Black);
    assert_eq!(moves_from(&black, "d2"), ["d2d1b", "d2d1n", "d2d1q", "d2d1r", "d2d1s", "d2e1b", "d2e1n", "d2e1q", "d2e1r", "d2e1s"]);
}

#[test]
fn pawns_double_step_and_take_en_passant_on_ten_ranks() {
    let pos = setup("Pe7 pd9 Ka1 kj10", Color::Black);
    let after = pos.after(mv(&pos, "d9d7"));
    assert_eq!(after.ep_square().map(name).as_deref(), Some("d8"));
    let taken = after.after(mv(&after, "e7d8"));
    assert_eq!(at(&taken, "d7"), '.');
    assert_eq!(at(&taken, "d8"), 'P');
}

#[test]
fn castling_moves_the_king_three_squares_king_side_and_four_queen_side() {
    let pos = fen("r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    let king = moves_from(&pos, "f1");
    assert!(king.contains(&"f1i1".to_string()) && king.contains(&"f1b1".to_string()), "{king:?}");
    let short = pos.after(mv(&pos, "f1i1"));
    assert_eq!((at(&short, "i1"), at(&short, "h1"), at(&short, "j1"), at(&short, "f1")), ('K', 'R', '.', '.'));
    let long = pos.after(mv(&pos, "f1b1"));
    assert_eq!((at(&long, "b1"), at(&long, "c1"), at(&long, "a1"), at(&long, "f1")), ('K', 'R', '.', '.'));
    assert_eq!(long.fen().split(' ').nth(2), Some("kq"));
    let black = short.after(mv(&short, "f10b10"));
    assert_eq!((at(&black, "b10"), at(&black, "c10")), ('k', 'r'));
}

#[test]
fn castling_out_of_through_and_into_attack_is_legal() {
    // The queen on c4 checks f1; the rooks on b10, c10, h10 and i10 attack
    // the squares where king and rook pass and land.
    let pos = fen("1rr2k1rr1/10/10/10/10/10/2q7/10/10/R4K3R w KQ - 0 1");
    assert!(pos.in_check());
    let king = moves_from(&pos, "f1");
    assert!(king.contains(&"f1i1".to_string()) && king.contains(&"f1b1".to_string()), "{king:?}");
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    let pos = fen("r4k3r/10/10/10/10/10/10/10/10/RN3K2NR w KQkq - 0 1");
    let king = moves_from(&pos, "f1");
    assert!(!king.contains(&"f1i1".to_string()) && !king.contains(&"f1b1".to_string()), "{king:?}");
}

#[test]
fn moving_into_check_and_staying_in_check_are_legal() {
    let pos = setup("Kf1 rf2 Pa2 kj10", Color::White);
    assert!(pos.in_check());
    let all = moves_of(&pos);
    // e1 and e2 are attacked by the rook; a pawn move leaves the king in check.
    for m in ["f1e1", "f1e2", "f1f2", "a2a3"] {
        assert!(all.contains(&m.to_string()), "{m} in {all:?}");
    }
}

#[test]
fn a_king_can_be_captured_and_then_nobody_moves() {
    let pos = setup("Kf1 Pa2 rf5 kj10", Color::Black);
    let after = pos.after(mv(&pos, "f5f1"));
    assert_eq!(after.king(Color::White), None);
    assert!(after.legal_moves().is_empty());
    assert_eq!(perft(&after, 1), 0, "perft stops where a king is gone");
    assert_eq!(
        BermudaAngle::outcome(&after, false),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::KingCaptured })
    );
}

#[test]
fn fen_accepts_positions_without_check_restrictions() {
    // The side not to move stands in check: White may take the king.
    let pos = fen("5k4/10/10/10/10/5R4/10/10/10/5K4 w - - 0 1");
    assert!(moves_of(&pos).contains(&"f5f10".to_string()));
    // A finished game: Black has no king; it reads back, and nobody moves.
    let over = fen("10/10/10/10/10/10/10/10/10/5K4 b - - 0 1");
    assert!(over.legal_moves().is_empty());
    assert_eq!(over.fen(), "10/10/10/10/10/10/10/10/10/5K4 b - - 0 1");
}

#[test]
fn fen_rejects_two_kings_a_side_and_pawns_on_the_edge_ranks() {
    for bad in [
        "5k4/10/10/10/10/10/10/10/10/4KK4 w - - 0 1",
        "5k4/10/10/10/10/10/10/10/10/P4K4 w - - 0 1",
        "P4k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1",
    ] {
        assert!(Pos::from_fen(bad).is_err(), "{bad} should be rejected");
    }
}

#[test]
fn stalemate_is_a_draw_only_with_both_kings() {
    let pos = setup("Ka1 kj10", Color::White);
    assert_eq!(BermudaAngle::outcome(&pos, false), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(BermudaAngle::outcome(&pos, true), None, "a lone king is no dead position here");
}

#[test]
fn move_list_shows_each_moves_survival_chance() {
    let moves = registry::variant("bermuda-angle").expect("registered").moves;
    let listed = moves(Some("5k4/10/10/10/10/10/10/2N7/10/5K4 w - - 0 1")).expect("valid FEN");
    for line in ["c3e4 33/36", "c3b1 35/36", "c3e2 34/36", "f1e1 36/36"] {
        assert!(listed.contains(&line.to_string()), "{line} in {listed:?}");
    }
}

#[test]
fn san_writes_ship_promotions_and_castling_without_check_marks() {
    use chesslantis_core::notation::{parse_move, san};
    let pos = fen("r4k3r/1P8/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_eq!(san(&pos, mv(&pos, "b9b10s")), "b10=S");
    assert_eq!(san(&pos, mv(&pos, "b9a10s")), "bxa10=S");
    assert_eq!(san(&pos, mv(&pos, "f1i1")), "O-O");
    assert_eq!(san(&pos, mv(&pos, "f1b1")), "O-O-O");
    assert_eq!(parse_move(&pos, "O-O-O"), Ok(mv(&pos, "f1b1")));
    // Rxa10 attacks the king on f10 along rank 10; no '+' (there is no check).
    assert!(pos.after(mv(&pos, "a1a10")).in_check());
    assert_eq!(san(&pos, mv(&pos, "a1a10")), "Rxa10");
}
