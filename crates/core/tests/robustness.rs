//! Bad input never panics and never changes a game: arbitrary and mutated
//! FEN text, arbitrary move text, and arbitrary actions through the game
//! model. A FEN that is accepted must describe a position every rule can work
//! on (moves generated, played, written back).

mod chess_support;

use chesslantis_core::FenError;
use chesslantis_core::notation::parse_move;
use chesslantis_core::perft::perft;
use chesslantis_core::registry;
use chesslantis_core::variants::bermuda_angle::BermudaRoll;
use chesslantis_core::variants::{BeirutAction, Chess, RejectionAction};
use chesslantis_core::{Action, Actor, Game, Move, MoveKind, OwnAction, Position, Role, Square, VariantAction};
use chess_support::GAME_STARTS;
use proptest::prelude::*;

/// Text that looks like FEN more often than random text does.
const FEN_ALPHABET: &str = "[pnbrqkPNBRQKSs0-9/ wbKQkqA-Ha-h\\-]{0,90}";

/// Move-like text: squares, piece letters, promotion, castling, marks.
const MOVE_ALPHABET: &str = "[a-jA-Z0-9xX=+#@!?O\\- ]{0,12}";

/// Everything an accepted position must allow without panicking.
fn exercise(pos: &Position<Chess>) {
    let fen = pos.fen();
    let again = Position::<Chess>::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} was written but not read: {e}"));
    assert_eq!(again.fen(), fen);
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    for mv in pos.legal_moves() {
        let next = pos.after(mv);
        assert_eq!(next.hash(), next.hash_from_scratch(), "after {mv:?} in {fen}");
        let _ = next.fen();
    }
    let _ = perft(pos, 2);
    let game = (registry::variant("chess").expect("chess is registered").new_game)(Some(&fen));
    let game = game.unwrap_or_else(|e| panic!("{fen}: {e}"));
    let _ = (game.outcome(), game.legal_actions());
}

/// A valid FEN with edits: characters replaced, deleted or inserted.
fn mutated_fen() -> impl Strategy<Value = String> {
    (prop::sample::select(GAME_STARTS), prop::collection::vec(edit(), 1..4)).prop_map(|(fen, edits)| mutate(fen, edits))
}

/// One edit of a text: (where, replace/delete/insert, the character).
type Edit = (usize, u8, char);

fn edit() -> impl Strategy<Value = Edit> {
    (any::<usize>(), 0u8..3, prop::char::range(' ', '~'))
}

fn mutate(text: &str, edits: Vec<Edit>) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, op, c) in edits {
        let i = at % (chars.len() + 1);
        match op {
            0 if i < chars.len() => chars[i] = c,
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.insert(i, c),
        }
    }
    chars.into_iter().collect()
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![".{0,100}", "[ -~]{0,100}", FEN_ALPHABET, mutated_fen()]
}

fn any_move_text() -> impl Strategy<Value = String> {
    prop_oneof![".{0,20}", "[ -~]{0,20}", MOVE_ALPHABET, "[a-h][1-8][a-h][1-8][qrbnkps]?"]
}

fn any_action() -> impl Strategy<Value = Action> {
    let kind = prop::sample::select(vec![
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::InPlace,
    ]);
    let role = prop::option::of(prop::sample::select(Role::ALL.to_vec()));
    let mv = (any::<u8>(), any::<u8>(), kind, role, prop::option::of(any::<u8>())).prop_map(|(f, t, kind, promotion, rebirth)| {
        Action::Move(Move { from: Square(f), to: Square(t), kind, promotion, choice: rebirth.map(Square) })
    });
    prop_oneof![
        4 => mv,
        1 => Just(RejectionAction::Accept.action()),
        1 => Just(RejectionAction::Reject.action()),
        1 => any::<u8>().prop_map(|s| BeirutAction::ChooseCarrier(Square(s)).action()),
        1 => any::<u8>().prop_map(|s| BermudaRoll(Square(s)).action()),
        // Any variant's decision with any code, known or not.
        1 => (prop::sample::select(registry::variant_ids()), any::<u32>())
            .prop_map(|(owner, code)| Action::Variant(VariantAction::new(owner, code))),
    ]
}

/// An action to try: any action at all (mostly illegal), or the legal action
/// (or chance outcome) with this index, so that accepted actions are tried too.
#[derive(Clone, Debug)]
enum Pick {
    Any(Action),
    Legal(usize),
}

fn any_pick() -> impl Strategy<Value = Pick> {
    prop_oneof![any_action().prop_map(Pick::Any), any::<usize>().prop_map(Pick::Legal)]
}

/// The actions the game accepts now: the actor's legal actions, or the
/// chance outcomes at a chance node.
fn acceptable(game: &dyn Game) -> Vec<Action> {
    let mut all = game.legal_actions();
    all.extend(game.chance_outcomes().into_iter().map(|(a, _)| a));
    all
}

