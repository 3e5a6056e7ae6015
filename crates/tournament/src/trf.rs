//! FIDE Tournament Report File (TRF-16, and the TRF-2026 header codes we
//! need): import and export, tolerant of CR, LF and CRLF line ends.

use crate::history::{format_points, Colour, Outcome, RoundRecord, Scoring};

/// Column where the first round block starts (0-based), and the block width.
const ROUNDS_COLUMN: usize = 91;
const ROUND_WIDTH: usize = 10;

/// Which flavour of TRF to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TrfFlavour {
    /// TRF-16: rounds in `XXR`, colour lot in `XXC`.
    #[default]
    Trf16,
    /// TRF-2026: rounds in the `142` line (colour lot still in `XXC`).
    Trf2026,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// 1-based start number.
    pub start_number: usize,
    pub sex: String,
    pub title: String,
    pub name: String,
    /// Rating as written in the file (0 = none).
    pub rating: u32,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// Points as written in the file, tenths.
    pub points: u32,
    pub rank: usize,
    /// One entry per round column; `None` for a blank block.
    pub rounds: Vec<Option<RoundRecord>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TrfFile {
    /// Tournament name (`012`).
    pub name: String,
    pub players: Vec<TrfPlayer>,
    /// From `XXR` or `142`.
    pub total_rounds: Option<usize>,
    /// From `XXC white1` / `XXC black1`.
    pub first_colour: Option<Colour>,
    /// Points per result, from the bbpPairings scoring lines (`BBW` win,
    /// `BBD` draw, `BBL` loss, `BBU` pairing-allocated bye; `BBZ` zero-point
    /// bye and `BBF` forfeit loss must be 0); FIDE's 1, 1/2, 0, 1 when absent.
    pub scoring: Scoring,
    /// Header lines we do not interpret, kept verbatim for the round trip.
    pub other_lines: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    #[error("TRF line {line}: {reason}: {text:?}")]
    BadLine { line: usize, reason: String, text: String },
    #[error("TRF: start number {0} appears twice")]
    DuplicateStartNumber(usize),
    #[error("TRF: player {player} meets unknown start number {opponent} in round {round}")]
    UnknownOpponent { player: usize, opponent: usize, round: usize },
}

/// Splits on CR, LF or CRLF.
pub fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                lines.push(&text[start..i]);
                if i + 1 < bytes.len() && bytes[i + 1] == b'\n' {
                    i += 1;
                }
                start = i + 1;
            }
            b'\n' => {
                lines.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// Characters `from..to` of a line, trimmed; empty past the end.
fn field(line: &[char], from: usize, to: usize) -> String {
    if from >= line.len() {
        return String::new();
    }
    line[from..to.min(line.len())].iter().collect::<String>().trim().to_string()
}

fn parse_points(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() {
        return Some(0);
    }
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, "0"),
    };
    let whole: u32 = whole.parse().ok()?;
    let tenth: u32 = match frac.len() {
        0 => 0,
        _ => frac[..1].parse().ok()?,
    };
    Some(whole * 10 + tenth)
}

fn parse_round(block: &[char], own: usize) -> Result<Option<RoundRecord>, String> {
    let get = |i: usize| block.get(i).copied().unwrap_or(' ');
    let opponent_text: String = (0..4).map(get).collect::<String>();
    let opponent_text = opponent_text.trim();
    let colour_char = get(5);
    let result_char = get(7).to_ascii_uppercase();
    if opponent_text.is_empty() && colour_char == ' ' && result_char == ' ' {
        return Ok(None);
    }
    let opponent: usize = if opponent_text.is_empty() {
        0
    } else {
        opponent_text.parse().map_err(|_| format!("bad opponent number {opponent_text:?}"))?
    };
    if opponent == own {
        return Err("a player cannot meet himself".into());
    }
    let colour = match colour_char {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        other => return Err(format!("bad colour {other:?}")),
    };
    if opponent == 0 {
        return Ok(Some(match result_char {
            'U' => RoundRecord::PairingBye,
            'H' => RoundRecord::HalfBye,
            'F' | '+' => RoundRecord::FullBye,
            'Z' | '-' | ' ' => {
                if result_char == 'Z' {
                    RoundRecord::ZeroBye
                } else {
                    RoundRecord::Absent
                }
            }
            other => return Err(format!("bad result {other:?} without an opponent")),
        }));
    }
    let colour = colour.ok_or_else(|| "a game needs a colour (w or b)".to_string())?;
    let opponent = opponent - 1;
    Ok(Some(match result_char {
        '1' | 'W' => RoundRecord::Played { opponent, colour, outcome: Outcome::Win },
        '=' | 'D' => RoundRecord::Played { opponent, colour, outcome: Outcome::Draw },
        '0' | 'L' => RoundRecord::Played { opponent, colour, outcome: Outcome::Loss },
        '+' => RoundRecord::Forfeit { opponent, colour, won: true },
        '-' => RoundRecord::Forfeit { opponent, colour, won: false },
        ' ' => RoundRecord::Pending { opponent, colour },
        other => return Err(format!("bad result {other:?}")),
    }))
}

