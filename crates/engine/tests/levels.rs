//! Strength levels: weaker levels play worse moves like a human would
//! (never a queen left to a pawn above the lowest level), by a budget of
//! depth and nodes that no clock changes.

use chesslantis_core::notation::parse_uci;
use chesslantis_core::variants::Chess;
use chesslantis_core::{Color, Position, Role};
use chesslantis_engine::{new_session, Level, Limits, Session};

/// Positions where the side to move can keep its queen out of every pawn's
/// reach, and where careless moves leave it to one.
const QUEEN_POSITIONS: &[&str] = &[
    // The black queen on d4 is attacked by the pawn c3.
    "rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR b KQkq - 0 3",
    // The white queen on d4 is attacked by the pawn c5.
    "rnbqkbnr/pp1ppppp/8/2p5/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 3",
    // Bait: Qxd5 exd5, Qa6 bxa6; the queen is safe where it stands.
    "rnbqkb1r/pppp1ppp/4p3/3n4/8/3Q4/PPPP1PPP/RNB1KBNR w KQkq - 0 4",
    // A middlegame: the queen on g4 is attacked by the pawn h5, and Qxe6+
    // fxe6 throws it away.
    "r1b1k2r/ppp2ppp/2n1p3/3p3p/1b1P2Q1/2N1PN2/PPP2PPP/R1B1KB1R w KQkq - 0 8",
];

/// A bound for full strength, which has no budget of its own.
fn enough() -> Limits {
    Limits { nodes: Some(100_000), ..Limits::default() }
}

fn session(level: Level, seed: u64) -> Box<dyn Session> {
    let mut s = new_session("chess", 4).unwrap();
    s.set_level(level);
    s.set_seed(seed);
    s
}

/// The position after the move `session` answers in `fen` (a bounded `go`).
fn answer(s: &mut Box<dyn Session>, fen: &str, limits: &Limits) -> (String, Position<Chess>) {
    s.new_game();
    s.set_position(Some(fen), &[]).unwrap();
    let best = s.go(limits, &[], &mut |_| {}).text.expect("a move");
    let pos = Position::<Chess>::from_fen(fen).unwrap();
    let mv = parse_uci(&pos, &best).unwrap_or_else(|e| panic!("{best} is not legal in {fen}: {e}"));
    (best, pos.after(mv))
}

/// Whether `color`'s queen stands where no enemy pawn attacks it.
fn queen_safe_from_pawns(pos: &Position<Chess>, color: Color) -> bool {
    let queens = pos.pieces(color, Role::Queen);
    queens.any() && queens.into_iter().all(|q| !(pos.attackers(q, !color) & pos.pieces(!color, Role::Pawn)).any())
}

#[test]
fn above_the_lowest_level_the_queen_is_never_left_to_a_pawn() {
    for fen in QUEEN_POSITIONS {
        let mover = Position::<Chess>::from_fen(fen).unwrap().turn();
        for skill in 1..=20 {
            for seed in 0..3 {
                let mut s = session(Level::from_skill(skill).unwrap(), seed);
                let (best, after) = answer(&mut s, fen, &enough());
                assert!(queen_safe_from_pawns(&after, mover), "level {skill}, seed {seed}: {best} leaves the queen to a pawn in {fen}");
            }
        }
    }
}

#[test]
fn the_test_positions_offer_moves_that_leave_the_queen_to_a_pawn() {
    // Without such moves the test above could not fail.
    for fen in QUEEN_POSITIONS {
        let pos = Position::<Chess>::from_fen(fen).unwrap();
        let bad = pos.legal_moves().into_iter().filter(|&m| !queen_safe_from_pawns(&pos.after(m), pos.turn())).count();
        assert!(bad >= 3, "{fen}: only {bad} careless moves");
    }
}

#[test]
fn a_level_plays_the_same_move_from_the_same_seed_whatever_the_clock() {
    // The budget is depth and nodes, so a generous or a tight movetime (a
    // loaded machine) changes nothing.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for skill in [0, 5, 10] {
        let level = Level::from_skill(skill).unwrap();
        let moves: Vec<String> = [Limits::default(), Limits::movetime(60_000), Limits::depth(50)]
            .iter()
            .map(|limits| answer(&mut session(level, 11), fen, limits).0)
            .collect();
        assert!(moves.iter().all(|m| *m == moves[0]), "level {skill}: {moves:?}");
    }
}

#[test]
fn weaker_levels_vary_their_moves_and_full_strength_does_not() {
    // The start: many moves are nearly as good as the best.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let distinct = |skill: u32| {
        let mut moves: Vec<String> = (0..12)
            .map(|seed| answer(&mut session(Level::from_skill(skill).unwrap(), seed), fen, &Limits::depth(6)).0)
            .collect();
        moves.sort();
        moves.dedup();
        moves
    };
    let weak = distinct(4);
    assert!(weak.len() >= 3, "a weak level chooses among several near-best moves: {weak:?}");
    assert_eq!(distinct(20).len(), 1, "full strength plays its best move");
}

#[test]
fn a_weak_level_searches_shallower_than_a_strong_one() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let depth = |skill: u32| {
        let mut s = session(Level::from_skill(skill).unwrap(), 1);
        s.set_position(Some(fen), &[]).unwrap();
        let mut deepest = 0;
        s.go(&enough(), &[], &mut |info| deepest = deepest.max(info.depth));
        deepest
    };
    assert_eq!(depth(0), 1);
    assert!(depth(6) < depth(16), "{} vs {}", depth(6), depth(16));
}

#[test]
fn a_found_mate_is_played_at_every_level() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    for skill in 0..=20 {
        for seed in 0..3 {
            assert_eq!(answer(&mut session(Level::from_skill(skill).unwrap(), seed), fen, &enough()).0, "h5f7", "level {skill}");
        }
    }
}

#[test]
fn the_levels_work_in_every_variant() {
    // Looking-Glass has no UCI position to search; tests/looking_glass.rs
    // plays its levels through the game model.
    for id in chesslantis_engine::supported_variants().into_iter().filter(|&id| id != "looking-glass") {
        let mut s = new_session(id, 2).unwrap();
        s.set_level(Level::from_skill(3).unwrap());
        s.set_seed(5);
        s.set_position(None, &[]).unwrap();
        let best = s.go(&Limits::default(), &[], &mut |_| {});
        let text = best.text.unwrap_or_else(|| panic!("{id}: a move"));
        assert!(s.check_moves(&[text.as_str()]).is_ok(), "{id}: {text} is legal");
    }
}