/// A variant's start FEN with edits, so every variant's own fields (Bermuda's
/// ten files, Beirut's bombs) get mangled too.
fn mutated_variant_fen() -> impl Strategy<Value = (&'static str, String)> {
    (prop::sample::select(registry::variant_ids()), prop::collection::vec(edit(), 1..4)).prop_map(|(id, edits)| {
        (id, mutate((registry::variant(id).expect("registered").start_fen)(), edits))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Every variant: a mangled FEN is refused or gives a game whose FEN reads
    /// back the same, whose actions and move list can be made, and whose
    /// perft(1) equals its move list.
    #[test]
    fn every_variants_fen_reading_never_panics((id, text) in mutated_variant_fen()) {
        let info = registry::variant(id).expect("registered");
        if let Ok(game) = (info.new_game)(Some(&text)) {
            let fen = game.fen();
            let again = (info.new_game)(Some(&fen)).unwrap_or_else(|e| panic!("{id}: {fen} was written but not read: {e}"));
            prop_assert_eq!(again.fen(), fen.clone());
            let _ = (game.outcome(), game.legal_actions(), game.chance_outcomes());
            let moves = (info.moves)(Some(&text)).unwrap_or_else(|e| panic!("{id}: {text} read as a game but not for moves: {e}"));
            let divide = (info.divide)(Some(&text), 1, &mut |_, _| {}).expect("read above");
            prop_assert_eq!(divide.len(), moves.len());
        }
    }

    /// Every variant, at its start and after a few legal actions: move text
    /// is refused or read as one of the legal moves (Bede's ranks 10 and 11
    /// and its letters too).
    #[test]
    fn every_variants_move_text_reads_only_legal_moves(
        variant in prop::sample::select(registry::variant_ids()),
        picks in prop::collection::vec(any::<usize>(), 0..6),
        text in prop_oneof![any_move_text(), "[a-j](1[01]|[1-9])[a-j](1[01]|[1-9])[qrbnkpszcj]?"],
    ) {
        let mut game = (registry::variant(variant).expect("registered").new_game)(None).expect("valid start");
        for pick in picks {
            let acceptable = acceptable(game.as_ref());
            if acceptable.is_empty() {
                break;
            }
            game.apply(acceptable[pick % acceptable.len()]).expect("an acceptable action");
        }
        let before = game.fen();
        if let Ok(Action::Move(mv)) = game.parse_action(&text) {
            prop_assert!(game.legal_actions().contains(&Action::Move(mv)), "{}: '{}' read as an illegal {:?} in {}", variant, text, mv, before);
        }
        prop_assert_eq!(game.fen(), before, "reading move text changed the game");
    }

    #[test]
    fn fen_reading_never_panics(text in any_text()) {
        if let Ok(pos) = Position::<Chess>::from_fen(&text) {
            exercise(&pos);
        }
    }

    #[test]
    fn move_text_never_panics_and_what_it_reads_is_legal(start in prop::sample::select(GAME_STARTS), text in any_move_text()) {
        let pos = Position::<Chess>::from_fen(start).expect("valid start");
        if let Ok(mv) = parse_move(&pos, &text) {
            prop_assert!(pos.is_legal(mv), "'{}' read as an illegal {:?}", text, mv);
        }
    }

    #[test]
    fn a_rejected_action_leaves_the_game_unchanged(
        start in prop::sample::select(GAME_STARTS),
        texts in prop::collection::vec(any_move_text(), 1..8),
        variant in prop::sample::select(registry::variant_ids()),
        actions in prop::collection::vec(any_pick(), 1..12),
    ) {
        // Chess from the sample positions; every other variant from its start.
        let fen = (variant == "chess").then_some(start);
        let mut game = (registry::variant(variant).expect("registered").new_game)(fen).expect("valid start");
        for text in &texts {
            let before = game.fen();
            match game.parse_action(text).and_then(|a| game.apply(a)) {
                Ok(()) => prop_assert!(game.fen() != before || game.outcome().is_some(), "'{}' was accepted but changed nothing", text),
                Err(_) => prop_assert_eq!(game.fen(), before, "'{}' was refused but changed the game", text),
            }
        }
        for pick in &actions {
            let before = game.fen();
            let acceptable = acceptable(game.as_ref());
            let action = match *pick {
                Pick::Any(action) => action,
                Pick::Legal(i) if !acceptable.is_empty() => acceptable[i % acceptable.len()],
                Pick::Legal(_) => Action::Resign,
            };
            // A player (not the dice) may resign at any time.
            let resigning = action == Action::Resign && matches!(game.actor(), Actor::Player(_));
            let legal = acceptable.contains(&action) || resigning;
            match game.apply(action) {
                Ok(()) => prop_assert!(legal, "{:?} was not a legal action but was applied", action),
                Err(e) => {
                    prop_assert!(!legal, "{:?} is legal but was refused: {}", action, e);
                    prop_assert_eq!(game.fen(), before, "{:?} was refused but changed the game", action);
                }
            }
        }
    }
}

#[test]
fn an_empty_run_too_long_for_any_integer_is_an_error() {
    // Found by the `fen` fuzz target: the digits overflowed a usize.
    let run = "9".repeat(40);
    for fen in [format!("{run}/8/8/8/8/8/8/8 w - - 0 1"), format!("4k3/8/8/8/8/8/8/4K{run} w - - 0 1")] {
        assert!(matches!(Position::<Chess>::from_fen(&fen), Err(FenError::Board(_))), "{fen}");
    }
}

#[test]
fn extreme_move_counters_do_not_overflow() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K2R w K - 4294967295 4294967295",
        "4k3/8/8/8/8/8/8/4K2R b K - 4294967295 4294967295",
    ] {
        let pos = Position::<Chess>::from_fen(fen).expect("the counters fit a u32");
        exercise(&pos);
    }
    assert!(matches!(Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1"), Err(FenError::Counter(_))));
}
