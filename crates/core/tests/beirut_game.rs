//! Beirut Chess as a game (docs/rules/beirut.md): the secret choice of the
//! carriers, what each player may see, bad input, and whole games played
//! through the `Game` trait.

mod portal_beirut_support;

use chesslantis_core::registry;
use chesslantis_core::variants::beirut::BeirutGame;
use chesslantis_core::variants::Beirut;
use chesslantis_core::{Action, Actor, Color, Game, Move, MoveKind, Outcome, Position, Shape, Square, Viewer, WinReason};

fn sq(name: &str) -> Square {
    Shape::CHESS.parse(name).expect("a square name")
}

fn game(fen: &str) -> BeirutGame {
    BeirutGame::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn act(game: &mut dyn Game, text: &str) {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(action).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The game's whole state, to show that a refused action changed nothing.
fn state(game: &dyn Game) -> (String, Actor, Vec<Action>, Option<Outcome>) {
    (game.fen(), game.actor(), game.legal_actions(), game.outcome())
}

fn bombs_field(fen: &str) -> &str {
    fen.rsplit(' ').next().unwrap_or("")
}

#[test]
fn each_side_chooses_its_carrier_in_secret_then_white_moves() {
    let info = registry::variant("beirut").expect("registered");
    let mut g = (info.new_game)(None).expect("start");
    assert!(g.hidden_information());
    assert_eq!(g.actor(), Actor::Player(Color::White));
    let choices = g.legal_actions();
    assert_eq!(choices.len(), 15, "every white piece but the king");
    assert!(choices.iter().all(|a| matches!(a, Action::ChooseCarrier(_))));
    assert!(!choices.contains(&Action::ChooseCarrier(sq("e1"))));

    act(g.as_mut(), "carrier d2");
    assert_eq!(g.actor(), Actor::Player(Color::Black));
    let black_view = g.observation(Viewer::Player(Color::Black));
    assert_eq!(bombs_field(&black_view.fen), "*,?", "Black does not see White's choice");
    assert!(!black_view.notes.join(" ").contains("d2"));
    assert_eq!(bombs_field(&g.observation(Viewer::Spectator).fen), "*,*");

    act(g.as_mut(), "e7");
    assert_eq!(g.actor(), Actor::Player(Color::White));
    assert_eq!(bombs_field(&g.fen()), "d2,e7", "the referee knows both");
    assert_eq!(bombs_field(&g.observation(Viewer::Player(Color::White)).fen), "d2,*");
    assert_eq!(bombs_field(&g.observation(Viewer::Player(Color::Black)).fen), "*,e7");
    let white_notes = g.observation(Viewer::Player(Color::White)).notes.join(" ");
    assert!(white_notes.contains("pawn on d2"), "{white_notes}");

    act(g.as_mut(), "e4");
    assert_eq!(g.actor(), Actor::Player(Color::Black));
}

#[test]
fn refused_setup_actions_leave_the_game_unchanged() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ?,?");
    let before = state(&g);
    let e2e4 = Move::new(sq("e2"), sq("e4"), MoveKind::DoublePush);
    for (action, why) in [
        (Action::Move(e2e4), "must choose a bomb carrier"),
        (Action::ChooseCarrier(sq("e1")), "king cannot carry"),
        (Action::ChooseCarrier(sq("e7")), "holds a Black piece"),
        (Action::ChooseCarrier(sq("e4")), "is empty"),
    ] {
        let err = g.apply(action).expect_err("refused");
        assert!(err.to_string().contains(why), "{action:?}: {err}");
        assert_eq!(state(&g), before);
    }
    assert!(g.parse_action("carrier z9").is_err());
    assert!(g.parse_action("d9").is_err());
}

#[test]
fn a_carrier_cannot_be_chosen_twice() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 d2,e7");
    let before = state(&g);
    let err = g.apply(Action::ChooseCarrier(sq("g1"))).expect_err("refused");
    assert!(err.to_string().contains("chosen before the first move"), "{err}");
    assert_eq!(state(&g), before);
    assert!(g.parse_action("carrier g1").and_then(|a| g.apply(a)).is_err());
    assert_eq!(state(&g), before);
}

#[test]
fn detonating_without_a_bomb_is_refused() {
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -,e7");
    let before = state(&g);
    let err = g.parse_action("bomb").expect_err("no bomb");
    assert!(err.to_string().contains("no bomb"), "{err}");
    assert!(g.apply(Action::Move(Move::new(sq("d2"), sq("d2"), MoveKind::Detonate))).is_err());
    assert!(g.parse_action("d2d2").is_err());
    assert_eq!(state(&g), before);
    // A bomb whose blast would kill the own king is refused with the reason.
    let g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 d2,e7");
    let err = g.parse_action("bomb").expect_err("would kill the king");
    assert!(err.to_string().contains("kill your own king"), "{err}");
}

