//! The engine plays every variant: whole games through the core's game model
//! (with each variant's protocol: dice, proposals, bomb carriers), the
//! special decisions, UCI and the bench.

use chesslantis_core::variants::beirut::BeirutGame;
use chesslantis_core::variants::bermuda_angle::BermudaGame;
use chesslantis_core::variants::rejection::RejectionGame;
use chesslantis_core::variants::{Beirut, Rejection};
use chesslantis_core::{drive, notation, registry, Action, Actor, Color, DynGame, Game, Position, Seat, SplitMix, Viewer};
use chesslantis_engine::{new_session, supported_variants, Limits};
use std::io::Cursor;

/// Plays up to `max_actions` actions through the shared driving loop, with
/// the engine on both sides and core's seeded dice; every action the engine
/// picks must be legal.
fn self_play(id: &str, max_actions: usize) -> DynGame {
    let mut game = DynGame::new(id, None).unwrap();
    let mut seats = [new_session(id, 2).unwrap(), new_session(id, 2).unwrap()];
    let limits = Limits::depth(1);
    let mut engine = |game: &DynGame, seat: Seat| -> Result<String, String> {
        let color = seat.color().ok_or("the dice are not the engine's")?;
        let inner = game.game();
        let action = seats[color.index()].choose_action(inner, &limits)?;
        assert!(inner.legal_actions().contains(&action), "{id}: {action:?} is legal");
        Ok(inner.describe(action).text)
    };
    drive::play_out(&mut game, &mut SplitMix::new(7), max_actions, &mut engine).unwrap();
    game
}

#[test]
fn the_engine_plays_every_variant() {
    let all = registry::variant_ids();
    assert_eq!(supported_variants(), all, "every core variant has an engine");
    for id in all {
        // Every decision is answered with a legal action (asserted in
        // self_play) until the game ends or 40 actions are played.
        let game = self_play(id, 40);
        let start = DynGame::new(id, None).unwrap();
        assert_ne!(game.view(Viewer::Referee).fen, start.view(Viewer::Referee).fen, "{id}: the game moved on from the start");
        assert!(game.outcome().is_some() || !game.game().legal_actions().is_empty(), "{id}: the game is over or goes on");
    }
}

/// For each variant, a position where one move wins at once (mate, or the
/// king taken where kings are taken); the engine must play it, and the game
/// must then be won by the mover.
const WINNING_MOVES: &[(&str, &str, &[&str])] = &[
    ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]),
    ("circe", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]),
    ("portal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]),
    ("knights-are-god", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]),
    ("beirut", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 -,-", &["a1a8"]),
    // Kings are captured; the rook's path stays out of the Angle (no roll).
    ("bermuda-angle", "k9/10/10/10/10/10/10/10/10/R8K w - - 0 1", &["a1a10"]),
    // Black's only king stands on L, en prise to the rook.
    ("bermuda-two-board", "k7/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/4K3 w -|- - 0 1", &["La1La8"]),
    // Two mates: whichever is proposed and rejected, the other follows.
    ("rejection", "6k1/5ppp/8/8/8/8/1R6/R5K1 w - - 0 1", &["a1a8", "b2b8"]),
];

#[test]
fn the_engine_finds_the_winning_move_in_every_variant() {
    assert_eq!(
        WINNING_MOVES.iter().map(|(id, _, _)| *id).collect::<std::collections::BTreeSet<_>>(),
        supported_variants().into_iter().collect(),
        "one position for each variant"
    );
    for (id, fen, winning) in WINNING_MOVES {
        let mut game = (registry::variant(id).unwrap().new_game)(Some(fen)).unwrap();
        let mover = game.actor();
        let mut s = new_session(id, 2).unwrap();
        let wins: Vec<Action> = winning.iter().map(|t| game.parse_action(t).unwrap()).collect();
        let action = s.choose_action(game.as_ref(), &Limits::depth(3)).unwrap();
        let text = game.action_text(action);
        assert!(wins.contains(&action), "{id}: played {text}, not one of {winning:?}");
        game.apply(action).unwrap();
        if *id == "rejection" {
            // The opponent rejects the mate; the replacement mates too.
            game.apply(Action::Reject).unwrap();
            let again = s.choose_action(game.as_ref(), &Limits::depth(3)).unwrap();
            game.apply(again).unwrap();
        }
        let Actor::Player(us) = mover else { panic!("{id}: a player moves first") };
        assert!(
            matches!(game.outcome(), Some(chesslantis_core::Outcome::Win { winner, .. }) if winner == us),
            "{id}: {text} wins at once, got {:?}",
            game.outcome()
        );
    }
}

#[test]
fn bench_runs_for_every_variant() {
    for id in supported_variants() {
        let shallow = chesslantis_engine::bench::run(id, 1).unwrap();
        let deeper = chesslantis_engine::bench::run(id, 3).unwrap();
        let again = chesslantis_engine::bench::run(id, 3).unwrap();
        assert_eq!(shallow.positions, deeper.positions, "{id}: the same positions at every depth");
        assert!(deeper.nodes > shallow.nodes, "{id}: a deeper bench searches more nodes");
        assert_eq!(deeper.nodes, again.nodes, "{id}: the node count is a reproducible signature");
    }
}

