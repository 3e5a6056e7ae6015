//! What a client is shown of an arena, in lichess's shapes: an arena of the
//! lists (`ArenaTournament`), one arena with its standing, games and the
//! caller's place (`ArenaTournamentFull`), a line of its results. The entry
//! code of a private arena is shown to its creator only.

use crate::arena::state::{Arena, Player, Stage};
use serde::Serialize;
use utoipa::ToSchema;

/// Players per page of the standing (lichess's).
pub const PAGE: usize = 10;

#[derive(Serialize, ToSchema)]
pub struct Clock {
    /// Seconds on each clock.
    pub limit: i64,
    /// Seconds added per move.
    pub increment: i64,
}

/// The variant, by our id (lichess's `Variant`).
#[derive(Serialize, ToSchema)]
pub struct VariantJson {
    pub key: String,
    pub short: String,
    pub name: String,
}

/// An arena as the lists show it (lichess's `ArenaTournament`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArenaSummary {
    pub id: String,
    /// The creator's name.
    pub created_by: String,
    /// Always `arena`.
    pub system: &'static str,
    pub minutes: i64,
    pub clock: Clock,
    pub rated: bool,
    pub full_name: String,
    pub nb_players: usize,
    pub variant: VariantJson,
    /// Unix ms.
    pub starts_at: i64,
    pub finishes_at: i64,
    /// 10 created, 20 started, 30 finished.
    pub status: i64,
    pub seconds_to_start: i64,
    pub private: bool,
    /// The first of a finished arena.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Named>,
}

#[derive(Serialize, ToSchema)]
pub struct Named {
    pub name: String,
}

/// A player's sheet: lichess's `scores` (one digit a game, the latest
/// first) and `fire` (on fire now); `games`, ours, each game in the order
/// played with whether it was played on fire.
#[derive(Serialize, ToSchema)]
pub struct Sheet {
    pub scores: String,
    pub fire: bool,
    pub games: Vec<SheetGame>,
}

#[derive(Serialize, ToSchema)]
pub struct SheetGame {
    pub game: String,
    /// `win`, `draw`, `loss`.
    pub outcome: String,
    pub points: i64,
    /// Played on fire: points doubled.
    pub fire: bool,
    /// Won or lost because a player never moved.
    pub forfeit: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Standing {
    pub page: usize,
    pub players: Vec<StandingPlayer>,
}

#[derive(Serialize, ToSchema)]
pub struct StandingPlayer {
    pub name: String,
    pub rank: usize,
    pub rating: i64,
    pub score: i64,
    /// Paused (withdrawn for now).
    pub withdraw: bool,
    pub sheet: Sheet,
}

/// A game being played: its id and both players (`n` name, `r` rating, `k` rank).
#[derive(Serialize, ToSchema)]
pub struct Duel {
    pub id: String,
    pub p: Vec<DuelPlayer>,
}

#[derive(Serialize, ToSchema)]
pub struct DuelPlayer {
    pub n: String,
    pub r: i64,
    pub k: usize,
}

/// The caller's place.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    pub username: String,
    pub rank: usize,
    pub withdraw: bool,
    /// The game they play now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
}

/// One arena (lichess's `ArenaTournamentFull`, with `standing` of all players a page holds).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArenaFull {
    #[serde(flatten)]
    pub summary: ArenaSummary,
    pub seconds_to_finish: i64,
    pub is_started: bool,
    pub is_finished: bool,
    /// No game is made any more (the end came); games in play still count.
    pub pairings_closed: bool,
    /// Every game counted.
    pub is_settled: bool,
    pub standing: Standing,
    pub duels: Vec<Duel>,
    /// The first three of a finished arena.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub podium: Vec<StandingPlayer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub me: Option<Me>,
    /// A private arena's code, shown to its creator only: the link to share is `/arena/{id}?entryCode=...`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry_code: Option<String>,
}

/// A line of `GET /api/tournament/{id}/results` (lichess's).
#[derive(Serialize, ToSchema)]
pub struct ResultLine {
    pub rank: usize,
    pub score: i64,
    pub rating: i64,
    pub username: String,
    pub performance: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<Sheet>,
}

fn seconds(ms: i64) -> i64 {
    ms.max(0) / 1000
}

