//! Knights are God: the (3,1) knight, the (2,1) power it lends, check with
//! those powers, pawn jumps, the seed's mate, and perft against
//! tests/oracles/knights_are_god.py.

mod oracle_support;

use chesslantis_core::FenError;
use chesslantis_core::variants::{Chess, KnightsAreGod};
use chesslantis_core::{notation, Bitboard, Color, Outcome, Piece, Position, Role, Square, Variant, WinReason};
use oracle_support::{
    act, assert_batch_matches_oracle, assert_perft_matches_oracle, play, random_positions, sq, squares,
};

type Kag = KnightsAreGod;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White's queen on f5, not yet on a square the knight on c3 attacks.
const SEED_MATE: &str = "8/p7/8/5Q2/8/2N5/8/K6k w - - 0 1";
const ITALIAN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5";
const FIRST_RANK_PAWNS: &str = "rn2kp1r/pp3ppp/2p1bn2/4p3/4P3/2N1BN2/PPP2PPP/R2PK2R w KQkq - 0 9";
const PROMOTIONS: &str = "8/2P1k3/3n4/1N6/8/4K3/5p2/8 w - - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn pos(fen: &str) -> Position<Kag> {
    Position::from_fen(fen).expect("a valid FEN")
}

/// The legal moves from `from`, as UCI text, sorted.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let p = pos(fen);
    let mut texts: Vec<String> =
        p.legal_moves().into_iter().filter(|m| m.from == sq(from)).map(|m| notation::uci::<Kag>(m, false)).collect();
    texts.sort();
    texts
}

