//! A club event made, read and changed. Every change is one of the
//! tournament crate's (`Event::add_player`, `pair_next`, `set_result`, ...)
//! made on a copy of the event as read, then written only over the version
//! it was read at: of two requests at once (two of the organiser's tabs, two
//! `serve` processes on one PostgreSQL) one is written, the other is told the
//! event changed and nothing of it is kept. So a round is paired once.

use crate::club::table::{self, Table};
use crate::club::error::ClubError;
use crate::db::club_events::ClubEventRow;
use crate::db::Store;
use crate::user::identity::random_id;
use chesslantis_tournament::clocks::{ClockBand, ClockTable};
use chesslantis_tournament::event::{Event, MissedRounds};
use chesslantis_tournament::TournamentError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Longest name or place of an event.
pub const MAX_TEXT_CHARS: usize = 100;
/// Most rounds of an event's Swiss.
pub const MAX_ROUNDS: usize = 20;
/// Most players of one event (the pairing of 500 is measured in bench/).
pub const MAX_PLAYERS: usize = 500;
/// Largest TRF file an event is resumed from (500 players of 20 rounds fit).
pub const MAX_TRF_BYTES: usize = 256 * 1024;
/// Events one organiser may make in a day (docs/server.md, "Limits").
pub const MAX_EVENTS_PER_DAY: i64 = 20;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// What an organiser gives to make an event.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEvent {
    #[schema(example = "Newport club evening")]
    pub name: String,
    #[serde(default)]
    #[schema(example = "Newport Royal British Legion")]
    pub place: String,
    /// When play starts, Unix ms.
    pub starts_ms: i64,
    /// The Swiss's rounds (default 5).
    #[serde(default)]
    pub rounds: Option<usize>,
    /// The variant of each round, one per round (default: the club's order,
    /// chess after it).
    #[serde(default)]
    pub variants: Option<Vec<String>>,
    /// Clocks by grade (default: the seed's table).
    #[serde(default)]
    pub clocks: Option<Clocks>,
    /// An event begun elsewhere (`chesslantis tournament export-trf`), to
    /// go on with here: its players, rounds and results; `rounds` is then
    /// the file's.
    #[serde(default)]
    pub trf: Option<String>,
    /// Played here: each round's games start on the server once it is
    /// paired, and the next round is paired when its last game ends
    /// (default: over the board, the organiser pairs).
    #[serde(default)]
    pub online: bool,
}

/// Each grade band's minutes: a player graded `min_grade` or more (and below
/// the next band) gets `minutes`; ungraded players `ungraded_minutes`.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Clocks {
    pub bands: Vec<Band>,
    /// Default: the lowest band's minutes.
    #[serde(default)]
    pub ungraded_minutes: Option<u32>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub min_grade: u32,
    pub minutes: u32,
}

/// What the row's `event` column holds: the tournament, and which of its
/// players are accounts here (by the player's name in lower case: names are
/// unique in an event, start numbers move as players enter).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Stored {
    event: Option<Event>,
    #[serde(default)]
    accounts: BTreeMap<String, String>,
    #[serde(default)]
    games: BTreeMap<String, String>,
    #[serde(default)]
    reports: BTreeMap<String, Reports>,
    #[serde(default)]
    online: bool,
    #[serde(default)]
    starting: Option<Starting>,
    #[serde(default)]
    tables: BTreeMap<String, Table>,
}

/// A process's claim to start a round's games: written before it makes
/// them, so that of several processes one makes them; a claim not carried
/// out by `until_ms` (its process died) may be taken over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Starting {
    pub round: usize,
    pub until_ms: i64,
}

/// What the two players of a board said its result was (as typed: `1-0`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reports {
    pub white: Option<String>,
    pub black: Option<String>,
}

