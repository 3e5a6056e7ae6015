//! Bede Chess state beyond the board: escalation and the Jesters' powers,
//! with their FEN fields (`e`/`-`, then two characters) and hash keys.

use super::pieces::{self, JESTER, ROLES};
use crate::color::Color;
use crate::error::FenError;
use crate::role::{Letters, Role};
use crate::zobrist;

/// Escalation and what each side's Jester copies.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BedeState {
    /// Once a king has been in check or a non-pawn piece captured: from then
    /// on moves may go backwards.
    pub escalated: bool,
    /// Per colour, the role its Jester moves as; `None` before the opponent
    /// has moved (the Jester cannot move). Never the Jester itself.
    pub jesters: [Option<Role>; 2],
}

impl BedeState {
    /// The role `color`'s Jester copies.
    #[inline]
    pub fn jester(&self, color: Color) -> Option<Role> {
        self.jesters[color.index()]
    }

    pub fn hash(&self) -> u64 {
        let mut h = if self.escalated { zobrist::extra(0) } else { 0 };
        for color in Color::ALL {
            if let Some(role) = self.jester(color) {
                h ^= zobrist::extra(1 + color.index() * 16 + role.index());
            }
        }
        h
    }

    /// Reads `<escalation> <jesters>`; both absent means the start state.
    pub fn read(fields: &[&str]) -> Result<BedeState, FenError> {
        match fields {
            [] => Ok(BedeState::default()),
            [escalation, jesters] => Ok(BedeState { escalated: read_escalation(escalation)?, jesters: read_jesters(jesters)? }),
            [_] => Err(FenError::VariantField(
                "Bede FEN needs two fields after the move numbers, escalation ('e' or '-') and the Jesters (two characters, e.g. '--'); only one is given".into(),
            )),
            [_, _, extra, ..] => Err(FenError::VariantField(format!("unexpected field '{extra}' after the Bede escalation and Jester fields"))),
        }
    }

    pub fn write(&self, out: &mut String) {
        out.push(' ');
        out.push(if self.escalated { 'e' } else { '-' });
        out.push(' ');
        for color in Color::ALL {
            out.push(self.jester(color).and_then(|r| Letters(ROLES).letter(r)).unwrap_or('-'));
        }
    }
}

fn read_escalation(field: &str) -> Result<bool, FenError> {
    match field {
        "e" => Ok(true),
        "-" => Ok(false),
        other => Err(FenError::VariantField(format!(
            "escalation field '{other}' must be 'e' (escalated) or '-' (not yet)"
        ))),
    }
}

fn read_jesters(field: &str) -> Result<[Option<Role>; 2], FenError> {
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != 2 {
        return Err(FenError::VariantField(format!(
            "Jester field '{field}' must be two characters: the lower-case letter of the piece White's Jester copies, then Black's, '-' for none (e.g. '-p')"
        )));
    }
    let mut out = [None; 2];
    for (slot, &c) in out.iter_mut().zip(&chars) {
        if c == '-' {
            continue;
        }
        let role = (c.is_ascii_lowercase()).then(|| Letters(ROLES).role(c)).flatten();
        match role {
            Some(r) if pieces::copyable(r) => *slot = Some(r),
            Some(r) if r == JESTER => {
                return Err(FenError::VariantField(format!(
                    "Jester field '{field}': a Jester never copies 'j' (it copies what the other Jester copied); write that piece's letter"
                )))
            }
            _ => {
                return Err(FenError::VariantField(format!(
                    "Jester field '{field}': '{c}' is not a lower-case Bede piece letter (k q c b z s p) or '-'"
                )))
            }
        }
    }
    Ok(out)
}
