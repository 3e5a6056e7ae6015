//! Online events move on without anyone reading them: every few seconds
//! each process looks at the events changed in the last day that are
//! played online and not finished, carries in their games' results and
//! pairs their next round (`online::collect_results`). Several processes
//! may do it at once: every change is written over the version it was
//! made from, so each is made once.

use crate::club::evening::ClubEvent;
use crate::club::online;
use crate::club::shown::{stage, Stage};
use crate::club::error::ClubError;
use crate::game::hub::Hub;
use crate::time::now_ms;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often the online events are looked at.
pub const TICK: Duration = Duration::from_secs(3);
/// Events changed this recently are looked at (a round's games end well within it).
const RECENT_MS: i64 = 24 * 60 * 60 * 1000;
/// Events looked at each tick at most, the last changed first.
const LOOKED_AT: i64 = 100;

/// Starts this process's autopilot; it ends with the hub.
pub fn start(hub: &Arc<Hub>) {
    let hub: Weak<Hub> = Arc::downgrade(hub);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(TICK);
        loop {
            tick.tick().await;
            let Some(hub) = hub.upgrade() else { return };
            if let Err(e) = look_at_events(&hub, now_ms()).await {
                eprintln!("club events: {e}");
            }
        }
    });
}

/// Moves on every recent online event that is not finished.
pub async fn look_at_events(hub: &Hub, now_ms: i64) -> Result<(), ClubError> {
    for row in hub.store().club_events_changed_since(now_ms - RECENT_MS, LOOKED_AT).await? {
        let club = ClubEvent::of(row)?;
        if !club.online || stage(&club.event) == Stage::Finished {
            continue;
        }
        let id = club.id.clone();
        // One event's trouble (its database row, a game not made) leaves the others to go on.
        if let Err(e) = online::collect_results(hub, club, now_ms).await {
            eprintln!("club event {id}: {e}");
        }
    }
    Ok(())
}
