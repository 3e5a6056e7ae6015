//! The HTTP routes of accounts (docs/protocol.md, "Accounts"): sign up,
//! log in, log out, the caller's profile and anyone's, the caller's API
//! tokens. Passwords are read here, hashed off the async threads, and never
//! written anywhere else; a token is written once, in the answer that makes it.

use crate::game::hub::Hub;
use crate::game::room::public_name;
use crate::net::caller::{cookie_guest, guest_or_new, over_tls, session_token, session_user, with_cookie};
use crate::net::client_address::ClientAddress;
use crate::net::protocol::ErrorReply;
use crate::net::rate_limit::Limits;
use crate::net::reply::{body, query, ApiError};
use crate::time::now_ms;
use crate::user::accounts::{self, Password, SignupRefused, User, UserName};
use crate::user::identity::random_id;
use crate::user::identity::GuestId;
use crate::user::sessions::{self, Token};
use crate::user::tokens::{self, TokenInfo};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// `POST /api/signup` and `POST /api/login`. No `Debug`: a password is never printed.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

/// What `GET /api/me` says of the caller.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Me {
    /// The user's name, or the guest's public name.
    pub name: String,
    pub signed_in: bool,
    /// The user's ECF grade; null for none (and for a guest).
    pub grade: Option<i64>,
    /// For `X-CSRF-Token`, by clients that send no `Origin`.
    pub csrf_token: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileUpdate {
    /// The ECF grade, 0 to 300; null or left out for none.
    #[serde(default)]
    grade: Option<i64>,
}

fn storage(e: impl std::fmt::Display) -> ApiError {
    ApiError(ErrorReply::new("storage", e.to_string()))
}

/// The body of a sign-up or login; the parser's own words are left out, as
/// they may quote a value (a password).
fn credentials(parsed: Result<Json<Credentials>, JsonRejection>) -> Result<Credentials, ApiError> {
    parsed.map(|Json(c)| c).map_err(|_| {
        ApiError(ErrorReply::new("malformed", r#"send JSON {"name": "...", "password": "..."} and nothing else, with Content-Type: application/json"#))
    })
}

fn header_value(text: &str) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(text).map_err(|e| ApiError(ErrorReply::new("internal", e.to_string())))
}

/// A new session for `user`: the response with its cookie.
async fn start_session(hub: &Hub, headers: &HeaderMap, user: &User, status: StatusCode) -> Result<Response, ApiError> {
    let token = Token::random().map_err(|e| ApiError(ErrorReply::new("internal", e)))?;
    sessions::insert(hub.store(), &token, &user.id, now_ms()).await.map_err(storage)?;
    let me = Me { name: user.name.clone(), signed_in: true, grade: user.grade, csrf_token: token.csrf(&hub.cookie_key) };
    let cookie = header_value(&sessions::cookie(&token, over_tls(headers)))?;
    Ok(with_cookie(Some(cookie), (status, Json(me))))
}

async fn hash_off_thread(password: Password) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || accounts::hash_password(&password))
        .await
        .map_err(|e| ApiError(ErrorReply::new("internal", e.to_string())))?
        .map_err(ApiError::from)
}

/// A new user, signed in; a guest signing up claims its games.
#[utoipa::path(post, path = "/api/signup", tag = "accounts", request_body = Credentials,
    responses((status = 201, description = "Signed in: the session cookie is set", body = Me),
        (status = 400, body = ErrorReply, description = "malformed, bad_name, bad_password"), (status = 403, body = ErrorReply), (status = 409, body = ErrorReply), (status = 429, body = ErrorReply, description = "too many sign-ups from this address"), (status = 500, body = ErrorReply)))]
