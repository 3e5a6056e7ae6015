//! `chesslantis play --variant beirut` on a shared terminal: each player
//! chooses a carrier after the screen is cleared and the seat handed over,
//! and never sees the other's choice.

mod support;

const CLEAR_SCREEN: &str = "\x1b[2J";

/// Runs `play --variant beirut` with `input` typed in; returns what was printed.
fn play(input: &str) -> String {
    support::play(&["--variant", "beirut"], input)
}

#[test]
fn each_player_chooses_a_carrier_unseen_by_the_other() {
    // Enter at each hand-over; White arms d2, Black looks at its FEN and arms
    // e7; White looks at its FEN and leaves.
    let out = play("\ncarrier d2\n\nfen\ncarrier e7\n\nfen\nquit\n");
    let screens: Vec<&str> = out.split(CLEAR_SCREEN).collect();
    assert_eq!(screens.len(), 4, "a cleared screen for each turn:\n{out}");
    let (white_setup, black_setup, white_play) = (screens[1], screens[2], screens[3]);
    assert!(white_setup.starts_with("\x1b[HWhite to play: take the seat"), "{white_setup}");
    assert!(white_setup.contains("Choose your bomb carrier"));
    assert!(black_setup.contains("Black to play: take the seat"));
    assert!(black_setup.contains(" *,?"), "Black's FEN hides White's carrier:\n{black_setup}");
    assert!(!black_setup.contains("d2"), "nothing on Black's screen names d2:\n{black_setup}");
    assert!(white_play.contains("Your bomb: the pawn on d2"));
    assert!(white_play.contains(" d2,*"), "{white_play}");
    assert!(!white_play.contains("e7"), "nothing on White's screen names e7:\n{white_play}");
}

#[test]
fn a_refused_carrier_is_explained_and_asked_again() {
    let out = play("\ncarrier e1\ncarrier e7\nfen\nquit\n");
    assert!(out.contains("the king cannot carry the bomb"), "{out}");
    assert!(out.contains("holds a Black piece"), "{out}");
    assert!(out.contains(" ?,*"), "still White's choice, nothing chosen:\n{out}");
}
