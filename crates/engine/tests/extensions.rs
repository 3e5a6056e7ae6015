//! The extension points, exercised through small test variants: chance
//! nodes (a coin decides whether a capturing piece survives), second-best
//! nodes (Rejection's rule), and search over hidden-information worlds.

use chesslantis_core::notation::{parse_uci, uci};
use chesslantis_core::{movegen, Move, Position, Probability, Variant};
use chesslantis_engine::worlds::{choose_over_worlds, sample_worlds, World};
use chesslantis_engine::score::{mate_in, UciScore};
use chesslantis_engine::variant::ChanceOutcome;
use chesslantis_engine::search::Features;
use chesslantis_engine::{EngineVariant, Limits, NodeRule, Searcher};

/// A test variant: the rules of chess under another name, so that it can
/// have its own engine knowledge.
macro_rules! chess_rules {
    ($name:ident, $id:literal) => {
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        struct $name;

        impl Variant for $name {
            const ID: &'static str = $id;
            const NAME: &'static str = $id;
            type Extra = ();
            fn start_fen() -> &'static str {
                <chesslantis_core::variants::Chess as Variant>::start_fen()
            }
            fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
                movegen::legal_standard(pos, out)
            }
        }
    };
}

// Chess, except that a node is worth its second-best move (Rejection).
chess_rules!(SecondBestChess, "test-second-best");

impl EngineVariant for SecondBestChess {
    const NODE_RULE: NodeRule = NodeRule::SecondBest;
}

// Chess, except that after a capture (not by a king) a fair coin decides
// whether the capturing piece vanishes.
chess_rules!(CoinChess, "test-coin");

const HALF: Probability = Probability { num: 1, den: 2 };

