//! Clocks by grade: each player's time comes from their own ECF grade, so the
//! two clocks of one game may differ. No increment.

use serde::{Deserialize, Serialize};

/// Players graded `min_grade` or more (and below the next band up) get `minutes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockBand {
    pub min_grade: u32,
    pub minutes: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockTable {
    /// Highest band first.
    bands: Vec<ClockBand>,
    /// The organiser's choice for ungraded players.
    pub ungraded_minutes: u32,
}

impl Default for ClockTable {
    /// The Newport table: 180+ 5 min, 140-179 7, 101-139 9, 100 and below 10;
    /// ungraded players get the lowest band.
    fn default() -> Self {
        ClockTable::new(
            vec![
                ClockBand { min_grade: 180, minutes: 5 },
                ClockBand { min_grade: 140, minutes: 7 },
                ClockBand { min_grade: 101, minutes: 9 },
                ClockBand { min_grade: 0, minutes: 10 },
            ],
            10,
        )
    }
}

impl ClockTable {
    /// Bands in any order; a band with `min_grade` 0 should exist so every
    /// grade is covered (otherwise the ungraded time is used).
    pub fn new(mut bands: Vec<ClockBand>, ungraded_minutes: u32) -> Self {
        bands.sort_by(|a, b| b.min_grade.cmp(&a.min_grade));
        ClockTable { bands, ungraded_minutes }
    }

    pub fn bands(&self) -> &[ClockBand] {
        &self.bands
    }

    /// Minutes on the clock for a player of this grade (`None` = ungraded).
    pub fn minutes_for(&self, grade: Option<u32>) -> u32 {
        match grade {
            None => self.ungraded_minutes,
            Some(grade) => self
                .bands
                .iter()
                .find(|band| grade >= band.min_grade)
                .map(|band| band.minutes)
                .unwrap_or(self.ungraded_minutes),
        }
    }

    /// Text such as `7+0`.
    pub fn describe(&self, grade: Option<u32>) -> String {
        format!("{}+0", self.minutes_for(grade))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newport_bands_at_their_edges() {
        let table = ClockTable::default();
        let cases = [(250, 5), (180, 5), (179, 7), (140, 7), (139, 9), (101, 9), (100, 10), (0, 10)];
        for (grade, minutes) in cases {
            assert_eq!(table.minutes_for(Some(grade)), minutes, "grade {grade}");
        }
        assert_eq!(table.minutes_for(None), 10);
        assert_eq!(table.describe(Some(150)), "7+0");
    }

    #[test]
    fn table_and_ungraded_choice_are_configurable() {
        let table = ClockTable::new(
            vec![ClockBand { min_grade: 0, minutes: 15 }, ClockBand { min_grade: 200, minutes: 3 }],
            4,
        );
        assert_eq!(table.minutes_for(Some(210)), 3);
        assert_eq!(table.minutes_for(Some(199)), 15);
        assert_eq!(table.minutes_for(None), 4);
    }
}
