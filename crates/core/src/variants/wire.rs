//! The serde of the shared types that carry a variant's own value (its
//! event, its way to win, its pending decision, what it tells a viewer).
//! Reading one back needs every variant's list (`variants/mod.rs`), so the
//! readers live here, beside the lists, and not in event.rs, outcome.rs or
//! view.rs, which the variants import: serde finds an impl wherever it is,
//! so no shared file needs to import this one.

use super::{EVENT_READERS, KNOWLEDGE_FIELDS, KNOWLEDGE_READERS, MOVE_FIELDS, OWN_WINS, PENDING_READERS};
use crate::event::VariantEvent;
use crate::outcome::VariantWin;
use crate::payload::{self, Json};
use crate::view::{EventView, Knowledge, Pending, VariantKnowledge, VariantPending};
use serde::de;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

/// In JSON: `{"kind": "move", ...}` with the fields a move decision always
/// carries ([`MOVE_FIELDS`], `null` here); a variant's own
/// decision as it writes itself.
impl Serialize for Pending {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Pending::Move => {
                let mut fields = vec![("kind".to_string(), Json::String("move".into()))];
                fields.extend(MOVE_FIELDS.iter().map(|name| (name.to_string(), Json::Null)));
                Json::Object(fields).serialize(serializer)
            }
            Pending::Variant(own) => own.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Pending {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pending, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let object = value.as_object().ok_or_else(|| de::Error::custom("a pending decision is an object"))?;
        let plain_move =
            object.get("kind").and_then(|k| k.as_str()) == Some("move") && object.iter().all(|(k, v)| k == "kind" || v.is_null());
        if plain_move {
            return Ok(Pending::Move);
        }
        payload::read(PENDING_READERS, &value)
            .map(|own| Pending::Variant(VariantPending(own)))
            .ok_or_else(|| de::Error::custom(format!("no variant has the decision {value}")))
    }
}

/// In JSON: every field of [`KNOWLEDGE_FIELDS`] (`null` where the
/// variant tells nothing of it), `notes`, and `log` unless it is empty.
impl Serialize for Knowledge {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let own = self.own.as_ref().map(|own| own.0.json());
        let mut map = serializer.serialize_map(None)?;
        for name in KNOWLEDGE_FIELDS {
            map.serialize_entry(name, own.as_ref().and_then(|own| own.field(name)).unwrap_or(&Json::Null))?;
        }
        map.serialize_entry("notes", &self.notes)?;
        if !self.log.is_empty() {
            map.serialize_entry("log", &self.log)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Knowledge {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Knowledge, D::Error> {
        #[derive(Deserialize)]
        struct Fields {
            #[serde(default)]
            notes: Vec<String>,
            #[serde(default)]
            log: Vec<EventView>,
            #[serde(flatten)]
            own: serde_json::Map<String, serde_json::Value>,
        }
        let Fields { notes, log, own } = Fields::deserialize(deserializer)?;
        let own: serde_json::Map<_, _> = own.into_iter().filter(|(_, v)| !v.is_null()).collect();
        let own = match own.is_empty() {
            true => None,
            false => {
                let value = serde_json::Value::Object(own);
                let read = payload::read(KNOWLEDGE_READERS, &value);
                Some(read.map(VariantKnowledge).ok_or_else(|| de::Error::custom(format!("no variant tells {value}")))?)
            }
        };
        Ok(Knowledge { own, notes, log })
    }
}
