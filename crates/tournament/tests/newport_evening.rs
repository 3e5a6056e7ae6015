//! A whole Newport evening through the CLI layer: 13 players, 5 rounds of
//! Swiss with results, then the group exchange match.

use std::path::{Path, PathBuf};

use chesslantis_tournament::cli::{EventFile, GroupAction, SheetFormat, TrfVersion};
use chesslantis_tournament::event::Event;
use chesslantis_tournament::history::RoundRecord;
use chesslantis_tournament::{run, TournamentCommand, TournamentError};

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("chesslantis-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file(path: &Path) -> EventFile {
    EventFile { event: path.to_path_buf() }
}

fn ok(cmd: TournamentCommand) -> String {
    run(cmd.clone()).unwrap_or_else(|e| panic!("{cmd:?} failed: {e}"))
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

#[test]
fn a_newport_evening() {
    let dir = TempDir::new("evening");
    let path = dir.0.join("newport.json");
    ok(TournamentCommand::New {
        file: file(&path),
        name: "Newport Chess Club".into(),
        rounds: 5,
        first_colour: "white".into(),
        bye_points: "1".into(),
    });
    for (name, grade) in PLAYERS {
        let line = ok(TournamentCommand::AddPlayer { file: file(&path), name: name.into(), grade });
        assert!(line.contains(name));
    }
    // Clocks by grade on the entry line: 195 -> 5 min, ungraded -> 10 min.
    let event = Event::load(&path).expect("saved event");
    assert_eq!(event.players.len(), 13);
    assert_eq!(event.clocks.minutes_for(event.players[0].grade), 5);
    assert_eq!(event.clocks.minutes_for(event.players[12].grade), 10);

    ok(TournamentCommand::SetVariants {
        file: file(&path),
        variants: ["rejection", "circe", "portal", "beirut", "knights-are-god"].map(String::from).to_vec(),
    });
    // Kate asks for a half-point bye in round 3.
    ok(TournamentCommand::Bye {
        file: file(&path),
        player: "Kate King".into(),
        round: 3,
        kind: chesslantis_tournament::cli::ByeKind::Half,
    });

    let variants = ["rejection", "circe", "portal", "beirut", "knights-are-god"];
    for round in 1..=5 {
        let sheet = ok(TournamentCommand::PairNext { file: file(&path) });
        assert!(sheet.contains(&format!("round {round} of 5")), "{sheet}");
        assert!(sheet.contains(&format!("variant: {}", variants[round - 1])), "{sheet}");
        let event = Event::load(&path).expect("event");
        let boards = event.boards(round).expect("boards");
        let byes = event.players.iter().filter(|p| p.history[round - 1] == RoundRecord::PairingBye).count();
        if round == 3 {
            assert_eq!(event.players[10].history[2], RoundRecord::HalfBye);
            assert_eq!(boards.len(), 6, "12 players in round 3");
            assert_eq!(byes, 0);
        } else {
            assert_eq!(boards.len(), 6);
            assert_eq!(byes, 1, "13 players: one pairing-allocated bye");
        }
        // The lower start number wins, except one draw per round.
        for board in &boards {
            let result = if board.number == 2 {
                "1/2"
            } else if board.white < board.black {
                "1-0"
            } else {
                "0-1"
            };
            ok(TournamentCommand::Result { file: file(&path), board: board.number, result: result.into(), round: None, correct: false });
        }
        // Both clocks on the sheet.
        let first = &boards[0];
        let text = ok(TournamentCommand::Sheet { file: file(&path), round: Some(round), format: SheetFormat::Text, standings: false });
        let white = &event.players[first.white];
        assert!(text.contains(&format!("{} ({})", white.name, white.grade.map_or("ug".into(), |g| g.to_string()))));
        assert!(text.contains("+0"));
    }

    // Nobody met anyone twice; nobody had two pairing-allocated byes.
    let event = Event::load(&path).expect("event");
    for (id, p) in event.players.iter().enumerate() {
        let opponents: Vec<usize> = p.history.iter().filter_map(RoundRecord::opponent).collect();
        let mut unique = opponents.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), opponents.len(), "player {} repeated an opponent", id + 1);
        assert!(p.history.iter().filter(|r| **r == RoundRecord::PairingBye).count() <= 1);
    }

    let standings = ok(TournamentCommand::Standings { file: file(&path) });
    assert!(standings.contains("BH-C1") && standings.contains("SB"), "{standings}");
    let html = ok(TournamentCommand::Sheet { file: file(&path), round: None, format: SheetFormat::Html, standings: true });
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<td>Alice Archer</td>"));

    let trf = ok(TournamentCommand::ExportTrf { file: file(&path), version: TrfVersion::Trf16, out: None });
    let parsed = chesslantis_tournament::trf::parse(&trf).expect("exported TRF parses");
    assert_eq!(parsed.total_rounds, Some(5));
    assert_eq!(parsed.players.len(), 13);
    assert_eq!(parsed.rounds_in_lines(), 5);

    // Sixth round: there is none.
    assert!(matches!(run(TournamentCommand::PairNext { file: file(&path) }), Err(TournamentError::AllRoundsPaired(5))));

    // The group match: top 7 against bottom 6, everyone plays everyone.
    let text = ok(TournamentCommand::GroupMatch { file: file(&path), action: GroupAction::Start { a: vec![], b: vec![] } });
    assert!(text.contains("Group A") && text.contains("bye"), "{text}");
    let event = Event::load(&path).expect("event");
    let matchup = event.group_match.clone().expect("started");
    assert_eq!((matchup.group_a.len(), matchup.group_b.len()), (7, 6));
    assert_eq!(matchup.rounds.len(), 7);
    let top = event.standings()[0].player;
    assert!(matchup.group_a.contains(&top));
    // Group A wins every game.
    for (r, round) in matchup.rounds.iter().enumerate() {
        for (b, game) in round.games.iter().enumerate() {
            let result = if matchup.group_a.contains(&game.white) { "1-0" } else { "0-1" };
            ok(TournamentCommand::GroupMatch {
                file: file(&path),
                action: GroupAction::Result { round: r + 1, board: b + 1, result: result.into(), correct: false },
            });
        }
    }
    let shown = ok(TournamentCommand::GroupMatch { file: file(&path), action: GroupAction::Show { format: SheetFormat::Text } });
    assert!(shown.contains("Score: A 42.0 - 0.0 B"), "{shown}");
}

