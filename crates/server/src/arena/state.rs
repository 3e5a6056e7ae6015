//! An arena made, read and changed, and its scoring. The arena's settings
//! are its row's; its players (each with a sheet of scores) and its
//! pairings are one JSON value, changed on a copy as read and written only
//! over the version it was read at, read again and changed again when
//! another process wrote first: a join on one process and a pairing on
//! another both count.
//!
//! Scoring is lichess's: a win 2, a draw 1, a loss 0; after two wins in a
//! row a player is on fire, and until a game that is not a win their wins
//! count 4 and their draws 2.

use crate::arena::error::ArenaError;
use crate::db::arenas::ArenaRow;
use crate::db::Store;
use crate::user::identity::random_id;
use serde::{Deserialize, Serialize};

/// Longest name of an arena (lichess's).
pub const MAX_NAME_CHARS: usize = 30;
/// Most players of one arena (docs/server.md, "Limits").
pub const MAX_PLAYERS: usize = 500;
/// Arenas one user may make in a day (lichess: 12 public or 24 private).
pub const MAX_ARENAS_PER_DAY: i64 = 12;
/// An arena lasts this many minutes at least and at most.
pub const MINUTES: std::ops::RangeInclusive<i64> = 1..=720;
/// An arena starts at most this long after it is made, in ms (a week).
pub const MAX_WAIT_MS: i64 = 7 * DAY_MS;
/// Lichess's clock times, in minutes.
pub const CLOCK_TIMES: &[f64] = &[
    0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 15.0, 20.0, 25.0, 30.0,
    40.0, 50.0, 60.0,
];
/// Lichess's increments, in seconds.
pub const CLOCK_INCREMENTS: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 25, 30, 40, 50, 60];
/// Longest entry code.
pub const MAX_ENTRY_CODE_CHARS: usize = 40;
/// The rating a player without one in the arena's variant is paired by.
pub const UNRATED: i64 = 1500;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Attempts at writing a change over a version another process keeps moving.
const ATTEMPTS: usize = 20;

/// What a user gives to make an arena (lichess's form, read in net/).
#[derive(Clone, Debug, Default)]
pub struct NewArena {
    pub name: Option<String>,
    /// Minutes on each clock (lichess's `clockTime`).
    pub clock_time: Option<f64>,
    /// Seconds added per move (lichess's `clockIncrement`).
    pub clock_increment: Option<i64>,
    /// How long the arena lasts.
    pub minutes: Option<i64>,
    /// Minutes from now to the start (default 5); `start_date` overrides it.
    pub wait_minutes: Option<i64>,
    /// When it starts, Unix ms.
    pub start_date: Option<i64>,
    /// One of our variant ids (default `chess`; lichess's `standard` is read as it).
    pub variant: Option<String>,
    pub rated: bool,
    /// Private: only players who give this code join.
    pub entry_code: Option<String>,
}

/// A game's result for one of its players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// One game on a player's sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub game: String,
    pub opponent: String,
    pub outcome: Outcome,
    pub points: i64,
    /// Played on fire: the points are doubled.
    pub fire: bool,
    /// Won or lost because a player never moved.
    #[serde(default)]
    pub forfeit: bool,
}

/// A player of the arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The user id.
    pub id: String,
    pub name: String,
    /// Their rating in the arena's variant when they joined (pairing and performance).
    pub rating: i64,
    /// Withdrawn for now: not paired until they join again.
    pub paused: bool,
    /// Their games in the order played.
    pub sheet: Vec<Score>,
    /// The game they play now.
    pub playing: Option<String>,
    pub whites: i64,
    pub blacks: i64,
    /// Whom they played last, not to be paired with again at once.
    pub last_opponent: Option<String>,
}

impl Player {
    pub fn score(&self) -> i64 {
        self.sheet.iter().map(|s| s.points).sum()
    }

    /// On fire: their last two games were wins.
    pub fn on_fire(&self) -> bool {
        on_fire(&self.sheet)
    }

