//! What bounds a search (depth, nodes, a fixed time, a clock) and how much of
//! the clock to spend on one move.

use std::time::Duration;

/// The mover's clock.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
    /// Moves until the next time control; `None` for sudden death.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. With none set the search runs until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is set (UCI `go infinite`).
    pub infinite: bool,
}

/// When to stop.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Deadlines {
    /// No new iteration starts after this.
    pub soft: Option<Duration>,
    /// The search stops here, mid-iteration if need be.
    pub hard: Option<Duration>,
}

/// Time kept back per move for the process and the pipe.
const OVERHEAD: Duration = Duration::from_millis(20);
/// Moves we plan for when the clock does not say (sudden death).
const PLANNED_MOVES: u32 = 30;

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() }
    }

    /// Whether the search may stop on its own before being told to.
    pub fn is_bounded(&self) -> bool {
        !self.infinite
            && (self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.clock.is_some())
    }

    pub fn deadlines(&self) -> Deadlines {
        if self.infinite {
            return Deadlines::default();
        }
        let mut d = Deadlines::default();
        if let Some(mt) = self.movetime {
            // A small margin: a fixed time per move is a promise to answer in time.
            let margin = (mt / 20).min(Duration::from_millis(10));
            d.hard = Some(mt.saturating_sub(margin).max(Duration::from_millis(1)));
        }
        if let Some(c) = self.clock {
            let left = c.time.saturating_sub(OVERHEAD).max(Duration::from_millis(1));
            let moves = c.moves_to_go.unwrap_or(PLANNED_MOVES).clamp(1, 60);
            let cap = if moves == 1 { left * 4 / 5 } else { left / 2 };
            let optimum = (left / moves + c.increment * 3 / 4).min(cap);
            let hard = (optimum * 3).min(cap);
            d.soft = Some(optimum / 2);
            d.hard = Some(d.hard.map_or(hard, |h| h.min(hard)));
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_is_a_hard_limit_just_under_the_time() {
        let d = Limits::movetime(100).deadlines();
        assert_eq!(d.soft, None);
        assert!(d.hard.is_some_and(|h| h <= ms(100) && h >= ms(90)));
    }

    #[test]
    fn a_clock_spends_a_share_and_never_most_of_it() {
        let limits = Limits { clock: Some(Clock { time: ms(60_000), increment: ms(1000), moves_to_go: None }), ..Limits::default() };
        let d = limits.deadlines();
        let (soft, hard) = (d.soft.unwrap(), d.hard.unwrap());
        assert!(soft < hard);
        assert!(hard <= ms(30_000));
        assert!(soft >= ms(1000), "{soft:?}");
        let last = Limits { clock: Some(Clock { time: ms(5000), increment: ms(0), moves_to_go: Some(1) }), ..Limits::default() };
        assert!(last.deadlines().hard.unwrap() >= ms(3000));
    }

    #[test]
    fn infinite_has_no_deadline() {
        let limits = Limits { infinite: true, movetime: Some(ms(5)), ..Limits::default() };
        assert_eq!(limits.deadlines(), Deadlines::default());
        assert!(!limits.is_bounded());
        assert!(!Limits::default().is_bounded());
        assert!(Limits::depth(3).is_bounded());
    }
}
