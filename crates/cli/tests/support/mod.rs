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
