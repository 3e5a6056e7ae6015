//! The serde readers of the shared types that carry a variant's own value
//! (its event, its way to win). Reading one back needs every variant's list
//! (`variants/mod.rs`), so the readers live here, beside the lists, and not
//! in event.rs or outcome.rs, which the variants import: serde finds an impl
//! wherever it is, so no shared file needs to import this one.

use super::{EVENT_READERS, OWN_WINS};
use crate::event::VariantEvent;
use crate::outcome::VariantWin;
use crate::payload;
use serde::{Deserialize, Deserializer};

/// Read back by the variant that knows its `kind`.
impl<'de> Deserialize<'de> for VariantEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<VariantEvent, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        payload::read(EVENT_READERS, &value)
            .map(VariantEvent)
            .ok_or_else(|| serde::de::Error::custom(format!("no variant has the event {value}")))
    }
}

/// Read back through the variants' list of their own wins.
impl<'de> Deserialize<'de> for VariantWin {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<VariantWin, D::Error> {
        let id = String::deserialize(deserializer)?;
        OWN_WINS
            .iter()
            .find(|win| win.id == id)
            .map(|&win| VariantWin(win))
            .ok_or_else(|| serde::de::Error::custom(format!("no variant has the win reason '{id}'")))
    }
}
