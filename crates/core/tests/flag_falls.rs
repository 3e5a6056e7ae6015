//! When a flag falls (FIDE 6.9): the game is lost, unless the opponent could
//! not win by any series of legal moves: then it is drawn. Each variant says
//! in its own file when a side can still win (`Variant::can_still_win`);
//! here every variant is asked through the dynamic game the server uses.

use chesslantis_core::variants::Chess;
use chesslantis_core::{Color, DrawReason, DynGame, Game, Outcome, Position, PositionGame, Seat, WinReason};

const DRAW_ON_TIME: Outcome = Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial);

fn lost_on_time(flagged: Color) -> Outcome {
    Outcome::Win { winner: !flagged, reason: WinReason::Timeout }
}

fn game(variant: &str, fen: &str) -> DynGame {
    DynGame::new(variant, Some(fen)).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// Plays `actions` by the seats in turn as the game asks.
fn play(game: &mut DynGame, actions: &[&str]) {
    for action in actions {
        let seat = game.to_act().expect("the game goes on");
        game.apply(seat, action).unwrap_or_else(|e| panic!("{seat} '{action}': {e}"));
    }
}

/// Whether White and Black could still win, as a flag falling against the
/// other would be judged.
fn winnable(game: &DynGame) -> [bool; 2] {
    [game.outcome_on_time(Color::Black) != DRAW_ON_TIME, game.outcome_on_time(Color::White) != DRAW_ON_TIME]
}

fn chess_winnable(fen: &str) -> [bool; 2] {
    winnable(&game("chess", fen))
}

// ---- the outcome ----

#[test]
fn a_draw_on_time_has_its_own_reason_in_words_and_json() {
    assert_eq!(DRAW_ON_TIME.reason_text(), "timeout_vs_insufficient_material");
    assert_eq!(DRAW_ON_TIME.result_text(), "1/2-1/2");
    assert_eq!(
        serde_json::to_value(DRAW_ON_TIME).unwrap(),
        serde_json::json!({"winner": null, "reason": {"draw": "timeout_vs_insufficient_material"}})
    );
    let back: Outcome = serde_json::from_value(serde_json::to_value(DRAW_ON_TIME).unwrap()).unwrap();
    assert_eq!(back, DRAW_ON_TIME);
    assert_eq!(DRAW_ON_TIME.to_string(), "Draw: time ran out, but the opponent cannot win by any series of legal moves");
    assert_eq!(
        DRAW_ON_TIME.words_on_time(Color::White),
        "Draw: White's time ran out, but Black cannot win by any series of legal moves"
    );
    assert_eq!(lost_on_time(Color::White).words_on_time(Color::White), "Black wins on time");
    assert_eq!(Outcome::on_time(Color::White, true), lost_on_time(Color::White));
    assert_eq!(Outcome::on_time(Color::White, false), DRAW_ON_TIME);
}

// ---- chess (and Chess960, the same rules from another start) ----

/// The finding: 1. Rb2 Kg8 and White's flag falls; a bare king cannot win.
#[test]
fn a_bare_king_does_not_win_when_the_other_flag_falls() {
    let mut g = game("chess", "7k/8/8/8/8/8/8/KR6 w - - 0 1");
    play(&mut g, &["Rb2", "Kg8"]);
    assert_eq!(g.outcome_on_time(Color::White), DRAW_ON_TIME);
    assert_eq!(g.outcome_on_time(Color::Black), lost_on_time(Color::Black), "the rook can mate");
    g.end(g.outcome_on_time(Color::White)).unwrap();
    assert_eq!(g.outcome(), Some(DRAW_ON_TIME));
}

/// King and bishop against king and pawn: the pawn may block its own king's
/// corner, so the bishop can mate (1. Bf3# here), and a flag loses.
#[test]
fn a_bishop_wins_on_time_where_a_helpmate_exists() {
    let fen = "k7/p1K5/8/8/8/8/4B3/8 w - - 0 1";
    let g = game("chess", fen);
    assert_eq!(g.outcome_on_time(Color::Black), lost_on_time(Color::Black));
    let mut mated = g.clone();
    play(&mut mated, &["Bf3"]);
    assert_eq!(mated.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    // Against a rook instead, the bishop's check is always blocked or taken.
    assert_eq!(chess_winnable("kr6/2K5/8/8/8/8/4B3/8 w - - 0 1"), [false, true]);
}

#[test]
fn chess_material_that_can_and_cannot_mate() {
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", [false, false], "bare kings"),
        ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", [false, false], "a knight against a bare king"),
        ("4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1", [false, true], "a knight against a queen: she always takes it or frees a flight"),
        ("4k3/4p3/8/8/8/8/3q4/1N2K3 w - - 0 1", [true, true], "a knight against a queen and a pawn that may block"),
        ("r3k3/8/8/8/8/8/8/1N2K3 w - - 0 1", [true, true], "a knight against a rook that may block"),
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", [true, false], "two knights mate with help"),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", [false, false], "a bishop against a bare king"),
        ("4k3/8/8/8/8/8/8/r1B1K3 w - - 0 1", [false, true], "a bishop against a rook"),
        ("4k3/8/8/8/8/8/q7/2B1K3 w - - 0 1", [false, true], "a bishop against a queen"),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", [false, false], "bishops on one colour (c1, f8)"),
        ("3kb3/8/8/8/8/8/8/2B1K3 w - - 0 1", [true, true], "bishops on both colours (c1, e8)"),
        ("3k4/8/8/8/8/8/8/2B1KB2 w - - 0 1", [true, false], "two bishops on both colours"),
        ("3k4/8/8/8/8/8/1B6/2B1K3 w - - 0 1", [false, false], "two bishops on one colour"),
        ("3kn3/8/8/8/8/8/1B6/2B1K3 w - - 0 1", [true, true], "two bishops on one colour against a knight"),
        ("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", [true, false], "bishop and knight"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", [true, false], "a pawn promotes"),
    ];
    for (fen, expected, why) in cases {
        assert_eq!(chess_winnable(fen), expected, "{why}: {fen}");
    }
}

#[test]
fn a_chess960_position_is_judged_as_chess() {
    let start = "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1";
    assert_eq!(chess_winnable(start), [true, true]);
    assert_eq!(chess_winnable("6kr/8/8/8/8/8/8/6K1 w h - 0 1"), [false, true]);
}

/// The rule never says "no" where a mate exists: every legal move from a
/// position it calls unwinnable leads to one it also calls unwinnable, and
/// none of them is a mate by that side.
#[test]
fn what_chess_calls_unwinnable_stays_unwinnable_two_plies_on() {
    let unwinnable = [
        ("kr6/2K5/8/8/8/8/4B3/8 w - - 0 1", Color::White),
        ("4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1", Color::White),
        ("4k3/8/8/8/3q4/8/8/1N2K3 b - - 0 1", Color::White),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White),
        ("7k/8/8/8/8/8/1R6/K7 b - - 0 1", Color::Black),
    ];
    for (fen, color) in unwinnable {
        let root = PositionGame::new(Position::<Chess>::from_fen(fen).unwrap());
        let mut frontier = vec![root];
        for _ in 0..2 {
            let mut next = Vec::new();
            for g in &frontier {
                assert!(!g.can_still_win(color), "{color} can win in {}", g.fen());
                for action in g.legal_actions() {
                    let mut child = g.clone();
                    child.apply(action).unwrap();
                    assert!(
                        !matches!(child.outcome(), Some(Outcome::Win { winner, .. }) if winner == color),
                        "{color} won in {}",
                        child.fen()
                    );
                    next.push(child);
                }
            }
            frontier = next;
        }
    }
}

