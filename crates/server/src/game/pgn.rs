//! A finished game as PGN: the seven-tag roster, `Variant`, `FEN`/`SetUp`
//! when the start is not chess's, the moves in SAN as the views describe
//! them, what is not a move (a Bermuda roll, a Rejection answer, a Beirut
//! carrier) as comments, and for a dice variant the seed to verify the rolls;
//! once the game is analysed, each move's evaluation as `{ [%eval 0.35] }`
//! (pawns, from White's side) or `{ [%eval #-3] }` (a mate, Black mating).
//! Only a game that is over is written: the referee's view then holds no
//! secret any more.

use chesslantis_core::{DynGame, Seat, Viewer};
use crate::game::verify::GameExport;

/// Chess's start: no `FEN` tag needed.
const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What the PGN says of the game besides its record.
pub struct Header {
    pub white: String,
    pub black: String,
    pub created_ms: i64,
    pub rated: bool,
    /// `white_ms`, `black_ms`, `increment_ms`.
    pub clock: (i64, i64, i64),
    /// The end in words (`White wins on time`).
    pub words: Option<String>,
    /// The evaluation after each action (by ply) as `[%eval]` writes it
    /// (`0.35`, `#-3`), once the game is analysed; empty before.
    pub evals: Vec<Option<String>>,
}

/// A tag value with `\` and `"` escaped.
fn tag(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A comment's text (a `}` would end it early).
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// `YYYY.MM.DD` of a Unix time in ms (UTC), by the days-to-civil algorithm.
pub fn pgn_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn seat_word(seat: Seat) -> &'static str {
    match seat {
        Seat::White => "White",
        Seat::Black => "Black",
        Seat::Chance => "Dice",
    }
}

/// Lays out move tokens with their numbers.
struct MoveText {
    out: Vec<String>,
    number: u64,
    /// White's token of this number was just written (Black's needs no number).
    after_white: bool,
}

impl MoveText {
    fn token(&mut self, seat: Seat, san: &str) {
        match seat {
            Seat::Black => {
                if !self.after_white {
                    self.out.push(format!("{}...", self.number));
                }
                self.out.push(san.to_string());
                self.number += 1;
                self.after_white = false;
            }
            _ => {
                self.out.push(format!("{}.", self.number));
                self.out.push(san.to_string());
                self.after_white = true;
            }
        }
    }

    fn comment(&mut self, text: &str) {
        self.out.push(comment(text));
        self.after_white = false;
    }
}

