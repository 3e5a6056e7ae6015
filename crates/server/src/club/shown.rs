//! What a page or a client is shown of a club event (`GET
//! /api/tournaments/{id}`): its players with their clocks, every round's
//! boards and byes, the standings with tie-breaks, the group match. Points
//! are shown as the sheets print them (`2.5`), tie-breaks by their short
//! names (`BH`, `SB`, ...).

use crate::club::evening::{game_key, ClubEvent};
use crate::club::table::{self, TableShown};
use chesslantis_tournament::event::Event;
use chesslantis_tournament::history::format_points;
use chesslantis_tournament::sheet::absence_label;
use serde::Serialize;
use utoipa::ToSchema;

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// No round paired yet: players enter.
    Entries,
    /// A round is being played (paired, not every result in).
    Playing,
    /// The last paired round is complete and rounds remain.
    BetweenRounds,
    /// Every round of the Swiss has its results (the group match may follow).
    Finished,
}

#[derive(Serialize, ToSchema)]
pub struct EventSummary {
    pub id: String,
    pub name: String,
    pub place: String,
    pub starts_ms: i64,
    pub organiser: String,
    pub rounds: usize,
    pub rounds_paired: usize,
    pub players: usize,
    pub stage: Stage,
    /// Played on the server: each round's games start once it is paired,
    /// and the server pairs the next round when the last game ends.
    pub online: bool,
}

