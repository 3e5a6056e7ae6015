//! A board played over the board, with what only the server can give it:
//! dice rolled on request, and a secret decision sealed on a phone.
//!
//! - **Dice** (a round of a variant that rolls them: Bermuda Chess Angle).
//!   When the round is paired each board gets a secret seed, and its SHA-256
//!   (the commitment) is shown to everyone at once. A player of the board,
//!   or the organiser, asks for a roll; roll `k` (from 0) is one of the
//!   variant's outcomes (`Variant::table_roll`) picked by the dice of ply `k`
//!   of that seed, exactly as a game played here picks its rolls
//!   (`game::dice`, `chesslantis_core::pick_chance`). The seed is shown once
//!   the board has its result, so anyone can recompute every roll.
//! - **A sealed decision** (a variant whose players decide a secret before
//!   the first move: Beirut's bomb carrier). A player seals theirs on their
//!   phone; everyone sees its commitment, the SHA-256 of `nonce:decision`;
//!   the sealer alone sees the decision. It is shown with its nonce once the
//!   board has its result, or earlier if the sealer reveals it (the bomb
//!   went off), so the opponent can check it was not changed.
//!
//! Which variants have either is asked of the variants themselves (their
//! dice, their first decisions), never named here.

use crate::club::evening::{game_key, ClubEvent};
use crate::club::error::ClubError;
use crate::game::dice::Seed;
use chesslantis_core::{registry, Action, Color, DynGame, Seat};
use chesslantis_tournament::event::Board;
use chesslantis_tournament::TournamentError;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Rolls one board may ask for (a long Bermuda game rolls well under a hundred times).
pub const MAX_ROLLS: usize = 500;

/// What the server keeps for one board over the board.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The dice's seed in hex: secret until the board has its result.
    #[serde(default)]
    pub dice_seed: Option<String>,
    /// The outcomes rolled, in order (`roll e7`).
    #[serde(default)]
    pub rolls: Vec<String>,
    /// Each side's sealed decision, by `white` / `black`.
    #[serde(default)]
    pub sealed: BTreeMap<String, Sealed>,
}

/// Kept out of logs and debug output, as the dice's `Seed` is: the seed and
/// the sealed decisions are secret until the board has its result.
impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("dice_seed", &self.dice_seed.as_ref().map(|_| "<secret>"))
            .field("rolls", &self.rolls)
            .field("sealed", &self.sealed.iter().map(|(side, s)| (side, s.commitment())).collect::<Vec<_>>())
            .finish()
    }
}

/// A decision sealed before the first move.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    /// As the game writes it (`carrier g1`).
    pub decision: String,
    /// 16 random bytes in hex, so that the commitment cannot be guessed
    /// by trying the few decisions there are.
    pub nonce: String,
    /// Shown by the sealer before the end.
    pub revealed: bool,
}

impl Sealed {
    /// SHA-256 of `nonce:decision`, in hex.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(format!("{}:{}", self.nonce, self.decision)))
    }
}

/// The dice's commitment: the SHA-256 of the seed.
pub fn dice_commitment(seed_hex: &str) -> Option<String> {
    Seed::from_hex(seed_hex).ok().map(|s| s.commitment())
}

