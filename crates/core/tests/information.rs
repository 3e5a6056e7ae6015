//! Information states: the worlds a viewer cannot tell from the truth.
//! Beirut is the variant with secrets: the carriers.

use chesslantis_core::dice::SplitMix;
use chesslantis_core::{DynGame, Seat, Viewer};

fn beirut(actions: &[(Seat, &str)]) -> DynGame {
    let mut game = DynGame::new("beirut", None).unwrap();
    for (seat, action) in actions {
        game.apply(*seat, action).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    game
}

/// The carriers of each world, as the referee sees them (the FEN's last field).
fn carriers(worlds: &[DynGame]) -> Vec<String> {
    let mut all: Vec<String> =
        worlds.iter().map(|w| w.view(Viewer::Referee).fen.rsplit(' ').next().unwrap().to_string()).collect();
    all.sort();
    all
}

#[test]
fn after_the_setup_each_player_cannot_tell_the_other_sides_carrier() {
    let game = beirut(&[(Seat::White, "carrier b1"), (Seat::Black, "carrier g8")]);
    let white = game.consistent_states(Viewer::White, usize::MAX);
    assert_eq!(white.len(), 15, "any of Black's 15 pieces besides the king");
    assert!(carriers(&white).iter().all(|c| c.starts_with("b1,")), "White knows its own: {:?}", carriers(&white));
    assert!(carriers(&white).contains(&"b1,g8".to_string()), "the truth is one of the worlds");
    assert_eq!(game.consistent_states(Viewer::Spectator, usize::MAX).len(), 15 * 15);
    assert_eq!(carriers(&game.consistent_states(Viewer::Referee, usize::MAX)), ["b1,g8"]);
    for world in &white {
        assert_eq!(world.view(Viewer::White), game.view(Viewer::White));
    }
}

#[test]
fn the_worlds_do_not_depend_on_the_hidden_truth() {
    let moves = [(Seat::White, "e2e4"), (Seat::Black, "e7e5"), (Seat::White, "g1f3")];
    let with = |black: &str| {
        let mut actions = vec![(Seat::White, "carrier d2"), (Seat::Black, black)];
        actions.extend(moves);
        beirut(&actions)
    };
    let a = with("carrier a8");
    let b = with("carrier h7");
    assert_eq!(carriers(&a.consistent_states(Viewer::White, usize::MAX)), carriers(&b.consistent_states(Viewer::White, usize::MAX)));
}

#[test]
fn a_public_detonation_leaves_only_the_worlds_where_that_piece_carried_the_bomb() {
    let game = beirut(&[
        (Seat::White, "carrier d2"),
        (Seat::Black, "carrier b8"),
        (Seat::White, "e2e4"),
        (Seat::Black, "detonate"),
    ]);
    let worlds = game.consistent_states(Viewer::White, usize::MAX);
    assert_eq!(carriers(&worlds), ["d2,x"], "only the b8 knight could have blown up on b8");
}

#[test]
fn a_sample_is_one_of_the_consistent_worlds() {
    let game = beirut(&[(Seat::White, "carrier b1"), (Seat::Black, "carrier g8"), (Seat::White, "d2d4")]);
    let worlds = carriers(&game.consistent_states(Viewer::Black, usize::MAX));
    let mut dice = SplitMix::new(3);
    for _ in 0..20 {
        let sample = game.sample_consistent(Viewer::Black, &mut dice);
        assert_eq!(sample.view(Viewer::Black), game.view(Viewer::Black));
        assert!(worlds.contains(&carriers(std::slice::from_ref(&sample))[0]));
    }
    // Perfect information: the only world is the game itself.
    let mut chess = DynGame::new("chess", None).unwrap();
    chess.apply(Seat::White, "e2e4").unwrap();
    assert_eq!(chess.consistent_states(Viewer::Black, usize::MAX).len(), 1);
}

/// The incremental information state gives, after every action, exactly
/// the states `consistent_states` enumerates from scratch.
#[test]
fn the_information_state_followed_action_by_action_equals_a_fresh_enumeration() {
    use chesslantis_core::information::InformationState;
    let actions = [
        (Seat::White, "carrier b1"),
        (Seat::Black, "carrier g8"),
        (Seat::White, "e2e4"),
        (Seat::Black, "g8f6"),
        (Seat::White, "b1c3"),
        (Seat::Black, "f6e4"),
        (Seat::White, "c3e4"),
    ];
    for viewer in [Viewer::White, Viewer::Black, Viewer::Spectator] {
        let mut game = DynGame::new("beirut", None).unwrap();
        let mut state = InformationState::new(&game, viewer, usize::MAX);
        for (seat, action) in actions {
            game.apply(seat, action).unwrap();
            let followed = carriers(state.update(&game));
            assert_eq!(followed, carriers(&game.consistent_states(viewer, usize::MAX)), "{viewer:?} after {action}");
        }
    }
    // Another game is enumerated afresh.
    let other = beirut(&[(Seat::White, "carrier d2")]);
    let mut state = InformationState::new(&beirut(&[(Seat::White, "carrier b1")]), Viewer::White, usize::MAX);
    assert_eq!(carriers(state.update(&other)), carriers(&other.consistent_states(Viewer::White, usize::MAX)));
}

/// `Game::last_told` (asked after every action, for every viewer) may be
/// computed apart from the whole observation, but never differ from it.
#[test]
fn what_each_viewer_was_told_of_the_last_action_is_what_it_observes() {
    for id in chesslantis_core::registry::variant_ids() {
        for seed in 0..3 {
            let info = chesslantis_core::registry::variant(id).expect("registered");
            let mut game = (info.new_game)(None).expect("valid start");
            let mut rng = SplitMix::new(seed);
            for ply in 0..120 {
                for viewer in Viewer::ALL {
                    let seen = game.observe(viewer);
                    assert_eq!(
                        game.last_told(viewer),
                        (seen.last_events, seen.last_action_known),
                        "{id}, seed {seed}, ply {ply}, {viewer:?}"
                    );
                }
                let mut acceptable = game.legal_actions();
                acceptable.extend(game.chance_outcomes().into_iter().map(|(a, _)| a));
                if game.outcome().is_some() || acceptable.is_empty() {
                    break;
                }
                let action = acceptable[(rng.next_u64() % acceptable.len() as u64) as usize];
                game.apply(action).unwrap_or_else(|e| panic!("{id}: a legal action was refused: {e}"));
            }
        }
    }
}
