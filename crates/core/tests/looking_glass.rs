//! Through the Looking-Glass (docs/rules/looking-glass.md): the setup, moves
//! and their passing through, every outcome of an order, Strikes, the forfeit
//! rule, disclosures, castling, en passant, the end, the question, and what
//! each player is told.

use chesslantis_core::variants::looking_glass::end::STRIKES;
use chesslantis_core::event::Event;
use chesslantis_core::variants::looking_glass::events::{Front, GlassEvent, Seen};
use chesslantis_core::variants::looking_glass::{GlassPending, LookingGlassGame};
use chesslantis_core::view::Pending;
use chesslantis_core::variants::LookingGlass;
use chesslantis_core::{
    Color, DrawReason, DynGame, ErrorCode, Outcome, Piece, Position, Role, Seat, Variant, Viewer, WinReason,
};

const W: Seat = Seat::White;
const B: Seat = Seat::Black;

fn game(fen: &str) -> DynGame {
    DynGame::new("looking-glass", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A game in play with these two worlds (Real first), White to move.
fn worlds(real: &str, mirror: &str) -> DynGame {
    game(&format!("{real}|{mirror} w -|- - 0 1 0,0 strikes play"))
}

fn act(game: &mut DynGame, seat: Seat, text: &str) {
    game.apply(seat, text).unwrap_or_else(|e| panic!("{seat} {text}: {}", e.message));
}

/// What `color` was told by the last action.
fn last(game: &DynGame, color: Color) -> Vec<Event> {
    game.view(Viewer::player(color)).last.map(|l| l.events.into_iter().map(|e| e.event).collect()).unwrap_or_default()
}

fn log(game: &DynGame, color: Color) -> Vec<Event> {
    game.view(Viewer::player(color)).knowledge.log.into_iter().map(|e| e.event).collect()
}

#[test]
fn each_players_log_holds_what_it_was_told_in_order() {
    let mut g = worlds("8/8/8/8/5n2/8/3P4/4K3", "4k3/8/8/8/8/8/8/8");
    act(&mut g, W, "Rd2Rd4");
    let white_first = last(&g, WHITE);
    act(&mut g, B, "Rf4Rd5");
    let both_second = last(&g, BLACK);
    act(&mut g, W, "Md4Md5");
    let mut expected = white_first;
    expected.extend(both_second);
    expected.push(Event::own(GlassEvent::Strike { by: WHITE, order: "Md4Md5".into(), count: 1 }));
    assert_eq!(log(&g, WHITE), expected);
    assert!(log(&g, BLACK).contains(&Event::own(GlassEvent::MovedUnseen { by: WHITE, world: "Real".into() })));
    assert!(!log(&g, BLACK).iter().any(|e| matches!(e, Event::Moved { .. })), "Black never sees White's own moves");
    assert!(g.view(Viewer::Spectator).knowledge.log.is_empty());
}

fn piece(color: Color, role: Role) -> Piece {
    Piece::new(color, role)
}

fn seen(color: Color, role: Role, square: &str) -> Seen {
    Seen { piece: piece(color, role), square: square.into() }
}

fn placement(game: &DynGame) -> String {
    game.view(Viewer::Referee).fen.split(' ').next().unwrap_or_default().to_string()
}

fn strikes(game: &DynGame) -> String {
    game.view(Viewer::Referee).fen.split(' ').nth(6).unwrap_or_default().to_string()
}

const WHITE: Color = Color::White;
const BLACK: Color = Color::Black;

#[test]
fn the_seeds_strike_example_move_by_move() {
    // A black knight on Rf4; White's king on Re1, pawn on Rd2; Black's king on Me8.
    let mut g = worlds("8/8/8/8/5n2/8/3P4/4K3", "4k3/8/8/8/8/8/8/8");

    act(&mut g, W, "Rd2Rd4");
    let passed = Event::own(GlassEvent::PassedThrough { piece: piece(WHITE, Role::Pawn), from: "Rd4".into(), to: "Md4".into() });
    let disclosed = Event::own(GlassEvent::Disclosed {
        piece: piece(WHITE, Role::Pawn),
        square: "Md4".into(),
        attacks: vec![],
        front: Some(Front { square: "Md5".into(), piece: None }),
    });
    assert_eq!(last(&g, WHITE), vec![Event::Moved { by: WHITE, san: "Rd4".into() }, passed.clone(), disclosed.clone()]);
    assert_eq!(last(&g, BLACK), vec![Event::own(GlassEvent::MovedUnseen { by: WHITE, world: "Real".into() }), passed, disclosed]);

    act(&mut g, B, "Rf4Rd5");
    let knight = piece(BLACK, Role::Knight);
    let carried =
        Event::own(GlassEvent::OrderCarried { by: BLACK, piece: knight, from: "Rf4".into(), to: "Rd5".into(), stopped: "Rd5".into(), took: None });
    let fell = Event::own(GlassEvent::PassedThrough { piece: knight, from: "Rd5".into(), to: "Md5".into() });
    let told = vec![
        carried,
        fell,
        Event::own(GlassEvent::Disclosed { piece: knight, square: "Md5".into(), attacks: vec![], front: None }),
    ];
    assert_eq!(last(&g, WHITE), told);
    assert_eq!(last(&g, BLACK), told);

    act(&mut g, W, "Re1Re2");
    act(&mut g, B, "Me8Me7");
    let before = placement(&g);
    act(&mut g, W, "Md4Md5");
    let strike = Event::own(GlassEvent::Strike { by: WHITE, order: "Md4Md5".into(), count: 1 });
    assert_eq!(last(&g, WHITE), vec![strike.clone()]);
    assert_eq!(last(&g, BLACK), vec![strike]);
    assert_eq!(placement(&g), before, "an impossible order changes nothing");
    assert_eq!(g.to_act(), Some(W), "White tries again");
    assert_eq!(strikes(&g), "1,0");
    let words: Vec<String> = g.view(Viewer::White).last.unwrap().events.into_iter().map(|e| e.words).collect();
    assert_eq!(words, vec!["Strike 1 of 3 for White: Md4Md5 is impossible"]);
}

/// Black's rook on Mb1 and king on Mh8; White's king on Re1 and what `mirror_extra` adds.
fn order_test(mirror: &str, order: &str) -> (DynGame, Vec<Event>) {
    let mut g = game(&format!("8/8/8/8/8/8/8/4K3|{mirror} b -|- - 0 1 0,0 strikes play"));
    act(&mut g, B, order);
    let told = last(&g, BLACK);
    assert_eq!(told, last(&g, WHITE), "both are told the same of an order");
    (g, told)
}

fn carried(by: Color, role: Role, from: &str, to: &str, stopped: &str, took: Option<Piece>) -> Event {
    Event::own(GlassEvent::OrderCarried { by, piece: piece(by, role), from: from.into(), to: to.into(), stopped: stopped.into(), took })
}

#[test]
fn a_piece_that_stays_in_the_movers_world_is_the_movers_secret() {
    // White's rook Ra1-Ra5; Ma5 is taken, so it stays: only White is told.
    let mut g = game("8/8/8/8/8/8/8/R3K3|7k/8/8/r7/8/8/8/8 b -|- - 0 1 0,0 strikes play");
    act(&mut g, B, "Mh8Mg8");
    act(&mut g, W, "Ra1Ra5");
    let told = last(&g, WHITE);
    assert_eq!(told[0], Event::Moved { by: WHITE, san: "RRa5".into() }, "SAN with the world letter in the square");
    assert_eq!(told[1], Event::own(GlassEvent::Stayed { piece: piece(WHITE, Role::Rook), square: "Ra5".into() }));
    assert!(!last(&g, BLACK).iter().any(|e| matches!(e.as_own(), Some(GlassEvent::Stayed { .. }))), "a piece that stayed in the mover's world is the mover's secret");
    // An order from a square without a piece of one's own (the rook is on Mb1, not Rb1).
    let (_, told) = order_test("7k/8/8/8/8/8/8/1r6", "Rb1Rb6");
    assert_eq!(told[0], Event::own(GlassEvent::Strike { by: BLACK, order: "Rb1Rb6".into(), count: 1 }), "no black piece on Rb1");
}

#[test]
fn every_outcome_of_an_order() {
    // Black's pieces in Real, which White sees and Black does not.
    let fen = |real: &str| format!("{real}|7k/8/8/8/8/8/8/8 b -|- - 0 1 0,0 strikes play");
    let run = |real: &str, order: &str| {
        let mut g = game(&fen(real));
        act(&mut g, B, order);
        let (w, b) = (last(&g, WHITE), last(&g, BLACK));
        assert_eq!(w, b, "both are told the same of an order");
        (g, w)
    };
    // Full: a rook from Rb8 to Rb3.
    let (_, told) = run("1r6/8/8/8/8/8/8/4K3", "Rb8Rb3");
    assert_eq!(told[0], carried(BLACK, Role::Rook, "Rb8", "Rb3", "Rb3", None));
    // A slider shortened onto an enemy: it stops on the white knight and takes it.
    let (_, told) = run("1r6/8/8/1N6/8/8/8/4K3", "Rb8Rb2");
    assert_eq!(told[0], carried(BLACK, Role::Rook, "Rb8", "Rb2", "Rb5", Some(piece(WHITE, Role::Knight))));
    assert_eq!(told[1], Event::Captured { piece: piece(WHITE, Role::Knight), square: "Rb5".into() });
    // Shortened before a friend: a bishop stops just short of its own pawn.
    let (_, told) = run("1b6/8/8/4p3/8/8/8/4K3", "Rb8Rf4");
    assert_eq!(told[0], carried(BLACK, Role::Bishop, "Rb8", "Rf4", "Rd6", None));
    // A slider with a friend right beside it cannot move that way at all: a Strike.
    let (_, told) = run("1q6/1p6/8/8/8/8/8/4K3", "Rb8Rb2");
    assert_eq!(told[0], Event::own(GlassEvent::Strike { by: BLACK, order: "Rb8Rb2".into(), count: 1 }));
    // A blocked knight, king and pawn: Strikes.
    for (real, order) in [
        ("1n6/3p4/8/8/8/8/8/4K3", "Rb8Rd7"),
        ("8/3p4/3P4/8/8/8/8/4K3", "Rd7Rd6"),
        ("8/3p4/3P4/8/8/8/8/4K3", "Rd7Rd5"),
    ] {
        let (g, told) = run(real, order);
        assert_eq!(told[0], Event::own(GlassEvent::Strike { by: BLACK, order: order.into(), count: 1 }), "{real} {order}");
        assert_eq!(placement(&g), format!("{real}|7k/8/8/8/8/8/8/8"), "nothing moved");
    }
    // A blocked king (Black's king in Real, none in Mirror).
    let mut g = game("8/8/8/3kp3/8/8/8/4K3|8/8/8/8/8/8/8/8 b -|- - 0 1 0,0 strikes play");
    act(&mut g, B, "Rd5Re5");
    assert_eq!(last(&g, WHITE), vec![Event::own(GlassEvent::Strike { by: BLACK, order: "Rd5Re5".into(), count: 1 })]);
    // Wrong colour or empty from-square; a direction the piece never moves in.
    for (real, order) in [
        ("8/8/8/8/8/8/8/4K3", "Rb8Rb3"),
        ("1N6/8/8/8/8/8/8/4K3", "Rb8Rd7"),
        ("1r6/8/8/8/8/8/8/4K3", "Rb8Rc7"),
        ("1n6/8/8/8/8/8/8/4K3", "Rb8Rb6"),
        ("1b6/8/8/8/8/8/8/4K3", "Rb8Rb6"),
        ("8/3p4/8/8/8/8/8/4K3", "Rd7Rd8"),
        ("8/3p4/8/8/8/8/8/4K3", "Rd7Rc6"),
    ] {
        let (_, told) = run(real, order);
        assert_eq!(told[0], Event::own(GlassEvent::Strike { by: BLACK, order: order.into(), count: 1 }), "{real} {order}");
    }
    // A pawn takes diagonally what stands there.
    let (_, told) = run("8/3p4/2N5/8/8/8/8/4K3", "Rd7Rc6");
    assert_eq!(told[0], carried(BLACK, Role::Pawn, "Rd7", "Rc6", "Rc6", Some(piece(WHITE, Role::Knight))));
    // A shortened double step: the second square is taken, the pawn stops after one.
    let (g, told) = run("8/3p4/8/3N4/8/8/8/4K3", "Rd7Rd5");
    assert_eq!(told[0], carried(BLACK, Role::Pawn, "Rd7", "Rd5", "Rd6", None));
    assert_eq!(told[1], Event::own(GlassEvent::PassedThrough { piece: piece(BLACK, Role::Pawn), from: "Rd6".into(), to: "Md6".into() }));
    assert!(placement(&g).ends_with("|7k/8/3p4/8/8/8/8/8"), "{}", placement(&g));
}

#[test]
fn a_third_strike_loses() {
    let mut g = game("8/8/8/8/8/8/8/4K3|7k/8/8/8/8/8/8/8 w -|- - 0 1 2,0 strikes play");
    act(&mut g, W, "Ma1Ma2");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: BLACK, reason: STRIKES.reason() }));
    assert_eq!(
        last(&g, BLACK),
        vec![
            Event::own(GlassEvent::Strike { by: WHITE, order: "Ma1Ma2".into(), count: 3 }),
            Event::GameOver(Outcome::Win { winner: BLACK, reason: STRIKES.reason() })
        ]
    );
}

