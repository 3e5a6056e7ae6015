//! `chesslantis play` for the variants whose decisions are typed in the
//! terminal: Rejection's accept/reject, Circe's rebirth square, Knights are
//! God's conferred knight moves, Portal's teleports, and the Bermuda dice.

mod support;

use support::play;

/// The last FEN the game printed for the `fen` command (after the prompt).
fn last_fen(out: &str) -> &str {
    let line = out.lines().rfind(|l| l.matches('/').count() >= 7).expect("a FEN was printed");
    line.rsplit("> ").next().unwrap_or(line)
}

#[test]
fn rejection_asks_the_opponent_and_forces_another_move() {
    let out = play(&["--variant", "rejection"], "e2e4\nreject\ne2e4\nd2d4\nfen\nquit\n");
    assert!(out.contains("Black rejected e2e4"), "{out}");
    // Proposing the rejected move again is refused with a message, not played.
    assert!(out.contains("not allowed now: e2e4 was rejected"), "{out}");
    assert!(last_fen(&out).starts_with("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b"), "{out}");
}

#[test]
fn rejection_accepted_move_stands() {
    let out = play(&["--variant", "rejection"], "g1f3\naccept\nfen\nquit\n");
    assert!(last_fen(&out).starts_with("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b"), "{out}");
}

#[test]
fn circe_lets_the_capturer_choose_the_rebirth_square() {
    let moves = "e2e4\nd7d5\ne4d5\ne4d5@a4\nfen\nquit\n";
    let out = play(&["--variant", "circe"], moves);
    assert!(out.contains("choose where the captured pawn is reborn"), "{out}");
    let fen = last_fen(&out);
    assert!(fen.starts_with("rnbqkbnr/ppp1pppp/8/3P4/p7/8/PPPP1PPP/RNBQKBNR b"), "{fen}");
}

#[test]
fn knights_are_god_queen_mates_with_conferred_knight_move() {
    // The reconstructed seed diagram: Qf2 is mate only through the knight's gift.
    let out = play(&["--variant", "knights-are-god", "--fen", "8/p7/8/5Q2/8/2N5/8/K6k w - - 0 1"], "f5f2\n");
    assert!(out.contains("Game over: 1-0"), "{out}");
    assert!(out.contains("White wins by checkmate"), "{out}");
}

#[test]
fn portal_knight_teleports_to_b5() {
    let out = play(&["--variant", "portal"], "g1f3\nfen\nquit\n");
    assert!(last_fen(&out).starts_with("rnbqkbnr/pppppppp/8/1N6/8/8/PPPPPPPP/RNBQKB1R b"), "{out}");
}

#[test]
fn bermuda_angle_rolls_are_shown_and_seeded() {
    let input = "c2c4\nd9d7\nfen\nquit\n";
    let first = play(&["--variant", "bermuda-angle", "--seed", "42"], input);
    let again = play(&["--variant", "bermuda-angle", "--seed", "42"], input);
    assert!(first.contains("Dice: roll "), "{first}");
    assert_eq!(first, again, "the same seed replays the same game");
}
