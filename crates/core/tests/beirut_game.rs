//! Beirut Chess as a game (docs/rules/beirut.md): the secret choice of the
//! carriers, what each player may see, bad input, and whole games played
//! through the `Game` trait.

mod portal_beirut_support;

use chesslantis_core::variants::beirut::DETONATION;
use chesslantis_core::registry;
use chesslantis_core::variants::beirut::BeirutGame;
use chesslantis_core::variants::{Beirut, BeirutAction};
use chesslantis_core::{
    Action, Actor, Color, Game, Move, MoveKind, Outcome, OwnAction, Position, Shape, Square, Viewer,
};

fn sq(name: &str) -> Square {
    Shape::CHESS.parse(name).expect("a square name")
}

/// Arming the piece on `name`.
fn carrier(name: &str) -> Action {
    BeirutAction::ChooseCarrier(sq(name)).action()
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
    assert!(choices.iter().all(|&a| BeirutAction::of(a).is_some()));
    assert!(!choices.contains(&carrier("e1")));

    act(g.as_mut(), "carrier d2");
    assert_eq!(g.actor(), Actor::Player(Color::Black));
    let black_view = g.observe(Viewer::player(Color::Black));
    assert_eq!(bombs_field(&black_view.fen), "*,?", "Black does not see White's choice");
    assert!(!black_view.knowledge.notes.join(" ").contains("d2"));
    assert_eq!(bombs_field(&g.observe(Viewer::Spectator).fen), "*,*");

    act(g.as_mut(), "e7");
    assert_eq!(g.actor(), Actor::Player(Color::White));
    assert_eq!(bombs_field(&g.fen()), "d2,e7", "the referee knows both");
    assert_eq!(bombs_field(&g.observe(Viewer::player(Color::White)).fen), "d2,*");
    assert_eq!(bombs_field(&g.observe(Viewer::player(Color::Black)).fen), "*,e7");
    let white_notes = g.observe(Viewer::player(Color::White)).knowledge.notes.join(" ");
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
        (carrier("e1"), "king cannot carry"),
        (carrier("e7"), "holds a Black piece"),
        (carrier("e4"), "is empty"),
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
    let err = g.apply(carrier("g1")).expect_err("refused");
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
    assert!(g.apply(Action::Move(Move::new(sq("d2"), sq("d2"), MoveKind::InPlace))).is_err());
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
    for viewer in [Viewer::player(Color::White), Viewer::player(Color::Black), Viewer::Spectator] {
        assert!(bombs_field(&g.observe(viewer).fen).starts_with('x'), "{viewer:?}");
    }
}

#[test]
fn blowing_up_the_king_ends_the_game() {
    let mut g = game("4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 d7,-");
    act(&mut g, "bomb");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: DETONATION.reason() }));
    assert_eq!(g.actor(), Actor::Nobody);
    assert!(g.legal_actions().is_empty());
}

#[test]
fn a_detonation_that_removes_the_checker_is_the_only_way_out() {
    let g = game("4R1k1/3p1ppp/8/8/8/8/8/6K1 b - - 0 1 -,d7");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.legal_actions(), vec![Action::Move(Move::new(sq("d7"), sq("d7"), MoveKind::InPlace))]);
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
    for viewer in [Viewer::player(Color::White), Viewer::Spectator] {
        assert_eq!(carrier_taken.observe(viewer), other_taken.observe(viewer), "{viewer:?}");
    }
    // Black's own bomb is gone with the pawn: no detonation offered.
    let bomb_offered = |g: &BeirutGame| {
        g.legal_actions().iter().any(|a| matches!(a, Action::Move(m) if m.kind == MoveKind::InPlace))
    };
    assert!(!bomb_offered(&carrier_taken));
    assert!(bomb_offered(&other_taken));
    assert_eq!(bombs_field(&carrier_taken.observe(Viewer::player(Color::Black)).fen), "*,-");
}

#[test]
fn everything_is_shown_when_the_game_is_over() {
    let mut g = game("4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 d7,-");
    assert_eq!(bombs_field(&g.observe(Viewer::player(Color::Black)).fen), "*,-");
    g.apply(Action::Resign).expect("resigning is always allowed");
    assert_eq!(bombs_field(&g.observe(Viewer::player(Color::Black)).fen), "d7,-");
    assert_eq!(bombs_field(&g.observe(Viewer::Spectator).fen), "d7,-");
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
            if matches!(action, Action::Move(m) if m.kind == MoveKind::InPlace) {
                detonations += 1;
            }
            if g.outcome().is_none() {
                // Hidden unless detonated (everyone saw that).
                let seen = bombs_field(&g.observe(Viewer::player(!color)).fen).to_string();
                let shown = if color == Color::White { seen.split(',').next() } else { seen.split(',').nth(1) };
                assert!(matches!(shown, Some("*" | "x")), "{color}'s bomb shown to {}: {seen}", !color);
                Position::<Beirut>::from_fen(&g.fen()).expect("the referee's FEN reads back");
            }
        });
        finished += usize::from(g.outcome().is_some());
    }
    assert!(detonations > 0 && finished > 0, "{detonations} detonations, {finished} finished games");
}