pub async fn signup(
    State(hub): State<Arc<Hub>>,
    Extension(limits): Extension<Arc<Limits>>,
    client: ClientAddress,
    headers: HeaderMap,
    request: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, ApiError> {
    let given = credentials(request)?;
    let name = UserName::parse(&given.name)?;
    let password = Password::parse(given.password)?;
    if let Err(wait) = limits.signup_per_address.hit(hub.store(), &client.limit_key()).await {
        return Err(ErrorReply::rate_limited("sign-ups from your address", wait).into());
    }
    let taken = || ApiError(ErrorReply::new("name_taken", format!("the name '{}' is taken (names are not case-sensitive); choose another", name.as_str())));
    if accounts::user_by_name(hub.store(), &name).await.map_err(storage)?.is_some() {
        return Err(taken());
    }
    // A guest signing up claims its id: its games and seats are the user's.
    let claimed = match session_user(&hub, &headers).await? {
        Some(_) => None,
        None => cookie_guest(&hub, &headers),
    };
    let id = match &claimed {
        Some(g) => g.0.clone(),
        None => random_id(16).map_err(|e| ApiError(ErrorReply::new("internal", e)))?,
    };
    let hash = hash_off_thread(password).await?;
    let user = User { id, name: name.as_str().to_string(), grade: None, created_ms: now_ms() };
    match accounts::insert_user(hub.store(), &user, &name, &hash).await {
        Ok(()) => {}
        Err(SignupRefused::NameTaken) => return Err(taken()),
        Err(SignupRefused::IdTaken) => {
            return Err(ErrorReply::new("taken", "this guest has just signed up under another name; log in with it").into())
        }
        Err(SignupRefused::Store(e)) => return Err(storage(e)),
    }
    accounts::remember(&user.id, &user.name);
    if let Some(guest) = &claimed {
        hub.republish_games_of(guest).await;
    }
    let mut response = start_session(&hub, &headers, &user, StatusCode::CREATED).await?;
    if claimed.is_some() {
        // The guest cookie names the user now; the session alone acts for it.
        let cleared = header_value(&crate::user::identity::cleared_cookie(over_tls(&headers)))?;
        response.headers_mut().append(SET_COOKIE, cleared);
    }
    Ok(response)
}

/// A new session.
#[utoipa::path(post, path = "/api/login", tag = "accounts", request_body = Credentials,
    responses((status = 200, description = "Signed in: the session cookie is set", body = Me),
        (status = 400, body = ErrorReply), (status = 401, body = ErrorReply, description = "the name or the password is wrong"), (status = 403, body = ErrorReply), (status = 429, body = ErrorReply, description = "too many login attempts"), (status = 500, body = ErrorReply)))]
pub async fn login(
    State(hub): State<Arc<Hub>>,
    Extension(limits): Extension<Arc<Limits>>,
    client: ClientAddress,
    headers: HeaderMap,
    request: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, ApiError> {
    let given = credentials(request)?;
    // Counted before anything is checked: a guess costs a try whatever it is.
    let name_key = given.name.to_ascii_lowercase();
    let per_name = limits.login_per_name.hit(hub.store(), &name_key).await;
    let per_address = limits.login_per_address.hit(hub.store(), &client.limit_key()).await;
    if let Err(wait) = per_name.and(per_address) {
        return Err(ErrorReply::rate_limited("login attempts for this name or from your address", wait).into());
    }
    let wrong = || ApiError(ErrorReply::new("wrong_credentials", "the name or the password is wrong; check both (names ignore case, passwords do not)"));
    let Ok(name) = UserName::parse(&given.name) else { return Err(wrong()) };
    let password = Password::to_check(given.password);
    let found = accounts::user_with_hash(hub.store(), &name).await.map_err(storage)?;
    let (user, ok) = tokio::task::spawn_blocking(move || match found {
        Some((user, hash)) => {
            let ok = accounts::verify_password(&password, &hash);
            (Some(user), ok)
        }
        None => {
            accounts::spend_a_verification(&password);
            (None, false)
        }
    })
    .await
    .map_err(|e| ApiError(ErrorReply::new("internal", e.to_string())))?;
    match user {
        Some(user) if ok => start_session(&hub, &headers, &user, StatusCode::OK).await,
        _ => Err(wrong()),
    }
}

#[utoipa::path(post, path = "/api/logout", tag = "accounts",
    responses((status = 204, description = "Logged out: the session cookie is cleared"), (status = 403, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// Ends the caller's session; its cookie is cleared and names nobody from now on.
pub async fn logout(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        sessions::delete(hub.store(), &token, now_ms()).await.map_err(storage)?;
    }
    let cleared = header_value(&sessions::cleared_cookie(over_tls(&headers)))?;
    Ok(with_cookie(Some(cleared), StatusCode::NO_CONTENT))
}

#[utoipa::path(get, path = "/api/me", tag = "accounts",
    responses((status = 200, description = "The caller; a guest cookie is set for a caller without one", body = Me),
        (status = 429, body = ErrorReply, description = "too many new guests from this address (the request had no cookie)"), (status = 500, body = ErrorReply)))]
