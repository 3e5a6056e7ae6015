//! The one game-driving loop: the terminal, the examples and the tests play
//! a [`DynGame`] through it, the dice through [`pick_chance`] (one sampler),
//! the players through whatever chooses for them (a person, the engine, a
//! random or greedy player).

use crate::dice::{pick_chance, Dice};
use crate::dynamic::{ActionError, DynGame};
use crate::seat::Seat;

/// Rolls the dice if a roll is due; the roll's text, or `None` when none was due.
pub fn roll(game: &mut DynGame, dice: &mut dyn Dice) -> Result<Option<String>, ActionError> {
    if game.to_act() != Some(Seat::Chance) {
        return Ok(None);
    }
    let text = pick_chance(&game.chance_outcomes(), dice);
    game.apply(Seat::Chance, &text)?;
    Ok(Some(text))
}

/// Who chooses a player's action: given the game and the seat to act, the
/// action's text (`Err` stops the game with that message).
pub type Chooser<'a> = dyn FnMut(&DynGame, Seat) -> Result<String, String> + 'a;

/// One action: the dice's at a chance node, else the chooser's. The seat
/// that acted, or `None` when the game is over.
pub fn step(game: &mut DynGame, dice: &mut dyn Dice, choose: &mut Chooser<'_>) -> Result<Option<Seat>, String> {
    let Some(seat) = game.to_act() else { return Ok(None) };
    if seat == Seat::Chance {
        roll(game, dice).map_err(|e| e.message)?;
        return Ok(Some(seat));
    }
    let text = choose(game, seat)?;
    game.apply(seat, &text).map_err(|e| format!("{seat} '{text}': {}", e.message))?;
    Ok(Some(seat))
}

/// Plays until the game is over or `max_actions` actions were taken; the
/// number taken.
pub fn play_out(
    game: &mut DynGame,
    dice: &mut dyn Dice,
    max_actions: usize,
    choose: &mut Chooser<'_>,
) -> Result<usize, String> {
    for taken in 0..max_actions {
        if step(game, dice, choose)?.is_none() {
            return Ok(taken);
        }
    }
    Ok(max_actions)
}

/// A chooser that plays a uniformly random legal action of the acting
/// seat's view (for tests and random games).
pub fn random_legal<'a>(dice: &'a mut dyn Dice) -> impl FnMut(&DynGame, Seat) -> Result<String, String> + 'a {
    move |game, seat| {
        let legal = game.view(crate::seat::Viewer::of_seat(seat)).legal;
        if legal.is_empty() {
            return Err(format!("{seat} is to act without a legal action"));
        }
        Ok(legal[dice.below(legal.len() as u32) as usize].text.clone())
    }
}
