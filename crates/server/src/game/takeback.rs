//! Takebacks, as lichess has them: a player proposes to take back their
//! last move, the opponent accepts or declines. Accepted, the game goes back
//! to before the proposer's last move: one ply when the opponent is to move
//! (the proposer's own move), two when the proposer is (the opponent's
//! reply too). Nothing else changes: the clocks run on as they stand.
//!
//! Only where a takeback can tell nobody anything and undo no chance: in a
//! variant that rolls no dice and hides nothing (the variant's own
//! `rolls_dice` and `hidden_information`, no list of names). In Rejection,
//! whose proposals and answers are public, a takeback takes back whole
//! turns: the proposal, its answer and the move that stood, so the answer
//! may be given anew (the proposer learnt only what both players saw).
//!
//! The words are actions of the log, stored like every action before they
//! are acknowledged (`propose takeback`, `accept takeback`, `decline
//! takeback`), so a restart or another process replays them: the game is
//! the log's actions with each accepted takeback's plies dropped, rebuilt
//! from the start (core has no undo). The log only grows, so its length
//! (`ply`) still tells every change apart.

use crate::game::clock::seat_index;
use chesslantis_core::move_seen::MoveSeen;
use chesslantis_core::{Color, DynGame, Entry, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// A player may have this many of their proposals declined in a game; then
/// they may propose no more (the opponent is not asked again and again).
pub const MAX_DECLINED: u32 = 3;

/// The takeback words a player sends as an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Word {
    Propose,
    Accept,
    Decline,
}

impl Word {
    /// The word in an action text, if it is one (`takeback` is short for proposing).
    pub fn read(text: &str) -> Option<Word> {
        match text.trim().to_ascii_lowercase().as_str() {
            "propose takeback" | "takeback" => Some(Word::Propose),
            "accept takeback" => Some(Word::Accept),
            "decline takeback" => Some(Word::Decline),
            _ => None,
        }
    }

    /// The word as the log stores it.
    pub fn text(self) -> &'static str {
        match self {
            Word::Propose => "propose takeback",
            Word::Accept => "accept takeback",
            Word::Decline => "decline takeback",
        }
    }
}

/// A takeback refused: each its own code, the words say why and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakebackError {
    /// The variant rolls dice or hides something.
    NotInVariant(String),
    /// A rated game.
    Rated(String),
    /// The proposer has made no move yet.
    NothingToTakeBack(String),
    /// A proposal waits for its answer already.
    Pending(String),
    /// An answer without a proposal of the opponent's.
    NoProposal(String),
    /// The proposer had `MAX_DECLINED` proposals declined.
    Limit(String),
}

impl TakebackError {
    pub fn code(&self) -> &'static str {
        match self {
            TakebackError::NotInVariant(_) => "takeback_not_in_variant",
            TakebackError::Rated(_) => "takeback_rated",
            TakebackError::NothingToTakeBack(_) => "nothing_to_take_back",
            TakebackError::Pending(_) => "takeback_pending",
            TakebackError::NoProposal(_) => "no_takeback_proposal",
            TakebackError::Limit(_) => "takeback_limit",
        }
    }
}

impl fmt::Display for TakebackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakebackError::NotInVariant(w)
            | TakebackError::Rated(w)
            | TakebackError::NothingToTakeBack(w)
            | TakebackError::Pending(w)
            | TakebackError::NoProposal(w)
            | TakebackError::Limit(w) => f.write_str(w),
        }
    }
}

/// A proposal waiting for the opponent's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TakebackProposal {
    #[schema(value_type = crate::game::schema::SeatDoc)]
    pub by: Seat,
    /// The moves it takes back (SAN), in order.
    pub moves: Vec<String>,
    /// In words: `White proposes to take back 1...e5 2.Nf3`.
    pub words: String,
}

/// The last answer to a proposal, until the game moves on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TakebackAnswer {
    /// The proposer.
    #[schema(value_type = crate::game::schema::SeatDoc)]
    pub by: Seat,
    pub accepted: bool,
    /// The moves taken back, or that would have been (SAN).
    pub moves: Vec<String>,
    /// In words: `Black took back 1...e5`, `White declined Black's takeback`.
    pub words: String,
}

/// How many more of each seat's proposals may be declined.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TakebacksLeft {
    pub white: u32,
    pub black: u32,
}

/// Takebacks in a game's state (`GameState::takeback`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TakebackState {
    /// Whether this game has takebacks at all: a casual game of a variant
    /// without dice or secrets.
    pub allowed: bool,
    /// The proposal waiting for its answer.
    pub proposal: Option<TakebackProposal>,
    /// How many more proposals of each seat may be declined before it may
    /// propose no more (a move of the opponent while one waits declines it).
    pub left: TakebacksLeft,
    /// The last proposal's answer, until the next action of the game.
    pub last: Option<TakebackAnswer>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Pending {
    proposal: TakebackProposal,
    /// The game's history is cut to this length when it is accepted.
    cut: usize,
}

