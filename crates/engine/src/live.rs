//! The analysis board: any position of a game searched from the whole truth
//! (as `analysis.rs` searches a finished game's), reported after every
//! completed iteration, for a player reviewing a game or exploring a
//! position in the browser.
//!
//! What is valued depends on who acts, asked of the game itself:
//! - a player choosing a move: the best `lines` moves (multi-PV: the second
//!   line is the search with the first line's move left out of the root,
//!   and so on; the searcher keeps its table between them). Each move is
//!   valued by itself (the root ranks its moves by their own value even
//!   where the variant's nodes do otherwise, as Rejection's second best);
//! - the dice to roll: every outcome's probability and the value after it,
//!   and the expected value;
//! - a player deciding something that is not a move (a Rejection answer):
//!   each decision's value, where a move or the end of the game follows it;
//!   where another decision that is not a move follows (Beirut's carrier
//!   choices, one after the other), or the engine values the variant only
//!   from a player's view (Looking-Glass), nothing is valued and a note
//!   says why.
//!
//! Scores are from White's side. The search is stopped through the
//! session's stop flag, which the caller clears before and sets to stop (at
//! its time cap too): every report then ends with one marked `done`.

use crate::analysis::line_texts;
use crate::positions::PositionLog;
use crate::score::{Score, UciScore, MATE};
use crate::search::{SearchResult, Searcher};
use crate::time::Limits;
use crate::variant::{EngineVariant, NodeRule};
use chesslantis_core::{Action, Color, DynGame, Move, Outcome, Position, Seat};
use std::sync::atomic::Ordering;

/// The most lines one analysis shows.
pub const MAX_LINES: usize = 3;

/// The value of a game already won, from the winner's side: above every
/// centipawn score and below no mate (no mate is left to count).
pub const WON: i32 = MATE;

/// One line: its first move's value and the moves the search expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveLine {
    /// From White's side.
    pub score: UciScore,
    /// The line as the move list writes it (a roll ends it).
    pub san: Vec<String>,
    /// The same actions as the game reads them (`e2e4`, `accept`).
    pub uci: Vec<String>,
}

/// One outcome of the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveOutcome {
    /// The roll as the game reads it (`roll 3`).
    pub action: String,
    pub probability: f64,
    /// The value after it, from White's side.
    pub score: UciScore,
}

/// The dice's outcomes and what they are worth together.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveChance {
    pub outcomes: Vec<LiveOutcome>,
    /// The sum of the outcomes' values weighted by their probabilities.
    pub expected: UciScore,
}

/// One completed iteration of the analysis board.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LiveReport {
    pub depth: u32,
    /// Nodes searched since the analysis began.
    pub nodes: u64,
    /// The best lines, best first (empty at a roll, and where nothing is valued).
    pub lines: Vec<LiveLine>,
    /// At a roll: the outcomes instead of lines.
    pub chance: Option<LiveChance>,
    /// Why nothing is valued here, when nothing is.
    pub note: Option<String>,
    /// The last report of the analysis: its depth reached, or stopped.
    pub done: bool,
}

impl LiveReport {
    /// The one report of a position the engine does not value.
    pub fn note(text: impl Into<String>) -> LiveReport {
        LiveReport {
            note: Some(text.into()),
            done: true,
            ..LiveReport::default()
        }
    }
}

/// A score from the mover's side as White sees it.
fn for_white(score: Score, mover: Color) -> UciScore {
    match (UciScore::of(score), mover) {
        (s, Color::White) => s,
        (UciScore::Centipawns(cp), Color::Black) => UciScore::Centipawns(-cp),
        (UciScore::Mate(n), Color::Black) => UciScore::Mate(-n),
    }
}

/// A score from the mover's side, as a number from White's side (to add and compare).
fn white_number(score: Score, mover: Color) -> i64 {
    match mover {
        Color::White => i64::from(score),
        Color::Black => -i64::from(score),
    }
}

