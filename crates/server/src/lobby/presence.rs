//! A seek's creator present: their connections to it in this process,
//! counted, so the sweep keeps their seeks open while any is there.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Per open seek, its creator's connections to it in this process.
pub(crate) type Present = Arc<Mutex<HashMap<String, usize>>>;

/// A seek's creator connected to it: while this lives the seek stays open
/// (the sweep keeps it every `Timers::seek_refresh`).
pub struct Presence {
    present: Present,
    id: String,
}

impl Presence {
    /// Counts one more connection of its creator to seek `id`.
    pub(crate) fn new(present: &Present, id: String) -> Presence {
        *present.lock().unwrap_or_else(|p| p.into_inner()).entry(id.clone()).or_default() += 1;
        Presence { present: present.clone(), id }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let mut present = self.present.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = present.get_mut(&self.id) {
            *n -= 1;
            if *n == 0 {
                present.remove(&self.id);
            }
        }
    }
}

