//! `chesslantis bench`: the engine's fixed-depth searches over its bench
//! positions; prints the node total (a signature of the search) and the speed.

use crate::usage::UsageError;

pub fn bench(variant: &str, depth: Option<u32>) -> Result<(), UsageError> {
    let depth = depth.unwrap_or(chesslantis_engine::bench::DEFAULT_DEPTH);
    let report = chesslantis_engine::bench::run(variant, depth).map_err(UsageError)?;
    println!("variant {variant} depth {depth} positions {}", report.positions);
    println!("time {} ms", report.elapsed.as_millis());
    println!("nodes {}", report.nodes);
    println!("nps {}", report.nodes_per_second());
    Ok(())
}
