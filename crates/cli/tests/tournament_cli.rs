//! A whole Newport evening through the real `chesslantis` binary, and bad
//! input refused with one error line and the event file left as it was.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_chesslantis");
const EVENT: &str = "newport.json";
const NEWPORT_ORDER: [&str; 5] = ["rejection", "circe", "portal", "beirut", "knights-are-god"];

fn chesslantis(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN).args(args).current_dir(dir).output().expect("run chesslantis")
}

/// Runs `chesslantis tournament ARGS --event newport.json`-style commands; `args`
/// are given in full. Fails the test unless the command succeeds quietly.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = chesslantis(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must fail: non-zero status, nothing on stdout, exactly
/// one `error: ...` line on stderr, and the event file byte for byte unchanged.
fn refused(dir: &Path, args: &[&str], mentions: &str) {
    let event = dir.join(EVENT);
    let before = std::fs::read(&event).expect("event file");
    let out = chesslantis(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(out.stdout.is_empty(), "{args:?} printed {}", String::from_utf8_lossy(&out.stdout));
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: one error line, got {stderr:?}");
    assert!(lines[0].starts_with("error: ") && lines[0].contains(mentions), "{args:?}: {stderr:?} should mention {mentions:?}");
    assert_eq!(std::fs::read(&event).expect("event file"), before, "{args:?} changed the event file");
}

fn tournament<'a>(command: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["tournament", command, "--event", EVENT];
    args.extend_from_slice(rest);
    args
}

/// The Newport clock bands (RULINGS): 180+ 5 min, 140-179 7, 101-139 9, 100 and below 10,
/// ungraded players the lowest band.
fn newport_minutes(grade: Option<u32>) -> u32 {
    match grade {
        Some(g) if g >= 180 => 5,
        Some(g) if g >= 140 => 7,
        Some(g) if g >= 101 => 9,
        _ => 10,
    }
}

const PLAYERS: [(&str, Option<u32>); 13] = [
    ("Alice Archer", Some(195)),
    ("Bob Baker", Some(182)),
    ("Carol Cooper", Some(171)),
    ("Dan Dyer", Some(160)),
    ("Eve Evans", Some(152)),
    ("Frank Fisher", Some(141)),
    ("Gina Grey", Some(133)),
    ("Hal Hughes", Some(120)),
    ("Ivy Irwin", Some(108)),
    ("Jack Jones", Some(101)),
    ("Kate King", Some(95)),
    ("Leo Lewis", Some(70)),
    ("Mia Moss", None),
];

/// One line of a pairing sheet: board, white and black start numbers, and
/// each player's clock as printed (`7+0`).
struct SheetBoard {
    board: usize,
    white: usize,
    black: usize,
    clocks: [String; 2],
}

/// Reads the board lines of a text pairing sheet (`Board  White  Black  Result`).
fn sheet_boards(sheet: &str) -> Vec<SheetBoard> {
    sheet
        .lines()
        .skip(2)
        .filter(|line| line.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit()) && !line.contains(':'))
        .map(|line| {
            let cells: Vec<&str> = line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
            let number = |cell: &str| cell.split_whitespace().next().and_then(|n| n.parse().ok()).expect("start number");
            let clock = |cell: &str| cell.split_whitespace().last().expect("clock").to_string();
            SheetBoard {
                board: cells[0].parse().expect("board number"),
                white: number(cells[1]),
                black: number(cells[2]),
                clocks: [clock(cells[1]), clock(cells[2])],
            }
        })
        .collect()
}

/// `pair --trf` output: white-black pairs and the bye, by start number.
fn pair_output(text: &str) -> (BTreeSet<(usize, usize)>, Option<usize>) {
    let mut lines = text.lines();
    let count: usize = lines.next().and_then(|l| l.parse().ok()).expect("count line");
    let mut games = BTreeSet::new();
    let mut bye = None;
    for line in lines {
        let numbers: Vec<usize> = line.split_whitespace().map(|n| n.parse().expect("number")).collect();
        match numbers[..] {
            [player, 0] => bye = Some(player),
            [white, black] => {
                games.insert((white, black));
            }
            _ => panic!("bad pair line {line:?}"),
        }
    }
    assert_eq!(count, games.len() + bye.is_some() as usize);
    (games, bye)
}