// ---- Rejection: chess's rule, a pending proposal changes nothing ----

#[test]
fn rejection_judges_as_chess_also_while_a_proposal_waits() {
    let mut g = game("rejection", "7k/8/8/8/8/8/8/KR6 w - - 0 1");
    play(&mut g, &["Rb2"]);
    assert_eq!(g.to_act(), Some(Seat::Black), "Black answers the proposal");
    assert_eq!(g.outcome_on_time(Color::Black), lost_on_time(Color::Black));
    play(&mut g, &["accept", "Kg8"]);
    assert_eq!(g.to_act(), Some(Seat::White), "White answers Black's proposal");
    assert_eq!(g.outcome_on_time(Color::White), DRAW_ON_TIME);
    assert_eq!(winnable(&game("rejection", "kr6/2K5/8/8/8/8/4B3/8 w - - 0 1")), [false, true]);
}

// ---- Circe: only a bare king cannot win ----

#[test]
fn circe_a_bare_king_cannot_win_other_material_can() {
    assert_eq!(winnable(&game("circe", "7k/8/8/8/8/8/1R6/K7 b - - 0 1")), [true, false]);
    // Unlike chess: a bishop taken may come back on the other colour.
    assert_eq!(winnable(&game("circe", "kr6/2K5/8/8/8/8/4B3/8 w - - 0 1")), [true, true]);
    assert_eq!(winnable(&game("circe", "4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1")), [true, true]);
}

// ---- Knights are God ----

#[test]
fn knights_are_god_a_bare_king_never_has_the_knights_power() {
    assert_eq!(winnable(&game("knights-are-god", "7k/8/8/8/8/8/1R6/K7 b - - 0 1")), [true, false]);
    // The enemy's knights bless only the enemy's pieces.
    assert_eq!(winnable(&game("knights-are-god", "7k/8/8/8/8/8/1N6/K7 b - - 0 1")), [true, false]);
    // A lone knight lends its king the (2,1) check: unlike chess, it may win.
    assert_eq!(winnable(&game("knights-are-god", "4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1")), [true, true]);
    // Bishops without any knight or pawn on the board play chess.
    assert_eq!(winnable(&game("knights-are-god", "kr6/2K5/8/8/8/8/4B3/8 w - - 0 1")), [false, true]);
    // A knight of the opponent's may lend a blocker the power: chess's rule is off.
    assert_eq!(winnable(&game("knights-are-god", "kn6/2K5/8/8/8/8/4B3/8 w - - 0 1")), [true, true]);
}

