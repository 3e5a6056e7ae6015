//! Data a single variant owns (its events, its pending decisions, what its
//! players know) carried through shared code tagged with its owner, as
//! [`crate::game::VariantAction`] carries a variant's decisions. Shared code
//! clones, compares, prints and serialises a [`Tagged`] without knowing
//! what it means; the owning variant, and any consumer that knows it, reads
//! it typed with [`Tagged::get`].

use serde::de::{self, DeserializeOwned, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::any::Any;
use std::fmt;

/// A variant's own typed data: its JSON (an internally tagged enum, or a
/// struct of named fields) is what the wire carries, byte for byte.
pub trait Payload: Any + Clone + PartialEq + fmt::Debug + fmt::Display + Serialize + DeserializeOwned + Send + Sync {
    /// The id of the variant that owns this data.
    const VARIANT: &'static str;

    /// Events only: what follows this event's words in a sentence of the
    /// events of one action, up to the next event's words (`None`: `; `
    /// between events, nothing after the last).
    fn lead_into(&self, _next: Option<&crate::event::Event>) -> Option<String> {
        None
    }

    /// Events only: the entry this event adds to the score (a move that
    /// did not stand but is shown, marked), if any.
    fn scored(&self) -> Option<crate::move_seen::MoveSeen> {
        None
    }

    /// Wraps the payload for shared code.
    fn tagged(self) -> Tagged {
        Tagged(Box::new(self))
    }
}

/// A [`Payload`] of any variant.
pub struct Tagged(Box<dyn Erased>);

impl Tagged {
    /// The id of the variant that owns it.
    pub fn owner(&self) -> &'static str {
        self.0.owner()
    }

    /// The payload, typed, if it is a `P`.
    pub fn get<P: Payload>(&self) -> Option<&P> {
        self.0.as_any().downcast_ref()
    }

    /// What follows its words in a sentence ([`Payload::lead_into`]).
    pub fn lead_into(&self, next: Option<&crate::event::Event>) -> Option<String> {
        self.0.lead_into(next)
    }

    /// The entry it adds to the score ([`Payload::scored`]).
    pub fn scored(&self) -> Option<crate::move_seen::MoveSeen> {
        self.0.scored()
    }

    /// Its JSON, in the order its owner writes the fields.
    pub(crate) fn json(&self) -> Json {
        self.0.json()
    }
}

/// What shared code may do with a payload without knowing its type.
trait Erased: Any + Send + Sync {
    fn owner(&self) -> &'static str;
    fn json(&self) -> Json;
    fn same(&self, other: &dyn Erased) -> bool;
    fn boxed(&self) -> Box<dyn Erased>;
    fn as_any(&self) -> &dyn Any;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn display(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn lead_into(&self, next: Option<&crate::event::Event>) -> Option<String>;
    fn scored(&self) -> Option<crate::move_seen::MoveSeen>;
}

impl<P: Payload> Erased for P {
    fn owner(&self) -> &'static str {
        P::VARIANT
    }

    fn json(&self) -> Json {
        let text = serde_json::to_string(self).expect("a payload serialises");
        serde_json::from_str(&text).expect("a payload's JSON reads back")
    }

    fn same(&self, other: &dyn Erased) -> bool {
        other.as_any().downcast_ref::<P>() == Some(self)
    }

    fn boxed(&self) -> Box<dyn Erased> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }

    fn display(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }

    fn lead_into(&self, next: Option<&crate::event::Event>) -> Option<String> {
        Payload::lead_into(self, next)
    }

    fn scored(&self) -> Option<crate::move_seen::MoveSeen> {
        Payload::scored(self)
    }
}

impl Clone for Tagged {
    fn clone(&self) -> Tagged {
        Tagged(self.0.boxed())
    }
}

impl PartialEq for Tagged {
    fn eq(&self, other: &Tagged) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Tagged {}

impl fmt::Debug for Tagged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug(f)
    }
}

/// In the owner's words.
impl fmt::Display for Tagged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.display(f)
    }
}

impl Serialize for Tagged {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json().serialize(serializer)
    }
}

/// Reads a payload back from its JSON: each variant's reader in turn (see
/// [`crate::variants::PAYLOAD_READERS`]); `None` if no variant knows it.
pub type Reader = fn(&serde_json::Value) -> Option<Tagged>;

/// The reader of payloads of type `P`.
pub fn reader<P: Payload>(value: &serde_json::Value) -> Option<Tagged> {
    P::deserialize(value).ok().map(Payload::tagged)
}

/// The payload some variant reads from `value`.
pub(crate) fn read(readers: &[Reader], value: &serde_json::Value) -> Option<Tagged> {
    readers.iter().find_map(|read| read(value))
}

/// JSON that keeps the order of an object's fields (serde_json's own
/// `Value` sorts them), so that a payload serialises through shared code
/// exactly as its owner wrote it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The value of field `name` of an object.
    pub(crate) fn field(&self, name: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => serializer.serialize_unit(),
            Json::Bool(b) => serializer.serialize_bool(*b),
            Json::Number(n) => n.serialize(serializer),
            Json::String(s) => serializer.serialize_str(s),
            Json::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(fields) => {
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        Json::deserialize(d)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Json::Null, Json::Number))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_string()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut fields = Vec::new();
        while let Some((k, v)) = map.next_entry()? {
            fields.push((k, v));
        }
        Ok(Json::Object(fields))
    }
}
