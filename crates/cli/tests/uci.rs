//! `chesslantis uci` driven as a GUI drives it: the real binary over pipes.
//! Lines that arrive during a search never cut it short into an unsearched
//! answer, and the tiniest limits still answer a searched move.

mod support;

use chesslantis_core::notation::parse_uci;
use chesslantis_core::variants::{BermudaAngle, Chess};
use chesslantis_core::Position;
use std::process::Command;
use support::run_with_input;

/// White's rook on a4 is attacked by the pawn b5; every move but a rook move
/// to a safe square loses it (`bxa4`).
const HANGING_ROOK: &str = "7k/6p1/7p/1p6/R7/8/6PP/7K w - - 0 1";

/// A quiet middlegame position whose depth-6 search takes a while.
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

fn uci(input: &str) -> String {
    let output = run_with_input(&["uci"], input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && !stderr.contains("panicked"), "{stderr}");
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn bestmoves(output: &str) -> Vec<&str> {
    output.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect()
}

/// Whether `best` saves the rook of `HANGING_ROOK`: a rook move to a square
/// no black pawn attacks.
fn saves_the_rook(best: &str) -> bool {
    best.starts_with("a4") && best != "a4c4" && best != "a4a6"
}

#[test]
fn the_first_generated_move_of_the_test_position_hangs_the_rook() {
    // The tests below would pass by luck if the move generator put a rook
    // move first.
    let pos = Position::<Chess>::from_fen(HANGING_ROOK).unwrap();
    let first = pos.legal_moves()[0];
    let text = chesslantis_core::notation::uci::<Chess>(first, false);
    assert!(!saves_the_rook(&text), "the first move {text} saves the rook: choose another test position");
}

#[test]
fn go_nodes_1_answers_a_searched_move_not_the_first_generated() {
    for go in ["go nodes 1", "go depth 1", "go movetime 1", "go wtime 1 btime 1", "go nodes 1 depth 1"] {
        let out = uci(&format!("position fen {HANGING_ROOK}\n{go}\n"));
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{go}: {out}");
        assert!(saves_the_rook(best[0]), "{go} answered {}, which hangs the rook:\n{out}", best[0]);
        assert!(out.lines().any(|l| l.starts_with("info depth 1 ")), "{go}: depth 1 completed:\n{out}");
    }
}

#[test]
fn stop_right_after_go_answers_a_searched_move() {
    let out = uci(&format!("position fen {HANGING_ROOK}\ngo infinite\nstop\n"));
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert!(saves_the_rook(best[0]), "stop answered {}, which hangs the rook", best[0]);
}

#[test]
fn a_position_arriving_mid_search_waits_for_the_search_to_finish() {
    // The same search alone, then with the next position and go queued
    // behind it (a GUI that sends them without `stop`): the first answer is
    // the same, reached at the full depth, and the queued go is answered
    // for the new position.
    let fen = ITALIAN;
    let alone = uci(&format!("position fen {fen}\ngo depth 6\n"));
    let queued = uci(&format!(
        "position fen {fen}\ngo depth 6\nposition fen {HANGING_ROOK}\nsetoption name Hash value 8\nucinewgame\nposition fen {HANGING_ROOK}\ngo depth 2\n"
    ));
    assert!(queued.lines().any(|l| l.starts_with("info depth 6 ")), "the first search reached depth 6:\n{queued}");
    let best = bestmoves(&queued);
    assert_eq!(best.len(), 2, "{queued}");
    assert_eq!(best[0], bestmoves(&alone)[0], "the queued lines did not change the first answer");
    assert!(saves_the_rook(best[1]), "the second go searched the new position: {}", best[1]);
    assert!(!queued.contains("error"), "{queued}");
}

#[test]
fn a_go_arriving_mid_search_is_answered_after_the_first() {
    let out = uci(&format!("position fen {ITALIAN}\ngo depth 6\ngo depth 1\n"));
    assert_eq!(bestmoves(&out).len(), 2, "{out}");
    let depth6 = out.lines().position(|l| l.starts_with("info depth 6 ")).expect("depth 6 completed");
    let first_answer = out.lines().position(|l| l.starts_with("bestmove ")).unwrap();
    assert!(depth6 < first_answer, "the first answer came after its depth 6:\n{out}");
}

// ---- Bermuda Chess Angle: the GUI rolls, then sends the position after the roll ----

#[test]
fn bermuda_a_fen_after_a_roll_that_took_a_piece_is_searched_as_it_stands() {
    // White's rook on a9 attacks the black king on a10 (no check rules:
    // kings are captured). Before the roll the queen on e5, in the Angle,
    // guards the rook along the diagonal, so Kxa9 loses the king; the roll
    // e5 made the queen vanish. The GUI sends the position after the roll,
    // Black to move, and the engine takes the rook that is no longer guarded.
    let before = "k9/R9/10/10/10/4Q5/10/10/10/9K b - - 0 1";
    let after = "k9/R9/10/10/10/10/10/10/10/9K b - - 0 1";
    let best = |fen: &str| {
        let out = uci(&format!("setoption name UCI_Variant value bermuda-angle\nposition fen {fen}\ngo depth 3\n"));
        assert!(!out.contains("error"), "{out}");
        bestmoves(&out).first().map(|b| b.to_string()).expect("a bestmove")
    };
    assert_eq!(best(after), "a10a9", "the unguarded rook is taken");
    let guarded = best(before);
    assert_ne!(guarded, "a10a9", "with the queen still there the king does not take");
    let pos = Position::<BermudaAngle>::from_fen(before).unwrap();
    assert!(parse_uci(&pos, &guarded).is_ok(), "{guarded} is legal");
}

// ---- python-chess as the GUI ----

#[test]
fn python_chess_drives_the_engine() {
    // scripts/test puts python-chess on the PATH's python3 (a venv under
    // target/): missing, it is a failure of the set-up, not a skip.
    let has_python_chess = Command::new("python3").args(["-c", "import chess.engine"]).status().is_ok_and(|s| s.success());
    assert!(has_python_chess, "python-chess is not importable by python3: run the tests through scripts/test, which installs it in target/test-venv");
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = Command::new("python3")
        .arg(repo.join("tests/engine/uci_client.py"))
        .arg(env!("CARGO_BIN_EXE_chesslantis"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("ok"), "{stdout}");
}
