//! Running the `chesslantis` binary from the CLI tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `chesslantis ARGS` with `input` on standard input and waits for it.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chesslantis"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chesslantis binary runs");
    child.stdin.take().expect("piped stdin").write_all(input.as_bytes()).expect("stdin accepts the input");
    child.wait_with_output().expect("chesslantis ends")
}

/// Runs `chesslantis play ARGS` that must end well; returns what it printed.
#[allow(dead_code)] // not every test file plays
pub fn play(args: &[&str], input: &str) -> String {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    let output = run_with_input(&full, input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && !stderr.contains("panicked"), "{stderr}");
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// The output split into what stays on the shared screen (and its
/// scrollback) and the private views, in order.
#[allow(dead_code)] // only the hot-seat tests split the screen
pub fn shared_and_private(out: &str) -> (String, Vec<String>) {
    // The terminal's alternate screen: a player's private view is drawn there.
    const ENTER_PRIVATE: &str = "\x1b[?1049h";
    const LEAVE_PRIVATE: &str = "\x1b[?1049l";
    let mut shared = String::new();
    let mut private = Vec::new();
    let mut rest = out;
    while let Some((before, after)) = rest.split_once(ENTER_PRIVATE) {
        shared.push_str(before);
        let (view, after_view) = after.split_once(LEAVE_PRIVATE).unwrap_or((after, ""));
        private.push(view.to_string());
        rest = after_view;
    }
    shared.push_str(rest);
    (shared, private)
}
