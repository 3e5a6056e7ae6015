//! Bermuda Chess Angle: the dice. The seed's five examples, the resolution
//! of a roll (rulings (a) and (b)), when a roll is due, survival chances
//! against a brute force over all 36 rolls, and the game's chance nodes.

mod bermuda_angle_support;

use chesslantis_core::variants::bermuda_angle::KING_VANISHED;
use bermuda_angle_support::*;
use chesslantis_core::variants::bermuda_angle::{angle, roll_due, survival_chance, BermudaGame, BermudaRoll, Vanished};
use chesslantis_core::variants::RejectionAction;
use chesslantis_core::{Action, Actor, Color, Game, MoveError, Outcome, OwnAction, Probability, Viewer, WinReason};

/// The rolls (by square name) for which `test` holds after `text` is played.
fn rolls_where(pos: &Pos, text: &str, test: impl Fn(&Pos) -> bool) -> Vec<String> {
    angle().map(name).filter(|r| test(&roll(pos, text, r).0)).collect()
}

fn vanished(piece_letter: char, square: &str, moving: bool) -> Vanished {
    Vanished { piece: piece(piece_letter), square: sq(square), moving }
}

/// Applies an action that must be accepted.
fn act(game: &mut BermudaGame, action: Action) {
    if let Err(e) = game.apply(action) {
        panic!("{action:?} refused in {}: {e}", game.fen());
    }
}

fn play(game: &mut BermudaGame, text: &str) {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    act(game, action);
}

fn roll_in(game: &mut BermudaGame, square: &str) {
    assert_eq!(game.actor(), Actor::Chance, "a roll is due before {square}");
    act(game, BermudaRoll(sq(square)).action());
}

// ---- the seed's examples ----

/// Checkmate by the rules of normal chess: every move leaves the king attacked.
fn assert_no_escape_in_normal_chess(pos: &Pos) {
    for m in pos.legal_moves() {
        assert!(pos.after(m).king_attacked(pos.turn()), "{m:?} would escape in normal chess");
    }
}

/// Position #1: "Black played Ship on c3 takes Pawn on c2. This would be
/// checkmate in normal chess." The Black rook on c4 guards c2.
fn position_1() -> Pos {
    setup("Kb1 Ra1 Pa2 Pb2 Pc2 sc3 rc4 kj10", Color::Black)
}

#[test]
fn example_1_ship_takes_c2_would_be_mate_in_normal_chess() {
    let pos = position_1();
    let after = pos.after(mv(&pos, "c3c2"));
    assert!(after.in_check());
    assert_no_escape_in_normal_chess(&after);
}

#[test]
fn example_1_roll_c3_the_ship_vanishes_and_the_pawn_returns_to_c2() {
    let (pos, report) = roll(&position_1(), "c3c2", "c3");
    assert_eq!(at(&pos, "c2"), 'P', "White's pawn is returned to c2");
    assert_eq!(at(&pos, "c3"), '.');
    assert_eq!(at(&pos, "c4"), 'r');
    assert_eq!(report.vanished, [vanished('s', "c2", true)]);
    assert_eq!(report.restored, Some((sq("c2"), piece('P'))));
    assert_eq!(pos.turn(), Color::White);
}

#[test]
fn example_1_roll_c4_the_rook_vanishes_and_king_takes_ship_safely() {
    let mut game = BermudaGame::new(position_1());
    play(&mut game, "c3c2");
    roll_in(&mut game, "c4");
    assert_eq!(game.last_roll().map(|r| r.vanished.clone()), Some(vec![vanished('r', "c4", false)]));
    assert_eq!(at(game.position(), "c2"), 's');
    play(&mut game, "b1c2");
    // Nothing stands in the Angle and the king's path misses it: no roll.
    assert_eq!(game.actor(), Actor::Player(Color::Black));
    assert_eq!(at(game.position(), "c2"), 'K');
}