fn side_name(colour: Color) -> &'static str {
    match colour {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn table_roll(variant: &str) -> Vec<(String, chesslantis_core::Probability)> {
    registry::VARIANTS.iter().find(|v| v.id == variant).map(|v| (v.table_roll)()).unwrap_or_default()
}

/// The secret decisions `colour` may seal before the first move of
/// `variant`, as the game offers them; none when its first decision is a
/// move or the variant hides nothing.
pub fn seal_choices(variant: &str, colour: Color) -> Vec<String> {
    let hides = registry::descriptors().into_iter().any(|d| d.id == variant && d.hidden_information);
    let Ok(mut game) = DynGame::new(variant, None) else { return Vec::new() };
    if !hides {
        return Vec::new();
    }
    // The setup is decided in turn: White's choice is made first (any will do) to reach Black's.
    for _ in 0..2 {
        let Some(seat @ (Seat::White | Seat::Black)) = game.to_act() else { return Vec::new() };
        let legal = game.game().legal_actions();
        if legal.is_empty() || legal.iter().any(|a| matches!(a, Action::Move(_))) {
            return Vec::new();
        }
        let texts: Vec<String> = legal.iter().map(|&a| game.game().describe(a).text).collect();
        if seat.color() == Some(colour) {
            return texts;
        }
        if game.apply(seat, &texts[0]).is_err() {
            return Vec::new();
        }
    }
    Vec::new()
}

/// Gives each board of `round` its dice seed when the round's variant rolls dice.
pub fn prepare(club: &mut ClubEvent, round: usize) -> Result<(), ClubError> {
    if table_roll(round_variant(club, round)).is_empty() {
        return Ok(());
    }
    for board in club.event.boards(round)? {
        let table = club.tables.entry(game_key(round, board.number)).or_default();
        if table.dice_seed.is_none() {
            table.dice_seed = Some(Seed::random().map_err(ClubError::Storage)?.to_hex());
        }
    }
    Ok(())
}

fn round_variant(club: &ClubEvent, round: usize) -> &str {
    club.event.variants.get(round.saturating_sub(1)).map_or("chess", String::as_str)
}

/// Board `board` of `round`, still without a result and played over the board.
fn open_board(club: &ClubEvent, round: usize, board: usize, doing: &str) -> Result<Board, ClubError> {
    let found = club.event.boards(round)?.into_iter().find(|b| b.number == board).ok_or(TournamentError::NoSuchGame { round, board })?;
    if let Some(entered) = &found.result {
        return Err(ClubError::Tournament(TournamentError::ResultAlreadyEntered { round, board, existing: entered.clone() }));
    }
    if club.game_of(round, board).is_some() {
        return Err(ClubError::Invalid(format!("round {round} board {board} is played on the server, whose game {doing} itself")));
    }
    Ok(found)
}

/// The side `user_id` plays on `board`, if either.
fn side_of(club: &ClubEvent, board: &Board, user_id: &str) -> Option<Color> {
    if club.account_of(board.white) == Some(user_id) {
        Some(Color::White)
    } else if club.account_of(board.black) == Some(user_id) {
        Some(Color::Black)
    } else {
        None
    }
}

/// Rolls the dice of a board over the board for one of its players or the
/// organiser; the words name the roll.
pub fn roll(club: &mut ClubEvent, user_id: &str, round: usize, board: usize) -> Result<String, ClubError> {
    let found = open_board(club, round, board, "rolls its dice")?;
    if side_of(club, &found, user_id).is_none() && user_id != club.organiser_id {
        return Err(ClubError::NotOrganiser(format!("only the players of round {round} board {board} or the organiser roll its dice")));
    }
    let variant = round_variant(club, round).to_string();
    let outcomes = table_roll(&variant);
    let table = club.tables.entry(game_key(round, board)).or_default();
    let Some(seed) = table.dice_seed.as_deref().filter(|_| !outcomes.is_empty()) else {
        return Err(ClubError::Invalid(format!("round {round} is {variant}, which has no dice to roll")));
    };
    if table.rolls.len() >= MAX_ROLLS {
        return Err(ClubError::Invalid(format!("board {board} has had its {MAX_ROLLS} rolls; the organiser decides the rest")));
    }
    let seed = Seed::from_hex(seed).map_err(ClubError::Storage)?;
    let number = table.rolls.len();
    let outcome = chesslantis_core::pick_chance(&outcomes, &mut seed.dice_at(number as u64));
    table.rolls.push(outcome.clone());
    Ok(format!("round {round} board {board}, roll {}: {outcome}", number + 1))
}

/// Seals the caller's secret decision for their board over the board.
pub fn seal(club: &mut ClubEvent, user_id: &str, round: usize, board: usize, decision: &str) -> Result<String, ClubError> {
    let found = open_board(club, round, board, "keeps its secrets")?;
    let colour = side_of(club, &found, user_id)
        .ok_or_else(|| ClubError::NotOrganiser(format!("only a player of round {round} board {board} seals their own decision")))?;
    let variant = round_variant(club, round).to_string();
    let choices = seal_choices(&variant, colour);
    if choices.is_empty() {
        return Err(ClubError::Invalid(format!("round {round} is {variant}, where nothing is decided in secret before the first move")));
    }
    let asked = decision.trim().to_lowercase();
    let Some(chosen) = choices.iter().find(|c| c.to_lowercase() == asked || c.to_lowercase().ends_with(&format!(" {asked}"))).cloned() else {
        return Err(ClubError::Invalid(format!("{decision:?} is not a decision you may seal; choose one of: {}", choices.join(", "))));
    };
    let table = club.tables.entry(game_key(round, board)).or_default();
    let side = side_name(colour);
    if table.sealed.contains_key(side) {
        return Err(ClubError::Invalid("your decision is sealed already; it stays as it is until the end".into()));
    }
    let nonce = hex::encode(random_bytes()?);
    let sealed = Sealed { decision: chosen.clone(), nonce, revealed: false };
    let words = format!("round {round} board {board}: your {chosen} is sealed; your opponent sees only its commitment {}", sealed.commitment());
    table.sealed.insert(side.to_string(), sealed);
    Ok(words)
}

/// Shows the caller's sealed decision to everyone before the end.
pub fn reveal(club: &mut ClubEvent, user_id: &str, round: usize, board: usize) -> Result<String, ClubError> {
    let found = club.event.boards(round)?.into_iter().find(|b| b.number == board).ok_or(TournamentError::NoSuchGame { round, board })?;
    let colour = side_of(club, &found, user_id)
        .ok_or_else(|| ClubError::NotOrganiser(format!("only a player of round {round} board {board} reveals their own decision")))?;
    let sealed = club
        .tables
        .get_mut(&game_key(round, board))
        .and_then(|t| t.sealed.get_mut(side_name(colour)))
        .ok_or_else(|| ClubError::Invalid("you have sealed nothing on this board".into()))?;
    sealed.revealed = true;
    Ok(format!("round {round} board {board}: {} revealed", sealed.decision))
}

fn random_bytes() -> Result<[u8; 16], ClubError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| ClubError::Storage(format!("no random source: {e}")))?;
    Ok(bytes)
}

