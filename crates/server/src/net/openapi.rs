//! The OpenAPI description of the HTTP API, served at
//! `GET /api/openapi.json`. Each route's doc is the `#[utoipa::path]` of
//! its handler, and `http::api_router` registers every route through
//! `utoipa_axum::routes!`, which takes the path and the methods from that
//! doc: a route is served only with its description.
//!
//! The types of the files this module does not own (the lobby's request and
//! seeks, the ratings, the export; core's `Seat` and the game's options in
//! game/schema.rs) are described by the `*Doc` mirrors under their own
//! names; a test checks each mirror against its type in both directions, so
//! neither can gain a field the other lacks.

use crate::game::schema::{GameOptionsDoc, SeatDoc};
use crate::net::reply::ERROR_STATUSES;
use crate::net::protocol::ErrorReply;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{OpenApi as Document, RefOr};
use utoipa::{Modify, OpenApi, PartialSchema, ToSchema};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Chesslantis",
        description = "The referee of online Chesslantis games: accounts, API tokens, seeks, games, their WebSockets, the archive and replays, \
                       and lichess's Bot and Board API (tag lichess). \
                       docs/protocol.md (section Server) tells the same in words.",
        license(name = "see the repository's LICENSE")
    ),
    components(schemas(ErrorReply)),
    tags(
        (name = "accounts", description = "Sign up, log in, profiles and a user's archive"),
        (name = "games", description = "Seeks, games, actions, records and replays"),
        (name = "lichess", description = "Lichess's Bot and Board API for lichess's clients, authenticated by `Authorization: Bearer <token>` \
                                          (`POST /api/tokens`); refusals are lichess's `{\"error\": \"...\"}`"),
        (name = "club", description = "Club events: the Swiss of a club evening (a variant per round, clocks by grade) and its group match"),
        (name = "arena", description = "Arenas: lichess's arena tournaments in any variant (lichess's routes and shapes; refusals are lichess's `{\"error\": \"...\"}`)"),
        (name = "api", description = "This description"),
    ),
)]
struct Base;

/// What `routes!` adds the paths to: the title, the tags, `ErrorReply`.
pub fn base() -> Document {
    Base::openapi()
}

/// The document with every path: the error responses name their codes.
pub fn finish(mut doc: Document) -> Document {
    ErrorCodes.modify(&mut doc);
    doc
}

/// Names the error codes each error status carries (from `ERROR_STATUSES`,
/// the table the replies use) in every error response's description.
struct ErrorCodes;

impl ErrorCodes {
    fn words(status: &str) -> Option<String> {
        if status == "400" {
            return Some("Bad Request: `code` says what is wrong (`malformed`: the body or the query does not parse; else the route's own code)".into());
        }
        let (found, codes) = ERROR_STATUSES.iter().find(|(s, _)| s.as_str() == status)?;
        Some(format!("{}: `code` is one of {}", found.canonical_reason().unwrap_or("error"), codes.join(", ")))
    }
}

impl Modify for ErrorCodes {
    fn modify(&self, doc: &mut Document) {
        for item in doc.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                for (status, response) in operation.responses.responses.iter_mut() {
                    let (RefOr::T(response), Some(words)) = (response, ErrorCodes::words(status)) else { continue };
                    if !response.description.contains("`code` ") {
                        response.description =
                            if response.description.is_empty() { words } else { format!("{}. {words}", response.description) };
                    }
                }
            }
        }
    }
}

/// An error is sent as `{"type":"error","code":"...","message":"..."}`
/// (`ServerMessage::Error`), the same over HTTP and the WebSocket.
impl PartialSchema for ErrorReply {
    fn schema() -> RefOr<Schema> {
        let text = |description: &str| ObjectBuilder::new().schema_type(Type::String).description(Some(description));
        ObjectBuilder::new()
            .description(Some("A refused request: a stable `code` and, in words, what is wrong and how to fix it."))
            .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["error"])))
            .required("type")
            .property("code", text("A stable code: `not_found`, `malformed`, `stale`, ... (the HTTP status follows from it)."))
            .required("code")
            .property("message", text("What is wrong and what to do about it."))
            .required("message")
            .property(
                "options",
                ArrayBuilder::new()
                    .items(ObjectBuilder::new().schema_type(Type::String))
                    .description(Some("`needs_choice`: the full action texts to choose from; left out otherwise.")),
            )
            .into()
    }
}

impl ToSchema for ErrorReply {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ErrorReply")
    }
}