/// A game state the search can value: over, or a player choosing among moves only.
enum Node<V: EngineVariant> {
    Over(Outcome),
    Moves {
        position: Box<Position<V>>,
        moves: Vec<Move>,
        mover: Color,
    },
}

/// `game` as a node the search values, or why it is not one.
fn node_of<V: EngineVariant>(game: &DynGame) -> Result<Node<V>, String> {
    let mover = match game.to_act() {
        None => {
            return game
                .outcome()
                .map(Node::Over)
                .ok_or_else(|| "no one is to act".to_string())
        }
        Some(Seat::Chance) => return Err("the dice are to roll".into()),
        Some(seat) => seat.color().ok_or("no player is to act")?,
    };
    let legal = game.game().legal_actions();
    let moves: Vec<Move> = legal
        .iter()
        .filter_map(|a| {
            if let Action::Move(mv) = a {
                Some(*mv)
            } else {
                None
            }
        })
        .collect();
    if moves.is_empty() || moves.len() != legal.len() {
        return Err(format!("{mover} decides something other than a move"));
    }
    let position = Box::new(
        V::position_in(game)
            .ok_or_else(|| format!("the engine analyses {} and this game is not of it", V::ID))?
            .clone(),
    );
    Ok(Node::Moves {
        position,
        moves,
        mover,
    })
}

/// What follows one action at the root (a roll's outcome, a decision).
struct Child<V: EngineVariant> {
    /// The action as the game reads it, and as the move list shows it.
    text: String,
    san: String,
    probability: f64,
    game: DynGame,
    node: Node<V>,
    history: Vec<u64>,
}

/// A child's value at one depth: from White's side, with the line after it.
struct Valued {
    white: i64,
    score: UciScore,
    line: (Vec<String>, Vec<String>),
}

/// What the root is.
enum Root<V: EngineVariant> {
    Moves {
        position: Box<Position<V>>,
        moves: Vec<Move>,
        mover: Color,
        history: Vec<u64>,
    },
    /// The dice to roll (`chance`) or a player's decisions that are not moves.
    Expanded {
        children: Vec<Child<V>>,
        chance: bool,
        decider: Option<Color>,
    },
}

/// The session's state the analysis uses.
pub(crate) struct Board<'a, V: EngineVariant> {
    pub searcher: &'a mut Searcher<V>,
    pub log: &'a mut PositionLog<V>,
}

