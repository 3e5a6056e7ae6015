//! The rules of FIDE chess (and Chess960 castling) through the game model:
//! how games end, the draw rules that need history, castling and en-passant
//! rights, promotion, and SAN in and out.

use chesslantis_core::notation::{parse_san, parse_uci, san, uci};
use chesslantis_core::variants::Chess;
use chesslantis_core::{
    Action, Actor, DrawReason, Game, MoveError, Outcome, Piece, Position, PositionGame, Role, Shape, WinReason,
};
use chesslantis_core::{Color, MoveKind};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn game(fen: &str) -> PositionGame<Chess> {
    PositionGame::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

/// Plays moves given in UCI or SAN, checking each is accepted.
fn play(game: &mut PositionGame<Chess>, moves: &[&str]) {
    for text in moves {
        let action = game.parse_action(text).unwrap_or_else(|e| panic!("'{text}' in {}: {e}", game.fen()));
        game.apply(action).unwrap_or_else(|e| panic!("'{text}' in {}: {e}", game.fen()));
    }
}

/// The game after the moves from `fen`.
fn after(fen: &str, moves: &[&str]) -> PositionGame<Chess> {
    let mut g = game(fen);
    play(&mut g, moves);
    g
}

fn pos(fen: &str) -> Position<Chess> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> chesslantis_core::Square {
    Shape::CHESS.parse(name).expect("a square name")
}

fn legal_uci(pos: &Position<Chess>) -> Vec<String> {
    pos.legal_moves().into_iter().map(|m| uci::<Chess>(m, false)).collect()
}

// ---- how games end ----

#[test]
fn fools_mate_is_checkmate_and_ends_the_game() {
    let mut g = game(START);
    play(&mut g, &["f3", "e5", "g4"]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["Qh4#"]);
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
    assert_eq!(g.actor(), Actor::Nobody);
    assert!(g.legal_actions().is_empty());
    let fen = g.fen();
    let mv = g.position().legal_moves();
    assert!(mv.is_empty(), "a mated side has no legal move");
    assert_eq!(g.apply(Action::Resign), Err(MoveError::GameOver));
    assert_eq!(g.fen(), fen);
}

#[test]
fn stalemate_is_a_draw() {
    let g = after("k7/8/8/2Q5/8/8/8/7K w - - 0 1", &["Qb6"]);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(g.actor(), Actor::Nobody);
}

#[test]
fn check_without_mate_does_not_end_the_game() {
    let g = after("k7/8/8/2Q5/8/8/8/7K w - - 0 1", &["Qc8+"]);
    assert_eq!(g.outcome(), None);
    assert!(g.position().in_check());
}

#[test]
fn threefold_repetition_by_knight_shuffle() {
    let mut g = game(START);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle[..3]);
    assert_eq!(g.outcome(), None, "the start position has occurred only twice");
    play(&mut g, &cycle[3..]);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn lost_castling_rights_make_a_different_position_for_repetition() {
    // The first king walk loses the rights: the start position is not repeated.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let cycle = ["Kf1", "Kf8", "Ke1", "Ke8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    assert_eq!(g.outcome(), None, "twice without castling rights, once with");
    // Kf1 again; then Kf8 makes the third time for that position.
    play(&mut g, &cycle[..1]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &cycle[1..2]);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn an_en_passant_right_counts_for_repetition_only_when_the_capture_is_legal() {
    // After ...c5, b5xc6 would expose the white king to the rook on h5, so the
    // en-passant right is not real and the position repeats.
    let mut g = game("k7/2p5/8/KP5r/8/8/8/8 b - - 0 1");
    play(&mut g, &["c5"]);
    let cycle = ["Ka4", "Kb8", "Ka5", "Ka8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle[..3]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &cycle[3..]);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));

    // With the rook away the capture is legal: the first position differs.
    let mut g = game("k7/2p5/8/KP6/8/8/8/7r b - - 0 1");
    play(&mut g, &["c5"]);
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    assert_eq!(g.outcome(), None, "the position with the en-passant right happened once");
    play(&mut g, &cycle[..1]);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)), "Ka4 for the third time");
}