/// A request for a new game (`lobby::new_game::NewGame`). Every field but `variant`
/// may be left out or sent as `null`, which means the same.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = NewGame)]
pub struct NewGameDoc {
    /// A variant id of `GET /api/variants`.
    #[schema(example = "chess")]
    variant: String,
    /// A start position in the variant's FEN; the variant's start when left out.
    #[serde(default)]
    #[schema(example = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")]
    fen: Option<String>,
    /// The creator's time in ms, 100 to 10800000 (5 minutes when left out).
    #[serde(default)]
    #[schema(default = 300000, example = 600000)]
    time_ms: Option<i64>,
    /// The opponent's time in ms; the creator's when left out.
    #[serde(default)]
    #[schema(example = 300000)]
    opponent_time_ms: Option<i64>,
    /// Added after each move, 0 to 60000 ms.
    #[serde(default)]
    #[schema(default = 0, example = 2000)]
    increment_ms: Option<i64>,
    /// `random` when left out.
    #[serde(default)]
    colour: Option<ColourChoiceDoc>,
    /// Listed among the open seeks; otherwise reachable by its link only.
    #[serde(default)]
    #[schema(default = false, example = true)]
    open: Option<bool>,
    /// Who takes the other seat: left out, whoever accepts; the engine, at once.
    #[serde(default)]
    opponent: Option<OpponentDoc>,
    /// Per-game options, e.g. `{"forfeit": true}` (looking-glass only).
    #[serde(default)]
    #[schema(value_type = Option<GameOptionsDoc>)]
    options: Option<serde_json::Map<String, serde_json::Value>>,
    /// The result moves both players' ratings: between signed-in users only.
    #[serde(default)]
    #[schema(default = false, example = true)]
    rated: Option<bool>,
}

/// The colour the creator asks for.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ColourChoice)]
pub enum ColourChoiceDoc {
    White,
    Black,
    Random,
}

/// `{"engine": {"level": 0..20}}`
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
#[schema(as = Opponent, example = json!({"engine": {"level": 8}}))]
pub enum OpponentDoc {
    Engine {
        /// 0 (weakest) to 20 (full strength).
        level: u32,
    },
}

/// An open seek as listed (`lobby::seeks::Seek`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Seek)]
pub struct SeekDoc {
    id: String,
    variant: String,
    /// The creator's public name.
    by: String,
    /// The seat the one who accepts gets.
    seat: SeatDoc,
    white_ms: i64,
    black_ms: i64,
    increment_ms: i64,
    rated: bool,
    /// The creator's rating in the variant (null for a guest).
    rating: Option<RatingDoc>,
}

/// A Glicko-2 rating (`ratings::Rating`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Rating)]
pub struct RatingDoc {
    rating: f64,
    deviation: f64,
    volatility: f64,
    /// Rated games played in the variant.
    games: i64,
    /// The deviation is above 110.
    provisional: bool,
}