    /// Waiting for a game: joined, not paused, not playing.
    pub fn waiting(&self) -> bool {
        !self.paused && self.playing.is_none()
    }
}

/// Whether a sheet ends with two wins: the next win counts 4, a draw 2.
pub fn on_fire(sheet: &[Score]) -> bool {
    sheet.len() >= 2
        && sheet[sheet.len() - 2..]
            .iter()
            .all(|s| s.outcome == Outcome::Win)
}

/// The score a game with `outcome` adds to `sheet`.
pub fn scored(
    sheet: &[Score],
    game: &str,
    opponent: &str,
    outcome: Outcome,
    forfeit: bool,
) -> Score {
    let fire = on_fire(sheet) && outcome != Outcome::Loss;
    let base = match outcome {
        Outcome::Win => 2,
        Outcome::Draw => 1,
        Outcome::Loss => 0,
    };
    Score {
        game: game.into(),
        opponent: opponent.into(),
        outcome,
        points: if fire { base * 2 } else { base },
        fire,
        forfeit,
    }
}

/// A game of the arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub game: String,
    pub white: String,
    pub black: String,
    pub started_ms: i64,
    /// `1-0`, `0-1`, `1/2-1/2` once over (`+-`, `-+` for a game one side never began).
    pub result: Option<String>,
}

/// What the row's `state` column holds.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Stored {
    #[serde(default)]
    players: Vec<Player>,
    #[serde(default)]
    pairings: Vec<Pairing>,
}

/// Where an arena stands (lichess's `status`: 10, 20, 30).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    Created,
    Started,
    Finished,
}

impl Stage {
    pub fn code(self) -> i64 {
        match self {
            Stage::Created => 10,
            Stage::Started => 20,
            Stage::Finished => 30,
        }
    }
}

/// An arena as read, with the version a change is written over.
#[derive(Clone, Debug)]
pub struct Arena {
    pub id: String,
    pub created_by: String,
    pub name: String,
    pub variant: String,
    pub clock_ms: i64,
    pub increment_ms: i64,
    pub minutes: i64,
    pub rated: bool,
    pub entry_code: Option<String>,
    pub starts_ms: i64,
    pub ends_ms: i64,
    pub players: Vec<Player>,
    pub pairings: Vec<Pairing>,
    pub settled: bool,
    pub created_ms: i64,
    pub version: i64,
}

impl Arena {
    pub fn of(row: ArenaRow) -> Result<Arena, ArenaError> {
        let stored: Stored = serde_json::from_str(&row.state).map_err(|e| {
            ArenaError::Storage(format!("arena {} does not read back: {e}", row.id))
        })?;
        Ok(Arena {
            id: row.id,
            created_by: row.created_by,
            name: row.name,
            variant: row.variant,
            clock_ms: row.clock_ms,
            increment_ms: row.increment_ms,
            minutes: row.minutes,
            rated: row.rated,
            entry_code: row.entry_code,
            starts_ms: row.starts_ms,
            ends_ms: row.ends_ms,
            players: stored.players,
            pairings: stored.pairings,
            settled: row.settled,
            created_ms: row.created_ms,
            version: row.version,
        })
    }

    fn state_text(&self) -> Result<String, ArenaError> {
        let stored = Stored {
            players: self.players.clone(),
            pairings: self.pairings.clone(),
        };
        serde_json::to_string(&stored).map_err(|e| ArenaError::Storage(e.to_string()))
    }