#[test]
fn the_seed_detonation_through_the_game() {
    let mut g = game("4k3/7p/2pbr3/2PNp3/2qPn3/8/8/R3K3 w - - 0 1 d5,-");
    let bomb = g.parse_action("bomb").expect("White has a bomb");
    assert_eq!(g.action_text(bomb), "d5d5");
    assert_eq!(g.parse_action("d5d5").expect("the same"), bomb);
    g.apply(bomb).expect("legal");
    assert_eq!(g.fen(), "4k3/7p/8/8/8/8/8/R3K3 b - - 0 1 x,-");
    // A detonation is public: both players and spectators see it.
    for viewer in [Viewer::Player(Color::White), Viewer::Player(Color::Black), Viewer::Spectator] {
        assert!(bombs_field(&g.observation(viewer).fen).starts_with('x'), "{viewer:?}");
    }
}

#[test]
fn blowing_up_the_king_ends_the_game() {
    let mut g = game("4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 d7,-");
    act(&mut g, "bomb");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Detonation }));
    assert_eq!(g.actor(), Actor::Nobody);
    assert!(g.legal_actions().is_empty());
}

#[test]
fn a_detonation_that_removes_the_checker_is_the_only_way_out() {
    let g = game("4R1k1/3p1ppp/8/8/8/8/8/6K1 b - - 0 1 -,d7");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.legal_actions(), vec![Action::Move(Move::new(sq("d7"), sq("d7"), MoveKind::Detonate))]);
}

/// "If the bomb carrier is captured the bomb is defused without detonation.
/// It is not revealed to the opponent that the bomb carrier has been
/// captured." Two games that differ only in Black's carrier: White takes the
/// same pawn in both. What White sees cannot tell them apart.
#[test]
fn a_captured_carrier_is_defused_and_nobody_is_told() {
    let board = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let mut carrier_taken = game(&format!("{board} g1,d5"));
    let mut other_taken = game(&format!("{board} g1,a7"));
    for g in [&mut carrier_taken, &mut other_taken] {
        act(g, "exd5");
    }
    for viewer in [Viewer::Player(Color::White), Viewer::Spectator] {
        assert_eq!(carrier_taken.observation(viewer), other_taken.observation(viewer), "{viewer:?}");
    }
    // Black's own bomb is gone with the pawn: no detonation offered.
    let bomb_offered = |g: &BeirutGame| {
        g.legal_actions().iter().any(|a| matches!(a, Action::Move(m) if m.kind == MoveKind::Detonate))
    };
    assert!(!bomb_offered(&carrier_taken));
    assert!(bomb_offered(&other_taken));
    assert_eq!(bombs_field(&carrier_taken.observation(Viewer::Player(Color::Black)).fen), "*,-");
}

#[test]
fn everything_is_shown_when_the_game_is_over() {
    let mut g = game("4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 d7,-");
    assert_eq!(bombs_field(&g.observation(Viewer::Player(Color::Black)).fen), "*,-");
    g.apply(Action::Resign).expect("resigning is always allowed");
    assert_eq!(bombs_field(&g.observation(Viewer::Player(Color::Black)).fen), "d7,-");
    assert_eq!(bombs_field(&g.observation(Viewer::Spectator).fen), "d7,-");
}

/// Whole games through the registry's `Game`, the carriers chosen and the
/// moves picked by a seeded generator: every legal action is accepted, the
/// observations never show the other side's bomb while the game is on, and
/// detonations happen.
#[test]
fn seeded_random_games_play_to_the_end() {
    let info = registry::variant("beirut").expect("registered");
    let mut rng = portal_beirut_support::Rng(0xBE1);
    let (mut detonations, mut finished) = (0, 0);
    for _ in 0..30 {
        let mut g = (info.new_game)(None).expect("start");
        portal_beirut_support::play_random(g.as_mut(), &mut rng, 400, |g, action, color| {
            if matches!(action, Action::Move(m) if m.kind == MoveKind::Detonate) {
                detonations += 1;
            }
            if g.outcome().is_none() {
                // Hidden unless detonated (everyone saw that).
                let seen = bombs_field(&g.observation(Viewer::Player(!color)).fen).to_string();
                let shown = if color == Color::White { seen.split(',').next() } else { seen.split(',').nth(1) };
                assert!(matches!(shown, Some("*" | "x")), "{color}'s bomb shown to {}: {seen}", !color);
                Position::<Beirut>::from_fen(&g.fen()).expect("the referee's FEN reads back");
            }
        });
        finished += usize::from(g.outcome().is_some());
    }
    assert!(detonations > 0 && finished > 0, "{detonations} detonations, {finished} finished games");
}
