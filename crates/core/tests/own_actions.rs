//! Each variant's own decisions (`OwnAction`, carried as `Action::Variant`):
//! the text a player types reads as the variant's typed decision and is
//! written back byte for byte; another variant's decision, or a code the
//! variant does not have, is refused with a message naming both, and the
//! game is unchanged.

use chesslantis_core::variants::bermuda_angle::BermudaRoll;
use chesslantis_core::variants::looking_glass::decision::Decision;
use chesslantis_core::variants::{BeirutAction, RejectionAction};
use chesslantis_core::{registry, Action, Game, MoveError, OwnAction, Square, VariantAction, Viewer};

fn game(id: &str) -> Box<dyn Game> {
    (registry::variant(id).expect("a variant").new_game)(None).expect("the start")
}

fn act(game: &mut dyn Game, text: &str) {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    game.apply(action).unwrap_or_else(|e| panic!("'{text}': {e}"));
}

/// `text` reads as `typed`, whose action the game writes back as `text`
/// (in its legal list, and in its own words).
fn round_trips<A: OwnAction + PartialEq + std::fmt::Debug>(game: &dyn Game, text: &str, typed: A) {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    assert_eq!(A::of(action), Some(typed), "'{text}'");
    assert_eq!(action, typed.action());
    assert_eq!(typed.text(), text);
    assert_eq!(game.describe(action).text, text, "the text a UI offers");
    assert_eq!(A::from_code(typed.code()), Some(typed));
}

/// `action` is refused with a message containing each of `words`; the game
/// (its full text and who acts) is unchanged.
fn refused(game: &mut dyn Game, action: Action, words: &[&str]) {
    let before = (game.fen(), game.actor(), game.legal_actions());
    let err = game.apply(action).expect_err("refused");
    assert!(matches!(err, MoveError::NotYourTurn(_)), "{err:?}");
    let message = err.to_string();
    for word in words {
        assert!(message.contains(word), "'{message}' should name {word}");
    }
    assert_eq!((game.fen(), game.actor(), game.legal_actions()), before, "{message}");
}

#[test]
fn rejection_answers_round_trip_and_foreign_decisions_are_refused() {
    let mut g = game("rejection");
    act(g.as_mut(), "e2e4");
    round_trips(g.as_ref(), "accept", RejectionAction::Accept);
    round_trips(g.as_ref(), "reject", RejectionAction::Reject);
    let listed: Vec<String> = g.legal_actions().into_iter().map(|a| g.action_text(a)).collect();
    assert_eq!(listed, ["accept", "reject"]);
    refused(g.as_mut(), BeirutAction::ChooseCarrier(Square(12)).action(), &["beirut", "rejection"]);
    refused(g.as_mut(), Action::Variant(VariantAction::new("rejection", 2)), &["rejection", "no decision"]);
    // The answer still works after the refusals.
    act(g.as_mut(), "reject");
}

#[test]
fn beirut_carrier_choices_round_trip_and_foreign_decisions_are_refused() {
    let mut g = game("beirut");
    round_trips(g.as_ref(), "carrier d2", BeirutAction::ChooseCarrier(Square(11)));
    round_trips(g.as_ref(), "carrier g1", BeirutAction::ChooseCarrier(Square(6)));
    refused(g.as_mut(), RejectionAction::Accept.action(), &["rejection", "beirut"]);
    refused(g.as_mut(), Decision::Ask.action(), &["looking-glass", "beirut"]);
    // A square off the 8x8 board is no decision of Beirut's.
    refused(g.as_mut(), BeirutAction::ChooseCarrier(Square(64)).action(), &["beirut", "no decision"]);
    act(g.as_mut(), "carrier d2");
    // The choice is known to its chooser (and the referee) only; a move is known to all.
    let known = |g: &dyn Game| Viewer::ALL.map(|viewer| g.observe(viewer).last_action_known);
    assert_eq!(known(g.as_ref()), [true, false, false, true], "White, Black, spectator, referee");
    act(g.as_mut(), "carrier e7");
    act(g.as_mut(), "e2e4");
    assert_eq!(known(g.as_ref()), [true; 4], "only Beirut's own choice is secret");
}

#[test]
fn bermuda_rolls_round_trip_and_foreign_decisions_are_refused() {
    let mut g = game("bermuda-angle");
    act(g.as_mut(), "e2e4");
    let e7 = g.parse_action("roll e7").expect("a roll");
    round_trips(g.as_ref(), "roll e7", BermudaRoll::of(e7).expect("typed"));
    // The 36 outcomes are written as the referee's `--forced-rolls` reads them.
    let outcomes: Vec<String> = g.chance_outcomes().into_iter().map(|(a, _)| g.describe(a).text).collect();
    assert_eq!(outcomes.len(), 36);
    assert_eq!((outcomes[0].as_str(), outcomes[35].as_str()), ("roll c3", "roll h8"));
    for text in &outcomes {
        assert_eq!(g.describe(g.parse_action(text).expect("reads")).text, *text);
    }
    refused(g.as_mut(), RejectionAction::Reject.action(), &["rejection", "bermuda-angle"]);
    refused(g.as_mut(), Action::Variant(VariantAction::new("bermuda-angle", 100)), &["bermuda-angle", "no decision"]);
    act(g.as_mut(), "roll e7");
}

#[test]
fn looking_glass_decisions_round_trip_and_foreign_decisions_are_refused() {
    let mut g = game("looking-glass");
    round_trips(g.as_ref(), "ask", Decision::Ask);
    let fide = Decision::of(g.parse_action("start fide").expect("a start")).expect("typed");
    round_trips(g.as_ref(), "start RNBQKBNR", fide);
    refused(g.as_mut(), BermudaRoll(Square(44)).action(), &["bermuda-angle", "looking-glass"]);
    refused(g.as_mut(), Action::Variant(VariantAction::new("looking-glass", 960)), &["looking-glass", "no decision"]);
    act(g.as_mut(), "start fide");
}

/// A variant without decisions of its own refuses every variant action.
#[test]
fn a_variant_without_own_decisions_refuses_them_all() {
    for id in ["chess", "circe", "portal", "knights-are-god", "bermuda-two-board", "bede"] {
        let mut g = game(id);
        refused(g.as_mut(), RejectionAction::Accept.action(), &["rejection", id]);
        refused(g.as_mut(), Action::Variant(VariantAction::new(registry::variant(id).unwrap().id, 0)), &[id]);
    }
}
