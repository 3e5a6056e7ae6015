//! The dynamic game model (`DynGame`): seats checked on every action with
//! the state unchanged on refusal, resignation and draws by either player,
//! history that replays to the same views, views that round-trip through
//! JSON, hidden information that reaches nobody who may not know it, and
//! exact chance.

use chesslantis_core::dice::{pick_chance, Dice, SplitMix};
use chesslantis_core::drive;
use chesslantis_core::registry::variant_ids;
use chesslantis_core::variants::beirut::BeirutKnowledge;
use chesslantis_core::variants::bermuda_angle::AnglePending;
use chesslantis_core::view::{Pending, View};
use chesslantis_core::{DrawReason, DynGame, ErrorCode, Outcome, Probability, Seat, Viewer, WinReason};
use chesslantis_core::Color;

fn json(view: &View) -> String {
    serde_json::to_string(view).expect("a view serialises")
}

/// Every viewer's view as JSON, and the history: the whole visible state.
fn snapshot(game: &DynGame) -> (Vec<String>, Vec<chesslantis_core::Entry>) {
    (Viewer::ALL.iter().map(|&v| json(&game.view(v))).collect(), game.history().to_vec())
}

fn refused(game: &mut DynGame, seat: Seat, action: &str, code: ErrorCode) {
    let before = snapshot(game);
    let err = game.apply(seat, action).expect_err(action);
    assert_eq!(err.code, code, "{seat} '{action}': {}", err.message);
    assert!(!err.message.is_empty());
    assert_eq!(snapshot(game), before, "{seat} '{action}' changed the state");
}

/// The acting seat's choice through the shared driving loop: a random
/// legal action, or the dice at a chance node; now and then the player
/// offers a draw that the other declines.
fn random_step(game: &mut DynGame, rng: &mut SplitMix) -> bool {
    if let Some(seat) = game.to_act().filter(|&s| s != Seat::Chance) {
        if rng.below(25) == 0 {
            game.apply(seat, "offer draw").expect("an offer");
            let other = if seat == Seat::White { Seat::Black } else { Seat::White };
            game.apply(other, "decline draw").expect("a decline");
        }
    }
    let mut choices = SplitMix::new(rng.next_u64());
    let mut random = drive::random_legal(&mut choices);
    drive::step(game, rng, &mut random).unwrap_or_else(|e| panic!("{e}")).is_some()
}

#[test]
fn the_wrong_seat_and_out_of_turn_are_refused_with_the_state_unchanged() {
    let mut chess = DynGame::new("chess", None).unwrap();
    refused(&mut chess, Seat::Black, "e7e5", ErrorCode::NotYourTurn);
    refused(&mut chess, Seat::Chance, "e2e4", ErrorCode::WrongSeat);
    refused(&mut chess, Seat::Chance, "resign", ErrorCode::WrongSeat);
    refused(&mut chess, Seat::White, "e2e5", ErrorCode::Illegal);
    refused(&mut chess, Seat::White, "!!", ErrorCode::Malformed);
    refused(&mut chess, Seat::White, "hello", ErrorCode::Illegal);
    refused(&mut chess, Seat::White, "   ", ErrorCode::Malformed);
    refused(&mut chess, Seat::White, "accept draw", ErrorCode::NoDrawOffer);
    chess.apply(Seat::White, "e4").unwrap();
    refused(&mut chess, Seat::White, "d2d4", ErrorCode::NotYourTurn);

    // Bermuda: a move into the Angle waits for the dice.
    let mut bermuda = DynGame::new("bermuda-angle", None).unwrap();
    let into_angle = bermuda.view(Viewer::White).legal.into_iter().find(|a| a.note.as_deref() != Some("36/36"));
    let into_angle = into_angle.expect("a move touching the Angle").text;
    bermuda.apply(Seat::White, &into_angle).unwrap();
    assert_eq!(bermuda.to_act(), Some(Seat::Chance));
    refused(&mut bermuda, Seat::Black, "e9e8", ErrorCode::NotYourTurn);
    refused(&mut bermuda, Seat::White, "roll e5", ErrorCode::NotYourTurn);
    refused(&mut bermuda, Seat::Chance, "roll a1", ErrorCode::Illegal);
    bermuda.apply(Seat::Chance, "roll e5").unwrap();
    assert_eq!(bermuda.to_act(), Some(Seat::Black));
    refused(&mut bermuda, Seat::Chance, "roll e5", ErrorCode::WrongSeat);

    // Rejection: only the opponent answers a proposal.
    let mut rejection = DynGame::new("rejection", None).unwrap();
    rejection.apply(Seat::White, "e2e4").unwrap();
    refused(&mut rejection, Seat::White, "accept", ErrorCode::NotYourTurn);
    refused(&mut rejection, Seat::Black, "e7e5", ErrorCode::NotAllowed);

    let mut over = DynGame::new("chess", None).unwrap();
    over.apply(Seat::White, "resign").unwrap();
    refused(&mut over, Seat::Black, "e7e5", ErrorCode::GameOver);
    refused(&mut over, Seat::Black, "resign", ErrorCode::GameOver);
    let err = over.end(Outcome::Win { winner: Color::White, reason: WinReason::Timeout }).unwrap_err();
    assert_eq!(err.code, ErrorCode::GameOver);
}

