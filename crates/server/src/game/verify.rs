//! Recomputes every roll of a finished game from its revealed seed
//! (`chesslantis verify-dice`, `GET /api/games/{id}/verify`).

use crate::game::dice::{matches_commitment, Seed};
use chesslantis_core::{pick_chance, DynGame, Entry, Seat};
use crate::game::state::Status;
use serde::{Deserialize, Serialize};

/// A game as exported: enough to replay it and check its dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameExport {
    pub id: String,
    pub variant: String,
    pub setup: Option<String>,
    pub status: Status,
    pub result: Option<String>,
    /// SHA-256 of the seed, shown to both players at the start.
    pub commitment: String,
    /// The seed, once the game is over.
    pub seed: Option<String>,
    /// The game's actions as they stand: an accepted takeback's are gone.
    /// A game with dice has no takebacks, so each roll keeps the ply its
    /// seed was drawn at.
    pub actions: Vec<Entry>,
}

/// One recomputed roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckedRoll {
    pub ply: u64,
    pub roll: String,
}

/// Checks the seed against the commitment, then replays the game and
/// recomputes each chance action from the seed and its ply.
pub fn verify(export: &GameExport) -> Result<Vec<CheckedRoll>, String> {
    let Some(seed) = &export.seed else {
        return Err(format!("game {} is not over: its dice seed is still secret", export.id));
    };
    let seed = Seed::from_hex(seed)?;
    if !matches_commitment(&seed, &export.commitment) {
        return Err(format!(
            "the seed does not match the commitment: SHA-256 of the seed is {}, the players were shown {}",
            seed.commitment(),
            export.commitment
        ));
    }
    let mut game = DynGame::new(&export.variant, export.setup.as_deref()).map_err(|e| e.message)?;
    let mut rolls = Vec::new();
    for (ply, entry) in export.actions.iter().enumerate() {
        let ply = ply as u64;
        if entry.seat == Seat::Chance {
            let expected = pick_chance(&game.chance_outcomes(), &mut seed.dice_at(ply));
            if expected != entry.action {
                return Err(format!("ply {ply}: the game says '{}', but the seed gives '{expected}'", entry.action));
            }
            rolls.push(CheckedRoll { ply, roll: expected });
        }
        game.apply(entry.seat, &entry.action).map_err(|e| format!("ply {ply} '{}' does not replay: {}", entry.action, e.message))?;
    }
    Ok(rolls)
}