/// The takeback part of a game's log, beside the game it leads to.
#[derive(Clone, Debug, Default)]
pub struct Takebacks {
    /// For each action of the game as it stands, its ply in the log.
    plies: Vec<u64>,
    /// The log's length: every action stored, the words and the actions taken back too.
    len: u64,
    pending: Option<Pending>,
    declined: [u32; 2],
    last: Option<TakebackAnswer>,
}

/// Whether `game`'s variant has takebacks: no dice, nothing hidden.
pub fn in_variant(game: &DynGame) -> bool {
    !game.info().rolls_dice && !game.hidden_information()
}

/// A seat in a sentence (its colour's name; takebacks are the players').
fn name(seat: Seat) -> &'static str {
    seat.color().map_or("the dice", Color::name)
}

/// The other player.
fn opponent(seat: Seat) -> Seat {
    seat.color().map_or(Seat::White, |color| Seat::player(!color))
}

/// The draw words every game has: talk, not play, so a takeback proposal
/// stands through them.
fn is_talk(action: &str) -> bool {
    matches!(action, "offer draw" | "decline draw")
}

/// `moves` with their numbers, the first being move `number` (`1...e5 2.Nf3`).
fn numbered(moves: &[MoveSeen], mut number: u64) -> String {
    let mut out = Vec::new();
    let mut after_white = false;
    for m in moves {
        if m.seat == Seat::Black {
            out.push(if after_white {
                m.san.clone()
            } else {
                format!("{number}...{}", m.san)
            });
            number += 1;
            after_white = false;
        } else {
            out.push(format!("{number}.{}", m.san));
            after_white = true;
        }
    }
    out.join(" ")
}

/// Where a takeback by `by` cuts `game`'s history, and the moves it takes
/// back: before the turn of `by`'s last move that stood (with whatever
/// followed it). `None` when `by` has no such move.
fn cut_for(game: &DynGame, by: Seat) -> Option<(usize, Vec<MoveSeen>, u64)> {
    let stood = |moves: Vec<MoveSeen>| {
        moves
            .into_iter()
            .filter(|m| !m.rejected)
            .collect::<Vec<_>>()
    };
    let all = stood(game.view(Viewer::Referee).moves);
    let kept = all.iter().rposition(|m| m.seat == by)?;
    // The shortest history that has played exactly the moves kept: the
    // start of the turn that played the proposer's move.
    let mut replay = DynGame::new(game.variant_id(), game.start_fen()).ok()?;
    let mut cut = 0;
    if kept > 0 {
        for (i, entry) in game.history().iter().enumerate() {
            replay.apply(entry.seat, &entry.action).ok()?;
            if stood(replay.view(Viewer::Referee).moves).len() >= kept {
                cut = i + 1;
                break;
            }
        }
    }
    let before =
        DynGame::replay(game.variant_id(), game.start_fen(), &game.history()[..cut]).ok()?;
    let fen = before.view(Viewer::Referee).fen;
    let number = fen
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1 + kept as u64 / 2);
    Some((cut, all[kept..].to_vec(), number))
}

impl Takebacks {
    /// The log's length (`GameState::ply`).
    pub fn log_len(&self) -> u64 {
        self.len
    }

    /// The log's ply of the game's action `index` (the clocks a replay shows are stored with it).
    pub fn log_ply(&self, index: usize) -> Option<u64> {
        self.plies.get(index).copied()
    }

    /// The seat whose proposal waits for an answer.
    pub fn proposed_by(&self) -> Option<Seat> {
        self.pending.as_ref().map(|p| p.proposal.by)
    }

    /// Notes an action of the game, applied to it and stored at the log's
    /// end. Any action but draw talk ends a waiting proposal: the
    /// opponent's declines it, the proposer's withdraws it.
    pub fn note_action(&mut self, entry: &Entry, game: &DynGame) {
        self.plies.push(self.len);
        self.len += 1;
        if is_talk(&entry.action) && game.outcome().is_none() {
            return;
        }
        self.last = None;
        if let Some(pending) = self.pending.take() {
            let by = pending.proposal.by;
            if entry.seat == opponent(by) && game.outcome().is_none() {
                if let Some(i) = seat_index(by) {
                    self.declined[i] += 1;
                }
            }
        }
    }