#[test]
fn example_1_king_takes_ship_then_hopes_the_rook_disappears() {
    let mut game = BermudaGame::new(position_1());
    play(&mut game, "c3c2");
    roll_in(&mut game, "h8");
    play(&mut game, "b1c2");
    // The rook still stands in the Angle, so White rolls.
    let hope = game.clone();
    roll_in(&mut game, "c4");
    assert_eq!(at(game.position(), "c4"), '.', "the rook disappeared");

    // Otherwise "Black will attempt to play Rook takes King", and the rook
    // "just might happen to disappear" on c4 or c3.
    let mut game = hope;
    roll_in(&mut game, "e5");
    play(&mut game, "c4c2");
    assert_eq!(game.outcome(), None, "a capture is not final before the roll");
    let before_roll = game.clone();
    roll_in(&mut game, "c3");
    assert_eq!(at(game.position(), "c2"), 'K', "the king capture is undone");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.actor(), Actor::Player(Color::White));

    let mut game = before_roll;
    roll_in(&mut game, "f6");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::KingCaptured }));
    assert_eq!(game.actor(), Actor::Nobody);
}

/// Position #2: "White just moved Qf3 to block a check ... from Black's Queen
/// on f4." The queen came from d1 (over e2, where the pawn has gone); "Ship
/// from g1 to f2" and "moving the King to e1" were the safer ways out.
fn position_2() -> Pos {
    setup(
        "Ra1 Nb1 Bc1 Qd1 Kf1 Sg1 Bh1 Ni1 Rj1 Pa2 Pb2 Pc2 Pd2 Pg2 Ph2 Pi2 Pj2 \
         rj10 kf10 pa9 pb9 pc9 pd9 pe9 pg9 ph9 qf4",
        Color::White,
    )
}

#[test]
fn example_2_queen_block_on_f3_is_hit_only_by_f3() {
    let pos = position_2();
    assert!(pos.in_check());
    assert_eq!(survival_chance(&pos, mv(&pos, "d1f3")), Probability { num: 35, den: 36 });
    let queen_gone = rolls_where(&pos, "d1f3", |p| at(p, "f3") != 'Q');
    assert_eq!(queen_gone, ["f3"]);
    let (after, _) = roll(&pos, "d1f3", "f3");
    assert_eq!(at(&after, "f3"), '.', "the White Queen disappears");
    assert!(after.king_attacked(Color::White), "Black will play Queen takes King");
    // A roll of f4 would take Black's queen instead (it stands in the Angle).
    let (after, report) = roll(&pos, "d1f3", "f4");
    assert_eq!(report.vanished, [vanished('q', "f4", false)]);
    assert_eq!(at(&after, "f3"), 'Q');
    // The safer moves cannot vanish.
    for safer in ["g1f2", "f1e1"] {
        assert_eq!(survival_chance(&pos, mv(&pos, safer)), Probability { num: 36, den: 36 }, "{safer}");
    }
}

#[test]
fn example_2_queen_takes_king_wins_unless_f3_or_f4_show_up() {
    let mut game = BermudaGame::new(position_2());
    play(&mut game, "d1f3");
    roll_in(&mut game, "f3");
    let black_to_capture = game.clone();
    let fails: Vec<String> = angle()
        .map(name)
        .filter(|r| {
            let mut g = black_to_capture.clone();
            play(&mut g, "f4f1");
            roll_in(&mut g, r);
            g.outcome().is_none()
        })
        .collect();
    assert_eq!(fails, ["f3", "f4"]);
    let mut game = black_to_capture;
    play(&mut game, "f4f1");
    roll_in(&mut game, "d7");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::KingCaptured }));
}

/// Position #3: "White played Rook on a7 takes Queen on i7."
fn position_3() -> Pos {
    setup("Ra7 Ka1 qi7 kj10", Color::White)
}