#[test]
fn the_forfeit_rule_lets_the_opponent_choose_the_move() {
    // White's knight on Mb1 (in Black's world), White's king on Re1.
    let mut g = game("8/8/8/8/8/8/8/4K3|7k/8/8/8/8/8/8/1N6 w -|- - 0 1 0,0 forfeit play");
    act(&mut g, W, "Mb1Mb3");
    assert_eq!(strikes(&g), "0,0", "no Strike under the forfeit rule");
    assert_eq!(last(&g, WHITE), vec![Event::own(GlassEvent::Forfeited { by: WHITE, order: "Mb1Mb3".into(), chosen_by_opponent: true })]);
    assert_eq!(g.to_act(), Some(B), "Black chooses White's move");
    let view = g.view(Viewer::Black);
    let mut offered: Vec<String> = view.legal.iter().map(|a| a.text.clone()).collect();
    offered.sort();
    assert_eq!(offered, vec!["Mb1Ma3", "Mb1Mc3", "Mb1Md2"], "White's moves in the world Black sees");
    assert!(g.view(Viewer::White).legal.is_empty());
    let err = g.apply(B, "Mh8Mh7").expect_err("Black's own move is no choice");
    assert_eq!(err.code, ErrorCode::Illegal);
    act(&mut g, B, "Mb1Mc3");
    assert_eq!(last(&g, WHITE)[0], Event::Moved { by: WHITE, san: "Mb1Mc3".into() });
    assert_eq!(last(&g, WHITE)[1], Event::own(GlassEvent::PassedThrough { piece: piece(WHITE, Role::Knight), from: "Mc3".into(), to: "Rc3".into() }));
    assert_eq!(g.to_act(), Some(B), "then Black moves for itself");
    assert!(g.view(Viewer::Referee).fen.ends_with("b -|- - 1 1 0,0 forfeit play"), "{}", g.view(Viewer::Referee).fen);
}

