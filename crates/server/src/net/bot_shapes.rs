//! Lichess's JSON shapes of the Bot and Board API (its OpenAPI description,
//! github.com/lichess-org/api, doc/specs/schemas): challenges, the event
//! stream's game infos, a game stream's `gameFull`, `gameState` and
//! `chatLine`. Every game field is read from the state published for the
//! caller's seat (what its WebSocket shows), never from the game itself.

use crate::chat::channel::Posted;
use crate::db::store::{Store, StoreError};
use crate::game::room::public_name;
use crate::game::room_handle::{Published, RoomHandle};
use crate::game::state::{GameState, Role, Status};
use crate::lobby::challenges::{self, Challenge, ChallengeError};
use crate::lobby::new_game::ColourChoice;
use crate::net::reply::LichessError;
use crate::user::identity::GuestId;
use crate::user::{accounts, bot, ratings};
use axum::http::StatusCode;
use chesslantis_core::{registry, Color, Seat, View};
use serde::Serialize;
use utoipa::ToSchema;

/// A variant as lichess names it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct VariantJson {
    /// `standard`, `chess960`, `fromPosition`, or our variant id (`bermuda-angle`).
    key: String,
    name: String,
    short: String,
}

/// Our variant `variant` told as lichess's `key` (`standard` for our chess).
pub fn variant_json(variant: &str, key: &str) -> VariantJson {
    let (name, short) = match key {
        "standard" => ("Standard".to_string(), "Std".to_string()),
        "chess960" => ("Chess960".to_string(), "960".to_string()),
        "fromPosition" => ("From Position".to_string(), "FEN".to_string()),
        _ => match registry::variant(variant) {
            Some(info) => (info.name.to_string(), info.short_name.to_string()),
            None => (variant.to_string(), variant.to_string()),
        },
    };
    VariantJson { key: key.to_string(), name, short }
}

/// The key lichess's clients are told of a game of `variant` from `setup`:
/// its challenge's, or `standard`/`fromPosition` for our chess, else our id.
pub async fn game_variant_key(store: &Store, id: &str, variant: &str, setup: Option<&str>) -> String {
    if let Ok(Some(c)) = challenges::challenge(store, id).await {
        return c.variant_key;
    }
    match (variant, setup) {
        ("chess", None) => "standard".into(),
        ("chess", Some(_)) => "fromPosition".into(),
        (v, _) => v.into(),
    }
}

/// Lichess's speed of a clock: its estimate, the time plus 40 increments.
pub fn speed(limit_s: i64, increment_s: i64) -> &'static str {
    match limit_s + 40 * increment_s {
        t if t < 30 => "ultraBullet",
        t if t < 180 => "bullet",
        t if t < 480 => "blitz",
        t if t < 1500 => "rapid",
        _ => "classical",
    }
}

/// Lichess's perf of a game: its speed for chess, the variant otherwise.
fn perf_key(key: &str, speed: &'static str) -> String {
    match key {
        "standard" | "fromPosition" => speed.to_string(),
        k => k.to_string(),
    }
}

/// The perf's name as lichess shows it (`Blitz`, `Chess960`, our variant's name).
fn perf_name(variant: &VariantJson, speed: &'static str) -> String {
    match variant.key.as_str() {
        "standard" | "fromPosition" => {
            let mut name = speed.to_string();
            name[..1].make_ascii_uppercase();
            name
        }
        _ => variant.name.clone(),
    }
}

/// A player as lichess's challenges and games show one.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PlayerJson {
    /// The name in lower case.
    id: String,
    name: String,
    /// `BOT` for a bot account.
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'static str>,
    /// The rating in the game's variant (a newcomer's 1500).
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    provisional: Option<bool>,
}

/// Player `who` in `variant`: a user with its title and rating, anyone else by its public name.
pub async fn player_json(store: &Store, who: &GuestId, variant: &str) -> Result<PlayerJson, StoreError> {
    let name = public_name(who);
    if accounts::name_of(who).is_none() {
        return Ok(PlayerJson { id: name.to_ascii_lowercase(), name, title: None, rating: None, provisional: None });
    }
    let rating = ratings::of(store, &who.0, variant).await?.unwrap_or_default();
    Ok(PlayerJson {
        id: name.to_ascii_lowercase(),
        name,
        title: bot::is_bot(store, &who.0).await?.then_some("BOT"),
        rating: Some(rating.rating.round() as i64),
        provisional: rating.provisional.then_some(true),
    })
}

/// A clock as lichess's challenges show it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TimeControlJson {
    /// Always `clock`: every game here has one.
    #[serde(rename = "type")]
    kind: &'static str,
    /// Each side's time, seconds.
    limit: i64,
    /// Seconds.
    increment: i64,
    /// As lichess shows it: `5+3`, `½+0`.
    show: String,
}