/// A variant described by its own code (core's `descriptor::Descriptor`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Variant)]
pub struct VariantDoc {
    /// The id used in requests, URLs and UCI (`looking-glass`).
    id: String,
    /// The full name (`Circe Chess (Newport club rules)`).
    name: String,
    /// The name where room is short (`Circe (Newport rules)`).
    short_name: String,
    /// The family it belongs to (`Newport club`), left out when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    family: Option<String>,
    /// Its boards: a letter where there are several, files and ranks.
    boards: Vec<BoardShapeDoc>,
    /// Chance decides some steps; the referee commits to its dice.
    rolls_dice: bool,
    /// A player may not see everything (a secret carrier, a hidden world).
    hidden_information: bool,
    /// The yes/no rule options `POST /api/games` may set in `options`.
    options: Vec<VariantOptionDoc>,
    /// What a player types for the variant's own decisions, one per line.
    commands: String,
    /// Short words a player may type, and the action each means.
    typed_words: Vec<TypedWordDoc>,
    /// The squares with a rule of their own, which boards mark.
    special_squares: Option<SpecialSquaresDoc>,
    /// The page that explains the rules to players.
    rules_page: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardShapeDoc {
    name: Option<char>,
    files: u8,
    ranks: u8,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantOptionDoc {
    /// The name `options` uses (`forfeit`).
    name: String,
    /// A checkbox's label.
    label: String,
    /// One sentence on what it changes.
    hint: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TypedWordDoc {
    word: String,
    means: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialSquaresDoc {
    /// `portal`, `angle`.
    label: String,
    /// What players call them (`the portals`).
    name: String,
    squares: Vec<String>,
}

/// A rating with its variant (`ratings::VariantRating`).
#[derive(Serialize, Deserialize, ToSchema)]
#[schema(as = VariantRating)]
pub struct VariantRatingDoc {
    variant: String,
    #[serde(flatten)]
    rating: RatingDoc,
}

/// A user's public fields (`accounts::User`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = User)]
pub struct UserDoc {
    name: String,
    /// The ECF grade, 0 to 300; null for none.
    grade: Option<i64>,
    /// When the account was made (Unix ms).
    created_ms: i64,
}

/// A game's record (`verify::GameExport`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = GameExport)]
pub struct GameExportDoc {
    id: String,
    variant: String,
    setup: Option<String>,
    status: crate::game::state::Status,
    result: Option<String>,
    /// SHA-256 of the dice seed, shown from the start.
    commitment: String,
    /// The seed, once the game is over.
    seed: Option<String>,
    /// The game's actions as they stand: an accepted takeback's are gone
    /// (docs/protocol.md, "Takebacks").
    actions: Vec<EntryDoc>,
}

/// One action of a game's log (core's `Entry`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Entry)]
pub struct EntryDoc {
    seat: SeatDoc,
    /// The action's text (`e2e4`, `accept`, `roll e5`).
    action: String,
}

/// One recomputed roll (`verify::CheckedRoll`).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = CheckedRoll)]
pub struct CheckedRollDoc {
    ply: u64,
    roll: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::DeserializeOwned;
    use serde_json::{json, Value};

    /// `real` as JSON reads as `Doc` and writes back the same, and so does
    /// `doc` as `Real`: neither has a field the other lacks.
    fn mirrors<Real: Serialize + DeserializeOwned, Doc: Serialize + DeserializeOwned>(real: Real, doc: Doc) {
        let real = serde_json::to_value(real).unwrap();
        let as_doc: Doc = serde_json::from_value(real.clone()).unwrap_or_else(|e| panic!("{real} is not a {}: {e}", std::any::type_name::<Doc>()));
        assert_eq!(serde_json::to_value(as_doc).unwrap(), real);
        let doc = serde_json::to_value(doc).unwrap();
        let as_real: Real = serde_json::from_value(doc.clone()).unwrap_or_else(|e| panic!("{doc} is not a {}: {e}", std::any::type_name::<Real>()));
        let back = serde_json::to_value(as_real).unwrap();
        match doc.as_object() {
            // A field the request leaves out may come back as its default.
            Some(fields) => {
                for (k, v) in fields {
                    assert!(v.is_null() || back.get(k) == Some(v), "{k}: {v} became {back}");
                }
            }
            None => assert_eq!(back, doc),
        }
    }

    fn from<T: DeserializeOwned>(v: Value) -> T {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn each_mirror_has_its_types_fields() {
        let new_game = json!({"variant": "chess", "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "time_ms": 1000, "opponent_time_ms": 2000,
            "increment_ms": 3, "colour": "black", "open": true, "opponent": {"engine": {"level": 4}}, "options": {"forfeit": false}, "rated": true});
        mirrors::<crate::lobby::new_game::NewGame, NewGameDoc>(from(new_game.clone()), from(new_game));
        let rating = json!({"rating": 1500.0, "deviation": 350.0, "volatility": 0.06, "games": 0, "provisional": true});
        let seek = json!({"id": "a", "variant": "chess", "by": "b", "seat": "white", "white_ms": 1, "black_ms": 2, "increment_ms": 3,
            "rated": false, "rating": rating});
        mirrors::<crate::lobby::seeks::Seek, SeekDoc>(from(seek.clone()), from(seek));
        let variant_rating = json!({"variant": "chess", "rating": 1500.0, "deviation": 350.0, "volatility": 0.06, "games": 0, "provisional": true});
        mirrors::<crate::user::ratings::VariantRating, VariantRatingDoc>(from(variant_rating.clone()), from(variant_rating));
        let user = json!({"name": "Alice", "grade": 150, "created_ms": 7});
        mirrors::<crate::user::accounts::User, UserDoc>(from(user.clone()), from(user));
        let export = json!({"id": "a", "variant": "chess", "setup": null, "status": "ended", "result": "1-0", "commitment": "c",
            "seed": "s", "actions": [{"seat": "chance", "action": "roll e4"}]});
        mirrors::<crate::game::verify::GameExport, GameExportDoc>(from(export.clone()), from(export));
        let roll = json!({"ply": 3, "roll": "roll e4"});
        mirrors::<crate::game::verify::CheckedRoll, CheckedRollDoc>(from(roll.clone()), from(roll));
        let change = json!({"white": {"before": 1500, "after": 1662, "diff": 162}, "black": {"before": 1500, "after": 1338, "diff": -162}});
        mirrors::<crate::user::ratings::RatingChanges, crate::game::schema::RatingChangesDoc>(from(change.clone()), from(change));
        let options = json!({"forfeit": true});
        mirrors::<crate::game::options::GameOptions, GameOptionsDoc>(from(options.clone()), from(options));
        for seat in ["white", "black", "chance"] {
            mirrors::<chesslantis_core::Seat, SeatDoc>(from(json!(seat)), from(json!(seat)));
        }
    }

    /// Every variant's descriptor reads as the documented `Variant` and back unchanged.
    #[test]
    fn variant_descriptors_match_their_schema() {
        for descriptor in chesslantis_core::registry::descriptors() {
            let real = serde_json::to_value(&descriptor).unwrap();
            let doc: VariantDoc = serde_json::from_value(real.clone()).unwrap_or_else(|e| panic!("{real}: {e}"));
            assert_eq!(serde_json::to_value(doc).unwrap(), real);
        }
    }

    #[test]
    fn error_responses_name_their_codes_from_the_status_table() {
        assert!(ErrorCodes::words("409").unwrap().contains("stale"));
        assert!(ErrorCodes::words("400").unwrap().contains("malformed"));
        assert_eq!(ErrorCodes::words("200"), None);
    }
}
