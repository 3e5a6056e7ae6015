//! Asking for a game's analysis and reading where it stands: refused for a
//! game not over (in every variant: before the end the record holds
//! secrets, and an engine's opinion of a running game is advice); asked for
//! by signed-in users only, queued once per game, and at most
//! `per_user` waiting or running per user.

use crate::analysis::queue::{self, Job, JobStatus, Queued};
use crate::analysis::result::{GameAnalysis, PlayersAnalysis, PlyAnalysis};
use crate::analysis::{AnalysisError, Analyser};
use crate::db::store::Store;
use crate::game::state::Status;
use crate::time::now_ms;
use crate::user::identity::GuestId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where a game's analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisStatus {
    /// Nobody asked for it yet.
    None,
    Queued,
    /// Being analysed; `progress` says how far.
    Running,
    Done,
    /// It could not be made; `error` says why.
    Failed,
}

/// The moves analysed of those to analyse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// A game's analysis as `GET /api/games/{id}/analysis` answers it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AnalysisState {
    /// The game's id.
    pub id: String,
    pub status: AnalysisStatus,
    /// While queued or running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<Progress>,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Once done: one entry per action of the game, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Vec<PlyAnalysis>>,
    /// Once done: each player's moves summed up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayersAnalysis>,
}

fn refuse_unless_over(id: &str, status: Status) -> Result<(), AnalysisError> {
    if status.is_over() {
        return Ok(());
    }
    Err(AnalysisError::NotOver(format!(
        "game {id} is not over: a game is analysed only once it has ended (no engine's opinion reaches a game in progress); ask again after its end"
    )))
}

/// The stored result of a done job.
fn stored_result(job: &Job) -> Result<Option<GameAnalysis>, AnalysisError> {
    match (&job.status, &job.result) {
        (JobStatus::Done, Some(json)) => serde_json::from_str(json)
            .map(Some)
            .map_err(|e| AnalysisError::Internal(format!("the stored analysis of game {} does not read back: {e}", job.game_id))),
        _ => Ok(None),
    }
}

fn state_of(id: &str, job: Option<&Job>) -> Result<AnalysisState, AnalysisError> {
    let Some(job) = job else {
        return Ok(AnalysisState { id: id.into(), status: AnalysisStatus::None, progress: None, error: None, analysis: None, players: None });
    };
    let status = match job.status {
        JobStatus::Queued => AnalysisStatus::Queued,
        JobStatus::Running => AnalysisStatus::Running,
        JobStatus::Done => AnalysisStatus::Done,
        JobStatus::Failed => AnalysisStatus::Failed,
    };
    let progress = matches!(job.status, JobStatus::Queued | JobStatus::Running)
        .then(|| Progress { done: job.done_moves.max(0) as u64, total: job.total_moves.max(0) as u64 });
    let result = stored_result(job)?;
    let (analysis, players) = result.map(|r| (r.analysis, r.players)).unzip();
    Ok(AnalysisState { id: id.into(), status, progress, error: job.error.clone(), analysis, players })
}

/// Asks for the analysis of game `id` (whose status is `status`) for `user`,
/// a signed-in user: queues it, or answers the job it has.
pub async fn request(analyser: &Analyser, id: &str, status: Status, user: Option<&GuestId>) -> Result<AnalysisState, AnalysisError> {
    refuse_unless_over(id, status)?;
    let Some(user) = user else {
        return Err(AnalysisError::NotSignedIn("only a signed-in user asks for a computer analysis; sign up or log in first".into()));
    };
    let most = analyser.settings().per_user;
    match queue::request(analyser.store(), id, &user.0, most as i64, now_ms()).await? {
        Queued::Job(job) => {
            if job.status == JobStatus::Queued {
                analyser.wake();
            }
            state_of(id, Some(&job))
        }
        Queued::Full(pending) => Err(AnalysisError::TooMany(format!(
            "you have {pending} analyses waiting or running, the most one user may ({most}); ask again once one is done"
        ))),
    }
}

/// Where the analysis of game `id` (whose status is `status`) stands.
pub async fn state(store: &Store, id: &str, status: Status) -> Result<AnalysisState, AnalysisError> {
    refuse_unless_over(id, status)?;
    state_of(id, queue::job_of(store, id).await?.as_ref())
}

/// The analysis of game `id`, once done (for its PGN's `[%eval]` comments).
pub async fn finished(store: &Store, id: &str) -> Result<Option<GameAnalysis>, AnalysisError> {
    match queue::job_of(store, id).await? {
        Some(job) => stored_result(&job),
        None => Ok(None),
    }
}
