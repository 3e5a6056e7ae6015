//! The command layer (`run`): bad input refused with the right error and
//! nothing saved, and `pair --trf` printing like bbpPairings. The whole
//! evening runs through the real binary in crates/cli/tests/tournament_cli.rs.

use std::path::{Path, PathBuf};

use chesslantis_tournament::commands::{ByeKind, EventFile};
use chesslantis_tournament::event::{Event, MissedRounds};
use chesslantis_tournament::{run, TournamentCommand, TournamentError};

fn file(path: &Path) -> EventFile {
    EventFile { event: path.to_path_buf() }
}

fn ok(cmd: TournamentCommand) -> String {
    run(cmd.clone()).unwrap_or_else(|e| panic!("{cmd:?} failed: {e}"))
}

#[test]
fn bad_input_is_refused_and_nothing_is_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("club.json");
    ok(TournamentCommand::New { file: file(&path), name: "Club".into(), rounds: 3, first_colour: "white".into(), bye_points: "1".into() });
    for (name, grade) in [("Alice Archer", 195), ("Bob Baker", 182), ("Carol Cooper", 171), ("Dan Dyer", 160)] {
        ok(TournamentCommand::AddPlayer { file: file(&path), name: name.to_string(), grade: Some(grade), missed: MissedRounds::Zero });
    }
    ok(TournamentCommand::PairNext { file: file(&path) });
    let before = std::fs::read_to_string(&path).expect("event file");

    let unknown = run(TournamentCommand::Bye { file: file(&path), player: "Nobody".into(), round: 2, kind: ByeKind::Half });
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

    let trf_path = dir.path().join("broken.trf");
    std::fs::write(&trf_path, "012 x\r001    1      A                                 2255                             1.0    1     2 q 1\r").expect("write");
    let broken = run(TournamentCommand::Pair { trf: trf_path });
    assert!(matches!(broken, Err(TournamentError::Trf(_))), "{broken:?}");
    assert!(run(TournamentCommand::Standings { file: file(&dir.path().join("missing.json")) }).is_err());
}

#[test]
fn pair_prints_like_bbppairings() {
    // f027: 5 players, 3 rounds. Cut to round 2 and ask for round 3.
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairing");
    let text = std::fs::read_to_string(fixtures.join("f027_5p_3r.trf")).expect("fixture");
    let cut: String = text
        .split('\r')
        .map(|line| if line.starts_with("001") { line[..line.len().min(111)].to_string() } else { line.to_string() })
        .collect::<Vec<_>>()
        .join("\r");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("f027_r2.trf");
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

/// Reads the event's TRF back into an event: its export is the same file,
/// and it pairs the next round as the event itself does.
fn assert_resumes(event: &Event, moment: &str) {
    use chesslantis_tournament::trf::{self, TrfFlavour};
    let text = event.export_trf(TrfFlavour::Trf16);
    let resumed = Event::from_trf(&trf::parse(&text).expect("our TRF reads back")).unwrap_or_else(|e| panic!("{moment}: {e}"));
    assert_eq!(resumed.export_trf(TrfFlavour::Trf16), text, "{moment}: the same TRF");
    assert_eq!(resumed.standings(), event.standings(), "{moment}: the same standings");
    let (mut original, mut resumed) = (event.clone(), resumed);
    match (original.pair_next(), resumed.pair_next()) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b);
            assert_eq!(resumed.boards(a).unwrap(), original.boards(a).unwrap(), "{moment}: the same pairing");
            assert_eq!(resumed.export_trf(TrfFlavour::Trf16), original.export_trf(TrfFlavour::Trf16), "{moment}: the same byes");
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{moment}: refused alike"),
        (a, b) => panic!("{moment}: {a:?} against {b:?}"),
    }
}

#[test]
fn an_event_resumes_from_its_trf_at_every_stage() {
    let mut event = Event::new("Resumed", 4);
    for (i, grade) in [Some(195), Some(182), None, Some(171), Some(160), Some(99), Some(140)].into_iter().enumerate() {
        event.add_player(&format!("Player {i}"), grade, MissedRounds::Zero).unwrap();
    }
    assert_resumes(&event, "before round 1");
    let results = ["1-0", "0-1", "1/2", "+-", "-+"];
    for round in 1..=4 {
        event.pair_next().unwrap();
        assert_resumes(&event, &format!("round {round} paired, no result"));
        for (i, board) in event.boards(round).unwrap().iter().enumerate() {
            event.set_result(round, board.number, results[(i + round) % results.len()].parse().unwrap(), false).unwrap();
        }
        assert_resumes(&event, &format!("round {round} complete"));
        match round {
            1 => {
                event.add_player("Late Half", Some(150), MissedRounds::Half).unwrap();
                event.request_bye(2, 2, chesslantis_tournament::history::RoundRecord::HalfBye).unwrap();
            }
            2 => event.withdraw(4).unwrap(),
            _ => {}
        }
        assert_resumes(&event, &format!("after round {round}'s changes"));
    }
    let refused = Event::from_trf(&chesslantis_tournament::trf::parse("012 x\nXXR 3\n001    1      A                                 1234                             0.0    1\n").unwrap());
    assert!(matches!(&refused, Err(TournamentError::Invalid(w)) if w.contains("rating 1234")), "{refused:?}");
}
