//! `chesslantis play --variant beirut`: a bomb carrier reaches nobody who may
//! not know it. What "the other seat's terminal holds" is read from the
//! whole standard output.

mod support;

use support::shared_and_private;

/// Clearing the scrollback.
const CLEAR_SCROLLBACK: &str = "\x1b[3J";

/// Runs `play --variant beirut ARGS` with `input` typed in; returns what was printed.
fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["--variant", "beirut"];
    all.extend_from_slice(args);
    support::play(&all, input)
}

#[test]
fn hot_seat_secrets_stay_off_the_shared_scrollback() {
    // Enter at each hand-over; White arms d2, Black looks at its FEN and arms
    // e7; White looks at its FEN and leaves.
    let out = play(&[], "\ncarrier d2\n\nfen\ncarrier e7\n\nfen\nquit\n");
    let (shared, private) = shared_and_private(&out);
    assert_eq!(private.len(), 3, "a private view for each sitting:\n{out:?}");
    assert_eq!(shared.matches(CLEAR_SCROLLBACK).count(), 3, "each hand-over clears the scrollback:\n{shared:?}");
    for secret in ["d2", "e7", "Your bomb"] {
        assert!(!shared.contains(secret), "'{secret}' on the shared screen:\n{shared}");
    }
    assert!(shared.contains("White has chosen its carrier"), "{shared}");
    assert!(shared.contains("Black to play: take the seat"), "{shared}");
    let (white_setup, black_setup, white_play) = (&private[0], &private[1], &private[2]);
    assert!(white_setup.contains("Choose your bomb carrier"), "{white_setup}");
    assert!(black_setup.contains(" *,?"), "Black's FEN hides White's carrier:\n{black_setup}");
    assert!(!black_setup.contains("d2"), "nothing in Black's view names d2:\n{black_setup}");
    assert!(white_play.contains("Your bomb: the pawn on d2"), "{white_play}");
    assert!(white_play.contains(" d2,*"), "{white_play}");
    assert!(!white_play.contains("e7"), "nothing in White's view names e7:\n{white_play}");
}

#[test]
fn a_refused_carrier_is_explained_and_asked_again() {
    let out = play(&[], "\ncarrier e1\ncarrier e7\nfen\nquit\n");
    assert!(out.contains("the king cannot carry the bomb"), "{out}");
    assert!(out.contains("holds a Black piece"), "{out}");
    assert!(out.contains(" ?,*"), "still White's choice, nothing chosen:\n{out}");
}

#[test]
fn the_engines_carrier_is_never_printed() {
    let out = play(&["--black", "engine", "--movetime", "200"], "\ncarrier d1\nfen\ne4\n");
    assert!(out.contains("Black has chosen its carrier"), "{out}");
    for file in 'a'..='h' {
        for rank in [7, 8] {
            let square = format!("{file}{rank}");
            for told in [format!("carrier {square}"), format!("the pawn on {square}"), format!("on {square} with the bomb")] {
                assert!(!out.contains(&told), "the engine's carrier leaked ({told}):\n{out}");
            }
        }
    }
    assert!(out.contains(" d1,*"), "White's FEN hides Black's carrier:\n{out}");
    assert!(out.contains("White arms the queen on d1 with the bomb"), "{out}");
    assert!(out.lines().any(|l| l.contains("Black plays ")), "the engine's reply in SAN:\n{out}");
}