fn show_clock(limit_s: i64, increment_s: i64) -> String {
    let minutes = match limit_s {
        15 => "¼".to_string(),
        30 => "½".to_string(),
        45 => "¾".to_string(),
        s if s % 60 == 0 => (s / 60).to_string(),
        s => format!("{}", s as f64 / 60.0),
    };
    format!("{minutes}+{increment_s}")
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PerfJson {
    icon: &'static str,
    name: String,
}

/// A challenge in lichess's shape (its `ChallengeJson`, `ChallengeDeclinedJson` once declined).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeJson {
    id: String,
    /// The game's page once accepted (the game takes the challenge's id).
    url: String,
    /// `created`, `accepted`, `declined`, `canceled`.
    status: &'static str,
    challenger: PlayerJson,
    dest_user: PlayerJson,
    variant: VariantJson,
    rated: bool,
    speed: &'static str,
    time_control: TimeControlJson,
    /// The colour the challenger asked for: `white`, `black` or `random`.
    color: &'static str,
    /// The challenger's colour in the game.
    final_color: &'static str,
    perf: PerfJson,
    /// `in` for the challenged user, `out` for the challenger.
    #[serde(skip_serializing_if = "Option::is_none")]
    direction: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    initial_fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decline_reason: Option<&'static str>,
    /// Lichess's key, in lower case (`generic`, `later`, `toofast`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    decline_reason_key: Option<String>,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Challenge `c` as `viewer` is told it; `base` is this server's address.
pub async fn challenge_json(store: &Store, c: &Challenge, base: &str, viewer: &GuestId) -> Result<ChallengeJson, StoreError> {
    let variant = variant_json(&c.variant, &c.variant_key);
    let speed = speed(c.limit_s, c.increment_s);
    let perf = PerfJson { icon: "", name: perf_name(&variant, speed) };
    let direction = if *viewer == c.dest {
        Some("in")
    } else if *viewer == c.challenger {
        Some("out")
    } else {
        None
    };
    Ok(ChallengeJson {
        id: c.id.clone(),
        url: format!("{base}/game/{}", c.id),
        status: c.status.as_str(),
        challenger: player_json(store, &c.challenger, &c.variant).await?,
        dest_user: player_json(store, &c.dest, &c.variant).await?,
        variant,
        rated: c.rated,
        speed,
        time_control: TimeControlJson { kind: "clock", limit: c.limit_s, increment: c.increment_s, show: show_clock(c.limit_s, c.increment_s) },
        color: match c.color {
            ColourChoice::White => "white",
            ColourChoice::Black => "black",
            ColourChoice::Random => "random",
        },
        final_color: c.challenger_seat.color().map_or("white", color_name),
        perf,
        direction,
        initial_fen: c.fen.clone(),
        decline_reason: c.decline_words(),
        decline_reason_key: c.decline_key.as_ref().map(|k| k.to_ascii_lowercase()),
    })
}

/// A challenge refusal in lichess's shape.
impl From<ChallengeError> for LichessError {
    fn from(e: ChallengeError) -> Self {
        let status = match &e {
            ChallengeError::Refused(_) => StatusCode::BAD_REQUEST,
            ChallengeError::NotFound(_) => StatusCode::NOT_FOUND,
            ChallengeError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            ChallengeError::Lobby(l) if matches!(l.code(), "storage" | "internal") => StatusCode::INTERNAL_SERVER_ERROR,
            ChallengeError::Lobby(_) => StatusCode::BAD_REQUEST,
            ChallengeError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        LichessError { status, error: e.to_string() }
    }
}

/// What a game is, read once from its room: nothing in it is secret.
#[derive(Clone, Debug)]
pub struct GameFacts {
    pub id: String,
    pub variant: String,
    /// The key lichess's clients are told.
    pub key: String,
    pub setup: Option<String>,
    /// White's time at the start, ms (lichess's one `clock.initial`).
    pub initial_ms: i64,
    pub increment_ms: i64,
    pub rated: bool,
    pub created_ms: i64,
}

impl GameFacts {
    pub async fn of(store: &Store, handle: &RoomHandle) -> GameFacts {
        let (id, variant, setup, initial_ms, increment_ms, rated, created_ms) = {
            let room = handle.room.lock().await;
            let spec = room.spec();
            (room.id().to_string(), spec.variant.clone(), spec.setup.clone(), spec.white_ms, spec.increment_ms, spec.rated, room.created_ms())
        };
        let key = game_variant_key(store, &id, &variant, setup.as_deref()).await;
        GameFacts { id, variant, key, setup, initial_ms, increment_ms, rated, created_ms }
    }

    fn speed(&self) -> &'static str {
        speed(self.initial_ms / 1000, self.increment_ms / 1000)
    }
}

/// Lichess's status name of a game as `state` shows it; a variant's own
/// way to win is lichess's `variantEnd`.
pub fn status_name(state: &GameState) -> &'static str {
    match state.status {
        Status::Waiting => "created",
        Status::Playing => "started",
        Status::Aborted if state.result.as_ref().is_some_and(|r| r.words.contains("first move")) => "noStart",
        Status::Aborted => "aborted",
        Status::Ended => match state.view.outcome.as_ref().map(|o| o.reason.as_str()) {
            Some("checkmate") => "mate",
            Some("resignation") => "resign",
            Some("stalemate") => "stalemate",
            Some("timeout" | "timeout_vs_insufficient_material") => "outoftime",
            Some("repetition" | "fifty_moves" | "insufficient_material" | "agreement" | "both_kings_gone") => "draw",
            _ => "variantEnd",
        },
    }
}

