//! The tournament's commands as plain values, and [`run`], which carries one
//! out on its event file and returns the text to print. The command line
//! (`chesslantis tournament ...`, crates/cli) parses its words into a
//! [`TournamentCommand`]; any other front end builds one the same way.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::clocks::{ClockBand, ClockTable};
use crate::dutch::{pair_round, PairingInput};
use crate::event::{Event, GameResult, MissedRounds, TournamentError};
use crate::history::{Colour, RoundRecord};
use crate::sheet;
use crate::tiebreak::TieBreak;
use crate::trf::{self, TrfFlavour};

/// The event file (JSON) a command reads, and saves after every change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventFile {
    pub event: PathBuf,
}

impl EventFile {
    pub fn new(event: impl Into<PathBuf>) -> EventFile {
        EventFile { event: event.into() }
    }
}

/// How a sheet is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetFormat {
    Text,
    Html,
}

/// Which TRF an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfVersion {
    Trf16,
    Trf2026,
}

/// The points a requested bye is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByeKind {
    Half,
    Full,
    Zero,
}

/// One command of the club Swiss. Every command but `Pair` works on an
/// event file.
#[derive(Debug, Clone, PartialEq)]
pub enum TournamentCommand {
    /// Pair the next round of a TRF file; prints like `bbpPairings --dutch -p`.
    Pair { trf: PathBuf },
    /// Create a new event file. `first_colour` is the top seed's colour in
    /// round 1 (`white` or `black`); `bye_points` the pairing-allocated
    /// bye's points as typed (`1`, `0.5`, ...).
    New { file: EventFile, name: String, rounds: usize, first_colour: String, bye_points: String },
    /// Enter a player (late entries are welcome); start numbers follow the
    /// seeding by grade, then name, ungraded players last. `missed` is what a
    /// late entry scores for the rounds already paired.
    AddPlayer { file: EventFile, name: String, grade: Option<u32>, missed: MissedRounds },
    /// Set the variant of each round, in order.
    SetVariants { file: EventFile, variants: Vec<String> },
    /// Set the clock of each grade band; no bands keeps the table and sets
    /// only the ungraded players' minutes.
    SetClocks { file: EventFile, bands: Vec<ClockBand>, ungraded: Option<u32> },
    /// Set the tie-break order.
    SetTiebreaks { file: EventFile, order: Vec<TieBreak> },
    /// Request a bye for a coming round.
    Bye { file: EventFile, player: String, round: usize, kind: ByeKind },
    /// Withdraw a player from the rounds not yet paired.
    Withdraw { file: EventFile, player: String },
    /// Pair the next round (the previous one must be complete).
    PairNext { file: EventFile },
    /// Enter a result as typed (1-0, 0-1, 1/2, +-, -+, 0-0, ...), in `round`
    /// (the latest when `None`); `correct` replaces a result already entered.
    Result { file: EventFile, board: usize, result: String, round: Option<usize>, correct: bool },
    /// Standings with tie-breaks.
    Standings { file: EventFile },
    /// Write the event as TRF, to `out` or returned as the text to print.
    ExportTrf { file: EventFile, version: TrfVersion, out: Option<PathBuf> },
    /// Printable pairing sheet (or standings sheet) for a round (the latest
    /// when `None`).
    Sheet { file: EventFile, round: Option<usize>, format: SheetFormat, standings: bool },
    /// The group exchange match after the Swiss.
    GroupMatch { file: EventFile, action: GroupAction },
}

/// A step of the group exchange match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupAction {
    /// Start it: top half against bottom half when both groups are empty,
    /// else the two named groups (start numbers or names). `force` starts
    /// it even when a match has already started (its results are discarded)
    /// or the Swiss is not over.
    Start { a: Vec<String>, b: Vec<String>, force: bool },
    /// Enter a result of the match.
    Result { round: usize, board: usize, result: String, correct: bool },
    /// Show the schedule and the score.
    Show { format: SheetFormat },
}

fn parse_points(text: &str) -> Result<u32, TournamentError> {
    let bad = || TournamentError::Invalid(format!("bad points value {text:?}"));
    let value: f64 = text.trim().parse().map_err(|_| bad())?;
    if !(0.0..=10.0).contains(&value) || (value * 10.0).fract() != 0.0 {
        return Err(bad());
    }
    Ok((value * 10.0) as u32)
}