/// The start number of the pairing-allocated bye on a sheet (`  7 Gina Grey: bye (1.0)`).
fn sheet_bye(sheet: &str) -> Option<usize> {
    sheet.lines().find(|l| l.contains(": bye (")).and_then(|l| l.split_whitespace().next()?.parse().ok())
}

fn points_text(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

#[test]
fn a_newport_evening_through_the_binary() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    let created = ok(dir, &tournament("new", &["--rounds", "5"]));
    assert!(created.contains("5 rounds"), "{created}");

    for (i, (name, grade)) in PLAYERS.iter().enumerate() {
        let grade_text = grade.map(|g| g.to_string());
        let mut rest = vec![*name];
        if let Some(g) = &grade_text {
            rest.extend(["--grade", g.as_str()]);
        }
        let line = ok(dir, &tournament("add-player", &rest));
        let clock = format!("clock {}+0", newport_minutes(*grade));
        assert!(line.starts_with(&format!("{} {name}", i + 1)) && line.contains(&clock), "{line}");
    }

    // The Newport order is the default; naming it again changes nothing.
    ok(dir, &tournament("set-variants", &NEWPORT_ORDER));
    ok(dir, &tournament("bye", &["Kate King", "--round", "3", "--kind", "half"]));

    // Points per start number, tallied from what is entered here; who met whom; who had the bye.
    let mut tally: BTreeMap<usize, u32> = BTreeMap::new();
    let mut met: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut pairing_byes: Vec<usize> = Vec::new();
    let withdrawn = 4; // Dan Dyer, after round 3
    for round in 1..=5usize {
        let trf = format!("before-round-{round}.trf");
        ok(dir, &tournament("export-trf", &["--out", &trf]));
        let (trf_games, trf_bye) = pair_output(&ok(dir, &["tournament", "pair", "--trf", &trf]));

        let sheet = ok(dir, &tournament("pair-next", &[]));
        let title = sheet.lines().next().expect("title");
        assert!(title.contains(&format!("round {round} of 5 - variant: {}", NEWPORT_ORDER[round - 1])), "{title}");
        let boards = sheet_boards(&sheet);
        let games: BTreeSet<(usize, usize)> = boards.iter().map(|b| (b.white, b.black)).collect();
        assert_eq!((games, sheet_bye(&sheet)), (trf_games, trf_bye), "round {round}: pair --trf on the export agrees with pair-next");

        // Each player's own clock by their own grade.
        for b in &boards {
            for (player, clock) in [b.white, b.black].into_iter().zip(&b.clocks) {
                assert_eq!(clock, &format!("{}+0", newport_minutes(PLAYERS[player - 1].1)), "round {round}: {}", PLAYERS[player - 1].0);
            }
        }
        let seated: usize = boards.len() * 2 + sheet_bye(&sheet).is_some() as usize;
        match round {
            3 => {
                assert!(sheet.contains("11 Kate King: half-point bye"), "{sheet}");
                assert_eq!(seated, 12);
                *tally.entry(11).or_default() += 5;
            }
            4 | 5 => {
                assert!(sheet.contains("4 Dan Dyer: withdrawn"), "{sheet}");
                assert!(boards.iter().all(|b| b.white != withdrawn && b.black != withdrawn));
                assert_eq!(seated, 12);
            }
            _ => assert_eq!(seated, 13),
        }
        if let Some(bye) = sheet_bye(&sheet) {
            assert!(!pairing_byes.contains(&bye), "round {round}: {bye} had the pairing bye before");
            pairing_byes.push(bye);
            *tally.entry(bye).or_default() += 10;
        }
        for b in &boards {
            assert!(met.insert((b.white.min(b.black), b.white.max(b.black))), "round {round}: {} and {} met before", b.white, b.black);
        }

        // The lower start number wins, except a draw on board 2.
        for b in &boards {
            let result = if b.board == 2 {
                "1/2"
            } else if b.white < b.black {
                "1-0"
            } else {
                "0-1"
            };
            ok(dir, &tournament("result", &[&b.board.to_string(), result]));
            let (white_points, black_points) = match result {
                "1-0" => (10, 0),
                "0-1" => (0, 10),
                _ => (5, 5),
            };
            *tally.entry(b.white).or_default() += white_points;
            *tally.entry(b.black).or_default() += black_points;
        }
        if round == 3 {
            let line = ok(dir, &tournament("withdraw", &["Dan Dyer"]));
            assert!(line.contains("withdrawn from round 4"), "{line}");
        }
    }

    refused(dir, &tournament("pair-next", &[]), "all 5 rounds have been paired");

    // Standings: everyone, with the points entered above.
    let standings = ok(dir, &tournament("standings", &[]));
    let header: Vec<&str> = standings.lines().nth(1).expect("header").split_whitespace().collect();
    assert_eq!(header, ["Rank", "No", "Name", "Grade", "Pts", "BH", "BH-C1", "SB", "DE", "WON"]);
    let rows: Vec<&str> = standings.lines().skip(2).collect();
    assert_eq!(rows.len(), 13);
    for (number, (name, _)) in PLAYERS.iter().enumerate().map(|(i, p)| (i + 1, p)) {
        let row = rows.iter().find(|r| r.contains(name)).unwrap_or_else(|| panic!("{name} in\n{standings}"));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[1], number.to_string());
        let expected = points_text(tally.get(&number).copied().unwrap_or(0));
        assert!(cells.contains(&expected.as_str()), "{name}: {expected} points in {row:?}");
    }
    let html = ok(dir, &tournament("sheet", &["--standings", "--format", "html"]));
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<th>BH-C1</th>") && html.contains("<td>Mia Moss</td>"));
    let text = ok(dir, &tournament("sheet", &["--standings"]));
    assert_eq!(text, standings);
    let html = ok(dir, &tournament("sheet", &["--round", "2", "--format", "html"]));
    assert!(html.contains(&format!("round 2 - {}", NEWPORT_ORDER[1])), "{html}");
    assert!(html.contains("Alice Archer (195) 5+0") || html.contains("Bob Baker (182) 5+0"), "{html}");
    let text = ok(dir, &tournament("sheet", &["--round", "4"]));
    assert!(text.contains(&format!("variant: {}", NEWPORT_ORDER[3])) && text.contains("Dan Dyer: withdrawn"), "{text}");

    // TRF after the last round: both flavours, every round written.
    let trf16 = ok(dir, &tournament("export-trf", &[]));
    assert!(trf16.lines().any(|l| l == "XXR 5") && trf16.lines().any(|l| l == "XXC white1"), "{trf16}");
    let kate = trf16.lines().find(|l| l.contains("Kate King")).expect("Kate's line");
    assert!(kate.contains("0000 - H"), "{kate}");
    let trf26 = ok(dir, &tournament("export-trf", &["--version", "trf2026"]));
    assert!(trf26.lines().any(|l| l == "142 5"));
    assert_eq!(trf26.lines().filter(|l| l.starts_with("001")).count(), 13);
    // All rounds paired: pairing the export has nothing left to do.
    ok(dir, &tournament("export-trf", &["--out", "final.trf"]));
    let out = chesslantis(dir, &["tournament", "pair", "--trf", "final.trf"]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("all 5 rounds"));

    // The group match: top 7 against bottom 6 of the standings, Dan left out.
    let start = ok(dir, &tournament("group-match", &["start"]));
    let group = |label: &str| -> Vec<usize> {
        let line = start.lines().find(|l| l.starts_with(label)).expect("group line");
        line[label.len()..].split(", ").map(|member| member.split_whitespace().next().and_then(|n| n.parse().ok()).expect("number")).collect()
    };
    let (group_a, group_b) = (group("Group A: "), group("Group B: "));
    assert_eq!((group_a.len(), group_b.len()), (6, 6), "12 players left after the withdrawal");
    assert!(!group_a.contains(&withdrawn) && !group_b.contains(&withdrawn));
    let leader: usize = rows[0].split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("leader");
    assert!(group_a.contains(&leader), "the leader of the standings heads group A");

    // Results: group A wins when it has White, draws with Black.
    let mut score_a = 0;
    let mut score_b = 0;
    let mut games = 0;
    let mut round = 0;
    for line in start.lines() {
        if let Some(r) = line.strip_prefix("Round ") {
            round = r.parse().expect("round number");
            continue;
        }
        let Some((board, rest)) = line.trim_start().split_once(". ") else { continue };
        let Ok(board) = board.parse::<usize>() else { continue };
        let (white_cell, black_cell) = rest.split_once(" - ").expect("white - black");
        let number = |cell: &str| cell.split_whitespace().next().and_then(|n| n.parse::<usize>().ok()).expect("number");
        let (white, black) = (number(white_cell), number(black_cell));
        assert!(group_a.contains(&white) != group_a.contains(&black), "only games across the groups");
        let result = if group_a.contains(&white) { "1-0" } else { "1/2" };
        ok(dir, &tournament("group-match", &["result", &round.to_string(), &board.to_string(), result]));
        if result == "1-0" {
            score_a += 10;
        } else {
            score_a += 5;
            score_b += 5;
        }
        games += 1;
    }
    assert_eq!(games, 36, "six against six: everyone meets everyone");
    let shown = ok(dir, &tournament("group-match", &["show"]));
    assert!(shown.contains(&format!("Score: A {} - {} B", points_text(score_a), points_text(score_b))), "{shown}");
    assert_eq!(score_a + score_b, 10 * games);
    let html = ok(dir, &tournament("group-match", &["show", "--format", "html"]));
    assert!(html.contains(&format!("Score: A {} - {} B", points_text(score_a), points_text(score_b))));
}

