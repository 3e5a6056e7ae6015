//! What a variant is, said once, for every place that lists or offers
//! variants: the server's `GET /api/variants`, the lobby, the per-game
//! options a request may name, the club evening's default rounds. Each
//! field comes from the variant's own files (its [`Variant`] constants);
//! nothing here names a variant. A registered variant's description is
//! `Descriptor::of`, beside the registry (registry.rs).

pub use crate::game_option::GameOption;
use crate::square::Shape;
use crate::view::SpecialSquaresView;
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

/// The boards of a shape.
pub fn board_shapes(shape: Shape) -> Vec<BoardShape> {
    (0..shape.boards)
        .map(|b| BoardShape { name: shape.board_letter(b), files: shape.files, ranks: shape.ranks })
        .collect()
}

impl Descriptor {
    /// The option named `name`, if this variant has it.
    pub fn option(&self, name: &str) -> Option<&'static GameOption> {
        self.options.iter().find(|o| o.name == name)
    }
}
