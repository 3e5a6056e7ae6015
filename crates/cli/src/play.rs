//! `chesslantis play`: a game in the terminal, for any variant, driven only
//! through the core's game model (actors, actions, chance, observations).

use crate::board_text;
use crate::dice::Dice;
use crate::{find_variant, UsageError};
use chesslantis_core::{Actor, Color, Game, Viewer};
use std::io::{self, BufRead, Write};

const HELP: &str = "Type a move (UCI like e2e4 or SAN like Nf3), or:
  moves   list the legal actions
  fen     show the position as FEN
  resign  give up
  help    this text
  quit    leave the game";

/// Who sits at one side of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Seat {
    Human,
    Engine,
}

pub fn play(
    variant: &str,
    fen: Option<&str>,
    seed: Option<u64>,
    seats: [Seat; 2],
    movetime_ms: u64,
) -> Result<(), UsageError> {
    let info = find_variant(variant)?;
    let mut game = (info.new_game)(fen)?;
    let mut engines = engine_seats(variant, seats)?;
    let engine_limits = chesslantis_engine::Limits::movetime(movetime_ms);
    let mut dice = match seed {
        Some(s) => Dice::new(s),
        None => Dice::from_clock(),
    };
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{} — type 'help' for commands.", info.name);
    // With hidden information, whose view the screen shows now.
    let mut seated: Option<Color> = None;
    loop {
        match game.actor() {
            Actor::Nobody => {
                show(game.as_ref(), Viewer::Spectator);
                if let Some(outcome) = game.outcome() {
                    println!("Game over: {} {outcome}", outcome.result_text());
                }
                return Ok(());
            }
            Actor::Chance => {
                let outcomes = game.chance_outcomes();
                let Some(action) = dice.pick(&outcomes) else {
                    return Err(UsageError("a chance node without outcomes".into()));
                };
                println!("Dice: {}", game.action_text(action));
                game.apply(action)?;
            }
            Actor::Player(color) if engines[color.index()].is_some() => {
                let Some(engine) = engines[color.index()].as_mut() else { continue };
                let action = engine.choose_action(game.as_ref(), &engine_limits).map_err(UsageError)?;
                println!("{color} (engine) plays {}", game.action_text(action));
                game.apply(action)?;
            }
            Actor::Player(color) => {
                if game.hidden_information() && seated != Some(color) {
                    if !hand_over(color, &mut lines)? {
                        return Ok(());
                    }
                    seated = Some(color);
                }
                show(game.as_ref(), Viewer::Player(color));
                print!("{color}> ");
                io::stdout().flush()?;
                let Some(line) = lines.next() else {
                    println!();
                    return Ok(());
                };
                let line = line?;
                let text = line.trim();
                match text {
                    "" => continue,
                    "quit" | "exit" => return Ok(()),
                    "help" => println!("{HELP}"),
                    "fen" => println!("{}", game.observation(Viewer::Player(color)).fen),
                    "moves" => {
                        let all: Vec<String> = game.legal_actions().into_iter().map(|a| game.action_text(a)).collect();
                        println!("{}", all.join(" "));
                    }
                    _ => match game.parse_action(text).and_then(|a| game.apply(a)) {
                        Ok(()) => {}
                        Err(e) => println!("{e}"),
                    },
                }
            }
        }
    }
}

/// An engine session for each side the engine plays.
fn engine_seats(variant: &str, seats: [Seat; 2]) -> Result<[Option<Box<dyn chesslantis_engine::Session>>; 2], UsageError> {
    const HASH_MB: usize = 64;
    let seat = |s: Seat| match s {
        Seat::Human => Ok(None),
        Seat::Engine => chesslantis_engine::new_session(variant, HASH_MB).map(Some).map_err(UsageError),
    };
    Ok([seat(seats[0])?, seat(seats[1])?])
}

/// Clears the screen and waits until `color` has taken the seat, so that one
/// player's secrets are off the screen before the other's view appears.
/// Returns false when the input ends.
fn hand_over(color: Color, lines: &mut impl Iterator<Item = io::Result<String>>) -> io::Result<bool> {
    print!("\x1b[2J\x1b[H");
    print!("{color} to play: take the seat (the other player looks away) and press Enter. ");
    io::stdout().flush()?;
    match lines.next() {
        Some(line) => line.map(|_| true),
        None => Ok(false),
    }
}

fn show(game: &dyn Game, viewer: Viewer) {
    let obs = game.observation(viewer);
    println!("\n{}", board_text::draw(obs.shape, &obs.fen));
    for note in obs.notes {
        println!("{note}");
    }
}
