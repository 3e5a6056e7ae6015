//! A finished game's positions searched from the whole truth, for the
//! server's computer analysis: unlike `choose_action`, which decides from
//! a player's information only, this reads the referee's position (both
//! Beirut carriers included), so it is only ever asked once the game is over.

use crate::positions::PositionLog;
use crate::score::Score;
use crate::search::Searcher;
use crate::time::Limits;
use crate::variant::EngineVariant;
use chesslantis_core::{Action, DynGame, Move, Seat, Viewer};

/// One position analysed: what the side to move should have played and
/// what the move it played was worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysed {
    /// The value of the position for the side to move (its best move's).
    pub score: Score,
    /// The best move as the game's action text (`e2e4`).
    pub best: String,
    /// The best move and the line the search expects after it, in SAN, as
    /// far as the line is one of moves (a roll ends it).
    pub line: Vec<String>,
    /// The value of the move played for the side to move, searched alone
    /// (with dice: over every roll it may bring, not the roll that came).
    pub played: Score,
    /// Whether the move played is the best move.
    pub played_best: bool,
    /// The depth of the last completed iteration.
    pub depth: u32,
}

/// Searches `game`'s true position (the player to act must be choosing a
/// move, not another kind of decision) and the move `played` there.
pub(crate) fn analyse<V: EngineVariant>(
    searcher: &mut Searcher<V>,
    log: &mut PositionLog<V>,
    game: &DynGame,
    played: &str,
    limits: &Limits,
) -> Result<Analysed, String> {
    if !matches!(game.to_act(), Some(Seat::White | Seat::Black)) {
        return Err("no player is to move here".into());
    }
    let inner = game.game();
    let legal = inner.legal_actions();
    if legal.is_empty() || !legal.iter().all(|a| matches!(a, Action::Move(_))) {
        return Err("the player to act decides something other than a move here".into());
    }
    let played = match inner.parse_action(played) {
        Ok(Action::Move(mv)) => mv,
        _ => return Err(format!("'{played}' is not a move of this position")),
    };
    let position = V::position_in(game).ok_or_else(|| format!("the engine analyses {} and this game is not of it", V::ID))?.clone();
    let history = log.before(&[game])?.pop().unwrap_or_default();
    let result = searcher.search(&position, &history, limits, &[], &mut |_| {});
    let best = result.best.ok_or("the position has no legal move")?;
    let played_best = best == played;
    let played_score = if played_best { result.score } else { searcher.search(&position, &history, limits, &[played], &mut |_| {}).score };
    let pv = if result.pv.first() == Some(&best) { result.pv.clone() } else { vec![best] };
    Ok(Analysed {
        score: result.score,
        best: inner.describe(Action::Move(best)).text,
        line: san_line(game, &pv),
        played: played_score,
        played_best,
        depth: result.depth,
    })
}

/// `line` in SAN from `game`, as far as each move is the next player's move.
fn san_line(game: &DynGame, line: &[Move]) -> Vec<String> {
    line_texts(game, line).0
}

/// `line` from `game` in SAN and as the game's action texts (`e2e4`), as
/// far as each move is the next player's move (a roll or a decision that
/// is not a move ends it).
pub(crate) fn line_texts(game: &DynGame, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut game = game.clone();
    let (mut san, mut texts) = (Vec::with_capacity(line.len()), Vec::with_capacity(line.len()));
    for &mv in line {
        let Some(seat @ (Seat::White | Seat::Black)) = game.to_act() else { break };
        let text = game.game().describe(Action::Move(mv)).text;
        if !game.game().legal_actions().contains(&Action::Move(mv)) || game.apply(seat, &text).is_err() {
            break;
        }
        // The SAN the game gives once the move is made, with its `#`.
        san.push(game.view(Viewer::Referee).last.and_then(|l| l.san).unwrap_or_else(|| text.clone()));
        texts.push(text);
    }
    (san, texts)
}

#[cfg(test)]
mod tests {
    use crate::session::new_session;
    use crate::time::Limits;
    use chesslantis_core::{DynGame, Seat};

    fn game(variant: &str, fen: Option<&str>, moves: &[(Seat, &str)]) -> DynGame {
        let mut g = DynGame::new(variant, fen).unwrap();
        for (seat, text) in moves {
            g.apply(*seat, text).unwrap();
        }
        g
    }

    #[test]
    fn a_hung_queen_is_worth_much_less_than_the_best_move() {
        let g = game("chess", None, &[(Seat::White, "e2e4"), (Seat::Black, "d7d5")]);
        let found = new_session("chess", 1).unwrap().analyse(&g, "d1g4", &Limits::depth(4)).unwrap();
        assert!(!found.played_best);
        assert!(found.score - found.played > 500, "{found:?}");
        assert_ne!(found.line.first().map(String::as_str), Some("Qg4"), "{found:?}");
        assert_eq!(found.best, g.game().describe(g.game().parse_action(&found.best).unwrap()).text, "the best move as an action's text");
    }

    #[test]
    fn the_best_move_played_is_worth_the_position() {
        let g = game("chess", Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), &[]);
        let found = new_session("chess", 1).unwrap().analyse(&g, "a1a8", &Limits::depth(3)).unwrap();
        assert!(found.played_best && found.score == found.played, "{found:?}");
        assert_eq!(found.line, vec!["Ra8#".to_string()]);
    }

    #[test]
    fn decisions_that_are_not_moves_and_the_unseen_world_are_not_valued() {
        let beirut = game("beirut", None, &[]);
        let e = new_session("beirut", 1).unwrap().analyse(&beirut, "carrier g1", &Limits::depth(2)).unwrap_err();
        assert!(e.contains("other than a move"), "{e}");
        let over = game("chess", None, &[(Seat::White, "resign")]);
        assert!(new_session("chess", 1).unwrap().analyse(&over, "e2e4", &Limits::depth(2)).is_err());
        let glass = DynGame::new("looking-glass", None).unwrap();
        let e = new_session("looking-glass", 1).unwrap().analyse(&glass, "e2e4", &Limits::depth(2)).unwrap_err();
        assert!(e.contains("player's view"), "{e}");
    }
}