fn disclosure_after(real: &str, mirror: &str, mv: &str) -> GlassEvent {
    let mut g = worlds(real, mirror);
    act(&mut g, W, mv);
    let told = last(&g, BLACK);
    assert_eq!(told[1..], last(&g, WHITE)[1..], "both are told the passing and the disclosure");
    told.iter()
        .filter_map(Event::as_own::<GlassEvent>)
        .find(|e| matches!(e, GlassEvent::Disclosed { .. }))
        .cloned()
        .unwrap_or_else(|| panic!("no disclosure: {mv}"))
}

#[test]
fn an_arriving_piece_discloses_what_it_attacks_and_a_pawn_its_front_square() {
    let black = |role, sq| seen(BLACK, role, sq);
    let cases = [
        // knight Rb1-Rc3 arrives on Mc3 and attacks Md5 and Ma4 (not its own Me4... Black's only).
        ("8/8/8/8/8/8/8/1N2K3", "7k/8/8/3q4/r7/8/8/8", "Rb1Rc3", vec![black(Role::Rook, "Ma4"), black(Role::Queen, "Md5")]),
        ("8/8/8/8/8/8/8/2B1K3", "7k/8/8/8/8/8/8/6n1", "Rc1Re3", vec![black(Role::Knight, "Mg1")]),
        ("8/8/8/8/8/8/8/R3K3", "7k/8/8/8/p7/8/8/3b4", "Ra1Ra3", vec![black(Role::Pawn, "Ma4")]),
        ("8/8/8/8/8/8/8/3QK3", "8/7k/8/8/8/8/8/1b5r", "Rd1Rd4", vec![]),
        ("8/8/8/8/8/8/8/4K3", "7k/8/8/8/8/8/3p4/5n2", "Re1Re2", vec![black(Role::Knight, "Mf1"), black(Role::Pawn, "Md2")]),
    ];
    for (real, mirror, mv, attacks) in cases {
        let GlassEvent::Disclosed { attacks: got, front, .. } = disclosure_after(real, mirror, mv) else { unreachable!() };
        assert_eq!(got, attacks, "{mv}");
        assert_eq!(front, None, "only a pawn's front square is told");
    }
    // The queen on Md4 sees along its lines to the first piece only.
    let GlassEvent::Disclosed { attacks, .. } = disclosure_after("8/8/8/8/8/8/8/3QK3", "8/3r3k/3p4/8/8/8/8/1b5r", "Rd1Rd4") else {
        unreachable!()
    };
    assert_eq!(attacks, vec![black(Role::Pawn, "Md6")]);
    // A pawn: what it attacks and what stands in front of it.
    let GlassEvent::Disclosed { attacks, front, .. } =
        disclosure_after("8/8/8/8/8/8/3P4/4K3", "7k/8/8/2bn4/8/8/8/8", "Rd2Rd4")
    else {
        unreachable!()
    };
    assert_eq!(attacks, vec![black(Role::Bishop, "Mc5")]);
    assert_eq!(front, Some(Front { square: "Md5".into(), piece: Some(piece(BLACK, Role::Knight)) }));
}