// ---- Portal: a bare king checks through a portal ----

/// Black's bare king mates the white king on b5 from e3 (beside f3), its
/// eight ways out held by White's own pawns: so a bare king can win against
/// eight pieces, and not against seven.
#[test]
fn portal_a_bare_king_can_mate_only_a_king_with_eight_blockers() {
    let eight = "8/8/PPP5/PKP5/PPP5/8/3k4/8 b - - 0 1";
    let g = game("portal", eight);
    assert_eq!(g.outcome_on_time(Color::White), lost_on_time(Color::White));
    let mut mated = g.clone();
    play(&mut mated, &["Ke3"]);
    assert_eq!(mated.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
    let seven = "8/8/PP6/PKP5/PPP5/8/3k4/8 b - - 0 1";
    assert_eq!(game("portal", seven).outcome_on_time(Color::White), DRAW_ON_TIME);
    // Any other material may check through the portals: it may always win.
    assert_eq!(winnable(&game("portal", "kr6/2K5/8/8/8/8/4B3/8 w - - 0 1")), [true, true]);
}

// ---- Beirut: judged without the secret carriers ----

#[test]
fn beirut_a_bare_king_cannot_win_a_side_that_might_hold_a_bomb_can() {
    let bare = game("beirut", "7k/8/8/8/8/8/1R6/K7 b - - 0 1 b2,-");
    assert_eq!(winnable(&bare), [true, false]);
    // A knight that might carry the bomb may blow up a king beside it.
    assert_eq!(winnable(&game("beirut", "4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1 -,-")), [true, true]);
    // Once White has detonated, its knight only mates as in chess.
    assert_eq!(winnable(&game("beirut", "4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1 x,d2")), [false, true]);
}

/// Non-interference: games that differ only in a secret carrier (armed on
/// one piece or another, or taken unannounced) get the same answers.
#[test]
fn beirut_the_answer_does_not_depend_on_the_hidden_carrier() {
    let boards = [
        ("4k3/8/8/8/8/8/3q4/1N2K3 w - - 0 1", ["b1,d2", "-,d2", "b1,-", "-,-", "x,d2", "x,-"]),
        ("4k3/4p3/8/8/3q4/8/8/1N2K3 b - - 0 1", ["b1,d4", "b1,e7", "-,e7", "-,-", "b1,x", "-,x"]),
        ("7k/8/8/8/8/8/1R6/K7 b - - 0 1", ["b2,-", "-,-", "x,-", "b2,x", "-,x", "x,x"]),
    ];
    for (board, bombs) in boards {
        // Grouped by what is public: which sides detonated.
        let public = |b: &str| b.split(',').map(|side| side == "x").collect::<Vec<_>>();
        for a in bombs {
            for b in bombs.iter().filter(|b| public(b) == public(a)) {
                let (ga, gb) = (game("beirut", &format!("{board} {a}")), game("beirut", &format!("{board} {b}")));
                for flagged in Color::ALL {
                    assert_eq!(ga.outcome_on_time(flagged), gb.outcome_on_time(flagged), "{board}: {a} against {b}, {flagged} flagged");
                }
            }
        }
    }
}

/// And through the game's moves: White's carrier taken in secret or not,
/// the flag is judged the same.
#[test]
fn beirut_a_carrier_taken_in_secret_changes_nothing() {
    let taken = |carrier: &str| {
        let mut g = game("beirut", &format!("4k3/8/8/8/2q5/8/8/1NN1K3 b - - 0 1 {carrier},c4"));
        play(&mut g, &["Qxc1"]);
        g.outcome_on_time(Color::Black)
    };
    assert_eq!(taken("c1"), taken("b1"));
    assert_eq!(taken("c1"), lost_on_time(Color::Black));
}

// ---- Bede: checkmate only, and a king gives no check ----

#[test]
fn bede_a_bare_king_cannot_win() {
    let g = game("bede", "4k4/9/9/9/9/9/9/9/9/9/4K3Q b - - 0 1 e --");
    assert_eq!(winnable(&g), [true, false]);
    assert_eq!(winnable(&game("bede", "4k4/9/9/9/9/9/9/9/9/9/4K3Z b - - 0 1 e --")), [true, false]);
}

// ---- king capture and dice: a side can always still win ----

#[test]
fn bermuda_a_bare_king_can_still_win_so_the_flag_loses() {
    let angle = game("bermuda-angle", "5k4/10/10/10/10/10/10/10/10/4QK4 w - - 0 1");
    assert_eq!(winnable(&angle), [true, true]);
    let two_boards = game("bermuda-two-board", "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/4K2Q w -|- - 0 1");
    assert_eq!(winnable(&two_boards), [true, true]);
}

/// Through the Looking-Glass keeps the default: a flag loses.
#[test]
fn looking_glass_keeps_the_default() {
    let g = DynGame::new("looking-glass", None).unwrap();
    assert_eq!(winnable(&g), [true, true]);
}
