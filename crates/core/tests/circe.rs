//! Circe Chess, Newport club rules: the seed's walkthrough, each rebirth
//! rule, bad input, notation, and perft against tests/oracles/circe.py.

mod oracle_support;

use chesslantis_core::variants::circe::rebirth_squares;
use chesslantis_core::variants::Circe;
use chesslantis_core::{notation, registry, Bitboard, Color, DrawReason, Game, Move, Outcome, Piece, Position, Role};
use oracle_support::{
    act, assert_batch_matches_oracle, assert_perft_matches_oracle, expect_refused, play, random_positions, sq, squares,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The seed's game after 1.e4 d5 2.exd5@a4 Bg4 3.Nf3 Qc8 4.d3.
const SEED_GAME: &str = "rnq1kbnr/ppp1pppp/8/3P4/p5b1/3P1N2/PPP2PPP/RNBQKB1R b KQkq - 0 4";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const EN_PASSANT_GAME: &str = "r3k2r/1pp2ppp/p1n5/3pP3/1b1P4/2N2N2/PPP2PPP/R3K2R w KQkq d6 0 10";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn position(game: &dyn Game) -> Position<Circe> {
    Position::from_fen(&game.fen()).expect("the game's FEN reads back")
}

/// The texts of the legal actions that start with `prefix`, sorted.
fn actions_from(game: &dyn Game, prefix: &str) -> Vec<String> {
    let mut texts: Vec<String> =
        game.legal_actions().into_iter().map(|a| game.action_text(a)).filter(|t| t.starts_with(prefix)).collect();
    texts.sort();
    texts
}

/// The legal moves of `fen` from `from` to `to`, as text, sorted.
fn captures(fen: &str, from: &str, to: &str) -> Vec<String> {
    let pos = Position::<Circe>::from_fen(fen).expect("a valid FEN");
    let mut texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq(from) && m.to == sq(to))
        .map(|m| notation::uci::<Circe>(m, false))
        .collect();
    texts.sort();
    texts
}

#[test]
fn seed_walkthrough_pawn_knight_and_bishop() {
    // "White moves by capturing the d5 pawn. White must then choose which square
    // on his 2nd, 3rd or 4th rank the pawn will resurrect."
    let mut game = play("circe", None, &["e4", "d5"]);
    let choices = actions_from(game.as_ref(), "e4d5");
    let expected: Vec<String> = {
        let mut v: Vec<String> = ["e2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"]
            .iter()
            .chain(["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"].iter())
            .map(|s| format!("e4d5@{s}"))
            .collect();
        v.sort();
        v
    };
    assert_eq!(choices, expected, "every empty square of Black's 5th-7th rank, e4 (just vacated) included");
    // "White chooses for this pawn to resurrect on A4."
    act(&mut game, "exd5@a4");
    assert_eq!(position(game.as_ref()).piece_at(sq("a4")), Some(Piece::new(Color::Black, Role::Pawn)));
    // "... and can then move as normal on the opponent's turn."
    assert_eq!(actions_from(game.as_ref(), "a4"), vec!["a4a3"]);

    for text in ["Bg4", "Nf3", "Qc8", "d3"] {
        act(&mut game, text);
    }
    assert_eq!(game.fen(), SEED_GAME);
    // "black captures the f3 knight which then resurrects on g1 although black
    // could have chose b1 if the square wasn't occupied."
    assert_eq!(actions_from(game.as_ref(), "g4f3"), vec!["g4f3@g1"]);
    act(&mut game, "Bxf3");
    assert_eq!(position(game.as_ref()).piece_at(sq("g1")), Some(Piece::new(Color::White, Role::Knight)));
    // "White then recaptures the bishop with his knight but as both black's
    // bishop squares are occupied the piece is removed from the board."
    assert_eq!(actions_from(game.as_ref(), "g1f3"), vec!["g1f3"]);
    act(&mut game, "Nxf3");
    let pos = position(game.as_ref());
    assert_eq!(pos.pieces(Color::Black, Role::Bishop), squares("f8"));
    assert_eq!(pos.piece_at(sq("c8")), Some(Piece::new(Color::Black, Role::Queen)));
}

#[test]
fn with_both_knight_squares_empty_the_capturer_chooses() {
    // As in the seed, but White's other knight has left b1.
    let fen = "rnq1kbnr/ppp1pppp/8/3P4/p5b1/2NP1N2/PPP2PPP/R1BQKB1R b KQkq - 0 5";
    assert_eq!(captures(fen, "g4", "f3"), vec!["g4f3@b1", "g4f3@g1"]);
}

