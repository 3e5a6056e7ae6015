//! Times the Dutch pairing of a 60-player round (round 6 of a fixture
//! tournament). Prints the median of 9 runs.
//!
//!     cargo run --release -p chesslantis-tournament --example pair_bench [FILE.trf] [ROUND]

use std::time::Instant;

use chesslantis_tournament::dutch::{pair_round, PairingInput};
use chesslantis_tournament::history::Scoring;
use chesslantis_tournament::trf;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pairing/f026_60p_7r.trf").to_string()
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let file = match trf::parse(&text) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let round: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(6).clamp(1, file.rounds_in_lines().max(1));
    let histories = file.histories(round - 1);
    let unavailable = file.unavailable_in(round);
    let input = PairingInput {
        histories: &histories,
        unavailable: &unavailable,
        total_rounds: file.total_rounds.unwrap_or(file.rounds_in_lines()),
        first_colour: file.colour_lot(),
        scoring: Scoring::default(),
    };
    let mut times = Vec::new();
    for _ in 0..9 {
        let start = Instant::now();
        let pairing = pair_round(&input);
        times.push(start.elapsed());
        if let Err(e) = pairing {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
    times.sort();
    println!("{} players, round {round}: median {:?} (min {:?}, max {:?})", file.players.len(), times[4], times[0], times[8]);
}
