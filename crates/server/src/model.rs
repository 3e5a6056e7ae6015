//! INTERIM adapter with the referee contract's names (docs/protocol.md) over
//! today's `Box<dyn Game>`, until core's `DynGame` lands (issue 10). Delete
//! this file then and re-export core's types here instead.

use chesslantis_core::game::{Actor, Game, Probability};
use chesslantis_core::registry;
use chesslantis_core::{Color, DrawReason, MoveError, Outcome, WinReason};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    White,
    Black,
    Chance,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    White,
    Black,
    Spectator,
    Referee,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub seat: Seat,
    pub action: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionError {
    pub code: String,
    pub message: String,
}

impl ActionError {
    fn new(code: &str, message: impl Into<String>) -> ActionError {
        ActionError { code: code.into(), message: message.into() }
    }
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

pub type SetupError = ActionError;
pub type ReplayError = ActionError;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeView {
    pub result: String,
    pub words: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub variant: String,
    pub fen: String,
    pub to_act: Option<Seat>,
    pub legal: Vec<Legal>,
    pub notes: Vec<String>,
    pub outcome: Option<OutcomeView>,
}

pub trait Dice {
    fn below(&mut self, n: u32) -> u32;
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

pub fn pick_chance(outcomes: &[(String, Probability)], dice: &mut dyn Dice) -> String {
    let lcm = outcomes.iter().fold(1u64, |l, (_, p)| l / gcd(l, p.den as u64) * p.den as u64);
    let mut r = dice.below(lcm as u32) as u64;
    for (text, p) in outcomes {
        let weight = p.num as u64 * (lcm / p.den as u64);
        if r < weight {
            return text.clone();
        }
        r -= weight;
    }
    outcomes.last().map(|(t, _)| t.clone()).unwrap_or_default()
}

#[derive(Clone)]
pub struct DynGame {
    game: Box<dyn Game>,
    history: Vec<Entry>,
    draw_offer: Option<Seat>,
}

fn seat_of(color: Color) -> Seat {
    match color {
        Color::White => Seat::White,
        Color::Black => Seat::Black,
    }
}

fn color_of(seat: Seat) -> Option<Color> {
    match seat {
        Seat::White => Some(Color::White),
        Seat::Black => Some(Color::Black),
        Seat::Chance => None,
    }
}

fn move_error(e: MoveError) -> ActionError {
    let code = match e {
        MoveError::Malformed(_) => "malformed",
        MoveError::NotYourTurn(_) => "not_your_turn",
        MoveError::GameOver => "game_over",
        _ => "illegal",
    };
    ActionError::new(code, e.to_string())
}

impl DynGame {
    pub fn new(variant: &str, fen: Option<&str>) -> Result<DynGame, SetupError> {
        let info = registry::variant(variant).ok_or_else(|| {
            ActionError::new("unknown_variant", format!("no variant '{variant}'; choose one of {}", registry::variant_ids().join(", ")))
        })?;
        let game = (info.new_game)(fen).map_err(|e| ActionError::new("bad_setup", e.to_string()))?;
        Ok(DynGame { game, history: Vec::new(), draw_offer: None })
    }

    pub fn variant_id(&self) -> &'static str {
        self.game.variant_id()
    }

    pub fn to_act(&self) -> Option<Seat> {
        match self.game.actor() {
            Actor::Player(c) => Some(seat_of(c)),
            Actor::Chance => Some(Seat::Chance),
            Actor::Nobody => None,
        }
    }

    pub fn apply(&mut self, seat: Seat, action: &str) -> Result<(), ActionError> {
        if self.game.outcome().is_some() {
            return Err(ActionError::new("game_over", "the game is over"));
        }
        let text = action.trim();
        if let Some(color) = color_of(seat) {
            match text {
                "resign" => {
                    self.game
                        .declare(Outcome::Win { winner: !color, reason: WinReason::Resignation })
                        .map_err(move_error)?;
                    return self.record(seat, text);
                }
                "offer draw" => {
                    self.draw_offer = Some(seat);
                    return self.record(seat, text);
                }
                "accept draw" | "decline draw" => {
                    if self.draw_offer.is_none() || self.draw_offer == Some(seat) {
                        return Err(ActionError::new("illegal", "there is no draw offer from your opponent to answer"));
                    }
                    self.draw_offer = None;
                    if text == "accept draw" {
                        self.game.declare(Outcome::Draw(DrawReason::Agreement)).map_err(move_error)?;
                    }
                    return self.record(seat, text);
                }
                _ => {}
            }
        }
        if self.to_act() != Some(seat) {
            return Err(ActionError::new("not_your_turn", "it is not your turn; wait for your opponent's move"));
        }
        let parsed = self.game.parse_action(text).map_err(move_error)?;
        self.game.apply(parsed).map_err(move_error)?;
        if seat != Seat::Chance {
            self.draw_offer = None;
        }
        self.record(seat, text)
    }

    fn record(&mut self, seat: Seat, text: &str) -> Result<(), ActionError> {
        self.history.push(Entry { seat, action: text.to_string() });
        Ok(())
    }

    pub fn chance_outcomes(&self) -> Vec<(String, Probability)> {
        // Today's texts of a roll carry words after a colon; the action is before it.
        self.game
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| (self.game.action_text(a).split(':').next().unwrap_or_default().trim().to_string(), p))
            .collect()
    }

    pub fn view(&self, viewer: Viewer) -> View {
        let core_viewer = match viewer {
            Viewer::White => chesslantis_core::Viewer::Player(Color::White),
            Viewer::Black => chesslantis_core::Viewer::Player(Color::Black),
            _ => chesslantis_core::Viewer::Spectator,
        };
        let obs = self.game.observation(core_viewer);
        let own = match viewer {
            Viewer::White => Some(Seat::White),
            Viewer::Black => Some(Seat::Black),
            _ => None,
        };
        let legal = if own.is_some() && own == self.to_act() {
            self.game.legal_actions().into_iter().map(|a| Legal { text: self.game.action_text(a) }).collect()
        } else {
            Vec::new()
        };
        View {
            variant: self.variant_id().to_string(),
            fen: obs.fen,
            to_act: self.to_act(),
            legal,
            notes: obs.notes,
            outcome: self.game.outcome().map(|o| OutcomeView { result: o.result_text().into(), words: o.to_string() }),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    pub fn end(&mut self, outcome: Outcome) -> Result<(), ActionError> {
        self.game.declare(outcome).map_err(move_error)
    }

    pub fn history(&self) -> &[Entry] {
        &self.history
    }

    pub fn replay(variant: &str, fen: Option<&str>, history: &[Entry]) -> Result<DynGame, ReplayError> {
        let mut game = DynGame::new(variant, fen)?;
        for (ply, e) in history.iter().enumerate() {
            game.apply(e.seat, &e.action)
                .map_err(|err| ActionError::new("bad_history", format!("ply {ply} '{}': {}", e.action, err.message)))?;
        }
        Ok(game)
    }

    pub fn hidden_information(&self) -> bool {
        self.game.hidden_information()
    }
}