#[test]
fn castling_lets_king_and_rook_pass_through_separately() {
    let fen = |mirror: &str| format!("8/8/8/8/8/8/8/4K2R|{mirror} w K|- - 0 1 0,0 strikes play");
    // Nothing on Mg1 or Mf1: both pass.
    let mut g = game(&fen("7k/8/8/8/8/8/8/8"));
    act(&mut g, W, "Re1Rh1");
    assert_eq!(placement(&g), "8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/5RK1");
    // Something on Mg1 only: the rook passes, the king stays.
    let mut g = game(&fen("7k/8/8/8/8/8/8/6n1"));
    act(&mut g, W, "Re1Rh1");
    assert_eq!(placement(&g), "8/8/8/8/8/8/8/6K1|7k/8/8/8/8/8/8/5Rn1");
    let told = last(&g, WHITE);
    assert!(told.contains(&Event::own(GlassEvent::Stayed { piece: piece(WHITE, Role::King), square: "Rg1".into() })));
    assert!(told.contains(&Event::own(GlassEvent::PassedThrough { piece: piece(WHITE, Role::Rook), from: "Rf1".into(), to: "Mf1".into() })));
    // Both squares taken: neither passes.
    let mut g = game(&fen("7k/8/8/8/8/8/8/5bn1"));
    act(&mut g, W, "Re1Rh1");
    assert_eq!(placement(&g), "8/8/8/8/8/8/8/5RK1|7k/8/8/8/8/8/8/5bn1");
}

