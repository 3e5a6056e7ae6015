//! The variant descriptors (`registry::descriptors`, served at
//! `/api/variants`): each says what its variant's own code does.

use chesslantis_core::descriptor::BoardShape;
use chesslantis_core::game::Actor;
use chesslantis_core::registry::{self, VARIANTS};
use chesslantis_core::{Descriptor, Game};

fn described(id: &str) -> Descriptor {
    registry::descriptors().into_iter().find(|d| d.id == id).unwrap_or_else(|| panic!("no descriptor for {id}"))
}

#[test]
fn every_registered_variant_is_described_once_in_the_registry_order() {
    let ids: Vec<&str> = registry::descriptors().iter().map(|d| d.id).collect();
    assert_eq!(ids, registry::variant_ids());
}

#[test]
fn boards_are_the_variants_shapes() {
    let one = |files, ranks| vec![BoardShape { name: None, files, ranks }];
    assert_eq!(described("chess").boards, one(8, 8));
    assert_eq!(described("bermuda-angle").boards, one(10, 10));
    assert_eq!(described("bede").boards, one(9, 11));
    let two = |a, b| vec![BoardShape { name: Some(a), files: 8, ranks: 8 }, BoardShape { name: Some(b), files: 8, ranks: 8 }];
    assert_eq!(described("bermuda-two-board").boards, two('L', 'U'));
    assert_eq!(described("looking-glass").boards, two('R', 'M'));
}

/// The club evening's five, in the seed's order.
#[test]
fn the_newport_family_is_the_club_evening() {
    assert_eq!(registry::family("Newport club"), ["rejection", "circe", "portal", "beirut", "knights-are-god"]);
    assert_eq!(described("circe").family, Some("Newport club"));
    assert_eq!(described("bede").family, None);
}

#[test]
fn dice_and_secrets_are_said_where_the_games_have_them() {
    let with = |pick: fn(&Descriptor) -> bool| -> Vec<&'static str> {
        registry::descriptors().iter().filter(|d| pick(d)).map(|d| d.id).collect()
    };
    assert_eq!(with(|d| d.rolls_dice), ["bermuda-angle"]);
    assert_eq!(with(|d| d.hidden_information), ["beirut", "looking-glass"]);
}

/// Plays the first legal action (or chance outcome) until `text` parses,
/// at most 40 plies.
fn until_it_parses(mut game: Box<dyn Game>, text: &str) -> Box<dyn Game> {
    for _ in 0..40 {
        if game.parse_action(text).is_ok() {
            return game;
        }
        let next = match game.actor() {
            Actor::Chance => game.chance_outcomes()[0].0,
            Actor::Player(_) => game.legal_actions()[0],
            Actor::Nobody => break,
        };
        game.apply(next).unwrap();
    }
    panic!("'{text}' never became a legal action of {}", game.variant_id());
}

/// A typed word means exactly the action it names, where that action is legal.
#[test]
fn typed_words_mean_their_actions() {
    let mut checked = Vec::new();
    for info in VARIANTS {
        for typed in &Descriptor::of(info).typed_words {
            let game = until_it_parses((info.new_game)(None).unwrap(), typed.means);
            assert_eq!(game.parse_action(typed.word), game.parse_action(typed.means), "{}: {}", info.id, typed.word);
            checked.push(typed.word);
        }
    }
    assert_eq!(checked, ["a", "r", "bomb"]);
}

#[test]
fn an_option_rewrites_the_start_into_one_the_variant_reads() {
    let looking_glass = described("looking-glass");
    let forfeit = looking_glass.option("forfeit").expect("Looking-Glass has the forfeit rule");
    let start = (forfeit.apply)(None).unwrap();
    assert!(start.ends_with(" forfeit setup-white"), "{start}");
    assert!((registry::variant("looking-glass").unwrap().new_game)(Some(&start)).is_ok());
    assert!((forfeit.apply)(Some("not a position")).is_err());
    let with_options: Vec<&str> = registry::descriptors().iter().filter(|d| !d.options.is_empty()).map(|d| d.id).collect();
    assert_eq!(with_options, ["looking-glass"]);
}

#[test]
fn the_json_names_what_a_front_end_needs() {
    let portal = serde_json::to_value(described("portal")).unwrap();
    assert_eq!(portal["short_name"], "Portal");
    assert_eq!(portal["boards"], serde_json::json!([{"name": null, "files": 8, "ranks": 8}]));
    assert_eq!(portal["special_squares"]["name"], "the portals (f3<->b5, f6<->b4)");
    assert_eq!(portal["rules_page"], "/rules/portal");
    let looking_glass = serde_json::to_value(described("looking-glass")).unwrap();
    assert_eq!(looking_glass["options"][0]["name"], "forfeit");
    assert!(looking_glass["options"][0].get("apply").is_none());
    assert!(serde_json::to_value(described("chess")).unwrap().get("family").is_none());
}

/// Only a variant that rolls dice has dice to roll at a board over the board.
#[test]
fn a_roll_at_the_table_exists_for_the_variants_with_dice_alone() {
    for v in VARIANTS {
        let outcomes = (v.table_roll)();
        assert_eq!(!outcomes.is_empty(), v.rolls_dice, "{}", v.id);
        let total: f64 = outcomes.iter().map(|(_, p)| f64::from(p.num) / f64::from(p.den)).sum();
        assert!(outcomes.is_empty() || (total - 1.0).abs() < 1e-9, "{}: the chances add up to {total}", v.id);
    }
}
