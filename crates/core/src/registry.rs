//! The variants by id, for the places that pick one at run time (CLI, server).
//! Each entry's functions are the variant's generic code, monomorphised.

use crate::descriptor::{board_shapes, Descriptor, GameOption, TypedWord};
use crate::error::FenError;
use crate::square::Shape;
use crate::game::{Game, PositionGame};
use crate::notation;
use crate::perft;
use crate::position::Position;
use crate::variant::{SpecialSquares, Variant};
use crate::view::special_squares_view;
use crate::variants::{beirut, bermuda_angle, looking_glass, rejection, Bede, Beirut, BermudaAngle, BermudaTwoBoard, Chess, Circe, KnightsAreGod, LookingGlass, Portal, Rejection};

/// Makes a game from the start position or a FEN.
pub type NewGame = fn(Option<&str>) -> Result<Box<dyn Game>, FenError>;
/// Perft by root move with a progress callback `(done, total)`.
pub type Divide = fn(Option<&str>, u32, &mut dyn FnMut(usize, usize)) -> Result<Vec<(String, u64)>, FenError>;

/// One variant's entry points.
pub struct VariantInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub short_name: &'static str,
    pub family: Option<&'static str>,
    pub shape: Shape,
    pub options: &'static [GameOption],
    pub typed_words: &'static [(&'static str, &'static str)],
    pub start_fen: fn() -> &'static str,
    /// A new game from the start position or a FEN.
    pub new_game: NewGame,
    /// Perft by root move: (move text, count) pairs; `progress(done, total)`.
    pub divide: Divide,
    /// The legal moves as text, each with the variant's note if it has one.
    pub moves: fn(Option<&str>) -> Result<Vec<String>, FenError>,
    /// What a player types for the variant's own decisions (`Variant::COMMANDS`).
    pub commands: &'static str,
    /// Whether the game rolls dice (`Variant::ROLLS_DICE`).
    pub rolls_dice: bool,
    /// The squares boards mark for players, if the variant has any.
    pub special_squares: fn() -> Option<SpecialSquares>,
    /// What one roll of the variant's dice gives at a board the referee does
    /// not see (over the board, where the server rolls on request): each
    /// outcome's action text with its chance; empty for a game without dice.
    pub table_roll: fn() -> Vec<(String, crate::game::Probability)>,
}

fn divide_text<V: Variant>(
    fen: Option<&str>,
    depth: u32,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<(String, u64)>, FenError> {
    let pos = Position::<V>::from_fen_or_start(fen)?;
    let c960 = pos.uses_960_castling();
    Ok(perft::divide(&pos, depth, progress)
        .into_iter()
        .map(|(mv, n)| (notation::uci::<V>(mv, c960), n))
        .collect())
}

fn moves_text<V: Variant>(fen: Option<&str>) -> Result<Vec<String>, FenError> {
    let pos = Position::<V>::from_fen_or_start(fen)?;
    let c960 = pos.uses_960_castling();
    Ok(pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let text = notation::uci::<V>(mv, c960);
            match V::move_note(&pos, mv) {
                Some(note) => format!("{text} {note}"),
                None => text,
            }
        })
        .collect())
}

impl VariantInfo {
    /// The entry of variant `V`, whose games `new_game` makes. A variant
    /// outside this list (a test's own) gets an entry the same way and
    /// plays through [`crate::DynGame::of`].
    pub const fn of<V: Variant>(new_game: NewGame) -> VariantInfo {
        VariantInfo {
            id: V::ID,
            name: V::NAME,
            short_name: V::SHORT_NAME,
            family: V::FAMILY,
            shape: V::SHAPE,
            options: V::OPTIONS,
            typed_words: V::TYPED_WORDS,
            start_fen: V::start_fen,
            new_game,
            divide: divide_text::<V>,
            moves: moves_text::<V>,
            commands: V::COMMANDS,
            rolls_dice: V::ROLLS_DICE,
            special_squares: V::special_squares,
            table_roll: no_dice,
        }
    }
}

fn no_dice() -> Vec<(String, crate::game::Probability)> {
    Vec::new()
}

/// A game of `V` with no state beyond its position: the `new_game` of most variants.
pub fn plain_game<V: Variant>(fen: Option<&str>) -> Result<Box<dyn Game>, FenError> {
    Ok(Box::new(PositionGame::new(Position::<V>::from_fen_or_start(fen)?)))
}

/// Every variant, in the order `chesslantis variants` lists them.
pub static VARIANTS: &[VariantInfo] = &[
    VariantInfo::of::<Chess>(plain_game::<Chess>),
    // Over the board the dice pick one of the Angle's 36 squares, as in a game here.
    VariantInfo { table_roll: bermuda_angle::voyage::table_roll, ..VariantInfo::of::<BermudaAngle>(bermuda_angle::game::new_game) },
    VariantInfo::of::<Rejection>(rejection::new_game),
    VariantInfo::of::<Circe>(plain_game::<Circe>),
    VariantInfo::of::<Portal>(plain_game::<Portal>),
    VariantInfo::of::<Beirut>(beirut::new_game),
    VariantInfo::of::<KnightsAreGod>(plain_game::<KnightsAreGod>),
    VariantInfo::of::<BermudaTwoBoard>(plain_game::<BermudaTwoBoard>),
    VariantInfo::of::<Bede>(plain_game::<Bede>),
    VariantInfo::of::<LookingGlass>(looking_glass::new_game),
];

/// The variant with this id.
pub fn variant(id: &str) -> Option<&'static VariantInfo> {
    VARIANTS.iter().find(|v| v.id == id)
}

/// All ids, for error messages and listings.
pub fn variant_ids() -> Vec<&'static str> {
    VARIANTS.iter().map(|v| v.id).collect()
}

/// Every variant described, in the registry's order (`GET /api/variants`).
pub fn descriptors() -> Vec<Descriptor> {
    VARIANTS.iter().map(Descriptor::of).collect()
}

/// The ids of the variants of one family, in the registry's order.
pub fn family(name: &str) -> Vec<&'static str> {
    VARIANTS.iter().filter(|v| v.family == Some(name)).map(|v| v.id).collect()
}

/// Here and not in descriptor.rs, which the variants import (through
/// `GameOption`): describing one reads its entry.
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
}