#[test]
fn castling_ignores_attacks_and_follows_chess960() {
    // King on Rb1, rooks on Ra1 and Rh1 (a Chess960 start); a black rook on Rc8 attacks c1.
    let mut g = game("2r5/8/8/8/8/8/8/RK5R|7k/8/8/8/8/8/8/2nnnn2 w HA|- - 0 1 0,0 strikes play");
    act(&mut g, W, "Rb1Ra1");
    assert_eq!(placement(&g), "2r5/8/8/8/8/8/8/2KR3R|7k/8/8/8/8/8/8/2nnnn2");
}

#[test]
fn en_passant_only_by_a_pawn_in_the_world_of_the_double_step() {
    // White's pawn Re2 steps to Re4 and passes to Me4; Black's pawn on Rd4 may take it en passant (by order).
    let real = "8/8/8/8/3p4/8/4P3/4K3";
    let mut g = worlds(real, "7k/8/8/8/8/8/8/8");
    act(&mut g, W, "Re2Re4");
    assert!(placement(&g).ends_with("|7k/8/8/8/4P3/8/8/8"), "{}", placement(&g));
    act(&mut g, B, "Rd4Re3");
    let told = last(&g, BLACK);
    assert_eq!(told[0], carried(BLACK, Role::Pawn, "Rd4", "Re3", "Re3", Some(piece(WHITE, Role::Pawn))));
    assert_eq!(told[1], Event::Captured { piece: piece(WHITE, Role::Pawn), square: "Me4".into() });
    // A black pawn in the Mirror world beside the pawn that arrived there may not.
    let mut g = worlds(real, "7k/8/8/8/5p2/8/8/8");
    act(&mut g, W, "Re2Re4");
    let err = g.apply(B, "Mf4Me3").expect_err("no en passant across worlds");
    assert_eq!(err.code, ErrorCode::Illegal);
    assert!(g.view(Viewer::Black).legal.iter().all(|a| a.text != "Mf4Me3"));
}