#[derive(Serialize, ToSchema)]
pub struct ShownEvent {
    #[serde(flatten)]
    pub summary: EventSummary,
    /// The variant of each round.
    pub variants: Vec<String>,
    /// The clock table, as the sheets print it (`180+: 5 min, ...`).
    pub clocks: String,
    /// In start-number order.
    pub entrants: Vec<Entrant>,
    /// Every paired round, the first first.
    pub pairings: Vec<RoundShown>,
    pub standings: Standings,
    /// Once started: its schedule, results and score.
    pub group_match: Option<GroupMatchShown>,
    /// The decisions the caller may seal for their board over the board
    /// (Beirut's `carrier g1`, ...), until they seal one.
    pub seal_choices: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Entrant {
    /// The start (pairing) number.
    pub number: usize,
    pub name: String,
    pub grade: Option<u32>,
    /// This player's minutes on the clock, from their grade.
    pub clock_minutes: u32,
    pub points: String,
    /// The first round the player is not paired in, once withdrawn.
    pub withdrawn_from: Option<usize>,
    /// Whether the player entered with an account here.
    pub account: bool,
}

#[derive(Serialize, ToSchema)]
pub struct RoundShown {
    pub round: usize,
    pub variant: String,
    pub boards: Vec<BoardShown>,
    /// Players without a game this round, with why (`bye (1)`, `half-point bye`, `withdrawn`).
    pub byes: Vec<ByeShown>,
}

#[derive(Serialize, ToSchema)]
pub struct BoardShown {
    pub board: usize,
    pub white: Seat,
    pub black: Seat,
    /// `1-0`, `0-1`, `1/2-1/2`, `+ -`, `- +`, `- -`; none while it is played.
    pub result: Option<String>,
    /// The game's id when it is played on the server (its page is `/game/{id}`).
    pub game: Option<String>,
    /// What the players reported while no result is entered (over the board).
    pub reported: Option<Reported>,
    /// Over the board, in a variant with dice or secrets: the dice's
    /// commitment and rolls, the sealed decisions (`club::table`).
    pub table: Option<TableShown>,
}

#[derive(Serialize, ToSchema)]
pub struct Reported {
    pub white: Option<String>,
    pub black: Option<String>,
}

/// A player on a board, with the clock to set for them.
#[derive(Serialize, ToSchema)]
pub struct Seat {
    pub number: usize,
    pub name: String,
    pub grade: Option<u32>,
    pub clock_minutes: u32,
}

#[derive(Serialize, ToSchema)]
pub struct ByeShown {
    pub number: usize,
    pub name: String,
    pub why: String,
}

#[derive(Serialize, ToSchema)]
pub struct Standings {
    /// The tie-breaks' short names, in the order they break ties.
    pub tie_breaks: Vec<String>,
    pub rows: Vec<StandingShown>,
}

#[derive(Serialize, ToSchema)]
pub struct StandingShown {
    pub rank: usize,
    pub number: usize,
    pub name: String,
    pub points: String,
    /// One per tie-break, as the sheets print it.
    pub tie_breaks: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct GroupMatchShown {
    /// Start numbers.
    pub group_a: Vec<usize>,
    pub group_b: Vec<usize>,
    pub rounds: Vec<GroupRoundShown>,
    /// Group A's and B's points.
    pub score: [String; 2],
}

#[derive(Serialize, ToSchema)]
pub struct GroupRoundShown {
    pub round: usize,
    pub boards: Vec<GroupBoardShown>,
}

#[derive(Serialize, ToSchema)]
pub struct GroupBoardShown {
    pub board: usize,
    pub white: Seat,
    pub black: Seat,
    /// White's points, once entered.
    pub white_points: Option<String>,
}

fn seat(event: &Event, player: usize) -> Seat {
    let p = &event.players[player];
    Seat { number: player + 1, name: p.name.clone(), grade: p.grade, clock_minutes: event.clocks.minutes_for(p.grade) }
}

/// Where `event` stands.
pub fn stage(event: &Event) -> Stage {
    let round = event.rounds_paired;
    if round == 0 {
        return Stage::Entries;
    }
    let complete = event.boards(round).is_ok_and(|boards| boards.iter().all(|b| b.result.is_some()));
    match (complete, round == event.total_rounds) {
        (false, _) => Stage::Playing,
        (true, false) => Stage::BetweenRounds,
        (true, true) => Stage::Finished,
    }
}

pub fn summary(club: &ClubEvent, organiser: String) -> EventSummary {
    EventSummary {
        id: club.id.clone(),
        name: club.name.clone(),
        place: club.place.clone(),
        starts_ms: club.starts_ms,
        organiser,
        rounds: club.event.total_rounds,
        rounds_paired: club.event.rounds_paired,
        players: club.event.players.len(),
        stage: stage(&club.event),
        online: club.online,
    }
}

fn round_shown(club: &ClubEvent, round: usize, viewer: Option<&str>) -> RoundShown {
    let event = &club.event;
    let boards = event.boards(round).unwrap_or_default();
    RoundShown {
        round,
        variant: event.variants.get(round - 1).cloned().unwrap_or_else(|| "chess".into()),
        boards: boards
            .into_iter()
            .map(|b| BoardShown {
                board: b.number,
                white: seat(event, b.white),
                black: seat(event, b.black),
                result: b.result.clone(),
                game: club.game_of(round, b.number).map(str::to_string),
                reported: club.reports.get(&game_key(round, b.number)).map(|r| Reported { white: r.white.clone(), black: r.black.clone() }),
                table: if club.game_of(round, b.number).is_some() { None } else { table::shown(club, round, &b, viewer) },
            })
            .collect(),
        byes: event
            .players
            .iter()
            .enumerate()
            .filter_map(|(id, p)| {
                let why = absence_label(event, id, *p.history.get(round - 1)?)?;
                Some(ByeShown { number: id + 1, name: p.name.clone(), why })
            })
            .collect(),
    }
}

fn group_match_shown(event: &Event) -> Option<GroupMatchShown> {
    let matchup = event.group_match.as_ref()?;
    let (a, b) = matchup.scores(event.scoring.win);
    Some(GroupMatchShown {
        group_a: matchup.group_a.iter().map(|p| p + 1).collect(),
        group_b: matchup.group_b.iter().map(|p| p + 1).collect(),
        rounds: matchup
            .rounds
            .iter()
            .enumerate()
            .map(|(r, round)| GroupRoundShown {
                round: r + 1,
                boards: round
                    .games
                    .iter()
                    .enumerate()
                    .map(|(g, game)| GroupBoardShown {
                        board: g + 1,
                        white: seat(event, game.white),
                        black: seat(event, game.black),
                        white_points: game.white_points.map(format_points),
                    })
                    .collect(),
            })
            .collect(),
        score: [format_points(a), format_points(b)],
    })
}

/// The decisions `viewer` may seal for their board of the round being
/// played over the board, until they have sealed one.
fn seal_choices(club: &ClubEvent, viewer: Option<&str>) -> Vec<String> {
    let round = club.event.rounds_paired;
    let (Some(viewer), Ok(boards)) = (viewer, club.event.boards(round)) else { return Vec::new() };
    for b in boards.iter().filter(|b| b.result.is_none() && club.game_of(round, b.number).is_none()) {
        let colour = if club.account_of(b.white) == Some(viewer) {
            chesslantis_core::Color::White
        } else if club.account_of(b.black) == Some(viewer) {
            chesslantis_core::Color::Black
        } else {
            continue;
        };
        let side = if colour == chesslantis_core::Color::White { "white" } else { "black" };
        if club.tables.get(&game_key(round, b.number)).is_some_and(|t| t.sealed.contains_key(side)) {
            return Vec::new();
        }
        return table::seal_choices(club.event.variants.get(round - 1).map_or("chess", String::as_str), colour);
    }
    Vec::new()
}

/// The whole event as `viewer` (a user id, if signed in) is shown it: the
/// same for everyone but for a player's own sealed decision and choices.
pub fn shown(club: &ClubEvent, organiser: String, viewer: Option<&str>) -> ShownEvent {
    let event = &club.event;
    ShownEvent {
        summary: summary(club, organiser),
        variants: event.variants.clone(),
        clocks: event.clocks.to_string(),
        entrants: event
            .players
            .iter()
            .enumerate()
            .map(|(id, p)| Entrant {
                number: id + 1,
                name: p.name.clone(),
                grade: p.grade,
                clock_minutes: event.clocks.minutes_for(p.grade),
                points: format_points(event.points(id)),
                withdrawn_from: p.withdrawn_from,
                account: club.account_of(id).is_some(),
            })
            .collect(),
        pairings: (1..=event.rounds_paired).map(|round| round_shown(club, round, viewer)).collect(),
        seal_choices: seal_choices(club, viewer),
        standings: Standings {
            tie_breaks: event.tie_breaks.iter().map(|tb| tb.short_name().to_string()).collect(),
            rows: event
                .standings()
                .into_iter()
                .map(|row| StandingShown {
                    rank: row.rank,
                    number: row.player + 1,
                    name: event.players[row.player].name.clone(),
                    points: format_points(row.points),
                    tie_breaks: event.tie_breaks.iter().zip(&row.tie_breaks).map(|(tb, v)| tb.format(*v)).collect(),
                })
                .collect(),
        },
        group_match: group_match_shown(event),
    }
}
