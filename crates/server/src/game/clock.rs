//! The chess clock the server keeps: each seat its own time (5 min against
//! 10 min is allowed), an optional increment, at most one clock running.
//! Time is charged from the moment an action is received.

use chesslantis_core::{Color, Seat};
use std::time::{Duration, Instant};

/// Index of a player's seat in per-seat arrays (its colour's); chance has no clock.
pub fn seat_index(seat: Seat) -> Option<usize> {
    seat.color().map(Color::index)
}

/// The seats that have a clock, in the order of per-seat arrays.
pub const PLAYER_SEATS: [Seat; 2] = [Seat::player(Color::White), Seat::player(Color::Black)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Milliseconds left per seat, as of the last charge.
    left_ms: [i64; 2],
    increment_ms: i64,
    /// The seat whose time runs, since when.
    running: Option<(Seat, Instant)>,
}

impl Clock {
    pub fn new(white_ms: i64, black_ms: i64, increment_ms: i64) -> Clock {
        Clock { left_ms: [white_ms, black_ms], increment_ms, running: None }
    }

    pub fn increment_ms(&self) -> i64 {
        self.increment_ms
    }

    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(s, _)| s)
    }

    /// Time left for `seat` at `now` (negative once its flag fell).
    pub fn left_ms(&self, seat: Seat, now: Instant) -> i64 {
        let Some(i) = seat_index(seat) else { return 0 };
        match self.running {
            Some((s, since)) if s == seat => self.left_ms[i] - now.saturating_duration_since(since).as_millis() as i64,
            _ => self.left_ms[i],
        }
    }

    /// Stops the running clock at `now`, charging its seat; returns the time used.
    pub fn stop(&mut self, now: Instant) -> i64 {
        let Some((seat, since)) = self.running.take() else { return 0 };
        let used = now.saturating_duration_since(since).as_millis() as i64;
        if let Some(i) = seat_index(seat) {
            self.left_ms[i] -= used;
        }
        used
    }

    pub fn add_increment(&mut self, seat: Seat) {
        if let Some(i) = seat_index(seat) {
            self.left_ms[i] += self.increment_ms;
        }
    }

    /// Starts `seat`'s time at `now` (a chance seat has none).
    pub fn start(&mut self, seat: Seat, now: Instant) {
        self.running = seat_index(seat).map(|_| (seat, now));
    }

    /// When the running seat's flag falls.
    pub fn deadline(&self) -> Option<Instant> {
        let (seat, since) = self.running?;
        let left = self.left_ms[seat_index(seat)?].max(0) as u64;
        Some(since + Duration::from_millis(left))
    }

    /// The seat whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Seat> {
        let (seat, _) = self.running?;
        (self.left_ms(seat, now) <= 0).then_some(seat)
    }

    /// Both clocks as shown and stored (`white`, `black`), the running one
    /// charged to `now`; never below 0: a fallen flag shows 0, however late
    /// the timer that let it fall woke.
    pub fn snapshot(&self, now: Instant) -> (i64, i64) {
        (self.left_ms(Seat::White, now).max(0), self.left_ms(Seat::Black, now).max(0))
    }

    /// Sets the running seat's time to `left_ms` at `now` (never more than
    /// it had): a game loaded from the database resumes a clock that has
    /// been running elsewhere, its flag falling when it would have there.
    pub fn resume_running(&mut self, left_ms: i64, now: Instant) {
        if let Some((seat, _)) = self.running {
            if let Some(i) = seat_index(seat) {
                self.left_ms[i] = left_ms.min(self.left_ms[i]);
                self.running = Some((seat, now));
            }
        }
    }

    /// Marks `seat`'s flag as fallen: its time is 0, whatever it had at its
    /// last action. A game that ended on time is stored with the clocks of
    /// its last action and the seat that flagged; this gives every process
    /// that loads it the final clocks the one that ended it shows.
    pub fn flag_fallen(&mut self, seat: Seat) {
        if let Some(i) = seat_index(seat) {
            self.left_ms[i] = 0;
        }
    }

    /// Restores clocks after a restart: nothing runs until the service starts
    /// the seat to act, so the downtime is charged to nobody.
    pub fn restored(white_ms: i64, black_ms: i64, increment_ms: i64) -> Clock {
        Clock::new(white_ms, black_ms, increment_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_keeps_its_own_time_and_only_the_running_one_is_charged() {
        let t0 = Instant::now();
        let mut c = Clock::new(300_000, 600_000, 2_000);
        c.start(Seat::White, t0);
        let t1 = t0 + Duration::from_millis(1_500);
        assert_eq!(c.left_ms(Seat::White, t1), 298_500);
        assert_eq!(c.left_ms(Seat::Black, t1), 600_000);
        assert_eq!(c.stop(t1), 1_500);
        c.add_increment(Seat::White);
        assert_eq!(c.left_ms(Seat::White, t1 + Duration::from_secs(9)), 300_500);
        c.start(Seat::Black, t1);
        assert_eq!(c.deadline(), Some(t1 + Duration::from_millis(600_000)));
    }

    #[test]
    fn flag_falls_when_the_running_time_is_used_up() {
        let t0 = Instant::now();
        let mut c = Clock::new(300, 600, 0);
        assert_eq!(c.flagged(t0 + Duration::from_secs(5)), None, "no clock runs yet");
        c.start(Seat::White, t0);
        assert_eq!(c.flagged(t0 + Duration::from_millis(299)), None);
        assert_eq!(c.flagged(t0 + Duration::from_millis(300)), Some(Seat::White));
    }

    #[test]
    fn a_fallen_flag_shows_zero_not_the_time_past_it() {
        let t0 = Instant::now();
        let mut c = Clock::new(300, 600, 0);
        c.start(Seat::White, t0);
        let late = t0 + Duration::from_millis(301);
        assert_eq!(c.left_ms(Seat::White, late), -1, "the flag fell a millisecond ago");
        assert_eq!(c.snapshot(late), (0, 600));
        c.stop(late);
        assert_eq!(c.snapshot(late + Duration::from_secs(1)), (0, 600));
    }

    #[test]
    fn a_resumed_clock_keeps_the_deadline_it_had_elsewhere() {
        let t0 = Instant::now();
        let mut c = Clock::restored(120_000, 300_000, 0);
        c.resume_running(50_000, t0);
        assert_eq!(c.running(), None, "no clock runs: nothing to resume");
        assert_eq!(c.snapshot(t0), (120_000, 300_000));
        c.start(Seat::Black, t0);
        c.resume_running(250_000, t0);
        assert_eq!(c.deadline(), Some(t0 + Duration::from_millis(250_000)));
        assert_eq!(c.snapshot(t0 + Duration::from_secs(10)), (120_000, 240_000));
        c.resume_running(400_000, t0);
        assert_eq!(c.left_ms(Seat::Black, t0), 250_000, "resuming never gives time back");
    }

    #[test]
    fn a_fallen_flag_restored_shows_zero_and_the_other_side_its_time() {
        let mut c = Clock::restored(1_234, 2_500, 0);
        c.flag_fallen(Seat::White);
        assert_eq!(c.snapshot(Instant::now()), (0, 2_500));
        c.flag_fallen(Seat::Chance);
        assert_eq!(c.snapshot(Instant::now()), (0, 2_500), "chance has no clock to fall");
    }

    #[test]
    fn a_restored_clock_charges_nobody_until_a_seat_is_started() {
        let clock = Clock::restored(120_000, 300_000, 0);
        let later = Instant::now() + Duration::from_secs(3600);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.snapshot(later), (120_000, 300_000), "an hour of downtime charged to nobody");
        assert_eq!(clock.deadline(), None);
    }
}
