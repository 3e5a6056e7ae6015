//! A player process for `bench/engine-vs-previous`: the engine of a build
//! (copied into that build's crates/engine/examples and built there) playing
//! one seat of games whose actions the match sends it as lines:
//! `new` (a new game), `apply <seat> <action>` (any seat's action, in
//! order), `go` (answers the engine's action for the seat to act).
//! Arguments: variant, a move's budget (`20` is 20 ms, `20000n` 20,000
//! nodes). Written for the API
//! since dab0513 (`choose_action(&DynGame)` returning the action's text);
//! previous_player_27d960d.rs is the same for 27d960d's.

use chesslantis_core::{DynGame, Seat};
use chesslantis_engine::{new_session, Limits};
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).cloned().unwrap_or_else(|| "chess".into());
    // vs_previous's own reading of a budget, repeated: this file is built
    // inside older checkouts, which cannot import it.
    let budget = args.get(2).map_or("20", String::as_str);
    let limits = match budget.strip_suffix('n') {
        Some(nodes) => nodes.parse().ok().map(|n| Limits { nodes: Some(n), ..Limits::default() }),
        None => budget.parse().ok().map(Limits::movetime),
    };
    let Some(limits) = limits else {
        fail(&format!("'{budget}' is not a budget: say 20 for 20 ms a move or 20000n for 20,000 nodes"));
    };
    let (Ok(mut game), Ok(mut session)) = (DynGame::new(&variant, None), new_session(&variant, 16)) else {
        fail(&format!("'{variant}' is not a variant this build plays"));
    };
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { fail("cannot read the match's line") };
        let (command, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        let answer = match command {
            "new" => {
                let Ok(fresh) = DynGame::new(&variant, None) else { fail("cannot start a new game") };
                game = fresh;
                session.new_game();
                continue;
            }
            "apply" => {
                // The match and this player must agree on every action: a
                // line they disagree on ends the match, said why.
                let Some((seat, action)) = rest.split_once(' ') else { fail(&format!("'{line}' is not apply <seat> <action>")) };
                let Some(seat) = Seat::parse(seat) else { fail(&format!("'{seat}' is not a seat in '{line}'")) };
                if game.apply(seat, action).is_err() {
                    fail(&format!("'{action}' is not legal for {seat} here ('{line}')"));
                }
                continue;
            }
            "go" => session.choose_action(&game, &limits).unwrap_or_else(|e| format!("error {e}")),
            _ => format!("error unknown command {command}"),
        };
        let mut out = stdout.lock();
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            fail("the match stopped listening");
        }
    }
}

/// Says what went wrong on stderr and ends the player (the match then reads
/// that the previous engine stopped).
fn fail(why: &str) -> ! {
    eprintln!("previous_player: {why}");
    std::process::exit(2);
}
