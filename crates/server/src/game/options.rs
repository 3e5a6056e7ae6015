//! A game's options, chosen when it is made (`"options": {"forfeit": true}`
//! in `POST /api/games`): each variant's descriptor says which options it
//! has and how each becomes the game's start; here they are checked, applied
//! and stored. A game keeps its options across a restart and into its rematch.

use crate::game::error::GameError;
use chesslantis_core::descriptor::GameOption;
use chesslantis_core::registry;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The options of one game, by name, each `true` (an option left out is
/// off); the default is none. In JSON and in its column: `{"forfeit": true}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions(BTreeMap<String, bool>);

fn bad(message: String) -> GameError {
    GameError::BadOption(message)
}

/// Every variant's option, with the variant that has it.
fn all_options() -> Vec<(&'static str, &'static GameOption)> {
    registry::VARIANTS.iter().flat_map(|v| v.options.iter().map(move |o| (v.id, o))).collect()
}

impl GameOptions {
    /// The options a request gave for `variant`. Every option is a boolean;
    /// `false` is each option's default and is allowed for any variant.
    pub fn parse(variant: &str, given: &Map<String, Value>) -> Result<GameOptions, GameError> {
        let known = all_options();
        let mut options = GameOptions::default();
        for (name, value) in given {
            let name = name.chars().take(40).collect::<String>();
            let having: Vec<&str> = known.iter().filter(|(_, o)| o.name == name).map(|(v, _)| *v).collect();
            if having.is_empty() {
                let names: Vec<String> = known.iter().map(|(v, o)| format!("'{}' ({v})", o.name)).collect();
                return Err(bad(format!("there is no option '{name}'; the options are {}", names.join(", "))));
            }
            let Some(on) = value.as_bool() else {
                return Err(bad(format!("option '{name}' is true or false, not {value}")));
            };
            if on && !having.contains(&variant) {
                return Err(bad(format!(
                    "{variant} has no option '{name}'; only {} has it: leave it out or choose that variant",
                    having.join(", ")
                )));
            }
            if on {
                options.0.insert(name, true);
            }
        }
        Ok(options)
    }

    /// The game's start with these options: `setup` (the variant's start
    /// when `None`) as the variant's descriptor rewrites it under each option.
    pub fn apply(&self, variant: &str, setup: Option<String>) -> Result<Option<String>, GameError> {
        let mut setup = setup;
        for name in self.0.keys() {
            let option = registry::variant(variant)
                .and_then(|v| v.options.iter().find(|o| o.name == *name))
                .ok_or_else(|| bad(format!("{variant} has no option '{name}'")))?;
            setup = Some((option.apply)(setup.as_deref()).map_err(|e| {
                GameError::BadSetup(format!("this start cannot take the {name} option: {e}"))
            })?);
        }
        Ok(setup)
    }

    pub fn is_none(&self) -> bool {
        self.0.is_empty()
    }

    /// The stored column: NULL for none, else the JSON object.
    pub fn to_column(&self) -> Option<String> {
        (!self.is_none()).then(|| serde_json::to_string(&self).unwrap_or_default())
    }

    pub fn from_column(column: Option<&str>) -> Result<GameOptions, String> {
        match column {
            None => Ok(GameOptions::default()),
            Some(text) => serde_json::from_str(text).map_err(|e| format!("its stored options '{text}' do not read: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(json: &str) -> Map<String, Value> {
        serde_json::from_str(json).unwrap()
    }

    fn forfeit() -> GameOptions {
        GameOptions(BTreeMap::from([("forfeit".to_string(), true)]))
    }

    #[test]
    fn forfeit_is_looking_glass_only() {
        assert_eq!(GameOptions::parse("looking-glass", &map(r#"{"forfeit":true}"#)), Ok(forfeit()));
        assert_eq!(GameOptions::parse("looking-glass", &map("{}")), Ok(GameOptions::default()));
        assert_eq!(GameOptions::parse("chess", &map(r#"{"forfeit":false}"#)), Ok(GameOptions::default()));
        let chess = GameOptions::parse("chess", &map(r#"{"forfeit":true}"#)).unwrap_err();
        assert_eq!(chess.code(), "bad_option");
        assert!(chess.to_string().contains("looking-glass"), "{}", chess.to_string());
        let unknown = GameOptions::parse("looking-glass", &map(r#"{"fast":true}"#)).unwrap_err();
        assert!(unknown.to_string().contains("'fast'") && unknown.to_string().contains("looking-glass"), "{}", unknown.to_string());
        assert_eq!(GameOptions::parse("looking-glass", &map(r#"{"forfeit":1}"#)).unwrap_err().code(), "bad_option");
    }

    #[test]
    fn options_round_trip_through_their_column() {
        let on = forfeit();
        assert_eq!(on.to_column().as_deref(), Some(r#"{"forfeit":true}"#));
        assert_eq!(GameOptions::from_column(on.to_column().as_deref()), Ok(on));
        assert_eq!(GameOptions::default().to_column(), None);
        assert_eq!(GameOptions::from_column(None), Ok(GameOptions::default()));
    }

    #[test]
    fn forfeit_starts_under_the_forfeit_rule() {
        let start = forfeit().apply("looking-glass", None).unwrap().unwrap();
        assert!(start.contains(" forfeit setup-white"), "{start}");
        assert_eq!(GameOptions::default().apply("looking-glass", None), Ok(None));
        let refused = forfeit().apply("looking-glass", Some("not a position".into())).unwrap_err();
        assert_eq!(refused.code(), "bad_setup");
    }
}
