//! The UCI loop, driven in memory: every command, and malformed lines that
//! must be answered with an error and otherwise ignored.

use chesslantis_core::notation::parse_uci;
use chesslantis_core::variants::Chess;
use chesslantis_core::Position;
use chesslantis_engine::uci;
use std::io::{BufReader, Cursor, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A writer whose bytes the test can read while the loop runs.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

fn run(input: &str) -> String {
    let out = Shared::default();
    uci::run(Cursor::new(input.to_string()), out.clone()).expect("the loop ends cleanly");
    out.text()
}

fn bestmoves(output: &str) -> Vec<&str> {
    output.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect()
}

fn errors(output: &str) -> usize {
    output.lines().filter(|l| l.starts_with("info string error: ")).count()
}

fn assert_legal(fen: &str, moves: &[&str], best: &str) {
    let mut pos = Position::<Chess>::from_fen(fen).unwrap();
    for m in moves {
        let mv = parse_uci(&pos, m).unwrap();
        pos.play(mv);
    }
    assert!(parse_uci(&pos, best).is_ok(), "{best} is not legal in {}", pos.fen());
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn identifies_itself_with_options() {
    let out = run("uci\nisready\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name Chesslantis"));
    assert!(out.contains("option name Hash type spin default 16 min 1 max"));
    assert!(out.contains("option name UCI_Variant type combo default chess var chess"));
    assert!(out.contains("option name UCI_LimitStrength type check default false"));
    assert!(out.contains("option name UCI_Elo type spin default 2600 min 800 max 2600"));
    assert!(out.contains("option name Skill Level type spin default 20 min 0 max 20"));
    let uciok = lines.iter().position(|l| *l == "uciok").expect("uciok");
    assert_eq!(lines[uciok + 1], "readyok");
    assert_eq!(errors(&out), 0);
}

#[test]
fn position_and_go_give_a_legal_bestmove() {
    let out = run("position startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1);
    assert_legal(START, &["e2e4", "e7e5", "g1f3"], best[0]);
    assert!(out.lines().any(|l| l.starts_with("info depth 3 ") && l.contains(" score cp ") && l.contains(" pv ")));
    let info = out.lines().find(|l| l.starts_with("info depth 1 ")).unwrap();
    for field in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
        assert!(info.contains(&format!(" {field} ")), "{info} lacks {field}");
    }
}

#[test]
fn position_fen_with_moves() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = run(&format!("position fen {fen} moves e1g1 a6e2\ngo depth 2\n"));
    let best = bestmoves(&out);
    assert_legal(fen, &["e1g1", "a6e2"], best[0]);
    assert_eq!(errors(&out), 0);
}

#[test]
fn mate_scores_are_in_moves() {
    let out = run("position fen k7/8/2K5/8/8/8/8/1R6 w - - 0 1\ngo depth 6\n");
    assert!(out.lines().any(|l| l.contains(" score mate 2 ")), "{out}");
    let out = run("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\ngo mate 1\n");
    assert_eq!(bestmoves(&out), ["h5f7"]);
    assert!(out.contains("score mate 1"));
}