fn texts(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

fn legal(fen: &str, uci: &str) -> bool {
    notation::parse_uci(&pos(fen), uci).is_ok()
}

#[test]
fn a_knight_leaps_three_and_one_and_never_two_and_one() {
    // "the knight is covering all of the following squares" (the lost
    // diagram): from d4, the eight (3,1) squares.
    let p = pos("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    let covered = Kag::attacks(&p, sq("d4"), Piece::new(Color::White, Role::Knight), p.occupied());
    assert_eq!(covered, squares("a3 a5 g3 g5 c1 e1 c7 e7"));
    assert_eq!(moves_from(START, "b1"), texts("b1a4 b1c4"), "no b1c3, no b1a3");
}

#[test]
fn a_piece_a_friendly_knight_attacks_also_moves_as_a_knight() {
    // From the start the b1 knight attacks e2: the e-pawn may jump.
    assert_eq!(moves_from(START, "e2"), texts("e2e3 e2e4 e2c3 e2g3 e2d4 e2f4"));
    // The king too, standing where its knight attacks it (c3 attacks f2).
    let fen = "4k3/8/8/8/8/2N5/5K2/8 w - - 0 1";
    let king = moves_from(fen, "f2");
    for jump in ["f2d1", "f2h1", "f2d3", "f2h3", "f2e4", "f2g4"] {
        assert!(king.contains(&jump.to_string()), "{jump} in {king:?}");
    }
    // Without the knight, the king moves as a king only.
    assert_eq!(moves_from("4k3/8/8/8/8/8/5K2/8 w - - 0 1", "f2").len(), 8);
}

#[test]
fn seed_example_the_queen_mates_as_a_knight_from_f2() {
    // "It's not attacked by the Knight so it can only move as a queen."
    assert!(!legal(SEED_MATE, "f5d4"), "no knight move for the queen on f5");
    // "White moves to F2 when it is defended by the knight god so becomes a
    // normal knight, checkmating the king."
    let game = play("knights-are-god", Some(SEED_MATE), &["Qf2"]);
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    let after = pos(&game.fen());
    assert_eq!(after.checkers(), squares("f2"), "the check is the queen's knight jump f2-h1");

    // Without the knight, Qf2 is no check and the game goes on.
    let no_knight = "8/p7/8/5Q2/8/8/8/K6k w - - 0 1";
    let game = play("knights-are-god", Some(no_knight), &["Qf2"]);
    assert_eq!(game.outcome(), None);
    assert!(!pos(&game.fen()).in_check());
}

#[test]
fn a_king_with_the_power_gives_check_and_a_lone_knight_can_mate() {
    // The king on b6 attacks a8 by its borrowed jump; the e7 knight lends it
    // and covers b8.
    let mate = "k7/4N3/1K6/8/8/8/8/8 b - - 0 1";
    let game = play("knights-are-god", Some(mate), &[]);
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    // King and knight against king is no dead position here...
    let game = play("knights-are-god", Some("k7/8/8/8/8/8/8/K5N1 w - - 0 1"), &[]);
    assert_eq!(game.outcome(), None);
    // ...but a lone bishop, which nothing can lend a jump, still is.
    let game = play("knights-are-god", Some("k7/8/8/8/8/8/8/K5B1 w - - 0 1"), &[]);
    assert!(matches!(game.outcome(), Some(Outcome::Draw(_))));
}

#[test]
fn check_counts_the_borrowed_jumps() {
    // The black rook on e3 has the power (the b4 knight attacks e3): it
    // covers f1 and d1, so White may neither step there nor castle.
    let powered = "4k3/8/8/8/1n6/4r3/4P3/4K2R w K - 0 1";
    let king = moves_from(powered, "e1");
    assert!(!king.contains(&"e1f1".to_string()) && !king.contains(&"e1d1".to_string()), "{king:?}");
    assert!(!king.contains(&"e1g1".to_string()), "castling through f1: {king:?}");
    let plain = "4k3/8/8/8/8/4r3/4P3/4K2R w K - 0 1";
    let king = moves_from(plain, "e1");
    assert!(king.contains(&"e1f1".to_string()) && king.contains(&"e1g1".to_string()), "{king:?}");
}

#[test]
fn taking_the_knight_takes_the_power_away() {
    // The d3 bishop checks e1 by the jump the e6 knight lends it; Rxe6
    // answers the check, though it neither takes the checker nor blocks.
    let fen = "4k3/8/R3n3/8/8/3b4/8/4K3 w - - 0 1";
    let p = pos(fen);
    assert_eq!(p.checkers(), squares("d3"));
    assert!(legal(fen, "a6e6"));
    assert!(!legal(fen, "a6a7"), "a move that ignores the check");
    assert!(!legal(fen, "e1f2"), "f2 is a jump of the bishop");
    assert!(legal(fen, "e1d2"));
}

#[test]
fn attacks_and_attackers_agree() {
    let mut fens = random_positions::<Kag>(31, 20, 40, 4);
    fens.extend([SEED_MATE, ITALIAN, FIRST_RANK_PAWNS, PROMOTIONS, KIWIPETE].map(str::to_string));
    for fen in fens {
        let p = pos(&fen);
        for target in (0..64).map(Square) {
            for by in Color::ALL {
                let from_pieces: Bitboard = p
                    .by_color(by)
                    .filter(|&s| {
                        let piece = p.piece_at(s).expect("a piece");
                        Kag::attacks(&p, s, piece, p.occupied()).contains(target)
                    })
                    .collect();
                assert_eq!(p.attackers(target, by), from_pieces, "{fen}: {by} attackers of {target:?}");
            }
        }
    }
}

#[test]
fn a_pawn_jumps_back_to_its_first_rank_and_later_steps_one_square() {
    let fen = "4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1";
    assert_eq!(moves_from(fen, "e2"), texts("e2e3 e2e4 e2c3 e2g3 e2d4 e2f4 e2c1 e2g1"));
    let game = play("knights-are-god", Some(fen), &["e2c1", "e8d8"]);
    assert!(game.fen().starts_with("3k4/8/8/8/8/8/8/1NP1K3 w"), "a pawn on c1: {}", game.fen());
    assert_eq!(moves_from(&game.fen(), "c1"), texts("c1c2"), "one step, no double step from the first rank");
    let game = play("knights-are-god", Some(fen), &["e2c1", "e8d8", "c1c2", "d8e8"]);
    assert!(moves_from(&game.fen(), "c2").contains(&"c2c4".to_string()), "a double step from the second rank");
}

#[test]
fn a_pawn_jumping_onto_its_last_rank_promotes() {
    // The c5 knight lends the f6 pawn its jump: e8 and g8 promote.
    let fen = "k7/8/5P2/2N5/8/8/8/4K3 w - - 0 1";
    let moves = moves_from(fen, "f6");
    for promotion in ["f6e8q", "f6e8r", "f6e8b", "f6e8n", "f6g8q", "f6g8n"] {
        assert!(moves.contains(&promotion.to_string()), "{promotion} in {moves:?}");
    }
    assert!(!moves.contains(&"f6e8".to_string()), "a pawn on its last rank must promote");
    // Black the same way round: onto rank 8 it stays a pawn, onto rank 1 it promotes.
    assert_eq!(moves_from("4k1n1/3p4/8/8/8/8/8/K7 b - - 0 1", "d7"), texts("d7d6 d7d5 d7b8 d7f8 d7b6 d7f6 d7c5 d7e5"));
    let moves = moves_from("4k3/8/8/8/8/4n3/1p6/7K b - - 0 1", "b2");
    assert!(moves.contains(&"b2d1q".to_string()) && moves.contains(&"b2a4".to_string()), "{moves:?}");
}

#[test]
fn a_pawn_may_stand_on_its_own_first_rank_only() {
    assert!(Position::<Kag>::from_fen("4k3/8/8/8/8/8/8/2P1K3 w - - 0 1").is_ok());
    assert!(Position::<Kag>::from_fen("2p1k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    assert!(matches!(Position::<Kag>::from_fen("2P1k3/8/8/8/8/8/8/4K3 w - - 0 1"), Err(FenError::Illegal(_))), "White pawn on rank 8");
    assert!(matches!(Position::<Kag>::from_fen("4k3/8/8/8/8/8/8/2p1K3 w - - 0 1"), Err(FenError::Illegal(_))), "Black pawn on rank 1");
    assert!(matches!(Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/2P1K3 w - - 0 1"), Err(FenError::Illegal(_))), "chess keeps its rule");
}

#[test]
fn play_end_to_end_through_the_registry() {
    let mut game = play("knights-are-god", None, &[]);
    // Two pawns can step to e4 (d2 jumps, lent the power by g1): plain `e4` is ambiguous.
    let error = game.parse_action("e4").unwrap_err();
    assert!(error.to_string().contains("more than one"), "{error}");
    act(&mut game, "ee4");
    // Knights leap (3,1): Nc6 is no move, Nc5 is.
    assert!(game.parse_action("Nc6").is_err());
    act(&mut game, "Nc5");
    act(&mut game, "d2b3");
    let p = pos(&game.fen());
    assert_eq!(p.piece_at(sq("b3")), Some(Piece::new(Color::White, Role::Pawn)));
    assert_eq!(p.piece_at(sq("e4")), Some(Piece::new(Color::White, Role::Pawn)));
    assert_eq!(p.piece_at(sq("c5")), Some(Piece::new(Color::Black, Role::Knight)));
}

#[test]
fn san_names_the_file_of_a_pawn_that_has_a_rival() {
    let p = pos(START);
    let san = |uci: &str| notation::san(&p, notation::parse_uci(&p, uci).unwrap());
    assert_eq!(san("e2e4"), "ee4");
    assert_eq!(san("d2e4"), "de4");
    assert_eq!(san("e2e3"), "e3");
    assert_eq!(san("b1a4"), "Na4");
    assert_eq!(notation::parse_san(&p, "de4"), notation::parse_uci(&p, "d2e4"));
    // Every legal move has its own SAN.
    for fen in [START, ITALIAN, FIRST_RANK_PAWNS, PROMOTIONS, KIWIPETE] {
        let p = pos(fen);
        for mv in p.legal_moves() {
            assert_eq!(notation::parse_san(&p, &notation::san(&p, mv)), Ok(mv), "{fen}");
        }
    }
}

#[test]
fn perft_from_the_start_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Kag>("knights_are_god", START, 3), 24_469);
}

#[test]
#[ignore = "about 20 s of Python; run with --ignored"]
fn perft_from_the_start_to_depth_4_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Kag>("knights_are_god", START, 4), 750_322);
}

#[test]
fn perft_of_an_open_game_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Kag>("knights_are_god", ITALIAN, 3), 72_105);
}