#[test]
fn the_setup_is_checked_by_chess960_rules_and_kept_secret() {
    let mut g = DynGame::new("looking-glass", None).expect("start");
    assert_eq!(g.to_act(), Some(W));
    for (text, why) in [
        ("start RNBQKBN", "8 pieces"),
        ("start RNBQKBNX", "not a piece"),
        ("start BRBNKQNR", "one colour"),
        ("start KRNBBQNR", "between the two rooks"),
        ("start RNBQKBNQ", "one king, one queen"),
    ] {
        let err = g.apply(W, text).expect_err(text);
        assert!(err.message.contains(why), "{text}: {}", err.message);
    }
    assert_eq!(g.history().len(), 0, "refused setups change nothing");
    act(&mut g, W, "start NRKBBQRN");
    assert_eq!(g.to_act(), Some(B));
    let mut black_view = g.view(Viewer::Black);
    assert_eq!(black_view.legal.len(), 960, "every Chess960 start is offered");
    black_view.legal.clear();
    let black = serde_json::to_string(&black_view).unwrap();
    assert!(!black.contains("NRKBBQRN"), "{black}");
    assert!(black.contains("White has set up its army"));
    let spectator = serde_json::to_string(&g.view(Viewer::Spectator)).unwrap();
    assert!(!spectator.contains("NRKBBQRN"));
    assert!(serde_json::to_string(&g.view(Viewer::White)).unwrap().contains("NRKBBQRN"));
    act(&mut g, B, "start fide");
    assert_eq!(
        placement(&g),
        "8/8/8/8/8/8/PPPPPPPP/NRKBBQRN|rnbqkbnr/pppppppp/8/8/8/8/8/8",
        "White in Real ranks 1-2, Black in Mirror ranks 7-8"
    );
    assert_eq!(g.to_act(), Some(W));
    let white_view = g.view(Viewer::White);
    assert_eq!(white_view.boards.len(), 1, "White sees the Real world only");
    assert!(white_view.fen.starts_with("8/8/8/8/8/8/PPPPPPPP/NRKBBQRN|* w"), "{}", white_view.fen);
    assert!(g.view(Viewer::Spectator).boards.is_empty(), "a spectator sees nothing before the end");
    act(&mut g, W, "resign");
    let end = g.view(Viewer::Spectator);
    assert_eq!(end.boards.len(), 2, "everything at the end");
    let reveal = serde_json::to_string(&end.reveal).unwrap();
    assert!(reveal.contains("NRKBBQRN") && reveal.contains("RNBQKBNR"), "{reveal}");
}

