//! Rejection Chess: the proposal protocol through the game model, the seed's
//! rules one by one, bad input, and a count of every way the protocol can
//! play out (proposals, answers, replacements) against an independent count
//! from chess move numbers.

mod oracle_support;

use chesslantis_core::variants::rejection::{RejectionGame, Step};
use chesslantis_core::variants::{BeirutAction, Chess, Rejection, RejectionAction};
use chesslantis_core::{registry, Action, Actor, Color, Game, Outcome, OwnAction, Position, Square, Viewer, WinReason};
use oracle_support::{act, expect_refused, play};
use std::collections::BTreeSet;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
/// White's only legal move is Kxg2.
const ONE_MOVE: &str = "7k/p7/8/8/8/8/6r1/7K w - - 0 1";
/// White has two legal moves, Kg1 and b4: after a rejection one is left.
const TWO_MOVES: &str = "7k/8/8/8/8/1P6/r7/7K w - - 0 1";

/// What a pending proposal lets the opponent do.
fn answers() -> Vec<Action> {
    vec![RejectionAction::Accept.action(), RejectionAction::Reject.action()]
}

fn game(fen: Option<&str>) -> Box<dyn Game> {
    play("rejection", fen, &[])
}

fn notes(game: &dyn Game) -> String {
    game.observe(Viewer::Spectator).knowledge.notes.join(" ")
}

/// The FEN part of the game text (without a pending proposal).
fn board_fen(game: &dyn Game) -> String {
    let text = game.fen();
    let fields: Vec<&str> = text.split_whitespace().take(6).collect();
    fields.join(" ")
}

