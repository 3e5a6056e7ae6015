//! What a Looking-Glass position holds beyond the boards: each side's
//! Strikes, the rule for impossible orders, and the phase of the game. In
//! FEN, three fields after the move numbers: `0,0 strikes play`.

use crate::color::Color;
use crate::error::FenError;
use crate::zobrist;

/// Strikes that lose the game.
pub const STRIKES_TO_LOSE: u8 = 3;

/// What an impossible order costs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum OrderRule {
    /// A Strike; the giver moves again; the third loses (the seed's rule).
    #[default]
    Strikes,
    /// The seed's alternative: the turn is forfeited and the opponent chooses
    /// the forfeiting side's move.
    Forfeit,
}

/// Where the game stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// This side still sets up its army in secret (White first, then Black).
    Setup(Color),
    /// The side to move moves or orders.
    #[default]
    Play,
    /// The side to move gave an impossible order under the forfeit rule: its
    /// opponent chooses its move.
    Forfeit,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LgState {
    pub strikes: [u8; 2],
    pub rule: OrderRule,
    pub phase: Phase,
}

impl LgState {
    pub fn strikes(&self, color: Color) -> u8 {
        self.strikes[color.index()]
    }

    /// Whether `color` has still to place its army.
    pub fn unplaced(&self, color: Color) -> bool {
        match self.phase {
            Phase::Setup(c) => c == color || color == Color::Black,
            _ => false,
        }
    }

    pub fn hash(&self) -> u64 {
        let strikes = Color::ALL.iter().map(|&c| zobrist::extra(c.index() * 8 + self.strikes(c) as usize));
        let rule = match self.rule {
            OrderRule::Strikes => 0,
            OrderRule::Forfeit => zobrist::extra(20),
        };
        let phase = match self.phase {
            Phase::Play => 0,
            Phase::Setup(c) => zobrist::extra(21 + c.index()),
            Phase::Forfeit => zobrist::extra(23),
        };
        strikes.fold(rule ^ phase, |a, b| a ^ b)
    }

    /// ` 0,0 strikes play`.
    pub fn write(&self, out: &mut String) {
        let rule = match self.rule {
            OrderRule::Strikes => "strikes",
            OrderRule::Forfeit => "forfeit",
        };
        let phase = match self.phase {
            Phase::Setup(Color::White) => "setup-white",
            Phase::Setup(Color::Black) => "setup-black",
            Phase::Play => "play",
            Phase::Forfeit => "choose",
        };
        out.push_str(&format!(" {},{} {rule} {phase}", self.strikes[0], self.strikes[1]));
    }

    /// Reads the three fields; absent fields mean no Strikes, the Strike
    /// rule, and play.
    pub fn read(fields: &[&str]) -> Result<LgState, FenError> {
        let mut state = LgState::default();
        if let Some(strikes) = fields.first() {
            let read = |t: &str| {
                t.parse::<u8>().ok().filter(|&n| n <= STRIKES_TO_LOSE).ok_or_else(|| {
                    FenError::VariantField(format!("'{t}' is not a Strike count (0 to {STRIKES_TO_LOSE}); write them 'white,black', like 0,1"))
                })
            };
            let (w, b) = strikes
                .split_once(',')
                .ok_or_else(|| FenError::VariantField(format!("Strikes must be written 'white,black', like 0,1, not '{strikes}'")))?;
            state.strikes = [read(w)?, read(b)?];
        }
        if let Some(rule) = fields.get(1) {
            state.rule = match *rule {
                "strikes" => OrderRule::Strikes,
                "forfeit" => OrderRule::Forfeit,
                other => {
                    return Err(FenError::VariantField(format!(
                        "'{other}' is no rule for impossible orders: write 'strikes' or 'forfeit'"
                    )))
                }
            };
        }
        if let Some(phase) = fields.get(2) {
            state.phase = match *phase {
                "setup-white" => Phase::Setup(Color::White),
                "setup-black" => Phase::Setup(Color::Black),
                "play" => Phase::Play,
                "choose" => Phase::Forfeit,
                other => {
                    return Err(FenError::VariantField(format!(
                        "'{other}' is no phase: write 'setup-white', 'setup-black', 'play' or 'choose'"
                    )))
                }
            };
        }
        if let Some(extra) = fields.get(3) {
            return Err(FenError::VariantField(format!("unexpected field '{extra}' after the phase")));
        }
        Ok(state)
    }
}
