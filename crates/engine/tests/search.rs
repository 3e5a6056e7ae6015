//! The search finds what it must: mates, free material, the draw it should
//! avoid or seek, and it keeps to its limits.

use chesslantis_core::notation::{parse_uci, uci};
use chesslantis_core::variants::Chess;
use chesslantis_core::Position;
use chesslantis_engine::score::{mate_in, UciScore};
use chesslantis_engine::search::Features;
use chesslantis_engine::{EngineVariant, Limits, SearchResult, Searcher};

fn search(fen: &str, limits: Limits) -> (Position<Chess>, SearchResult) {
    let pos = Position::<Chess>::from_fen(fen).expect("test FEN");
    let mut searcher = Searcher::<Chess>::new(8);
    let result = searcher.search(&pos, &[], &limits, &[], &mut |_| {});
    (pos, result)
}

fn best_text(r: &SearchResult) -> String {
    uci::<Chess>(r.best.expect("a move"), false)
}

#[test]
fn finds_mate_in_one() {
    // Scholar's mate: Qxf7#.
    let (_, r) = search("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", Limits::depth(4));
    assert_eq!(best_text(&r), "h5f7");
    assert_eq!(r.score, mate_in(1));
    assert_eq!(UciScore::of(r.score), UciScore::Mate(1));
}

#[test]
fn finds_mate_in_two() {
    // 1. Kc7 Ka7 2. Ra1# (no mate in one: Ra1+ Kb8, Rb8+ Kxb8).
    let (pos, r) = search("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", Limits::depth(6));
    assert_eq!(UciScore::of(r.score), UciScore::Mate(2), "{r:?}");
    let after = pos.after(r.best.unwrap());
    assert!(!after.legal_moves().is_empty(), "the move must not stalemate");
}

#[test]
fn sees_being_mated() {
    // Whatever Black plays, Qg7# follows.
    let (_, r) = search("6k1/5p1p/5PpQ/8/8/8/8/6K1 b - - 0 1", Limits::depth(4));
    assert_eq!(UciScore::of(r.score), UciScore::Mate(-1), "{r:?}");
}

#[test]
fn takes_a_hanging_piece() {
    // The black queen on d5 is unprotected and attacked by the knight on c3.
    let (_, r) = search("rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3", Limits::depth(4));
    assert_eq!(best_text(&r), "c3d5");
    assert!(r.score > 600, "{}", r.score);
}

#[test]
fn does_not_take_a_defended_pawn_with_a_rook() {
    // Rxd5 loses the rook to cxd5.
    let (_, r) = search("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", Limits::depth(5));
    assert_ne!(best_text(&r), "d1d5");
}

#[test]
fn avoids_stalemate_when_winning() {
    // Qb6 would stalemate the king on a8; White must not play it.
    let (pos, r) = search("k7/2K5/8/1Q6/8/8/8/8 w - - 0 1", Limits::depth(5));
    let mv = best_text(&r);
    let after = pos.after(r.best.unwrap());
    assert!(!after.legal_moves().is_empty() || after.in_check(), "{mv} stalemates");
    assert_ne!(mv, "b5b6");
    assert!(r.score > 500);
}

#[test]
fn promotes_to_a_queen() {
    let (_, r) = search("8/2P1k3/8/8/8/8/8/4K3 w - - 0 1", Limits::depth(5));
    assert_eq!(best_text(&r), "c7c8q");
}

#[test]
fn a_perpetual_check_scores_a_draw() {
    // White is a queen down but checks forever: Qe8+ Kh7 Qh5+ Kg8 Qe8+ ...
    let (_, r) = search("6k1/5ppp/8/7Q/8/8/q4PPP/6K1 w - - 0 1", Limits::depth(8));
    assert!(r.score.abs() <= 50, "expected about a draw, got {}", r.score);
}

#[test]
fn the_game_history_makes_a_repetition() {
    // Black, a queen down, has been shuffling: Kg8 Qc2 Kh8 Qc1 brought the
    // game back to the start. Kg8 now repeats a position of the game's
    // history: a draw, which the lost side takes.
    let start = "7k/8/8/8/8/8/8/K1Q5 b - - 0 1";
    let mut pos = Position::<Chess>::from_fen(start).unwrap();
    let mut history = Vec::new();
    for text in ["h8g8", "c1c2", "g8h8", "c2c1"] {
        history.push(pos.hash());
        let mv = parse_uci(&pos, text).unwrap();
        pos.play(mv);
    }
    let mut searcher = Searcher::<Chess>::new(8);
    let r = searcher.search(&pos, &history, &Limits::depth(3), &[], &mut |_| {});
    assert_eq!(uci::<Chess>(r.best.unwrap(), false), "h8g8");
    assert_eq!(r.score, 0);
    // Without the history the same position is simply lost.
    let r = searcher.search(&pos, &[], &Limits::depth(3), &[], &mut |_| {});
    assert!(r.score < -500, "{}", r.score);
}