#[test]
fn example_3_the_rook_vanishes_on_c7_to_h7_and_the_queen_stays() {
    let pos = position_3();
    let (after, report) = roll(&pos, "a7i7", "e7");
    assert_eq!(at(&after, "i7"), 'q', "Black's Queen remains healthy on the board");
    assert_eq!(after.pieces(Color::White, chesslantis_core::Role::Rook).count(), 0);
    assert_eq!(report.vanished, [vanished('R', "i7", true)]);
    assert_eq!(report.restored, Some((sq("i7"), piece('q'))));
    let rook_lost = rolls_where(&pos, "a7i7", |p| at(p, "i7") == 'q');
    assert_eq!(rook_lost, ["c7", "d7", "e7", "f7", "g7", "h7"]);
    assert_eq!(survival_chance(&pos, mv(&pos, "a7i7")), Probability { num: 30, den: 36 }, "5 out of 6");
}

/// Position #4: "White Moved Rook from g7 to g10 (double-check)": the rook
/// on g10 and the bishop on f6 (unmasked) check the king on j10; Black has
/// a Ship on f10 and pawns on h9 and j9.
fn position_4() -> Pos {
    setup("Rg7 Bf6 Ka1 kj10 sf10 ph9 pj9", Color::White)
}

#[test]
fn example_4_is_mate_in_western_chess() {
    let pos = position_4();
    let after = pos.after(mv(&pos, "g7g10"));
    assert_eq!(after.checkers().count(), 2, "double check");
    assert_no_escape_in_normal_chess(&after);
}

#[test]
fn example_4_three_rolls_in_36_let_black_escape() {
    let pos = position_4();
    let escapes = rolls_where(&pos, "g7g10", |p| p.checkers().count() < 2);
    assert_eq!(escapes, ["f6", "g7", "g8"], "3 out of 36");

    // f6: the Bishop is removed; the Ship takes the Rook.
    let (after, report) = roll(&pos, "g7g10", "f6");
    assert_eq!(report.vanished, [vanished('B', "f6", false)]);
    assert_eq!(after.checkers().count(), 1);
    let freed = after.after(mv(&after, "f10g10"));
    assert!(!freed.king_attacked(Color::Black));

    // g7 or g8: the Rook never makes it to g10.
    for r in ["g7", "g8"] {
        let (after, report) = roll(&pos, "g7g10", r);
        assert_eq!(report.vanished, [vanished('R', "g10", true)]);
        assert_eq!(at(&after, "g10"), '.');
        assert!(!after.after(mv(&after, "j10i10")).king_attacked(Color::Black), "King to i10");
        assert!(!after.after(mv(&after, "h9h8")).king_attacked(Color::Black), "Pawn to h8 blocks");
        assert!(after.after(mv(&after, "j10i9")).king_attacked(Color::Black), "i9 remains in check");
    }
}

#[test]
fn example_4_the_blocking_pawn_may_vanish_and_the_bishop_take_the_king() {
    let mut game = BermudaGame::new(position_4());
    play(&mut game, "g7g10");
    roll_in(&mut game, "g8");
    play(&mut game, "h9h8");
    roll_in(&mut game, "h8");
    assert_eq!(at(game.position(), "h8"), '.', "the Pawn disappeared");
    assert_eq!(survival_chance(game.position(), mv(game.position(), "f6j10")), Probability { num: 33, den: 36 });
    let before_roll = {
        play(&mut game, "f6j10");
        game.clone()
    };
    roll_in(&mut game, "d4");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::KingCaptured }));
    let mut game = before_roll;
    roll_in(&mut game, "g7");
    assert_eq!(at(game.position(), "j10"), 'k', "the Bishop vanished, the King is back");
    assert_eq!(game.outcome(), None);
}

/// Position #5: "A Knight on c3".
fn position_5() -> Pos {
    setup("Nc3 Kj1 kj10", Color::White)
}

