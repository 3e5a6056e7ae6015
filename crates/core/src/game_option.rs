//! A rule option one game may turn on, which a variant declares among its
//! constants (`Variant::OPTIONS`) and front ends list (`Descriptor`): a file
//! of its own so that the variant trait need not import the descriptions.

use crate::error::FenError;
use serde::Serialize;

/// A rule option one game may choose when it is made (`"options":
/// {"forfeit": true}`): off by default, and turned on by rewriting the
/// game's start.
#[derive(Clone, Debug, Serialize)]
pub struct GameOption {
    /// The name a request uses.
    pub name: &'static str,
    /// A checkbox's label.
    pub label: &'static str,
    /// One sentence on what the option changes.
    pub hint: &'static str,
    /// The start (the variant's own when `None`) with the option on.
    #[serde(skip)]
    pub apply: fn(Option<&str>) -> Result<String, FenError>,
}

impl PartialEq for GameOption {
    fn eq(&self, other: &GameOption) -> bool {
        self.name == other.name
    }
}

impl Eq for GameOption {}