    pub fn stage(&self, now_ms: i64) -> Stage {
        if now_ms < self.starts_ms {
            Stage::Created
        } else if now_ms < self.ends_ms {
            Stage::Started
        } else {
            Stage::Finished
        }
    }

    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    fn player_mut(&mut self, id: &str) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.id == id)
    }

    /// The games being played.
    pub fn in_play(&self) -> impl Iterator<Item = &Pairing> {
        self.pairings.iter().filter(|p| p.result.is_none())
    }

    /// The players from first to last: by score, then performance, then name.
    pub fn ranked(&self) -> Vec<&Player> {
        let mut players: Vec<&Player> = self.players.iter().collect();
        players.sort_by_cached_key(|p| {
            (
                std::cmp::Reverse(p.score()),
                std::cmp::Reverse(self.performance(p).unwrap_or(0)),
                p.name.to_lowercase(),
            )
        });
        players
    }

    /// Lichess's tournament performance: the opponents' mean rating, plus
    /// 500 for each win and less 500 for each loss, over the games played.
    pub fn performance(&self, player: &Player) -> Option<i64> {
        let games = player.sheet.len() as i64;
        if games == 0 {
            return None;
        }
        let mut sum = 0;
        for s in &player.sheet {
            let rating = self.player(&s.opponent).map_or(UNRATED, |o| o.rating);
            sum += rating
                + match s.outcome {
                    Outcome::Win => 500,
                    Outcome::Draw => 0,
                    Outcome::Loss => -500,
                };
        }
        Some(sum / games)
    }

    /// Enters a game's result on both players' sheets; false if it was entered already.
    pub fn enter_result(&mut self, game: &str, result: &str) -> bool {
        let Some(pairing) = self
            .pairings
            .iter_mut()
            .find(|p| p.game == game && p.result.is_none())
        else {
            return false;
        };
        pairing.result = Some(result.to_string());
        let (white, black) = (pairing.white.clone(), pairing.black.clone());
        let (for_white, for_black, forfeit) = match result {
            "1-0" => (Outcome::Win, Outcome::Loss, false),
            "0-1" => (Outcome::Loss, Outcome::Win, false),
            "+-" => (Outcome::Win, Outcome::Loss, true),
            "-+" => (Outcome::Loss, Outcome::Win, true),
            _ => (Outcome::Draw, Outcome::Draw, false),
        };
        for (me, them, outcome) in [(&white, &black, for_white), (&black, &white, for_black)] {
            if let Some(p) = self.player_mut(me) {
                let score = scored(&p.sheet, game, them, outcome, forfeit);
                p.sheet.push(score);
                p.playing = None;
                // Lichess withdraws a player who let a game start without them.
                if forfeit && outcome == Outcome::Loss {
                    p.paused = true;
                }
            }
        }
        true
    }

    /// Records a new game between two waiting players.
    pub fn add_pairing(&mut self, game: &str, white: &str, black: &str, now_ms: i64) {
        self.pairings.push(Pairing {
            game: game.into(),
            white: white.into(),
            black: black.into(),
            started_ms: now_ms,
            result: None,
        });
        for (me, them, is_white) in [(white, black, true), (black, white, false)] {
            if let Some(p) = self.player_mut(me) {
                p.playing = Some(game.into());
                p.last_opponent = Some(them.into());
                if is_white {
                    p.whites += 1;
                } else {
                    p.blacks += 1;
                }
            }
        }
    }

    /// Whether `code` lets a player in: any code in a public arena.
    pub fn admits(&self, code: Option<&str>) -> bool {
        match &self.entry_code {
            None => true,
            Some(wanted) => code.map(str::trim) == Some(wanted.as_str()),
        }
    }
}

fn checked_name(name: Option<&str>, variant: &str) -> Result<String, ArenaError> {
    let name = name.map(str::trim).unwrap_or_default();
    if name.is_empty() {
        // Lichess names an unnamed arena itself.
        return Ok(format!("{variant} arena"));
    }
    if name.chars().count() < 2
        || name.chars().count() > MAX_NAME_CHARS
        || name.chars().any(char::is_control)
    {
        return Err(ArenaError::Invalid(format!(
            "name is one line of 2 to {MAX_NAME_CHARS} characters"
        )));
    }
    Ok(name.to_string())
}

