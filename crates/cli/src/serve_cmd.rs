//! `chesslantis serve` and `chesslantis verify-dice`: thin calls into the server crate.

use crate::usage::UsageError;
use std::path::PathBuf;

/// How many analyses the process runs at once (`--analysis-workers`, `--live-analyses`).
pub struct Analyses {
    pub workers: usize,
    pub live: usize,
}

pub fn serve(addr: &str, database: &str, client_address_header: Option<&str>, analyses: Analyses) -> Result<(), UsageError> {
    let client_address = match client_address_header {
        None => chesslantis_server::client_address::Source::Peer,
        Some(name) => chesslantis_server::client_address::Source::Header(name.trim().to_ascii_lowercase().parse().map_err(|_| {
            UsageError(format!("--client-address-header '{name}' is not a header name; give one like X-Forwarded-For or X-Real-IP"))
        })?),
    };
    let analysis = chesslantis_server::analysis::AnalysisSettings {
        workers: analyses.workers,
        live: analyses.live,
        ..Default::default()
    };
    let settings = chesslantis_server::Settings { client_address, analysis, ..Default::default() };
    chesslantis_server::serve_blocking_with(addr, database, settings).map_err(UsageError)
}

pub fn verify_dice(file: Option<PathBuf>, database: Option<String>, game: Option<String>) -> Result<(), UsageError> {
    let source = match (file, game) {
        (Some(path), None) => chesslantis_server::GameSource::File(path),
        (None, Some(game)) => chesslantis_server::GameSource::Database {
            database: database.unwrap_or_else(|| chesslantis_server::DEFAULT_DATABASE.into()),
            game,
        },
        _ => {
            return Err(UsageError(
                "give either --file GAME.json (from GET /api/games/ID/export) or --game ID [--database URL]".into(),
            ))
        }
    };
    let report = chesslantis_server::verify_dice(source).map_err(UsageError)?;
    print!("{report}");
    Ok(())
}