impl<V: EngineVariant> Board<'_, V> {
    /// Analyses `game` to `max_depth` (or until stopped), reporting every
    /// completed iteration; the last report has `done`.
    pub fn analyse(
        &mut self,
        game: &DynGame,
        lines: usize,
        max_depth: u32,
        report: &mut dyn FnMut(&LiveReport),
    ) {
        let lines = lines.clamp(1, MAX_LINES);
        let root = match self.root(game) {
            Ok(root) => root,
            Err(why) => return report(&LiveReport::note(why)),
        };
        let stop = self.searcher.stop_flag();
        let mut nodes = 0;
        let mut last: Option<LiveReport> = None;
        for depth in 1..=max_depth.max(1) {
            if depth > 1 && stop.load(Ordering::Relaxed) {
                break;
            }
            let Some(mut found) = self.iteration(game, &root, depth, lines, &mut nodes) else {
                break;
            };
            found.done = depth >= max_depth || settled(&found, depth);
            report(&found);
            if found.done {
                return;
            }
            last = Some(found);
        }
        let mut last = last.unwrap_or_default();
        last.done = true;
        report(&last);
    }

    fn root(&mut self, game: &DynGame) -> Result<Root<V>, String> {
        let actor = game.to_act().ok_or("the game is over")?;
        if let Ok(Node::Moves {
            position,
            moves,
            mover,
        }) = node_of::<V>(game)
        {
            let history = self.log.before(&[game])?.pop().unwrap_or_default();
            return Ok(Root::Moves {
                position,
                moves,
                mover,
                history,
            });
        }
        let inner = game.game();
        let actions: Vec<(Action, f64)> = match actor {
            Seat::Chance => inner
                .chance_outcomes()
                .into_iter()
                .map(|(a, p)| (a, p.as_f64()))
                .collect(),
            _ => inner
                .legal_actions()
                .into_iter()
                .map(|a| (a, 1.0))
                .collect(),
        };
        let mut children = Vec::with_capacity(actions.len());
        for (action, probability) in actions {
            let described = inner.describe(action);
            let mut next = game.clone();
            next.apply(actor, &described.text)
                .map_err(|e| format!("{}: {}", described.text, e.message))?;
            let node = node_of::<V>(&next).map_err(|why| {
                format!(
                    "the engine values moves, rolls and the decisions a move follows; after {} {why}, so this position is not valued",
                    described.text
                )
            })?;
            let san = described
                .san
                .clone()
                .unwrap_or_else(|| described.text.clone());
            children.push(Child {
                text: described.text,
                san,
                probability,
                game: next,
                node,
                history: Vec::new(),
            });
        }
        let searched: Vec<usize> = (0..children.len())
            .filter(|&i| matches!(children[i].node, Node::Moves { .. }))
            .collect();
        let games: Vec<&DynGame> = searched.iter().map(|&i| &children[i].game).collect();
        let histories = self.log.before(&games)?;
        for (i, history) in searched.into_iter().zip(histories) {
            children[i].history = history;
        }
        Ok(Root::Expanded {
            children,
            chance: actor == Seat::Chance,
            decider: actor.color(),
        })
    }

    /// One search to `depth` (`None` when stopped before it completed).
    fn search(
        &mut self,
        position: &Position<V>,
        history: &[u64],
        allowed: &[Move],
        depth: u32,
        nodes: &mut u64,
    ) -> Option<SearchResult> {
        let result = self.searcher.search_with_root_rule(
            position,
            history,
            &Limits::depth(depth),
            allowed,
            NodeRule::Best,
            &mut |_| {},
        );
        *nodes += result.nodes;
        (!self.searcher.stopped).then_some(result)
    }

    fn iteration(
        &mut self,
        game: &DynGame,
        root: &Root<V>,
        depth: u32,
        lines: usize,
        nodes: &mut u64,
    ) -> Option<LiveReport> {
        match root {
            Root::Moves {
                position,
                moves,
                mover,
                history,
            } => {
                let mut allowed = moves.clone();
                let mut found = Vec::with_capacity(lines);
                while found.len() < lines && !allowed.is_empty() {
                    let result = self.search(position, history, &allowed, depth, nodes)?;
                    let Some(best) = result.best else { break };
                    allowed.retain(|&m| m != best);
                    let pv = if result.pv.first() == Some(&best) {
                        result.pv
                    } else {
                        vec![best]
                    };
                    let (san, uci) = line_texts(game, &pv);
                    found.push(LiveLine {
                        score: for_white(result.score, *mover),
                        san,
                        uci,
                    });
                }
                Some(LiveReport {
                    depth,
                    nodes: *nodes,
                    lines: found,
                    ..LiveReport::default()
                })
            }
            Root::Expanded {
                children,
                chance,
                decider,
            } => {
                let mut valued = Vec::with_capacity(children.len());
                for child in children {
                    valued.push(self.value(child, depth, nodes)?);
                }
                let mut report = LiveReport {
                    depth,
                    nodes: *nodes,
                    ..LiveReport::default()
                };
                if *chance {
                    let expected: f64 = children
                        .iter()
                        .zip(&valued)
                        .map(|(c, v)| c.probability * v.white as f64)
                        .sum();
                    let expected = for_white(
                        expected.round().clamp(-f64::from(MATE), f64::from(MATE)) as Score,
                        Color::White,
                    );
                    let outcomes = children
                        .iter()
                        .zip(valued)
                        .map(|(c, v)| LiveOutcome {
                            action: c.text.clone(),
                            probability: c.probability,
                            score: v.score,
                        })
                        .collect();
                    report.chance = Some(LiveChance { outcomes, expected });
                } else {
                    let mut ranked: Vec<(&Child<V>, Valued)> =
                        children.iter().zip(valued).collect();
                    let sign = if *decider == Some(Color::Black) {
                        -1
                    } else {
                        1
                    };
                    ranked.sort_by_key(|(_, v)| -sign * v.white);
                    report.lines = ranked
                        .into_iter()
                        .take(lines)
                        .map(|(c, v)| {
                            let (mut san, mut uci) = (vec![c.san.clone()], vec![c.text.clone()]);
                            san.extend(v.line.0);
                            uci.extend(v.line.1);
                            LiveLine {
                                score: v.score,
                                san,
                                uci,
                            }
                        })
                        .collect();
                }
                Some(report)
            }
        }
    }

    /// A child's value at `depth` (`None` when stopped).
    fn value(&mut self, child: &Child<V>, depth: u32, nodes: &mut u64) -> Option<Valued> {
        match &child.node {
            Node::Over(Outcome::Draw(_)) => Some(Valued {
                white: 0,
                score: UciScore::Centipawns(0),
                line: Default::default(),
            }),
            Node::Over(Outcome::Win { winner, .. }) => {
                let white = if *winner == Color::White { WON } else { -WON };
                Some(Valued {
                    white: i64::from(white),
                    score: UciScore::Centipawns(white),
                    line: Default::default(),
                })
            }
            Node::Moves {
                position,
                moves,
                mover,
            } => {
                let result = self.search(position, &child.history, moves, depth, nodes)?;
                let line = line_texts(&child.game, &result.pv);
                Some(Valued {
                    white: white_number(result.score, *mover),
                    score: for_white(result.score, *mover),
                    line,
                })
            }
        }
    }
}

