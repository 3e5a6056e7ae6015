//! The Looking-Glass engine: it reads only its seat's view (two games that
//! look the same to it get the same actions), takes a king it sees, never
//! gives an order it knows may be a Strike, and plays whole games.

use chesslantis_core::event::Event;
use chesslantis_core::variants::looking_glass::events::{Front, GlassEvent};
use chesslantis_core::variants::looking_glass::worlds::SHAPE;
use chesslantis_core::view::{EventView, LegalAction};
use chesslantis_core::{Color, DynGame, Outcome, Piece, Role, Seat, View, Viewer, WinReason};
use chesslantis_engine::level::Rng;
use chesslantis_engine::looking_glass::choose::candidates;
use chesslantis_engine::looking_glass::notes::Notes;
use chesslantis_engine::{new_session, Limits, Session};

fn engine(seed: u64) -> Box<dyn Session> {
    let mut session = new_session("looking-glass", 1).unwrap();
    session.set_seed(seed);
    session
}

/// The view of `color`: two games look the same to `color` when these are equal.
fn seen_by(game: &DynGame, color: Color) -> View {
    game.view(Viewer::player(color))
}

/// Game B's action for the opponent that leaves the engine's view as game
/// A's, trying A's own action first; `None` when there is none.
fn twin_action(a: &DynGame, b: &DynGame, opponent: Color, tried_first: &str, engine_color: Color) -> Option<String> {
    let wanted = seen_by(a, engine_color);
    let mut texts = vec![tried_first.to_string()];
    texts.extend(b.view(Viewer::player(opponent)).legal.into_iter().map(|l| l.text).filter(|t| t != "ask"));
    texts.into_iter().find(|text| {
        let mut trial = b.clone();
        trial.apply(Seat::player(opponent), text).is_ok() && seen_by(&trial, engine_color) == wanted
    })
}

#[test]
fn the_engine_acts_on_its_view_alone() {
    let limits = Limits::depth(1);
    let (mut compared, mut hidden_differences) = (0, 0);
    for round in 0..12u64 {
        let me = if round % 2 == 0 { Color::White } else { Color::Black };
        let them = !me;
        let mut games = [DynGame::new("looking-glass", None).unwrap(), DynGame::new("looking-glass", None).unwrap()];
        let mut engines = [engine(round), engine(round)];
        let mut rng = Rng::new(100 + round);
        for step in 0..120 {
            let Some(seat) = games[0].to_act() else { break };
            assert_eq!(games[1].to_act(), Some(seat), "round {round} step {step}: the same seat acts in both games");
            let color = seat.color().unwrap();
            if color == me {
                assert_eq!(seen_by(&games[0], me), seen_by(&games[1], me), "round {round} step {step}: the engine's views match");
                let a = engines[0].choose_action(&games[0], &limits).unwrap();
                let b = engines[1].choose_action(&games[1], &limits).unwrap();
                assert_eq!(a, b, "round {round} step {step}: the same view and seed give the same action");
                compared += 1;
                if games[0].view(Viewer::Referee).fen != games[1].view(Viewer::Referee).fen {
                    hidden_differences += 1;
                }
                for game in &mut games {
                    game.apply(seat, &a).unwrap();
                }
            } else if games[0].view(Viewer::player(them)).fen.contains("setup") {
                // The opponent's secret starts differ between the two games.
                games[0].apply(seat, "start fide").unwrap();
                games[1].apply(seat, "start NRKBBQRN").unwrap();
            } else {
                // A random action of the opponent in game A that has a twin in game B.
                let mut options: Vec<String> =
                    games[0].view(Viewer::player(them)).legal.into_iter().map(|l| l.text).filter(|t| t != "ask").collect();
                for i in (1..options.len()).rev() {
                    options.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
                }
                let twins = options.into_iter().find_map(|text| {
                    let mut a = games[0].clone();
                    a.apply(seat, &text).unwrap();
                    twin_action(&a, &games[1], them, &text, me).map(|twin| (a, twin))
                });
                let Some((a, twin)) = twins else { break };
                games[0] = a;
                games[1].apply(seat, &twin).unwrap();
            }
        }
    }
    assert!(compared >= 60, "the engine decided {compared} times in twin games; too few to show anything");
    assert!(hidden_differences >= 60, "the twin games differed in hidden facts at only {hidden_differences} of the engine's decisions");
}

#[test]
fn the_engine_takes_a_king_it_sees() {
    // Black's king stands in Real, White's world, en prise to the rook.
    let fen = "k7/8/8/8/8/8/8/R3K3|8/4p3/8/8/8/8/8/8 w -|- - 0 1 0,0 strikes play";
    for seed in 0..4 {
        let mut game = DynGame::new("looking-glass", Some(fen)).unwrap();
        let action = engine(seed).choose_action(&game, &Limits::depth(1)).unwrap();
        game.apply(Seat::White, &action).unwrap();
        assert!(
            matches!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::KingCaptured })),
            "seed {seed}: {action} should take the king, got {:?}",
            game.outcome()
        );
    }
}

