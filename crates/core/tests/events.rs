//! Typed events (`Observation::last_events`), `Game::declare`, `Game::action_note`
//! and the outcome in words, through the real games of every variant.

use chesslantis_core::event::sentence;
use chesslantis_core::registry;
use chesslantis_core::variants::beirut::{BeirutEvent, BombFate, DETONATION};
use chesslantis_core::variants::bermuda_angle::{AngleEvent, KING_VANISHED};
use chesslantis_core::variants::circe::CirceEvent;
use chesslantis_core::variants::portal::PortalEvent;
use chesslantis_core::variants::rejection::RejectionEvent;
use chesslantis_core::variants::bermuda_angle::{survival_chance, BermudaGame, BermudaRoll};
use chesslantis_core::{
    Action, Actor, Color, DrawReason, Event, Game, MoveError, Outcome, OwnAction, Piece, Position, Role, Shape,
    Viewer, WinReason,
};

const ALL_VIEWERS: [Viewer; 3] = [Viewer::player(Color::White), Viewer::player(Color::Black), Viewer::Spectator];

fn new_game(variant: &str, fen: Option<&str>) -> Box<dyn Game> {
    let info = registry::variant(variant).expect("registered");
    (info.new_game)(fen).unwrap_or_else(|e| panic!("{variant} {fen:?}: {e}"))
}

fn act(game: &mut dyn Game, text: &str) {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(action).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The last events, the same for every viewer (nothing hidden in them).
fn public_events(game: &dyn Game) -> Vec<Event> {
    let events = game.observe(Viewer::Spectator).last_events;
    for viewer in ALL_VIEWERS {
        assert_eq!(game.observe(viewer).last_events, events, "{viewer:?}");
    }
    events
}

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

fn texts(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| e.to_string()).collect()
}

#[test]
fn a_chess_move_says_who_played_it_in_san() {
    let mut g = new_game("chess", None);
    assert!(public_events(g.as_ref()).is_empty(), "no action yet");
    act(g.as_mut(), "g1f3");
    assert_eq!(public_events(g.as_ref()), vec![Event::Moved { by: Color::White, san: "Nf3".into() }]);
    assert_eq!(texts(&public_events(g.as_ref())), ["White plays Nf3"]);
}

#[test]
fn a_capture_names_the_piece_and_square_and_check_is_told() {
    let mut g = new_game("chess", Some("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1"));
    act(g.as_mut(), "Qxd5");
    let events = public_events(g.as_ref());
    assert_eq!(
        events,
        vec![
            Event::Moved { by: Color::White, san: "Qxd5".into() },
            Event::Captured { piece: piece(Color::Black, Role::Pawn), square: "d5".into() },
        ]
    );
    act(g.as_mut(), "Ke7");
    act(g.as_mut(), "Qd7+");
    assert_eq!(public_events(g.as_ref()).last(), Some(&Event::Check));
    assert_eq!(sentence(&public_events(g.as_ref())), "White plays Qd7+; Check");
}

#[test]
fn en_passant_captures_the_pawn_behind_the_target_square() {
    let mut g = new_game("chess", Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
    act(g.as_mut(), "e5d6");
    assert!(public_events(g.as_ref())
        .contains(&Event::Captured { piece: piece(Color::Black, Role::Pawn), square: "d5".into() }));
}

#[test]
fn checkmate_ends_with_the_reason_in_words() {
    let mut g = new_game("chess", None);
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        act(g.as_mut(), mv);
    }
    let events = public_events(g.as_ref());
    let mate = Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate };
    assert_eq!(events, vec![Event::Moved { by: Color::Black, san: "Qh4#".into() }, Event::Check, Event::GameOver(mate)]);
    assert_eq!(events[2].to_string(), "Black wins by checkmate");
}