// ---- Bermuda Chess Angle ----

#[test]
fn bermuda_the_engine_takes_a_king() {
    // No check rules: the black king stands en prise to the rook, far from the Angle.
    let fen = "k9/10/10/10/10/10/10/10/10/R8K w - - 0 1";
    let game = BermudaGame::from_fen(Some(fen)).unwrap();
    let mut s = new_session("bermuda-angle", 1).unwrap();
    let action = s.choose_action(&game, &Limits::depth(2)).unwrap();
    assert_eq!(action, Action::Move(notation::parse_uci(game.position(), "a1a10").unwrap()));
}

#[test]
fn bermuda_the_engine_never_acts_for_the_dice() {
    let mut game = BermudaGame::from_fen(None).unwrap();
    let mut s = new_session("bermuda-angle", 1).unwrap();
    let action = s.choose_action(&game, &Limits::depth(1)).unwrap();
    game.apply(action).unwrap();
    assert_eq!(game.actor(), Actor::Chance, "the first move passes through the Angle");
    assert!(s.choose_action(&game, &Limits::depth(1)).is_err());
}

#[test]
fn bermuda_keeps_the_queen_out_of_the_angle_when_nothing_is_gained() {
    // The queen can stay on the first rank or wander into the Angle; with
    // nothing to take, a walk into the Angle is a 1/36 risk each roll.
    let fen = "k9/pp8/10/10/10/10/10/10/PP8/K3Q5 w - - 0 1";
    let game = BermudaGame::from_fen(Some(fen)).unwrap();
    let mut s = new_session("bermuda-angle", 1).unwrap();
    let Action::Move(mv) = s.choose_action(&game, &Limits::depth(2)).unwrap() else { panic!("a move") };
    let angle = chesslantis_core::variants::bermuda_angle::angle();
    assert!(!angle.contains(mv.to), "{} ends in the Angle", notation::uci::<chesslantis_core::variants::BermudaAngle>(mv, false));
}

// ---- Rejection ----

fn answer(text: &str) -> Action {
    let game = RejectionGame::from_text(text).unwrap();
    assert!(matches!(game.actor(), Actor::Player(_)));
    let mut s = new_session("rejection", 1).unwrap();
    s.choose_action(&game, &Limits::depth(3)).unwrap()
}

#[test]
fn rejection_rejects_a_proposal_better_than_the_alternatives() {
    // White proposes the queen's capture of the undefended black queen; every
    // other move leaves it at most a pawn up: Black rejects.
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    assert_eq!(answer(&format!("{fen} proposed:d2d8")), Action::Reject);
}

#[test]
fn rejection_accepts_a_proposal_worse_than_the_alternatives() {
    // White proposes a queen move that hangs the queen to the king while
    // Qxd8+ is available: Black accepts the gift.
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    assert_eq!(answer(&format!("{fen} proposed:d2d7")), Action::Accept);
}

#[test]
fn rejection_replaces_a_rejected_move_with_the_best_other() {
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    let Action::Move(mv) = answer(&format!("{fen} rejected:d2d8")) else { panic!("a move") };
    let pos = Position::<Rejection>::from_fen(fen).unwrap();
    assert_ne!(notation::uci::<Rejection>(mv, false), "d2d8");
    assert!(pos.is_legal(mv));
    // The best other move keeps the queen out of reach of the black queen and king.
    let after = pos.after(mv);
    let queen = after.pieces(Color::White, chesslantis_core::Role::Queen).into_iter().next().expect("the queen stays");
    assert!(!after.attackers(queen, Color::Black).any(), "{} leaves the queen en prise", notation::uci::<Rejection>(mv, false));
}

#[test]
fn rejection_over_uci_the_replacement_is_go_searchmoves_of_the_others() {
    // A GUI whose proposal d2d8 was rejected asks for the best other move.
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    let pos = Position::<Rejection>::from_fen(fen).unwrap();
    let others: Vec<String> =
        pos.legal_moves().into_iter().map(|m| notation::uci::<Rejection>(m, false)).filter(|t| t != "d2d8").collect();
    let out = uci(&format!("setoption name UCI_Variant value rejection\nposition fen {fen}\ngo depth 3 searchmoves {}\n", others.join(" ")));
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a bestmove");
    assert_ne!(best, "d2d8");
    let after = pos.after(notation::parse_uci(&pos, best).unwrap());
    let queen = after.pieces(Color::White, chesslantis_core::Role::Queen).into_iter().next().expect("the queen stays");
    assert!(!after.attackers(queen, Color::Black).any(), "{best} leaves the queen en prise");
}

// ---- Beirut ----