/// Parses a TRF text.
pub fn parse(text: &str) -> Result<TrfFile, TrfError> {
    let mut file = TrfFile::default();
    // As bbpPairings reads them: without `BBU` the pairing bye scores a win.
    let mut explicit_bye_points = false;
    for (index, raw) in split_lines(text).into_iter().enumerate() {
        let line_no = index + 1;
        let bad = |reason: String| TrfError::BadLine { line: line_no, reason, text: raw.to_string() };
        if raw.trim().is_empty() {
            continue;
        }
        let code: String = raw.chars().take(3).collect();
        match code.as_str() {
            "001" => {
                let chars: Vec<char> = raw.chars().collect();
                let start_number: usize =
                    field(&chars, 4, 8).parse().map_err(|_| bad("bad start number".into()))?;
                if start_number == 0 {
                    return Err(bad("start number 0".into()));
                }
                let rating_text = field(&chars, 48, 52);
                let rating = if rating_text.is_empty() {
                    0
                } else {
                    rating_text.parse().map_err(|_| bad(format!("bad rating {rating_text:?}")))?
                };
                let points_text = field(&chars, 80, 84);
                let points = parse_points(&points_text).ok_or_else(|| bad(format!("bad points {points_text:?}")))?;
                let rank_text = field(&chars, 85, 89);
                let rank = if rank_text.is_empty() { 0 } else { rank_text.parse().map_err(|_| bad("bad rank".into()))? };
                let mut rounds = Vec::new();
                let mut column = ROUNDS_COLUMN;
                while column < chars.len() {
                    let end = (column + ROUND_WIDTH).min(chars.len());
                    let record = parse_round(&chars[column..end], start_number)
                        .map_err(|reason| bad(format!("round {}: {reason}", rounds.len() + 1)))?;
                    rounds.push(record);
                    column += ROUND_WIDTH;
                }
                while rounds.last() == Some(&None) {
                    rounds.pop();
                }
                if file.players.iter().any(|p: &TrfPlayer| p.start_number == start_number) {
                    return Err(TrfError::DuplicateStartNumber(start_number));
                }
                file.players.push(TrfPlayer {
                    start_number,
                    sex: field(&chars, 9, 10),
                    title: field(&chars, 10, 13),
                    name: field(&chars, 14, 47),
                    rating,
                    federation: field(&chars, 53, 56),
                    fide_id: field(&chars, 57, 68),
                    birth: field(&chars, 69, 79),
                    points,
                    rank,
                    rounds,
                });
            }
            "012" => file.name = raw.get(4..).unwrap_or("").trim().to_string(),
            "XXR" | "142" => {
                let value = raw.get(3..).unwrap_or("").trim();
                let rounds: usize = value.parse().map_err(|_| bad(format!("bad number of rounds {value:?}")))?;
                file.total_rounds = Some(rounds);
            }
            "XXC" => {
                let lower = raw.to_ascii_lowercase();
                if lower.contains("white1") {
                    file.first_colour = Some(Colour::White);
                } else if lower.contains("black1") {
                    file.first_colour = Some(Colour::Black);
                } else {
                    return Err(bad("XXC needs white1 or black1".into()));
                }
            }
            "BBW" | "BBD" | "BBL" | "BBU" | "BBZ" | "BBF" => {
                let value = raw.get(3..).unwrap_or("").trim();
                let points = parse_points(value)
                    .filter(|_| !value.is_empty())
                    .ok_or_else(|| bad(format!("bad points {value:?} (write them like 0.5)")))?;
                match code.as_str() {
                    "BBW" => file.scoring.win = points,
                    "BBD" => file.scoring.draw = points,
                    "BBL" => file.scoring.loss = points,
                    "BBU" => {
                        file.scoring.pairing_bye = points;
                        explicit_bye_points = true;
                    }
                    // Zero-point byes and forfeit losses always score 0 here.
                    _ if points != 0 => return Err(bad(format!("{code} other than 0 is not supported"))),
                    _ => {}
                }
            }
            _ => file.other_lines.push(raw.to_string()),
        }
    }
    if !explicit_bye_points {
        file.scoring.pairing_bye = file.scoring.win;
    }
    file.players.sort_by_key(|p| p.start_number);
    let count = file.players.len();
    for (index, player) in file.players.iter().enumerate() {
        if player.start_number != index + 1 {
            return Err(TrfError::BadLine {
                line: 0,
                reason: format!("start numbers must run 1..{count} without gaps"),
                text: format!("start number {}", player.start_number),
            });
        }
        for (round, record) in player.rounds.iter().enumerate() {
            if let Some(opponent) = record.as_ref().and_then(RoundRecord::opponent) {
                if opponent >= count {
                    return Err(TrfError::UnknownOpponent { player: index + 1, opponent: opponent + 1, round: round + 1 });
                }
            }
        }
    }
    Ok(file)
}

