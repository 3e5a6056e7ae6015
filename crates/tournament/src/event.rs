//! The club evening as a saved event: players, rounds, variants, results,
//! standings and the group match. Every change is validated before it is
//! applied, so a failed command leaves the event untouched.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::clocks::ClockTable;
use crate::dutch::{pair_round, PairingError, PairingInput};
pub use crate::game_result::GameResult;
use crate::game_result::ACCEPTED_RESULTS;
use crate::group_match::GroupMatch;
use crate::history::{format_points, Colour, Outcome, PlayerId, RoundRecord, Scoring};
use crate::seeding;
use crate::tiebreak::{standings, StandingRow, TieBreak};
use crate::trf::{TrfError, TrfFile, TrfFlavour, TrfPlayer};

/// The family of variants the club evening plays, one per round in the
/// core's order (the seed's: Rejection, Circe, Portal, Beirut, Knights are God).
pub const CLUB_FAMILY: &str = "Newport club";

#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("unknown player {0:?} (give a start number or an exact name)")]
    UnknownPlayer(String),
    #[error("round {round} has no board {board}")]
    NoSuchGame { round: usize, board: usize },
    #[error("round {0} has not been paired")]
    NoSuchRound(usize),
    #[error("round {round} board {board} already has the result {existing}; use --correct to change it")]
    ResultAlreadyEntered { round: usize, board: usize, existing: String },
    #[error("round {round} is not finished: boards {missing:?} have no result")]
    RoundIncomplete { round: usize, missing: Vec<usize> },
    #[error("all {0} rounds have been paired")]
    AllRoundsPaired(usize),
    #[error("unknown variant {id:?}; known: {known}")]
    UnknownVariant { id: String, known: String },
    #[error("bad result {0:?}: use {ACCEPTED_RESULTS}")]
    BadResult(String),
    #[error("{0}")]
    Trf(#[from] TrfError),
    #[error("{0}")]
    Pairing(#[from] PairingError),
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("event file {path} is not valid: {message}")]
    BadEventFile { path: String, message: String },
    #[error("{0} already exists; refusing to overwrite it")]
    EventExists(String),
    #[error("the group match: {0}")]
    GroupMatch(String),
    #[error("{0}")]
    Invalid(String),
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct EventPlayer {
    pub name: String,
    /// ECF grade; `None` = ungraded.
    pub grade: Option<u32>,
    /// One record per paired round.
    pub history: Vec<RoundRecord>,
    /// Byes requested in advance: (round, record).
    pub requested: Vec<(usize, RoundRecord)>,
    /// Withdrawn: not paired from this round on.
    pub withdrawn_from: Option<usize>,
}

/// What a late entry scores for the rounds paired before they joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissedRounds {
    /// Zero-point byes (`Z`), the default.
    Zero,
    /// Half-point byes (`H`), when the organiser grants them.
    Half,
}

impl MissedRounds {
    pub fn record(self) -> RoundRecord {
        match self {
            MissedRounds::Zero => RoundRecord::ZeroBye,
            MissedRounds::Half => RoundRecord::HalfBye,
        }
    }
}

/// One board of a paired round, in sheet order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub number: usize,
    pub white: PlayerId,
    pub black: PlayerId,
    pub result: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Event {
    pub name: String,
    pub total_rounds: usize,
    /// Variant id per round.
    pub variants: Vec<String>,
    pub first_colour: Colour,
    pub scoring: Scoring,
    pub clocks: ClockTable,
    pub tie_breaks: Vec<TieBreak>,
    pub players: Vec<EventPlayer>,
    /// Rounds paired so far.
    pub rounds_paired: usize,
    pub group_match: Option<GroupMatch>,
}

impl Event {
    pub fn new(name: &str, total_rounds: usize) -> Event {
        let club_order = chesslantis_core::registry::family(CLUB_FAMILY);
        let variants = (0..total_rounds).map(|r| club_order.get(r).copied().unwrap_or("chess").to_string()).collect();
        Event {
            name: name.to_string(),
            total_rounds,
            variants,
            first_colour: Colour::White,
            scoring: Scoring::default(),
            clocks: ClockTable::default(),
            tie_breaks: TieBreak::default_order(),
            players: Vec::new(),
            rounds_paired: 0,
            group_match: None,
        }
    }

