//! Lichess's routes (docs/protocol.md, "Bot and Board API"), in lichess's
//! shapes, so that its clients (lichess-bot, berserk) work by changing only
//! the server's address. Their refusals are lichess's `{"error": "..."}`
//! (`LichessError`), not our `ErrorReply`; the OpenAPI description lists
//! them in each route's words rather than as error responses, which there
//! are `ErrorReply` on every route (tests/openapi.rs). Which token scope
//! each route accepts is in `caller::accepts`, checked before the handler runs.

use crate::game::hub::Hub;
use crate::net::caller::{over_tls, session_user, token_user};
use crate::net::reply::LichessError;
use crate::user::ratings::VariantRating;
use crate::user::{accounts, bot, ratings};
use axum::extract::State;
use axum::http::header::HOST;
use axum::http::HeaderMap;
use axum::Json;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// A rating in lichess's shape (its `Perf`).
#[derive(Serialize, ToSchema)]
pub struct Perf {
    /// Rated games played.
    games: i64,
    rating: i64,
    /// The rating's deviation.
    rd: i64,
    /// Lichess's progress over the last games; always 0 here: no rating history is kept.
    prog: i64,
    /// Present (true) only while the rating is provisional (deviation above 110).
    #[serde(skip_serializing_if = "Option::is_none")]
    prov: Option<bool>,
}

impl Perf {
    fn of(r: &VariantRating) -> Perf {
        let rating = &r.rating;
        Perf {
            games: rating.games,
            rating: rating.rating.round() as i64,
            rd: rating.deviation.round() as i64,
            prog: 0,
            prov: rating.provisional.then_some(true),
        }
    }
}

/// The caller's account in lichess's shape (its `UserExtended`), with the
/// fields we keep; lichess's others are left out, none made up.
#[derive(Serialize, ToSchema)]
pub struct Account {
    /// The name in lower case.
    #[schema(example = "bobby")]
    id: String,
    #[schema(example = "Bobby")]
    username: String,
    /// One per variant (our variant ids) the user played rated games of.
    perfs: BTreeMap<String, Perf>,
    /// `BOT` for a bot account; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "BOT")]
    title: Option<&'static str>,
    /// When the account was made, Unix ms.
    #[serde(rename = "createdAt")]
    created_at: i64,
    /// The profile page.
    #[schema(example = "https://chesslantis.example/@/Bobby")]
    url: String,
}

/// Lichess's `{"ok": true}`.
#[derive(Serialize, ToSchema)]
#[schema(as = Ok)]
pub struct OkReply {
    ok: bool,
}

impl OkReply {
    pub fn yes() -> OkReply {
        OkReply { ok: true }
    }
}

/// This server's address as the client addressed it (a proxy's
/// `X-Forwarded-Host` first); `None` without a `Host`.
pub(crate) fn base_url(headers: &HeaderMap) -> Option<String> {
    let host = headers.get("x-forwarded-host").or_else(|| headers.get(HOST))?.to_str().ok()?;
    let host = host.split(',').next()?.trim();
    let scheme = if over_tls(headers) { "https" } else { "http" };
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

#[utoipa::path(get, path = "/api/account", tag = "lichess",
    responses((status = 200, description = "The caller's account. Refusals are lichess's `{\"error\": \"...\"}`: 401 without a live token or session", body = Account)))]
/// Lichess's "Get my profile": the user of the bearer token (any scope) or of the session.
pub async fn account(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Account>, LichessError> {
    let id = match token_user(&hub, &headers).await? {
        Some(token) => token.user_id,
        None => match session_user(&hub, &headers).await.map_err(LichessError::from)? {
            Some((user, _)) => user.0,
            None => return Err(LichessError::missing_authorization()),
        },
    };
    let user = accounts::user_by_id(hub.store(), &id).await?.ok_or_else(LichessError::no_such_token)?;
    let perfs = ratings::all_of(hub.store(), &id).await?.iter().map(|r| (r.variant.clone(), Perf::of(r))).collect();
    let title = bot::is_bot(hub.store(), &id).await?.then_some("BOT");
    let url = format!("{}/@/{}", base_url(&headers).unwrap_or_default(), user.name);
    Ok(Json(Account { id: user.name.to_ascii_lowercase(), username: user.name, perfs, title, created_at: user.created_ms, url }))
}

#[utoipa::path(post, path = "/api/bot/account/upgrade", tag = "lichess",
    responses((status = 200, description = "The account is a bot account now (and for good). Needs a token with `bot:play`. \
        Refusals are lichess's `{\"error\": \"...\"}`: 400 `You already have games played. Make a new account.`, 401 without a live token, 403 `Missing scope`", body = OkReply)))]
/// Lichess's "Upgrade to Bot account": only an account that has played no game.
pub async fn bot_upgrade(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<OkReply>, LichessError> {
    let token = token_user(&hub, &headers).await?.ok_or_else(LichessError::missing_authorization)?;
    if bot::upgrade(hub.store(), &token.user_id).await? {
        Ok(Json(OkReply::yes()))
    } else {
        Err(LichessError::bad_request(bot::HAS_PLAYED))
    }
}