#[test]
fn the_side_not_to_move_may_resign_in_every_variant() {
    for id in variant_ids() {
        let mut game = DynGame::new(id, None).unwrap();
        assert_eq!(game.to_act(), Some(Seat::White), "{id}");
        game.apply(Seat::Black, "resign").unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation }), "{id}");
        let view = game.view(Viewer::Spectator);
        assert_eq!(view.to_act, None);
        assert_eq!(view.outcome.as_ref().map(|o| o.result.as_str()), Some("1-0"), "{id}");
        assert_eq!(view.outcome.as_ref().map(|o| o.reason.as_str()), Some("resignation"), "{id}");
        assert_eq!(game.history().last().map(|e| (e.seat, e.action.as_str())), Some((Seat::Black, "resign")));
    }
}

#[test]
fn a_draw_offer_is_accepted_or_declined_by_the_other_player_at_any_time() {
    let mut game = DynGame::new("chess", None).unwrap();
    game.apply(Seat::Black, "Offer Draw").unwrap();
    assert_eq!(game.view(Viewer::White).draw_offer, Some(Seat::Black));
    refused(&mut game, Seat::Black, "offer draw", ErrorCode::DrawOfferPending);
    refused(&mut game, Seat::Black, "accept draw", ErrorCode::NoDrawOffer);
    game.apply(Seat::White, "decline draw").unwrap();
    assert_eq!(game.view(Viewer::White).draw_offer, None);
    assert_eq!(game.outcome(), None);
    let words: Vec<String> = game.view(Viewer::Spectator).last.unwrap().events.into_iter().map(|e| e.words).collect();
    assert_eq!(words, ["White declines the draw offer"]);

    // Playing on declines an offer too.
    game.apply(Seat::Black, "offer draw").unwrap();
    game.apply(Seat::White, "e2e4").unwrap();
    assert_eq!(game.view(Viewer::Black).draw_offer, None);

    // The side to move offers, the other accepts.
    game.apply(Seat::Black, "offer draw").unwrap();
    game.apply(Seat::White, "accept draw").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(game.view(Viewer::Black).outcome.unwrap().words, "Draw by agreement");
}

#[test]
fn an_outcome_from_outside_ends_the_game_and_is_seen_by_all() {
    let mut game = DynGame::new("bermuda-angle", None).unwrap();
    game.end(Outcome::Win { winner: Color::Black, reason: WinReason::Timeout }).unwrap();
    for viewer in Viewer::ALL {
        let view = game.view(viewer);
        assert_eq!(view.outcome.unwrap().reason, "timeout");
        assert!(view.legal.is_empty());
        assert_eq!(view.pending, None);
    }
    assert!(game.history().is_empty(), "an outside outcome is not an action of a seat");
}