#[test]
fn example_5_knight_paths_fail_on_one_two_or_three_squares() {
    let pos = position_5();
    let cases: [(&str, &[&str]); 8] = [
        ("c3b1", &["c3"]),
        ("c3d1", &["c3"]),
        ("c3a2", &["c3"]),
        ("c3a4", &["c3"]),
        ("c3e2", &["c3", "d3"]),
        ("c3b5", &["c3", "c4"]),
        ("c3e4", &["c3", "d3", "e4"]),
        ("c3d5", &["c3", "c4", "d5"]),
    ];
    for (text, fails) in cases {
        let to = &text[2..];
        assert_eq!(rolls_where(&pos, text, |p| at(p, to) != 'N'), fails, "{text}");
        let expected = Probability { num: 36 - fails.len() as u32, den: 36 };
        assert_eq!(survival_chance(&pos, mv(&pos, text)), expected, "{text}");
    }
}

#[test]
fn a_knight_and_the_piece_on_its_corner_square_vanish_together() {
    let pos = setup("Nc3 pd3 Kj1 kj10", Color::White);
    let (after, report) = roll(&pos, "c3e4", "d3");
    assert_eq!(report.vanished, [vanished('N', "e4", true), vanished('p', "d3", false)]);
    assert_eq!((at(&after, "e4"), at(&after, "d3")), ('.', '.'));
}

// ---- the resolution in general ----

#[test]
fn a_roll_off_the_path_removes_whatever_stands_there_of_either_colour() {
    let pos = setup("Kj1 Pe4 Nd6 pg5 kf6 Ra1", Color::White);
    for (r, letter) in [("e4", 'P'), ("d6", 'N'), ("g5", 'p'), ("f6", 'k')] {
        let (after, report) = roll(&pos, "a1a2", r);
        assert_eq!(report.vanished, [vanished(letter, r, false)]);
        assert_eq!(at(&after, r), '.');
    }
    let (after, report) = roll(&pos, "a1a2", "h3");
    assert!(report.vanished.is_empty() && report.restored.is_none());
    assert_eq!(after, pos.after(mv(&pos, "a1a2")));
}

#[test]
fn an_en_passant_capturer_that_vanishes_gives_the_pawn_back() {
    let pos = fen("5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8 0 1");
    let (after, report) = roll(&pos, "e7d8", "d8");
    assert_eq!((at(&after, "d7"), at(&after, "d8"), at(&after, "e7")), ('p', '.', '.'));
    assert_eq!(report.restored, Some((sq("d7"), piece('p'))));
    // The victim's square is not on the path: a roll there finds it empty.
    let (after, report) = roll(&pos, "e7d8", "d7");
    assert_eq!((at(&after, "d7"), at(&after, "d8")), ('.', 'P'));
    assert!(report.vanished.is_empty());
}

#[test]
fn a_double_step_that_vanishes_leaves_no_en_passant_square() {
    let pos = setup("Pe2 pd4 Ka1 kj10", Color::White);
    let (after, report) = roll(&pos, "e2e4", "e3");
    assert_eq!(report.vanished, [vanished('P', "e4", true)]);
    assert_eq!(after.ep_square(), None);
    assert!(after.legal_moves().iter().all(|m| m.kind != chesslantis_core::MoveKind::EnPassant));
    let (kept, _) = roll(&pos, "e2e4", "h8");
    assert_eq!(kept.ep_square(), Some(sq("e3")));
}

#[test]
fn promotions_happen_outside_the_angle_and_always_arrive() {
    // Ranks 9, 10, 1 and 2 lie outside the Angle; the knight on e5 stands in it.
    let pos = setup("Pd9 re10 Ne5 Ka1 kj8", Color::White);
    let text = "d9e10s";
    assert_eq!(survival_chance(&pos, mv(&pos, text)), Probability { num: 36, den: 36 });
    let (after, report) = roll(&pos, text, "e5");
    assert_eq!((at(&after, "e10"), at(&after, "e5")), ('S', '.'));
    assert_eq!(report.vanished, [vanished('N', "e5", false)]);
}