#[test]
fn rebirth_squares_by_type_and_side() {
    let piece = |c, r| rebirth_squares(Piece::new(c, r));
    let ranks = |rs: &[u8]| -> Bitboard {
        rs.iter().flat_map(|&r| "abcdefgh".chars().map(move |f| sq(&format!("{f}{r}")))).collect()
    };
    assert_eq!(piece(Color::White, Role::Pawn), ranks(&[5, 6, 7]));
    assert_eq!(piece(Color::Black, Role::Pawn), ranks(&[2, 3, 4]));
    assert_eq!(piece(Color::White, Role::Rook), squares("a1 h1"));
    assert_eq!(piece(Color::Black, Role::Rook), squares("a8 h8"));
    assert_eq!(piece(Color::White, Role::Knight), squares("b1 g1"));
    assert_eq!(piece(Color::Black, Role::Knight), squares("b8 g8"));
    assert_eq!(piece(Color::White, Role::Bishop), squares("c1 f1"), "both bishop squares, whatever the colour");
    assert_eq!(piece(Color::Black, Role::Bishop), squares("c8 f8"));
    assert_eq!(piece(Color::White, Role::Queen), squares("d1"));
    assert_eq!(piece(Color::Black, Role::Queen), squares("d8"));
    assert_eq!(piece(Color::White, Role::King), Bitboard::EMPTY);
}

#[test]
fn a_promoted_piece_is_reborn_as_what_it_is_now() {
    // b8=N, then the rook takes the new knight: it is reborn on b1 or g1.
    let mut game = play("circe", Some("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), &["b7b8n"]);
    assert_eq!(actions_from(game.as_ref(), "a8b8"), vec!["a8b8@b1", "a8b8@g1"]);
    // A second queen is reborn on d1 when it is empty, and gone when not.
    assert_eq!(captures("3rk3/8/8/3Q4/8/8/8/4K3 b - - 0 1", "d8", "d5"), vec!["d8d5@d1"]);
    assert_eq!(captures("3rk3/8/8/3Q4/8/8/8/3QK3 b - - 0 1", "d8", "d5"), vec!["d8d5"]);
    // Taking a rook while promoting: the rook goes to h8, a8 being taken.
    let game2 = play("circe", Some("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), &[]);
    assert_eq!(actions_from(game2.as_ref(), "b7a8q"), vec!["b7a8q@h8"]);
    act(&mut game, "a8b8@g1");
    assert_eq!(position(game.as_ref()).piece_at(sq("g1")), Some(Piece::new(Color::White, Role::Knight)));
}

#[test]
fn a_rebirth_that_checks_the_capturer_is_illegal() {
    // Rxc5: the rook may not come back on h8, where it would check the king on h4.
    assert_eq!(captures("4k3/8/8/2r5/7K/8/8/2R5 w - - 0 1", "c1", "c5"), vec!["c1c5@a8"]);
}

#[test]
fn a_rebirth_may_block_a_check() {
    // White is in check along the 4th rank; Rxd5 is legal exactly when the
    // black pawn is reborn between the rook and the king.
    let fen = "4k3/8/8/3p4/K6r/8/8/3R4 w - - 0 1";
    let expected: Vec<String> = ["b4", "c4", "d4", "e4", "f4", "g4"].iter().map(|s| format!("d1d5@{s}")).collect();
    assert_eq!(captures(fen, "d1", "d5"), expected);
}

#[test]
fn a_pawn_taken_en_passant_is_reborn_too() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let choices = captures(fen, "e5", "d6");
    // 24 squares of Black's 5th-7th ranks, less d2 and f2, which check the king.
    assert_eq!(choices.len(), 22);
    assert!(!choices.contains(&"e5d6@d2".to_string()) && !choices.contains(&"e5d6@f2".to_string()));
    let pos = Position::<Circe>::from_fen(fen).unwrap();
    let mv = notation::parse_move(&pos, "e5d6@d3").unwrap();
    let after = pos.after(mv);
    assert_eq!(after.piece_at(sq("d3")), Some(Piece::new(Color::Black, Role::Pawn)));
    assert_eq!(after.piece_at(sq("d5")), None);
}

#[test]
fn a_reborn_rook_gets_no_castling_right() {
    let game = play("circe", Some("r3k3/8/8/7r/8/8/8/4K2R w Kq - 0 1"), &["h1h5@h8"]);
    assert!(game.fen().starts_with("r3k2r/8/8/7R/8/8/8/4K3 b q "), "{}", game.fen());
    let castles = actions_from(game.as_ref(), "e8");
    assert!(castles.contains(&"e8c8".to_string()) && !castles.contains(&"e8g8".to_string()), "{castles:?}");
}

#[test]
fn bad_rebirths_are_refused_with_the_choices_and_change_nothing() {
    let mut game = play("circe", None, &["e4", "d5"]);
    let error = expect_refused(&mut game, "e4d5@b2");
    assert!(error.contains("cannot be reborn on b2") && error.contains("e4d5@a4"), "{error}");
    let error = expect_refused(&mut game, "exd5@a5");
    assert!(error.contains("cannot be reborn on a5"), "{error}");
    let error = expect_refused(&mut game, "exd5");
    assert!(error.contains("choose where the captured pawn is reborn") && error.contains("e4d5@h4"), "{error}");
    let error = expect_refused(&mut game, "e2e4@e5");
    assert!(error.contains("not legal"), "{error}");
    // An Action built by hand with the capturer's own square.
    let pos = position(game.as_ref());
    let fen = game.fen();
    let bad = Move::normal(sq("e4"), sq("d5")).with_choice(sq("d5"));
    assert!(game.apply(chesslantis_core::Action::Move(bad)).is_err());
    assert_eq!(game.fen(), fen);
    assert!(!pos.is_legal(Move::normal(sq("e4"), sq("d5"))), "a capture must name its rebirth");

    let mut game = play("circe", Some(SEED_GAME), &["Bxf3@g1"]);
    let error = expect_refused(&mut game, "g1f3@c8");
    assert!(error.contains("no empty square"), "{error}");
}

#[test]
fn queens_taking_each_other_back_and_forth_repeat_to_a_draw() {
    // Each capture gives the other queen back on its start square, so the
    // position repeats although every move is a capture.
    let info = registry::variant("circe").expect("circe is registered");
    let mut game = (info.new_game)(Some("4k3/8/8/3q4/3Q4/8/8/4K3 w - - 0 1")).expect("a valid FEN");
    for text in ["d4d5@d8", "d8d5@d1", "d1d5@d8", "d8d5@d1"] {
        assert_eq!(game.outcome(), None, "no draw before the third occurrence");
        let action = game.parse_action(text).expect("a legal capture");
        game.apply(action).expect("applies");
    }
    assert_eq!(game.outcome(), None, "twice is not yet a repetition draw");
    let action = game.parse_action("d1d5@d8").expect("a legal capture");
    game.apply(action).expect("applies");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn bishops_on_one_colour_are_no_dead_position() {
    // Both bishops on light squares; taken, the f5 bishop would come back on
    // c8 (light) or f8 (dark).
    let fen = "k7/8/8/5b2/8/8/2B5/K7 w - - 0 1";
    assert_eq!(play("circe", Some(fen), &[]).outcome(), None);
    assert!(play("chess", Some(fen), &[]).outcome().is_some(), "chess calls it dead");
    // A lone minor piece cannot mate, reborn or not.
    assert!(play("circe", Some("k7/8/8/5b2/8/8/8/K7 w - - 0 1"), &[]).outcome().is_some());
}

#[test]
fn circe_moves_in_san() {
    let pos = Position::<Circe>::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    let mv = notation::parse_move(&pos, "e4d5@a4").unwrap();
    assert_eq!(notation::san(&pos, mv), "exd5@a4");
    assert_eq!(notation::parse_san(&pos, "exd5@a4"), Ok(mv));
}

#[test]
fn perft_from_the_start_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Circe>("circe", START, 4), 232_823);
}

#[test]
fn perft_of_the_seed_game_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Circe>("circe", SEED_GAME, 3), 46_423);
}

