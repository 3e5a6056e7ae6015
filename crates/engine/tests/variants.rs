//! The engine plays every variant: whole games through the core's game model
//! (with each variant's protocol: dice, proposals, bomb carriers), the
//! special decisions, UCI and the bench.

use chesslantis_core::variants::bede::CHANCELLOR;
use chesslantis_core::variants::{Bede, Rejection};
use chesslantis_core::{drive, notation, registry, Color, DynGame, Position, Seat, SplitMix, Viewer};
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
        let action = seats[color.index()].choose_action(game, &limits)?;
        let legal = game.view(Viewer::player(color)).legal;
        assert!(legal.iter().any(|l| l.text == action), "{id}: {action} is legal");
        Ok(action)
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
        assert!(game.outcome().is_some() || game.to_act().is_some(), "{id}: the game is over or goes on");
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
    // The chancellor's rook line along rank 11; the king on b9 guards a10 and b10.
    ("bede", "k8/9/1K7/9/9/9/9/9/9/9/7C1 w - - 0 1 - --", &["h1h11"]),
    ("beirut", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 -,-", &["a1a8"]),
    // Kings are captured; the rook's path stays out of the Angle (no roll).
    ("bermuda-angle", "k9/10/10/10/10/10/10/10/10/R8K w - - 0 1", &["a1a10"]),
    // Black's only king stands on L, en prise to the rook.
    ("bermuda-two-board", "k7/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/4K3 w -|- - 0 1", &["La1La8"]),
    // Two mates: whichever is proposed and rejected, the other follows.
    ("rejection", "6k1/5ppp/8/8/8/8/1R6/R5K1 w - - 0 1", &["a1a8", "b2b8"]),
    // Black's king stands in Real, the world White sees, en prise to the rook.
    ("looking-glass", "k7/8/8/8/8/8/8/R3K3|8/4p3/8/8/8/8/8/8 w -|- - 0 1 0,0 strikes play", &["Ra1Ra8"]),
];

#[test]
fn the_engine_finds_the_winning_move_in_every_variant() {
    assert_eq!(
        WINNING_MOVES.iter().map(|(id, _, _)| *id).collect::<std::collections::BTreeSet<_>>(),
        supported_variants().into_iter().collect(),
        "one position for each variant"
    );
    for (id, fen, winning) in WINNING_MOVES {
        let mut game = DynGame::new(id, Some(fen)).unwrap();
        let mover = game.to_act().unwrap();
        let mut s = new_session(id, 2).unwrap();
        let text = s.choose_action(&game, &Limits::depth(3)).unwrap();
        assert!(winning.contains(&text.as_str()), "{id}: played {text}, not one of {winning:?}");
        game.apply(mover, &text).unwrap();
        if *id == "rejection" {
            // The opponent rejects the mate; the replacement mates too.
            game.apply(Seat::Black, "reject").unwrap();
            let again = s.choose_action(&game, &Limits::depth(3)).unwrap();
            game.apply(mover, &again).unwrap();
        }
        let us = mover.color().expect("a player moves first");
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
    let game = DynGame::new("bermuda-angle", Some(fen)).unwrap();
    let mut s = new_session("bermuda-angle", 1).unwrap();
    assert_eq!(s.choose_action(&game, &Limits::depth(2)).unwrap(), "a1a10");
}

#[test]
fn bermuda_the_engine_never_acts_for_the_dice() {
    let mut game = DynGame::new("bermuda-angle", None).unwrap();
    let mut s = new_session("bermuda-angle", 1).unwrap();
    let action = s.choose_action(&game, &Limits::depth(1)).unwrap();
    game.apply(Seat::White, &action).unwrap();
    assert_eq!(game.to_act(), Some(Seat::Chance), "the first move passes through the Angle");
    let err = s.choose_action(&game, &Limits::depth(1)).unwrap_err();
    assert!(err.contains("dice"), "{err}");
}

#[test]
fn bermuda_keeps_the_queen_out_of_the_angle_when_nothing_is_gained() {
    // The queen can stay on the first rank or wander into the Angle; with
    // nothing to take, a walk into the Angle is a 1/36 risk each roll.
    let fen = "k9/pp8/10/10/10/10/10/10/PP8/K3Q5 w - - 0 1";
    let game = DynGame::new("bermuda-angle", Some(fen)).unwrap();
    let mut s = new_session("bermuda-angle", 1).unwrap();
    let text = s.choose_action(&game, &Limits::depth(2)).unwrap();
    let pos = Position::<chesslantis_core::variants::BermudaAngle>::from_fen(fen).unwrap();
    let mv = notation::parse_uci(&pos, &text).expect("a move");
    let angle = chesslantis_core::variants::bermuda_angle::angle();
    assert!(!angle.contains(mv.to), "{text} ends in the Angle");
}

// ---- Rejection ----

/// The engine's action in the Rejection game `text` (a FEN with a pending
/// proposal or rejection, read by the core).
fn answer(text: &str) -> String {
    let game = DynGame::new("rejection", Some(text)).unwrap();
    assert!(matches!(game.to_act(), Some(Seat::White | Seat::Black)));
    let mut s = new_session("rejection", 1).unwrap();
    s.choose_action(&game, &Limits::depth(3)).unwrap()
}

/// The engine answers a proposal it saw made in the game (the proposal is
/// the game's history, not a text convention).
#[test]
fn rejection_answers_a_proposal_made_in_the_game() {
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    let mut game = DynGame::new("rejection", Some(fen)).unwrap();
    game.apply(Seat::White, "d2d8").unwrap();
    let mut s = new_session("rejection", 1).unwrap();
    assert_eq!(s.choose_action(&game, &Limits::depth(3)).unwrap(), "reject");
    game.apply(Seat::Black, "reject").unwrap();
    let replacement = s.choose_action(&game, &Limits::depth(3)).unwrap();
    assert_ne!(replacement, "d2d8");
    game.apply(Seat::White, &replacement).expect("a legal replacement");
}

#[test]
fn rejection_rejects_a_proposal_better_than_the_alternatives() {
    // White proposes the queen's capture of the undefended black queen; every
    // other move leaves it at most a pawn up: Black rejects.
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    assert_eq!(answer(&format!("{fen} proposed:d2d8")), "reject");
}

#[test]
fn rejection_accepts_a_proposal_worse_than_the_alternatives() {
    // White proposes a queen move that hangs the queen to the king while
    // Qxd8+ is available: Black accepts the gift.
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    assert_eq!(answer(&format!("{fen} proposed:d2d7")), "accept");
}

#[test]
fn rejection_replaces_a_rejected_move_with_the_best_other() {
    let fen = "3qk3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    let text = answer(&format!("{fen} rejected:d2d8"));
    let pos = Position::<Rejection>::from_fen(fen).unwrap();
    let mv = notation::parse_uci(&pos, &text).expect("a move");
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
    let game = DynGame::new("beirut", None).unwrap();
    let mut s = new_session("beirut", 1).unwrap();
    assert_eq!(s.choose_action(&game, &Limits::depth(1)).unwrap(), "carrier g1");
}

#[test]
fn beirut_detonates_next_to_the_enemy_king() {
    // White's bomb on the knight f7, next to the black king: the blast wins.
    let fen = "4k3/5N2/8/8/8/8/8/R3K3 w - - 0 1 f7,-";
    let game = DynGame::new("beirut", Some(fen)).unwrap();
    let mut s = new_session("beirut", 1).unwrap();
    assert_eq!(s.choose_action(&game, &Limits::depth(2)).unwrap(), "detonate");
}

/// Two games that differ only in Black's secret carrier, played on with the
/// same moves: White sees the same at every step, and the engine (reading
/// only White's information) answers the same every time.
#[test]
fn beirut_the_engine_cannot_see_the_hidden_carrier() {
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    let games: Vec<DynGame> = ["carrier c7", "carrier g8"]
        .iter()
        .map(|black| {
            let mut game = DynGame::new("beirut", None).unwrap();
            game.apply(Seat::White, "carrier b1").unwrap();
            game.apply(Seat::Black, black).unwrap();
            game
        })
        .collect();
    let mut games = games;
    let mut sessions = [new_session("beirut", 1).unwrap(), new_session("beirut", 1).unwrap()];
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(games[0].view(Viewer::White), games[1].view(Viewer::White), "White's view after {i} moves");
        if i % 2 == 0 {
            let chosen: Vec<String> =
                games.iter().zip(&mut sessions).map(|(g, s)| s.choose_action(g, &Limits::depth(2)).unwrap()).collect();
            assert_eq!(chosen[0], chosen[1], "White's choice after {i} moves");
        }
        let seat = if i % 2 == 0 { Seat::White } else { Seat::Black };
        for game in &mut games {
            game.apply(seat, mv).unwrap();
        }
    }
    assert_ne!(games[0].view(Viewer::Referee), games[1].view(Viewer::Referee), "the truths differ");
}

