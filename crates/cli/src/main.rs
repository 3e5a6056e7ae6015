//! `chesslantis`: the command line of Chesslantis.

mod bench_cmd;
mod board_text;
mod bot_api;
mod bot_cmd;
mod bot_game;
mod bot_stop;
mod bot_world;
mod closed_output;
mod command;
mod dice;
mod http_client;
mod perft_cmd;
mod play;
mod referee;
mod screen;
mod seats;
mod serve_cmd;
mod tournament_cmd;
mod two_boards;
mod uci_cmd;
mod usage;
mod words;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;
use usage::{find_variant, UsageError};

#[derive(Parser)]
#[command(name = "chesslantis", version, about = "Chesslantis, a home for strange chess: the online server and its browser UI, terminal play, the engine over UCI, perft and the club Swiss.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the variant ids, one per line.
    Variants,
    /// Count the legal move sequences of a given length (perft).
    ///
    /// With --divide, prints `move: count` for each root move; the last line
    /// is always the total alone.
    Perft {
        /// Variant id (see `chesslantis variants`).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Number of plies.
        #[arg(long)]
        depth: u32,
        /// Start from this position instead of the variant's start.
        #[arg(long)]
        fen: Option<String>,
        /// Print the count of each root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves of a position, one per line.
    Moves {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
    },
    /// Play in the terminal: moves in UCI (e2e4) or SAN (Nf3); `help` lists commands.
    Play {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// Seed for the dice, so a game can be replayed.
        #[arg(long)]
        seed: Option<u64>,
        /// Who plays White.
        #[arg(long, value_enum, default_value = "human")]
        white: seats::Player,
        /// Who plays Black.
        #[arg(long, value_enum, default_value = "human")]
        black: seats::Player,
        /// The engine's time per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// The engine's strength, 0 (beginner) to 20 (its best, the default);
        /// docs/engine.md gives the Elo of each level.
        #[arg(long)]
        level: Option<u32>,
    },
    /// Referee a game over standard input and output: one JSON action a
    /// line in, every seat's view (or an error) as one JSON line out.
    /// docs/protocol.md has the messages.
    Referee {
        #[arg(long)]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// Seed for the referee's dice, so a game can be replayed.
        #[arg(long)]
        seed: Option<u64>,
        /// The dice do not roll: the `chance` seat sends each roll (`roll e5`).
        #[arg(long)]
        forced_rolls: bool,
    },
    /// Speak UCI on standard input and output (for GUIs and match runners).
    Uci,
    /// Search the engine's bench positions to a fixed depth; prints the node
    /// total (a signature of the search) and nodes per second.
    Bench {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Plies (default: the engine's bench depth).
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Start the server: the referee for online play, with its page at `/`.
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = chesslantis_server::DEFAULT_ADDR)]
        addr: String,
        /// A SQLite file (made when missing) or a postgres:// URL.
        #[arg(long, default_value = chesslantis_server::DEFAULT_DATABASE)]
        database: String,
        /// Behind a reverse proxy: read the client's address (which the
        /// per-address limits count) from this header's last entry, e.g.
        /// X-Forwarded-For. Only when nobody reaches the server but through the proxy.
        #[arg(long)]
        client_address_header: Option<String>,
        /// Finished games this process analyses at once (computer analysis
        /// asked for on a game's page), each on a thread of its own; 0 only
        /// queues them for another process.
        #[arg(long, value_name = "N", default_value_t = chesslantis_server::analysis::AnalysisSettings::default().workers)]
        analysis_workers: usize,
        /// Analysis-board searches this process runs at once (a position
        /// analysed live in the browser), each on a thread of its own and
        /// capped at depth 30 or 15 s; a board that finds every one taken is
        /// told the server is busy. 0 shows positions without searching them.
        #[arg(long, value_name = "N", default_value_t = chesslantis_server::analysis::LIVE_ANALYSES)]
        live_analyses: usize,
    },
    /// Play as a lichess bot: our engine on a server's Bot API (this
    /// server's, or any that speaks it over http), accepting challenges in
    /// the variants it plays, several games at once; Ctrl-C stops.
    Bot {
        /// The server's address, e.g. http://127.0.0.1:8080 (plain http:
        /// put a TLS proxy in front for https).
        #[arg(long)]
        server: String,
        /// A personal API token of a bot account, with the scope bot:play.
        #[arg(long)]
        token: String,
        /// The engine's strength, 0 (beginner) to 20 (its best, the default).
        #[arg(long)]
        level: Option<u32>,
    },
    /// Recompute every dice roll of a finished server game from its revealed seed.
    VerifyDice {
        /// A game's JSON from `GET /api/games/ID/export`.
        #[arg(long, conflicts_with = "game")]
        file: Option<std::path::PathBuf>,
        /// A game id in the server's database.
        #[arg(long)]
        game: Option<String>,
        /// The database of --game (default: chesslantis.db).
        #[arg(long, requires = "game")]
        database: Option<String>,
    },
    /// Run a club Swiss: players, pairings (FIDE Dutch), results, standings, the group match.
    Tournament {
        #[command(subcommand)]
        command: tournament_cmd::TournamentArgs,
    },
}

fn run(cli: Cli) -> Result<(), UsageError> {
    match cli.command {
        Command::Variants => {
            let mut out = std::io::stdout().lock();
            for id in chesslantis_core::registry::variant_ids() {
                writeln!(out, "{id}")?;
            }
            Ok(out.flush()?)
        }
        Command::Perft { variant, depth, fen, divide } => perft_cmd::perft(&variant, depth, fen.as_deref(), divide),
        Command::Moves { variant, fen } => {
            let info = find_variant(&variant)?;
            let mut out = std::io::stdout().lock();
            for line in (info.moves)(fen.as_deref())? {
                writeln!(out, "{line}")?;
            }
            Ok(out.flush()?)
        }
        Command::Play { variant, fen, seed, white, black, movetime, level } => {
            play::play(&variant, fen.as_deref(), seed, [white, black], movetime, level)
        }
        Command::Referee { variant, fen, seed, forced_rolls } => referee::referee(referee::Options {
            variant: &variant,
            fen: fen.as_deref(),
            seed,
            forced_rolls,
        }),
        Command::Uci => uci_cmd::uci(),
        Command::Bench { variant, depth } => bench_cmd::bench(&variant, depth),
        Command::Serve { addr, database, client_address_header, analysis_workers, live_analyses } => {
            serve_cmd::serve(&addr, &database, client_address_header.as_deref(), serve_cmd::Analyses { workers: analysis_workers, live: live_analyses })
        }
        Command::Bot { server, token, level } => bot_cmd::bot(&server, &token, level),
        Command::VerifyDice { file, game, database } => serve_cmd::verify_dice(file, database, game),
        Command::Tournament { command } => tournament_cmd::tournament(command),
    }
}

fn main() -> ExitCode {
    closed_output::end_quietly_on_closed_stdout();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) if message == closed_output::MARKER => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