#[test]
fn fifty_move_rule_after_the_hundredth_quiet_ply() {
    let fen = "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80";
    assert_eq!(game(fen).outcome(), None);
    assert_eq!(after(fen, &["Ra2"]).outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

#[test]
fn a_pawn_move_or_capture_resets_the_fifty_move_count() {
    let g = after("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", &["e3"]);
    assert_eq!((g.outcome(), g.position().halfmoves()), (None, 0), "pawn move");
    let g = after("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", &["Rxa2"]);
    assert_eq!((g.outcome(), g.position().halfmoves()), (None, 0), "capture");
}

#[test]
fn checkmate_on_the_hundredth_ply_beats_the_fifty_move_rule() {
    let g = after("k7/8/1K6/8/8/8/8/7R w - - 99 80", &["Rh8#"]);
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
}

#[test]
fn dead_positions_by_insufficient_material() {
    let dead = [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", "king against king"),
        ("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", "king and bishop against king"),
        ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", "king and knight against king"),
        ("8/8/4k3/4b3/8/3KB3/8/8 w - - 0 1", "bishops on the same colour (e5, e3)"),
        ("8/8/4k3/8/8/2BKB3/8/8 w - - 0 1", "two bishops on the same colour against king"),
    ];
    for (fen, why) in dead {
        assert_eq!(game(fen).outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)), "{why}: {fen}");
    }
    let alive = [
        ("8/8/4k3/8/8/2NKN3/8/8 w - - 0 1", "two knights can mate with help: FIDE plays on"),
        ("8/8/4k3/3b4/8/3KB3/8/8 w - - 0 1", "bishops on opposite colours (d5, e3)"),
        ("8/8/4k3/7n/8/3KB3/8/8 w - - 0 1", "bishop against knight"),
        ("8/8/4k3/7n/8/3KN3/8/8 w - - 0 1", "knight against knight"),
        ("8/8/4k3/8/8/3KB3/8/5B2 w - - 0 1", "bishops on both colours"),
        ("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", "a pawn"),
        ("8/8/4k3/8/8/3K4/8/7R w - - 0 1", "a rook"),
    ];
    for (fen, why) in alive {
        assert_eq!(game(fen).outcome(), None, "{why}: {fen}");
    }
}

#[test]
fn capturing_the_last_piece_ends_the_game() {
    let fen = "k7/8/8/8/4r3/3K4/8/8 w - - 0 1";
    assert_eq!(game(fen).outcome(), None);
    assert_eq!(after(fen, &["Kxe4"]).outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
}

// ---- castling, en passant, promotion ----

#[test]
fn castling_rights_are_lost_when_a_rook_is_captured_or_moves_or_the_king_moves() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, &["Rxa8+"]);
    assert_eq!(castling_field(&g), "Kk", "the moved rook's right and the captured rook's right go");
    play(&mut g, &["Ke7"]);
    assert_eq!(castling_field(&g), "K", "a king move loses both rights");
    play(&mut g, &["Rh2"]);
    assert_eq!(castling_field(&g), "-");

    // A rook captured on its square by a bishop: only that right goes.
    let mut g = game("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(&mut g, &["Bxh1"]);
    assert_eq!(castling_field(&g), "Qkq");
    assert!(!legal_uci(g.position()).contains(&"e1g1".to_string()));
}

fn castling_field(g: &PositionGame<Chess>) -> String {
    g.fen().split(' ').nth(2).expect("a castling field").to_string()
}

#[test]
fn castling_needs_safe_squares_for_the_king_only() {
    // The b8 rook attacks b1, which only the castling rook crosses.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(legal_uci(&p).contains(&"e1c1".to_string()));
    // A bishop on a6 attacks f1, which the king crosses going king side.
    let p = pos("4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = legal_uci(&p);
    assert!(!moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    // Not out of check.
    let p = pos("4k3/8/8/8/8/8/8/R3K1rR w KQ - 0 1");
    assert!(!legal_uci(&p).iter().any(|m| m == "e1g1" || m == "e1c1"));
}

#[test]
fn en_passant_only_immediately_after_the_double_step() {
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut g, &["e4"]);
    assert!(g.position().legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant));
    play(&mut g, &["dxe3"]);
    assert_eq!(g.position().piece_at(sq("e4")), None, "the passed pawn is taken");
    assert_eq!(g.position().piece_at(sq("e3")), Some(Piece::new(Color::Black, Role::Pawn)));

    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut g, &["e4", "Kd7", "Kd2"]);
    assert!(!g.position().legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant), "one move later");
    let fen = g.fen();
    assert!(g.parse_action("dxe3").is_err());
    assert_eq!(g.fen(), fen);
}

