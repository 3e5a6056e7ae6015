//! Any sequence of typed actions through the game model: nothing panics, and
//! a refused action leaves the game as it was. The first byte picks the start
//! position; the rest is whitespace-separated text, where `%N` plays the N-th
//! legal action (to reach deep positions) and anything else is typed input.
#![no_main]

use chesslantis_core::registry;
use libfuzzer_sys::fuzz_target;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let chess = registry::variant("chess").expect("chess is registered");
    let mut game = (chess.new_game)(Some(STARTS[pick as usize % STARTS.len()])).expect("valid start");
    for token in text.split_whitespace() {
        let before = game.fen();
        if let Some(n) = token.strip_prefix('%').and_then(|n| n.parse::<usize>().ok()) {
            let actions = game.legal_actions();
            if !actions.is_empty() {
                game.apply(actions[n % actions.len()]).expect("a legal action applies");
            }
            continue;
        }
        match game.parse_action(token).and_then(|a| game.apply(a)) {
            Ok(()) => {}
            Err(_) => assert_eq!(game.fen(), before, "'{token}' was refused but changed the game"),
        }
    }
});
