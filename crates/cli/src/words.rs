//! What the terminal game says: the help, what an action did, the move list,
//! the choices of a question, the result.

use chesslantis_core::event::{sentence, Event};
use chesslantis_core::{Color, Outcome};

/// The commands every variant has; the variant's own follow.
const COMMON_HELP: &str = "Type a move (UCI like e2e4 or SAN like Nf3), or:
  moves        list the legal moves
  history      the moves so far
  fen          the position as FEN (as you may see it)
  board        draw the board again
  draw         offer a draw (the other side accepts or declines)
  resign       give up
  help         this text
  quit         leave the game";

/// The help: the common commands, then the variant's own (`Variant::COMMANDS`).
pub fn help(variant_name: &str, variant_commands: &str) -> String {
    let mut out = COMMON_HELP.to_string();
    if !variant_commands.is_empty() {
        out.push_str(&format!("\n{variant_name}:"));
        for line in variant_commands.lines() {
            out.push_str(&format!("\n  {line}"));
        }
    }
    out
}

/// One line on what an action did, from its events; `None` when it did
/// nothing to tell. The end of the game is said apart ([`game_over`]).
pub fn narration(events: &[Event]) -> Option<String> {
    let told: Vec<Event> = events.iter().filter(|e| !matches!(e, Event::GameOver(_))).cloned().collect();
    (!told.is_empty()).then(|| sentence(&told))
}

/// `Game over: 1-0 White wins by checkmate`.
pub fn game_over(outcome: Outcome) -> String {
    format!("Game over: {} {outcome}", outcome.result_text())
}

/// The moves of the game in SAN, numbered: `1. e4 e5 2. Nf3`.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    first_number: u32,
    moves: Vec<(Color, String)>,
}

impl MoveList {
    /// A list whose first move has number `first_number` (the FEN's).
    pub fn new(first_number: u32) -> MoveList {
        MoveList { first_number: first_number.max(1), moves: Vec::new() }
    }

    /// Records the moves that stood among an action's events.
    pub fn record(&mut self, events: &[Event]) {
        for event in events {
            if let Event::Moved { by, san } = event {
                self.moves.push((*by, san.clone()));
            }
        }
    }

    pub fn text(&self) -> String {
        if self.moves.is_empty() {
            return "No moves yet.".into();
        }
        let mut out = String::new();
        let mut number = self.first_number;
        for (i, (by, san)) in self.moves.iter().enumerate() {
            match by {
                Color::White => out.push_str(&format!("{number}. {san} ")),
                Color::Black if i == 0 => out.push_str(&format!("{number}... {san} ")),
                Color::Black => out.push_str(&format!("{san} ")),
            }
            if *by == Color::Black {
                number += 1;
            }
        }
        out.trim_end().to_string()
    }
}

/// A question on a typed text, with numbered choices, the first the default:
/// `'e7e8': needs a promotion piece: 1) e7e8q  2) e7e8r ...`.
pub fn choices(typed: &str, why: &str, options: &[String]) -> String {
    let listed: Vec<String> = options.iter().enumerate().map(|(i, o)| format!("{}) {o}", i + 1)).collect();
    let default = options.first().map_or("", String::as_str);
    format!("'{typed}': {why}: {} (type a number or the move; Enter for {default})", listed.join("  "))
}

/// The option a player's answer picks: Enter the first, a number, the
/// option's text, or the unique option ending with the text (`a4` for
/// `e4d5@a4`). `None` when the answer picks none.
pub fn pick<'a>(answer: &str, options: &'a [String]) -> Option<&'a String> {
    let answer = answer.trim();
    if answer.is_empty() {
        return options.first();
    }
    if let Ok(n) = answer.parse::<usize>() {
        return n.checked_sub(1).and_then(|i| options.get(i));
    }
    if let Some(exact) = options.iter().find(|o| o.as_str() == answer) {
        return Some(exact);
    }
    let mut ending = options.iter().filter(|o| o.ends_with(answer));
    match (ending.next(), ending.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_list_numbers_moves_from_the_fen() {
        let mut list = MoveList::new(12);
        list.record(&[Event::Moved { by: Color::Black, san: "e5".into() }, Event::Check]);
        list.record(&[Event::Moved { by: Color::White, san: "Nf3".into() }]);
        list.record(&[Event::Moved { by: Color::Black, san: "Nc6".into() }]);
        assert_eq!(list.text(), "12... e5 13. Nf3 Nc6");
    }

    #[test]
    fn a_choice_is_picked_by_enter_number_text_or_ending() {
        let options: Vec<String> = ["e4d5@a4", "e4d5@b4", "e4d5@c5"].map(String::from).to_vec();
        assert_eq!(pick("", &options), Some(&options[0]));
        assert_eq!(pick("2", &options), Some(&options[1]));
        assert_eq!(pick("e4d5@c5", &options), Some(&options[2]));
        assert_eq!(pick("b4", &options), Some(&options[1]));
        assert_eq!(pick("4", &options), None);
        assert_eq!(pick("h8", &options), None);
    }
}
