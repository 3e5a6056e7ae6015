//! `chesslantis play`: a game in the terminal, for any variant, driven only
//! through the core's dynamic game ([`DynGame`]: seats, action text, typed
//! views and events). The words are in [`crate::words`], the board in
//! [`crate::board_text`], the seats in [`crate::seats`], the terminal and its
//! private views in [`crate::screen`].

use crate::board_text::{self, Marks};
use crate::command::{yes_or_no, Command};
use crate::dice;
use crate::screen::Screen;
use crate::seats::{Player, Seats};
use crate::words::{self, MoveList};
use crate::usage::{find_variant, UsageError};
use chesslantis_core::drive;
use chesslantis_core::event::Event;
use chesslantis_core::variants::portal::PortalEvent;
use chesslantis_core::registry::VariantInfo;
use chesslantis_core::view::View;
use chesslantis_core::{ActionError, Color, DynGame, ErrorCode, Seat, SplitMix, Viewer};
use chesslantis_engine::Level;
use std::collections::HashSet;
use std::io::{self, BufRead};

pub fn play(
    variant: &str,
    fen: Option<&str>,
    seed: Option<u64>,
    seats: [Player; 2],
    movetime_ms: u64,
    level: Option<u32>,
) -> Result<(), UsageError> {
    let info = find_variant(variant)?;
    let game = DynGame::new(variant, fen).map_err(|e| UsageError(e.message))?;
    let level = level.map(Level::from_skill).transpose().map_err(|e| UsageError(format!("--level: {e}")))?;
    let seats = Seats::new(variant, seats, movetime_ms, level)?;
    let stdin = io::stdin();
    let mut table = Table::new(info, game, seats, dice::seeded(seed), stdin.lock().lines());
    table.screen.line(&format!("{} — type 'help' for commands.", info.name))?;
    table.run()
}

/// What happens after a player's line.
enum Next {
    Continue,
    Leave,
}

/// A game at the terminal: the game, who sits where, what the screen shows.
struct Table<'a, L> {
    info: &'a VariantInfo,
    game: DynGame,
    seats: Seats,
    dice: SplitMix,
    lines: L,
    screen: Screen,
    /// Two humans share the screen of a game with hidden information: each
    /// sees their own view in private, after a hand-over.
    shared_secrets: bool,
    /// Whose private view the screen shows (shared screen only).
    seated: Option<Color>,
    /// What both players may read, since the last hand-over (shared screen only).
    shared_log: Vec<String>,
    /// The board on screen is the current one (no redraw after help or errors).
    drawn: bool,
    moves: MoveList,
    last_move: HashSet<String>,
    /// Rejection: the squares of the move proposed, which stands once accepted.
    proposal: HashSet<String>,
}

impl<'a, L: Iterator<Item = io::Result<String>>> Table<'a, L> {
    fn new(info: &'a VariantInfo, game: DynGame, seats: Seats, dice: SplitMix, lines: L) -> Table<'a, L> {
        let fen = game.view(Viewer::Referee).fen;
        let first_number = fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1);
        let both_human = Color::ALL.iter().all(|&c| !seats.is_engine(c));
        Table {
            info,
            shared_secrets: game.hidden_information() && both_human,
            game,
            seats,
            dice,
            lines,
            screen: Screen::new(),
            seated: None,
            shared_log: Vec::new(),
            drawn: false,
            moves: MoveList::new(first_number),
            last_move: HashSet::new(),
            proposal: HashSet::new(),
        }
    }