#[test]
fn no_legal_move_in_either_world_is_a_draw() {
    let real = "RBQKBRRR/PPPPPPPP/8/8/8/8/8/8";
    let g = worlds(real, "4k3/8/8/8/8/8/8/8");
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // A piece that could move in the other world keeps the game going.
    let g = worlds(real, "4k3/8/8/8/8/8/8/N7");
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_question_is_answered_yes_or_no_and_costs_nothing() {
    let mut g = worlds("8/8/8/8/8/8/8/4K3", "7k/8/8/8/8/8/8/N7");
    act(&mut g, W, "ask");
    assert_eq!(last(&g, WHITE), vec![Event::own(GlassEvent::Answered { by: WHITE, world: "Mirror".into(), yes: true })]);
    assert_eq!(g.to_act(), Some(W), "asking is not a move");
    let mut g = worlds("8/8/8/8/8/8/8/4K3", "7k/8/8/8/8/8/8/8");
    act(&mut g, W, "ask");
    assert_eq!(last(&g, WHITE), vec![Event::own(GlassEvent::Answered { by: WHITE, world: "Mirror".into(), yes: false })]);
    assert_eq!(g.view(Viewer::White).last.unwrap().events[0].words, "No: White has no legal move in the Mirror world");
}

#[test]
fn either_player_may_ask_whoever_is_to_move_and_both_hear_the_answer() {
    // White to move; Black's knight in the Real world could move, White has nothing in the Mirror world.
    let mut g = worlds("8/8/8/8/8/8/8/n3K3", "7k/8/8/8/8/8/8/8");
    act(&mut g, B, "ask");
    let answer = Event::own(GlassEvent::Answered { by: BLACK, world: "Real".into(), yes: true });
    assert_eq!(last(&g, BLACK), vec![answer.clone()], "the question is about the asker's pieces");
    assert_eq!(last(&g, WHITE), vec![answer.clone()], "the other player hears the answer too");
    assert_eq!(g.to_act(), Some(W), "asking does not pass the turn");
    assert_eq!(g.view(Viewer::White).last.unwrap().text.as_deref(), Some("ask"), "asked aloud");
    assert!(g.view(Viewer::White).knowledge.notes.contains(&"Told: Yes: Black has a legal move in the Real world".to_string()));
    assert_eq!(g.history().last().map(|e| (e.seat, e.action.as_str())), Some((B, "ask")));

    // Nothing has moved since: asking again repeats the answer and changes nothing.
    let again = g.apply(B, "ask").expect_err("asked already");
    assert_eq!(again.code, ErrorCode::NotAllowed);
    assert_eq!(
        again.message,
        "not allowed now: Black asked already and nothing has moved since; the answer stands: \
         Yes: Black has a legal move in the Real world"
    );
    assert_eq!(g.history().len(), 1, "a repeated question is not stored");

    // White may still ask (once), and then moves; then Black may ask again.
    assert!(g.view(Viewer::White).legal.iter().any(|a| a.text == "ask"));
    act(&mut g, W, "ask");
    assert_eq!(last(&g, BLACK), vec![Event::own(GlassEvent::Answered { by: WHITE, world: "Mirror".into(), yes: false })]);
    assert!(!g.view(Viewer::White).legal.iter().any(|a| a.text == "ask"), "asked already: not offered again");
    assert_eq!(g.apply(W, "ask").expect_err("asked already").code, ErrorCode::NotAllowed);
    act(&mut g, W, "Re1Rd1");
    act(&mut g, B, "ask");
    assert_eq!(g.to_act(), Some(B));
}

#[test]
fn asking_waits_for_both_armies() {
    let mut g = game(LookingGlass::start_fen());
    for seat in [W, B] {
        let refused = g.apply(seat, "ask").expect_err("nothing to ask about yet");
        assert_eq!(refused.code, ErrorCode::NotAllowed, "{seat}");
        assert!(refused.message.contains("after both armies are set up"), "{}", refused.message);
    }
    act(&mut g, W, "start fide");
    assert_eq!(g.apply(B, "ask").expect_err("Black sets up first").code, ErrorCode::NotAllowed);
}

#[test]
fn under_the_forfeit_rule_either_player_may_ask_while_one_chooses() {
    let mut g = game("8/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/N7 w -|- - 0 1 0,0 forfeit play");
    act(&mut g, W, "Mb1Mc3");
    assert_eq!(g.to_act(), Some(B), "Black chooses White's move");
    act(&mut g, W, "ask");
    assert_eq!(last(&g, BLACK), vec![Event::own(GlassEvent::Answered { by: WHITE, world: "Mirror".into(), yes: true })]);
    act(&mut g, B, "ask");
    assert_eq!(last(&g, WHITE), vec![Event::own(GlassEvent::Answered { by: BLACK, world: "Real".into(), yes: false })]);
    assert_eq!(g.to_act(), Some(B));
    assert_eq!(g.view(Viewer::Black).pending, Some(Pending::own(GlassPending::MoveForOpponent { for_side: WHITE })));
}

#[test]
fn a_king_captured_loses() {
    let mut g = game("8/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/R3k3 w -|- - 0 1 0,0 strikes play");
    act(&mut g, W, "Ma1Mh1");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: WHITE, reason: WinReason::KingCaptured }));
}