#[test]
fn a_proposal_waits_for_the_opponent_who_may_accept_it() {
    let mut g = game(None);
    act(&mut g, "e4");
    assert_eq!(g.actor(), Actor::Player(Color::Black), "Black answers White's proposal");
    assert_eq!(g.legal_actions(), answers());
    assert_eq!(board_fen(g.as_ref()), START, "a proposal does not move anything yet");
    assert!(notes(g.as_ref()).contains("White proposes e2e4"), "{}", notes(g.as_ref()));
    act(&mut g, "accept");
    assert_eq!(g.actor(), Actor::Player(Color::Black), "Black now moves");
    assert!(g.fen().starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
    assert!(notes(g.as_ref()).contains("Black accepted White's proposal e2e4"));
}

#[test]
fn after_a_rejection_a_different_move_is_forced_and_stands() {
    let mut g = play("rejection", None, &["e2e4", "reject"]);
    assert_eq!(g.actor(), Actor::Player(Color::White), "the proposer moves again");
    assert!(notes(g.as_ref()).contains("Black rejected e2e4"), "{}", notes(g.as_ref()));
    let actions = g.legal_actions();
    assert_eq!(actions.len(), 19, "every legal move but the rejected one");
    assert!(!actions.iter().any(|a| g.action_text(*a) == "e2e4"));

    let error = expect_refused(&mut g, "e4");
    assert!(error.contains("e2e4 was rejected"), "{error}");

    act(&mut g, "d4");
    assert_eq!(g.actor(), Actor::Player(Color::Black), "no answer step after the second move");
    assert!(g.fen().starts_with("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b"));
    assert!(notes(g.as_ref()).contains("e2e4 was rejected; White played d2d4 instead"));
}

#[test]
fn a_single_legal_move_is_played_at_once() {
    let mut g = game(Some(ONE_MOVE));
    assert_eq!(g.legal_actions().len(), 1);
    act(&mut g, "Kxg2");
    assert_eq!(g.actor(), Actor::Player(Color::Black), "no proposal, no answer");
    assert!(g.fen().starts_with("7k/p7/8/8/8/8/6K1/8 b"));
    assert!(notes(g.as_ref()).contains("the only legal move"));
}

#[test]
fn a_promotion_to_another_piece_is_a_different_move() {
    let fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
    let mut g = play("rejection", Some(fen), &["e7e8q", "reject"]);
    let error = expect_refused(&mut g, "e7e8q");
    assert!(error.contains("rejected"), "{error}");
    act(&mut g, "e7e8n");
    assert!(g.fen().starts_with("4N2k/"), "{}", g.fen());
}

#[test]
fn only_the_first_proposal_of_a_turn_may_be_rejected() {
    let mut g = play("rejection", None, &["e2e4", "r"]);
    let error = expect_refused(&mut g, "reject");
    assert!(error.contains("only the first proposal"), "{error}");
    let error = expect_refused(&mut g, "accept");
    assert!(error.contains("nothing to accept"), "{error}");
    // A new turn brings a new right to reject.
    let mut g = play("rejection", None, &["e2e4", "r", "d2d4", "d7d5", "reject"]);
    assert!(matches!(g.as_ref().actor(), Actor::Player(Color::Black)));
    act(&mut g, "e5");
    assert_eq!(g.actor(), Actor::Player(Color::White));
}

#[test]
fn out_of_turn_actions_are_refused_and_change_nothing() {
    let mut g = game(None);
    let error = expect_refused(&mut g, "accept");
    assert!(error.contains("nothing is proposed"), "{error}");
    expect_refused(&mut g, "reject");

    act(&mut g, "e4");
    // While Black must answer, neither side may propose.
    let error = expect_refused(&mut g, "e7e5");
    assert!(error.contains("accept or reject"), "{error}");
    let proposal_by_white = g.legal_actions();
    assert_eq!(proposal_by_white, answers());
    let mv = Position::<Rejection>::start().legal_moves()[0];
    let fen = g.fen();
    assert!(g.apply(Action::Move(mv)).is_err(), "a second proposal while one is pending");
    assert_eq!(g.fen(), fen);
    assert!(g.apply(BeirutAction::ChooseCarrier(Square(12)).action()).is_err());
    assert_eq!(g.fen(), fen);
}

#[test]
fn an_illegal_move_is_refused_in_every_step() {
    let mut g = game(None);
    expect_refused(&mut g, "e2e5");
    let mut g = play("rejection", None, &["e4", "reject"]);
    expect_refused(&mut g, "e2e5");
    expect_refused(&mut g, "nonsense");
}

#[test]
fn every_legal_move_and_only_those_can_end_up_played() {
    for fen in [START, KIWIPETE, POSITION_3, POSITION_4, ONE_MOVE] {
        let g = RejectionGame::new(Position::from_fen(fen).unwrap());
        let mut played = BTreeSet::new();
        for proposal in g.legal_actions() {
            let mut proposed = g.clone();
            proposed.apply(proposal).unwrap();
            if proposed.step() == Step::Proposing {
                played.insert(proposed.fen());
                continue;
            }
            let mut accepted = proposed.clone();
            accepted.apply(RejectionAction::Accept.action()).unwrap();
            played.insert(accepted.fen());
            let mut rejected = proposed.clone();
            rejected.apply(RejectionAction::Reject.action()).unwrap();
            for second in rejected.legal_actions() {
                let mut replaced = rejected.clone();
                replaced.apply(second).unwrap();
                played.insert(replaced.fen());
            }
        }
        let chess = Position::<Chess>::from_fen(fen).unwrap();
        let expected: BTreeSet<String> = chess.legal_moves().into_iter().map(|mv| chess.after(mv).fen()).collect();
        assert_eq!(played, expected, "{fen}");
    }
}

#[test]
fn the_game_text_keeps_a_pending_proposal_or_rejection() {
    for actions in [&["e2e4"][..], &["e2e4", "reject"][..], &["e2e4", "accept"][..]] {
        let g = play("rejection", None, actions);
        let again = game(Some(&g.fen()));
        assert_eq!(again.fen(), g.fen());
        assert_eq!(again.actor(), g.actor());
        assert_eq!(again.legal_actions(), g.legal_actions());
    }
    assert!(play("rejection", None, &["e2e4"]).fen().ends_with(" proposed:e2e4"));
    let info = registry::variant("rejection").unwrap();
    assert!((info.new_game)(Some(&format!("{START} proposed:e2e5"))).is_err(), "an illegal proposal");
    assert!((info.new_game)(Some(&format!("{ONE_MOVE} rejected:h1g2"))).is_err(), "nothing to propose");
}

#[test]
fn checkmate_ends_the_game_once_the_mating_move_is_accepted() {
    let g = play("rejection", None, &["f3", "a", "e5", "r", "e6", "g4", "accept", "Qh4", "accept"]);
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
    assert_eq!(g.actor(), Actor::Nobody);
    assert!(g.legal_actions().is_empty());
    // Rejected instead, the queen must go elsewhere.
    let g = play("rejection", None, &["f3", "a", "e5", "r", "e6", "g4", "accept", "Qh4", "reject", "Qg5"]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_answering_player_may_resign() {
    let g = play("rejection", None, &["e4", "resign"]);
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation }));
}

