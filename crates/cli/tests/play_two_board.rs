//! `chesslantis play --variant bermuda-two-board`: both boards drawn side by
//! side, moves with board letters, and what fell or rose told in words.

mod support;

use support::play;

#[test]
fn both_boards_are_drawn_and_a_step_down_capture_is_told() {
    let out = play(&["--variant", "bermuda-two-board"], "Le2Le4\nUa8La1\nfen\nquit\n");
    assert!(out.contains("Lower board L") && out.contains("Upper board U (turned a quarter)"), "{out}");
    assert!(out.contains("    a  b  c  d  e  f  g  h           8  7  6  5  4  3  2  1 "), "{out}");
    assert!(out.contains("the white rook on La1 is captured; the black rook falls from Ua8 to La1"), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/rNBQKBNR|1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq|KQk - 0 2"),
        "{out}"
    );
}

#[test]
fn a_square_without_its_board_letter_is_refused_with_the_reason() {
    let out = play(&["--variant", "bermuda-two-board"], "e2e4\nquit\n");
    assert!(out.contains("every square needs its board letter"), "{out}");
}
