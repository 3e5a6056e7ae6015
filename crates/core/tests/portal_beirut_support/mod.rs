//! Helpers shared by the Portal and Beirut tests: perft against the
//! deliberately simple Python oracles of tests/oracles/ (on top of
//! python-chess), and seeded random games through the `Game` trait.

// Each test file uses only some of these.
#![allow(dead_code)]

use chesslantis_core::perft::perft;
use chesslantis_core::variant::Variant;
use chesslantis_core::{Action, Actor, Color, Game, Position};
use std::path::PathBuf;
use std::process::Command;

/// The perft counts of depths 1 to `depth` that `tests/oracles/<script>` gives
/// for `fen`; fails loudly when the oracle cannot run (no python-chess).
pub fn oracle_perft(script: &str, fen: &str, depth: u32) -> Vec<u64> {
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

/// Checks our perft of `fen` at depths 1, 2, ... against the oracle `script`
/// and against the `expected` counts written in the test.
pub fn check_perft<V: Variant>(script: &str, fen: &str, expected: &[u64]) {
    let pos = Position::<V>::from_fen(fen).expect("valid FEN");
    let ours: Vec<u64> = (1..=expected.len() as u32).map(|depth| perft(&pos, depth)).collect();
    let oracle = oracle_perft(script, fen, expected.len() as u32);
    assert_eq!(ours, oracle, "perft of {fen} by depth: ours against the Python oracle");
    assert_eq!(ours, expected, "perft of {fen} by depth: against the recorded counts");
}

/// A small seeded generator (xorshift), so random games replay exactly.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random legal actions until the game ends or `max_plies` actions;
/// each must be accepted. `check` sees the game after each action, with the
/// action and the player who took it.
pub fn play_random(game: &mut dyn Game, rng: &mut Rng, max_plies: usize, mut check: impl FnMut(&dyn Game, Action, Color)) {
    for _ in 0..max_plies {
        let Actor::Player(color) = game.actor() else { return };
        let actions = game.legal_actions();
        let action = actions[rng.below(actions.len())];
        game.apply(action).unwrap_or_else(|e| panic!("the legal {action:?} was refused: {e}"));
        check(&*game, action, color);
    }
}
