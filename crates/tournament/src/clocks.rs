//! Clocks by grade: each player's time comes from their own ECF grade, so the
//! two clocks of one game may differ. No increment.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::event::TournamentError;

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
        bands.sort_by_key(|band| std::cmp::Reverse(band.min_grade));
        ClockTable { bands, ungraded_minutes }
    }

    /// A table from the organiser: grades distinct, every grade covered
    /// (the lowest band starts at 0), and every clock at least one minute.
    pub fn checked(bands: Vec<ClockBand>, ungraded_minutes: u32) -> Result<Self, TournamentError> {
        let invalid = |message: String| Err(TournamentError::Invalid(message));
        if !bands.iter().any(|b| b.min_grade == 0) {
            return invalid("the lowest clock band must start at grade 0, so every grade has a time".into());
        }
        if let Some(band) = bands.iter().find(|b| b.minutes == 0) {
            return invalid(format!("band {}:{} has no time on the clock", band.min_grade, band.minutes));
        }
        if ungraded_minutes == 0 {
            return invalid("ungraded players need at least one minute".into());
        }
        let table = ClockTable::new(bands, ungraded_minutes);
        if let Some(pair) = table.bands.windows(2).find(|w| w[0].min_grade == w[1].min_grade) {
            return invalid(format!("two bands start at grade {}", pair[0].min_grade));
        }
        Ok(table)
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

impl fmt::Display for ClockTable {
    /// `180+ 5 min, 140-179 7 min, 101-139 9 min, 0-100 10 min; ungraded 10 min`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut upper: Option<u32> = None;
        for (i, band) in self.bands.iter().enumerate() {
            let range = match upper {
                None => format!("{}+", band.min_grade),
                Some(next) => format!("{}-{}", band.min_grade, next - 1),
            };
            write!(f, "{}{range} {} min", if i > 0 { ", " } else { "" }, band.minutes)?;
            upper = Some(band.min_grade);
        }
        write!(f, "; ungraded {} min", self.ungraded_minutes)
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

    #[test]
    fn organiser_tables_are_checked() {
        let band = |min_grade, minutes| ClockBand { min_grade, minutes };
        let table = ClockTable::checked(vec![band(0, 12), band(150, 6)], 12).expect("valid table");
        assert_eq!(table.to_string(), "150+ 6 min, 0-149 12 min; ungraded 12 min");
        assert_eq!(ClockTable::default().to_string(), "180+ 5 min, 140-179 7 min, 101-139 9 min, 0-100 10 min; ungraded 10 min");
        let refused = [
            (vec![band(100, 9), band(180, 5)], 10, "grade 0"),
            (vec![band(0, 10), band(140, 0)], 10, "no time"),
            (vec![band(0, 10), band(140, 7), band(140, 8)], 10, "two bands start at grade 140"),
            (vec![band(0, 10)], 0, "ungraded"),
        ];
        for (bands, ungraded, reason) in refused {
            match ClockTable::checked(bands.clone(), ungraded) {
                Err(e) => assert!(e.to_string().contains(reason), "{bands:?}: {e}"),
                Ok(table) => panic!("{bands:?} accepted as {table}"),
            }
        }
    }
}
