//! Bermuda Chess Angle: how games end across rolls, through the game with
//! forced rolls (docs/rules/bermuda-angle.md): both kings gone is a draw,
//! threefold repetition and the 50-move rule count on across rolls, and a
//! position without any king is refused.

use chesslantis_core::variants::bermuda_angle::{BermudaGame, BermudaRoll};
use chesslantis_core::variants::BermudaAngle;
use chesslantis_core::{registry, Actor, DrawReason, Event, Game, OwnAction, Outcome, Position, Shape, WinReason};

fn game(fen: &str) -> BermudaGame {
    BermudaGame::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn play(game: &mut BermudaGame, text: &str) {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(action).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Plays a move and then the roll the test forces.
fn play_and_roll(game: &mut BermudaGame, text: &str, roll: &str) {
    play(game, text);
    assert_eq!(game.actor(), Actor::Chance, "a roll is due after {text}");
    let square = Shape::TEN_BY_TEN.parse(roll).expect("a square");
    game.apply(BermudaRoll(square).action()).unwrap_or_else(|e| panic!("roll {roll}: {e}"));
}

/// The ruling: "When both kings are gone after one move and its roll (the
/// mover took the enemy king and the roll took its own), the game is a draw."
#[test]
fn both_kings_gone_after_one_move_and_its_roll_is_a_draw() {
    // The rook takes the king on i7; the roll e5 misses its path and takes
    // White's own king.
    let fen = "10/10/10/R7k1/10/4K5/10/10/10/10 w - - 0 1";
    let mut g = game(fen);
    play_and_roll(&mut g, "a7i7", "e5");
    let pos = g.position();
    assert!(pos.king(chesslantis_core::Color::White).is_none() && pos.king(chesslantis_core::Color::Black).is_none());
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::BothKingsGone)));
    assert_eq!(g.actor(), Actor::Nobody);
    assert!(g.observe(chesslantis_core::Viewer::Spectator).last_events.contains(&Event::GameOver(Outcome::Draw(DrawReason::BothKingsGone))));
    // The same capture with a roll that spares White's king wins; one on the
    // rook's path undoes the capture and the game goes on.
    let mut g = game(fen);
    play_and_roll(&mut g, "a7i7", "c3");
    let white_wins = Outcome::Win { winner: chesslantis_core::Color::White, reason: WinReason::KingCaptured };
    assert_eq!(g.outcome(), Some(white_wins));
    let mut g = game(fen);
    play_and_roll(&mut g, "a7i7", "d7");
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_fen_without_any_king_is_refused_with_the_reason() {
    let err = Position::<BermudaAngle>::from_fen("10/10/10/R9/10/10/10/10/10/10 w - - 0 1").expect_err("no king");
    assert!(err.to_string().contains("no king"), "{err}");
    let info = registry::variant("bermuda-angle").expect("registered");
    assert!((info.new_game)(Some("10/10/10/R9/10/10/10/10/10/10 w - - 0 1")).is_err());
    // One king missing is a finished game, still readable.
    assert!(Position::<BermudaAngle>::from_fen("10/10/10/R9/10/10/10/10/10/K9 b - - 0 1").is_ok());
}

/// Pawns locked on e5/e6 stand in the Angle, so every move needs a roll;
/// the kings shuffle in the corners.
const LOCKED: &str = "9k/10/10/10/4p5/4P5/10/10/10/K9 w - - 0 1";

#[test]
fn threefold_repetition_counts_across_rolls() {
    let mut g = game(LOCKED);
    let cycle = [("a1a2", "c3"), ("j10j9", "h8"), ("a2a1", "d4"), ("j9j10", "c8")];
    for round in 0..2 {
        for (i, (mv, roll)) in cycle.iter().enumerate() {
            assert_eq!(g.outcome(), None, "round {round}, before {mv}");
            play_and_roll(&mut g, mv, roll);
            let last = round == 1 && i == cycle.len() - 1;
            if !last {
                assert_eq!(g.outcome(), None, "round {round}, after {mv}");
            }
        }
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)), "the start position a third time");
}

#[test]
fn a_roll_that_takes_a_piece_breaks_the_repetition() {
    let mut g = game(LOCKED);
    let cycle = [("a1a2", "c3"), ("j10j9", "h8"), ("a2a1", "d4"), ("j9j10", "c8")];
    for (mv, roll) in cycle {
        play_and_roll(&mut g, mv, roll);
    }
    // The second round's first roll takes the black pawn: a new position.
    play_and_roll(&mut g, "a1a2", "e6");
    for (mv, roll) in &cycle[1..] {
        play_and_roll(&mut g, mv, roll);
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_fifty_move_rule_counts_across_rolls_and_a_vanishing_is_no_capture() {
    let fen = "9k/10/10/10/4p5/4P5/10/10/10/K9 w - - 98 80";
    let mut g = game(fen);
    // The roll takes Black's pawn: not a capture, the count goes on.
    play_and_roll(&mut g, "a1a2", "e6");
    assert_eq!(g.position().halfmoves(), 99);
    assert_eq!(g.outcome(), None);
    play_and_roll(&mut g, "j10j9", "c3");
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    // A capture undone by the roll does not reset it either: the rook takes
    // on e6 as the 100th ply and vanishes on d6, so it never happened.
    let mut g = game("9k/10/10/10/R3p5/4P5/10/10/10/K9 w - - 99 80");
    play_and_roll(&mut g, "a6e6", "d6");
    assert!(g.position().piece_at(Shape::TEN_BY_TEN.parse("e6").unwrap()).is_some(), "the pawn is back");
    assert_eq!(g.position().halfmoves(), 100, "{}", g.fen());
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}