    /// `seat`'s takeback `word`, stored at the log's end; an accepted
    /// takeback replaces `game` with the game before the moves it takes
    /// back. Refused with the game and these unchanged.
    pub fn apply(
        &mut self,
        game: &mut DynGame,
        seat: Seat,
        word: Word,
    ) -> Result<(), TakebackError> {
        let Some(i) = seat_index(seat) else {
            return Err(TakebackError::NoProposal(
                "takebacks are the players'; the dice neither propose nor answer".into(),
            ));
        };
        if !in_variant(game) {
            let why = if game.info().rolls_dice {
                "it rolls dice, and a takeback would undo a roll"
            } else {
                "it hides things from the players, and a takeback could show them"
            };
            return Err(TakebackError::NotInVariant(format!(
                "{} has no takebacks: {why}",
                game.info().name
            )));
        }
        if game.outcome().is_some() {
            return Err(TakebackError::NothingToTakeBack(
                "the game is over; nothing can be taken back".into(),
            ));
        }
        match word {
            Word::Propose => {
                if let Some(pending) = &self.pending {
                    let by = pending.proposal.by;
                    return Err(TakebackError::Pending(if by == seat {
                        format!(
                            "you proposed a takeback already; wait for {}'s answer",
                            name(opponent(seat))
                        )
                    } else {
                        format!("{} proposes a takeback: answer 'accept takeback' or 'decline takeback'", name(by))
                    }));
                }
                if self.declined[i] >= MAX_DECLINED {
                    return Err(TakebackError::Limit(format!(
                        "{MAX_DECLINED} of your takeback proposals were declined in this game; you may propose no more"
                    )));
                }
                let Some((cut, moves, number)) = cut_for(game, seat) else {
                    return Err(TakebackError::NothingToTakeBack(
                        "you have made no move yet: there is nothing to take back".into(),
                    ));
                };
                let words = format!(
                    "{} proposes to take back {}",
                    name(seat),
                    numbered(&moves, number)
                );
                let taken = moves.into_iter().map(|m| m.san).collect();
                self.pending = Some(Pending {
                    proposal: TakebackProposal {
                        by: seat,
                        moves: taken,
                        words,
                    },
                    cut,
                });
                self.last = None;
            }
            Word::Accept | Word::Decline => {
                let Some(pending) = self.pending.clone().filter(|p| p.proposal.by != seat) else {
                    return Err(TakebackError::NoProposal(match &self.pending {
                        Some(_) => format!("this is your own proposal; {} answers it", name(opponent(seat))),
                        None => format!("{} has not proposed a takeback; to propose one, send 'propose takeback'", name(opponent(seat))),
                    }));
                };
                let TakebackProposal { by, moves, words } = pending.proposal;
                let (accepted, words) = if word == Word::Accept {
                    let before = DynGame::replay(
                        game.variant_id(),
                        game.start_fen(),
                        &game.history()[..pending.cut],
                    )
                    .map_err(|e| {
                        TakebackError::NothingToTakeBack(format!(
                            "the game before these moves could not be rebuilt: {e}"
                        ))
                    })?;
                    *game = before;
                    self.plies.truncate(pending.cut);
                    (
                        true,
                        words.replacen("proposes to take back", "took back", 1),
                    )
                } else {
                    self.declined[seat_index(by).unwrap_or(0)] += 1;
                    (
                        false,
                        format!("{} declined {}'s takeback", name(seat), name(by)),
                    )
                };
                self.pending = None;
                self.last = Some(TakebackAnswer {
                    by,
                    accepted,
                    moves,
                    words,
                });
            }
        }
        self.len += 1;
        Ok(())
    }

    /// The takebacks as a state shows them (`allowed`: the game has them).
    pub fn state(&self, allowed: bool) -> TakebackState {
        let left = |i: usize| MAX_DECLINED.saturating_sub(self.declined[i]);
        TakebackState {
            allowed,
            proposal: self.pending.as_ref().map(|p| p.proposal.clone()),
            left: TakebacksLeft {
                white: left(0),
                black: left(1),
            },
            last: self.last.clone(),
        }
    }
}

/// Applies one stored action of the log to `game` and `takebacks`.
pub fn follow(game: &mut DynGame, takebacks: &mut Takebacks, entry: &Entry) -> Result<(), String> {
    match Word::read(&entry.action) {
        Some(word) => takebacks
            .apply(game, entry.seat, word)
            .map_err(|e| e.to_string()),
        None => {
            game.apply(entry.seat, &entry.action)
                .map_err(|e| e.message)?;
            takebacks.note_action(entry, game);
            Ok(())
        }
    }
}

