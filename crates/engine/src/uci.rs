//! The UCI protocol over any reader and writer, so tests drive it in memory.
//! The search runs in its own thread; the loop keeps reading, so `stop`,
//! `isready` and `quit` are answered at once. Any other command arriving
//! during a search waits for it to end by its own limits (a GUI that wants
//! the answer sooner sends `stop` first, as the protocol asks), so no
//! `bestmove` is ever cut short into an unsearched move; `go infinite`
//! ends at such a command as at `stop`. Every `bestmove` comes from at least
//! one completed iteration. Unknown or malformed lines get
//! `info string error: ...` and are otherwise ignored.

use crate::level::Level;
use crate::score::UciScore;
use crate::search::Features;
use crate::session::{new_session, uci_variants, Info, Session};
use crate::time::{Clock, Limits};
use chesslantis_core::variants::Chess;
use chesslantis_core::{Color, Variant};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub const ENGINE_NAME: &str = concat!("Chesslantis ", env!("CARGO_PKG_VERSION"));
const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 4096;

/// The writer, shared with the search thread; one line at a time.
struct Output<W: Write> {
    inner: Arc<Mutex<W>>,
}

impl<W: Write> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output { inner: Arc::clone(&self.inner) }
    }
}

impl<W: Write> Output<W> {
    fn line(&self, text: &str) {
        let mut w = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        // A closed output (the GUI went away) is not ours to report.
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Whether the search ends by itself (it has a depth, node or time limit).
    bounded: bool,
    handle: JoinHandle<Box<dyn Session>>,
}

struct Uci<W: Write + Send + 'static> {
    out: Output<W>,
    /// The session, or `None` while a search thread holds it.
    session: Option<Box<dyn Session>>,
    running: Option<Running>,
    hash_mb: usize,
    features: Features,
    strength: Strength,
}

/// The strength options: `UCI_LimitStrength` with `UCI_Elo`, else `Skill Level`.
#[derive(Copy, Clone, Debug)]
struct Strength {
    limit: bool,
    elo: Level,
    skill: Level,
}

impl Strength {
    fn level(self) -> Level {
        if self.limit {
            self.elo
        } else {
            self.skill
        }
    }
}

/// Runs the UCI loop until `quit` or the end of the input.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    let session = new_session(<Chess as Variant>::ID, DEFAULT_HASH_MB)
        .map_err(io::Error::other)?;
    let mut uci = Uci {
        out: Output { inner: Arc::new(Mutex::new(output)) },
        session: Some(session),
        running: None,
        hash_mb: DEFAULT_HASH_MB,
        features: Features::default(),
        strength: Strength { limit: false, elo: Level::FULL, skill: Level::FULL },
    };
    for line in input.lines() {
        let line = line?;
        if !uci.handle(&line) {
            uci.finish_search();
            return Ok(());
        }
    }
    // The input ended: a search that ends by itself may finish and answer.
    uci.wait_for_search();
    Ok(())
}

/// A `go` command's parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub search_moves: Vec<String>,
}

impl Go {
    /// Reads the words after `go`.
    pub fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        fn number<T: std::str::FromStr>(words: &[&str], i: usize) -> Result<T, String> {
            let name = words[i];
            let text = words.get(i + 1).ok_or(format!("'{name}' needs a number"))?;
            text.parse().map_err(|_| format!("'{name}' needs a number, not '{text}'"))
        }
        while i < words.len() {
            match words[i] {
                "wtime" => go.wtime = Some(number(words, i)?),
                "btime" => go.btime = Some(number(words, i)?),
                "winc" => go.winc = Some(number(words, i)?),
                "binc" => go.binc = Some(number(words, i)?),
                "movestogo" => go.movestogo = Some(number(words, i)?),
                "depth" => go.depth = Some(number(words, i)?),
                "nodes" => go.nodes = Some(number(words, i)?),
                "movetime" => go.movetime = Some(number(words, i)?),
                "mate" => go.mate = Some(number(words, i)?),
                "infinite" => {
                    go.infinite = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    go.search_moves = words[i + 1..].iter().map(|s| s.to_string()).collect();
                    if go.search_moves.is_empty() {
                        return Err("'searchmoves' needs at least one move".into());
                    }
                    break;
                }
                "ponder" => return Err("pondering is not supported".into()),
                other => return Err(format!("unknown go parameter '{other}'")),
            }
            i += 2;
        }
        Ok(go)
    }

    /// The limits for a search with `turn` to move.
    pub fn limits(&self, turn: Color) -> Limits {
        let ms = Duration::from_millis;
        let (time, inc) = match turn {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let depth = match (self.depth, self.mate) {
            (Some(d), Some(m)) => Some(d.min(2 * m)),
            (d, m) => d.or(m.map(|m| 2 * m)),
        };
        Limits {
            depth,
            nodes: self.nodes,
            movetime: self.movetime.map(ms),
            clock: time.map(|t| Clock { time: ms(t), increment: ms(inc.unwrap_or(0)), moves_to_go: self.movestogo }),
            infinite: self.infinite,
        }
    }
}