#[test]
fn beirut_chooses_a_knight_as_carrier() {
    let game = BeirutGame::new(Position::start());
    let mut s = new_session("beirut", 1).unwrap();
    let action = s.choose_action(&game, &Limits::depth(1)).unwrap();
    assert_eq!(action, Action::ChooseCarrier(Position::<Beirut>::start().king(Color::White).map(|_| sq("g1")).unwrap()));
}

fn sq(name: &str) -> chesslantis_core::Square {
    chesslantis_core::Shape::CHESS.parse(name).unwrap()
}

#[test]
fn beirut_detonates_next_to_the_enemy_king() {
    // White's bomb on the knight f7, next to the black king: the blast wins.
    let fen = "4k3/5N2/8/8/8/8/8/R3K3 w - - 0 1 f7,-";
    let game = BeirutGame::new(Position::from_fen(fen).unwrap());
    let mut s = new_session("beirut", 1).unwrap();
    let Action::Move(mv) = s.choose_action(&game, &Limits::depth(2)).unwrap() else { panic!("a move") };
    assert_eq!(mv.kind, chesslantis_core::MoveKind::Detonate);
}

#[test]
fn beirut_the_engine_cannot_see_the_hidden_carrier() {
    // Two games that differ only in Black's carrier: White sees the same,
    // and chooses the same move.
    let fens = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4 f3,c6",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4 f3,f6",
    ];
    let games: Vec<BeirutGame> = fens.iter().map(|f| BeirutGame::new(Position::from_fen(f).unwrap())).collect();
    assert_ne!(games[0].fen(), games[1].fen());
    let seen: Vec<String> = games.iter().map(|g| g.observation(Viewer::player(Color::White)).fen).collect();
    assert_eq!(seen[0], seen[1]);
    assert!(seen[0].ends_with("f3,*"), "{}", seen[0]);
    let chosen: Vec<Action> = games
        .iter()
        .map(|g| new_session("beirut", 1).unwrap().choose_action(g, &Limits::depth(2)).unwrap())
        .collect();
    assert_eq!(chosen[0], chosen[1]);
}

// ---- UCI ----

fn uci(input: &str) -> String {
    let out = std::sync::Arc::new(std::sync::Mutex::new(Vec::<u8>::new()));
    struct W(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for W {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    chesslantis_engine::uci::run(Cursor::new(input.to_string()), W(out.clone())).unwrap();
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    text
}

#[test]
fn uci_plays_every_variant() {
    for id in supported_variants() {
        let out = uci(&format!("setoption name UCI_Variant value {id}\nposition startpos\ngo depth 2\n"));
        let best = out.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap_or("");
        assert!(!best.is_empty() && best != "0000", "{id}: {out}");
        assert!(!out.contains("error"), "{id}: {out}");
    }
}

#[test]
fn uci_beirut_takes_the_own_carrier_and_a_hidden_one() {
    let fen = "4k3/5N2/8/8/8/8/8/R3K3 w - - 0 1 f7,*";
    let out = uci(&format!("setoption name UCI_Variant value beirut\nposition fen {fen}\ngo depth 2\n"));
    assert!(out.contains("bestmove f7f7"), "the detonation wins: {out}");
    // A detonation by Black shows where its bomb was: the worlds that disagree are dropped.
    let fen = "4k3/8/8/8/3n4/8/8/R3K3 b - - 0 1 -,*";
    let out = uci(&format!("setoption name UCI_Variant value beirut\nposition fen {fen} moves d4d4\ngo depth 1\n"));
    assert!(out.contains("bestmove "), "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn beirut_worlds_cover_every_possible_carrier() {
    use chesslantis_core::variants::beirut::Bomb;
    use chesslantis_engine::EngineVariant;
    // Black has a knight, a rook and two pawns left (4 of its 15 pieces): one
    // world each, and the carrier may be among the 11 gone.
    let fen = "r3k3/pp6/2n5/8/8/8/8/4K3 w - - 0 1 -,*";
    let observation = chesslantis_core::Observation {
        shape: chesslantis_core::Shape::CHESS,
        fen: fen.into(),
        actor: Actor::Player(Color::White),
        notes: Vec::new(),
    };
    let worlds = Beirut::worlds(&observation).unwrap();
    let carried: Vec<_> = worlds.iter().filter_map(|w| w.position.extra.carrier(Color::Black)).collect();
    assert_eq!(carried.len(), 4);
    for name in ["a8", "a7", "b7", "c6"] {
        assert!(carried.contains(&sq(name)), "{name}");
    }
    let gone: Vec<_> = worlds.iter().filter(|w| w.position.extra.of(Color::Black) == Bomb::Gone).collect();
    assert_eq!(gone.len(), 1);
    assert_eq!(gone[0].weight, 11.0);
    // An observation with nothing hidden is the whole truth.
    let open = chesslantis_core::Observation { fen: fen.replace("-,*", "-,c6"), ..observation };
    assert!(Beirut::worlds(&open).is_none());
}
