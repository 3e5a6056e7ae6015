//! Any text given as a FEN: reading never panics, and a position that is
//! accepted can be written back, have its moves generated and played.
#![no_main]

use chesslantis_core::perft::perft;
use chesslantis_core::variants::Chess;
use chesslantis_core::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = Position::<Chess>::from_fen(text) else { return };
    let fen = pos.fen();
    let again = Position::<Chess>::from_fen(&fen).expect("a written FEN reads back");
    assert_eq!(again.fen(), fen);
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    for mv in pos.legal_moves() {
        let next = pos.after(mv);
        assert_eq!(next.hash(), next.hash_from_scratch());
        let _ = next.fen();
    }
    let _ = perft(&pos, 2);
});