#[test]
fn bad_input_is_refused_with_a_reason_and_changes_nothing() {
    let mut g = worlds("8/8/8/8/8/8/8/4K3", "7k/8/8/8/8/8/8/8");
    let before = g.view(Viewer::Referee);
    for (text, why) in [
        ("e2e4", "world letter"),
        ("Re1Re3", "not legal"),
        ("Ma1Ra2", "stays in one world"),
        ("start fide", "set up"),
    ] {
        let err = g.apply(W, text).expect_err(text);
        assert!(err.message.contains(why), "{text}: {}", err.message);
    }
    assert_eq!(g.view(Viewer::Referee), before);
}

#[test]
fn the_fen_holds_the_whole_state_and_round_trips() {
    for fen in [
        LookingGlass::start_fen(),
        "8/8/8/8/8/8/PPPPPPPP/NRKBBQRN|8/8/8/8/8/8/8/8 b KQ|- - 0 1 0,0 forfeit setup-black",
        "r7/8/8/8/4P3/8/8/4K2R|rnbqkbnr/pppp1ppp/8/8/8/8/8/8 b K|q Re3 3 7 2,1 strikes play",
        "8/8/8/8/8/8/8/4K3|7k/8/8/8/8/8/8/1N6 w -|- - 0 1 0,0 forfeit choose",
    ] {
        let pos = Position::<LookingGlass>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        let _ = LookingGlassGame::new(pos);
    }
    for (fen, why) in [
        ("8/8/8/8/8/8/8/4K3|7k/8/8/8/8/8/8/8 w -|- - 0 1 4,0 strikes play", "Strike count"),
        ("8/8/8/8/8/8/8/4K3|7k/8/8/8/8/8/8/8 w -|- - 0 1 0,0 nice play", "rule"),
        ("8/8/8/8/8/8/8/4K3|7k/8/8/8/8/8/8/8 w -|- - 0 1 0,0 strikes later", "phase"),
        ("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w -|- - 0 1 0,0 strikes setup-white", "still to set up"),
    ] {
        let err = Position::<LookingGlass>::from_fen(fen).expect_err(fen);
        assert!(err.to_string().contains(why), "{fen}: {err}");
    }
}

/// Real: White's rook shuffles a1-a2 beside its king; Mirror holds pieces on
/// Ma1/Ma2 so it never passes. Mirror: Black's king shuffles h8-h7; Real
/// holds bishops on Rh7/Rh8 so it never passes either.
const SHUFFLE: (&str, &str) = ("7B/7B/8/8/8/8/8/R3K3", "7k/8/8/8/8/8/n7/n7");

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let mut g = worlds(SHUFFLE.0, SHUFFLE.1);
    let cycle = [(W, "Ra1Ra2"), (B, "Mh8Mh7"), (W, "Ra2Ra1"), (B, "Mh7Mh8")];
    for (seat, text) in cycle.iter().chain(&cycle[..3]) {
        assert_eq!(g.outcome(), None, "no draw before the third occurrence");
        act(&mut g, *seat, text);
    }
    // The start position stood there twice; the second time round it comes back.
    assert_eq!(g.outcome(), None, "the start position occurred twice only");
    act(&mut g, B, "Mh7Mh8");
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn a_hundred_plies_without_capture_or_pawn_move_draw() {
    let fen = |half: u32| format!("{}|{} w -|- - {half} 60 0,0 strikes play", SHUFFLE.0, SHUFFLE.1);
    let mut g = game(&fen(99));
    act(&mut g, W, "Ra1Ra2");
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    let mut g = game(&fen(98));
    act(&mut g, W, "Ra1Ra2");
    assert_eq!(g.outcome(), None, "99 plies are not yet 100");
}
