//! `chesslantis perft`.

use crate::usage::{find_variant, UsageError};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;

/// Deepest perft we accept; deeper runs would not finish in a lifetime.
const MAX_DEPTH: u32 = 20;

pub fn perft(variant: &str, depth: u32, fen: Option<&str>, divide: bool) -> Result<(), UsageError> {
    let info = find_variant(variant)?;
    if depth == 0 || depth > MAX_DEPTH {
        return Err(UsageError(format!("depth must be between 1 and {MAX_DEPTH}, not {depth}")));
    }
    // The bar draws on stderr only when it is a terminal, and only for runs long enough to watch.
    let bar = ProgressBar::new(0);
    if depth < 4 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("perft {pos}/{len} root moves [{bar:30}] {elapsed_precise} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let counts = (info.divide)(fen, depth, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    if divide {
        for (mv, n) in &counts {
            writeln!(out, "{mv}: {n}")?;
        }
    }
    writeln!(out, "{}", counts.iter().map(|(_, n)| n).sum::<u64>())?;
    Ok(out.flush()?)
}