#[test]
fn an_undone_capture_restores_the_castling_right_and_the_clock() {
    // The bishop on d7 takes the rook on j1 through the Angle (d7..h3).
    let pos = fen("5k4/10/10/3b6/10/10/10/10/10/5K3R b K - 7 30");
    let (after, report) = roll(&pos, "d7j1", "f5");
    assert_eq!(report.restored, Some((sq("j1"), piece('R'))));
    assert_eq!(after.fen(), "5k4/10/10/10/10/10/10/10/10/5K3R w K - 8 31");
    let (taken, _) = roll(&pos, "d7j1", "c3");
    assert_eq!(taken.fen(), "5k4/10/10/10/10/10/10/10/10/5K3b w - - 0 31");
}

#[test]
fn rolls_are_due_when_the_path_touches_the_angle_or_a_piece_stands_in_it() {
    let pos = Pos::start();
    let due = |p: &Pos, text: &str| roll_due(p, mv(p, text), &p.after(mv(p, text)));
    assert!(!due(&pos, "b1a3"), "a3 lies outside the Angle");
    assert!(due(&pos, "b1c3"), "c3 is the Angle's corner");
    assert!(due(&pos, "e2e4"));
    assert!(!due(&pos, "a2a4"));
    // Moving out of the Angle, or moving far from it while a piece stands in it.
    let pos = setup("Ne4 Ka1 kj10 Pa2", Color::White);
    assert!(due(&pos, "e4d2"), "a knight leaving the Angle");
    assert!(due(&pos, "a2a3"), "the knight on e4 stands in the Angle");
    // Through the Angle and out again.
    let pos = setup("Ba1 Ka10 kj10", Color::White);
    assert!(due(&pos, "a1j10"));
    let pos = setup("Ba1 Kj2 kj10", Color::White);
    assert!(!due(&pos, "a1b2"));
}

// ---- the game ----

#[test]
fn the_dice_are_a_chance_node_of_36_equally_likely_squares() {
    let mut game = BermudaGame::new(Pos::start());
    assert!(game.chance_outcomes().is_empty());
    play(&mut game, "e2e4");
    assert_eq!(game.actor(), Actor::Chance);
    assert!(game.legal_actions().is_empty());
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 36);
    assert!(outcomes.iter().all(|(_, p)| *p == Probability { num: 1, den: 36 }));
    let squares: Vec<String> =
        outcomes.iter().map(|&(a, _)| if let Some(BermudaRoll(s)) = BermudaRoll::of(a) { name(s) } else { panic!("{a:?}") }).collect();
    assert_eq!(squares, dice_names());
    let corners = ["c3", "c8", "h3", "h8"];
    assert!(corners.iter().all(|c| squares.contains(&c.to_string())));
    assert!(!squares.contains(&"b3".to_string()) && !squares.contains(&"c9".to_string()));
}

/// Over the board the server rolls what a game here would: the same 36
/// outcomes, each as the game's own action text, with the same chances.
#[test]
fn a_roll_at_a_board_the_referee_does_not_see_is_the_games_roll() {
    let mut game = BermudaGame::new(Pos::start());
    play(&mut game, "e2e4");
    let at_the_table = chesslantis_core::registry::VARIANTS.iter().find(|v| v.id == "bermuda-angle").map(|v| (v.table_roll)()).unwrap();
    assert_eq!(at_the_table[0].0, "roll c3");
    let read: Vec<(Action, Probability)> = at_the_table.iter().map(|(text, p)| (game.parse_action(text).unwrap(), *p)).collect();
    assert_eq!(read, game.chance_outcomes());
}

#[test]
fn no_chance_node_when_no_roll_is_due() {
    let mut game = BermudaGame::new(Pos::start());
    play(&mut game, "b1a3");
    assert_eq!(game.actor(), Actor::Player(Color::Black));
    assert!(game.chance_outcomes().is_empty());
    let notes = game.observe(Viewer::player(Color::Black)).knowledge.notes;
    assert_eq!(notes, ["no roll after b1a3: nothing touched the Angle"]);
}

