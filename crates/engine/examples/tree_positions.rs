//! Positions like those a search evaluates, for the network's training
//! (examples/train_network.rs): each game position read, then `WALKS`
//! random walks of 1 to 4 random legal plies from it, each kept when it is
//! quiet (not in check, no capture that wins material: the search settles
//! the others before it evaluates). A search spends most of its
//! evaluations on such positions, after moves no good player would make,
//! and games alone hold few of them.
//!
//!     tree_positions IN OUT [WALKS] [SEED] [--walks-only]
//!
//! IN: `FEN;result` lines (examples/selfplay_positions.rs); OUT: the same
//! form, a walk keeping its game's result (`--walks-only`: the walks
//! without the positions read). Defaults: 2 walks, seed 1. The seed and the
//! input fix the output.

use chesslantis_core::variants::Chess;
use chesslantis_core::{Dice, Position, SplitMix};
use chesslantis_engine::eval::EvalTables;
use chesslantis_engine::ordering::quiet;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

/// The longest walk (plies).
const LONGEST_WALK: u32 = 4;

fn walk(start: &Position<Chess>, dice: &mut SplitMix) -> Option<Position<Chess>> {
    let mut pos = start.clone();
    for _ in 0..1 + dice.below(LONGEST_WALK) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos = pos.after(moves[dice.below(moves.len() as u32) as usize]);
    }
    (!pos.legal_moves().is_empty()).then_some(pos)
}

fn run(args: &[String]) -> Result<(), String> {
    let [_, input, output, rest @ ..] = args else {
        return Err("usage: tree_positions IN OUT [WALKS] [SEED] [--walks-only]".into());
    };
    let walks_only = rest.last().is_some_and(|a| a == "--walks-only");
    let rest = &rest[..rest.len() - walks_only as usize];
    let number = |i: usize, default: u64| rest.get(i).map_or(Ok(default), |a| a.parse::<u64>().map_err(|_| format!("'{a}' is not a number")));
    let (walks, seed) = (number(0, 2)?, number(1, 1)?);
    let text = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let file = std::fs::File::create(output).map_err(|e| format!("{output}: {e}"))?;
    let mut out = BufWriter::new(file);
    let mut dice = SplitMix::new(seed);
    let mut written = 0usize;
    let tables = EvalTables::new::<Chess>();
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (fen, result) = line.split_once(';').ok_or_else(|| format!("{input}:{}: expected FEN;result: {line}", n + 1))?;
        let pos = Position::<Chess>::from_fen(fen.trim()).map_err(|e| format!("{input}:{}: {fen}: {e:?}", n + 1))?;
        let result = result.split(';').next().unwrap_or(result).trim();
        if !walks_only {
            writeln!(out, "{};{result}", pos.fen()).map_err(|e| e.to_string())?;
            written += 1;
        }
        for _ in 0..walks {
            if let Some(end) = walk(&pos, &mut dice).filter(|end| quiet(end, &tables)) {
                writeln!(out, "{};{result}", end.fen()).map_err(|e| e.to_string())?;
                written += 1;
            }
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    eprintln!("{written} positions written to {output}");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tree_positions: {e}");
            ExitCode::FAILURE
        }
    }
}