#[test]
fn random_games_of_every_variant_replay_to_the_same_views_and_round_trip_through_json() {
    for id in variant_ids() {
        for seed in 0..6 {
            let mut game = DynGame::new(id, None).unwrap();
            let mut rng = SplitMix::new(seed * 7919 + 1);
            for _ in 0..70 {
                for viewer in Viewer::ALL {
                    let view = game.view(viewer);
                    let text = json(&view);
                    let back: View = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
                    assert_eq!(back, view, "{id} seed {seed}: {viewer:?}'s view after JSON");
                }
                if !random_step(&mut game, &mut rng) {
                    break;
                }
            }
            let replayed = DynGame::replay(id, None, game.history()).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            for viewer in Viewer::ALL {
                assert_eq!(replayed.view(viewer), game.view(viewer), "{id} seed {seed}: {viewer:?} after replay");
            }
            assert_eq!(replayed.history(), game.history());
        }
    }
}

#[test]
fn a_history_that_does_not_replay_names_the_entry() {
    let history = [
        chesslantis_core::Entry { seat: Seat::White, action: "e2e4".into() },
        chesslantis_core::Entry { seat: Seat::White, action: "d2d4".into() },
    ];
    let err = DynGame::replay("chess", None, &history).unwrap_err();
    assert_eq!(err.index, Some(1));
    assert_eq!(err.error.code, ErrorCode::NotYourTurn);
    assert_eq!(DynGame::replay("nochess", None, &[]).unwrap_err().error.code, ErrorCode::UnknownVariant);
    assert_eq!(DynGame::new("chess", Some("8/8 w")).unwrap_err().code, ErrorCode::BadPosition);
}

#[test]
fn legal_actions_are_in_the_view_of_the_acting_seat_only() {
    let game = DynGame::new("chess", None).unwrap();
    let white = game.view(Viewer::White);
    assert_eq!(white.legal.len(), 20);
    let e4 = white.legal.iter().find(|a| a.text == "e2e4").unwrap();
    assert_eq!((e4.from.as_deref(), e4.to.as_deref(), e4.san.as_deref()), (Some("e2"), Some("e4"), Some("e4")));
    for viewer in [Viewer::Black, Viewer::Spectator, Viewer::Referee] {
        assert!(game.view(viewer).legal.is_empty(), "{viewer:?}");
    }
    assert_eq!(white.boards.len(), 1);
    assert_eq!(white.boards[0].pieces.len(), 32);
    let king = white.boards[0].pieces.iter().find(|p| p.square == "e1").unwrap();
    assert_eq!((king.role.as_str(), king.letter.as_str(), king.color), ("king", "K", Color::White));
}