impl TrfFile {
    /// Rounds that appear in any player line.
    pub fn rounds_in_lines(&self) -> usize {
        self.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0)
    }

    /// The colour lot: the `XXC` line, else the round-1 colour of the best
    /// ranked player who played round 1, else white.
    pub fn colour_lot(&self) -> Colour {
        if let Some(colour) = self.first_colour {
            return colour;
        }
        self.players
            .iter()
            .find_map(|p| p.rounds.first().and_then(|r| r.as_ref()).and_then(|r| r.colour()))
            .unwrap_or(Colour::White)
    }

    /// Each player's first `rounds` rounds, blanks read as absent.
    pub fn histories(&self, rounds: usize) -> Vec<Vec<RoundRecord>> {
        self.players
            .iter()
            .map(|p| (0..rounds).map(|r| p.rounds.get(r).copied().flatten().unwrap_or(RoundRecord::Absent)).collect())
            .collect()
    }

    /// Players with an absence already entered for `round` (1-based).
    pub fn unavailable_in(&self, round: usize) -> Vec<bool> {
        self.players
            .iter()
            .map(|p| {
                matches!(
                    p.rounds.get(round - 1).copied().flatten(),
                    Some(RoundRecord::HalfBye | RoundRecord::FullBye | RoundRecord::ZeroBye | RoundRecord::Absent)
                )
            })
            .collect()
    }

    /// The first round without a complete set of records: the one to pair.
    pub fn next_round(&self) -> usize {
        let mut round = 1;
        while self.players.iter().any(|p| {
            matches!(
                p.rounds.get(round - 1).copied().flatten(),
                Some(RoundRecord::Played { .. } | RoundRecord::Forfeit { .. } | RoundRecord::PairingBye)
            )
        }) {
            round += 1;
        }
        round
    }

    /// Writes the file; player points are recomputed from the records. A
    /// scoring other than FIDE's default is written as `BBW`/`BBD`/`BBL`/`BBU`
    /// lines, so a pairing program scores the rounds as the event does.
    pub fn write(&self, flavour: TrfFlavour) -> String {
        let scoring = &self.scoring;
        let mut out = String::new();
        out.push_str(&format!("012 {}\n", self.name));
        for line in &self.other_lines {
            out.push_str(line);
            out.push('\n');
        }
        if let Some(rounds) = self.total_rounds {
            match flavour {
                TrfFlavour::Trf16 => out.push_str(&format!("XXR {rounds}\n")),
                TrfFlavour::Trf2026 => out.push_str(&format!("142 {rounds}\n")),
            }
        }
        if let Some(colour) = self.first_colour {
            out.push_str(match colour {
                Colour::White => "XXC white1\n",
                Colour::Black => "XXC black1\n",
            });
        }
        if *scoring != Scoring::default() {
            for (code, points) in [("BBW", scoring.win), ("BBD", scoring.draw), ("BBL", scoring.loss), ("BBU", scoring.pairing_bye)] {
                out.push_str(&format!("{code} {}\n", format_points(points)));
            }
        }
        for p in &self.players {
            let points: u32 = p.rounds.iter().flatten().map(|r| r.points(scoring)).sum();
            let mut line = format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
                p.start_number,
                p.sex,
                p.title,
                truncate(&p.name, 33),
                if p.rating == 0 { String::new() } else { p.rating.to_string() },
                p.federation,
                p.fide_id,
                p.birth,
                format_points(points),
                if p.rank == 0 { String::new() } else { p.rank.to_string() },
            );
            for record in &p.rounds {
                line.push_str("  ");
                line.push_str(&round_block(record.as_ref()));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

fn truncate(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn colour_char(colour: Colour) -> char {
    match colour {
        Colour::White => 'w',
        Colour::Black => 'b',
    }
}

/// The 8 visible characters of one round block.
fn round_block(record: Option<&RoundRecord>) -> String {
    match record {
        None => "        ".into(),
        Some(RoundRecord::Played { opponent, colour, outcome }) => {
            let result = match outcome {
                Outcome::Win => '1',
                Outcome::Draw => '=',
                Outcome::Loss => '0',
            };
            format!("{:>4} {} {}", opponent + 1, colour_char(*colour), result)
        }
        Some(RoundRecord::Forfeit { opponent, colour, won }) => {
            format!("{:>4} {} {}", opponent + 1, colour_char(*colour), if *won { '+' } else { '-' })
        }
        Some(RoundRecord::Pending { opponent, colour }) => format!("{:>4} {}  ", opponent + 1, colour_char(*colour)),
        Some(RoundRecord::PairingBye) => "0000 - U".into(),
        Some(RoundRecord::HalfBye) => "0000 - H".into(),
        Some(RoundRecord::FullBye) => "0000 - F".into(),
        Some(RoundRecord::ZeroBye) => "0000 - Z".into(),
        Some(RoundRecord::Absent) => "0000 - -".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Newport test\n\
XXR 3\n\
XXC white1\n\
001    1      Alpha, Ann                        2255                             2.0    1     2 w 1     3 b =  0000 - H\n\
001    2      Beta, Bob                         2102                             1.0    3     1 b 0  0000 - U     3 w  \n\
001    3      Gamma, Cy                         1938                             1.5    2  0000 - U     1 w =     2 b  \n";

    #[test]
    fn reads_players_rounds_and_headers() {
        let file = parse(SAMPLE).expect("sample parses");
        assert_eq!(file.total_rounds, Some(3));
        assert_eq!(file.first_colour, Some(Colour::White));
        assert_eq!(file.players.len(), 3);
        assert_eq!(file.players[0].name, "Alpha, Ann");
        assert_eq!(file.players[0].rating, 2255);
        assert_eq!(file.players[0].points, 20);
        assert_eq!(
            file.players[0].rounds[0],
            Some(RoundRecord::Played { opponent: 1, colour: Colour::White, outcome: Outcome::Win })
        );
        assert_eq!(file.players[1].rounds[1], Some(RoundRecord::PairingBye));
        assert_eq!(file.players[0].rounds[2], Some(RoundRecord::HalfBye));
        assert_eq!(file.players[2].rounds[2], Some(RoundRecord::Pending { opponent: 1, colour: Colour::Black }));
        assert_eq!(file.next_round(), 3);
        assert_eq!(file.unavailable_in(3), vec![true, false, false]);
    }

    #[test]
    fn round_trips_with_any_line_end() {
        let file = parse(SAMPLE).expect("sample parses");
        for ending in ["\r", "\n", "\r\n"] {
            let text = file.write(TrfFlavour::Trf16).replace('\n', ending);
            let again = parse(&text).expect("written file parses");
            assert_eq!(again, file, "line end {ending:?}");
        }
        let text = file.write(TrfFlavour::Trf2026);
        assert!(text.contains("\n142 3\n"));
        assert_eq!(parse(&text).expect("2026 parses"), file);
    }

    #[test]
    fn scoring_lines_round_trip_and_default_the_bye_to_a_win() {
        let mut file = parse(SAMPLE).expect("sample parses");
        assert_eq!(file.scoring, Scoring::default());
        assert!(!file.write(TrfFlavour::Trf16).contains("BB"), "FIDE's default scoring needs no lines");
        file.scoring.pairing_bye = 5;
        let text = file.write(TrfFlavour::Trf16);
        assert!(text.contains("\nBBW 1.0\nBBD 0.5\nBBL 0.0\nBBU 0.5\n"), "{text}");
        let again = parse(&text).expect("written file parses");
        assert_eq!(again.scoring, file.scoring);
        assert_eq!(again.players[1].points, 5, "Beta's pairing bye written at 0.5");
        // Without BBU the pairing bye is worth a win, whatever BBW says (bbpPairings).
        let win_two = parse(&format!("BBW 2.0\n{SAMPLE}")).expect("BBW only");
        assert_eq!((win_two.scoring.win, win_two.scoring.pairing_bye), (20, 20));
        assert!(matches!(parse("BBZ 0.5\n"), Err(TrfError::BadLine { line: 1, .. })));
        assert!(matches!(parse("BBU half\n"), Err(TrfError::BadLine { line: 1, .. })));
    }

    #[test]
    fn malformed_lines_are_named() {
        let text = "012 x\n001    1      A                                 2255                             1.0    1     2 q 1\n";
        match parse(text) {
            Err(TrfError::BadLine { line, reason, .. }) => {
                assert_eq!(line, 2);
                assert!(reason.contains("colour"), "{reason}");
            }
            other => panic!("expected a bad line, got {other:?}"),
        }
        assert!(matches!(parse("XXR five\n"), Err(TrfError::BadLine { line: 1, .. })));
        let unknown = "001    1      A                                 2255                             1.0    1     9 w 1\n";
        assert!(matches!(parse(unknown), Err(TrfError::UnknownOpponent { opponent: 9, .. })));
    }
}