#[test]
fn outcomes_read_as_words_not_enum_names() {
    let win = |winner, reason| Outcome::Win { winner, reason }.to_string();
    assert_eq!(win(Color::White, WinReason::Checkmate), "White wins by checkmate");
    assert_eq!(win(Color::Black, KING_VANISHED.reason()), "Black wins: the white king vanished");
    assert_eq!(win(Color::White, WinReason::KingCaptured), "White wins: the black king was captured");
    assert_eq!(win(Color::White, DETONATION.reason()), "White wins: the bomb took the black king");
    assert_eq!(win(Color::Black, WinReason::Resignation), "Black wins: White resigned");
    assert_eq!(win(Color::White, WinReason::Timeout), "White wins on time");
    assert_eq!(Outcome::Draw(DrawReason::Repetition).to_string(), "Draw by threefold repetition");
    assert_eq!(Outcome::Draw(DrawReason::FiftyMoves).to_string(), "Draw by the 50-move rule");
    assert_eq!(Outcome::Draw(DrawReason::Stalemate).to_string(), "Draw by stalemate");
    assert_eq!(Outcome::Draw(DrawReason::Agreement).to_string(), "Draw by agreement");
    assert_eq!(Outcome::Draw(DrawReason::BothKingsGone).to_string(), "Draw: both kings are gone");
}

#[test]
fn rejection_proposal_rejection_and_acceptance_are_events() {
    let mut g = new_game("rejection", None);
    act(g.as_mut(), "e2e4");
    assert_eq!(public_events(g.as_ref()), vec![Event::own(RejectionEvent::Proposed { by: Color::White, san: "e4".into() })]);
    assert_eq!(texts(&public_events(g.as_ref())), ["White proposes e4"]);
    act(g.as_mut(), "reject");
    assert_eq!(public_events(g.as_ref()), vec![Event::own(RejectionEvent::Rejected { by: Color::Black, san: "e4".into() })]);
    assert_eq!(texts(&public_events(g.as_ref())), ["Black rejects e4"]);
    act(g.as_mut(), "d2d4");
    assert_eq!(public_events(g.as_ref()), vec![Event::Moved { by: Color::White, san: "d4".into() }]);
    act(g.as_mut(), "d7d5");
    act(g.as_mut(), "accept");
    assert_eq!(
        public_events(g.as_ref()),
        vec![
            Event::own(RejectionEvent::Accepted { by: Color::White, san: "d5".into() }),
            Event::Moved { by: Color::Black, san: "d5".into() }
        ]
    );
    assert_eq!(sentence(&public_events(g.as_ref())), "White accepts d5; Black plays d5");
}

#[test]
fn rejection_with_a_single_legal_move_plays_it_without_a_proposal() {
    // Black's king on h8 has only g8... after Rh7 the only move is Kg8.
    let mut g = new_game("rejection", Some("7k/R7/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(g.legal_actions().len(), 1);
    act(g.as_mut(), "Kg8");
    assert_eq!(public_events(g.as_ref()), vec![Event::Moved { by: Color::Black, san: "Kg8".into() }]);
}

#[test]
fn portal_teleport_is_told_with_the_exit_square() {
    let mut g = new_game("portal", None);
    act(g.as_mut(), "g1f3");
    let events = public_events(g.as_ref());
    assert_eq!(
        events[1],
        Event::own(PortalEvent::Teleported { piece: piece(Color::White, Role::Knight), from: "f3".into(), to: "b5".into() })
    );
    assert_eq!(events[1].to_string(), "the knight went through the portal to b5");
}

#[test]
fn portal_capture_at_the_exit_is_a_capture_event() {
    // The knight lands on f3 and comes out on b5, taking the black pawn there.
    let mut g = new_game("portal", Some("4k3/8/8/1p6/8/8/8/4K1N1 w - - 0 1"));
    act(g.as_mut(), "g1f3");
    let events = public_events(g.as_ref());
    assert!(events.contains(&Event::Captured { piece: piece(Color::Black, Role::Pawn), square: "b5".into() }));
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { square, .. } if square == "f3")));
}

#[test]
fn circe_rebirth_is_told_with_its_square() {
    let mut g = new_game("circe", None);
    for mv in ["e2e4", "d7d5", "e4d5@a4"] {
        act(g.as_mut(), mv);
    }
    let events = public_events(g.as_ref());
    assert_eq!(events[1], Event::Captured { piece: piece(Color::Black, Role::Pawn), square: "d5".into() });
    assert_eq!(events[2], Event::own(CirceEvent::Reborn { piece: piece(Color::Black, Role::Pawn), square: "a4".into() }));
    assert_eq!(events[2].to_string(), "the pawn is reborn on a4");
}