fn event(event: Event) -> EventView {
    EventView::new(event)
}

fn sq(name: &str) -> chesslantis_core::Square {
    SHAPE.parse(name).unwrap()
}

#[test]
fn notes_allow_only_orders_that_cannot_be_struck() {
    let white = |role| Piece::new(Color::White, role);
    let passed = |role, from: &str, to: &str| {
        event(Event::own(GlassEvent::PassedThrough { piece: white(role), from: from.into(), to: to.into() }))
    };
    let log = vec![
        passed(Role::Knight, "Rc3", "Mc3"),
        passed(Role::Pawn, "Rd3", "Md3"),
        passed(Role::Bishop, "Re2", "Me2"),
        passed(Role::Pawn, "Rf3", "Mf3"),
        // The pawn on f3 was told f4 in front of it is empty; the one on d3 nothing.
        event(Event::own(GlassEvent::Disclosed { piece: white(Role::Pawn), square: "Mf3".into(), attacks: vec![], front: Some(Front { square: "Mf4".into(), piece: None }) })),
    ];
    let notes = Notes::read(Color::White, &log);
    assert!(notes.order_is_safe(sq("Mc3"), sq("Mb5")), "a knight's jump to a square none of ours holds");
    assert!(!notes.order_is_safe(sq("Mc3"), sq("Me2")), "a knight onto our own bishop is a Strike");
    assert!(!notes.order_is_safe(sq("Mc3"), sq("Mc5")), "a knight does not move like that");
    assert!(!notes.order_is_safe(sq("Me2"), sq("Mc4")), "the bishop's first square that way holds our pawn");
    assert!(notes.order_is_safe(sq("Me2"), sq("Mf1")), "a bishop free that way is shortened at worst");
    assert!(!notes.order_is_safe(sq("Me2"), sq("Mh5")), "our pawn on f3 stands right beside the bishop that way");
    assert!(!notes.order_is_safe(sq("Md3"), sq("Md4")), "a pawn step onto a square nobody told us about may be blocked");
    assert!(notes.order_is_safe(sq("Mf3"), sq("Mf4")), "a pawn step onto a square told empty since Black last moved");
    assert!(!notes.order_is_safe(sq("Ma1"), sq("Ma2")), "no piece of ours there");
    // Once Black moves in its world, the empty square may be taken.
    let mut later = log.clone();
    later.push(event(Event::own(GlassEvent::MovedUnseen { by: Color::Black, world: "Mirror".into() })));
    assert!(!Notes::read(Color::White, &later).order_is_safe(sq("Mf3"), sq("Mf4")), "what Black did since is unknown");
}

#[test]
fn the_engine_never_gives_an_order_that_is_struck_and_plays_to_an_end() {
    let limits = Limits::depth(1);
    let mut orders = 0;
    for seed in 0..4u64 {
        let mut game = DynGame::new("looking-glass", None).unwrap();
        let mut engines = [engine(seed), engine(seed + 50)];
        let mut actions = 0;
        while let Some(seat) = game.to_act() {
            let color = seat.color().unwrap();
            let action = engines[color.index()].choose_action(&game, &limits).unwrap();
            game.apply(seat, &action).unwrap_or_else(|e| panic!("seed {seed}: {color} chose {action}: {e}"));
            actions += 1;
            assert!(actions < 3000, "seed {seed}: the game should end (50 moves, repetition, a king taken)");
        }
        let log = game.view(Viewer::Referee).knowledge.log;
        let struck: Vec<&EventView> = log.iter().filter(|e| matches!(e.event.as_own(), Some(GlassEvent::Strike { .. }))).collect();
        assert!(struck.is_empty(), "seed {seed}: the engine gave impossible orders: {struck:?}");
        orders += log.iter().filter(|e| matches!(e.event.as_own(), Some(GlassEvent::OrderCarried { .. }))).count();
        assert!(game.outcome().is_some(), "seed {seed}: the game ended");
    }
    assert!(orders > 10, "the engines gave only {orders} orders: nothing was tested");
}

/// Plays a game between two sessions (White first); its outcome and the actions.
fn duel(white: &mut dyn Session, black: &mut dyn Session) -> (Option<Outcome>, Vec<String>) {
    let mut game = DynGame::new("looking-glass", None).unwrap();
    let mut actions = Vec::new();
    while let Some(seat) = game.to_act() {
        let side: &mut dyn Session = if seat == Seat::White { &mut *white } else { &mut *black };
        let action = side.choose_action(&game, &Limits::depth(1)).unwrap();
        game.apply(seat, &action).unwrap();
        actions.push(action);
        if actions.len() >= 1500 {
            break;
        }
    }
    (game.outcome(), actions)
}