#[test]
fn no_legal_move_answers_the_null_move() {
    let out = run("position fen k7/1Q6/1K6/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
    assert_eq!(bestmoves(&out), ["0000"]);
}

#[test]
fn time_and_node_limits() {
    let out = run("position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10 movestogo 20\n");
    assert_eq!(bestmoves(&out).len(), 1);
    let out = run("position startpos moves d2d4\ngo btime 500 wtime 30\n");
    assert_legal(START, &["d2d4"], bestmoves(&out)[0]);
    let out = run("position startpos\ngo movetime 30\n");
    assert_eq!(bestmoves(&out).len(), 1);
    let out = run("position startpos\ngo nodes 2000\n");
    assert_eq!(bestmoves(&out).len(), 1);
    for l in out.lines().filter(|l| l.starts_with("info depth")) {
        let nodes: u64 = l.split(" nodes ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(nodes <= 2000, "{l}");
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    let out = run("position startpos\ngo depth 3 searchmoves a2a3 h2h3\n");
    let best = bestmoves(&out);
    assert!(best == ["a2a3"] || best == ["h2h3"], "{best:?}");
}

#[test]
fn setoption_hash_variant_and_clear() {
    let out = run(
        "setoption name Hash value 32\nsetoption name UCI_Variant value chess\nsetoption name Clear Hash\nsetoption name NullMove value false\nsetoption name LateMoveReductions value false\nsetoption name CorrectionHistory value false\nsetoption name Network value false\nposition startpos\ngo depth 2\n",
    );
    assert_eq!(errors(&out), 0, "{out}");
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn the_strength_options_weaken_the_search() {
    // Level 0 searches depth 1 only; UCI_Elo applies with UCI_LimitStrength.
    let info_depths = |out: &str| out.lines().filter(|l| l.starts_with("info depth ")).count();
    let weak = run("setoption name Skill Level value 0\nposition startpos\ngo depth 8\n");
    assert_eq!(info_depths(&weak), 1, "{weak}");
    let by_elo = run("setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 800\nposition startpos\ngo depth 8\n");
    assert_eq!(info_depths(&by_elo), 1, "{by_elo}");
    let unlimited = run("setoption name UCI_Elo value 800\nposition startpos\ngo depth 4\n");
    assert_eq!(info_depths(&unlimited), 4, "UCI_Elo alone does not limit: {unlimited}");
    assert_eq!(errors(&weak) + errors(&by_elo) + errors(&unlimited), 0);
}

#[test]
fn ucinewgame_returns_to_the_start() {
    let out = run("position startpos moves e2e4\nucinewgame\ngo depth 2\n");
    assert_legal(START, &[], bestmoves(&out)[0]);
    assert!(bestmoves(&out)[0].starts_with(|c: char| "abcdefgh".contains(c)));
    // White's move: a White piece's square on rank 1 or 2.
    let from_rank = bestmoves(&out)[0].as_bytes()[1];
    assert!(from_rank == b'1' || from_rank == b'2');
}

#[test]
fn malformed_lines_are_errors_and_change_nothing() {
    let bad = [
        "position",
        "position fen",
        "position fen not a fen",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position middle",
        "go depth",
        "go depth x",
        "go wtime -5",
        "go ponder",
        "go sideways 3",
        "go depth 2 searchmoves",
        "go depth 2 searchmoves e2e4",
        "setoption",
        "setoption Hash 3",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Hash",
        "setoption name Colour value blue",
        "setoption name UCI_Variant value no-such-variant",
        "setoption name NullMove value maybe",
        "setoption name Network value 1",
        "setoption name LateMoveReductions",
        "setoption name UCI_Elo value 100",
        "setoption name UCI_Elo value strong",
        "setoption name Skill Level value 21",
        "setoption name Skill Level",
        "setoption name UCI_LimitStrength value maybe",
        "ponderhit",
        "xyzzy",
        "\u{7f}\u{1b}[A",
    ];
    // The good position is Black to move after 1. d4; a bad line must not change it.
    let mut input = String::from("position startpos moves d2d4\n");
    for line in bad {
        input.push_str(line);
        input.push('\n');
    }
    input.push_str("\n   \ngo depth 2\n");
    let out = run(&input);
    assert_eq!(errors(&out), bad.len(), "{out}");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert_legal(START, &["d2d4"], best[0]);
}

#[test]
fn moves_may_be_an_empty_list() {
    let out = run("position startpos moves d2d4
position startpos moves
go depth 2
");
    assert_eq!(errors(&out), 0);
    let best = bestmoves(&out);
    assert_legal(START, &[], best[0]);
    let rank = best[0].as_bytes()[1];
    assert!(rank == b'1' || rank == b'2', "White is to move: {best:?}");
}

#[test]
fn a_bad_position_keeps_the_last_good_one() {
    let out = run("position startpos moves d2d4\nposition startpos moves e2e4 e2e4\ngo depth 2\n");
    assert_eq!(errors(&out), 1);
    assert_legal(START, &["d2d4"], bestmoves(&out)[0]);
}

#[test]
fn quit_and_end_of_input_stop_a_search() {
    let out = run("position startpos\ngo infinite\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1);
    let out = run("position startpos\ngo infinite\n");
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn stop_ends_go_infinite_with_a_bestmove() {
    let (reader, mut writer) = std::io::pipe().unwrap();
    let out = Shared::default();
    let loop_out = out.clone();
    let handle = std::thread::spawn(move || uci::run(BufReader::new(reader), loop_out));
    writeln!(writer, "position startpos\ngo infinite").unwrap();
    // Let the search get going (no timing is asserted).
    while !out.text().contains("info depth 2 ") {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(bestmoves(&out.text()).is_empty(), "go infinite must wait for stop");
    writeln!(writer, "isready").unwrap();
    let asked = Instant::now();
    while !out.text().contains("readyok") && asked.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(out.text().contains("readyok"), "isready is answered during a search");
    writeln!(writer, "stop").unwrap();
    let asked = Instant::now();
    while bestmoves(&out.text()).is_empty() && asked.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let text = out.text();
    let best = bestmoves(&text);
    assert_eq!(best.len(), 1, "stop answers with a bestmove");
    assert_legal(START, &[], best[0]);
    writeln!(writer, "quit").unwrap();
    drop(writer);
    handle.join().unwrap().unwrap();
}

/// UCI offers only the variants a FEN and moves express: every variant the
/// engine plays but Beirut (a player's position holds the opponent's secret
/// carrier) and Looking-Glass (a player's knowledge is its log). Asking for
/// either is an error that names the others and keeps the variant that was set.
#[test]
fn uci_variant_offers_what_uci_can_express() {
    let out = run("uci\n");
    let line = out.lines().find(|l| l.starts_with("option name UCI_Variant")).expect("the UCI_Variant option");
    let offered: Vec<&str> = line.split(" var ").skip(1).collect();
    let expected: Vec<&str> =
        chesslantis_engine::supported_variants().into_iter().filter(|id| !["beirut", "looking-glass"].contains(id)).collect();
    assert_eq!(offered, expected);
    assert_eq!(chesslantis_engine::uci_variants(), expected);
    let out = run("setoption name UCI_Variant value beirut\nposition startpos moves e2e4\ngo depth 1\n");
    assert_eq!(errors(&out), 1, "{out}");
    assert!(out.contains("beirut is not played over UCI") && out.contains("chess, bermuda-angle"), "{out}");
    assert!(out.contains("bestmove "), "chess goes on: {out}");
    let out = run("setoption name UCI_Variant value looking-glass\nposition startpos moves e2e4\ngo depth 1\n");
    assert_eq!(errors(&out), 1, "{out}");
    assert!(out.contains("looking-glass is not played over UCI"), "{out}");
}
