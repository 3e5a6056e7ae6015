//! `chesslantis uci`: the engine over standard input and output.

use crate::usage::UsageError;
use std::io;

pub fn uci() -> Result<(), UsageError> {
    let stdin = io::stdin();
    chesslantis_engine::uci::run(stdin.lock(), io::stdout())?;
    Ok(())
}
