//! `chesslantis tournament ...`: the words of the command line, parsed by
//! clap into the tournament library's plain commands
//! (`chesslantis_tournament::commands`), which then run on the event file.
//! The library knows nothing of clap; the choices a user types (`--kind
//! half`, `--format html`, tie-break names) are this file's own enums, each
//! turned into the library's.

use std::io::Write as _;
use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use chesslantis_tournament::clocks::ClockBand;
use chesslantis_tournament::commands::{self, EventFile, GroupAction, TournamentCommand};
use chesslantis_tournament::event::MissedRounds;
use chesslantis_tournament::seeding;
use chesslantis_tournament::tiebreak::TieBreak;

use crate::usage::UsageError;

#[derive(Args, Debug, Clone)]
pub struct EventFileArg {
    /// The event file (JSON), saved after every command.
    #[arg(long, short = 'e', default_value = "tournament.json")]
    pub event: PathBuf,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetFormatArg {
    Text,
    Html,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfVersionArg {
    Trf16,
    Trf2026,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByeKindArg {
    Half,
    Full,
    Zero,
}

/// What a late entry scores for the rounds paired before they joined.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissedRoundsArg {
    /// Zero-point byes (`Z`), the default.
    Zero,
    /// Half-point byes (`H`), when the organiser grants them.
    Half,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreakArg {
    /// Sum of the opponents' (adjusted) scores.
    #[value(alias = "bh")]
    Buchholz,
    /// Buchholz without the lowest contribution.
    #[value(alias = "bh-c1")]
    BuchholzCut1,
    /// Sum of the (adjusted) scores of beaten opponents plus half of those drawn.
    #[value(alias = "sb")]
    SonnebornBerger,
    /// Place among the players still tied, by the games between them (C.07 art. 6).
    #[value(alias = "de")]
    DirectEncounter,
    /// Games won over the board (WON, C.07 art. 7.2: byes and forfeit wins do not count).
    #[value(alias = "won")]
    Wins,
}

#[derive(Subcommand, Debug, Clone)]
pub enum TournamentArgs {
    /// Pair the next round of a TRF file; prints like `bbpPairings --dutch -p`.
    Pair {
        #[arg(long)]
        trf: PathBuf,
    },
    /// Create a new event file.
    New {
        #[command(flatten)]
        file: EventFileArg,
        #[arg(long, default_value = "Newport Chess Club")]
        name: String,
        #[arg(long, default_value_t = 5)]
        rounds: usize,
        /// Colour of the top seed in round 1.
        #[arg(long, default_value = "white")]
        first_colour: String,
        /// Points for the pairing-allocated bye (1 by default).
        #[arg(long, default_value = "1")]
        bye_points: String,
    },
    /// Enter a player (late entries are welcome); start numbers follow the
    /// seeding by grade, then name, ungraded players last.
    AddPlayer {
        #[command(flatten)]
        file: EventFileArg,
        name: String,
        /// ECF grade (0-300); omit for an ungraded player.
        #[arg(long, allow_negative_numbers = true, value_parser = parse_grade)]
        grade: Option<u32>,
        /// A late entry's score for the rounds already paired.
        #[arg(long, value_enum, default_value = "zero")]
        missed: MissedRoundsArg,
    },
    /// Set the variant of each round, in order.
    SetVariants {
        #[command(flatten)]
        file: EventFileArg,
        #[arg(required = true)]
        variants: Vec<String>,
    },
    /// Set the clock of each grade band, e.g. `--band 180:5 --band 140:7 --band 101:9 --band 0:10`.
    SetClocks {
        #[command(flatten)]
        file: EventFileArg,
        /// `MIN_GRADE:MINUTES`, one per band; the lowest band must start at 0.
        #[arg(long = "band", value_parser = parse_band)]
        bands: Vec<ClockBand>,
        /// Minutes for ungraded players (default: the lowest band's).
        #[arg(long)]
        ungraded: Option<u32>,
    },
    /// Set the tie-break order, e.g. `buchholz-cut1,buchholz,sonneborn-berger,direct-encounter,wins`.
    SetTiebreaks {
        #[command(flatten)]
        file: EventFileArg,
        #[arg(required = true, value_delimiter = ',', ignore_case = true)]
        order: Vec<TieBreakArg>,
    },
    /// Request a bye for a coming round.
    Bye {
        #[command(flatten)]
        file: EventFileArg,
        player: String,
        #[arg(long)]
        round: usize,
        #[arg(long, value_enum, default_value = "half")]
        kind: ByeKindArg,
    },
    /// Withdraw a player from the rounds not yet paired.
    Withdraw {
        #[command(flatten)]
        file: EventFileArg,
        player: String,
    },
    /// Pair the next round (the previous one must be complete).
    PairNext {
        #[command(flatten)]
        file: EventFileArg,
    },
    /// Enter a result: 1-0, 0-1, 1/2 (=, 1/2-1/2, 0.5-0.5), +- or -+
    /// (forfeits), 0-0 (double forfeit).
    Result {
        #[command(flatten)]
        file: EventFileArg,
        board: usize,
        /// `-+` is read as a result, not an option.
        #[arg(allow_hyphen_values = true)]
        result: String,
        /// Round (defaults to the latest).
        #[arg(long)]
        round: Option<usize>,
        /// Replace a result already entered.
        #[arg(long)]
        correct: bool,
    },
    /// Standings with tie-breaks.
    Standings {
        #[command(flatten)]
        file: EventFileArg,
    },
    /// Write the event as TRF.
    ExportTrf {
        #[command(flatten)]
        file: EventFileArg,
        #[arg(long, value_enum, default_value = "trf16")]
        version: TrfVersionArg,
        /// Output file; standard output when omitted.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Printable pairing sheet (or standings sheet) for a round.
    Sheet {
        #[command(flatten)]
        file: EventFileArg,
        #[arg(long)]
        round: Option<usize>,
        #[arg(long, value_enum, default_value = "text")]
        format: SheetFormatArg,
        /// The standings instead of the pairings.
        #[arg(long)]
        standings: bool,
    },
    /// The group exchange match after the Swiss.
    GroupMatch {
        #[command(flatten)]
        file: EventFileArg,
        #[command(subcommand)]
        action: GroupActionArgs,
    },
}

#[derive(Subcommand, Debug, Clone)]
pub enum GroupActionArgs {
    /// Start it: top half against bottom half, or two named groups.
    Start {
        /// Members of group A (start numbers or names, comma separated).
        #[arg(long, value_delimiter = ',')]
        a: Vec<String>,
        #[arg(long, value_delimiter = ',')]
        b: Vec<String>,
        /// Start even if a match has already started (its results are
        /// discarded) or the Swiss is not over.
        #[arg(long)]
        force: bool,
    },
    /// Enter a result of the match: 1-0, 0-1, 1/2, +- or -+.
    Result {
        round: usize,
        board: usize,
        #[arg(allow_hyphen_values = true)]
        result: String,
        #[arg(long)]
        correct: bool,
    },
    /// Show the schedule and the score.
    Show {
        #[arg(long, value_enum, default_value = "text")]
        format: SheetFormatArg,
    },
}

/// Runs the command on its event file and prints what it says; set-variants
/// accepts the variants the core's registry knows.
pub fn tournament(args: TournamentArgs) -> Result<(), UsageError> {
    let text = commands::run(args.into())?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    Ok(out.flush()?)
}

/// `180:5` = grades 180 and up (to the next band) get 5 minutes.
fn parse_band(text: &str) -> Result<ClockBand, String> {
    let bad = || format!("bad band {text:?}: use MIN_GRADE:MINUTES, e.g. 140:7");
    let (grade, minutes) = text.split_once(':').ok_or_else(bad)?;
    let min_grade = grade.trim().parse().map_err(|_| bad())?;
    let minutes = minutes.trim().parse().map_err(|_| bad())?;
    Ok(ClockBand { min_grade, minutes })
}

/// A grade as typed: a whole number; a negative one is refused here with
/// the ECF range (the event checks the top of the range, for every caller).
fn parse_grade(text: &str) -> Result<u32, String> {
    let value: i64 = text.trim().parse().map_err(|_| format!("grade {text:?} is not a whole number"))?;
    u32::try_from(value).map_err(|_| {
        let (low, high) = (seeding::ECF_GRADES.start(), seeding::ECF_GRADES.end());
        format!("grade {value} is outside the ECF grade range {low}-{high}; omit --grade for an ungraded player")
    })
}

impl From<EventFileArg> for EventFile {
    fn from(arg: EventFileArg) -> EventFile {
        EventFile::new(arg.event)
    }
}

impl From<SheetFormatArg> for commands::SheetFormat {
    fn from(arg: SheetFormatArg) -> commands::SheetFormat {
        match arg {
            SheetFormatArg::Text => commands::SheetFormat::Text,
            SheetFormatArg::Html => commands::SheetFormat::Html,
        }
    }
}

impl From<TrfVersionArg> for commands::TrfVersion {
    fn from(arg: TrfVersionArg) -> commands::TrfVersion {
        match arg {
            TrfVersionArg::Trf16 => commands::TrfVersion::Trf16,
            TrfVersionArg::Trf2026 => commands::TrfVersion::Trf2026,
        }
    }
}

impl From<ByeKindArg> for commands::ByeKind {
    fn from(arg: ByeKindArg) -> commands::ByeKind {
        match arg {
            ByeKindArg::Half => commands::ByeKind::Half,
            ByeKindArg::Full => commands::ByeKind::Full,
            ByeKindArg::Zero => commands::ByeKind::Zero,
        }
    }
}

impl From<MissedRoundsArg> for MissedRounds {
    fn from(arg: MissedRoundsArg) -> MissedRounds {
        match arg {
            MissedRoundsArg::Zero => MissedRounds::Zero,
            MissedRoundsArg::Half => MissedRounds::Half,
        }
    }
}

impl From<TieBreakArg> for TieBreak {
    fn from(arg: TieBreakArg) -> TieBreak {
        match arg {
            TieBreakArg::Buchholz => TieBreak::Buchholz,
            TieBreakArg::BuchholzCut1 => TieBreak::BuchholzCut1,
            TieBreakArg::SonnebornBerger => TieBreak::SonnebornBerger,
            TieBreakArg::DirectEncounter => TieBreak::DirectEncounter,
            TieBreakArg::Wins => TieBreak::Wins,
        }
    }
}

impl From<GroupActionArgs> for GroupAction {
    fn from(args: GroupActionArgs) -> GroupAction {
        match args {
            GroupActionArgs::Start { a, b, force } => GroupAction::Start { a, b, force },
            GroupActionArgs::Result { round, board, result, correct } => GroupAction::Result { round, board, result, correct },
            GroupActionArgs::Show { format } => GroupAction::Show { format: format.into() },
        }
    }
}

impl From<TournamentArgs> for TournamentCommand {
    fn from(args: TournamentArgs) -> TournamentCommand {
        match args {
            TournamentArgs::Pair { trf } => TournamentCommand::Pair { trf },
            TournamentArgs::New { file, name, rounds, first_colour, bye_points } => {
                TournamentCommand::New { file: file.into(), name, rounds, first_colour, bye_points }
            }
            TournamentArgs::AddPlayer { file, name, grade, missed } => {
                TournamentCommand::AddPlayer { file: file.into(), name, grade, missed: missed.into() }
            }
            TournamentArgs::SetVariants { file, variants } => TournamentCommand::SetVariants { file: file.into(), variants },
            TournamentArgs::SetClocks { file, bands, ungraded } => TournamentCommand::SetClocks { file: file.into(), bands, ungraded },
            TournamentArgs::SetTiebreaks { file, order } => {
                TournamentCommand::SetTiebreaks { file: file.into(), order: order.into_iter().map(TieBreak::from).collect() }
            }
            TournamentArgs::Bye { file, player, round, kind } => {
                TournamentCommand::Bye { file: file.into(), player, round, kind: kind.into() }
            }
            TournamentArgs::Withdraw { file, player } => TournamentCommand::Withdraw { file: file.into(), player },
            TournamentArgs::PairNext { file } => TournamentCommand::PairNext { file: file.into() },
            TournamentArgs::Result { file, board, result, round, correct } => {
                TournamentCommand::Result { file: file.into(), board, result, round, correct }
            }
            TournamentArgs::Standings { file } => TournamentCommand::Standings { file: file.into() },
            TournamentArgs::ExportTrf { file, version, out } => {
                TournamentCommand::ExportTrf { file: file.into(), version: version.into(), out }
            }
            TournamentArgs::Sheet { file, round, format, standings } => {
                TournamentCommand::Sheet { file: file.into(), round, format: format.into(), standings }
            }
            TournamentArgs::GroupMatch { file, action } => TournamentCommand::GroupMatch { file: file.into(), action: action.into() },
        }
    }
}
