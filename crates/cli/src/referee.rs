//! `chesslantis referee`: the whole referee without a network, for tests and
//! offline programs. One JSON request a line on standard input
//! (`{"seat":"white","action":"e2e4"}`), one JSON answer a line on standard
//! output: every seat's view after the action, or an error with the game
//! unchanged. The dice are the referee's (seeded) unless `--forced-rolls`
//! lets the `chance` seat set them. docs/protocol.md has every message.

use crate::dice;
use crate::usage::UsageError;
use chesslantis_core::dice::{pick_chance, Dice};
use chesslantis_core::{ActionError, DynGame, ErrorCode, Seat, View, Viewer};
use serde::{Deserialize, Serialize};
use std::io::{self, BufRead, Write};

/// Longer request lines are refused unread (an action is a few words).
pub const MAX_LINE: usize = 4096;

/// One request: a seat's action, or (without `action`) a look at the views.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    seat: Option<Seat>,
    action: Option<String>,
}

/// What each player and a spectator may now see.
#[derive(Serialize)]
struct Views {
    white: View,
    black: View,
    spectator: View,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Answer {
    Ok { ok: bool, views: Box<Views> },
    Err { ok: bool, error: ActionError },
}

/// The referee's options.
pub struct Options<'a> {
    pub variant: &'a str,
    pub fen: Option<&'a str>,
    pub seed: Option<u64>,
    pub forced_rolls: bool,
}

pub fn referee(options: Options<'_>) -> Result<(), UsageError> {
    let game = DynGame::new(options.variant, options.fen).map_err(|e| UsageError(e.message))?;
    let mut referee = Referee { game, dice: dice::seeded(options.seed), forced_rolls: options.forced_rolls };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    while let Some(line) = read_bounded_line(&mut input, MAX_LINE)? {
        let answer = match line {
            Line::TooLong(n) => Answer::error(ActionError::new(
                ErrorCode::BadRequest,
                format!("request line longer than {MAX_LINE} bytes ({n} or more); send one short JSON object a line"),
            )),
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => referee.answer(&text),
        };
        serde_json::to_writer(&mut out, &answer).map_err(|e| UsageError(e.to_string()))?;
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

struct Referee {
    game: DynGame,
    dice: chesslantis_core::SplitMix,
    forced_rolls: bool,
}

impl Answer {
    fn error(error: ActionError) -> Answer {
        Answer::Err { ok: false, error }
    }
}

impl Referee {
    fn answer(&mut self, text: &str) -> Answer {
        let request: Request = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => {
                return Answer::error(ActionError::new(
                    ErrorCode::BadRequest,
                    format!("not a request ({e}); send one JSON object a line, like {{\"seat\":\"white\",\"action\":\"e2e4\"}}"),
                ))
            }
        };
        match (request.seat, request.action) {
            (_, None) => {}
            (None, Some(_)) => {
                return Answer::error(ActionError::new(
                    ErrorCode::BadRequest,
                    "an action needs its seat: add \"seat\":\"white\", \"black\" or \"chance\"",
                ))
            }
            (Some(Seat::Chance), Some(_)) if !self.forced_rolls => {
                return Answer::error(ActionError::new(
                    ErrorCode::WrongSeat,
                    "the referee rolls the dice itself; start it with --forced-rolls to set the rolls",
                ))
            }
            (Some(seat), Some(action)) => {
                if let Err(e) = self.game.apply(seat, &action) {
                    return Answer::error(e);
                }
                self.roll_due_dice();
            }
        }
        Answer::Ok {
            ok: true,
            views: Box::new(Views {
                white: self.game.view(Viewer::White),
                black: self.game.view(Viewer::Black),
                spectator: self.game.view(Viewer::Spectator),
            }),
        }
    }

    /// The referee's own dice decide every roll now due (unless forced).
    fn roll_due_dice(&mut self) {
        while !self.forced_rolls && self.game.to_act() == Some(Seat::Chance) {
            let roll = pick_chance(&self.game.chance_outcomes(), &mut self.dice as &mut dyn Dice);
            if self.game.apply(Seat::Chance, &roll).is_err() {
                return;
            }
        }
    }
}

/// A line of input, or how long it was when too long.
enum Line {
    Text(String),
    TooLong(usize),
}

/// The next line (without its end), reading at most `max` bytes of it into
/// memory; a longer line is skipped to its end. `None` at the end of input.
fn read_bounded_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut seen = 0usize;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, ended) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        seen += chunk.len();
        if seen <= max {
            bytes.extend_from_slice(chunk);
        }
        let used = ended.unwrap_or(chunk.len());
        input.consume(used);
        if ended.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if seen > max {
        return Ok(Some(Line::TooLong(seen)));
    }
    Ok(Some(Line::Text(String::from_utf8_lossy(&bytes).trim_end_matches('\r').to_string())))
}