/// The `info` line of an iteration.
pub fn info_line(info: &Info) -> String {
    let ms = info.elapsed.as_millis().max(1) as u64;
    let nps = info.nodes * 1000 / ms;
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        UciScore::of(info.score),
        info.nodes,
        nps,
        info.hashfull,
        info.elapsed.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

impl<W: Write + Send + 'static> Uci<W> {
    /// Handles one line; false to quit.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { return true };
        match command {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(args),
            "ucinewgame" => {
                let session = self.session();
                session.new_game();
                if let Err(e) = session.set_position(None, &[]) {
                    self.out.error(&e);
                }
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.finish_search(),
            "quit" => return false,
            "ponderhit" => self.out.error("pondering is not supported"),
            _ => self.out.error(&format!("unknown command '{command}'")),
        }
        true
    }

    fn identify(&mut self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line("id author the Chesslantis authors");
        self.out.line(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"));
        self.out.line("option name Clear Hash type button");
        self.out.line("option name NullMove type check default true");
        self.out.line("option name LateMoveReductions type check default true");
        self.out.line("option name CorrectionHistory type check default true");
        self.out.line("option name Network type check default true");
        self.out.line("option name UCI_LimitStrength type check default false");
        self.out.line(&format!(
            "option name UCI_Elo type spin default {max} min {min} max {max}",
            min = Level::MIN_ELO,
            max = Level::MAX_ELO
        ));
        self.out.line("option name Skill Level type spin default 20 min 0 max 20");
        let ids = uci_variants();
        let vars: String = ids.iter().map(|id| format!(" var {id}")).collect();
        self.out.line(&format!("option name UCI_Variant type combo default {}{vars}", <Chess as Variant>::ID));
        self.out.line("uciok");
    }

    /// The session, after waiting for any search to end (by its own limits:
    /// a command that arrives mid-search is queued behind it, not a `stop`).
    fn session(&mut self) -> &mut Box<dyn Session> {
        self.wait_for_search();
        self.session.get_or_insert_with(|| {
            new_session(<Chess as Variant>::ID, DEFAULT_HASH_MB).expect("chess is always played")
        })
    }

    /// Stops the search in progress (if any) and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.wait_for_search();
    }

    /// Waits for the search in progress to end: at once if it was told to
    /// stop, else when its own limits end it (an infinite one is stopped).
    fn wait_for_search(&mut self) {
        if let Some(running) = self.running.take() {
            if !running.bounded {
                running.stop.store(true, Ordering::Relaxed);
            }
            match running.handle.join() {
                Ok(session) => self.session = Some(session),
                Err(_) => self.out.error("the search failed; starting afresh"),
            }
        }
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <name words> [value <value words>]
        if args.first() != Some(&"name") {
            return self.out.error("setoption needs 'name'");
        }
        let value_at = args.iter().position(|w| *w == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at.map(|i| args[i + 1..].join(" "));
        match (name.to_ascii_lowercase().as_str(), value) {
            ("hash", Some(v)) => match v.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    self.session().set_hash(mb);
                }
                _ => self.out.error(&format!("Hash must be a number of megabytes from 1 to {MAX_HASH_MB}, not '{v}'")),
            },
            ("clear hash", _) => self.session().new_game(),
            ("uci_limitstrength", Some(v)) => match v.as_str() {
                "true" | "false" => {
                    self.strength.limit = v == "true";
                    self.apply_strength();
                }
                _ => self.out.error(&format!("option '{name}' is true or false, not '{v}'")),
            },
            ("uci_elo", Some(v)) => match v.parse::<u32>().map_err(|_| format!("UCI_Elo needs a number, not '{v}'")).and_then(Level::from_elo) {
                Ok(level) => {
                    self.strength.elo = level;
                    self.apply_strength();
                }
                Err(e) => self.out.error(&e),
            },
            ("skill level", Some(v)) => match v.parse::<u32>().map_err(|_| format!("Skill Level needs a number, not '{v}'")).and_then(Level::from_skill) {
                Ok(level) => {
                    self.strength.skill = level;
                    self.apply_strength();
                }
                Err(e) => self.out.error(&e),
            },
            ("hash" | "uci_variant" | "nullmove" | "latemovereductions" | "correctionhistory" | "network" | "uci_limitstrength" | "uci_elo" | "skill level", None) => {
                self.out.error(&format!("option '{name}' needs a value"))
            }
            (feature @ ("nullmove" | "latemovereductions" | "correctionhistory" | "network"), Some(v)) => match v.as_str() {
                "true" | "false" => {
                    let on = v == "true";
                    match feature {
                        "nullmove" => self.features.null_move = on,
                        "network" => self.features.network = on,
                        "correctionhistory" => self.features.correction_history = on,
                        _ => self.features.late_move_reductions = on,
                    }
                    let features = self.features;
                    self.session().set_features(features);
                }
                _ => self.out.error(&format!("option '{name}' is true or false, not '{v}'")),
            },
            ("uci_variant", Some(v)) if !uci_variants().contains(&v.as_str()) && new_session(&v, 1).is_ok() => {
                self.out.error(&format!(
                    "{v} is not played over UCI: a FEN cannot hold what a player may not see; play it with \
                     `chesslantis play` or the server. Over UCI: {}",
                    uci_variants().join(", ")
                ));
            }
            ("uci_variant", Some(v)) => {
                self.wait_for_search();
                match new_session(&v, self.hash_mb) {
                    Ok(mut s) => {
                        s.set_features(self.features);
                        s.set_level(self.strength.level());
                        self.session = Some(s);
                    }
                    Err(e) => self.out.error(&e),
                }
            }
            _ => self.out.error(&format!("unknown option '{name}'")),
        }
    }

    fn apply_strength(&mut self) {
        let level = self.strength.level();
        self.session().set_level(level);
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let fen = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", rest)) if !rest.is_empty() => Some(rest.join(" ")),
            _ => return self.out.error("position needs 'startpos' or 'fen <fen>', then optionally 'moves ...'"),
        };
        if let Err(e) = self.session().set_position(fen.as_deref(), moves) {
            self.out.error(&e);
        }
    }

    fn go(&mut self, args: &[&str]) {
        let go = match Go::parse(args) {
            Ok(go) => go,
            Err(e) => return self.out.error(&e),
        };
        let session = self.session();
        let search_moves: Vec<&str> = go.search_moves.iter().map(String::as_str).collect();
        if let Err(e) = session.check_moves(&search_moves) {
            return self.out.error(&format!("searchmoves: {e}"));
        }
        let limits = go.limits(session.turn());
        let bounded = limits.is_bounded();
        let Some(mut session) = self.session.take() else { return };
        let stop = session.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let out = self.out.clone();
        let waiting = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let moves: Vec<&str> = go.search_moves.iter().map(String::as_str).collect();
            let best = session.go(&limits, &moves, &mut |info| out.line(&info_line(info)));
            // UCI: after `go infinite` the answer waits for `stop`.
            while go.infinite && !waiting.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            out.line(&format!("bestmove {}", best.text.as_deref().unwrap_or("0000")));
            session
        });
        self.running = Some(Running { stop, bounded, handle });
    }
}
