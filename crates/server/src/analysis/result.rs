//! A finished analysis as it is stored (JSON in `analysis_jobs.result`) and
//! served: one entry per action of the game, as lichess's game export has
//! one per move (`eval`, `mate`, `best`, `variation`, `judgment`), and per
//! player the counts, the average centipawn loss and the accuracy. Built
//! from the engine's findings ply by ply (`build`).

use crate::analysis::judgement::{self, advise, Tally};
use crate::game::schema::SeatDoc;
use chesslantis_core::{Color, Seat};
use chesslantis_engine::score::{is_mate, MATE};
use chesslantis_engine::{Analysed, Score, UciScore};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One action of the game, analysed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlyAnalysis {
    /// The action's index in the game (the replay's `ply` after it is this plus one).
    pub ply: u64,
    /// Who acted: a player, or the dice (`chance`) for a roll as it happened.
    #[schema(value_type = SeatDoc)]
    pub seat: Seat,
    /// The action as played (`e2e4`, `roll e5`, `carrier g1`, `resign`).
    pub action: String,
    /// A move in SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// The position after this action in centipawns, from White's side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<i32>,
    /// Or a forced mate after this action in so many moves: positive, White mates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// A move's best alternative in the position before it, in SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The line the engine expected from `best` on, in SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judgment: Option<Judgment>,
    /// The depth the engine searched the position before this move to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Why a move has no evaluation (its variant's engine cannot value the position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A move judged, in lichess's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Judgment {
    /// `Inaccuracy`, `Mistake` or `Blunder`.
    pub name: String,
    /// `Blunder. Qxd5 was best.`
    pub comment: String,
}

/// One player's moves summed up, as lichess's `players.white.analysis`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerAnalysis {
    pub inaccuracy: u32,
    pub mistake: u32,
    pub blunder: u32,
    /// Average centipawn loss; `null` when no move of the player was valued.
    pub acpl: Option<u32>,
    /// Accuracy 0 to 100 (lichess's formula), rounded to a tenth; `null` when no move was valued.
    pub accuracy: Option<f64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayersAnalysis {
    pub white: PlayerAnalysis,
    pub black: PlayerAnalysis,
}

/// A whole game's analysis.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GameAnalysis {
    pub analysis: Vec<PlyAnalysis>,
    pub players: PlayersAnalysis,
}

/// What the worker found at one action of the game.
#[derive(Clone, Debug)]
pub struct Step {
    pub seat: Seat,
    pub action: String,
    pub san: Option<String>,
    /// Whether the game is over after this action.
    pub ends: bool,
    /// For a move: the engine's analysis of the position before it, or why there is none.
    pub found: Option<Result<Analysed, String>>,
}

/// A score `s` for `mover` of the position before its move, turned into
/// White's `(eval, mate)` of the position after the move (`moved`) or of
/// the same position (`!moved`). A mate counts the mating side's moves from
/// that position on.
fn white_view(score: Score, mover: Color, moved: bool) -> (Option<i32>, Option<i32>) {
    let sign = if mover == Color::White { 1 } else { -1 };
    if !is_mate(score) {
        return (Some(sign * score), None);
    }
    let plies = MATE - score.abs();
    let moves = match (moved, score > 0) {
        // The mover mates: its own move was one of them.
        (true, true) => (plies - 1) / 2,
        (true, false) => plies / 2,
        (false, _) => match UciScore::of(score) {
            UciScore::Mate(m) => m.abs(),
            UciScore::Centipawns(_) => 0,
        },
    };
    (None, Some(sign * score.signum() * moves))
}