    fn run(&mut self) -> Result<(), UsageError> {
        loop {
            match self.game.to_act() {
                None => return self.finish(),
                Some(Seat::Chance) => {
                    drive::roll(&mut self.game, &mut self.dice).map_err(|e| UsageError(e.message))?;
                    self.applied("Dice: ")?;
                }
                Some(seat) => {
                    let color = seat.color().ok_or_else(|| UsageError("a player's seat without a colour".into()))?;
                    if self.seats.is_engine(color) {
                        let text = self.seats.engine_action(color, &self.game)?;
                        self.apply(seat, &text, "")?;
                    } else if let Next::Leave = self.human_turn(color)? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Who the shared narration is told to: the lone human at the terminal,
    /// or everyone (what a spectator may know).
    fn audience(&self) -> Viewer {
        self.seats.lone_human().map_or(Viewer::Spectator, Viewer::player)
    }

    /// Applies an action that must be legal (the dice's, the engine's) and tells what it did.
    fn apply(&mut self, seat: Seat, text: &str, prefix: &str) -> Result<(), UsageError> {
        self.game.apply(seat, text).map_err(|e| UsageError(format!("{seat} '{text}': {}", e.message)))?;
        self.applied(prefix)
    }

    /// Tells what an applied action did, and remembers its move.
    fn applied(&mut self, prefix: &str) -> Result<(), UsageError> {
        self.drawn = false;
        let view = self.game.view(self.audience());
        let events: Vec<Event> = view.last.iter().flat_map(|l| l.events.iter().map(|e| e.event.clone())).collect();
        self.moves.record(&events);
        self.mark_last_move(&view, &events);
        if let Some(text) = words::narration(&events) {
            self.tell(&format!("{prefix}{text}"))?;
        }
        Ok(())
    }

    /// A line both players may read: at once, or on a shared screen at the
    /// next hand-over (the private view is still up now).
    fn tell(&mut self, text: &str) -> io::Result<()> {
        if self.shared_secrets {
            self.shared_log.push(text.to_string());
            Ok(())
        } else {
            self.screen.line(text)
        }
    }

    /// The squares of the move that stood last (a Rejection proposal once
    /// accepted), and where a portal sent it.
    fn mark_last_move(&mut self, view: &View, events: &[Event]) {
        let Some(last) = &view.last else { return };
        let stood = events.iter().any(|e| matches!(e, Event::Moved { .. }));
        let squares: HashSet<String> = last.from.iter().chain(&last.to).cloned().collect();
        let played = match (squares.is_empty(), stood) {
            (false, false) => {
                self.proposal = squares;
                return;
            }
            (false, true) => squares,
            (true, true) => std::mem::take(&mut self.proposal),
            (true, false) => return,
        };
        let through_portal = events
            .iter()
            .filter_map(|e| e.as_own().map(|PortalEvent::Teleported { to, .. }| to.clone()));
        self.last_move = played.into_iter().chain(through_portal).collect();
    }

    /// The next line typed, or `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<String>> {
        self.lines.next().transpose()
    }

    fn human_turn(&mut self, color: Color) -> Result<Next, UsageError> {
        if self.shared_secrets && self.seated != Some(color) {
            if !self.hand_over(color)? {
                return Ok(Next::Leave);
            }
            self.seated = Some(color);
        }
        if !self.drawn {
            self.show(Viewer::player(color))?;
        }
        self.screen.prompt(&format!("{color}> "))?;
        let Some(line) = self.read_line()? else {
            self.screen.line("")?;
            return Ok(Next::Leave);
        };
        match Command::read(&line) {
            Command::Nothing => {}
            Command::Quit => return Ok(Next::Leave),
            Command::Help => self.screen.line(&words::help(self.info.name, self.info.commands))?,
            Command::Board => self.drawn = false,
            Command::Fen => self.screen.line(&self.game.view(Viewer::player(color)).fen)?,
            Command::History => self.screen.line(&self.moves.text())?,
            Command::Moves => self.list_moves(color)?,
            Command::OfferDraw => return self.offer_draw(color),
            Command::Action(text) => return self.act(color, text),
        }
        Ok(Next::Continue)
    }

    /// Plays a typed action; a move that needs a choice (a Circe rebirth
    /// square, a promotion piece, one of several moves) asks for it.
    fn act(&mut self, color: Color, text: &str) -> Result<Next, UsageError> {
        match self.game.apply(Seat::player(color), text) {
            Ok(()) => self.applied("")?,
            Err(ActionError { code: ErrorCode::NeedsChoice | ErrorCode::Ambiguous, options, message })
                if !options.is_empty() =>
            {
                let why = message.split_once(": ").map_or("", |(_, rest)| rest);
                let why = why.split_once("; type one of").map_or(why, |(why, _)| why);
                return self.choose(color, text, why, &options);
            }
            Err(e) => self.screen.line(&e.message)?,
        }
        Ok(Next::Continue)
    }

    /// Asks which of `options` the player means, the first by default.
    fn choose(&mut self, color: Color, typed: &str, why: &str, options: &[String]) -> Result<Next, UsageError> {
        self.screen.line(&words::choices(typed, why, options))?;
        loop {
            self.screen.prompt(&format!("{color}> choose: "))?;
            let Some(answer) = self.read_line()? else {
                self.screen.line("")?;
                return Ok(Next::Leave);
            };
            match words::pick(&answer, options) {
                Some(option) => return self.act(color, &option.clone()),
                None => self.screen.line(&format!("'{}' is none of the choices", answer.trim()))?,
            }
        }
    }

    /// The legal actions, each with the variant's note (Bermuda: the odds
    /// that the moving piece survives).
    fn list_moves(&mut self, color: Color) -> io::Result<()> {
        let listed: Vec<String> = self
            .game
            .view(Viewer::player(color))
            .legal
            .into_iter()
            .map(|a| match a.note {
                Some(note) => format!("{} ({note})", a.text),
                None => a.text,
            })
            .collect();
        self.screen.line(&listed.join(" "))
    }

    /// `color` offers a draw; the other side answers (the engine by its evaluation).
    fn offer_draw(&mut self, color: Color) -> Result<Next, UsageError> {
        let other = !color;
        if let Err(e) = self.game.apply(Seat::player(color), "offer draw") {
            self.screen.line(&e.message)?;
            return Ok(Next::Continue);
        }
        let accepted = if self.seats.is_engine(other) {
            self.seats.engine_accepts_draw(other, &self.game)
        } else {
            if self.shared_secrets {
                // The offerer's private view goes before the other player looks.
                self.screen.leave_private()?;
                self.screen.clear_all()?;
                self.seated = None;
            }
            match self.ask_yes_no(&format!("{color} offers a draw. {other}, do you accept? (yes/no) "))? {
                Some(answer) => answer,
                None => return Ok(Next::Leave),
            }
        };
        let answer = if accepted { "accept draw" } else { "decline draw" };
        self.game.apply(Seat::player(other), answer).map_err(|e| UsageError(e.message))?;
        if accepted {
            self.drawn = false;
            let view = self.game.view(self.audience());
            let events: Vec<Event> = view.last.iter().flat_map(|l| l.events.iter().map(|e| e.event.clone())).collect();
            if let Some(text) = words::narration(&events) {
                self.tell(&format!("{other} accepts the draw offer. {text}"))?;
            }
        } else {
            self.tell(&format!("{other} declines the draw offer; {color} plays on."))?;
        }
        Ok(Next::Continue)
    }

    /// Asks until the answer is yes or no; `None` at the end of the input.
    fn ask_yes_no(&mut self, question: &str) -> io::Result<Option<bool>> {
        loop {
            self.screen.prompt(question)?;
            let Some(line) = self.read_line()? else {
                self.screen.line("")?;
                return Ok(None);
            };
            if let Some(answer) = yes_or_no(&line) {
                return Ok(Some(answer));
            }
        }
    }

    /// Shared screen: the previous player's view goes (screen and scrollback),
    /// what both may read is shown, and `color` takes the seat before their
    /// own view appears, off the scrollback. False when the input ends.
    fn hand_over(&mut self, color: Color) -> Result<bool, UsageError> {
        self.screen.leave_private()?;
        self.screen.clear_all()?;
        for line in std::mem::take(&mut self.shared_log) {
            self.screen.line(&line)?;
        }
        self.screen.prompt(&format!("{color} to play: take the seat (the other player looks away) and press Enter. "))?;
        if self.read_line()?.is_none() {
            return Ok(false);
        }
        self.screen.enter_private()?;
        self.drawn = false;
        Ok(true)
    }

    /// The boards as `viewer` may see them, with the marks and the viewer's notes.
    fn show(&mut self, viewer: Viewer) -> io::Result<()> {
        let view = self.game.view(viewer);
        let marks = Marks { last_move: self.last_move.clone(), special: view.special_squares.clone() };
        self.screen.line(&format!("\n{}", board_text::draw_all(&view.boards, &marks)))?;
        for note in &view.knowledge.notes {
            self.screen.line(note)?;
        }
        self.drawn = true;
        Ok(())
    }

    /// The end: everything is public now.
    fn finish(&mut self) -> Result<(), UsageError> {
        self.screen.leave_private()?;
        for line in std::mem::take(&mut self.shared_log) {
            self.screen.line(&line)?;
        }
        self.show(Viewer::Spectator)?;
        if let Some(outcome) = self.game.outcome() {
            self.screen.line(&words::game_over(outcome))?;
        }
        Ok(())
    }
}