#[test]
fn bad_input_is_refused_and_nothing_is_saved() {
    let dir = TempDir::new("bad-input");
    let path = dir.0.join("club.json");
    ok(TournamentCommand::New { file: file(&path), name: "Club".into(), rounds: 3, first_colour: "white".into(), bye_points: "1".into() });
    for (name, grade) in PLAYERS.iter().take(4) {
        ok(TournamentCommand::AddPlayer { file: file(&path), name: name.to_string(), grade: *grade });
    }
    ok(TournamentCommand::PairNext { file: file(&path) });
    let before = std::fs::read_to_string(&path).expect("event file");

    let unknown = run(TournamentCommand::Bye { file: file(&path), player: "Nobody".into(), round: 2, kind: chesslantis_tournament::cli::ByeKind::Half });
    assert!(matches!(&unknown, Err(TournamentError::UnknownPlayer(n)) if n == "Nobody"), "{unknown:?}");
    let no_game = run(TournamentCommand::Result { file: file(&path), board: 9, result: "1-0".into(), round: None, correct: false });
    assert!(matches!(no_game, Err(TournamentError::NoSuchGame { round: 1, board: 9 })));
    let bad = run(TournamentCommand::Result { file: file(&path), board: 1, result: "2-0".into(), round: None, correct: false });
    assert!(matches!(bad, Err(TournamentError::BadResult(_))));
    let early = run(TournamentCommand::PairNext { file: file(&path) });
    assert!(matches!(early, Err(TournamentError::RoundIncomplete { round: 1, .. })));
    let variant = run(TournamentCommand::SetVariants { file: file(&path), variants: vec!["chess".into(), "atomic".into(), "circe".into()] });
    assert!(matches!(&variant, Err(TournamentError::UnknownVariant { id, .. }) if id == "atomic"));
    assert_eq!(std::fs::read_to_string(&path).expect("event file"), before, "failed commands save nothing");

    ok(TournamentCommand::Result { file: file(&path), board: 1, result: "1-0".into(), round: None, correct: false });
    let twice = run(TournamentCommand::Result { file: file(&path), board: 1, result: "0-1".into(), round: None, correct: false });
    assert!(matches!(twice, Err(TournamentError::ResultAlreadyEntered { round: 1, board: 1, .. })));
    ok(TournamentCommand::Result { file: file(&path), board: 1, result: "0-1".into(), round: None, correct: true });
    let event = Event::load(&path).expect("event");
    let boards = event.boards(1).expect("boards");
    assert_eq!(boards[0].result.as_deref(), Some("0-1"));

    let trf_path = dir.0.join("broken.trf");
    std::fs::write(&trf_path, "012 x\r001    1      A                                 2255                             1.0    1     2 q 1\r").expect("write");
    let broken = run(TournamentCommand::Pair { trf: trf_path });
    assert!(matches!(broken, Err(TournamentError::Trf(_))), "{broken:?}");
    assert!(run(TournamentCommand::Standings { file: file(&dir.0.join("missing.json")) }).is_err());
}

#[test]
fn pair_prints_like_bbppairings() {
    // f027: 5 players, 3 rounds. Cut to round 2 and ask for round 3.
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/pairing-fixtures");
    let text = std::fs::read_to_string(fixtures.join("f027_5p_3r.trf")).expect("fixture");
    let cut: String = text
        .split('\r')
        .map(|line| if line.starts_with("001") { line[..line.len().min(111)].to_string() } else { line.to_string() })
        .collect::<Vec<_>>()
        .join("\r");
    let dir = TempDir::new("pair");
    let path = dir.0.join("f027_r2.trf");
    std::fs::write(&path, cut).expect("write");
    let out = ok(TournamentCommand::Pair { trf: path });
    // Round 3 of the fixture: 1 has the bye, 3 (white) meets 2, 5 (white) meets 4.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "3", "{out}");
    let mut body: Vec<&str> = lines[1..].to_vec();
    assert_eq!(body.pop(), Some("1 0"), "the bye comes last as `N 0`");
    body.sort_unstable();
    assert_eq!(body, vec!["3 2", "5 4"]);
}