/// The row a new arena starts with, from what the user gave.
fn row_of_new(new: &NewArena, created_by: &str, now_ms: i64) -> Result<ArenaRow, ArenaError> {
    let variant = match new.variant.as_deref().map(str::trim) {
        None | Some("") | Some("standard") => "chess".to_string(),
        Some(v) if chesslantis_core::registry::variant_ids().contains(&v) => v.to_string(),
        Some(v) => {
            return Err(ArenaError::Invalid(format!(
                "there is no variant {v:?}; the variants are {}",
                chesslantis_core::registry::variant_ids().join(", ")
            )))
        }
    };
    let clock_time = new
        .clock_time
        .ok_or_else(|| ArenaError::Invalid("clockTime (minutes on each clock) is needed".into()))?;
    let Some(&clock_time) = CLOCK_TIMES.iter().find(|&&t| t == clock_time) else {
        return Err(ArenaError::Invalid(format!(
            "clockTime is one of {CLOCK_TIMES:?} minutes, not {clock_time}"
        )));
    };
    let increment = new.clock_increment.ok_or_else(|| {
        ArenaError::Invalid("clockIncrement (seconds added per move) is needed".into())
    })?;
    if !CLOCK_INCREMENTS.contains(&increment) {
        return Err(ArenaError::Invalid(format!(
            "clockIncrement is one of {CLOCK_INCREMENTS:?} seconds, not {increment}"
        )));
    }
    let minutes = new.minutes.ok_or_else(|| {
        ArenaError::Invalid("minutes (how long the arena lasts) is needed".into())
    })?;
    if !MINUTES.contains(&minutes) {
        return Err(ArenaError::Invalid(format!(
            "minutes is {} to {}, not {minutes}",
            MINUTES.start(),
            MINUTES.end()
        )));
    }
    let starts_ms = match (new.start_date, new.wait_minutes) {
        (Some(at), _) => at.max(now_ms),
        (None, Some(wait)) if (0..=60).contains(&wait) => now_ms + wait * 60_000,
        (None, Some(wait)) => {
            return Err(ArenaError::Invalid(format!(
                "waitMinutes is 0 to 60, not {wait}"
            )))
        }
        (None, None) => now_ms + 5 * 60_000,
    };
    if starts_ms - now_ms > MAX_WAIT_MS {
        return Err(ArenaError::Invalid(
            "startDate is at most a week from now".into(),
        ));
    }
    let entry_code = match new.entry_code.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code)
            if code.chars().count() <= MAX_ENTRY_CODE_CHARS
                && !code.chars().any(char::is_control) =>
        {
            Some(code.to_string())
        }
        Some(_) => {
            return Err(ArenaError::Invalid(format!(
                "entryCode is one line of at most {MAX_ENTRY_CODE_CHARS} characters"
            )))
        }
    };
    Ok(ArenaRow {
        id: random_id(8).map_err(ArenaError::Storage)?,
        created_by: created_by.to_string(),
        name: checked_name(new.name.as_deref(), &variant)?,
        variant,
        clock_ms: (clock_time * 60_000.0) as i64,
        increment_ms: increment * 1000,
        minutes,
        rated: new.rated,
        entry_code,
        starts_ms,
        ends_ms: starts_ms + minutes * 60_000,
        state: serde_json::to_string(&Stored::default())
            .map_err(|e| ArenaError::Storage(e.to_string()))?,
        version: 0,
        settled: false,
        created_ms: now_ms,
    })
}

/// Makes an arena for `created_by`, within the day's limit.
pub async fn create(
    store: &Store,
    created_by: &str,
    new: &NewArena,
    now_ms: i64,
) -> Result<Arena, ArenaError> {
    let row = row_of_new(new, created_by, now_ms)?;
    if store.arenas_made_since(created_by, now_ms - DAY_MS).await? >= MAX_ARENAS_PER_DAY {
        return Err(ArenaError::TooMany(format!(
            "one makes at most {MAX_ARENAS_PER_DAY} arenas a day; play in another's meanwhile"
        )));
    }
    store.insert_arena(&row).await?;
    Arena::of(row)
}

pub async fn load(store: &Store, id: &str) -> Result<Arena, ArenaError> {
    let row = store.arena(id).await?.ok_or_else(|| {
        ArenaError::NotFound(format!(
            "there is no arena {id:?}; GET /api/tournament lists them"
        ))
    })?;
    Arena::of(row)
}

