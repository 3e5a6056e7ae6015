//! Who plays whom among the players waiting, as lichess roughly pairs an
//! arena: the waiting players in the order of the standings (score, then
//! rating: at the start, by rating alone), each paired with the nearest
//! below them who was not their last opponent. Two who just played each
//! other meet again only when they are the arena's only players not
//! paused; otherwise they wait for another to finish (lichess too waits
//! rather than pair a game's two players again at once). The colours go to
//! even out each player's whites and blacks.

use crate::arena::state::{Arena, Player};

/// A game to make: White's and Black's user ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    pub white: String,
    pub black: String,
}

fn rematch(a: &Player, b: &Player) -> bool {
    a.last_opponent.as_deref() == Some(b.id.as_str())
        || b.last_opponent.as_deref() == Some(a.id.as_str())
}

/// The games to make now among the arena's waiting players; one of an odd
/// number waits on.
pub fn pairs(arena: &Arena) -> Vec<Pair> {
    let active = arena.players.iter().filter(|p| !p.paused).count();
    let mut waiting: Vec<&Player> = arena.players.iter().filter(|p| p.waiting()).collect();
    waiting.sort_by_key(|p| {
        (
            std::cmp::Reverse(p.score()),
            std::cmp::Reverse(p.rating),
            p.id.clone(),
        )
    });
    let mut pairs = Vec::new();
    while waiting.len() >= 2 {
        let first = waiting.remove(0);
        if let Some(at) = waiting
            .iter()
            .position(|other| active <= 2 || !rematch(first, other))
        {
            let second = waiting.remove(at);
            pairs.push(coloured(first, second));
        }
    }
    pairs
}

/// White is the one who has had White less often, relative to Black; on
/// a tie the one lower in the order, so the leader alternates with them.
fn coloured(a: &Player, b: &Player) -> Pair {
    let balance = |p: &Player| p.whites - p.blacks;
    let (white, black) = if balance(a) < balance(b) {
        (a, b)
    } else {
        (b, a)
    };
    Pair {
        white: white.id.clone(),
        black: black.id.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::state::{scored, Outcome};

    fn player(id: &str, rating: i64, last: Option<&str>, wins: usize) -> Player {
        let mut sheet = Vec::new();
        for i in 0..wins {
            let s = scored(&sheet, &format!("{id}{i}"), "z", Outcome::Win, false);
            sheet.push(s);
        }
        Player {
            id: id.into(),
            name: id.into(),
            rating,
            paused: false,
            sheet,
            playing: None,
            whites: 0,
            blacks: 0,
            last_opponent: last.map(Into::into),
        }
    }

    fn arena(players: Vec<Player>) -> Arena {
        Arena {
            id: "a".into(),
            created_by: "c".into(),
            name: "t".into(),
            variant: "chess".into(),
            clock_ms: 60_000,
            increment_ms: 0,
            minutes: 20,
            rated: false,
            entry_code: None,
            starts_ms: 0,
            ends_ms: 1,
            players,
            pairings: Vec::new(),
            settled: false,
            created_ms: 0,
            version: 0,
        }
    }

    fn names(pairs: &[Pair]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|p| {
                if p.white < p.black {
                    (p.white.clone(), p.black.clone())
                } else {
                    (p.black.clone(), p.white.clone())
                }
            })
            .collect()
    }

    #[test]
    fn the_nearest_in_the_standings_meet_and_last_opponents_do_not_meet_again_while_another_waits()
    {
        // a and b lead on score; they just played each other.
        let players = vec![
            player("a", 1500, Some("b"), 2),
            player("b", 1500, Some("a"), 1),
            player("c", 1900, None, 0),
            player("d", 1400, None, 0),
        ];
        assert_eq!(
            names(&pairs(&arena(players))),
            [("a".into(), "c".into()), ("b".into(), "d".into())]
        );
    }

    #[test]
    fn a_games_two_players_wait_for_another_rather_than_meet_again() {
        let mut c = player("c", 1500, Some("d"), 0);
        c.playing = Some("g".into());
        let mut d = player("d", 1500, Some("c"), 0);
        d.playing = Some("g".into());
        let players = vec![
            player("a", 1500, Some("b"), 0),
            player("b", 1500, Some("a"), 0),
            c,
            d,
        ];
        assert!(pairs(&arena(players)).is_empty());
    }

    #[test]
    fn two_alone_meet_again_and_an_odd_one_waits() {
        let two = vec![
            player("a", 1500, Some("b"), 0),
            player("b", 1500, Some("a"), 0),
        ];
        assert_eq!(names(&pairs(&arena(two))), [("a".into(), "b".into())]);
        let three = vec![
            player("a", 1600, None, 0),
            player("b", 1500, None, 0),
            player("c", 1400, None, 0),
        ];
        assert_eq!(names(&pairs(&arena(three))), [("a".into(), "b".into())]);
    }

    #[test]
    fn the_one_who_had_white_more_often_gets_black() {
        let mut a = player("a", 1500, None, 0);
        a.whites = 2;
        let mut b = player("b", 1500, None, 0);
        b.blacks = 1;
        assert_eq!(
            pairs(&arena(vec![a, b])),
            [Pair {
                white: "b".into(),
                black: "a".into()
            }]
        );
    }
}