/// An event as read, with the version a change is written over.
#[derive(Clone, Debug)]
pub struct ClubEvent {
    pub id: String,
    pub organiser_id: String,
    pub name: String,
    pub place: String,
    pub starts_ms: i64,
    pub event: Event,
    /// Player name in lower case -> user id, for players who are accounts.
    pub accounts: BTreeMap<String, String>,
    /// The games played on the server: `round:board` -> game id.
    pub games: BTreeMap<String, String>,
    /// The players' reports of boards without a result yet: `round:board` -> reports.
    pub reports: BTreeMap<String, Reports>,
    /// Played on the server, paired round after round by it.
    pub online: bool,
    /// A round whose games are being started.
    pub starting: Option<Starting>,
    /// The dice and sealed decisions of boards over the board: `round:board` -> table.
    pub tables: BTreeMap<String, Table>,
    pub version: i64,
}

impl ClubEvent {
    pub fn of(row: ClubEventRow) -> Result<ClubEvent, ClubError> {
        let stored: Stored = serde_json::from_str(&row.event).map_err(|e| ClubError::Storage(format!("event {} does not read back: {e}", row.id)))?;
        let event = stored.event.ok_or_else(|| ClubError::Storage(format!("event {} holds no tournament", row.id)))?;
        Ok(ClubEvent {
            id: row.id,
            organiser_id: row.organiser_id,
            name: row.name,
            place: row.place,
            starts_ms: row.starts_ms,
            event,
            accounts: stored.accounts,
            games: stored.games,
            reports: stored.reports,
            online: stored.online,
            starting: stored.starting,
            tables: stored.tables,
            version: row.version,
        })
    }

    fn stored_text(&self) -> Result<String, ClubError> {
        let stored = Stored {
            event: Some(self.event.clone()),
            accounts: self.accounts.clone(),
            games: self.games.clone(),
            reports: self.reports.clone(),
            online: self.online,
            starting: self.starting,
            tables: self.tables.clone(),
        };
        serde_json::to_string(&stored).map_err(|e| ClubError::Storage(e.to_string()))
    }

    /// The game played on the server for a board, if it is played here.
    pub fn game_of(&self, round: usize, board: usize) -> Option<&str> {
        self.games.get(&game_key(round, board)).map(String::as_str)
    }

    /// The user id of a player, if the player is an account.
    pub fn account_of(&self, player: usize) -> Option<&str> {
        self.accounts.get(&self.event.players.get(player)?.name.to_lowercase()).map(String::as_str)
    }
}

pub fn game_key(round: usize, board: usize) -> String {
    format!("{round}:{board}")
}

fn checked_text(what: &str, text: &str, required: bool) -> Result<String, ClubError> {
    let text = text.trim();
    if required && text.is_empty() {
        return Err(ClubError::Invalid(format!("an event needs a {what}")));
    }
    if text.chars().count() > MAX_TEXT_CHARS || text.chars().any(char::is_control) {
        return Err(ClubError::Invalid(format!("the {what} is one line of at most {MAX_TEXT_CHARS} characters")));
    }
    Ok(text.to_string())
}

/// The tournament a new event starts with, from what the organiser gave.
fn tournament_of(new: &NewEvent, name: &str) -> Result<Event, ClubError> {
    let mut event = match &new.trf {
        Some(text) => {
            if new.rounds.is_some() {
                return Err(ClubError::Invalid("an event resumed from TRF has the file's rounds: leave out \"rounds\"".into()));
            }
            let mut event = Event::from_trf(&chesslantis_tournament::trf::parse(text).map_err(TournamentError::from)?)?;
            event.name = name.to_string();
            event
        }
        None => Event::new(name, new.rounds.unwrap_or(5)),
    };
    let rounds = event.total_rounds;
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(ClubError::Invalid(format!("an event has 1 to {MAX_ROUNDS} rounds, not {rounds}")));
    }
    if event.players.len() > MAX_PLAYERS {
        return Err(ClubError::Invalid(format!("an event holds at most {MAX_PLAYERS} players")));
    }
    if let Some(variants) = &new.variants {
        event.set_variants(variants, &chesslantis_core::registry::variant_ids())?;
    }
    if let Some(clocks) = &new.clocks {
        let bands: Vec<ClockBand> = clocks.bands.iter().map(|b| ClockBand { min_grade: b.min_grade, minutes: b.minutes }).collect();
        // Ungraded players get the lowest band unless told otherwise, as `tournament set-clocks`.
        let lowest = bands.iter().min_by_key(|b| b.min_grade).map_or(0, |b| b.minutes);
        event.clocks = ClockTable::checked(bands, clocks.ungraded_minutes.unwrap_or(lowest))?;
    }
    Ok(event)
}

