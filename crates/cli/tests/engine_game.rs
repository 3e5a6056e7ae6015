//! A complete game of chess between `chesslantis uci` and Fairy-Stockfish,
//! refereed by python-chess (tests/engine/play_fsf.py): no illegal move, no
//! crash, a result by the rules.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "plays a whole game against Fairy-Stockfish (about 20-40 s); run with `cargo test -p chesslantis --test engine_game -- --ignored`"]
fn plays_a_legal_game_against_fairy_stockfish() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let script = repo.join("tests/engine/play_fsf.py");
    let output = Command::new("python3")
        .arg(&script)
        .args(["--engine", env!("CARGO_BIN_EXE_chesslantis"), "--movetime", "30"])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the game failed:\n{stdout}\n{stderr}");
    assert!(stdout.starts_with("ok: "), "{stdout}");
}
