//! A game's options, chosen when it is made (`"options": {"forfeit": true}`
//! in `POST /api/games`): which variants have which option, how each becomes
//! the game's start, and how they are stored. A game keeps its options
//! across a restart and into its rematch.

use crate::game::error::GameError;
use chesslantis_core::variants::looking_glass::{fen_with_rule, OrderRule};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The options of one game; the default is none.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    /// Looking-Glass: an impossible order forfeits the turn and the opponent
    /// chooses the forfeiting side's move (docs/rules/looking-glass.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forfeit: bool,
}

/// An option a request may name, and the variants that have it.
struct Known {
    name: &'static str,
    variants: &'static [&'static str],
}

const KNOWN: &[Known] = &[Known { name: "forfeit", variants: &["looking-glass"] }];

fn bad(message: String) -> GameError {
    GameError::BadOption(message)
}

impl GameOptions {
    /// The options a request gave for `variant`. Every option is a boolean;
    /// `false` is each option's default and is allowed for any variant.
    pub fn parse(variant: &str, given: &Map<String, Value>) -> Result<GameOptions, GameError> {
        let mut options = GameOptions::default();
        for (name, value) in given {
            let name = name.chars().take(40).collect::<String>();
            let Some(known) = KNOWN.iter().find(|k| k.name == name) else {
                let names: Vec<String> = KNOWN.iter().map(|k| format!("'{}' ({})", k.name, k.variants.join(", "))).collect();
                return Err(bad(format!("there is no option '{name}'; the options are {}", names.join(", "))));
            };
            let Some(on) = value.as_bool() else {
                return Err(bad(format!("option '{name}' is true or false, not {value}")));
            };
            if on && !known.variants.contains(&variant) {
                return Err(bad(format!(
                    "{variant} has no option '{name}'; only {} has it: leave it out or choose that variant",
                    known.variants.join(", ")
                )));
            }
            options.forfeit |= known.name == "forfeit" && on;
        }
        Ok(options)
    }

    /// The game's start with these options: `setup` (the variant's start
    /// when `None`) as core writes it under each option.
    pub fn apply(self, setup: Option<String>) -> Result<Option<String>, GameError> {
        if !self.forfeit {
            return Ok(setup);
        }
        fen_with_rule(setup.as_deref(), OrderRule::Forfeit)
            .map(Some)
            .map_err(|e| GameError::BadSetup(format!("this start cannot take the forfeit option: {e}")))
    }

    pub fn is_none(self) -> bool {
        self == GameOptions::default()
    }

    /// The stored column: NULL for none, else the JSON object.
    pub fn to_column(self) -> Option<String> {
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

    #[test]
    fn forfeit_is_looking_glass_only() {
        assert_eq!(GameOptions::parse("looking-glass", &map(r#"{"forfeit":true}"#)), Ok(GameOptions { forfeit: true }));
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
        let on = GameOptions { forfeit: true };
        assert_eq!(on.to_column().as_deref(), Some(r#"{"forfeit":true}"#));
        assert_eq!(GameOptions::from_column(on.to_column().as_deref()), Ok(on));
        assert_eq!(GameOptions::default().to_column(), None);
        assert_eq!(GameOptions::from_column(None), Ok(GameOptions::default()));
    }

    #[test]
    fn forfeit_starts_under_the_forfeit_rule() {
        let start = GameOptions { forfeit: true }.apply(None).unwrap().unwrap();
        assert!(start.contains(" forfeit setup-white"), "{start}");
        assert_eq!(GameOptions::default().apply(None), Ok(None));
    }
}