/// Makes an event organised by `organiser_id`.
pub async fn create(store: &Store, organiser_id: &str, new: &NewEvent, now_ms: i64) -> Result<ClubEvent, ClubError> {
    let name = checked_text("name", &new.name, true)?;
    let place = checked_text("place", &new.place, false)?;
    let event = tournament_of(new, &name)?;
    if store.club_events_made_since(organiser_id, now_ms - DAY_MS).await? >= MAX_EVENTS_PER_DAY {
        return Err(ClubError::TooMany(format!("an organiser makes at most {MAX_EVENTS_PER_DAY} events a day; use one you made, or make this one tomorrow")));
    }
    let id = random_id(12).map_err(ClubError::Storage)?;
    let club = ClubEvent {
        id,
        organiser_id: organiser_id.to_string(),
        name,
        place,
        starts_ms: new.starts_ms,
        event,
        accounts: BTreeMap::new(),
        games: BTreeMap::new(),
        reports: BTreeMap::new(),
        online: new.online,
        starting: None,
        tables: BTreeMap::new(),
        version: 1,
    };
    let row = ClubEventRow {
        id: club.id.clone(),
        organiser_id: club.organiser_id.clone(),
        name: club.name.clone(),
        place: club.place.clone(),
        starts_ms: club.starts_ms,
        event: club.stored_text()?,
        version: club.version,
        created_ms: now_ms,
        updated_ms: now_ms,
    };
    store.insert_club_event(&row).await?;
    Ok(club)
}

pub async fn load(store: &Store, id: &str) -> Result<ClubEvent, ClubError> {
    let row = store.club_event(id).await?.ok_or_else(|| ClubError::NotFound(format!("there is no event {id:?}; GET /api/tournaments lists them")))?;
    ClubEvent::of(row)
}