    pub fn load(path: &Path) -> Result<Event, TournamentError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| TournamentError::Io { path: path.display().to_string(), message: e.to_string() })?;
        serde_json::from_str(&text)
            .map_err(|e| TournamentError::BadEventFile { path: path.display().to_string(), message: e.to_string() })
    }

    /// Writes a sibling temporary file, then renames it over the event file,
    /// so a crash leaves either the old or the new event, never half of one.
    pub fn save(&self, path: &Path) -> Result<(), TournamentError> {
        let io = |e: std::io::Error| TournamentError::Io { path: path.display().to_string(), message: e.to_string() };
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| TournamentError::Invalid(format!("cannot serialise the event: {e}")))?;
        let mut temp = path.as_os_str().to_owned();
        temp.push(".tmp");
        let temp = std::path::PathBuf::from(temp);
        std::fs::write(&temp, text).map_err(io)?;
        std::fs::rename(&temp, path).map_err(io)
    }

    /// Finds a player by start number (`3`) or exact name (case-insensitive).
    pub fn find_player(&self, key: &str) -> Result<PlayerId, TournamentError> {
        let key = key.trim();
        if let Ok(number) = key.parse::<usize>() {
            if number >= 1 && number <= self.players.len() {
                return Ok(number - 1);
            }
            return Err(TournamentError::UnknownPlayer(key.to_string()));
        }
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(key))
            .ok_or_else(|| TournamentError::UnknownPlayer(key.to_string()))
    }

    /// Adds a player and returns their start (pairing) number minus one.
    /// Start numbers follow the seeding (grade, then name; ungraded last,
    /// see `seeding.rs`), whatever order players arrive in: the entrant is
    /// placed at their seed and everyone below moves down one. Once round 4
    /// has been paired numbers are fixed (C.04.2) and a late entry takes
    /// the next free number. A late entry gets a zero- or half-point bye in
    /// each round already paired, as TRF writes them (`Z`, `H`), so the
    /// pairing counts those rounds as unplayed and Buchholz treats them as
    /// C.07 art. 16 says.
    pub fn add_player(&mut self, name: &str, grade: Option<u32>, missed: MissedRounds) -> Result<PlayerId, TournamentError> {
        if name.trim().is_empty() {
            return Err(TournamentError::Invalid("a player needs a name".into()));
        }
        if self.players.iter().any(|p| p.name.eq_ignore_ascii_case(name.trim())) {
            return Err(TournamentError::Invalid(format!("a player called {name:?} is already entered")));
        }
        if let Some(grade) = grade {
            seeding::check_grade(grade)?;
        }
        let entrant = EventPlayer {
            name: name.trim().to_string(),
            grade,
            history: vec![missed.record(); self.rounds_paired],
            requested: Vec::new(),
            withdrawn_from: None,
        };
        Ok(seeding::enter(&mut self.players, self.group_match.as_mut(), entrant, self.rounds_paired))
    }

    pub fn set_variants(&mut self, variants: &[String], known: &[&str]) -> Result<(), TournamentError> {
        for id in variants {
            if !known.contains(&id.as_str()) {
                return Err(TournamentError::UnknownVariant { id: id.clone(), known: known.join(", ") });
            }
        }
        if variants.len() != self.total_rounds {
            return Err(TournamentError::Invalid(format!(
                "{} variants given for {} rounds",
                variants.len(),
                self.total_rounds
            )));
        }
        self.variants = variants.to_vec();
        Ok(())
    }

    /// Requests a bye (half, full or zero point) for a future round.
    pub fn request_bye(&mut self, player: PlayerId, round: usize, record: RoundRecord) -> Result<(), TournamentError> {
        if round <= self.rounds_paired || round > self.total_rounds {
            return Err(TournamentError::Invalid(format!("round {round} cannot take a bye request now")));
        }
        if self.players[player].withdrawn_from.is_some() {
            return Err(TournamentError::Invalid(format!("{} has withdrawn", self.players[player].name)));
        }
        let requested = &mut self.players[player].requested;
        requested.retain(|(r, _)| *r != round);
        requested.push((round, record));
        Ok(())
    }

    /// Withdraws a player from the rounds not yet paired; the games already
    /// played stay, for the player's score and the opponents' tie-breaks.
    pub fn withdraw(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        let entrant = &mut self.players[player];
        if let Some(round) = entrant.withdrawn_from {
            return Err(TournamentError::Invalid(format!("{} already withdrew from round {round}", entrant.name)));
        }
        entrant.withdrawn_from = Some(self.rounds_paired + 1);
        Ok(())
    }

    /// Why a player will not be paired in `round`, if they will not:
    /// withdrawn (`Absent`) or a requested bye.
    fn absence(&self, player: PlayerId, round: usize) -> Option<RoundRecord> {
        let p = &self.players[player];
        if p.withdrawn_from.is_some_and(|from| round >= from) {
            return Some(RoundRecord::Absent);
        }
        p.requested.iter().find(|(r, _)| *r == round).map(|(_, record)| *record)
    }

    fn histories(&self) -> Vec<Vec<RoundRecord>> {
        self.players.iter().map(|p| p.history.clone()).collect()
    }

    fn score_before(&self, player: PlayerId, round: usize) -> u32 {
        self.players[player].history[..round - 1].iter().map(|r| r.points(&self.scoring)).sum()
    }

    /// The boards of a round in sheet order: higher scores first (FIDE C.04.2 D).
    pub fn boards(&self, round: usize) -> Result<Vec<Board>, TournamentError> {
        if round == 0 || round > self.rounds_paired {
            return Err(TournamentError::NoSuchRound(round));
        }
        let mut games = Vec::new();
        for (id, player) in self.players.iter().enumerate() {
            let record = player.history[round - 1];
            if record.colour() == Some(Colour::White) {
                if let Some(black) = record.opponent() {
                    let result = match record {
                        RoundRecord::Played { outcome: Outcome::Win, .. } => Some("1-0"),
                        RoundRecord::Played { outcome: Outcome::Draw, .. } => Some("1/2-1/2"),
                        RoundRecord::Played { outcome: Outcome::Loss, .. } => Some("0-1"),
                        RoundRecord::Forfeit { won: true, .. } => Some("+ -"),
                        RoundRecord::Forfeit { won: false, .. } => match self.players[black].history[round - 1] {
                            RoundRecord::Forfeit { won: false, .. } => Some("- -"),
                            _ => Some("- +"),
                        },
                        _ => None,
                    };
                    games.push((id, black, result.map(str::to_string)));
                }
            }
        }
        let key = |&(w, b, _): &(usize, usize, Option<String>)| {
            let (sw, sb) = (self.score_before(w, round), self.score_before(b, round));
            let (high, low) = if (sw, std::cmp::Reverse(w)) >= (sb, std::cmp::Reverse(b)) { (w, b) } else { (b, w) };
            let (sh, sl) = (self.score_before(high, round), self.score_before(low, round));
            (std::cmp::Reverse(sh), std::cmp::Reverse(sl), high)
        };
        games.sort_by_key(key);
        Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, (white, black, result))| Board { number: i + 1, white, black, result })
            .collect())
    }

    /// Pairs the next round by the Dutch system.
    pub fn pair_next(&mut self) -> Result<usize, TournamentError> {
        if self.rounds_paired >= self.total_rounds {
            return Err(TournamentError::AllRoundsPaired(self.total_rounds));
        }
        if self.rounds_paired > 0 {
            let missing: Vec<usize> = self
                .boards(self.rounds_paired)?
                .iter()
                .filter(|b| b.result.is_none())
                .map(|b| b.number)
                .collect();
            if !missing.is_empty() {
                return Err(TournamentError::RoundIncomplete { round: self.rounds_paired, missing });
            }
        }
        let round = self.rounds_paired + 1;
        let absences: Vec<Option<RoundRecord>> = (0..self.players.len()).map(|p| self.absence(p, round)).collect();
        let unavailable: Vec<bool> = absences.iter().map(Option::is_some).collect();
        if unavailable.iter().filter(|u| !**u).count() < 2 {
            return Err(TournamentError::Invalid("at least two players are needed to pair a round".into()));
        }
        let histories = self.histories();
        let pairing = pair_round(&PairingInput {
            histories: &histories,
            unavailable: &unavailable,
            total_rounds: self.total_rounds,
            first_colour: self.first_colour,
            scoring: self.scoring,
        })?;
        let mut records: Vec<RoundRecord> = absences.iter().map(|a| a.unwrap_or(RoundRecord::Absent)).collect();
        for &(white, black) in &pairing.games {
            records[white] = RoundRecord::Pending { opponent: black, colour: Colour::White };
            records[black] = RoundRecord::Pending { opponent: white, colour: Colour::Black };
        }
        if let Some(bye) = pairing.bye {
            records[bye] = RoundRecord::PairingBye;
        }
        for (player, record) in self.players.iter_mut().zip(records) {
            player.history.push(record);
        }
        self.rounds_paired = round;
        Ok(round)
    }

    /// Enters (or with `correct`, changes) the result of a board.
    pub fn set_result(&mut self, round: usize, board: usize, result: GameResult, correct: bool) -> Result<(), TournamentError> {
        let boards = self.boards(round)?;
        let found = boards.iter().find(|b| b.number == board).ok_or(TournamentError::NoSuchGame { round, board })?;
        if let (Some(existing), false) = (&found.result, correct) {
            return Err(TournamentError::ResultAlreadyEntered { round, board, existing: existing.clone() });
        }
        let (white, black) = (found.white, found.black);
        let (w, b) = match result {
            GameResult::WhiteWins => (Outcome::Win, Outcome::Loss),
            GameResult::Draw => (Outcome::Draw, Outcome::Draw),
            GameResult::BlackWins => (Outcome::Loss, Outcome::Win),
            GameResult::WhiteWinsByForfeit | GameResult::BlackWinsByForfeit | GameResult::DoubleForfeit => {
                let white_won = result == GameResult::WhiteWinsByForfeit;
                let black_won = result == GameResult::BlackWinsByForfeit;
                self.players[white].history[round - 1] =
                    RoundRecord::Forfeit { opponent: black, colour: Colour::White, won: white_won };
                self.players[black].history[round - 1] =
                    RoundRecord::Forfeit { opponent: white, colour: Colour::Black, won: black_won };
                return Ok(());
            }
        };
        self.players[white].history[round - 1] = RoundRecord::Played { opponent: black, colour: Colour::White, outcome: w };
        self.players[black].history[round - 1] = RoundRecord::Played { opponent: white, colour: Colour::Black, outcome: b };
        Ok(())
    }

    pub fn standings(&self) -> Vec<StandingRow> {
        standings(&self.histories(), &self.scoring, &self.tie_breaks)
    }

    pub fn points(&self, player: PlayerId) -> u32 {
        self.players[player].history.iter().map(|r| r.points(&self.scoring)).sum()
    }

    /// The event as a TRF file (pending games written with a blank result).
    /// While rounds remain, the absences already known for the next round
    /// (requested byes, withdrawals) are written in it, as a pairing program
    /// expects them: `pair --trf` on the file pairs the round `pair-next` would.
    pub fn to_trf(&self) -> TrfFile {
        let rows = self.standings();
        TrfFile {
            name: self.name.clone(),
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(id, p)| TrfPlayer {
                    start_number: id + 1,
                    sex: String::new(),
                    title: String::new(),
                    name: p.name.clone(),
                    // TRF carries Elo; convert the ECF grade (Elo ~ 7.5 x grade + 700).
                    rating: p.grade.map(|g| (g * 15 / 2) + 700).unwrap_or(0),
                    federation: String::new(),
                    fide_id: String::new(),
                    birth: String::new(),
                    points: self.points(id),
                    rank: rows.iter().find(|r| r.player == id).map(|r| r.rank).unwrap_or(0),
                    rounds: p.history.iter().map(|r| Some(*r)).chain(self.next_round_absence(id)).collect(),
                })
                .collect(),
            total_rounds: Some(self.total_rounds),
            first_colour: Some(self.first_colour),
            scoring: self.scoring,
            other_lines: Vec::new(),
        }
    }

    /// The known absence of a player in the round still to pair, if any.
    fn next_round_absence(&self, player: PlayerId) -> Option<Option<RoundRecord>> {
        let next = self.rounds_paired + 1;
        if next > self.total_rounds || self.rounds_paired > 0 && self.round_pending(self.rounds_paired) {
            return None;
        }
        self.absence(player, next).map(Some)
    }

    fn round_pending(&self, round: usize) -> bool {
        self.players.iter().any(|p| matches!(p.history.get(round - 1), Some(RoundRecord::Pending { .. })))
    }

    pub fn export_trf(&self, flavour: TrfFlavour) -> String {
        self.to_trf().write(flavour)
    }

    /// Starts the group match: named groups, or top half against bottom half.
    /// Unless `force`d, it refuses to replace a match already started (that
    /// would discard its results) or to start before every Swiss round is
    /// paired and has all its results.
    pub fn start_group_match(&mut self, groups: Option<(Vec<PlayerId>, Vec<PlayerId>)>, force: bool) -> Result<(), TournamentError> {
        if !force {
            self.check_group_match_may_start()?;
        }
        let (a, b) = match groups {
            Some(groups) => groups,
            None => {
                let order: Vec<PlayerId> = self
                    .standings()
                    .iter()
                    .map(|r| r.player)
                    .filter(|&p| self.players[p].withdrawn_from.is_none())
                    .collect();
                let half = order.len().div_ceil(2);
                (order[..half].to_vec(), order[half..].to_vec())
            }
        };
        if a.is_empty() || b.is_empty() {
            return Err(TournamentError::GroupMatch("both groups need at least one player".into()));
        }
        if a.iter().any(|p| b.contains(p)) {
            return Err(TournamentError::GroupMatch("a player cannot be in both groups".into()));
        }
        self.group_match = Some(GroupMatch::new(a, b));
        Ok(())
    }

    fn check_group_match_may_start(&self) -> Result<(), TournamentError> {
        if let Some(matchup) = &self.group_match {
            let entered = matchup.rounds.iter().flat_map(|r| &r.games).filter(|g| g.white_points.is_some()).count();
            return Err(TournamentError::GroupMatch(format!(
                "it has already started ({entered} results entered); starting it again would discard them. \
                 See it with `group-match show`, or run `group-match start --force` to start afresh"
            )));
        }
        if self.rounds_paired < self.total_rounds {
            return Err(TournamentError::GroupMatch(format!(
                "the Swiss is not over: {} of {} rounds paired; play the remaining rounds first, \
                 or run `group-match start --force` to start the match now",
                self.rounds_paired, self.total_rounds
            )));
        }
        let missing: Vec<usize> = self.boards(self.total_rounds)?.iter().filter(|b| b.result.is_none()).map(|b| b.number).collect();
        if !missing.is_empty() {
            return Err(TournamentError::GroupMatch(format!(
                "the Swiss is not over: round {} boards {missing:?} have no result; enter them first, \
                 or run `group-match start --force` to start the match now",
                self.total_rounds
            )));
        }
        Ok(())
    }

    pub fn set_group_result(&mut self, round: usize, board: usize, result: GameResult, correct: bool) -> Result<(), TournamentError> {
        let win = self.scoring.win;
        let draw = self.scoring.draw;
        let matchup = self.group_match.as_mut().ok_or_else(|| TournamentError::GroupMatch("not started".into()))?;
        let game = matchup
            .rounds
            .get_mut(round.wrapping_sub(1))
            .and_then(|r| r.games.get_mut(board.wrapping_sub(1)))
            .ok_or(TournamentError::NoSuchGame { round, board })?;
        if let (Some(points), false) = (game.white_points, correct) {
            return Err(TournamentError::ResultAlreadyEntered { round, board, existing: format_points(points) });
        }
        game.white_points = Some(match result {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => win,
            GameResult::Draw => draw,
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => 0,
            // The match keeps one score per game, the two sides' adding up to a win.
            GameResult::DoubleForfeit => {
                return Err(TournamentError::GroupMatch(
                    "a double forfeit cannot be entered: each game's points add up to one; enter the result the arbiter awards (1-0, 0-1 or 1/2)".into(),
                ))
            }
        });
        Ok(())
    }
}
