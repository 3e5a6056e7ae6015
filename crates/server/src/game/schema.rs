//! The OpenAPI descriptions of the types a game's state carries that are
//! not the game's own (core's `Seat` and `View`, the ratings' change) or
//! that serialise by hand (`GameOptions`), under their own names; net/openapi.rs checks each
//! against its type.

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, Schema};
use std::borrow::Cow;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// Core's `Seat`: who acts (`chance` is the dice).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = Seat)]
pub enum SeatDoc {
    White,
    Black,
    Chance,
}

/// A game's options (`options::GameOptions`), by name, each `true`; `{}`
/// for none. Which variant has which option: `GET /api/variants`.
#[derive(Serialize, Deserialize, ToSchema)]
#[schema(as = GameOptions, example = json!({"forfeit": false}))]
pub struct GameOptionsDoc(std::collections::BTreeMap<String, bool>);

/// The game as one viewer may see it: core's `View` (docs/protocol.md, the
/// model's section): boards, FEN, the side to act, the legal actions (for
/// the seat that must act), the last action, `moves` (the SAN of the moves
/// so far as this viewer saw them), knowledge, outcome, and at the end what
/// was hidden.
pub struct ViewDoc;

impl PartialSchema for ViewDoc {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .description(Some(
                "The game as one viewer may see it (core's View, docs/protocol.md): boards, fen, to_act, pending, legal, \
                 last, moves (SAN as this viewer saw them), knowledge, special_squares, draw_offer, outcome, reveal.",
            ))
            .into()
    }
}

impl ToSchema for ViewDoc {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("View")
    }
}

/// What a rated game did to one player's rating (`ratings::RatingChange`),
/// in whole points as shown: `diff` is `after - before`.
#[derive(Serialize, Deserialize, ToSchema)]
#[schema(as = RatingChange)]
pub struct RatingChangeDoc {
    pub before: i64,
    pub after: i64,
    pub diff: i64,
}

/// Both players' rating changes by a rated game (`ratings::RatingChanges`).
#[derive(Serialize, Deserialize, ToSchema)]
#[schema(as = RatingChanges)]
pub struct RatingChangesDoc {
    pub white: RatingChangeDoc,
    pub black: RatingChangeDoc,
}