#[test]
fn bad_input_is_one_error_line_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    new_event_with_graded_players(dir, 3, 4);
    ok(dir, &tournament("pair-next", &[]));
    ok(dir, &tournament("result", &["1", "1-0"]));

    refused(dir, &tournament("withdraw", &["Nobody Known"]), "unknown player \"Nobody Known\"");
    refused(dir, &tournament("bye", &["17", "--round", "2"]), "unknown player \"17\"");
    refused(dir, &tournament("result", &["9", "1-0"]), "round 1 has no board 9");
    refused(dir, &tournament("result", &["1", "0-1"]), "use --correct");
    refused(dir, &tournament("result", &["2", "2-0"]), "bad result");
    refused(dir, &tournament("pair-next", &[]), "round 1 is not finished");
    refused(dir, &tournament("set-variants", &["chess", "no-such-variant", "chess"]), "unknown variant \"no-such-variant\"");
    refused(dir, &tournament("set-clocks", &["--band", "120:9"]), "grade 0");
    refused(dir, &tournament("set-tiebreaks", &["wins,wins"]), "listed twice");

    // Any variant of the core's registry may be a round's, not only the club's five.
    let ids = ["bede", "looking-glass", "bermuda-angle"];
    let set = ok(dir, &tournament("set-variants", &ids));
    assert_eq!(set, format!("Variants: {}\n", ids.join(", ")));

    std::fs::write(dir.join("broken.trf"), "012 Club\n001    1      A                                 2255                             1.0    1     2 q 1\n").expect("write");
    refused(dir, &["tournament", "pair", "--trf", "broken.trf"], "TRF line 2: round 1: bad colour 'q'");
    refused(dir, &["tournament", "pair", "--trf", "missing.trf"], "missing.trf");
    refused(dir, &["tournament", "new", "--event", EVENT], "already exists");

    // A correction is accepted with --correct.
    ok(dir, &tournament("result", &["1", "0-1", "--correct"]));
    let sheet = ok(dir, &tournament("sheet", &[]));
    let first = sheet.lines().nth(2).expect("board 1");
    assert!(first.trim_end().ends_with("0-1"), "{first}");
}

