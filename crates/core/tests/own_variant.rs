//! A variant written entirely in this file, as a new variant would be: King
//! of the Hill (a king that reaches d4, e4, d5 or e5 wins), with an event
//! and a way to win of its own. It is driven through the same `DynGame` and
//! views as the registered variants without touching any shared file: its
//! entry is made by `VariantInfo::of`, its event is a `Payload`, its win an
//! `OwnWin`.

use chesslantis_core::movegen;
use chesslantis_core::outcome::OwnWin;
use chesslantis_core::payload::Payload;
use chesslantis_core::registry::{self, plain_game, VariantInfo};
use chesslantis_core::variant::{standard_move_events, standard_outcome, SpecialSquares, Variant};
use chesslantis_core::{Bitboard, Color, DynGame, Event, Move, Outcome, Position, Role, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Hill;

/// d4, e4, d5 and e5.
fn hill() -> Bitboard {
    ["d4", "e4", "d5", "e5"].iter().map(|name| Hill::SHAPE.parse(name).unwrap()).collect()
}

/// The side whose king stands on the hill, if one does.
fn on_the_hill(pos: &Position<Hill>) -> Option<Color> {
    Color::ALL.into_iter().find(|&c| (pos.pieces(c, Role::King) & hill()).any())
}

static KING_ON_THE_HILL: OwnWin = OwnWin {
    owner: Hill::ID,
    id: "king_on_the_hill",
    words: |winner| format!("{winner} wins: its king reached the hill"),
};

/// What only this variant tells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum HillEvent {
    Climbed { square: String },
}

impl Payload for HillEvent {
    const VARIANT: &'static str = Hill::ID;
}

impl fmt::Display for HillEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HillEvent::Climbed { square } => write!(f, "the king climbs the hill on {square}"),
        }
    }
}

impl Variant for Hill {
    const ID: &'static str = "test-king-of-the-hill";
    const NAME: &'static str = "King of the Hill";
    type Extra = ();

    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }

    fn special_squares() -> Option<SpecialSquares> {
        Some(SpecialSquares { name: "the hill", squares: hill() })
    }

    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        if on_the_hill(pos).is_none() {
            movegen::legal_standard(pos, out)
        }
    }

    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        match on_the_hill(pos) {
            Some(winner) => Some(Outcome::Win { winner, reason: KING_ON_THE_HILL.reason() }),
            None => standard_outcome(pos, has_legal_move),
        }
    }

    fn move_events(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Vec<Event> {
        let mut events = standard_move_events(before, mv, after);
        if on_the_hill(before).is_none() && on_the_hill(after).is_some() {
            events.push(Event::own(HillEvent::Climbed { square: Hill::SHAPE.name(mv.to).to_string() }));
        }
        events
    }
}

static HILL: VariantInfo = VariantInfo::of::<Hill>(plain_game::<Hill>);

#[test]
fn a_variant_outside_the_registry_plays_through_the_shared_game() {
    assert!(registry::variant(Hill::ID).is_none(), "nothing shared lists it");
    let mut game = DynGame::of(&HILL, Some("4k3/p7/8/8/8/3K4/P7/8 w - - 0 1")).unwrap();
    game.apply(Seat::White, "Ke4").unwrap();
    let view = game.view(Viewer::Spectator);
    let json = serde_json::to_value(&view).unwrap();
    let events = &json["last"]["events"];
    assert_eq!(events[0]["words"], "White plays Ke4");
    assert_eq!(events[1], serde_json::json!({"kind": "climbed", "square": "e4", "words": "the king climbs the hill on e4"}));
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: KING_ON_THE_HILL.reason() }));
    assert_eq!(json["outcome"]["reason"], "king_on_the_hill", "{}", json["outcome"]);
    assert!(events.as_array().unwrap().iter().any(|e| e["words"] == "White wins: its king reached the hill"), "{events}");
    assert_eq!(json["special_squares"]["squares"], serde_json::json!(["d4", "e4", "d5", "e5"]));
}

#[test]
fn its_own_event_reads_back_typed() {
    let event = Event::own(HillEvent::Climbed { square: "d5".into() });
    assert_eq!(event.as_own::<HillEvent>(), Some(&HillEvent::Climbed { square: "d5".into() }));
    assert_eq!(event.to_string(), "the king climbs the hill on d5");
}