#[test]
fn the_fifty_move_rule_is_a_draw() {
    // Black, a queen down, needs one more quiet move to reach 100 plies
    // without capture or pawn move: the game is drawn whatever it plays.
    let (_, r) = search("7k/8/8/8/8/8/8/K1Q5 b - - 99 80", Limits::depth(4));
    assert_eq!(r.score, 0);
    // One ply earlier White still has a move to keep the win alive? No: White
    // to move at 98 plies can only capture or move a pawn to avoid the draw,
    // and has neither, so it is a draw in one for White as well.
    let (_, r) = search("7k/8/8/8/8/8/8/K1Q5 w - - 98 80", Limits::depth(4));
    assert_eq!(r.score, 0);
    let (_, r) = search("7k/8/8/8/8/8/8/K1Q5 w - - 0 80", Limits::depth(4));
    assert!(r.score > 500, "{}", r.score);
}

#[test]
fn keeps_to_a_node_limit_and_a_depth() {
    let limits = Limits { nodes: Some(3000), ..Limits::default() };
    let (_, r) = search("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10", limits);
    assert!(r.nodes <= 3000, "{}", r.nodes);
    assert!(r.best.is_some());
    let (_, r) = search("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10", Limits::depth(3));
    assert_eq!(r.depth, 3);
}

#[test]
fn search_is_deterministic() {
    let fen = "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14";
    let (_, a) = search(fen, Limits::depth(6));
    let (_, b) = search(fen, Limits::depth(6));
    assert_eq!(a, b);
}

#[test]
fn a_new_game_forgets_everything_the_search_learnt() {
    // Tables, histories and the evaluation's corrections by pawns: after
    // `clear` (UCI ucinewgame) a searcher searches as a new one does.
    let played = Position::<Chess>::from_fen("r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16").expect("test FEN");
    let next = Position::<Chess>::from_fen("r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14").expect("test FEN");
    let mut used = Searcher::<Chess>::new(8);
    used.search(&played, &[], &Limits::depth(8), &[], &mut |_| {});
    let remembering = used.search(&next, &[], &Limits::depth(7), &[], &mut |_| {});
    used.clear();
    let cleared = used.search(&next, &[], &Limits::depth(7), &[], &mut |_| {});
    let fresh = Searcher::<Chess>::new(8).search(&next, &[], &Limits::depth(7), &[], &mut |_| {});
    assert_eq!(cleared, fresh);
    assert_ne!(remembering.nodes, fresh.nodes, "what it learnt changes the search until cleared");
}

#[test]
fn restricts_the_root_to_search_moves() {
    let pos = Position::<Chess>::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
    let only = parse_uci(&pos, "h5e5").unwrap();
    let mut searcher = Searcher::<Chess>::new(8);
    let r = searcher.search(&pos, &[], &Limits::depth(3), &[only], &mut |_| {});
    assert_eq!(r.best, Some(only));
}

#[test]
fn a_position_without_moves_has_no_best_move() {
    let (_, r) = search("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", Limits::depth(3));
    assert_eq!(r.best, None);
    assert_eq!(r.score, -chesslantis_engine::MATE);
    let (_, r) = search("k7/8/1Q6/8/8/8/8/K7 b - - 0 1", Limits::depth(3));
    assert_eq!((r.best, r.score), (None, 0));
}

/// The nodes of a depth-7 search of `fen` with `features`.
fn nodes_at_depth_7(fen: &str, features: Features) -> u64 {
    let pos = Position::<Chess>::from_fen(fen).expect("test FEN");
    let mut s = Searcher::<Chess>::new(8);
    s.set_features(features);
    s.search(&pos, &[], &Limits::depth(7), &[], &mut |_| {}).nodes
}

#[test]
fn null_move_and_corrections_can_be_switched_off() {
    let nodes = |features| nodes_at_depth_7("r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16", features);
    let all = nodes(Features::default());
    let no_null = nodes(Features { null_move: false, ..Default::default() });
    let no_correction = nodes(Features { correction_history: false, ..Default::default() });
    assert_ne!(all, no_null);
    assert_ne!(all, no_correction, "the corrected evaluation steers the prunings");
}

#[test]
fn late_move_reductions_save_nodes_over_the_bench_positions() {
    // Over many positions, not one: in a single tree a reduced move's
    // re-search can cost more than the reductions saved.
    let total = |features| -> u64 { <Chess as EngineVariant>::bench_fens().iter().map(|fen| nodes_at_depth_7(fen, features)).sum() };
    let with = total(Features::default());
    let without = total(Features { late_move_reductions: false, ..Default::default() });
    assert!(without > with, "reductions save nodes: {without} without against {with} with");
}
