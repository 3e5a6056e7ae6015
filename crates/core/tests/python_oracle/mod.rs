//! Runs the deliberately simple Python perft oracles of tests/oracles/ (on top
//! of python-chess) and returns their counts, failing loudly if they cannot run.

use std::path::PathBuf;
use std::process::Command;

/// The perft counts of depths 1 to `depth` that `tests/oracles/<script>` gives for `fen`.
pub fn perft_each(script: &str, fen: &str, depth: u32) -> Vec<u64> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/oracles").join(script);
    let output = Command::new("python3")
        .arg(&path)
        .arg(fen)
        .arg(depth.to_string())
        .arg("--each")
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 for the oracle {}: {e}", path.display()));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the oracle {script} failed on '{fen}' (is python-chess installed? pip install -r tests/oracles/requirements.txt):\n{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let counts: Vec<u64> = stdout.lines().filter_map(|line| line.trim().parse().ok()).collect();
    assert_eq!(counts.len(), depth as usize, "the oracle {script} printed no count per depth for '{fen}':\n{stdout}\n{stderr}");
    counts
}