#[test]
fn promotion_to_each_of_queen_rook_bishop_knight_and_nothing_else() {
    let start = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (text, role) in [("a8=Q", Role::Queen), ("a8=R", Role::Rook), ("a8=B", Role::Bishop), ("a8=N", Role::Knight)] {
        let mv = parse_san(&start, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(start.after(mv).piece_at(sq("a8")), Some(Piece::new(Color::White, role)), "{text}");
        assert_eq!(parse_uci(&start, &uci::<Chess>(mv, false)), Ok(mv));
    }
    assert!(parse_uci(&start, "a7a8").is_err(), "a pawn must promote");
    assert!(parse_uci(&start, "a7a8k").is_err(), "not to a king");
    assert!(parse_uci(&start, "a7a8p").is_err(), "not to a pawn");
    assert_eq!(start.legal_moves().iter().filter(|m| m.promotion.is_some()).count(), 4);
}

#[test]
fn chess960_castling_where_the_king_does_not_move() {
    // King g1, rook h1: king side castling leaves the king on g1, rook to f1.
    let p = pos("rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1");
    let mv = parse_uci(&p, "g1h1").expect("king takes rook is castling");
    assert_eq!(mv.kind, MoveKind::Castle);
    assert_eq!(san(&p, mv), "O-O");
    assert_eq!(p.after(mv).fen(), "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // Queen side from g1: king to c1, rook a1 to d1.
    let mv = parse_san(&p, "O-O-O").expect("queen side castling");
    assert_eq!(uci::<Chess>(mv, true), "g1a1");
    assert_eq!(p.after(mv).fen(), "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn chess960_castling_where_the_rook_does_not_move() {
    let p = pos("r3k3/8/8/8/8/8/8/3RKR2 w FDq - 0 1");
    let short = parse_san(&p, "O-O").expect("king side castling");
    assert_eq!(uci::<Chess>(short, true), "e1f1");
    assert_eq!(p.after(short).fen(), "r3k3/8/8/8/8/8/8/3R1RK1 b q - 1 1");
    let long = parse_san(&p, "0-0-0").expect("queen side castling, with zeros");
    assert_eq!(p.after(long).fen(), "r3k3/8/8/8/8/8/8/2KR1R2 b q - 1 1");
}

#[test]
fn chess960_castling_with_a_king_step_of_the_same_text_is_not_ambiguous() {
    // King b1 castling queen side lands on c1, where the king can also step:
    // the king-takes-rook text is the castling, the step is the step.
    let p = pos("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let castle = parse_uci(&p, "b1a1").expect("castling");
    assert_eq!(castle.kind, MoveKind::Castle);
    assert_eq!(p.after(castle).fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    let step = parse_uci(&p, "b1c1").expect("a king step");
    assert_eq!(step.kind, MoveKind::Normal);
}

// ---- SAN ----

#[test]
fn san_disambiguates_by_file_then_rank_then_both() {
    // Knights b1 and f1 both reach d2: by file.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san(&p, parse_uci(&p, "b1d2").unwrap()), "Nbd2");
    assert_eq!(san(&p, parse_uci(&p, "f1d2").unwrap()), "Nfd2");
    // Rooks a1 and a5 both reach a3: by rank.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&p, parse_uci(&p, "a1a3").unwrap()), "R1a3");
    assert_eq!(san(&p, parse_uci(&p, "a5a3").unwrap()), "R5a3");
    // Queens h4, e4 and h1 all reach e1: h4 needs file and rank.
    let p = pos("8/8/1k6/8/4Q2Q/8/8/2K4Q w - - 0 1");
    assert_eq!(san(&p, parse_uci(&p, "h4e1").unwrap()), "Qh4e1");
    assert_eq!(san(&p, parse_uci(&p, "e4e1").unwrap()), "Qee1");
    assert_eq!(san(&p, parse_uci(&p, "h1e1").unwrap()), "Q1e1");
    // A pinned rival does not count.
    let p = pos("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1");
    assert_eq!(san(&p, parse_uci(&p, "b1c3").unwrap()), "Nc3");
}

#[test]
fn san_marks_check_mate_captures_promotions_and_castling() {
    let p = pos("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&p, parse_uci(&p, "e1g1").unwrap()), "O-O");
    assert_eq!(san(&p, parse_uci(&p, "e1c1").unwrap()), "O-O-O");
    assert_eq!(san(&p, parse_uci(&p, "b7a8q").unwrap()), "bxa8=Q+");
    assert_eq!(san(&p, parse_uci(&p, "b7b8n").unwrap()), "b8=N");
    assert_eq!(san(&p, parse_uci(&p, "a1a8").unwrap()), "Rxa8+");
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(san(&p, parse_uci(&p, "d8h4").unwrap()), "Qh4#");
    let p = pos("8/3k4/8/3Pp3/8/8/8/4K3 w - e6 0 2");
    assert_eq!(san(&p, parse_uci(&p, "d5e6").unwrap()), "dxe6+");
}

#[test]
fn san_input_is_forgiving_about_marks_but_not_about_ambiguity() {
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(parse_san(&p, "Nd2"), Err(MoveError::Ambiguous("Nd2".into())));
    assert_eq!(parse_san(&p, "Nbd2!?"), parse_uci(&p, "b1d2"));
    assert!(matches!(parse_san(&p, "Nc4"), Err(MoveError::Illegal(_))));
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(parse_san(&p, "ed5"), parse_uci(&p, "e4d5"), "capture without x");
    assert_eq!(parse_san(&p, "exd5+"), parse_uci(&p, "e4d5"), "a wrong check mark is ignored");
}
