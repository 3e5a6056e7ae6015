//! `chesslantis bot --server URL --token T [--level L]`: our engine as a
//! lichess bot, through the Bot API only (docs/protocol.md, "Bot and Board
//! API"): it reads its account, follows its event stream, accepts the
//! challenges in the variants the engine plays (ours, and lichess's
//! `standard`, `fromPosition`, `chess960`) and declines the others with
//! lichess's reason `variant`, and plays each game on a thread of its own
//! (`bot_game`). A dropped event stream is opened again; Ctrl-C stops.

use crate::bot_api::{engine_variant, read_lines, text, Api, CallError};
use crate::bot_game::{self, Style};
use crate::bot_stop::Stop;
use crate::http_client::Server;
use crate::usage::UsageError;
use chesslantis_core::Color;
use chesslantis_engine::Level;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The first pause before opening a dropped event stream again; it doubles
/// up to `MAX_RECONNECT` while the server stays out of reach.
const RECONNECT: Duration = Duration::from_secs(1);
const MAX_RECONNECT: Duration = Duration::from_secs(30);

pub fn bot(server: &str, token: &str, level: Option<u32>) -> Result<(), UsageError> {
    let api = Arc::new(Api::new(Server::parse(server)?, token));
    let style = Style {
        level: level.map(Level::from_skill).transpose()?,
    };
    let account = api
        .call("GET", "/api/account", None)
        .map_err(|e| UsageError(format!("{}: {e}", api.server.url())))?;
    let me = text(&account, "id", "account")?.to_string();
    let name = text(&account, "username", "account")?.to_string();
    if account.get("title").and_then(Value::as_str) != Some("BOT") {
        return Err(UsageError(format!(
            "{name} is not a bot account: upgrade it once with POST /api/bot/account/upgrade and a bot:play token (it must have played no game)"
        )));
    }
    let stop = Arc::new(Stop::default());
    stop.on_ctrl_c()?;
    let level_words = style.level.map_or("full strength".to_string(), |l| {
        format!("level {}", l.skill())
    });
    println!(
        "{name} plays at {} ({level_words}); Ctrl-C stops",
        api.server.url()
    );
    let mut bot = Bot {
        api,
        stop,
        style,
        me,
        games: HashMap::new(),
    };
    let result = bot.run();
    for (_, game) in bot.games.drain() {
        let _ = game.join();
    }
    println!("stopped");
    result
}

struct Bot {
    api: Arc<Api>,
    stop: Arc<Stop>,
    style: Style,
    /// The account's id (its name in lower case).
    me: String,
    /// The games being played, one thread each.
    games: HashMap<String, JoinHandle<()>>,
}

impl Bot {
    /// Follows the event stream until the bot stops, or the server refuses it for good.
    fn run(&mut self) -> Result<(), UsageError> {
        let mut pause = RECONNECT;
        while !self.stop.stopped() {
            match self.api.stream("/api/stream/event") {
                Ok(stream) => {
                    pause = RECONNECT;
                    let api = self.api.clone();
                    let stop = self.stop.clone();
                    if let Err(e) = read_lines(&stop, stream, |event| {
                        if let Err(e) = self.event(event) {
                            eprintln!("{e}");
                        }
                        true
                    }) {
                        eprintln!("the event stream broke ({e}); opening it again");
                    } else if !self.stop.stopped() {
                        eprintln!(
                            "the event stream of {} closed; opening it again",
                            api.server.url()
                        );
                    }
                }
                Err(CallError::Refused(e)) => return Err(UsageError(e)),
                Err(CallError::Again(e)) => eprintln!("{e}; trying again in {} s", pause.as_secs()),
            }
            self.games.retain(|_, game| !game.is_finished());
            self.stop.pause(pause);
            pause = (pause * 2).min(MAX_RECONNECT);
        }
        Ok(())
    }

    fn event(&mut self, event: &Value) -> Result<(), String> {
        match event.get("type").and_then(Value::as_str) {
            Some("challenge") => self.challenge(
                event
                    .get("challenge")
                    .ok_or("a challenge event without its challenge")?,
            ),
            Some("gameStart") => self.game_start(
                event
                    .get("game")
                    .ok_or("a gameStart event without its game")?,
            ),
            _ => Ok(()),
        }
    }

    /// Answers a challenge made to the bot: accepted in a variant the engine plays.
    fn challenge(&mut self, c: &Value) -> Result<(), String> {
        let id = text(c, "id", "challenge")?;
        let dest = c
            .get("destUser")
            .and_then(|d| d.get("id"))
            .and_then(Value::as_str);
        if dest != Some(self.me.as_str())
            || c.get("status").and_then(Value::as_str) != Some("created")
        {
            return Ok(());
        }
        let key = text(
            c.get("variant").unwrap_or(&Value::Null),
            "key",
            "challenge's variant",
        )?;
        let by = c
            .get("challenger")
            .and_then(|p| p.get("name"))
            .and_then(Value::as_str)
            .unwrap_or("?");
        let answer = match engine_variant(key) {
            Some(_) => self.api.accept(id).map(|_| format!("challenge {id} from {by} in {key}: accepted")),
            None => self.api.decline(id, "variant").map(|_| format!("challenge {id} from {by} in {key}: declined (a variant the engine does not play)")),
        };
        println!("{}", answer.map_err(|e| format!("challenge {id}: {e}"))?);
        Ok(())
    }

    /// Starts playing a game, unless already.
    fn game_start(&mut self, game: &Value) -> Result<(), String> {
        let id = text(game, "gameId", "gameStart")?.to_string();
        let me = match text(game, "color", "gameStart")? {
            "white" => Color::White,
            "black" => Color::Black,
            other => {
                return Err(format!(
                    "game {id}: the colour '{other}' is neither white nor black"
                ))
            }
        };
        self.games.retain(|_, game| !game.is_finished());
        if self.games.contains_key(&id) {
            return Ok(());
        }
        println!(
            "game {id}: playing {}",
            if me == Color::White { "white" } else { "black" }
        );
        let (api, stop, style, game_id) =
            (self.api.clone(), self.stop.clone(), self.style, id.clone());
        let thread = std::thread::Builder::new()
            .name(format!("game {id}"))
            .spawn(move || bot_game::play(&api, &stop, &game_id, me, style))
            .map_err(|e| format!("game {id}: no thread to play it: {e}"))?;
        self.games.insert(id, thread);
        Ok(())
    }
}