/// The analysis of a game from its steps.
pub fn build(steps: &[Step]) -> GameAnalysis {
    let mut plies: Vec<PlyAnalysis> = steps
        .iter()
        .enumerate()
        .map(|(ply, s)| PlyAnalysis {
            ply: ply as u64,
            seat: s.seat,
            action: s.action.clone(),
            san: s.san.clone(),
            eval: None,
            mate: None,
            best: None,
            variation: None,
            judgment: None,
            depth: None,
            note: None,
        })
        .collect();
    // White's win percentage after each valued move, for the swings around each.
    let mut judged: Vec<(Color, Score, Score)> = Vec::new();
    let mut swings: Vec<f64> = vec![50.0];
    for (ply, step) in steps.iter().enumerate() {
        let Some(mover) = step.seat.color() else { continue };
        match &step.found {
            Some(Ok(found)) => {
                let entry = &mut plies[ply];
                entry.best = Some(found.line.first().unwrap_or(&found.best).clone());
                entry.variation = Some(found.line.join(" "));
                entry.depth = Some(found.depth);
                if !step.ends {
                    (entry.eval, entry.mate) = white_view(found.played, mover, true);
                }
                if let (Some(advice), Some(best)) = (advise(found.score, found.played), &entry.best) {
                    let comment = format!("{}. {best} was best.", advice.words);
                    entry.judgment = Some(Judgment { name: advice.judgement.name().into(), comment });
                }
                judged.push((mover, found.score, found.played));
                let white = if mover == Color::White { found.played } else { -found.played };
                swings.push(judgement::win_percent(white));
                // The position before this move: what the previous action led to.
                if ply > 0 && plies[ply - 1].eval.is_none() && plies[ply - 1].mate.is_none() && !steps[ply - 1].ends {
                    (plies[ply - 1].eval, plies[ply - 1].mate) = white_view(found.score, mover, false);
                }
            }
            Some(Err(why)) => plies[ply].note = Some(format!("no evaluation: {why}")),
            None => {}
        }
    }
    let window = judgement::volatility_window(judged.len());
    let mut tallies = [Tally::default(), Tally::default()];
    for (k, (mover, before, after)) in judged.iter().enumerate() {
        let around = &swings[(k + 2).saturating_sub(window)..=k + 1];
        tallies[mover.index()].add(*before, *after, judgement::standard_deviation(around));
    }
    let summary = |t: &Tally| PlayerAnalysis {
        inaccuracy: t.inaccuracy,
        mistake: t.mistake,
        blunder: t.blunder,
        acpl: t.acpl(),
        accuracy: t.accuracy().map(|a| (a * 10.0).round() / 10.0),
    };
    GameAnalysis { analysis: plies, players: PlayersAnalysis { white: summary(&tallies[0]), black: summary(&tallies[1]) } }
}

/// The `[%eval ...]` of a PGN comment for White's `(eval, mate)`: pawns
/// with two decimals, or `#N` (`#-N`: Black mates).
pub fn pgn_eval(entry: &PlyAnalysis) -> Option<String> {
    match (entry.eval, entry.mate) {
        (_, Some(mate)) => Some(format!("#{mate}")),
        (Some(cp), None) => Some(format!("{:.2}", f64::from(cp) / 100.0)),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_engine::score::{mate_in, mated_in};

    #[test]
    fn scores_turn_into_whites_view_after_the_move() {
        assert_eq!(white_view(35, Color::White, true), (Some(35), None));
        assert_eq!(white_view(35, Color::Black, true), (Some(-35), None));
        // Black mates in 2 (3 plies): after its first move, Black mates in 1.
        assert_eq!(white_view(mate_in(3), Color::Black, true), (None, Some(-1)));
        // White walks into a mate in 1 (2 plies away): Black mates in 1.
        assert_eq!(white_view(mated_in(2), Color::White, true), (None, Some(-1)));
        // Before its move, White mates in 2.
        assert_eq!(white_view(mate_in(3), Color::White, false), (None, Some(2)));
    }

    #[test]
    fn a_move_the_engine_cannot_value_says_so_and_counts_for_nobody() {
        let step = |action: &str, found| Step { seat: Seat::White, action: action.into(), san: None, ends: false, found };
        let why = "the Looking-Glass engine values moves only from a player's view".to_string();
        let built = build(&[step("e2e4", Some(Err(why.clone())))]);
        let entry = &built.analysis[0];
        assert_eq!(entry.note.as_deref(), Some(format!("no evaluation: {why}").as_str()));
        assert_eq!((entry.eval, entry.mate, &entry.best, &entry.judgment), (None, None, &None, &None));
        assert_eq!(built.players.white, PlayerAnalysis::default(), "no accuracy made up");
    }

    #[test]
    fn pgn_evals_are_pawns_or_mates() {
        let mut e = build(&[Step { seat: Seat::White, action: "e2e4".into(), san: Some("e4".into()), ends: false, found: None }]).analysis.remove(0);
        assert_eq!(pgn_eval(&e), None);
        e.eval = Some(-120);
        assert_eq!(pgn_eval(&e).as_deref(), Some("-1.20"));
        e.mate = Some(-3);
        assert_eq!(pgn_eval(&e).as_deref(), Some("#-3"));
    }
}