#[test]
fn perft_with_promotions_and_castling_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Circe>("circe", POSITION_4, 3), 47_585);
}

#[test]
fn perft_with_en_passant_matches_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Circe>("circe", EN_PASSANT_GAME, 3), 110_745);
}

#[test]
fn perft_of_random_games_matches_the_oracle() {
    let fens = random_positions::<Circe>(2776, 8, 40, 8);
    assert_batch_matches_oracle::<Circe>("circe", &fens, 2);
}

#[test]
#[ignore = "about 20 s of Python; run with --ignored"]
fn deeper_middlegames_match_the_oracle() {
    assert_eq!(assert_perft_matches_oracle::<Circe>("circe", POSITION_5, 3), 296_197);
    assert_eq!(assert_perft_matches_oracle::<Circe>("circe", KIWIPETE, 3), 1_306_630);
}

/// A reborn pawn "on its 7th rank promotes with its next step": White's
/// pawn taken on e4 comes back on a7 and queens (or underpromotes) at once.
#[test]
fn a_pawn_reborn_on_its_seventh_rank_promotes_with_its_next_step() {
    let mut game = play("circe", Some("4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1"), &["d5e4@a7"]);
    assert_eq!(position(game.as_ref()).piece_at(sq("a7")), Some(Piece::new(Color::White, Role::Pawn)));
    assert_eq!(actions_from(game.as_ref(), "a7"), ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    act(&mut game, "a8=Q+");
    assert_eq!(position(game.as_ref()).piece_at(sq("a8")), Some(Piece::new(Color::White, Role::Queen)));
    // Black's pawn the same way, on its 7th rank (rank 2).
    let game = play("circe", Some("4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1"), &["e3d4@h2"]);
    assert_eq!(actions_from(game.as_ref(), "h2"), ["h2h1b", "h2h1n", "h2h1q", "h2h1r"]);
}