impl EngineVariant for CoinChess {
    const NULL_MOVE_PRUNING: bool = false;
    fn chance(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Option<Vec<ChanceOutcome<Self>>> {
        let mover = before.piece_at(mv.from)?;
        if Self::captured(before, mv).is_none() || mover.role == chesslantis_core::Role::King {
            return None;
        }
        let mut lost = after.clone();
        lost.take(mv.to);
        Some(vec![(after.clone(), HALF), (lost, HALF)])
    }
}

/// The best move and score to `depth`, on the hand-written evaluation (the
/// test variants have no network; chess, compared with them, leaves its off).
fn best<V: EngineVariant>(fen: &str, depth: u32) -> (String, i32) {
    let pos = Position::<V>::from_fen(fen).unwrap();
    let mut s = Searcher::<V>::new(8);
    s.set_features(Features { network: false, ..Features::default() });
    let r = s.search(&pos, &[], &Limits::depth(depth), &[], &mut |_| {});
    (uci::<V>(r.best.unwrap(), false), r.score)
}

// ---- second-best nodes ----

#[test]
fn a_single_mating_move_is_rejected() {
    // Ra8# is the only mate; the opponent rejects it.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (mv, score) = best::<chesslantis_core::variants::Chess>(fen, 3);
    assert_eq!((mv.as_str(), score), ("a1a8", mate_in(1)));
    let (_, score) = best::<SecondBestChess>(fen, 3);
    assert!(!chesslantis_engine::score::is_mate(score), "{score}");
}

#[test]
fn two_mating_moves_mate_anyway() {
    // Ra8# and Rb8#: whichever is rejected, the other mates. The proposal is a mate.
    let (mv, score) = best::<SecondBestChess>("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1", 3);
    assert_eq!(score, mate_in(1));
    assert!(mv == "a1a8" || mv == "b1b8", "{mv}");
}

#[test]
fn of_two_hanging_pieces_the_lesser_is_won() {
    // Black's queen and rook both hang: bxa5 and gxh5. In chess White takes
    // the queen and stays a rook (less two pawns) down; with rejection the
    // queen capture is rejected, White takes the rook and stays a queen down.
    let fen = "4k3/8/8/q6r/1P4P1/8/8/4K3 w - - 0 1";
    let (_, chess_score) = best::<chesslantis_core::variants::Chess>(fen, 3);
    let (mv, score) = best::<SecondBestChess>(fen, 3);
    assert_eq!(mv, "b4a5", "propose the best");
    assert!((-500..-250).contains(&chess_score), "chess {chess_score}");
    assert!((-1000..-750).contains(&score), "second-best {score}");
}

#[test]
fn a_single_legal_move_is_worth_itself() {
    // Black's king has one move; with nothing to reject, the node is worth
    // that move, as in chess.
    let fen = "k7/8/1K6/8/8/8/8/2R5 b - - 0 1";
    let pos = Position::<SecondBestChess>::from_fen(fen).unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    let (mv, score) = best::<SecondBestChess>(fen, 1);
    let (_, chess_score) = best::<chesslantis_core::variants::Chess>(fen, 1);
    assert_eq!((mv.as_str(), score), ("a8b8", chess_score));
}

// ---- chance nodes ----

#[test]
fn a_coin_makes_queen_captures_too_risky() {
    // A free pawn on d5: in chess the queen takes it; with the coin the
    // queen is lost half the time, so it does not. A pawn still takes one
    // (with the black king too far away to win the d5 pawn back: with it
    // on e8 the evaluation sees that race, and the king walks first).
    let fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
    let (mv, _) = best::<chesslantis_core::variants::Chess>(fen, 4);
    assert_eq!(mv, "d1d5");
    let (mv, _) = best::<CoinChess>(fen, 4);
    assert_ne!(mv, "d1d5");
    let (mv, score) = best::<CoinChess>("7k/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 4);
    assert_eq!(mv, "e4d5", "{score}");
}

#[test]
fn the_value_of_a_coin_capture_is_the_average() {
    // Rxa8 (a free rook): either White keeps its rook, or both rooks are
    // gone and the bare kings draw. The value is the average of the two.
    let fen = "r7/7k/8/8/8/8/8/R3K3 w - - 0 1";
    let pos = Position::<CoinChess>::from_fen(fen).unwrap();
    let mv = parse_uci(&pos, "a1a8").unwrap();
    let mut s = Searcher::<CoinChess>::new(8);
    let values = s.root_move_values(&pos, &[], 1, &[mv], &Limits::default());
    // Black, to move after the capture, has no capture: its quiescence is the static evaluation.
    let kept = -s.evaluate(&pos.after(mv));
    let expected = (kept as f64 + 0.0) / 2.0;
    assert!((values[0].1 as f64 - expected).abs() <= 1.0, "{} vs ({kept} + 0) / 2", values[0].1);
}

#[test]
fn outcomes_that_meet_are_merged() {
    let pos = Position::<CoinChess>::start();
    let merged = chesslantis_engine::merge_outcomes(vec![
        (pos.clone(), Probability { num: 1, den: 4 }),
        (pos.clone(), Probability { num: 1, den: 4 }),
        (Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap(), HALF),
    ]);
    assert_eq!(merged.len(), 2);
    assert!((merged[0].1 - 0.5).abs() < 1e-12 && (merged[1].1 - 0.5).abs() < 1e-12);
}

// ---- worlds ----

/// White's knight on c3 sees the black queen on d5 in one world and on e4
/// in the other; everything else is the same (h3 gives the king air).
fn queen_worlds(weight_d5: f64) -> Vec<World<chesslantis_core::variants::Chess>> {
    let at = |fen: &str, weight| World { position: Position::from_fen(fen).unwrap(), weight };
    vec![
        at("6k1/5ppp/8/3q4/8/2N4P/5PP1/6K1 w - - 0 1", weight_d5),
        at("6k1/5ppp/8/8/4q3/2N4P/5PP1/6K1 w - - 0 1", 1.0 - weight_d5),
    ]
}

#[test]
fn the_likelier_world_decides() {
    let mut s = Searcher::<chesslantis_core::variants::Chess>::new(8);
    let limits = Limits::depth(3);
    let (mv, _) = choose_over_worlds(&mut s, &queen_worlds(0.8), &[], &limits).unwrap();
    assert_eq!(uci::<chesslantis_core::variants::Chess>(mv, false), "c3d5");
    let (mv, _) = choose_over_worlds(&mut s, &queen_worlds(0.2), &[], &limits).unwrap();
    assert_eq!(uci::<chesslantis_core::variants::Chess>(mv, false), "c3e4");
}

#[test]
fn a_checking_root_move_is_valued_a_ply_deeper() {
    // Philidor's legacy: Qg8+ Rxg8 (the knight guards g8 from the king) and
    // the quiet Nf7 mates. At depth 2 the mate is seen only if the check
    // gives the reply a ply more: else Nf7 falls to quiescence, which plays
    // captures only, and the queen is simply lost.
    let pos = Position::<chesslantis_core::variants::Chess>::from_fen("5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1").unwrap();
    let check = parse_uci(&pos, "d5g8").unwrap();
    let mut s = Searcher::<chesslantis_core::variants::Chess>::new(8);
    let values = s.root_move_values(&pos, &[], 2, &[check], &Limits::default());
    assert_eq!(values[0].1, mate_in(3), "Qg8+ Rxg8 Nf7#, at depth 2");
}

#[test]
fn sampling_keeps_the_heavy_worlds() {
    let worlds = queen_worlds(0.9);
    let one = sample_worlds(worlds.clone(), 1);
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].position, worlds[0].position);
    assert_eq!(sample_worlds(worlds.clone(), 5).len(), 2, "fewer worlds than asked: all kept");
}

#[test]
fn scores_in_uci_words() {
    assert_eq!(UciScore::of(mate_in(1)).to_string(), "mate 1");
}


// ---- Rejection's decisions ----

#[test]
fn a_winning_proposal_is_rejected_and_a_blunder_accepted() {
    use chesslantis_core::variants::RejectionAction;
    use chesslantis_engine::rejection::{answer_proposal, replacement};
    // White may take Black's queen (bxa5) or rook (gxh5).
    let pos = Position::<SecondBestChess>::from_fen("4k3/8/8/q6r/1P4P1/8/8/4K3 w - - 0 1").unwrap();
    let mut s = Searcher::<SecondBestChess>::new(8);
    let limits = Limits::depth(3);
    let queen = parse_uci(&pos, "b4a5").unwrap();
    let rook = parse_uci(&pos, "g4h5").unwrap();
    let blunder = parse_uci(&pos, "e1d1").unwrap();
    assert_eq!(answer_proposal(&mut s, &pos, &[], queen, &limits), RejectionAction::Reject);
    assert_eq!(answer_proposal(&mut s, &pos, &[], rook, &limits), RejectionAction::Accept, "the queen would follow");
    assert_eq!(answer_proposal(&mut s, &pos, &[], blunder, &limits), RejectionAction::Accept);
    assert_eq!(replacement(&mut s, &pos, &[], queen, &limits), Some(rook));
}
