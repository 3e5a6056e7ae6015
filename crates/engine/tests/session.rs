//! Sessions: the run-time choice of variant, the engine as a player of the
//! core's game model, and the bench.

use chesslantis_core::{registry, DynGame};
use chesslantis_engine::{new_session, supported_variants, Limits};

#[test]
fn chess_is_played_and_unknown_variants_are_errors() {
    assert!(supported_variants().contains(&"chess"));
    for id in supported_variants() {
        assert!(registry::variant(id).is_some(), "{id} is a core variant");
    }
    let err = new_session("no-such-variant", 1).err().unwrap();
    assert!(err.contains("unknown variant 'no-such-variant'"), "{err}");
}

#[test]
fn a_bad_position_changes_nothing() {
    let mut s = new_session("chess", 1).unwrap();
    s.set_position(None, &["e2e4"]).unwrap();
    let before = s.fen();
    assert!(s.set_position(Some("8/8/8 w - - 0 1"), &[]).is_err());
    assert!(s.set_position(None, &["e2e4", "e2e4"]).is_err());
    assert!(s.set_position(None, &["castle"]).is_err());
    assert_eq!(s.fen(), before);
}

#[test]
fn two_engines_play_a_game_to_its_end() {
    let mut game = DynGame::new("chess", None).unwrap();
    let mut seats = [new_session("chess", 4).unwrap(), new_session("chess", 4).unwrap()];
    let limits = Limits::depth(2);
    let mut plies = 0;
    while let Some(seat) = game.to_act() {
        let color = seat.color().expect("chess has no dice");
        let action = seats[color.index()].choose_action(&game, &limits).unwrap();
        game.apply(seat, &action).unwrap();
        plies += 1;
        assert!(plies <= 600, "the draw rules end every game");
    }
    assert!(game.outcome().is_some());
}

#[test]
fn choose_action_needs_a_player_to_act() {
    let mated = DynGame::new("chess", Some("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")).unwrap();
    let mut s = new_session("chess", 1).unwrap();
    let err = s.choose_action(&mated, &Limits::depth(1)).unwrap_err();
    assert!(err.contains("over"), "{err}");
}

#[test]
fn bench_is_a_stable_signature() {
    let a = chesslantis_engine::bench::run("chess", 4).unwrap();
    let b = chesslantis_engine::bench::run("chess", 4).unwrap();
    assert_eq!(a.nodes, b.nodes);
    assert!(a.positions > 10);
    assert!(chesslantis_engine::bench::run("chess", 0).is_err());
}