/// Plays the same actions in two Beirut games whose `differing` side chose
/// different carriers, and checks that the other side and a spectator see
/// byte-identical views at every step. The differing side plays only
/// actions legal in both games and never detonates (a blast shows its
/// carrier to everyone, by the rules).
#[test]
fn beirut_one_sides_carrier_never_reaches_the_other_side_or_a_spectator() {
    let mut compared = 0;
    for seed in 0..40u64 {
        let differing = if seed % 2 == 0 { Color::Black } else { Color::White };
        let observers = [Viewer::player(!differing), Viewer::Spectator];
        let mut rng = SplitMix::new(seed + 100);
        let mut a = DynGame::new("beirut", None).unwrap();
        let mut b = DynGame::new("beirut", None).unwrap();
        // The setup: the same carrier for the observing side, two different
        // ones for the differing side.
        for color in Color::ALL {
            let seat = Seat::player(color);
            let legal = a.view(Viewer::player(color)).legal;
            let first = rng.below(legal.len() as u32) as usize;
            let second = if color == differing { (first + 1 + rng.below(legal.len() as u32 - 1) as usize) % legal.len() } else { first };
            a.apply(seat, &legal[first].text).unwrap();
            b.apply(seat, &legal[second].text).unwrap();
            assert!(a.view(Viewer::player(color)).knowledge.as_own::<BeirutKnowledge>().is_some());
            for viewer in observers {
                assert_eq!(json(&a.view(viewer)), json(&b.view(viewer)), "seed {seed}: after {color}'s choice");
            }
        }
        for ply in 0..80 {
            let Some(seat) = a.to_act() else { break };
            if a.outcome() != b.outcome() {
                break;
            }
            let legal_a = a.view(Viewer::of_seat(seat)).legal;
            let legal_b: Vec<String> = b.view(Viewer::of_seat(seat)).legal.into_iter().map(|l| l.text).collect();
            let both: Vec<&String> = legal_a
                .iter()
                .map(|l| &l.text)
                .filter(|t| legal_b.contains(t) && !(seat == Seat::player(differing) && *t == "detonate"))
                .collect();
            if both.is_empty() {
                break;
            }
            let pick = both[rng.below(both.len() as u32) as usize].clone();
            a.apply(seat, &pick).unwrap();
            b.apply(seat, &pick).unwrap();
            if a.outcome().is_some() != b.outcome().is_some() {
                // A side escaping mate only by its bomb: the truth ends one game.
                break;
            }
            for viewer in observers {
                assert_eq!(json(&a.view(viewer)), json(&b.view(viewer)), "seed {seed} ply {ply}: {viewer:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 2000, "too few steps compared: {compared}");
}

#[test]
fn no_spectator_view_of_beirut_names_a_carrier_before_the_end() {
    for seed in 0..30 {
        let mut game = DynGame::new("beirut", None).unwrap();
        let mut rng = SplitMix::new(seed);
        loop {
            let view = game.view(Viewer::Spectator);
            if view.outcome.is_some() {
                assert!(view.reveal.is_some(), "the end reveals the bombs");
                break;
            }
            assert_eq!(view.knowledge.as_own::<BeirutKnowledge>(), None);
            assert_eq!(view.reveal, None);
            let bombs = view.fen.rsplit(' ').next().unwrap();
            for bomb in bombs.split(',') {
                assert!(["*", "?", "x"].contains(&bomb), "seed {seed}: a spectator's FEN shows bomb '{bomb}'");
            }
            if let Some(last) = &view.last {
                if last.text.as_deref().is_some_and(|t| t.starts_with("carrier")) {
                    panic!("seed {seed}: a carrier choice named to a spectator");
                }
                let text = json(&view);
                assert!(!text.contains("\"carrier\":["), "seed {seed}: {text}");
            }
            if game.history().len() > 120 || !random_step(&mut game, &mut rng) {
                break;
            }
        }
    }
}

#[test]
fn the_bermuda_dice_pick_each_of_the_36_angle_squares_with_exactly_1_in_36() {
    let mut game = DynGame::new("bermuda-angle", None).unwrap();
    assert!(game.chance_outcomes().is_empty(), "no roll is due before a move");
    let into_angle = game.view(Viewer::White).legal.into_iter().find(|a| a.note.as_deref() != Some("36/36")).unwrap();
    game.apply(Seat::White, &into_angle.text).unwrap();
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 36);
    let mut squares: Vec<String> = Vec::new();
    for (text, p) in &outcomes {
        assert_eq!(*p, Probability { num: 1, den: 36 });
        let square = text.strip_prefix("roll ").expect("a roll");
        let (file, rank) = square.split_at(1);
        assert!(("c"..="h").contains(&file), "{square}");
        assert!((3..=8).contains(&rank.parse::<u32>().unwrap()), "{square}");
        squares.push(square.to_string());
    }
    squares.sort();
    squares.dedup();
    assert_eq!(squares.len(), 36, "36 different squares");
    // The seed never reaches a view: the views hold only the outcome.
    assert_eq!(game.view(Viewer::Spectator).pending, Some(Pending::own(AnglePending::Roll { after: into_angle.text })));
}

/// A die that yields 0, 1, 2, ... in turn: every number once per cycle.
struct Counting(u32);

impl Dice for Counting {
    fn below(&mut self, n: u32) -> u32 {
        self.0 += 1;
        (self.0 - 1) % n
    }
}

#[test]
fn pick_chance_gives_each_outcome_its_exact_share() {
    let half = Probability { num: 1, den: 2 };
    let third = Probability { num: 1, den: 3 };
    let sixth = Probability { num: 1, den: 6 };
    let outcomes = vec![("a".to_string(), half), ("b".to_string(), third), ("c".to_string(), sixth)];
    let mut dice = Counting(0);
    let picks: Vec<String> = (0..6).map(|_| pick_chance(&outcomes, &mut dice)).collect();
    assert_eq!(picks, ["a", "a", "a", "b", "b", "c"]);
    assert_eq!(pick_chance(&[], &mut dice), "");
}

#[test]
fn a_game_can_be_shared_between_threads() {
    fn send_and_sync<T: Send + Sync + Clone>() {}
    send_and_sync::<DynGame>();
}

/// Beirut: a mate is written `+` in the mover's legal list while the
/// opponent might still hold a bomb (a `#` would tell whether it can answer
/// the check), and `#` once played.
#[test]
fn beirut_a_legal_list_never_tells_whether_the_opponents_bomb_answers_a_check() {
    let mut game = DynGame::new("beirut", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 -,-")).unwrap();
    let mate = game.view(Viewer::White).legal.into_iter().find(|a| a.text == "a1a8").unwrap();
    assert_eq!(mate.san.as_deref(), Some("Ra8+"));
    game.apply(Seat::White, "a1a8").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    assert_eq!(game.view(Viewer::Black).last.unwrap().san.as_deref(), Some("Ra8#"));
}

#[test]
fn the_typed_game_inside_is_reachable_by_its_own_type_only() {
    use chesslantis_core::variants::rejection::{RejectionGame, Step};
    use chesslantis_core::variants::Chess;
    use chesslantis_core::PositionGame;
    let mut game = DynGame::new("rejection", None).unwrap();
    game.apply(Seat::White, "e2e4").unwrap();
    let typed = game.game_as::<RejectionGame>().expect("a Rejection game is a RejectionGame");
    assert!(matches!(typed.step(), Step::Answering(_)), "the proposal waits for Black's answer");
    assert!(game.game_as::<PositionGame<Chess>>().is_none(), "not a chess game");
    let chess = DynGame::new("chess", None).unwrap();
    assert_eq!(chess.game_as::<PositionGame<Chess>>().map(|g| g.position().fen()), Some(chess.game().fen()));
}

/// Rejection's score: a rejected proposal is listed where it was made,
/// marked, for every viewer; the move that stood after it follows.
#[test]
fn a_rejected_proposal_is_in_the_move_list_marked() {
    let mut game = DynGame::new("rejection", None).unwrap();
    game.apply(Seat::White, "e2e4").unwrap();
    game.apply(Seat::Black, "reject").unwrap();
    game.apply(Seat::White, "d2d4").unwrap();
    game.apply(Seat::Black, "e7e5").unwrap();
    game.apply(Seat::White, "accept").unwrap();
    for viewer in Viewer::ALL {
        let moves = serde_json::to_value(game.view(viewer).moves).unwrap();
        assert_eq!(
            moves,
            serde_json::json!([
                {"seat": "white", "san": "e4", "rejected": true},
                {"seat": "white", "san": "d4"},
                {"seat": "black", "san": "e5"},
            ]),
            "{viewer:?}"
        );
    }
}