/// Runs one command and returns the text to print; `set-variants` accepts
/// the core's variant ids. Event commands load the event, apply the change
/// and save it atomically; on error nothing is saved.
pub fn run(cmd: TournamentCommand) -> Result<String, TournamentError> {
    let known_variants = chesslantis_core::registry::variant_ids();
    match cmd {
        TournamentCommand::Pair { trf } => pair_trf_file(&trf),
        TournamentCommand::New { file, name, rounds, first_colour, bye_points } => {
            if file.event.exists() {
                return Err(TournamentError::EventExists(file.event.display().to_string()));
            }
            if rounds == 0 {
                return Err(TournamentError::Invalid("a tournament needs at least one round".into()));
            }
            let mut event = Event::new(&name, rounds);
            event.first_colour = match first_colour.to_ascii_lowercase().as_str() {
                "white" | "w" | "white1" => Colour::White,
                "black" | "b" | "black1" => Colour::Black,
                other => return Err(TournamentError::Invalid(format!("first colour {other:?} is not white or black"))),
            };
            event.scoring.pairing_bye = parse_points(&bye_points)?;
            event.save(&file.event)?;
            Ok(format!("Created {} ({} rounds: {})\n", event.name, rounds, event.variants.join(", ")))
        }
        TournamentCommand::AddPlayer { file, name, grade, missed } => with_event(&file, |event| {
            let id = event.add_player(&name, grade, missed)?;
            let mut line = format!("{} {} ({}) clock {}", id + 1, name, grade.map_or("ungraded".into(), |g| g.to_string()), event.clocks.describe(grade));
            if event.rounds_paired > 0 {
                let label = sheet::absence_label(event, id, missed.record()).unwrap_or_default();
                let _ = write!(line, "; rounds 1-{}: {label}", event.rounds_paired);
            }
            if id + 1 < event.players.len() {
                let _ = write!(line, "; seeded by grade: the players from {} on move down one number", id + 2);
            }
            Ok(line + "\n")
        }),
        TournamentCommand::SetVariants { file, variants } => with_event(&file, |event| {
            event.set_variants(&variants, &known_variants)?;
            Ok(format!("Variants: {}\n", event.variants.join(", ")))
        }),
        TournamentCommand::SetClocks { file, bands, ungraded } => with_event(&file, |event| {
            event.clocks = if bands.is_empty() {
                ClockTable::checked(event.clocks.bands().to_vec(), ungraded.unwrap_or(event.clocks.ungraded_minutes))?
            } else {
                // A new table: ungraded players get its lowest band unless told otherwise (RULINGS).
                let lowest_band = bands.iter().min_by_key(|b| b.min_grade).map_or(0, |b| b.minutes);
                ClockTable::checked(bands, ungraded.unwrap_or(lowest_band))?
            };
            Ok(format!("Clocks: {}\n", event.clocks))
        }),
        TournamentCommand::SetTiebreaks { file, order } => with_event(&file, |event| {
            if let Some(twice) = order.iter().enumerate().find_map(|(i, tb)| order[..i].contains(tb).then_some(tb)) {
                return Err(TournamentError::Invalid(format!("tie-break {} is listed twice", twice.short_name())));
            }
            event.tie_breaks = order;
            let names: Vec<&str> = event.tie_breaks.iter().map(|tb| tb.short_name()).collect();
            Ok(format!("Tie-breaks: {}\n", names.join(", ")))
        }),
        TournamentCommand::Bye { file, player, round, kind } => with_event(&file, |event| {
            let id = event.find_player(&player)?;
            let record = match kind {
                ByeKind::Half => RoundRecord::HalfBye,
                ByeKind::Full => RoundRecord::FullBye,
                ByeKind::Zero => RoundRecord::ZeroBye,
            };
            event.request_bye(id, round, record)?;
            Ok(format!("{} has a {kind:?} bye in round {round}\n", event.players[id].name).to_lowercase())
        }),
        TournamentCommand::Withdraw { file, player } => with_event(&file, |event| {
            let id = event.find_player(&player)?;
            event.withdraw(id)?;
            Ok(format!("{} withdrawn from round {}\n", event.players[id].name, event.rounds_paired + 1))
        }),
        TournamentCommand::PairNext { file } => with_event(&file, |event| {
            let round = event.pair_next()?;
            sheet::pairing_text(event, round)
        }),
        TournamentCommand::Result { file, board, result, round, correct } => with_event(&file, |event| {
            let round = round.unwrap_or(event.rounds_paired);
            let result: GameResult = result.parse()?;
            event.set_result(round, board, result, correct)?;
            Ok(format!("Round {round} board {board}: {}\n", result.describe()))
        }),
        TournamentCommand::Standings { file } => {
            let event = Event::load(&file.event)?;
            Ok(sheet::standings_text(&event))
        }
        TournamentCommand::ExportTrf { file, version, out } => {
            let event = Event::load(&file.event)?;
            let flavour = match version {
                TrfVersion::Trf16 => TrfFlavour::Trf16,
                TrfVersion::Trf2026 => TrfFlavour::Trf2026,
            };
            let text = event.export_trf(flavour);
            match out {
                Some(path) => {
                    std::fs::write(&path, &text)
                        .map_err(|e| TournamentError::Io { path: path.display().to_string(), message: e.to_string() })?;
                    Ok(format!("Wrote {}\n", path.display()))
                }
                None => Ok(text),
            }
        }
        TournamentCommand::Sheet { file, round, format, standings } => {
            let event = Event::load(&file.event)?;
            let round = round.unwrap_or(event.rounds_paired);
            match (standings, format) {
                (false, SheetFormat::Text) => sheet::pairing_text(&event, round),
                (false, SheetFormat::Html) => sheet::pairing_html(&event, round),
                (true, SheetFormat::Text) => Ok(sheet::standings_text(&event)),
                (true, SheetFormat::Html) => Ok(sheet::standings_html(&event)),
            }
        }
        TournamentCommand::GroupMatch { file, action } => match action {
            GroupAction::Start { a, b, force } => with_event(&file, |event| {
                let groups = if a.is_empty() && b.is_empty() {
                    None
                } else {
                    let ids = |names: &[String]| names.iter().map(|n| event.find_player(n)).collect::<Result<Vec<_>, _>>();
                    Some((ids(&a)?, ids(&b)?))
                };
                event.start_group_match(groups, force)?;
                sheet::group_match_text(event)
            }),
            GroupAction::Result { round, board, result, correct } => with_event(&file, |event| {
                let result: GameResult = result.parse()?;
                event.set_group_result(round, board, result, correct)?;
                sheet::group_match_text(event)
            }),
            GroupAction::Show { format } => {
                let event = Event::load(&file.event)?;
                match format {
                    SheetFormat::Text => sheet::group_match_text(&event),
                    SheetFormat::Html => sheet::group_match_html(&event),
                }
            }
        },
    }
}