#[test]
fn everyone_sees_the_roll_and_what_vanished() {
    let mut game = BermudaGame::new(position_3());
    play(&mut game, "a7i7");
    let pending = game.observe(Viewer::Spectator).knowledge.notes;
    assert_eq!(pending, ["dice due after a7i7 (the moving piece survives 30/36)"]);
    let text = game.action_text(BermudaRoll(sq("e7")).action());
    assert_eq!(text, "roll e7: the White rook vanished on its way to i7; the Black queen is back on i7");
    roll_in(&mut game, "e7");
    for viewer in [Viewer::player(Color::White), Viewer::player(Color::Black), Viewer::Spectator] {
        let obs = game.observe(viewer);
        assert_eq!(obs.knowledge.notes, std::slice::from_ref(&text));
        assert_eq!(obs.fen, game.fen());
    }
}

#[test]
fn a_vanished_king_loses() {
    // Black's king stands in the Angle; White's quiet move brings the dice.
    let mut game = BermudaGame::new(setup("Ka1 Pb2 ke5", Color::White));
    play(&mut game, "b2b3");
    roll_in(&mut game, "e5");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: KING_VANISHED.reason() }));
    assert!(game.legal_actions().is_empty());
    // A king that walks into the rolled square vanishes as the mover.
    let mut game = BermudaGame::new(setup("Ka1 ke5", Color::Black));
    play(&mut game, "e5e6");
    roll_in(&mut game, "e6");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: KING_VANISHED.reason() }));
}

#[test]
fn a_king_capture_outside_the_angle_ends_the_game_at_once() {
    let mut game = BermudaGame::new(setup("Ka1 Pb2 kj10 qa9", Color::Black));
    play(&mut game, "a9a1");
    assert_eq!(game.actor(), Actor::Nobody);
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::KingCaptured }));
    assert_eq!(game.apply(Action::Resign), Err(MoveError::GameOver));
    // The finished position is still a readable FEN.
    assert_eq!(Pos::from_fen(&game.fen()).map(|p| p.fen()), Ok(game.fen()));
}

#[test]
fn bad_actions_are_refused_and_change_nothing() {
    let mut game = BermudaGame::new(Pos::start());
    let fen = game.fen();
    for action in [BermudaRoll(sq("e4")).action(), RejectionAction::Accept.action()] {
        let err = game.apply(action).expect_err("no roll is due");
        assert!(matches!(err, MoveError::NotYourTurn(_)), "{err}");
        assert_eq!((game.fen(), game.actor()), (fen.clone(), Actor::Player(Color::White)));
    }
    play(&mut game, "e2e4");
    let waiting = game.fen();
    let black_move = Action::Move(mv(&game.position().clone(), "e9e7"));
    for action in [black_move, Action::Resign, BermudaRoll(sq("a1")).action(), BermudaRoll(sq("i5")).action()] {
        let err = game.apply(action).expect_err("the dice come first");
        assert!(err.to_string().contains("e2e4") || err.to_string().contains("c3-h8"), "{err}");
        assert_eq!((game.fen(), game.actor()), (waiting.clone(), Actor::Chance));
    }
    // Move text too: while the dice are due it names no move (the board it
    // would be read on is the one before the roll).
    for text in ["e9e7", "e7", "Nc8"] {
        let err = game.parse_action(text).expect_err("the dice come first");
        assert_eq!(err.to_string(), format!("not allowed now: {text}: the dice must be rolled for e2e4 first"));
    }
    assert!(game.parse_action("roll z9").is_err());
    assert_eq!(game.parse_action("roll e7"), Ok(BermudaRoll(sq("e7")).action()));
    game.apply(BermudaRoll(sq("c3")).action()).expect("the dice are due");
    assert!(matches!(game.parse_action("e7"), Ok(Action::Move(_))), "black's move reads once the dice are rolled");
}

// ---- properties over random positions ----

mod properties {
    use super::*;
    use chesslantis_core::Move;
    use proptest::prelude::*;