/// The `No Name (grade)` cells of a text pairing sheet's boards, as `(white, black)`.
fn board_names(sheet: &str) -> Vec<(String, String)> {
    let name = |cell: &str| cell.split_whitespace().nth(1).expect("name").to_string();
    sheet
        .lines()
        .skip(2)
        .filter(|line| line.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit()) && !line.contains(':'))
        .map(|line| {
            let cells: Vec<&str> = line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
            (name(cells[1]), name(cells[2]))
        })
        .collect()
}

/// Players arrive in any order (a club registers them at the door); start numbers, round-1
/// pairings and the TRF follow the seeding by grade (FIDE C.04.2 B), ungraded last.
#[test]
fn the_swiss_seeds_by_grade_whatever_order_players_arrive_in() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    ok(dir, &tournament("new", &["--rounds", "3"]));
    // An arrival order out of grade order, with the number each is given on arrival.
    for (name, grade, number) in [("Zed", Some("100"), 1), ("Yan", Some("190"), 1), ("Xia", Some("150"), 2), ("Wil", None, 4), ("Val", Some("170"), 2)] {
        let mut rest = vec![name];
        rest.extend(grade.iter().flat_map(|g| ["--grade", *g]));
        let line = ok(dir, &tournament("add-player", &rest));
        assert!(line.starts_with(&format!("{number} {name} ")), "{line}");
    }
    // Big's 400 is off the ECF scale: refused, saying the range; entered again at 240.
    refused(dir, &tournament("add-player", &["Big", "--grade", "400"]), "outside the ECF grade range 0-300");
    let line = ok(dir, &tournament("add-player", &["Big", "--grade", "240"]));
    assert!(line.starts_with("1 Big (240)") && line.contains("players from 2 on move down one"), "{line}");

    let seeding = ["Big", "Yan", "Val", "Xia", "Zed", "Wil"];
    ok(dir, &tournament("export-trf", &["--out", "round1.trf"]));
    let trf = std::fs::read_to_string(dir.join("round1.trf")).expect("TRF");
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    for (i, name) in seeding.iter().enumerate() {
        assert!(lines[i].starts_with(&format!("001 {:>4}      {name} ", i + 1)), "{} is number {} in the TRF:\n{trf}", name, i + 1);
    }
    assert!(!lines[5][44..56].chars().any(|c| c.is_ascii_digit()), "the ungraded player has no rating: {}", lines[5]);

    let sheet = ok(dir, &tournament("pair-next", &[]));
    for (i, name) in seeding.iter().enumerate() {
        assert!(sheet.contains(&format!("{} {name} (", i + 1)), "{name} is number {}:\n{sheet}", i + 1);
    }
    // Round 1: top half (Big 240, Yan 190, Val 170) against bottom half (Xia 150,
    // Zed 100, Wil ungraded), 1-4, 2-5, 3-6, the top seed White, colours alternating.
    let names = board_names(&sheet);
    let expected = [("Big", "Xia"), ("Zed", "Yan"), ("Val", "Wil")].map(|(w, b)| (w.to_string(), b.to_string()));
    assert_eq!(names, expected, "{sheet}");
    let (trf_games, trf_bye) = pair_output(&ok(dir, &["tournament", "pair", "--trf", "round1.trf"]));
    assert_eq!(trf_games, BTreeSet::from([(1, 4), (5, 2), (3, 6)]));
    assert_eq!(trf_bye, None);

    // A late entry before round 4 is paired is seeded by grade too: Ada (180)
    // becomes number 3 and Val, Xia, Zed and Wil move down one, in the
    // round-1 sheet as well (pairing numbers may be reassigned, C.04.2).
    for board in 1..=3 {
        ok(dir, &tournament("result", &[&board.to_string(), "1-0"]));
    }
    let line = ok(dir, &tournament("add-player", &["Ada", "--grade", "180"]));
    assert!(line.starts_with("3 Ada (180)") && line.contains("rounds 1-1: zero-point bye") && line.contains("from 4 on"), "{line}");
    let round1 = ok(dir, &tournament("sheet", &["--round", "1"]));
    assert_eq!(board_names(&round1), expected, "the games stay the same under the new numbers");
    assert!(round1.contains("4 Val (170)") && round1.contains("7 Wil (ug)") && round1.contains("3 Ada: zero-point bye"), "{round1}");
    ok(dir, &tournament("export-trf", &["--out", "round2.trf"]));
    let (trf_games, trf_bye) = pair_output(&ok(dir, &["tournament", "pair", "--trf", "round2.trf"]));
    let sheet = ok(dir, &tournament("pair-next", &[]));
    let games: BTreeSet<(usize, usize)> = sheet_boards(&sheet).iter().map(|b| (b.white, b.black)).collect();
    assert_eq!((games, sheet_bye(&sheet)), (trf_games, trf_bye), "pair --trf on the renumbered export agrees with pair-next");
}