/// The caller: a user by its session, else a guest (made when new).
pub async fn me(
    State(hub): State<Arc<Hub>>,
    Extension(limits): Extension<Arc<Limits>>,
    client: ClientAddress,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some((id, token)) = session_user(&hub, &headers).await? {
        if let Some(user) = accounts::user_by_id(hub.store(), &id.0).await.map_err(storage)? {
            let me = Me { name: user.name, signed_in: true, grade: user.grade, csrf_token: token.csrf(&hub.cookie_key) };
            return Ok(Json(me).into_response());
        }
    }
    let (guest, cookie) = guest_or_new(&hub, &limits, &headers, client).await?;
    let csrf_token = crate::net::csrf::guest_token(&hub.cookie_key, &guest);
    Ok(with_cookie(cookie, Json(Me { name: public_name(&guest), signed_in: false, grade: None, csrf_token })))
}

#[utoipa::path(put, path = "/api/me", tag = "accounts", request_body = ProfileUpdate,
    responses((status = 200, description = "The user's profile", body = crate::net::openapi::UserDoc),
        (status = 400, body = ErrorReply, description = "malformed, bad_grade"), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `PUT /api/me {"grade": 150}`: the signed-in user's profile (`null` clears the grade).
pub async fn update_me(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    request: Result<Json<ProfileUpdate>, JsonRejection>,
) -> Result<Json<User>, ApiError> {
    let update = body(request)?;
    let grade = accounts::check_grade(update.grade)?;
    let id = signed_in(&hub, &headers, "has a profile").await?;
    accounts::set_grade(hub.store(), &id.0, grade).await.map_err(storage)?;
    let user = accounts::user_by_id(hub.store(), &id.0).await.map_err(storage)?;
    user.map(Json).ok_or_else(|| ErrorReply::new("not_found", "your account is gone; sign up again").into())
}

/// The user of the request's session, or `401 not_signed_in`: only a user `what`.
async fn signed_in(hub: &Hub, headers: &HeaderMap, what: &str) -> Result<GuestId, ApiError> {
    match session_user(hub, headers).await? {
        Some((id, _)) => Ok(id),
        None => Err(ErrorReply::new("not_signed_in", format!("only a signed-in user {what}; sign up or log in first")).into()),
    }
}

/// `POST /api/tokens`: a new personal API token.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTokenRequest {
    /// What the token is for, 1 to 100 characters.
    #[schema(example = "my bot")]
    description: String,
    /// Lichess's scope names; none when left out.
    #[serde(default)]
    #[schema(example = json!(["bot:play"]))]
    scopes: Vec<String>,
}

/// A new token: the only time it is shown.
#[derive(Serialize, ToSchema)]
pub struct NewToken {
    /// `Authorization: Bearer <token>`; keep it secret, it is not shown again.
    #[schema(example = "lip_3k9x0q2m7w1e8r4t6y5u0i9o8p7a6s5d")]
    token: String,
    #[serde(flatten)]
    info: TokenInfo,
}

#[utoipa::path(get, path = "/api/tokens", tag = "accounts",
    responses((status = 200, description = "The signed-in user's tokens, oldest first (never the tokens themselves)", body = Vec<TokenInfo>),
        (status = 401, body = ErrorReply), (status = 403, body = ErrorReply, description = "session_only: sent with a bearer token"), (status = 500, body = ErrorReply)))]