/// Lichess's number of each status name.
fn status_id(name: &str) -> u32 {
    match name {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        "noStart" => 37,
        "variantEnd" => 60,
        _ => 38,
    }
}

fn winner(view: &View) -> Option<&'static str> {
    view.outcome.as_ref().and_then(|o| o.winner).map(color_name)
}

/// One action of the game as a seat may know it: our extension of lichess's `gameState`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ActionSeen {
    /// `white`, `black`, or `chance` (a roll of the dice).
    #[schema(value_type = String)]
    seat: Seat,
    /// As our referee accepts it (`e2e4`, `carrier b1`, `roll e4`); null where it was the other side's secret.
    text: Option<String>,
}

/// The moves of lichess's `moves`: the players' actions known to the seat
/// that name a square (a move; not a decision such as `accept` or
/// `carrier b1`), as our referee accepts them (UCI for chess).
fn moves_of(actions: &[ActionSeen]) -> Vec<&str> {
    actions
        .iter()
        .filter(|a| a.seat != Seat::Chance)
        .filter_map(|a| a.text.as_deref())
        .filter(|t| !t.contains(char::is_whitespace) && t.contains(|c: char| c.is_ascii_digit()))
        .collect()
}

/// Lichess's `gameState`, with our extension fields after its own (a lichess client ignores them).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameStateJson {
    #[serde(rename = "type")]
    #[schema(example = "gameState")]
    kind: &'static str,
    /// The moves so far, space-separated (see `moves_of`).
    moves: String,
    /// White's time left, ms.
    wtime: i64,
    btime: i64,
    /// White's increment, ms.
    winc: i64,
    binc: i64,
    /// Lichess's status name: `started`, `mate`, `resign`, `outoftime`, `draw`, `aborted`, `noStart`, `stalemate`, `variantEnd`.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    /// White offers a draw.
    wdraw: bool,
    bdraw: bool,
    /// White proposes a takeback.
    wtakeback: bool,
    btakeback: bool,
    /// Ours: the game's `ply` (docs/protocol.md, WebSocket messages).
    ply: u64,
    /// Ours: every action so far as this seat may know it, chance's rolls included.
    actions: Vec<ActionSeen>,
    /// Ours: the seat's view, exactly as its WebSocket's `state` carries it.
    #[schema(value_type = crate::game::schema::ViewDoc)]
    view: View,
}

