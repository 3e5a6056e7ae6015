//! Perft speed by board shape, the same pieces on each: chess on 9x11 (the
//! Bede board) against 10x10 (Bermuda), and a 9x12 board core does not name,
//! its attack tables found by shape in the shared slots against tables kept
//! in a static of its own (`own_geometry!`). A measurement, not a test:
//! `bench/shape-speed` runs it in release mode and prints medians of five.

use chesslantis_core::perft::perft;
use chesslantis_core::{Position, Shape, Variant};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct TallChess;
impl Variant for TallChess {
    const ID: &'static str = "bench-tall-chess";
    const NAME: &'static str = "Chess on 9x11 (bench)";
    const SHAPE: Shape = Shape::new(9, 11);
    type Extra = ();
    fn start_fen() -> &'static str {
        "rnbqkqbnr/ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP/RNBQKQBNR w KQkq - 0 1"
    }
}

/// The same game on a 9x12 board core does not name, its tables found by
/// shape in the slots, or kept in a static of its own.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct TallerChess;
impl Variant for TallerChess {
    const ID: &'static str = "bench-taller-chess";
    const NAME: &'static str = "Chess on 9x12 (bench)";
    const SHAPE: Shape = Shape::new(9, 12);
    type Extra = ();
    fn start_fen() -> &'static str {
        "rnbqkqbnr/ppppppppp/9/9/9/9/9/9/9/9/PPPPPPPPP/RNBQKQBNR w KQkq - 0 1"
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct TallerChessOwnTables;
impl Variant for TallerChessOwnTables {
    const ID: &'static str = "bench-taller-chess-own";
    const NAME: &'static str = "Chess on 9x12, own tables (bench)";
    const SHAPE: Shape = Shape::new(9, 12);
    type Extra = ();
    fn start_fen() -> &'static str {
        TallerChess::start_fen()
    }
    chesslantis_core::own_geometry!();
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct WideChess;
impl Variant for WideChess {
    const ID: &'static str = "bench-wide-chess";
    const NAME: &'static str = "Chess on 10x10 (bench)";
    const SHAPE: Shape = Shape::TEN_BY_TEN;
    type Extra = ();
    fn start_fen() -> &'static str {
        "rnbqkqbnnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKQBNNR w KQkq - 0 1"
    }
}

fn leaves_per_second<V: Variant>(depth: u32) -> f64 {
    let pos = Position::<V>::start();
    let t = std::time::Instant::now();
    let n = perft(&pos, depth);
    n as f64 / t.elapsed().as_secs_f64()
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn main() {
    const RUNS: usize = 5;
    let (mut tall, mut wide, mut slots, mut own) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Alternating, so a change in the machine's load touches every shape alike.
    for _ in 0..RUNS {
        tall.push(leaves_per_second::<TallChess>(4));
        wide.push(leaves_per_second::<WideChess>(4));
        slots.push(leaves_per_second::<TallerChess>(4));
        own.push(leaves_per_second::<TallerChessOwnTables>(4));
    }
    let (tall, wide, slots, own) = (median(tall), median(wide), median(slots), median(own));
    println!("9x11 {tall:.0} leaves/s, 10x10 {wide:.0}: ratio {:.3}", tall / wide);
    println!("9x12 by slot {slots:.0} leaves/s, 9x12 own static {own:.0}: ratio {:.3}", slots / own);
    println!("(perft 4 from each start position, medians of {RUNS} alternating runs)");
}