/// `GET /api/tokens`: the signed-in user's personal API tokens.
pub async fn list_tokens(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Vec<TokenInfo>>, ApiError> {
    let id = signed_in(&hub, &headers, "has API tokens").await?;
    Ok(Json(tokens::list(hub.store(), &id.0).await.map_err(storage)?))
}

#[utoipa::path(post, path = "/api/tokens", tag = "accounts", request_body = NewTokenRequest,
    responses((status = 201, description = "The new token, shown this once", body = NewToken),
        (status = 400, body = ErrorReply, description = "malformed, bad_scope, bad_description"), (status = 401, body = ErrorReply), (status = 403, body = ErrorReply),
        (status = 409, body = ErrorReply, description = "the user holds as many tokens as allowed"), (status = 500, body = ErrorReply)))]
/// `POST /api/tokens {"description": "my bot", "scopes": ["bot:play"]}`: a new
/// personal API token of the signed-in user.
pub async fn create_token(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    request: Result<Json<NewTokenRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let asked = body(request)?;
    let description = tokens::check_description(&asked.description)?;
    let scopes = tokens::check_scopes(&asked.scopes)?;
    let id = signed_in(&hub, &headers, "makes API tokens").await?;
    let (info, secret) = tokens::create(hub.store(), &id.0, &description, &scopes, now_ms()).await?;
    Ok((StatusCode::CREATED, Json(NewToken { token: secret.reveal().to_string(), info })).into_response())
}

#[utoipa::path(delete, path = "/api/tokens/{id}", tag = "accounts", params(("id" = String, Path, description = "The token's id (from `GET /api/tokens`)")),
    responses((status = 204, description = "Revoked: the token names nobody from now on"),
        (status = 401, body = ErrorReply), (status = 403, body = ErrorReply), (status = 404, body = ErrorReply, description = "no token of the user has this id"), (status = 500, body = ErrorReply)))]
/// `DELETE /api/tokens/{id}`: revokes one of the signed-in user's tokens.
pub async fn revoke_token(State(hub): State<Arc<Hub>>, headers: HeaderMap, Path(token): Path<String>) -> Result<StatusCode, ApiError> {
    let id = signed_in(&hub, &headers, "has API tokens").await?;
    if tokens::revoke(hub.store(), &id.0, &token).await.map_err(storage)? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ErrorReply::new("not_found", "you have no token with this id; GET /api/tokens lists yours").into())
    }
}

/// One finished game in a player's archive.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ArchivedGame {
    pub id: String,
    pub variant: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub result: Option<String>,
    pub words: Option<String>,
    pub rated: bool,
    pub created_ms: i64,
    /// The game's page; its PGN is at `/api/games/{id}/pgn`.
    pub url: String,
}

/// At most this many games a page of the archive (and the default).
pub const ARCHIVE_LIMIT: i64 = 100;

/// One page of a user's archive: its games, newest first, and the cursor
/// of the next (older) page, `null` on the last one.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ArchivePage {
    pub games: Vec<ArchivedGame>,
    /// Pass as `before` for the next page.
    pub next: Option<String>,
}

/// `?before=<cursor>&limit=<1..100>`, both optional.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ArchiveQuery {
    /// The `next` of the page before; the newest games when left out.
    #[serde(default)]
    before: Option<String>,
    /// Games a page, 1 to 100 (100 when left out).
    #[serde(default)]
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
}

/// Where a page starts: after the game created at `created_ms` with `id`
/// (games are ordered newest first, then by id). Written `{created_ms}.{id}`,
/// opaque to clients.
struct Cursor {
    created_ms: i64,
    id: String,
}

impl Cursor {
    /// Before every game: the first page.
    fn first() -> Cursor {
        Cursor { created_ms: i64::MAX, id: String::new() }
    }

    fn of(game: &ArchivedGame) -> Cursor {
        Cursor { created_ms: game.created_ms, id: game.id.clone() }
    }

    fn text(&self) -> String {
        format!("{}.{}", self.created_ms, self.id)
    }

    fn parse(text: &str) -> Result<Cursor, ApiError> {
        let bad = || ApiError(ErrorReply::new("bad_cursor", "'before' is not a cursor of this archive; pass the 'next' of the page before, or leave it out for the first page"));
        let (ms, id) = text.split_once('.').ok_or_else(bad)?;
        let created_ms = ms.parse().map_err(|_| bad())?;
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(bad());
        }
        Ok(Cursor { created_ms, id: id.to_string() })
    }
}

