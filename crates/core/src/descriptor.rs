//! What a variant is, said once, for every place that lists or offers
//! variants: the server's `GET /api/variants`, the lobby, the per-game
//! options a request may name, the club evening's default rounds. Each
//! field comes from the variant's own files (its [`Variant`] constants);
//! nothing here names a variant.

use crate::error::FenError;
use crate::registry::VariantInfo;
use crate::square::Shape;
use crate::view::{special_squares_view, SpecialSquaresView};
use serde::Serialize;

/// One variant, described for front ends. In JSON (`/api/variants`):
/// `{"id": "portal", "name": "Portal Chess", "short_name": "Portal", ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Descriptor {
    /// The id used on the command line, in UCI, in URLs and in the database.
    pub id: &'static str,
    /// The full name (`Circe Chess (Newport club rules)`).
    pub name: &'static str,
    /// The name a list or a button has room for (`Circe (Newport rules)`).
    pub short_name: &'static str,
    /// Who plays it as a family of variants, when it is one (`Newport club`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family: Option<&'static str>,
    /// Its boards, in the order squares name them.
    pub boards: Vec<BoardShape>,
    /// Whether chance decides some steps: the referee commits to its dice.
    pub rolls_dice: bool,
    /// Whether a player may not see everything (a secret carrier, a hidden world).
    pub hidden_information: bool,
    /// The yes/no rule options a new game may set.
    pub options: &'static [GameOption],
    /// What a player types for the variant's own decisions, one per line.
    pub commands: &'static str,
    /// Short words a player may type for an action, and the action they mean
    /// (`bomb` → `detonate`).
    pub typed_words: Vec<TypedWord>,
    /// The squares with a rule of their own, which boards mark.
    pub special_squares: Option<SpecialSquaresView>,
    /// The page that explains the rules to players.
    pub rules_page: String,
}

/// One board of a variant: its letter where there are several, and its size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardShape {
    pub name: Option<char>,
    pub files: u8,
    pub ranks: u8,
}

/// A typed shorthand and the action text it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TypedWord {
    pub word: &'static str,
    pub means: &'static str,
}

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

/// The boards of a shape.
pub fn board_shapes(shape: Shape) -> Vec<BoardShape> {
    (0..shape.boards)
        .map(|b| BoardShape { name: shape.board_letter(b), files: shape.files, ranks: shape.ranks })
        .collect()
}

impl Descriptor {
    /// The description of a registered variant.
    pub fn of(info: &VariantInfo) -> Descriptor {
        let hidden_information = (info.new_game)(None).is_ok_and(|game| game.hidden_information());
        Descriptor {
            id: info.id,
            name: info.name,
            short_name: info.short_name,
            family: info.family,
            boards: board_shapes(info.shape),
            rolls_dice: info.rolls_dice,
            hidden_information,
            options: info.options,
            commands: info.commands,
            typed_words: info.typed_words.iter().map(|&(word, means)| TypedWord { word, means }).collect(),
            special_squares: special_squares_view(info.shape, (info.special_squares)()),
            rules_page: format!("/rules/{}", info.id),
        }
    }

    /// The option named `name`, if this variant has it.
    pub fn option(&self, name: &str) -> Option<&'static GameOption> {
        self.options.iter().find(|o| o.name == name)
    }
}