/// Every common way an arbiter types a result, `-+` included, and
/// bad results or grades refused with the event file unchanged.
#[test]
fn results_in_every_common_form_and_bad_ones_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    new_event_with_graded_players(dir, 2, 8);
    ok(dir, &tournament("pair-next", &[]));

    // `-+` is a result, not an option, before or after the options.
    let line = ok(dir, &tournament("result", &["1", "-+"]));
    assert_eq!(line, "Round 1 board 1: - + (forfeit)\n");
    let line = ok(dir, &tournament("result", &["1", "-+", "--round", "1", "--correct"]));
    assert_eq!(line, "Round 1 board 1: - + (forfeit)\n");
    let result_on_board = |board: usize| -> String {
        let sheet = ok(dir, &tournament("sheet", &[]));
        let line = sheet.lines().nth(1 + board).expect("board line").to_string();
        line.rsplit("  ").next().expect("result cell").trim().to_string()
    };
    for (typed, shown) in [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("1/2", "1/2-1/2"),
        ("1/2-1/2", "1/2-1/2"),
        ("0.5-0.5", "1/2-1/2"),
        ("=", "1/2-1/2"),
        ("+-", "+ -"),
        ("-+", "- +"),
        ("+/-", "+ -"),
        ("-/+", "- +"),
        ("0-0", "- -"),
    ] {
        ok(dir, &tournament("result", &["2", typed, "--correct"]));
        assert_eq!(result_on_board(2), shown, "{typed} entered");
    }
    ok(dir, &tournament("result", &["3", "1/2"]));
    ok(dir, &tournament("result", &["4", "1-0"]));

    // The double forfeit on board 2: both lose, both written `-` in the TRF.
    let trf = ok(dir, &tournament("export-trf", &[]));
    let forfeited: Vec<&str> = trf.lines().filter(|l| l.starts_with("001") && (l.ends_with("w -") || l.ends_with("b -"))).collect();
    assert_eq!(forfeited.len(), 3, "a forfeit loser on board 1 (-+), two on board 2 (0-0):\n{trf}");
    assert_eq!(trf.lines().filter(|l| l.starts_with("001") && l.ends_with(" +")).count(), 1, "one forfeit winner:\n{trf}");
    let standings = ok(dir, &tournament("standings", &[]));
    let sheet = ok(dir, &tournament("sheet", &["--round", "1"]));
    let (white, black) = {
        let line = sheet.lines().nth(3).expect("board 2");
        let cells: Vec<&str> = line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        (cells[1].split_whitespace().nth(1).expect("name").to_string(), cells[2].split_whitespace().nth(1).expect("name").to_string())
    };
    for name in [&white, &black] {
        let row = standings.lines().find(|r| r.contains(name.as_str())).expect("row");
        assert_eq!(row.split_whitespace().nth(5), Some("0.0"), "{name} scored nothing: {row}");
    }

    for bad in ["2-0", "1-1", "1/3", "+", "0.5-1", "white", "--+"] {
        refused(dir, &tournament("result", &["3", bad, "--correct"]), "0-0 (double forfeit)");
    }
    refused(dir, &tournament("add-player", &["Big", "--grade", "400"]), "outside the ECF grade range 0-300");
    refused(dir, &tournament("add-player", &["Rated", "--grade", "1850"]), "(R - 700) / 7.5");
    // A negative grade is stopped by the argument parser, with the range too.
    let before = std::fs::read(dir.join(EVENT)).expect("event");
    let out = chesslantis(dir, &tournament("add-player", &["Minus", "--grade", "-5"]));
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("outside the ECF grade range 0-300"));
    assert_eq!(std::fs::read(dir.join(EVENT)).expect("event"), before);
}

