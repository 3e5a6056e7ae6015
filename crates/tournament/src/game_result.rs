//! A result as the arbiter types it: every common spelling of a win, a
//! draw, a forfeit and a double forfeit, and nothing else.

use crate::event::TournamentError;

/// How a result is entered: White's outcome, or a forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
    WhiteWinsByForfeit,
    BlackWinsByForfeit,
    /// Neither player came: both lose by forfeit (TRF `-` on both lines).
    DoubleForfeit,
}

/// What `BadResult` lists: every form accepted.
pub const ACCEPTED_RESULTS: &str = "1-0, 0-1, 1/2 (or =, 1/2-1/2, 0.5-0.5), \
    +- or -+ (forfeit win for White or Black, also +/- and -/+), 0-0 (double forfeit)";

impl std::str::FromStr for GameResult {
    type Err = TournamentError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Spaces inside do not matter: the sheets print forfeits as `+ -`.
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
        Ok(match compact.as_str() {
            "1-0" | "1:0" => GameResult::WhiteWins,
            "0-1" | "0:1" => GameResult::BlackWins,
            "1/2" | "=" | "1/2-1/2" | "½" | "½-½" | "0.5" | "0.5-0.5" | "0.5:0.5" | "draw" => GameResult::Draw,
            "+-" | "+/-" | "+:-" => GameResult::WhiteWinsByForfeit,
            "-+" | "-/+" | "-:+" => GameResult::BlackWinsByForfeit,
            "0-0" | "0:0" | "-/-" => GameResult::DoubleForfeit,
            _ => return Err(TournamentError::BadResult(text.trim().to_string())),
        })
    }
}

impl GameResult {
    /// How the result is echoed back after it is entered.
    pub fn describe(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteWinsByForfeit => "+ - (forfeit)",
            GameResult::BlackWinsByForfeit => "- + (forfeit)",
            GameResult::DoubleForfeit => "- - (double forfeit: both lose)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_each_result() {
        let cases: [(&[&str], GameResult); 6] = [
            (&["1-0", " 1 - 0 ", "1:0"], GameResult::WhiteWins),
            (&["0-1", "0:1"], GameResult::BlackWins),
            (&["1/2", "=", "1/2-1/2", "½-½", "0.5-0.5", "0.5", "Draw"], GameResult::Draw),
            (&["+-", "+/-", "+ -"], GameResult::WhiteWinsByForfeit),
            (&["-+", "-/+", "- +"], GameResult::BlackWinsByForfeit),
            (&["0-0", "-/-", "0:0"], GameResult::DoubleForfeit),
        ];
        for (spellings, expected) in cases {
            for spelling in spellings {
                assert_eq!(spelling.parse::<GameResult>().ok(), Some(expected), "{spelling:?}");
            }
        }
    }

    #[test]
    fn anything_else_is_refused_with_the_accepted_forms() {
        for bad in ["2-0", "1-1", "", "1/3", "+", "0.5-1", "white"] {
            let message = bad.parse::<GameResult>().expect_err(bad).to_string();
            assert!(message.contains("0-0 (double forfeit)") && message.contains("-+"), "{message}");
        }
    }
}