/// The ruling: "A dead position is judged as if every non-king piece of a
/// side that has not detonated could carry its bomb". Black's king takes one
/// of White's two knights: the carrier in one game, the other knight in the
/// other. Both play on, and Black and spectators see the same.
#[test]
fn king_and_knight_against_king_plays_on_whoever_carried_the_bomb() {
    let board = "8/8/8/8/3k4/2N4N/8/7K b - - 0 1";
    let mut carrier_taken = game(&format!("{board} c3,-"));
    let mut carrier_kept = game(&format!("{board} h3,-"));
    for g in [&mut carrier_taken, &mut carrier_kept] {
        act(g, "Kxc3");
        assert_eq!(g.outcome(), None, "the knight left might still explode");
    }
    for viewer in [Viewer::player(Color::Black), Viewer::Spectator] {
        assert_eq!(carrier_taken.observe(viewer), carrier_kept.observe(viewer), "{viewer:?}");
    }
    // White's own view differs: White knows its bomb is gone.
    assert_ne!(
        carrier_taken.observe(Viewer::player(Color::White)),
        carrier_kept.observe(Viewer::player(Color::White))
    );
}

/// Non-interference: two games that differ only in `hidden`'s carrier give
/// the other player and a spectator identical observations (the last events
/// with them) at every step, as long as `hidden` does not set its bomb off and the game
/// goes on (at the end everything is revealed).
fn compare_games_differing_in_one_carrier(seed: u64, hidden: Color) -> usize {
    let mut rng = portal_beirut_support::Rng(seed);
    let info = registry::variant("beirut").expect("registered");
    let mut a = (info.new_game)(None).expect("start");
    let mut b = (info.new_game)(None).expect("start");
    let observers = [Viewer::player(!hidden), Viewer::Spectator];
    let mut compared = 0;
    for _ in 0..300 {
        if a.outcome().is_some() || b.outcome().is_some() {
            break;
        }
        let Actor::Player(mover) = a.actor() else { break };
        assert_eq!(b.actor(), Actor::Player(mover));
        let legal_a = a.legal_actions();
        let legal_b = b.legal_actions();
        let (action_a, action_b) = match legal_a.first() {
            // The hidden side arms a different piece in each game.
            Some(&choice) if BeirutAction::of(choice).is_some() && mover == hidden => {
                let first = legal_a[rng.below(legal_a.len())];
                let others: Vec<Action> = legal_b.iter().copied().filter(|&c| c != first).collect();
                (first, others[rng.below(others.len())])
            }
            _ => {
                if mover != hidden {
                    assert_eq!(legal_a, legal_b, "the observer's own choices cannot differ");
                }
                let quiet: Vec<Action> = legal_a
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Move(m) if m.kind == MoveKind::InPlace))
                    .collect();
                if quiet.is_empty() {
                    break;
                }
                let action = quiet[rng.below(quiet.len())];
                assert!(legal_b.contains(&action), "{action:?} legal in one game only");
                (action, action)
            }
        };
        a.apply(action_a).expect("legal");
        b.apply(action_b).expect("legal");
        if a.outcome().is_some() || b.outcome().is_some() {
            break;
        }
        for viewer in observers {
            assert_eq!(a.observe(viewer), b.observe(viewer), "seed {seed}, {viewer:?}, after {action_a:?}");
        }
        compared += 1;
    }
    compared
}

#[test]
fn a_hidden_carrier_never_changes_what_the_others_see() {
    let mut steps = 0;
    for seed in 1..=40 {
        for hidden in Color::ALL {
            steps += compare_games_differing_in_one_carrier(seed * 7919, hidden);
        }
    }
    assert!(steps > 2000, "only {steps} steps compared");
}

/// Threefold repetition is announced during the game, so it is judged on the
/// public position: the board and who has detonated, not the secret
/// carriers. White's rooks swap places twice; the carrier rook moves with
/// them, so the referee's position differs after the first swap, yet the
/// third sight of the board is a draw whichever rook carries the bomb.
#[test]
fn repetition_is_judged_without_the_secret_carriers() {
    let swap = ["a1a2", "h8g8", "b1a1", "g8h8", "a2b2", "h8g8", "b2b1", "g8h8"];
    for carrier in ["a1", "b1", "-"] {
        let mut g = game(&format!("7k/8/8/8/8/8/8/RR5K w - - 0 1 {carrier},-"));
        for (ply, text) in swap.iter().chain(&swap).enumerate() {
            assert_eq!(g.outcome(), None, "carrier {carrier}, before ply {ply} ({text})");
            act(&mut g, text);
        }
        assert_eq!(g.outcome(), Some(Outcome::Draw(chesslantis_core::DrawReason::Repetition)), "carrier {carrier}");
    }
}