#[test]
fn perft_with_pawns_on_their_first_rank_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Kag>("knights_are_god", FIRST_RANK_PAWNS, 3), 39_665);
}

#[test]
fn perft_with_promotions_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Kag>("knights_are_god", PROMOTIONS, 3), 1_719);
}

#[test]
fn perft_of_random_games_matches_the_oracle() {
    let fens = random_positions::<Kag>(2776, 6, 60, 10);
    assert_batch_matches_oracle::<Kag>("knights_are_god", &fens, 2);
}

#[test]
#[ignore = "about 5 s of Python; run with --ignored"]
fn perft_of_kiwipete_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Kag>("knights_are_god", KIWIPETE, 3), 116_374);
}

/// En passant "only after a double step and only by a pawn's diagonal
/// capture" (docs/rules/knights-are-god.md), as in chess.
#[test]
fn en_passant_after_a_double_step_by_a_diagonal_capture_only() {
    // The chess case: d7-d5, exd6 takes the pawn on d5.
    let g = play("knights-are-god", Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), &["d7d5", "e5d6"]);
    let p = pos(&g.fen());
    assert_eq!(p.piece_at(sq("d5")), None);
    assert_eq!(p.piece_at(sq("d6")), Some(Piece::new(Color::White, Role::Pawn)));
    // A pawn that jumps next to the enemy pawn (c7-d5 with the knight on f8's
    // power) made no double step: nothing to take en passant.
    let g = play("knights-are-god", Some("4kn2/2p5/8/4P3/8/8/8/4K3 b - - 0 1"), &["c7d5"]);
    assert_eq!(pos(&g.fen()).ep_square(), None, "{}", g.fen());
    assert!(!legal(&g.fen(), "e5d6"));
    // A pawn that jumps onto the en-passant square (b5-d6 with the knight on
    // e4's power) only moves there: the pawn on d5 stays.
    let g = play("knights-are-god", Some("4k3/3p4/8/1P6/4N3/8/8/4K3 b - - 0 1"), &["d7d5"]);
    assert_eq!(pos(&g.fen()).ep_square(), Some(sq("d6")));
    let p = pos(&g.fen());
    let jump = notation::parse_uci(&p, "b5d6").expect("the pawn's jump");
    assert_ne!(jump.kind, chesslantis_core::MoveKind::EnPassant);
    let after = p.after(jump);
    assert_eq!(after.piece_at(sq("d5")), Some(Piece::new(Color::Black, Role::Pawn)));
}