/// Loads, changes a copy, saves; the file is untouched if anything fails.
fn with_event(
    file: &EventFile,
    change: impl FnOnce(&mut Event) -> Result<String, TournamentError>,
) -> Result<String, TournamentError> {
    let mut event = Event::load(&file.event)?;
    let output = change(&mut event)?;
    event.save(&file.event)?;
    Ok(output)
}

/// Pairs the next round of a TRF file; output as bbpPairings `-p`: the number
/// of pairs (the bye included), then `white black` per line, `N 0` for the bye.
pub fn pair_trf_file(path: &std::path::Path) -> Result<String, TournamentError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| TournamentError::Io { path: path.display().to_string(), message: e.to_string() })?;
    let file = trf::parse(&text)?;
    let round = file.next_round();
    let histories = file.histories(round - 1);
    let unavailable = file.unavailable_in(round);
    let scoring = file.scoring;
    if let Some(planned) = file.total_rounds.filter(|&t| round > t) {
        return Err(TournamentError::AllRoundsPaired(planned));
    }
    let total_rounds = file.total_rounds.unwrap_or(round);
    let pairing = pair_round(&PairingInput {
        histories: &histories,
        unavailable: &unavailable,
        total_rounds,
        first_colour: file.colour_lot(),
        scoring,
    })?;
    // Publication order: higher scores first, the bye last.
    let score = |p: usize| -> u32 { histories[p].iter().map(|r| r.points(&scoring)).sum() };
    let mut games = pairing.games.clone();
    games.sort_by_key(|&(w, b)| {
        let (high, low) = if (score(w), std::cmp::Reverse(w)) >= (score(b), std::cmp::Reverse(b)) { (w, b) } else { (b, w) };
        (std::cmp::Reverse(score(high)), std::cmp::Reverse(score(low)), high)
    });
    let mut out = String::new();
    let _ = writeln!(out, "{}", games.len() + pairing.bye.is_some() as usize);
    for (white, black) in games {
        let _ = writeln!(out, "{} {}", white + 1, black + 1);
    }
    if let Some(bye) = pairing.bye {
        let _ = writeln!(out, "{} 0", bye + 1);
    }
    Ok(out)
}