/// Who asks for a change of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By<'a> {
    /// The organiser: every change.
    Organiser(&'a str),
    /// A signed-in user acting for themselves (joining).
    Player(&'a str),
    /// The server itself (a game's result carried into the event).
    Server,
}

/// Makes `change` to event `id` as `by`, written over the version read; the
/// change's words and the event as written.
pub async fn change(
    store: &Store,
    id: &str,
    by: By<'_>,
    now_ms: i64,
    change: impl FnOnce(&mut ClubEvent) -> Result<String, ClubError>,
) -> Result<(ClubEvent, String), ClubError> {
    let mut club = load_for(store, id, by).await?;
    let words = change(&mut club)?;
    save(store, &mut club, now_ms).await?;
    Ok((club, words))
}

/// `change` for a change long enough to hold up other requests (pairing
/// hundreds of players): made on a blocking thread.
pub async fn change_blocking(
    store: &Store,
    id: &str,
    by: By<'_>,
    now_ms: i64,
    change: impl FnOnce(&mut ClubEvent) -> Result<String, ClubError> + Send + 'static,
) -> Result<(ClubEvent, String), ClubError> {
    let mut club = load_for(store, id, by).await?;
    let (mut club, words) = tokio::task::spawn_blocking(move || change(&mut club).map(|words| (club, words)))
        .await
        .map_err(|e| ClubError::Storage(format!("the change stopped half-way: {e}")))??;
    save(store, &mut club, now_ms).await?;
    Ok((club, words))
}

/// Event `id`, for `by` to change.
async fn load_for(store: &Store, id: &str, by: By<'_>) -> Result<ClubEvent, ClubError> {
    let club = load(store, id).await?;
    if let By::Organiser(user) = by {
        if user != club.organiser_id {
            return Err(ClubError::NotOrganiser(format!("only the organiser of {} changes it; ask them", club.name)));
        }
    }
    Ok(club)
}

/// Writes `club` over the version it was read at.
async fn save(store: &Store, club: &mut ClubEvent, now_ms: i64) -> Result<(), ClubError> {
    let text = club.stored_text()?;
    if !store.update_club_event(&club.id, club.version, &text, now_ms).await? {
        return Err(ClubError::Stale(format!("{} changed while this was asked (another tab or organiser); nothing was done: reload it and ask again", club.name)));
    }
    club.version += 1;
    Ok(())
}

/// Enters a player by name and grade (an organiser's entry for the evening
/// over the board: no account needed).
pub fn enter(club: &mut ClubEvent, name: &str, grade: Option<u32>, missed: MissedRounds) -> Result<String, ClubError> {
    if club.event.players.len() >= MAX_PLAYERS {
        return Err(ClubError::Invalid(format!("an event holds at most {MAX_PLAYERS} players")));
    }
    let name = checked_text("player's name", name, true)?;
    let id = club.event.add_player(&name, grade, missed)?;
    Ok(format!("{name} entered as number {} (clock {})", id + 1, club.event.clocks.describe(grade)))
}

/// Enters a signed-in user under their account's name and grade.
pub fn join(club: &mut ClubEvent, user_id: &str, name: &str, grade: Option<u32>) -> Result<String, ClubError> {
    if club.accounts.values().any(|u| u == user_id) {
        return Err(ClubError::Invalid(format!("you are already entered in {}", club.name)));
    }
    let words = enter(club, name, grade, MissedRounds::Zero)?;
    club.accounts.insert(name.trim().to_lowercase(), user_id.to_string());
    Ok(words)
}

/// Pairs round `round`, which must be the next one: a second request for
/// a round already paired (a double click, a second tab) is refused rather
/// than pairing the round after it.
pub fn pair(club: &mut ClubEvent, round: usize) -> Result<String, ClubError> {
    let next = club.event.rounds_paired + 1;
    if round != next {
        return Err(ClubError::Stale(format!("round {round} cannot be paired now: the next round to pair is {next}")));
    }
    club.event.pair_next()?;
    table::prepare(club, round)?;
    Ok(format!("round {round} paired ({})", club.event.variants.get(round - 1).map_or("chess", String::as_str)))
}

/// A player's report of their board's result (over the board): entered
/// once both players report the same; until then, or when they differ,
/// the organiser sees both and decides.
pub fn report(club: &mut ClubEvent, user_id: &str, round: usize, board: usize, result: &str) -> Result<String, ClubError> {
    let parsed: chesslantis_tournament::event::GameResult = result.parse()?;
    let found = club.event.boards(round)?.into_iter().find(|b| b.number == board).ok_or(TournamentError::NoSuchGame { round, board })?;
    if let Some(entered) = &found.result {
        return Err(ClubError::Tournament(TournamentError::ResultAlreadyEntered { round, board, existing: entered.clone() }));
    }
    let white = club.account_of(found.white) == Some(user_id);
    let black = club.account_of(found.black) == Some(user_id);
    if !white && !black {
        return Err(ClubError::NotOrganiser(format!("only the players of round {round} board {board} report its result (or the organiser enters it)")));
    }
    let key = game_key(round, board);
    let reports = club.reports.entry(key.clone()).or_default();
    let typed = Some(result.trim().to_string());
    if white {
        reports.white = typed;
    } else {
        reports.black = typed;
    }
    let agreed = match (&reports.white, &reports.black) {
        (Some(w), Some(b)) => w.parse::<chesslantis_tournament::event::GameResult>().ok() == b.parse().ok(),
        _ => false,
    };
    if agreed {
        club.reports.remove(&key);
        club.event.set_result(round, board, parsed, false)?;
        return Ok(format!("round {round} board {board}: {}, as both players report", parsed.describe()));
    }
    Ok(match (&reports.white, &reports.black) {
        (Some(w), Some(b)) => format!("round {round} board {board}: the players report {w} and {b}; the organiser decides"),
        _ => format!("round {round} board {board}: {} reported; waiting for the opponent to confirm", parsed.describe()),
    })
}