fn page_size(limit: Option<&str>) -> Result<i64, ApiError> {
    let Some(text) = limit else { return Ok(ARCHIVE_LIMIT) };
    match text.parse::<i64>() {
        Ok(n) if (1..=ARCHIVE_LIMIT).contains(&n) => Ok(n),
        _ => Err(ApiError(ErrorReply::new("bad_limit", format!("'limit' is a whole number 1 to {ARCHIVE_LIMIT} (games a page); '{}' is not", text.chars().take(20).collect::<String>())))),
    }
}

/// Up to `limit` ended games of `player` after `cursor`, newest first.
async fn finished_games(store: &crate::db::store::Store, player: &str, cursor: &Cursor, limit: i64) -> Result<Vec<ArchivedGame>, crate::db::store::StoreError> {
    let rows = store.finished_games_of(player, (cursor.created_ms, &cursor.id), limit).await?;
    let name_of = |p: Option<String>| p.map(|p| public_name(&crate::user::identity::GuestId(p)));
    Ok(rows
        .into_iter()
        .map(|g| ArchivedGame {
            url: format!("/game/{}", g.id),
            id: g.id,
            variant: g.variant,
            white: name_of(g.white_player),
            black: name_of(g.black_player),
            result: g.result,
            words: g.result_words,
            rated: g.rated,
            created_ms: g.created_ms,
        })
        .collect())
}

#[utoipa::path(get, path = "/api/users/{name}/games", tag = "accounts", params(("name" = String, Path, description = "The user's name (not case-sensitive)")), params(ArchiveQuery),
    responses((status = 200, body = ArchivePage), (status = 400, body = ErrorReply, description = "bad_cursor, bad_limit"), (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `GET /api/users/{name}/games`: a page of the user's finished games, newest first.
pub async fn games_of(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    parsed: Result<Query<ArchiveQuery>, QueryRejection>,
) -> Result<Json<ArchivePage>, ApiError> {
    let query = query(parsed)?;
    let limit = page_size(query.limit.as_deref())?;
    let cursor = match query.before.as_deref() {
        Some(text) => Cursor::parse(text)?,
        None => Cursor::first(),
    };
    let not_found = || ApiError(ErrorReply::new("not_found", format!("there is no user '{name}'; check the name")));
    let Ok(parsed) = UserName::parse(&name) else { return Err(not_found()) };
    let user = accounts::user_by_name(hub.store(), &parsed).await.map_err(storage)?.ok_or_else(not_found)?;
    // One more than a page: whether there is a next one.
    let mut games = finished_games(hub.store(), &user.id, &cursor, limit + 1).await.map_err(storage)?;
    let more = games.len() as i64 > limit;
    games.truncate(limit as usize);
    let next = if more { games.last().map(|g| Cursor::of(g).text()) } else { None };
    Ok(Json(ArchivePage { games, next }))
}

/// A user's public profile: its ratings besides the account's public fields.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct Profile {
    #[serde(flatten)]
    #[schema(value_type = crate::net::openapi::UserDoc)]
    pub user: User,
    /// One per variant the user played rated games of.
    #[schema(value_type = Vec<crate::net::openapi::VariantRatingDoc>)]
    pub ratings: Vec<crate::user::ratings::VariantRating>,
}

#[utoipa::path(get, path = "/api/users/{name}", tag = "accounts", params(("name" = String, Path, description = "The user's name (not case-sensitive)")),
    responses((status = 200, body = Profile), (status = 404, body = ErrorReply), (status = 500, body = ErrorReply)))]
/// `GET /api/users/{name}`: a user's public profile.
pub async fn profile(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Result<Json<Profile>, ApiError> {
    let not_found = || ApiError(ErrorReply::new("not_found", format!("there is no user '{name}'; check the name")));
    let Ok(parsed) = UserName::parse(&name) else { return Err(not_found()) };
    let user = accounts::user_by_name(hub.store(), &parsed).await.map_err(storage)?.ok_or_else(not_found)?;
    let ratings = crate::user::ratings::all_of(hub.store(), &user.id).await.map_err(storage)?;
    Ok(Json(Profile { user, ratings }))
}