/// Whether deeper iterations cannot change the lines: every line a mate
/// found within the depth searched (a forced mate does not get shorter).
fn settled(report: &LiveReport, depth: u32) -> bool {
    let mate_within = |s: &UciScore| matches!(s, UciScore::Mate(n) if n.unsigned_abs() * 2 < depth);
    report.chance.is_none()
        && !report.lines.is_empty()
        && report.lines.iter().all(|l| mate_within(&l.score))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::new_session;
    use chesslantis_core::DynGame;
    use std::sync::atomic::Ordering;

    fn game(variant: &str, fen: Option<&str>, actions: &[&str]) -> DynGame {
        let mut g = DynGame::new(variant, fen).unwrap();
        for text in actions {
            let seat = g.to_act().unwrap();
            g.apply(seat, text).unwrap();
        }
        g
    }

    fn reports(g: &DynGame, lines: usize, depth: u32) -> Vec<LiveReport> {
        let mut out = Vec::new();
        new_session(g.variant_id(), 4)
            .unwrap()
            .analyse_live(g, lines, depth, &mut |r| out.push(r.clone()));
        out
    }

    #[test]
    fn every_iteration_is_reported_deeper_and_the_last_is_done() {
        let found = reports(&game("chess", None, &[]), 2, 5);
        let depths: Vec<u32> = found.iter().map(|r| r.depth).collect();
        assert_eq!(depths, vec![1, 2, 3, 4, 5]);
        assert!(found.last().unwrap().done && found[..4].iter().all(|r| !r.done));
        for r in &found {
            assert_eq!(r.lines.len(), 2, "{r:?}");
            assert_ne!(
                r.lines[0].uci[0], r.lines[1].uci[0],
                "two lines, two first moves: {r:?}"
            );
        }
        assert!(
            found.windows(2).all(|w| w[0].nodes < w[1].nodes),
            "nodes add up"
        );
    }

    #[test]
    fn scores_are_from_whites_side_whoever_moves() {
        // Black to move, a queen up: bad for White.
        let g = game("chess", Some("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"), &[]);
        let last = reports(&g, 1, 4).pop().unwrap();
        assert!(
            matches!(last.lines[0].score, UciScore::Centipawns(cp) if cp < -500),
            "{last:?}"
        );
        let g = game("chess", Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), &[]);
        let last = reports(&g, 1, 4).pop().unwrap();
        assert!(
            matches!(last.lines[0].score, UciScore::Centipawns(cp) if cp > 500),
            "{last:?}"
        );
    }

    #[test]
    fn a_mate_in_one_is_found_and_ends_the_analysis_early() {
        let g = game("chess", Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), &[]);
        let found = reports(&g, 1, 30);
        let last = found.last().unwrap();
        assert!(last.done && last.depth < 30, "{last:?}");
        assert_eq!(last.lines[0].score, UciScore::Mate(1));
        assert_eq!(last.lines[0].san, vec!["Ra8#".to_string()]);
        assert_eq!(last.lines[0].uci, vec!["a1a8".to_string()]);
        // Black mated in one: a mate against White is negative.
        let g = game("chess", Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"), &[]);
        assert_eq!(
            reports(&g, 1, 30).last().unwrap().lines[0].score,
            UciScore::Mate(-1)
        );
    }

    #[test]
    fn more_lines_than_moves_gives_every_move() {
        // A king in the corner, in check, with two squares to go to.
        let g = game("chess", Some("k7/8/2Q5/8/8/8/8/7K b - - 0 1"), &[]);
        assert_eq!(g.game().legal_actions().len(), 2);
        let last = reports(&g, 3, 3).pop().unwrap();
        assert_eq!(last.lines.len(), 2, "{last:?}");
        assert_ne!(last.lines[0].uci[0], last.lines[1].uci[0]);
    }

    #[test]
    fn the_stop_flag_ends_the_analysis_with_a_done_report() {
        let g = game("chess", None, &[]);
        let mut session = new_session("chess", 4).unwrap();
        let stop = session.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let mut found = Vec::new();
        session.analyse_live(&g, 1, 100, &mut |r| {
            found.push(r.clone());
            // Stopped from the reports themselves: the second iteration's report asks for the end.
            if r.depth == 2 {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let last = found.last().unwrap();
        assert!(last.done, "{found:?}");
        assert!(last.depth <= 3 && !last.lines.is_empty(), "{last:?}");
        assert_eq!(found.iter().filter(|r| r.done).count(), 1);
    }

    /// The first game state on the way from the start where the dice are to roll.
    pub(crate) fn before_a_roll(variant: &str) -> DynGame {
        fn search(g: &DynGame, plies: usize) -> Option<DynGame> {
            if g.to_act() == Some(Seat::Chance) {
                return Some(g.clone());
            }
            if plies == 0 {
                return None;
            }
            let seat = g.to_act()?;
            for action in g.game().legal_actions() {
                let mut next = g.clone();
                if next.apply(seat, &g.game().describe(action).text).is_ok() {
                    if let Some(found) = search(&next, plies - 1) {
                        return Some(found);
                    }
                }
            }
            None
        }
        (1..=2)
            .find_map(|plies| search(&DynGame::new(variant, None).unwrap(), plies))
            .expect("a roll within two plies")
    }

    #[test]
    fn at_a_roll_every_outcome_is_valued_and_the_expectation_follows() {
        {
            let g = before_a_roll("bermuda-angle");
            let last = reports(&g, 1, 3).pop().unwrap();
            assert!(last.lines.is_empty() && last.note.is_none(), "{last:?}");
            let chance = last.chance.expect("outcomes at a roll");
            let total: f64 = chance.outcomes.iter().map(|o| o.probability).sum();
            assert!((total - 1.0).abs() < 1e-9, "{chance:?}");
            let texts: Vec<String> = g.chance_outcomes().into_iter().map(|(t, _)| t).collect();
            assert_eq!(
                chance
                    .outcomes
                    .iter()
                    .map(|o| o.action.clone())
                    .collect::<Vec<_>>(),
                texts
            );
            if chance
                .outcomes
                .iter()
                .all(|o| matches!(o.score, UciScore::Centipawns(_)))
            {
                let sum: f64 = chance
                    .outcomes
                    .iter()
                    .map(|o| o.probability * f64::from(cp(o.score)))
                    .sum();
                assert_eq!(chance.expected, UciScore::Centipawns(sum.round() as i32));
            }
        }
    }

    fn cp(s: UciScore) -> i32 {
        match s {
            UciScore::Centipawns(cp) => cp,
            UciScore::Mate(_) => panic!("a mate"),
        }
    }

    #[test]
    fn a_rejection_answer_is_valued_decision_by_decision() {
        let g = game("rejection", None, &["e2e4"]);
        assert!(g.to_act().is_some());
        let last = reports(&g, 2, 3).pop().unwrap();
        assert!(last.note.is_none(), "{last:?}");
        let mut firsts: Vec<&str> = last.lines.iter().map(|l| l.uci[0].as_str()).collect();
        firsts.sort();
        assert_eq!(firsts, vec!["accept", "reject"], "{last:?}");
        assert!(
            last.lines[0].uci.len() > 1,
            "a line goes on after the decision: {last:?}"
        );
    }

    /// Every variant's start is either valued (lines whose first moves are
    /// legal there) or noted, never left without a done report.
    #[test]
    fn every_variants_start_is_valued_or_noted() {
        for id in crate::session::supported_variants() {
            let g = DynGame::new(id, None).unwrap();
            let found = reports(&g, 2, 2);
            let last = found.last().unwrap();
            assert!(
                last.done && found.iter().filter(|r| r.done).count() == 1,
                "{id}: {found:?}"
            );
            if last.note.is_some() {
                assert!(last.lines.is_empty(), "{id}: {last:?}");
                continue;
            }
            let legal: Vec<String> = g
                .game()
                .legal_actions()
                .into_iter()
                .map(|a| g.game().describe(a).text)
                .collect();
            assert_eq!(last.lines.len(), 2, "{id}: {last:?}");
            for line in &last.lines {
                assert!(
                    legal.contains(&line.uci[0]),
                    "{id}: {} is not legal at the start",
                    line.uci[0]
                );
            }
        }
    }

    #[test]
    fn what_the_engine_cannot_value_has_a_note() {
        let found = reports(&game("beirut", None, &[]), 1, 3);
        assert_eq!(found.len(), 1);
        assert!(found[0].done && found[0].lines.is_empty());
        assert!(
            found[0]
                .note
                .as_deref()
                .is_some_and(|n| n.contains("not valued")),
            "{found:?}"
        );
        let found = reports(&DynGame::new("looking-glass", None).unwrap(), 1, 3);
        assert!(
            found.len() == 1 && found[0].done && found[0].note.is_some(),
            "{found:?}"
        );
        let found = reports(&game("chess", None, &["resign"]), 1, 3);
        assert!(found.len() == 1 && found[0].note.is_some(), "{found:?}");
    }

    #[test]
    fn beirut_is_analysed_from_the_truth_once_both_carriers_are_chosen() {
        let mut g = DynGame::new("beirut", None).unwrap();
        while g.to_act().is_some_and(|_| {
            g.game()
                .legal_actions()
                .iter()
                .any(|a| !matches!(a, Action::Move(_)))
        }) {
            let seat = g.to_act().unwrap();
            let first = g.game().describe(g.game().legal_actions()[0]).text;
            g.apply(seat, &first).unwrap();
        }
        let last = reports(&g, 2, 3).pop().unwrap();
        assert_eq!(last.lines.len(), 2, "{last:?}");
    }
}