/// What anyone is shown of a board's table, and the sealer their own decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TableShown {
    /// SHA-256 of the dice's seed, shown from the pairing on.
    pub dice_commitment: Option<String>,
    /// The rolls so far, in order (`roll e7`).
    pub rolls: Vec<String>,
    /// The seed, once the board has its result: every roll can be recomputed.
    pub dice_seed: Option<String>,
    pub sealed: Vec<SealedShown>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SealedShown {
    /// `white` or `black`.
    pub side: String,
    /// SHA-256 of `nonce:decision`.
    pub commitment: String,
    /// To its sealer; to everyone once revealed or the board has its result.
    pub decision: Option<String>,
    /// With the decision once it is public, to check the commitment.
    pub nonce: Option<String>,
}

/// Board `board` of `round`'s table as `viewer` (a user id, if signed in) may see it.
pub fn shown(club: &ClubEvent, round: usize, board: &Board, viewer: Option<&str>) -> Option<TableShown> {
    let table = club.tables.get(&game_key(round, board.number))?;
    let over = board.result.is_some();
    let viewer_side = viewer.and_then(|v| side_of(club, board, v)).map(side_name);
    Some(TableShown {
        dice_commitment: table.dice_seed.as_deref().and_then(dice_commitment),
        rolls: table.rolls.clone(),
        dice_seed: table.dice_seed.clone().filter(|_| over),
        sealed: table
            .sealed
            .iter()
            .map(|(side, sealed)| {
                let public = over || sealed.revealed;
                SealedShown {
                    side: side.clone(),
                    commitment: sealed.commitment(),
                    decision: (public || viewer_side == Some(side.as_str())).then(|| sealed.decision.clone()),
                    nonce: public.then(|| sealed.nonce.clone()),
                }
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_names_neither_the_seed_nor_a_sealed_decision() {
        let sealed = Sealed { decision: "carrier g1".into(), nonce: "00ff".into(), revealed: false };
        let table = Table { dice_seed: Some("ab".repeat(32)), rolls: vec!["roll e7".into()], sealed: [("white".to_string(), sealed.clone())].into() };
        let shown = format!("{table:?}");
        assert!(!shown.contains(&"ab".repeat(32)) && !shown.contains("g1") && !shown.contains("00ff"), "{shown}");
        assert!(shown.contains("roll e7") && shown.contains(&sealed.commitment()), "{shown}");
    }
}