/// The `gameState` of `published` for `role`.
pub fn game_state_json(published: &Published, role: Role) -> GameStateJson {
    let state = published.state(role);
    let actions: Vec<ActionSeen> = published.actions_known(role).into_iter().map(|(seat, text)| ActionSeen { seat, text }).collect();
    GameStateJson {
        kind: "gameState",
        moves: moves_of(&actions).join(" "),
        wtime: state.clocks.white_ms,
        btime: state.clocks.black_ms,
        winc: state.clocks.increment_ms,
        binc: state.clocks.increment_ms,
        status: status_name(&state),
        winner: winner(&state.view),
        wdraw: state.view.draw_offer == Some(Seat::White),
        bdraw: state.view.draw_offer == Some(Seat::Black),
        wtakeback: state.takeback.proposal.as_ref().is_some_and(|p| p.by == Seat::White),
        btakeback: state.takeback.proposal.as_ref().is_some_and(|p| p.by == Seat::Black),
        ply: state.ply,
        actions,
        view: state.view.clone(),
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ClockJson {
    /// ms
    initial: i64,
    /// ms
    increment: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GamePerfJson {
    name: String,
}

/// Lichess's `gameFull`: the game, then its state.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameFullJson {
    #[serde(rename = "type")]
    #[schema(example = "gameFull")]
    kind: &'static str,
    id: String,
    variant: VariantJson,
    clock: ClockJson,
    speed: &'static str,
    perf: GamePerfJson,
    rated: bool,
    created_at: i64,
    white: PlayerJson,
    black: PlayerJson,
    /// `startpos`, or the FEN the game was made from.
    initial_fen: String,
    state: GameStateJson,
}

/// Player `seat` of `published`, or an empty seat's stand-in.
async fn seat_json(store: &Store, published: &Published, seat: usize, variant: &str) -> Result<PlayerJson, StoreError> {
    match &published.players[seat] {
        Some(who) => player_json(store, who, variant).await,
        None => Ok(PlayerJson { id: String::new(), name: "?".into(), title: None, rating: None, provisional: None }),
    }
}

/// The `gameFull` of game `facts` as `role` sees `published`.
pub async fn game_full_json(store: &Store, facts: &GameFacts, published: &Published, role: Role) -> Result<GameFullJson, StoreError> {
    let variant = variant_json(&facts.variant, &facts.key);
    let speed = facts.speed();
    Ok(GameFullJson {
        kind: "gameFull",
        id: facts.id.clone(),
        perf: GamePerfJson { name: perf_name(&variant, speed) },
        variant,
        clock: ClockJson { initial: facts.initial_ms, increment: facts.increment_ms },
        speed,
        rated: facts.rated,
        created_at: facts.created_ms,
        white: seat_json(store, published, 0, &facts.variant).await?,
        black: seat_json(store, published, 1, &facts.variant).await?,
        initial_fen: facts.setup.clone().unwrap_or_else(|| "startpos".into()),
        state: game_state_json(published, role),
    })
}

/// Lichess's `chatLine`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ChatLineJson {
    #[serde(rename = "type")]
    kind: &'static str,
    /// `player` or `spectator`.
    room: &'static str,
    username: String,
    text: String,
}

pub fn chat_line_json(posted: &Posted) -> ChatLineJson {
    ChatLineJson { kind: "chatLine", room: posted.room.as_str(), username: posted.line.by.clone(), text: posted.line.text.clone() }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StatusJson {
    id: u32,
    name: &'static str,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct OpponentJson {
    id: String,
    username: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<i64>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CompatJson {
    bot: bool,
    board: bool,
}

/// A game in the event stream (lichess's `GameEventInfo`), as the seat of
/// the stream's user sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameEventInfo {
    /// The game's id (here no player has an id of its own in a game).
    full_id: String,
    game_id: String,
    /// The position as this seat sees it (hidden facts written `*`).
    fen: String,
    color: &'static str,
    /// The last move known to this seat (`moves`' last), or empty.
    last_move: String,
    /// Always `friend`: a challenge's game, or a link's.
    source: &'static str,
    status: StatusJson,
    variant: VariantJson,
    speed: &'static str,
    perf: String,
    rated: bool,
    has_moved: bool,
    opponent: OpponentJson,
    is_my_turn: bool,
    seconds_left: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    compat: CompatJson,
    id: String,
}

/// Game `facts` as `role` (a seat) sees `published`.
pub async fn game_event_info(store: &Store, facts: &GameFacts, published: &Published, role: Role) -> Result<GameEventInfo, StoreError> {
    let state = game_state_json(published, role);
    let seat = role.seat().unwrap_or(Seat::White);
    let mine = if seat == Seat::White { 0 } else { 1 };
    let opponent = seat_json(store, published, 1 - mine, &facts.variant).await?;
    let moves = moves_of(&state.actions);
    let variant = variant_json(&facts.variant, &facts.key);
    let speed = facts.speed();
    let status = state.status;
    Ok(GameEventInfo {
        full_id: facts.id.clone(),
        game_id: facts.id.clone(),
        fen: state.view.fen.clone(),
        color: seat.color().map_or("white", color_name),
        last_move: moves.last().map(|m| m.to_string()).unwrap_or_default(),
        source: "friend",
        status: StatusJson { id: status_id(status), name: status },
        perf: perf_key(&variant.key, speed),
        variant,
        speed,
        rated: facts.rated,
        has_moved: state.actions.iter().any(|a| a.seat == seat),
        opponent: OpponentJson { id: opponent.id, username: opponent.name, rating: opponent.rating },
        is_my_turn: published.status == Status::Playing && state.view.to_act == Some(seat),
        seconds_left: (if seat == Seat::White { state.wtime } else { state.btime }) / 1000,
        winner: state.winner,
        compat: CompatJson { bot: true, board: true },
        id: facts.id.clone(),
    })
}