pub fn summary(arena: &Arena, created_by: String, now_ms: i64) -> ArenaSummary {
    let info = chesslantis_core::registry::variant(&arena.variant);
    let stage = arena.stage(now_ms);
    let winner = if stage == Stage::Finished && arena.settled {
        arena
            .ranked()
            .first()
            .filter(|p| !p.sheet.is_empty())
            .map(|p| Named {
                name: p.name.clone(),
            })
    } else {
        None
    };
    ArenaSummary {
        id: arena.id.clone(),
        created_by,
        system: "arena",
        minutes: arena.minutes,
        clock: Clock {
            limit: arena.clock_ms / 1000,
            increment: arena.increment_ms / 1000,
        },
        rated: arena.rated,
        full_name: format!("{} Arena", arena.name),
        nb_players: arena.players.len(),
        variant: VariantJson {
            key: arena.variant.clone(),
            short: info.map_or_else(|| arena.variant.clone(), |i| i.short_name.to_string()),
            name: info.map_or_else(|| arena.variant.clone(), |i| i.name.to_string()),
        },
        starts_at: arena.starts_ms,
        finishes_at: arena.ends_ms,
        status: stage.code(),
        seconds_to_start: seconds(arena.starts_ms - now_ms),
        private: arena.entry_code.is_some(),
        winner,
    }
}

pub fn sheet(player: &Player) -> Sheet {
    Sheet {
        scores: player
            .sheet
            .iter()
            .rev()
            .map(|s| s.points.to_string())
            .collect(),
        fire: player.on_fire(),
        games: player
            .sheet
            .iter()
            .map(|s| SheetGame {
                game: s.game.clone(),
                outcome: serde_json::to_value(s.outcome)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default(),
                points: s.points,
                fire: s.fire,
                forfeit: s.forfeit,
            })
            .collect(),
    }
}

fn standing_player(player: &Player, rank: usize) -> StandingPlayer {
    StandingPlayer {
        name: player.name.clone(),
        rank,
        rating: player.rating,
        score: player.score(),
        withdraw: player.paused,
        sheet: sheet(player),
    }
}

/// The arena as `viewer` (a user id, if signed in) sees it, its standing's page `page` (from 1).
pub fn full(
    arena: &Arena,
    created_by: String,
    viewer: Option<&str>,
    page: usize,
    now_ms: i64,
) -> ArenaFull {
    let ranked = arena.ranked();
    let rank_of = |id: &str| ranked.iter().position(|p| p.id == id).map_or(0, |i| i + 1);
    let stage = arena.stage(now_ms);
    let players = ranked
        .iter()
        .enumerate()
        .skip((page - 1) * PAGE)
        .take(PAGE)
        .map(|(i, p)| standing_player(p, i + 1))
        .collect();
    let duels = arena
        .in_play()
        .map(|g| Duel {
            id: g.game.clone(),
            p: [&g.white, &g.black]
                .iter()
                .map(|id| {
                    let player = arena.player(id);
                    DuelPlayer {
                        n: player.map(|p| p.name.clone()).unwrap_or_default(),
                        r: player.map_or(0, |p| p.rating),
                        k: rank_of(id),
                    }
                })
                .collect(),
        })
        .collect();
    let podium = if stage == Stage::Finished {
        ranked
            .iter()
            .take(3)
            .enumerate()
            .map(|(i, p)| standing_player(p, i + 1))
            .collect()
    } else {
        Vec::new()
    };
    let me = viewer.and_then(|v| arena.player(v)).map(|p| Me {
        username: p.name.clone(),
        rank: rank_of(&p.id),
        withdraw: p.paused,
        game_id: p.playing.clone(),
    });
    let entry_code = if viewer == Some(arena.created_by.as_str()) {
        arena.entry_code.clone()
    } else {
        None
    };
    ArenaFull {
        summary: summary(arena, created_by, now_ms),
        seconds_to_finish: seconds(arena.ends_ms - now_ms),
        is_started: stage != Stage::Created,
        is_finished: stage == Stage::Finished,
        pairings_closed: stage == Stage::Finished,
        is_settled: arena.settled,
        standing: Standing { page, players },
        duels,
        podium,
        me,
        entry_code,
    }
}

/// The results, best first; at most `nb`; each with its sheet if asked.
pub fn results(arena: &Arena, nb: usize, with_sheet: bool) -> Vec<ResultLine> {
    arena
        .ranked()
        .iter()
        .take(nb)
        .enumerate()
        .map(|(i, p)| ResultLine {
            rank: i + 1,
            score: p.score(),
            rating: p.rating,
            username: p.name.clone(),
            performance: arena.performance(p).unwrap_or(p.rating),
            sheet: with_sheet.then(|| sheet(p)),
        })
        .collect()
}
