//! `chesslantis play` as a club player meets it:
//! what happened after every move, in SAN and in words; the move list; the
//! last move and the special squares on the board; draw offers; choices
//! asked; each variant's help; the survival odds; no redraw after help.

mod support;

use support::play;

/// The line under every board: its file letters.
const BOARD_FOOTER: &str = "    a  b  c  d  e  f  g  h ";

#[test]
fn every_move_is_told_in_san_and_words_and_the_move_list_is_kept() {
    let out = play(&[], "e4\nd5\nexd5\nQxd5\nBb5+\nhistory\nquit\n");
    assert!(out.contains("White plays e4"), "{out}");
    assert!(out.contains("White plays exd5; the black pawn on d5 is captured"), "{out}");
    assert!(out.contains("White plays Bb5+; Check"), "{out}");
    assert!(out.contains("1. e4 d5 2. exd5 Qxd5 3. Bb5+"), "{out}");
}

#[test]
fn the_last_move_is_marked_on_the_board() {
    let out = play(&[], "e2e4\nquit\n");
    let after = out.split("White plays e4").nth(1).unwrap_or_else(|| panic!("{out}"));
    assert!(after.contains(" 4  .  .  .  . [P] .  .  . "), "{after}");
    assert!(after.contains(" 2  P  P  P  P [.] P  P  P "), "{after}");
    assert!(after.contains("[ ] the last move"), "{after}");
}

#[test]
fn portal_marks_the_portals_and_tells_the_teleport() {
    let out = play(&["--variant", "portal"], "g1f3\nquit\n");
    assert!(out.contains("( ) the portals"), "{out}");
    assert!(out.contains(" 6  .  .  .  .  . (.) .  . "), "f6 is a portal:\n{out}");
    assert!(out.contains("White plays Nf3; the knight went through the portal to b5"), "{out}");
    assert!(out.contains(" 5  . [N] .  .  .  .  .  . "), "the knight came out on b5, marked:\n{out}");
}

#[test]
fn bermuda_angle_marks_the_angle_and_lists_the_survival_odds() {
    let out = play(&["--variant", "bermuda-angle", "--seed", "7"], "moves\nquit\n");
    assert!(out.contains("( ) the Angle (c3-h8)"), "{out}");
    assert!(out.contains(" 8  .  . (.)(.)(.)(.)(.)(.) .  . "), "c8-h8 are the Angle:\n{out}");
    assert!(out.contains("c2c4 (34/36)"), "odds in the move list:\n{out}");
}

#[test]
fn the_engines_move_is_told_in_san() {
    let out = play(&["--black", "engine", "--movetime", "100"], "e4\nquit\n");
    let reply = out.lines().find_map(|l| l.split("Black plays ").nth(1)).unwrap_or_else(|| panic!("{out}"));
    let san = reply.split(';').next().unwrap_or(reply);
    let is_uci = san.len() == 4 && san.chars().nth(1).is_some_and(|c| c.is_ascii_digit()) && san.chars().nth(3).is_some_and(|c| c.is_ascii_digit());
    assert!(!is_uci, "'{san}' is SAN, not UCI");
}

#[test]
fn rejection_says_a_move_is_only_proposed() {
    let out = play(&["--variant", "rejection"], "e4\naccept\nquit\n");
    assert!(out.contains("White proposes e4"), "{out}");
    assert!(out.contains("Black accepts e4"), "{out}");
}

#[test]
fn hot_seat_draw_offer_is_answered_by_the_other_seat() {
    let declined = play(&[], "draw\nno\nquit\n");
    assert!(declined.contains("White offers a draw. Black, do you accept? (yes/no)"), "{declined}");
    assert!(declined.contains("Black declines the draw offer"), "{declined}");
    assert!(!declined.contains("Game over"), "{declined}");
    let accepted = play(&[], "e4\ndraw\nmaybe\nyes\n");
    assert!(accepted.contains("White accepts the draw offer"), "{accepted}");
    assert!(accepted.contains("Game over: 1/2-1/2 Draw by agreement"), "{accepted}");
}

#[test]
fn the_engine_accepts_a_draw_only_when_level_or_worse_for_it() {
    let losing_for_black = "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1";
    let out = play(&["--fen", losing_for_black, "--black", "engine", "--movetime", "100"], "draw\n");
    assert!(out.contains("Black accepts the draw offer"), "{out}");
    assert!(out.contains("Game over: 1/2-1/2 Draw by agreement"), "{out}");
    let winning_for_black = "qq2k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let out = play(&["--fen", winning_for_black, "--black", "engine", "--movetime", "100"], "draw\nquit\n");
    assert!(out.contains("Black declines the draw offer"), "{out}");
}

#[test]
fn circe_asks_for_the_rebirth_square_with_the_first_as_default() {
    let out = play(&["--variant", "circe"], "e4\nd5\nexd5\n\nquit\n");
    assert!(out.contains("'exd5': choose where the captured pawn is reborn: 1) e4d5@e2  2) e4d5@a3"), "{out}");
    assert!(out.contains("White plays exd5@e2; the black pawn on d5 is captured; the pawn is reborn on e2"), "{out}");
}

#[test]
fn help_lists_the_variants_own_commands() {
    let beirut = play(&["--variant", "beirut"], "\nhelp\nquit\n");
    assert!(beirut.contains("carrier d2") && beirut.contains("bomb  "), "{beirut}");
    let rejection = play(&["--variant", "rejection"], "help\nquit\n");
    assert!(rejection.contains("accept (a)") && rejection.contains("reject (r)"), "{rejection}");
    let circe = play(&["--variant", "circe"], "help\nquit\n");
    assert!(circe.contains("e4d5@a4"), "{circe}");
    let chess = play(&[], "help\nquit\n");
    assert!(chess.contains("draw ") && chess.contains("history"), "{chess}");
    assert!(!chess.contains("carrier") && !chess.contains("accept (a)"), "{chess}");
}

#[test]
fn the_board_is_not_redrawn_after_help_or_errors() {
    let out = play(&[], "help\nfoo\ne5\nhistory\ne4\nquit\n");
    assert_eq!(out.matches(BOARD_FOOTER).count(), 2, "the start, then after e4:\n{out}");
}

#[test]
fn the_engine_level_is_checked_and_the_engine_plays_at_it() {
    let refused = support::run_with_input(&["play", "--black", "engine", "--level", "21"], "");
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("--level") && stderr.contains("0 (weakest) to 20"), "{stderr}");

    let out = support::play(&["--black", "engine", "--level", "3", "--movetime", "50"], "e4\nquit\n");
    assert!(out.contains("Black plays "), "{out}");
}
