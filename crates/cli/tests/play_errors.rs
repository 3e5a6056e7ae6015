//! Errors in `chesslantis play` say what is wrong and how to put it right:
//! the missing promotion piece, why castling is not
//! allowed, the candidates of an ambiguous move, why a move is illegal.

mod support;

use support::play;

/// The message printed after the prompt for each line typed.
fn answers(args: &[&str], input: &str) -> String {
    play(args, input)
}

#[test]
fn a_promotion_without_its_piece_lists_the_choices() {
    let out = answers(&["--fen", "1k6/4P3/8/8/8/8/8/4K3 w - - 0 1"], "e7e8\n");
    assert!(out.contains("'e7e8': needs a promotion piece: 1) e7e8q  2) e7e8r  3) e7e8b  4) e7e8n"), "{out}");
}

#[test]
fn castling_refused_says_why() {
    let cases = [
        ("1k6/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", "the king has moved"),
        ("1k6/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", "castling king side is not allowed: that rook has moved"),
        ("1k6/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "O-O", "the squares between king and rook must be empty (f1)"),
        ("1k6/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "O-O-O", "castling is not allowed out of check"),
        ("1k6/8/8/8/5r2/8/8/R3K2R w KQ - 0 1", "0-0", "the king would pass through check on f1"),
        ("1k6/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", "e1g1", "the king would land in check on g1"),
    ];
    for (fen, typed, why) in cases {
        let out = answers(&["--fen", fen], &format!("{typed}\n"));
        assert!(out.contains(&format!("'{typed}' is not legal here: ")), "{fen} {typed}: {out}");
        assert!(out.contains(why), "{fen} {typed}: expected '{why}' in:\n{out}");
    }
}

#[test]
fn knights_are_god_e4_on_move_one_is_ambiguous_and_lists_its_candidates() {
    let out = answers(&["--variant", "knights-are-god"], "e4\n");
    let line = out.lines().find(|l| l.contains("'e4'")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("fits more than one legal move: 1) "), "{line}");
    for candidate in ["ee4", "de4"] {
        assert!(line.contains(candidate), "{candidate} in {line}");
    }
}

#[test]
fn an_ambiguous_piece_move_lists_the_disambiguated_moves() {
    let out = answers(&["--fen", "1k6/8/8/8/8/8/8/1N2KN2 w - - 0 1"], "Nd2\n");
    assert!(out.contains("'Nd2': fits more than one legal move: 1) "), "{out}");
    assert!(out.contains("Nbd2") && out.contains("Nfd2"), "{out}");
}

#[test]
fn an_illegal_move_says_why_where_it_can() {
    let fen = "1k6/8/8/8/8/8/4r3/4K2R w - - 0 1";
    let out = answers(&["--fen", fen], "h1h2\ne1f3\nd2d4\ne2e4\nh1h4\n");
    assert!(out.contains("'h1h2' is not legal here: it would leave your king in check"), "{out}");
    assert!(out.contains("'e1f3' is not legal here: the king on e1 cannot move to f3"), "{out}");
    assert!(out.contains("'d2d4' is not legal here: there is no piece on d2"), "{out}");
    assert!(out.contains("'e2e4' is not legal here: the rook on e2 is Black's; White is to move"), "{out}");
}

#[test]
fn a_choice_is_asked_and_answered_by_number() {
    let out = answers(&["--fen", "1k6/4P3/8/8/8/8/8/4K3 w - - 0 1"], "e7e8\n9\n2\nfen\n");
    assert!(out.contains("'9' is none of the choices"), "{out}");
    assert!(out.contains("White plays e8=R+"), "{out}");
    assert!(out.contains("1k2R3/8/8/8/8/8/8/4K3 b"), "{out}");
}