/// `group-match start` neither wipes a match under way nor
/// starts before the Swiss is over, unless forced.
#[test]
fn the_group_match_waits_for_the_swiss_and_is_not_restarted_by_accident() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    new_event_with_graded_players(dir, 2, 4);
    let start = tournament("group-match", &["start"]);
    refused(dir, &start, "the Swiss is not over: 0 of 2 rounds paired");
    ok(dir, &tournament("pair-next", &[]));
    refused(dir, &start, "1 of 2 rounds paired");
    ok(dir, &tournament("result", &["1", "1-0"]));
    ok(dir, &tournament("result", &["2", "1-0"]));
    ok(dir, &tournament("pair-next", &[]));
    ok(dir, &tournament("result", &["1", "1/2"]));
    refused(dir, &start, "round 2 boards [2] have no result");
    refused(dir, &start, "--force");
    ok(dir, &tournament("result", &["2", "0-1"]));

    let started = ok(dir, &start);
    assert!(started.contains("Group A: ") && started.contains("Group B: "), "{started}");
    let shown = ok(dir, &tournament("group-match", &["result", "1", "1", "1-0"]));
    assert!(shown.contains("Score: A 1.0 - 0.0 B") || shown.contains("Score: A 0.0 - 1.0 B"), "{shown}");
    refused(dir, &start, "already started (1 results entered)");
    refused(dir, &start, "group-match start --force");
    refused(dir, &tournament("group-match", &["result", "1", "2", "0-0"]), "double forfeit cannot be entered");
    let line = ok(dir, &tournament("group-match", &["result", "1", "2", "-+"]));
    assert!(line.contains("Score: "), "{line}");
    let shown = ok(dir, &tournament("group-match", &["show"]));
    let score = shown.lines().find_map(|l| l.strip_prefix("Score: A ")).expect("score line");
    let (a, b) = score.trim_end_matches(" B").split_once(" - ").expect("A - B");
    let total: f64 = a.parse::<f64>().expect("A") + b.parse::<f64>().expect("B");
    assert_eq!(total, 2.0, "both results kept: {shown}");

    // Forced: starts afresh, the results discarded.
    let restarted = ok(dir, &tournament("group-match", &["start", "--force"]));
    assert!(restarted.contains("Score: A 0.0 - 0.0 B"), "{restarted}");
}

/// `--force` starts the match mid-Swiss when the organiser really wants it.
#[test]
fn the_group_match_may_be_forced_to_start_mid_swiss() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    new_event_with_graded_players(dir, 3, 4);
    ok(dir, &tournament("pair-next", &[]));
    let started = ok(dir, &tournament("group-match", &["start", "--force", "--a", "1,2", "--b", "3,4"]));
    assert!(started.contains("Group A: 1 Alice Archer"), "{started}");
}

/// A new event of `rounds` rounds with the first `players` (graded) of `PLAYERS`.
fn new_event_with_graded_players(dir: &Path, rounds: u32, players: usize) {
    ok(dir, &tournament("new", &["--rounds", &rounds.to_string()]));
    for (name, grade) in PLAYERS.iter().take(players) {
        ok(dir, &tournament("add-player", &[name, "--grade", &grade.expect("graded").to_string()]));
    }
}