    /// A position reached by random legal moves from the start (stopping
    /// where the game ends), with rolls applied at random.
    fn random_position(picks: &[(u16, u8)]) -> Pos {
        let mut pos = Pos::start();
        let squares: Vec<_> = angle().collect();
        for &(pick, die) in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick as usize % moves.len()];
            pos = chesslantis_core::variants::bermuda_angle::resolve(&pos, m, squares[die as usize % 36]).0;
        }
        pos
    }

    /// The squares where the mover's pieces stand after the move, with what stands there.
    fn landings(pos: &Pos, m: Move) -> Vec<(chesslantis_core::Square, Option<chesslantis_core::Piece>)> {
        let after = pos.after(m);
        after
            .by_color(pos.turn())
            .filter(|&s| pos.piece_at(s) != after.piece_at(s))
            .map(|s| (s, after.piece_at(s)))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn survival_chance_counts_the_rolls_the_mover_survives(
            picks in prop::collection::vec((any::<u16>(), any::<u8>()), 0..60)
        ) {
            let pos = random_position(&picks);
            for m in pos.legal_moves() {
                let landed = landings(&pos, m);
                let survived = angle()
                    .filter(|&r| {
                        let (rolled, _) = chesslantis_core::variants::bermuda_angle::resolve(&pos, m, r);
                        landed.iter().all(|&(s, p)| rolled.piece_at(s) == p)
                    })
                    .count() as u32;
                prop_assert_eq!(survival_chance(&pos, m), Probability { num: survived, den: 36 }, "{:?} in {}", m, pos.fen());
            }
        }

        #[test]
        fn a_roll_removes_at_most_two_pieces_and_leaves_a_valid_position(
            picks in prop::collection::vec((any::<u16>(), any::<u8>()), 0..60)
        ) {
            let pos = random_position(&picks);
            for m in pos.legal_moves() {
                let after = pos.after(m);
                for r in angle() {
                    let (rolled, report) = chesslantis_core::variants::bermuda_angle::resolve(&pos, m, r);
                    prop_assert!(report.vanished.len() <= 2);
                    let lost = report.vanished.len() as u32 - report.restored.map_or(0, |_| 1);
                    prop_assert_eq!(rolled.occupied().count() + lost, after.occupied().count());
                    // A roll may take the last king (the game ends there); a
                    // position with no king at all is refused as FEN.
                    let no_king = chesslantis_core::Color::ALL.iter().all(|&c| rolled.king(c).is_none());
                    if no_king {
                        prop_assert!(Pos::from_fen(&rolled.fen()).is_err());
                    } else {
                        prop_assert_eq!(Pos::from_fen(&rolled.fen()).map(|p| p.fen()), Ok(rolled.fen()));
                    }
                    prop_assert_eq!(rolled.hash(), rolled.hash_from_scratch());
                }
            }
        }
    }
}

/// One roll logic: `roll_outcomes` (what the engine searches) gives, for
/// each of the 36 rolls, the position the game reaches when it makes that
/// roll, each 1/36; no outcomes when no roll is due.
#[test]
fn roll_outcomes_are_the_games_rolls() {
    use chesslantis_core::variants::bermuda_angle::roll_outcomes;
    let pos = position_1();
    for mv in pos.legal_moves() {
        let after = pos.after(mv);
        let game = BermudaGame::new(pos.clone());
        let mut moved = game.clone();
        act(&mut moved, Action::Move(mv));
        let Some(outcomes) = roll_outcomes(&pos, mv, &after) else {
            assert_ne!(moved.actor(), Actor::Chance, "no roll due after {mv:?}");
            continue;
        };
        assert_eq!(outcomes.len(), 36);
        for (sq, (outcome, p)) in angle().into_iter().zip(&outcomes) {
            assert_eq!(*p, Probability { num: 1, den: 36 });
            let mut rolled = moved.clone();
            act(&mut rolled, BermudaRoll(sq).action());
            assert_eq!(outcome.fen(), rolled.position().fen(), "{mv:?} then roll {sq:?}");
        }
    }
}