/// The PGN of `export`, a game that is over.
pub fn render(export: &GameExport, header: &Header) -> Result<String, String> {
    if !export.status.is_over() {
        return Err(format!("game {} is not over: its record holds secrets until the end", export.id));
    }
    let mut game = DynGame::new(&export.variant, export.setup.as_deref()).map_err(|e| format!("game {}: {e}", export.id))?;
    let start = game.view(Viewer::Referee).fen;
    let result = export.result.clone().unwrap_or_else(|| "*".into());

    let mut text = String::new();
    text.push_str(&tag("Event", if header.rated { "Chesslantis rated game" } else { "Chesslantis casual game" }));
    text.push_str(&tag("Site", "Chesslantis"));
    text.push_str(&tag("Date", &pgn_date(header.created_ms)));
    text.push_str(&tag("Round", "-"));
    text.push_str(&tag("White", &header.white));
    text.push_str(&tag("Black", &header.black));
    text.push_str(&tag("Result", &result));
    text.push_str(&tag("Variant", &export.variant));
    let (white_ms, black_ms, increment_ms) = header.clock;
    let control = |ms: i64| format!("{}+{}", ms / 1000, increment_ms / 1000);
    if white_ms == black_ms {
        text.push_str(&tag("TimeControl", &control(white_ms)));
    } else {
        text.push_str(&tag("WhiteTimeControl", &control(white_ms)));
        text.push_str(&tag("BlackTimeControl", &control(black_ms)));
    }
    if export.setup.is_some() || start != STANDARD_START {
        text.push_str(&tag("SetUp", "1"));
        text.push_str(&tag("FEN", &start));
    }
    text.push_str(&tag("GameId", &export.id));
    text.push('\n');

    // The full-move number of the start position.
    let number = start.split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut moves = MoveText { out: Vec::new(), number, after_white: false };
    if game.info().rolls_dice {
        if let Some(seed) = &export.seed {
            moves.comment(&format!(
                "Dice: seed {seed}, committed at the start as SHA-256 {}; every roll is HMAC-SHA256(seed, ply): \
                 chesslantis verify-dice checks them",
                export.commitment
            ));
        }
    }
    for (ply, entry) in export.actions.iter().enumerate() {
        game.apply(entry.seat, &entry.action).map_err(|e| format!("game {}: action {ply} does not replay: {}", export.id, e.message))?;
        let last = game.view(Viewer::Referee).last;
        let san = last.as_ref().and_then(|l| l.san.clone());
        match (entry.seat, san) {
            (Seat::Chance, _) => moves.comment(&format!("ply {ply}: {}", entry.action)),
            (seat, Some(san)) => moves.token(seat, &san),
            (seat, None) => moves.comment(&format!("{}: {}", seat_word(seat), entry.action)),
        }
        if let Some(Some(eval)) = header.evals.get(ply) {
            moves.comment(&format!(" [%eval {eval}] "));
        }
    }
    if let Some(words) = &header.words {
        moves.comment(words);
    }
    moves.out.push(result);

    // Lines of at most 80 characters, as PGN asks.
    let mut line = String::new();
    for token in moves.out {
        if !line.is_empty() && line.len() + 1 + token.len() > 80 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::Entry;
    use crate::game::state::Status;

    fn export(variant: &str, setup: Option<&str>, moves: &[(Seat, &str)], result: &str) -> GameExport {
        GameExport {
            id: "g1".into(),
            variant: variant.into(),
            setup: setup.map(String::from),
            status: Status::Ended,
            result: Some(result.into()),
            commitment: "c0".into(),
            seed: Some("5e".into()),
            actions: moves.iter().map(|(seat, a)| Entry { seat: *seat, action: a.to_string() }).collect(),
        }
    }

    fn header() -> Header {
        Header { white: "Alice \"A\"".into(), black: "guest-abc".into(), created_ms: 1_764_115_200_000, rated: true, clock: (300_000, 300_000, 2000), words: Some("Black wins by resignation".into()), evals: Vec::new() }
    }

    #[test]
    fn a_chess_game_reads_as_standard_pgn() {
        let e = export("chess", None, &[(Seat::White, "e2e4"), (Seat::Black, "e7e5"), (Seat::White, "g1f3"), (Seat::White, "resign")], "0-1");
        let pgn = render(&e, &header()).unwrap();
        assert!(pgn.contains("[Date \"2025.11.26\"]"), "{pgn}");
        assert!(pgn.contains("[White \"Alice \\\"A\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[Variant \"chess\"]\n"));
        assert!(pgn.contains("[TimeControl \"300+2\"]"));
        assert!(!pgn.contains("[FEN"), "chess's start needs no FEN: {pgn}");
        assert!(pgn.contains("1. e4 e5 2. Nf3"), "{pgn}");
        assert!(pgn.trim_end().ends_with("{Black wins by resignation} 0-1"), "{pgn}");
    }

    #[test]
    fn another_start_has_its_fen_and_black_to_move_starts_with_dots() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
        let e = export("chess", Some(fen), &[(Seat::Black, "e8d8"), (Seat::White, "e2e4")], "1/2-1/2");
        let pgn = render(&e, &header()).unwrap();
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")) && pgn.contains("[SetUp \"1\"]"), "{pgn}");
        assert!(pgn.contains("7... Kd8 8. e4"), "{pgn}");
    }

    #[test]
    fn an_analysed_game_has_its_evaluations_after_its_moves() {
        let e = export("chess", None, &[(Seat::White, "e2e4"), (Seat::Black, "e7e5"), (Seat::White, "d1h5"), (Seat::Black, "resign")], "1-0");
        let evals = vec![Some("0.35".into()), Some("0.20".into()), Some("#-3".into()), None];
        let pgn = render(&e, &Header { evals, ..header() }).unwrap();
        assert!(pgn.contains("1. e4 { [%eval 0.35] } 1... e5 { [%eval 0.20] } 2. Qh5 { [%eval #-3] }"), "{pgn}");
    }

    #[test]
    fn a_game_not_over_has_no_pgn_yet() {
        let mut e = export("chess", None, &[], "*");
        e.status = Status::Playing;
        assert!(render(&e, &header()).is_err());
    }

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(1_767_225_599_000), "2025.12.31");
    }
}