#[test]
fn beirut_carrier_choice_names_the_square_to_the_chooser_only() {
    let mut g = new_game("beirut", None);
    act(g.as_mut(), "carrier b1");
    let knight = piece(Color::White, Role::Knight);
    assert_eq!(
        g.observe(Viewer::player(Color::White)).last_events,
        vec![Event::own(BeirutEvent::CarrierChosen { by: Color::White, carrier: Some((knight, "b1".into())) })]
    );
    for other in [Viewer::player(Color::Black), Viewer::Spectator] {
        let events = g.observe(other).last_events;
        assert_eq!(events, vec![Event::own(BeirutEvent::CarrierChosen { by: Color::White, carrier: None })], "{other:?}");
        assert_eq!(texts(&events), ["White has chosen its carrier"]);
        assert!(!format!("{events:?}").contains("b1"));
    }
    act(g.as_mut(), "carrier g8");
    assert_eq!(texts(&g.observe(Viewer::player(Color::White)).last_events), ["Black has chosen its carrier"]);
    assert_eq!(texts(&g.observe(Viewer::Spectator).last_events), ["Black has chosen its carrier"]);
    assert!(g.observe(Viewer::player(Color::Black)).last_events[0].to_string().contains("g8"));
}

#[test]
fn beirut_detonation_is_told_to_everyone_with_the_squares_it_cleared() {
    let mut g = new_game("beirut", Some("4k3/7p/2pbr3/2PNp3/2qPn3/8/8/R3K3 w - - 3 20 d5,-"));
    act(g.as_mut(), "bomb");
    let events = public_events(g.as_ref());
    let Some(BeirutEvent::Detonated { by, square, cleared, vanished }) = events[1].as_own() else { panic!("{events:?}") };
    assert_eq!((*by, square.as_str()), (Color::White, "d5"));
    let mut cleared = cleared.clone();
    cleared.sort();
    assert_eq!(cleared, ["c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"]);
    assert_eq!(vanished.len(), 9);
    assert_eq!(vanished[0], piece(Color::White, Role::Knight), "the carrier first");
    assert!(events[1].to_string().starts_with("bomb on d5: "), "{}", events[1]);
    assert!(events[1].to_string().ends_with(" cleared"), "{}", events[1]);
}

#[test]
fn beirut_end_reveals_both_bombs_to_everyone() {
    let mut g = new_game("beirut", None);
    // Black arms a7, whose blast cannot reach f7: Qxf7 is mate.
    for text in ["carrier b1", "carrier a7", "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
        act(g.as_mut(), text);
    }
    let events = public_events(g.as_ref());
    let mate = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
    assert!(events.contains(&Event::GameOver(mate)), "{events:?}");
    assert!(events.contains(&Event::own(BeirutEvent::BombRevealed {
        owner: Color::White,
        fate: BombFate::Armed { piece: piece(Color::White, Role::Knight), square: "b1".into() }
    })));
    assert!(events.contains(&Event::own(BeirutEvent::BombRevealed {
        owner: Color::Black,
        fate: BombFate::Armed { piece: piece(Color::Black, Role::Pawn), square: "a7".into() }
    })));
    for viewer in ALL_VIEWERS {
        let obs = g.observe(viewer);
        assert!(obs.fen.ends_with(" b1,a7"), "{viewer:?}: {}", obs.fen);
        let notes = obs.knowledge.notes.join(" ");
        assert!(notes.contains("White's bomb: the knight on b1, still armed"), "{viewer:?}: {notes}");
        assert!(notes.contains("Black's bomb: the pawn on a7, still armed"), "{viewer:?}: {notes}");
    }
}