/// The engine's worlds are the game states consistent with its view: every
/// carrier Black may have chosen, so a blast next to the white king that
/// only one carrier could make is feared, not known.
#[test]
fn beirut_the_engine_weighs_every_carrier_the_opponent_may_have() {
    // Black's knight on f6 and pawn on e7: either may carry the bomb.
    let fen = "4k3/4p3/5n2/8/8/8/8/4K2R w - - 0 1 ?,?";
    let mut game = DynGame::new("beirut", Some(fen)).unwrap();
    game.apply(Seat::White, "carrier h1").unwrap();
    game.apply(Seat::Black, "carrier f6").unwrap();
    let states = game.consistent_states(Viewer::White, 64);
    assert_eq!(states.len(), 2, "the knight or the pawn");
    let mut s = new_session("beirut", 1).unwrap();
    let action = s.choose_action(&game, &Limits::depth(2)).unwrap();
    game.clone().apply(Seat::White, &action).expect("a legal move");
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
fn uci_plays_every_variant_it_offers() {
    for id in chesslantis_engine::uci_variants() {
        let out = uci(&format!("setoption name UCI_Variant value {id}\nposition startpos\ngo depth 2\n"));
        let best = out.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap_or("");
        assert!(!best.is_empty() && best != "0000", "{id}: {out}");
        assert!(!out.contains("error"), "{id}: {out}");
    }
}

// ---- Bede Chess ----

#[test]
fn bede_the_engine_does_not_hang_its_chancellor() {
    // The black pawn on e6 attacks the chancellor on e5 (a Bede pawn takes
    // straight ahead); taking it loses the chancellor to the pawn on d6.
    let fen = "8k/9/9/9/9/3pp4/4C4/9/9/9/K8 w - - 0 1 e --";
    let mut game = DynGame::new("bede", Some(fen)).unwrap();
    let mut s = new_session("bede", 2).unwrap();
    let text = s.choose_action(&game, &Limits::depth(3)).unwrap();
    game.apply(Seat::White, &text).unwrap();
    let after = Position::<Bede>::from_fen(&game.game().fen()).unwrap();
    let chancellors: Vec<_> = after.by_color(Color::White).filter(|&sq| after.piece_at(sq).is_some_and(|p| p.role == CHANCELLOR)).collect();
    assert_eq!(chancellors.len(), 1, "{text}: the chancellor is still there");
    assert!(after.attackers(chancellors[0], Color::Black).is_empty(), "{text}: the chancellor stands attacked in {}", game.game().fen());
}
