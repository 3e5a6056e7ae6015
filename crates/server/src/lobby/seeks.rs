//! The open seeks: listed from the database (oldest first, with their
//! creators' ratings), kept open while their creator is present (a
//! WebSocket on the seek, or a lobby request), called off when their time
//! runs out.

use crate::db::store::StoreError;
use crate::game::hub::Hub;
use crate::game::room::public_name;
use crate::game::room_handle::RoomHandle;
use crate::game::state::{Role, Status};
use crate::game::timers::{CHALLENGE_EXPIRED_WORDS, EXPIRE_BATCH, SEEK_GONE_WORDS};
use crate::lobby::error::LobbyError;
use crate::lobby::presence::Presence;
use crate::time::now_ms;
use crate::user::identity::GuestId;
use crate::user::ratings::Rating;
use chesslantis_core::Seat;
use serde::{Deserialize, Serialize};

/// An open seek as listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seek {
    pub id: String,
    pub variant: String,
    pub by: String,
    /// The seat the one who accepts gets.
    pub seat: Seat,
    pub white_ms: i64,
    pub black_ms: i64,
    pub increment_ms: i64,
    pub rated: bool,
    /// The creator's rating in the variant (null for a guest, or a user
    /// without rated games of it: 1500 provisional).
    pub rating: Option<Rating>,
}

/// The most open seeks `GET /api/seeks` lists (the oldest first).
pub const MAX_SEEKS_LISTED: i64 = 200;

impl Hub {
    /// The open seeks, oldest first (at most `MAX_SEEKS_LISTED`), with
    /// their users' ratings, read from the database (wherever they were
    /// made; none is loaded into memory). A viewer's own seeks stay open:
    /// this lobby request is a sign of life.
    pub async fn seeks(&self, viewer: Option<&GuestId>) -> Vec<Seek> {
        if let Some(viewer) = viewer {
            if let Err(e) = self.keep_seeks_of(viewer).await {
                eprintln!("keeping the seeks of a lobby visitor: {e}");
            }
        }
        let rows = match self.store().open_seeks(now_ms(), MAX_SEEKS_LISTED).await {
            Ok(rows) => rows,
            Err(e) => {
                eprintln!("listing the open seeks: {e}");
                Vec::new()
            }
        };
        let mut seeks = Vec::with_capacity(rows.len());
        for row in rows {
            let (seat, creator) = match (&row.white_player, &row.black_player) {
                (None, Some(black)) => (Seat::White, black),
                (Some(white), None) => (Seat::Black, white),
                _ => continue,
            };
            let creator = GuestId(creator.clone());
            let rating = match crate::user::accounts::name_of(&creator) {
                // A user without rated games of the variant is a newcomer.
                Some(_) => crate::user::ratings::of(self.store(), &creator.0, &row.variant).await.ok().map(|r| r.unwrap_or_default()),
                None => None,
            };
            seeks.push(Seek {
                id: row.id,
                by: public_name(&creator),
                variant: row.variant,
                seat,
                white_ms: row.white_ms,
                black_ms: row.black_ms,
                increment_ms: row.increment_ms,
                rated: row.rated,
                rating,
            });
        }
        seeks
    }

    /// `player` was seen: their open seeks stay open another `seek_idle`
    /// (written only when a refresh is due, so a polling lobby writes seldom).
    async fn keep_seeks_of(&self, player: &GuestId) -> Result<(), LobbyError> {
        let storage = |e: StoreError| LobbyError::Storage(e.to_string());
        let timers = self.timers();
        let until = now_ms() + timers.seek_idle.as_millis() as i64;
        let due_before = until - timers.seek_refresh().as_millis() as i64;
        let due: Vec<String> =
            self.store().seeks_of(&player.0).await.map_err(storage)?.into_iter().filter(|(_, at)| at.is_none_or(|at| at < due_before)).map(|(id, _)| id).collect();
        if !due.is_empty() {
            self.store().keep_seeks(&due, until).await.map_err(storage)?;
        }
        Ok(())
    }

    /// `guest` connected to game `handle`: if it is their open seek, it
    /// stays open while the returned presence lives (and `seek_idle` after).
    pub async fn presence(&self, handle: &RoomHandle, guest: Option<&GuestId>) -> Option<Presence> {
        let id = {
            let room = handle.room.lock().await;
            let own_seek = room.status() == Status::Waiting && room.spec().listed && room.role_of(guest) != Role::Spectator;
            own_seek.then(|| room.id().to_string())?
        };
        let presence = Presence::new(&self.present, id.clone());
        let until = now_ms() + self.timers().seek_idle.as_millis() as i64;
        if let Err(e) = self.store().keep_seeks(std::slice::from_ref(&id), until).await {
            eprintln!("keeping seek {id} open: {e}");
        }
        Some(presence)
    }

    /// The seeks whose creators are connected here stay open another `seek_idle`.
    pub async fn keep_present_seeks(&self) -> Result<(), LobbyError> {
        let ids: Vec<String> = self.present.lock().unwrap_or_else(|p| p.into_inner()).keys().cloned().collect();
        if ids.is_empty() {
            return Ok(());
        }
        let until = now_ms() + self.timers().seek_idle.as_millis() as i64;
        self.store().keep_seeks(&ids, until).await.map_err(|e| LobbyError::Storage(e.to_string()))
    }

    /// Calls off, in the database, the seeks and challenges whose time ran
    /// out before `now_ms`; those held here are read again (and published).
    pub async fn expire_waiting(&self, now_ms: i64) -> Result<(), LobbyError> {
        loop {
            let ids = self
                .store()
                .expire_waiting(now_ms, EXPIRE_BATCH, SEEK_GONE_WORDS, CHALLENGE_EXPIRED_WORDS)
                .await
                .map_err(|e| LobbyError::Storage(e.to_string()))?;
            for id in &ids {
                self.changed_elsewhere(id).await;
            }
            if (ids.len() as i64) < EXPIRE_BATCH {
                return Ok(());
            }
        }
    }
}