/// Makes `change` on the arena as read and writes it over the version it
/// was read at; when another process wrote first, reads it again and makes
/// the change again. The arena after the change, and what `change` said.
pub async fn change<T>(
    store: &Store,
    id: &str,
    now_ms: i64,
    mut change: impl FnMut(&mut Arena) -> Result<T, ArenaError>,
) -> Result<(Arena, T), ArenaError> {
    for _ in 0..ATTEMPTS {
        let mut arena = load(store, id).await?;
        let said = change(&mut arena)?;
        if store
            .update_arena(
                id,
                arena.version,
                &arena.state_text()?,
                arena.settled,
                now_ms,
            )
            .await?
        {
            arena.version += 1;
            return Ok((arena, said));
        }
    }
    Err(ArenaError::Stale(format!(
        "arena {id} kept changing while this was done; try again"
    )))
}

/// `user` (named `name`, rated `rating` in the variant) joins, or comes
/// back from a pause; what was done in words.
pub fn join(
    arena: &mut Arena,
    user: &str,
    name: &str,
    rating: i64,
    code: Option<&str>,
    now_ms: i64,
) -> Result<String, ArenaError> {
    if arena.stage(now_ms) == Stage::Finished {
        return Err(ArenaError::Closed(format!(
            "{} is over; join another arena",
            arena.name
        )));
    }
    if user != arena.created_by && !arena.admits(code) {
        return Err(ArenaError::WrongEntryCode(format!(
            "{} is private: join with its entry code (the link its creator shares)",
            arena.name
        )));
    }
    if let Some(p) = arena.player_mut(user) {
        p.paused = false;
        return Ok(format!("{name} is back in {}", arena.name));
    }
    if arena.players.len() >= MAX_PLAYERS {
        return Err(ArenaError::Closed(format!(
            "{} is full ({MAX_PLAYERS} players)",
            arena.name
        )));
    }
    arena.players.push(Player {
        id: user.into(),
        name: name.into(),
        rating,
        paused: false,
        sheet: Vec::new(),
        playing: None,
        whites: 0,
        blacks: 0,
        last_opponent: None,
    });
    Ok(format!("{name} joined {}", arena.name))
}

/// `user` leaves an arena not started, or pauses in one being played
/// (their points stay; joining again resumes).
pub fn withdraw(arena: &mut Arena, user: &str, now_ms: i64) -> Result<String, ArenaError> {
    let stage = arena.stage(now_ms);
    if stage == Stage::Finished {
        return Err(ArenaError::Closed(format!("{} is over", arena.name)));
    }
    let Some(at) = arena.players.iter().position(|p| p.id == user) else {
        return Err(ArenaError::NotFound(format!(
            "you are not in {}",
            arena.name
        )));
    };
    if stage == Stage::Created {
        let gone = arena.players.remove(at);
        return Ok(format!("{} left {}", gone.name, arena.name));
    }
    arena.players[at].paused = true;
    Ok(format!(
        "{} paused in {}",
        arena.players[at].name, arena.name
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet_of(outcomes: &[Outcome]) -> Vec<Score> {
        let mut sheet = Vec::new();
        for (i, &o) in outcomes.iter().enumerate() {
            let s = scored(&sheet, &format!("g{i}"), "x", o, false);
            sheet.push(s);
        }
        sheet
    }

    #[test]
    fn two_wins_in_a_row_double_the_next_wins_and_draws_until_a_game_is_not_won() {
        use Outcome::*;
        let sheet = sheet_of(&[
            Win, Win, Win, Win, Draw, Win, Win, Draw, Loss, Win, Win, Loss,
        ]);
        let points: Vec<i64> = sheet.iter().map(|s| s.points).collect();
        assert_eq!(points, [2, 2, 4, 4, 2, 2, 2, 2, 0, 2, 2, 0]);
        let fire: Vec<bool> = sheet.iter().map(|s| s.fire).collect();
        assert_eq!(
            fire,
            [false, false, true, true, true, false, false, true, false, false, false, false]
        );
    }
}
