//! The `chesslantis` command as a user meets it: output formats, errors
//! (one `error:` line, exit status 2, never a panic), and terminal play
//! driven through standard input.

mod support;

use std::process::Output;
use support::run_with_input;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn run(args: &[&str]) -> Output {
    run_with_input(args, "")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command that succeeds and returns its output lines.
fn lines_of(args: &[&str]) -> Vec<String> {
    let out = run(args);
    assert!(out.status.success(), "{args:?} failed: {}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

/// Checks the error convention and returns the error line.
fn expect_usage_error(args: &[&str]) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: exit status; stderr: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    let error_lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(error_lines.len(), 1, "{args:?}: one error line expected in: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}: nothing on stdout");
    error_lines[0].to_string()
}

#[test]
fn variants_lists_chess() {
    assert!(lines_of(&["variants"]).contains(&"chess".to_string()));
}

#[test]
fn perft_prints_the_total_alone() {
    assert_eq!(lines_of(&["perft", "--variant", "chess", "--depth", "3"]), ["8902"]);
    assert_eq!(lines_of(&["perft", "--depth", "2", "--fen", KIWIPETE]), ["2039"]);
}

#[test]
fn perft_divide_prints_move_count_lines_then_the_total() {
    let lines = lines_of(&["perft", "--variant", "chess", "--depth", "3", "--divide"]);
    let (total, per_move) = lines.split_last().expect("output");
    assert_eq!(total, "8902", "the last line is the total alone");
    assert_eq!(per_move.len(), 20);
    let mut sum = 0;
    for line in per_move {
        let (mv, n) = line.split_once(": ").unwrap_or_else(|| panic!("'{line}' is not 'move: count'"));
        assert!(mv.len() == 4 && mv.is_ascii(), "'{mv}' is UCI");
        sum += n.parse::<u64>().unwrap_or_else(|_| panic!("'{n}' is a count"));
    }
    assert_eq!(sum, 8902);
    assert!(per_move.contains(&"e2e4: 600".to_string()));
    assert!(per_move.contains(&"g1f3: 440".to_string()));
}

#[test]
fn perft_divide_writes_chess960_castling_as_king_takes_rook() {
    let lines = lines_of(&["perft", "--depth", "1", "--divide", "--fen", "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1"]);
    assert!(lines.contains(&"g1h1: 1".to_string()) && lines.contains(&"g1a1: 1".to_string()), "{lines:?}");
    let lines = lines_of(&["perft", "--depth", "1", "--divide", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    assert!(lines.contains(&"e1g1: 1".to_string()) && lines.contains(&"e1c1: 1".to_string()), "{lines:?}");
}

#[test]
fn moves_lists_the_legal_moves_one_per_line() {
    let mut moves = lines_of(&["moves", "--variant", "chess"]);
    moves.sort();
    let mut expected: Vec<String> = "a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 b1a3 b1c3 g1f3 g1h3"
        .split(' ')
        .map(str::to_string)
        .collect();
    expected.sort();
    assert_eq!(moves, expected);
    let promotions = lines_of(&["moves", "--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]);
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(promotions.contains(&m.to_string()), "{m} in {promotions:?}");
    }
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert!(lines_of(&["moves", "--fen", mated]).is_empty());
}

#[test]
fn bad_input_gets_one_error_line_and_status_2() {
    let bad_fen = "rnbqkbnr/pppppppp/8/8 w";
    for args in [
        &["perft", "--depth", "2", "--fen", bad_fen][..],
        &["moves", "--fen", bad_fen],
        &["play", "--fen", bad_fen],
        &["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"],
        &["perft", "--variant", "no-such-variant", "--depth", "2"],
        &["moves", "--variant", "no-such-variant"],
        &["play", "--variant", "no-such-variant"],
        &["perft", "--depth", "0"],
        &["perft", "--depth", "21"],
        &["perft", "--depth", "abc"],
        &["perft", "--depth", "-1"],
        &["perft", "--depth", "99999999999"],
        &["perft"],
        &["no-such-command"],
    ] {
        expect_usage_error(args);
    }
    assert!(expect_usage_error(&["moves", "--variant", "nope"]).contains("unknown variant 'nope'"));
    assert!(expect_usage_error(&["perft", "--depth", "0"]).contains("depth"));
    assert!(expect_usage_error(&["moves", "--fen", bad_fen]).contains("bad position"));
}

#[test]
fn play_to_fools_mate_prints_the_result() {
    let out = run_with_input(&["play", "--variant", "chess"], "f3\ne5\ng4\nQh4#\n");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Game over: 0-1 Black wins by checkmate"), "{text}");
    assert!(stderr(&out).is_empty());
}

#[test]
fn play_answers_an_illegal_move_with_a_message_and_a_new_prompt() {
    let out = run_with_input(&["play"], "e5\nfoo\ne4\n");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let after_first = text.split_once("'e5' is not legal here").map(|(_, rest)| rest).unwrap_or_else(|| panic!("{text}"));
    assert!(after_first.contains("White> "), "a new prompt for White: {text}");
    assert!(text.contains("'foo'"), "{text}");
    assert!(text.contains("Black> "), "e4 was played after the errors: {text}");
    assert_eq!(text.matches("White> ").count(), 3);
}

#[test]
fn play_ends_cleanly_at_end_of_input() {
    for input in ["", "e4\n", "e4\ne5"] {
        let out = run_with_input(&["play"], input);
        assert!(out.status.success(), "input {input:?}: {}", stderr(&out));
        assert!(stderr(&out).is_empty(), "input {input:?}: {}", stderr(&out));
        assert!(!stdout(&out).contains("Game over"));
    }
}

#[test]
fn play_resign_and_commands() {
    let out = run_with_input(&["play", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"], "fen\nmoves\nhelp\nresign\n");
    let text = stdout(&out);
    assert!(text.contains("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "fen: {text}");
    assert!(text.contains("e1g1"), "moves lists castling: {text}");
    assert!(text.contains("Game over: 0-1 Black wins: White resigned"), "{text}");
}

/// Runs `chesslantis ARGS` writing into a pipe nobody reads any more (as
/// `chesslantis moves | head -1` once `head` has its line).
fn run_into_closed_pipe(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_chesslantis"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chesslantis binary runs");
    // The game may end before reading everything: a closed stdin is fine too.
    let _ = child.stdin.take().expect("piped stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("chesslantis ends")
}

#[test]
fn a_closed_stdout_ends_every_command_quietly_with_status_0() {
    for (args, input) in [
        (&["moves", "--variant", "bermuda-angle"][..], ""),
        (&["variants"], ""),
        (&["perft", "--depth", "2", "--divide"], ""),
        (&["play"], "e4\ne5\nhistory\nmoves\n"),
        (&["play", "--variant", "beirut"], "\ncarrier d2\n"),
    ] {
        let out = run_into_closed_pipe(args, input);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: exit status; stderr: {err}");
        assert!(err.is_empty(), "{args:?}: nothing on stderr, got: {err}");
    }
}

#[test]
fn serve_refuses_a_client_address_header_that_is_no_header_name() {
    let line = expect_usage_error(&["serve", "--addr", "127.0.0.1:0", "--client-address-header", "X Forwarded For"]);
    assert_eq!(
        line,
        "error: --client-address-header 'X Forwarded For' is not a header name; give one like X-Forwarded-For or X-Real-IP"
    );
}
