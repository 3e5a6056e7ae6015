//! The game a remote seat can rebuild from what its stream tells it: the
//! start and every action as the seat knows it (`actions`, our extension of
//! lichess's `gameState`), with the other side's secrets written `null`.
//!
//! The engine decides from a `DynGame` and reads of it only what the seat
//! may know (`Session::choose_action`). Where nothing was secret the game
//! is simply replayed. Where the other side kept a secret (a Beirut
//! carrier, a Looking-Glass start), each secret is filled in by a legal
//! action of that side, so that every known action still applies and the
//! seat's view of the rebuilt game is the view the server sent: one world
//! the seat cannot tell from the true one, which the engine then treats as
//! it treats the truth (it samples the worlds consistent with the seat's
//! views, never the truth itself).

use chesslantis_core::{DynGame, Seat, Viewer};

/// Rebuilt games tried before settling for the first that replays.
const MAX_TRIES: usize = 2_000;

/// A game consistent with the seat's knowledge: the start (`fen`, `None`
/// for the variant's), the actions as known, and the view the server sent.
pub fn rebuild(
    variant: &str,
    fen: Option<&str>,
    actions: &[(Seat, Option<String>)],
    me: Viewer,
    view: &serde_json::Value,
) -> Result<DynGame, String> {
    let start = DynGame::new(variant, fen)
        .map_err(|e| format!("the game's start does not set up: {}", e.message))?;
    let mut search = Search {
        me,
        view,
        tries: 0,
        first: None,
    };
    match search.extend(start, actions)? {
        Some(world) => Ok(world),
        None => search.first.ok_or_else(|| "no game with a legal choice for each of the other side's secrets replays the known actions".to_string()),
    }
}

struct Search<'a> {
    me: Viewer,
    view: &'a serde_json::Value,
    tries: usize,
    /// The first rebuilt game whose view did not match: better than none.
    first: Option<DynGame>,
}

impl Search<'_> {
    /// `game` with `rest` applied, a secret filled by each legal choice in
    /// turn; `Some` once the seat's view matches; `Err` when a known action
    /// does not apply to a game without secrets (the stream disagrees with
    /// our rules).
    fn extend(
        &mut self,
        mut game: DynGame,
        rest: &[(Seat, Option<String>)],
    ) -> Result<Option<DynGame>, String> {
        let mut i = 0;
        while let Some((seat, Some(text))) = rest.get(i) {
            if let Err(e) = game.apply(*seat, text) {
                if self.tries == 0 {
                    return Err(format!(
                        "the known action '{text}' of {seat:?} does not apply: {}",
                        e.message
                    ));
                }
                return Ok(None);
            }
            i += 1;
        }
        let Some((seat, None)) = rest.get(i) else {
            if serde_json::to_value(game.view(self.me)).ok().as_ref() == Some(self.view)
                || self.tries == 0
            {
                return Ok(Some(game));
            }
            self.first.get_or_insert(game);
            return Ok(None);
        };
        for choice in choices(&game, *seat) {
            if self.tries >= MAX_TRIES {
                return Ok(None);
            }
            self.tries += 1;
            let mut world = game.clone();
            if world.apply(*seat, &choice).is_ok() {
                if let Some(found) = self.extend(world, &rest[i + 1..])? {
                    return Ok(Some(found));
                }
            }
        }
        Ok(None)
    }
}

/// The actions `seat` may take in `game` now.
fn choices(game: &DynGame, seat: Seat) -> Vec<String> {
    match seat.color() {
        Some(color) => game
            .view(Viewer::player(color))
            .legal
            .into_iter()
            .map(|a| a.text)
            .collect(),
        None => game
            .chance_outcomes()
            .into_iter()
            .map(|(text, _)| text)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(game: &DynGame, viewer: Viewer) -> Vec<(Seat, Option<String>)> {
        game.history()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                (
                    e.seat,
                    game.entry_known_to(i, viewer).then(|| e.action.clone()),
                )
            })
            .collect()
    }

    #[test]
    fn a_game_without_secrets_is_replayed_as_it_was() {
        let mut game = DynGame::new("chess", None).unwrap();
        for (seat, mv) in [
            (Seat::White, "e2e4"),
            (Seat::Black, "e7e5"),
            (Seat::White, "g1f3"),
        ] {
            game.apply(seat, mv).unwrap();
        }
        let view = serde_json::to_value(game.view(Viewer::Black)).unwrap();
        let world = rebuild(
            "chess",
            None,
            &known(&game, Viewer::Black),
            Viewer::Black,
            &view,
        )
        .unwrap();
        assert_eq!(world.view(Viewer::Black), game.view(Viewer::Black));
    }

    #[test]
    fn the_other_sides_secret_is_filled_so_that_the_seat_sees_what_it_was_sent() {
        let mut game = DynGame::new("beirut", None).unwrap();
        while let Some(seat) = game.to_act() {
            let Some(color) = seat.color() else { break };
            let legal = game.view(Viewer::player(color)).legal;
            // White's carrier: a choice not the first, so a blind guess would differ.
            let pick = if game.history().is_empty() {
                legal.last()
            } else {
                legal.first()
            };
            game.apply(seat, &pick.unwrap().text).unwrap();
            if game.history().len() >= 6 {
                break;
            }
        }
        let actions = known(&game, Viewer::Black);
        assert!(
            actions.iter().any(|(_, t)| t.is_none()),
            "White's carrier is Black's secret: {actions:?}"
        );
        let view = serde_json::to_value(game.view(Viewer::Black)).unwrap();
        let world = rebuild("beirut", None, &actions, Viewer::Black, &view).unwrap();
        assert_eq!(world.view(Viewer::Black), game.view(Viewer::Black));
    }

    #[test]
    fn a_known_action_our_rules_refuse_is_an_error() {
        let view = serde_json::Value::Null;
        let e = rebuild(
            "chess",
            None,
            &[(Seat::White, Some("e2e5".into()))],
            Viewer::Black,
            &view,
        )
        .unwrap_err();
        assert!(e.contains("e2e5"), "{e}");
    }
}