/// "A rejected mover must play a different legal move": with two legal
/// moves, rejecting one leaves exactly the other, which stands.
#[test]
fn after_a_rejection_with_one_legal_move_left_that_move_is_forced() {
    for (proposal, other) in [("b4", "Kg1"), ("Kg1", "b4")] {
        let mut g = play("rejection", Some(TWO_MOVES), &[proposal]);
        assert_eq!(g.legal_actions(), answers(), "two moves: a real proposal");
        act(&mut g, "reject");
        let left: Vec<String> = g.legal_actions().iter().map(|&a| g.action_text(a)).collect();
        assert_eq!(left.len(), 1, "{left:?}");
        let error = expect_refused(&mut g, proposal);
        assert!(error.contains("was rejected"), "{error}");
        act(&mut g, other);
        assert_eq!(g.actor(), Actor::Player(Color::Black), "the forced move stands without an answer");
        assert_eq!(g.legal_actions().len(), Position::<Rejection>::from_fen(&board_fen(g.as_ref())).unwrap().legal_moves().len());
    }
}

/// Counts every sequence of actions that completes `turns` turns, walking the
/// real protocol: proposals, accept/reject, replacements, the single move.
fn protocol_paths(game: &RejectionGame, turns: u32) -> u64 {
    if turns == 0 {
        return 1;
    }
    game.legal_actions()
        .into_iter()
        .map(|action| {
            let mut next = game.clone();
            next.apply(action).expect("a legal action");
            let turn_done = next.position() != game.position();
            protocol_paths(&next, turns - u32::from(turn_done))
        })
        .sum()
}

/// The same count from chess alone: with n legal moves (n >= 2) each move
/// ends up played in n ways (accepted; or another of the n - 1 proposed and
/// rejected, then this one); with a single move, in one way.
fn expected_paths(pos: &Position<Chess>, turns: u32) -> u64 {
    if turns == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    let ways = if moves.len() == 1 { 1 } else { moves.len() as u64 };
    moves.into_iter().map(|mv| ways * expected_paths(&pos.after(mv), turns - 1)).sum()
}

#[test]
fn every_way_the_protocol_can_play_out_is_counted_once() {
    let cases: [(&str, u32); 6] =
        [(START, 2), (KIWIPETE, 1), (POSITION_3, 2), (POSITION_5, 1), (ONE_MOVE, 3), (TWO_MOVES, 3)];
    for (fen, turns) in cases {
        let game = RejectionGame::new(Position::from_fen(fen).unwrap());
        let expected = expected_paths(&Position::from_fen(fen).unwrap(), turns);
        assert_eq!(protocol_paths(&game, turns), expected, "{fen} over {turns} turns");
    }
    // From the start: 20 moves, each played in 20 ways, twice.
    assert_eq!(expected_paths(&Position::from_fen(START).unwrap(), 2), 400 * 400);
}
