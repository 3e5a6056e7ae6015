//! `chesslantis play --variant looking-glass`: two players at one terminal,
//! each start and each own-world move kept off the shared screen; against the
//! engine, whose start stays secret.

mod support;

use support::shared_and_private;

#[test]
fn two_players_share_the_terminal_and_each_start_and_move_stays_private() {
    // Enter at each hand-over: White sets up NRKBBQRN, Black the FIDE start,
    // White plays Rb2Rb3 (it passes to the Mirror world), Black looks and leaves.
    let out = support::play(&["--variant", "looking-glass"], "\nstart NRKBBQRN\n\nstart fide\n\nRb2Rb3\n\nquit\n");
    let (shared, private) = shared_and_private(&out);
    assert!(private.len() >= 3, "a private view for each sitting:\n{out:?}");
    for secret in ["NRKBBQRN", "Rb3", "Rb2"] {
        assert!(!shared.contains(secret), "'{secret}' on the shared screen:\n{shared}");
    }
    assert!(private[0].contains("Real"), "White sees the Real world: {}", private[0]);
    assert!(!private[1].contains("NRKBBQRN"), "Black does not see White's start: {}", private[1]);
}

#[test]
fn the_engine_plays_black_from_its_own_view_and_its_start_stays_secret() {
    // White sets up the FIDE start and plays Re2Re4 (it passes to Mirror e4);
    // the engine sets up in secret and answers each time.
    let out = support::play(&["--variant", "looking-glass", "--black", "engine", "--movetime", "50"], "start fide\nRe2Re4\nquit\n");
    assert!(out.contains("Black has set up its army"), "White is told Black set up:\n{out}");
    assert!(!out.contains("Black sets up its army:"), "the engine's start is never printed:\n{out}");
    let after = out.split("passed through to Me4").nth(1).unwrap_or_else(|| panic!("White's pawn passed to the Mirror world:\n{out}"));
    assert!(
        after.contains("Black moves in the Mirror world") || after.contains("the black "),
        "the engine answered White's move:\n{out}"
    );
}
