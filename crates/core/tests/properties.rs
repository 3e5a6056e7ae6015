//! Properties that must hold in every position of random legal games, from
//! the FIDE start and from Chess960 starts: FEN round trip, incremental hash
//! equals the hash computed afresh, perft equals the sum of its divide, the
//! fast move generator agrees with the generic one, and every legal move's
//! text reads back to the move.

mod chess_support;

use chesslantis_core::movegen;
use chesslantis_core::notation::{parse_san, parse_uci, san, uci};
use chesslantis_core::perft::{divide, perft};
use chesslantis_core::variants::Chess;
use chesslantis_core::{Move, Position};
use chess_support::{walk, GAME_STARTS};
use proptest::prelude::*;

fn games() -> impl Strategy<Value = (&'static str, Vec<usize>)> {
    (prop::sample::select(GAME_STARTS), prop::collection::vec(any::<usize>(), 0..100))
}

fn sorted(mut moves: Vec<Move>) -> Vec<String> {
    let mut text: Vec<String> = moves.drain(..).map(|m| format!("{m:?}")).collect();
    text.sort();
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn fen_and_hash_survive_every_move((start, choices) in games()) {
        walk(start, &choices, |pos, _| {
            let fen = pos.fen();
            let reread = Position::<Chess>::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
            assert_eq!(reread.fen(), fen, "FEN round trip");
            assert_eq!(&reread, pos, "the position read back from {fen}");
            assert_eq!(pos.hash(), pos.hash_from_scratch(), "incremental hash of {fen}");
            assert_eq!(reread.hash(), pos.hash(), "hash of the position read back from {fen}");
        });
    }

    #[test]
    fn fast_generator_agrees_with_trial_and_perft_with_divide((start, choices) in games()) {
        walk(start, &choices, |pos, _| {
            let mut by_trial = Vec::new();
            movegen::legal_by_trial(pos, &mut by_trial);
            assert_eq!(sorted(pos.legal_moves()), sorted(by_trial), "legal moves of {pos:?}");
            let split: u64 = divide(pos, 2, |_, _| {}).iter().map(|(_, n)| n).sum();
            assert_eq!(perft(pos, 2), split, "perft(2) and divide(2) of {pos:?}");
        });
    }

    #[test]
    fn every_legal_move_text_reads_back((start, choices) in games()) {
        // Every fourth position: SAN of every move is quadratic in the move count.
        let mut ply = 0;
        walk(start, &choices, |pos, _| {
            ply += 1;
            if ply % 4 != 1 {
                return;
            }
            let chess960 = pos.uses_960_castling();
            for mv in pos.legal_moves() {
                let long = uci::<Chess>(mv, chess960);
                assert_eq!(parse_uci(pos, &long), Ok(mv), "UCI '{long}' in {pos:?}");
                let short = san(pos, mv);
                assert_eq!(parse_san(pos, &short), Ok(mv), "SAN '{short}' in {pos:?}");
            }
        });
    }
}