#[test]
fn a_level_plays_the_same_game_from_the_same_seed() {
    let level = chesslantis_engine::Level::from_skill(5).unwrap();
    let game = |seed: u64| {
        let (mut white, mut black) = (engine(seed), engine(seed + 1));
        white.set_level(level);
        black.set_level(level);
        duel(&mut *white, &mut *black).1
    };
    assert_eq!(game(3), game(3), "the same seeds, the same actions");
    assert_ne!(game(3), game(4), "another seed, another game (the level's noise)");
}

#[test]
fn the_lowest_level_loses_to_full_strength() {
    let mut full_score = 0.0;
    let games = 16;
    for g in 0..games {
        let (mut full, mut weak) = (engine(g), engine(g + 100));
        weak.set_level(chesslantis_engine::Level::LOWEST);
        let full_color = if g % 2 == 0 { Color::White } else { Color::Black };
        let (outcome, _) = if full_color == Color::White { duel(&mut *full, &mut *weak) } else { duel(&mut *weak, &mut *full) };
        full_score += match outcome {
            Some(Outcome::Win { winner, .. }) if winner == full_color => 1.0,
            Some(Outcome::Win { .. }) => 0.0,
            _ => 0.5,
        };
    }
    assert!(full_score >= 11.0, "full strength scored {full_score}/{games} against level 0");
}

#[test]
fn a_risky_pawn_order_is_a_candidate_only_when_nothing_else_is_left() {
    let log = vec![event(Event::own(GlassEvent::PassedThrough { piece: Piece::new(Color::White, Role::Pawn), from: "Rd3".into(), to: "Md3".into() }))];
    let notes = Notes::read(Color::White, &log);
    let action = |text: &str| LegalAction {
        text: text.into(),
        from: Some(text[..3].into()),
        to: Some(text[3..].into()),
        ..LegalAction::default()
    };
    let texts = |legal: &[LegalAction]| candidates(legal, &notes).into_iter().map(|c| c.text).collect::<Vec<_>>();
    assert_eq!(texts(&[action("Md3Md4"), action("Re2Re3")]), ["Re2Re3"], "the pawn order may be struck: left out");
    assert_eq!(texts(&[action("Md3Md4")]), ["Md3Md4"], "with nothing else, the engine still acts");
}

#[test]
fn the_engine_orders_the_capture_of_a_king_it_knows_is_there() {
    // White's knight jumps to d4 and passes to Mirror d4, where it is told it
    // attacks Black's king on Me6. Black then gives an order in Real, so
    // nothing moved in Mirror since: the king is still on Me6.
    let fen = "r7/8/8/8/8/5N2/8/4K3|8/7p/4k3/8/8/8/8/8 w -|- - 0 1 0,0 strikes play";
    for seed in 0..4 {
        let mut game = DynGame::new("looking-glass", Some(fen)).unwrap();
        game.apply(Seat::White, "Rf3Rd4").unwrap();
        let told = game.view(Viewer::White).knowledge.log;
        assert!(told.iter().any(|e| e.words.contains("attacks a black king on Me6")), "{told:?}");
        game.apply(Seat::Black, "Ra8Ra7").unwrap();
        let action = engine(seed).choose_action(&game, &Limits::depth(1)).unwrap();
        assert_eq!(action, "Md4Me6", "seed {seed}: the knight takes the king");
        game.apply(Seat::White, &action).unwrap();
        assert!(matches!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::KingCaptured })));
    }
}

#[test]
fn under_the_forfeit_rule_the_engine_chooses_the_opponents_worst_move() {
    // Black's king stands in Real, White's world; Black's pawns in Mirror keep
    // it from passing through on rank 7, where White's rook on h7 waits.
    let fen = "r3k3/7R/8/8/8/8/8/4K3|8/3ppp2/8/8/8/8/8/8 b -|- - 0 1 0,0 forfeit play";
    let mut game = DynGame::new("looking-glass", Some(fen)).unwrap();
    game.apply(Seat::Black, "Ra8Rb7").unwrap();
    assert_eq!(game.to_act(), Some(Seat::White), "the rook cannot move diagonally: White chooses Black's move");
    let choice = engine(1).choose_action(&game, &Limits::depth(1)).unwrap();
    assert!(["Re8Rd7", "Re8Re7", "Re8Rf7"].contains(&choice.as_str()), "the king walks onto the rook's rank: {choice}");
    game.apply(Seat::White, &choice).unwrap();
    let take = engine(1).choose_action(&game, &Limits::depth(1)).unwrap();
    game.apply(Seat::White, &take).unwrap();
    assert!(matches!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::KingCaptured })), "{take}");
}
