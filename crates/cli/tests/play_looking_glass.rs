//! `chesslantis play --variant looking-glass`: two players at one terminal,
//! each start and each own-world move kept off the shared screen; against the
//! engine, a clear refusal (it does not play Looking-Glass yet).

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
fn the_engine_does_not_play_looking_glass_yet_and_says_so() {
    let output = support::run_with_input(&["play", "--variant", "looking-glass", "--black", "engine"], "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "refused");
    assert!(stderr.contains("does not play 'looking-glass' yet"), "{stderr}");
}