/// The game a stored log leads to, with its takebacks.
pub fn replay(
    variant: &str,
    setup: Option<&str>,
    log: &[Entry],
) -> Result<(DynGame, Takebacks), String> {
    let mut game = DynGame::new(variant, setup).map_err(|e| e.message)?;
    let mut takebacks = Takebacks::default();
    for (ply, entry) in log.iter().enumerate() {
        follow(&mut game, &mut takebacks, entry).map_err(|e| {
            format!(
                "log entry {} ({} '{}'): {e}",
                ply + 1,
                entry.seat,
                entry.action
            )
        })?;
    }
    Ok((game, takebacks))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(variant: &str, log: &[(Seat, &str)]) -> Result<(DynGame, Takebacks), String> {
        let log: Vec<Entry> = log
            .iter()
            .map(|(seat, a)| Entry {
                seat: *seat,
                action: a.to_string(),
            })
            .collect();
        replay(variant, None, &log)
    }

    fn sans(game: &DynGame) -> Vec<String> {
        game.view(Viewer::Referee)
            .moves
            .into_iter()
            .map(|m| m.san)
            .collect()
    }

    #[test]
    fn on_the_proposers_turn_two_plies_go_else_one() {
        use Seat::{Black, White};
        let (game, tb) = play(
            "chess",
            &[
                (White, "e2e4"),
                (Black, "e7e5"),
                (White, "propose takeback"),
                (Black, "accept takeback"),
            ],
        )
        .unwrap();
        assert!(game.history().is_empty());
        assert_eq!(tb.log_len(), 4);
        assert_eq!(
            tb.state(true).last.unwrap().words,
            "White took back 1.e4 e5"
        );
        let (game, tb) = play(
            "chess",
            &[
                (White, "e2e4"),
                (Black, "e7e5"),
                (Black, "takeback"),
                (White, "accept takeback"),
            ],
        )
        .unwrap();
        assert_eq!(sans(&game), ["e4"]);
        assert_eq!(tb.state(true).last.unwrap().words, "Black took back 1...e5");
        assert_eq!(tb.log_ply(0), Some(0));
    }

    #[test]
    fn a_declined_or_lapsed_proposal_counts_against_the_proposer() {
        use Seat::{Black, White};
        let (game, tb) = play(
            "chess",
            &[
                (White, "e2e4"),
                (White, "propose takeback"),
                (Black, "decline takeback"),
                (White, "propose takeback"),
                (Black, "e7e5"),
            ],
        )
        .unwrap();
        assert_eq!(sans(&game), ["e4", "e5"]);
        assert_eq!(tb.state(true).left, TakebacksLeft { white: 1, black: 3 });
        assert_eq!(tb.proposed_by(), None);
        // The proposer's own move withdraws it.
        let (_, tb) = play(
            "chess",
            &[
                (White, "e2e4"),
                (Black, "e7e5"),
                (White, "propose takeback"),
                (White, "g1f3"),
            ],
        )
        .unwrap();
        assert_eq!(tb.state(true).left.white, MAX_DECLINED);
    }

    #[test]
    fn in_rejection_a_whole_turn_is_taken_back() {
        use Seat::{Black, White};
        let (game, _) = play(
            "rejection",
            &[
                (White, "e2e4"),
                (Black, "accept"),
                (Black, "d7d5"),
                (White, "reject"),
                (Black, "e7e5"),
                (Black, "propose takeback"),
                (White, "accept takeback"),
            ],
        )
        .unwrap();
        assert_eq!(game.history().len(), 2, "{:?}", game.history());
        assert_eq!(game.to_act(), Some(Black));
    }

    #[test]
    fn a_position_taken_back_counts_for_no_repetition() {
        use Seat::{Black, White};
        let shuffle = [
            (White, "g1f3"),
            (Black, "g8f6"),
            (White, "f3g1"),
            (Black, "f6g8"),
        ];
        // The start twice, a third time taken back, then played again: twice still.
        let mut log = shuffle.to_vec();
        log.extend([
            (Black, "propose takeback"),
            (White, "accept takeback"),
            (Black, "f6g8"),
        ]);
        let (game, _) = play("chess", &log).unwrap();
        assert_eq!(
            game.outcome(),
            None,
            "the taken-back occurrence is not counted"
        );
        log.extend(shuffle);
        let (game, _) = play("chess", &log).unwrap();
        assert!(
            game.outcome().is_some_and(|o| o.result_text() == "1/2-1/2"),
            "the third occurrence played is: {:?}",
            game.outcome()
        );
    }

    #[test]
    fn dice_and_secrets_have_none() {
        for variant in ["beirut", "looking-glass", "bermuda-angle"] {
            let game = DynGame::new(variant, None).unwrap();
            assert!(!in_variant(&game), "{variant}");
        }
        for variant in [
            "chess",
            "circe",
            "portal",
            "knights-are-god",
            "bede",
            "rejection",
            "bermuda-two-board",
        ] {
            assert!(
                in_variant(&DynGame::new(variant, None).unwrap()),
                "{variant}"
            );
        }
    }
}