#[test]
fn beirut_end_tells_that_a_carrier_was_captured() {
    let mut g = new_game("beirut", None);
    for text in ["carrier e2", "carrier d7", "e4", "d5", "exd5"] {
        act(g.as_mut(), text);
    }
    // Nobody is told of the defused bomb while the game goes on.
    assert!(!public_events(g.as_ref()).iter().any(|e| matches!(e.as_own(), Some(BeirutEvent::BombRevealed { .. }))));
    act(g.as_mut(), "resign");
    let events = public_events(g.as_ref());
    assert_eq!(events[0], Event::Resigned { by: Color::Black });
    let fate = BombFate::Captured { piece: piece(Color::Black, Role::Pawn), square: "d5".into() };
    assert!(events.contains(&Event::own(BeirutEvent::BombRevealed { owner: Color::Black, fate: fate.clone() })), "{events:?}");
    assert_eq!(
        Event::own(BeirutEvent::BombRevealed { owner: Color::Black, fate }).to_string(),
        "Black's bomb: the pawn, captured on d5 (the bomb was defused)"
    );
}

fn bermuda(fen: &str) -> BermudaGame {
    BermudaGame::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn roll(game: &mut BermudaGame, square: &str) {
    let sq = Shape::TEN_BY_TEN.parse(square).expect("a square");
    game.apply(BermudaRoll(sq).action()).unwrap_or_else(|e| panic!("roll {square}: {e}"));
}

#[test]
fn bermuda_roll_tells_what_vanished_and_the_capture_undone() {
    // Seed position #3: Ra7xi7 crosses c7..h7.
    let mut g = bermuda("9k/10/10/R7q1/10/10/10/10/10/K9 w - - 0 1");
    act(&mut g, "a7i7");
    assert_eq!(
        public_events(&g),
        vec![
            Event::Moved { by: Color::White, san: "Rxi7".into() },
            Event::Captured { piece: piece(Color::Black, Role::Queen), square: "i7".into() },
        ]
    );
    roll(&mut g, "e7");
    let events = public_events(&g);
    assert_eq!(
        events,
        vec![
            Event::own(AngleEvent::Rolled { square: "e7".into() }),
            Event::own(AngleEvent::Vanished { piece: piece(Color::White, Role::Rook), square: "i7".into(), on_its_way_to: Some("i7".into()) }),
            Event::own(AngleEvent::CaptureUndone { piece: piece(Color::Black, Role::Queen), square: "i7".into() }),
        ]
    );
    assert_eq!(sentence(&events), "roll e7: the white rook vanished on its way to i7; the black queen is back on i7");
}

#[test]
fn bermuda_roll_that_takes_a_king_ends_the_game_in_words() {
    let mut g = bermuda("9k/10/10/10/10/4K5/10/10/10/10 b - - 0 1");
    act(&mut g, "j10j9");
    assert_eq!(g.actor(), Actor::Chance, "a piece stands in the Angle");
    roll(&mut g, "e5");
    let events = public_events(&g);
    let won = Outcome::Win { winner: Color::Black, reason: KING_VANISHED.reason() };
    assert_eq!(events.last(), Some(&Event::GameOver(won)));
    assert_eq!(sentence(&events), "roll e5: the white king vanished; Black wins: the white king vanished");
    // A roll that hits nothing says so.
    let mut g = bermuda("9k/10/10/10/10/4K5/10/10/10/10 b - - 0 1");
    act(&mut g, "j10j9");
    roll(&mut g, "c3");
    assert_eq!(sentence(&public_events(&g)), "roll c3: nothing vanished");
}

#[test]
fn bermuda_move_outside_the_angle_needs_no_roll() {
    let mut g = bermuda("9k/10/10/10/10/10/10/10/10/K9 w - - 0 1");
    act(&mut g, "a1a2");
    assert_eq!(public_events(&g), vec![Event::Moved { by: Color::White, san: "Ka2".into() }, Event::own(AngleEvent::NoRoll)]);
}

#[test]
fn resignation_is_an_event_and_ends_the_game() {
    for variant in ["chess", "rejection", "beirut", "bermuda-angle", "circe", "portal", "knights-are-god", "bede"] {
        let mut g = new_game(variant, None);
        act(g.as_mut(), "resign");
        let won = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
        let events = public_events(g.as_ref());
        assert_eq!(&events[..2], &[Event::Resigned { by: Color::White }, Event::GameOver(won)], "{variant}");
        assert_eq!(events[0].to_string(), "White resigns");
    }
}

#[test]
fn declare_ends_the_game_from_outside_the_rules() {
    for variant in ["chess", "rejection", "beirut", "bermuda-angle", "circe", "portal", "knights-are-god", "bede"] {
        let mut g = new_game(variant, None);
        let draw = Outcome::Draw(DrawReason::Agreement);
        g.declare(draw).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(g.outcome(), Some(draw), "{variant}");
        assert_eq!(g.actor(), Actor::Nobody, "{variant}");
        assert!(g.legal_actions().is_empty(), "{variant}");
        let events = public_events(g.as_ref());
        assert_eq!(&events[..2], &[Event::DrawAgreed, Event::GameOver(draw)], "{variant}");
        assert_eq!(events[0].to_string(), "Draw agreed");
        // Once over, nothing more can be declared, and nothing changes.
        let fen = g.fen();
        let late = Outcome::Win { winner: Color::White, reason: WinReason::Timeout };
        assert_eq!(g.declare(late), Err(MoveError::GameOver), "{variant}");
        assert_eq!((g.outcome(), g.fen()), (Some(draw), fen), "{variant}");
    }
}

#[test]
fn declare_a_loss_on_time_while_the_dice_are_due() {
    let mut g = bermuda("9k/10/10/10/10/4K5/10/10/10/10 b - - 0 1");
    act(&mut g, "j10j9");
    assert_eq!(g.actor(), Actor::Chance);
    let on_time = Outcome::Win { winner: Color::White, reason: WinReason::Timeout };
    g.declare(on_time).expect("a flag may fall at any time");
    assert_eq!((g.outcome(), g.actor()), (Some(on_time), Actor::Nobody));
    assert_eq!(public_events(&g), vec![Event::GameOver(on_time)]);
    assert_eq!(on_time.to_string(), "White wins on time");
}

#[test]
fn action_note_gives_the_bermuda_survival_odds_as_moves_does() {
    let g = bermuda("9k/10/10/10/10/10/10/2N7/10/K9 w - - 0 1");
    let info = registry::variant("bermuda-angle").expect("registered");
    let listed = (info.moves)(Some(&g.fen())).expect("moves");
    for action in g.legal_actions() {
        let Action::Move(mv) = action else { panic!("{action:?}") };
        let note = g.action_note(action).expect("every move has its odds");
        assert_eq!(note, survival_chance(g.position(), mv).to_string());
        let line = format!("{} {note}", g.action_text(action));
        assert!(listed.contains(&line), "{line} in {listed:?}");
    }
    let knight_to_e4 = g.parse_action("c3e4").expect("legal");
    assert_eq!(g.action_note(knight_to_e4).as_deref(), Some("33/36"));
    // Other variants have no notes; an illegal action has none either.
    let chess = new_game("chess", None);
    assert!(chess.legal_actions().iter().all(|&a| chess.action_note(a).is_none()));
    assert_eq!(g.action_note(Action::Resign), None);
}

/// A variant's own way to win travels in JSON as its name and reads back
/// as the same reason (stored games and the server read outcomes back).
#[test]
fn a_variants_own_win_is_written_by_its_name_and_read_back() {
    let vanished = Outcome::Win { winner: Color::White, reason: KING_VANISHED.reason() };
    let json = serde_json::to_string(&vanished).unwrap();
    assert_eq!(json, r#"{"winner":"white","reason":{"win":"king_vanished"}}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), vanished);
    let bomb = Outcome::Win { winner: Color::Black, reason: DETONATION.reason() };
    assert_eq!(serde_json::from_str::<Outcome>(&serde_json::to_string(&bomb).unwrap()).unwrap(), bomb);
    let unknown = serde_json::from_str::<Outcome>(r#"{"winner":"white","reason":{"win":"luck"}}"#);
    assert!(unknown.is_err());
}
