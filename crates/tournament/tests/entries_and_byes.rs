//! Withdrawals, late entries and requested byes (H, F, Z) through the event,
//! and the organiser's clock and tie-break settings through the commands.

use std::collections::BTreeSet;
use std::path::Path;

use chesslantis_tournament::commands::{pair_trf_file, EventFile, SheetFormat};
use chesslantis_tournament::event::{Event, GameResult, MissedRounds};
use chesslantis_tournament::history::{PlayerId, RoundRecord};
use chesslantis_tournament::sheet;
use chesslantis_tournament::trf::TrfFlavour;
use chesslantis_tournament::{run, TournamentCommand};

/// An event of `players` graded players (start number 1 strongest).
fn club(players: usize, rounds: usize) -> Event {
    let mut event = Event::new("Club", rounds);
    for i in 0..players {
        event.add_player(&format!("P{}", i + 1), Some(200 - 10 * i as u32), MissedRounds::Zero).expect("player");
    }
    event
}

/// Pairs the next round and enters results: the lower start number wins.
fn pair_and_play(event: &mut Event) -> usize {
    let round = event.pair_next().expect("pairing");
    for board in event.boards(round).expect("boards") {
        let result = if board.white < board.black { GameResult::WhiteWins } else { GameResult::BlackWins };
        event.set_result(round, board.number, result, false).expect("result");
    }
    round
}

fn on_a_board(event: &Event, round: usize, player: PlayerId) -> bool {
    event.boards(round).expect("boards").iter().any(|b| b.white == player || b.black == player)
}

fn pairing_bye(event: &Event, round: usize) -> Option<PlayerId> {
    event.players.iter().position(|p| p.history[round - 1] == RoundRecord::PairingBye)
}

fn score_before(event: &Event, player: PlayerId, round: usize) -> u32 {
    let scoring = event.scoring;
    event.players[player].history[..round - 1].iter().map(|r| r.points(&scoring)).sum()
}

/// The exported TRF paired by `pair --trf`: (white, black) pairs and the bye.
fn pair_exported(event: &Event, dir: &Path) -> (BTreeSet<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let path = dir.join("export.trf");
    std::fs::write(&path, event.export_trf(TrfFlavour::Trf16)).expect("write TRF");
    let out = pair_trf_file(&path).expect("pair the export");
    let mut games = BTreeSet::new();
    let mut bye = None;
    for line in out.lines().skip(1) {
        let numbers: Vec<usize> = line.split_whitespace().map(|n| n.parse().expect("start number")).collect();
        match numbers[..] {
            [player, 0] => bye = Some(player - 1),
            [white, black] => {
                games.insert((white - 1, black - 1));
            }
            _ => panic!("unexpected line {line:?}"),
        }
    }
    (games, bye)
}

fn paired(event: &Event, round: usize) -> (BTreeSet<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let games = event.boards(round).expect("boards").iter().map(|b| (b.white, b.black)).collect();
    (games, pairing_bye(event, round))
}

/// Pairs and plays the next round, checking that `pair --trf` on the event
/// exported just before gives the same pairing.
fn pair_and_play_checked(event: &mut Event) -> usize {
    let dir = tempfile::tempdir().expect("temp dir");
    let expected = pair_exported(event, dir.path());
    let round = pair_and_play(event);
    assert_eq!(paired(event, round), expected, "pair --trf on the export agrees with pair-next in round {round}");
    round
}

fn opponent_in(event: &Event, round: usize, player: PlayerId) -> Option<PlayerId> {
    event.players[player].history[round - 1].opponent()
}

#[test]
fn a_withdrawn_player_is_not_paired_again_and_keeps_his_games() {
    let mut event = club(6, 4);
    pair_and_play(&mut event);
    pair_and_play(&mut event);
    let leaver = 2;
    let played = event.players[leaver].history.clone();
    let points = event.points(leaver);
    event.withdraw(leaver).expect("withdraw");
    assert!(event.withdraw(leaver).is_err(), "a second withdrawal is refused");
    assert!(event.request_bye(leaver, 4, RoundRecord::HalfBye).is_err(), "no byes after withdrawing");

    for round in 3..=4 {
        assert_eq!(pair_and_play_checked(&mut event), round);
        assert!(!on_a_board(&event, round, leaver), "round {round}");
        assert_eq!(event.players[leaver].history[round - 1], RoundRecord::Absent);
        assert_eq!(event.boards(round).expect("boards").len(), 2, "five players left: two games");
        let bye = pairing_bye(&event, round).expect("five players left: one pairing bye");
        assert_ne!(bye, leaver);
        let text = sheet::pairing_text(&event, round).expect("sheet");
        assert!(text.contains("3 P3: withdrawn"), "{text}");
    }
    assert_eq!(&event.players[leaver].history[..2], &played[..], "the games played stay");
    let row = event.standings().into_iter().find(|r| r.player == leaver).expect("still in the standings");
    assert_eq!(row.points, points);
    // For his opponents' Buchholz his rounds off count as draws (C.07 art. 16,
    // hand-worked in the tiebreak unit tests): had they been half-point byes,
    // his score would be a point higher and their Buchholz the same.
    let buchholz = |event: &Event, player: PlayerId| {
        event.standings().into_iter().find(|r| r.player == player).expect("row").tie_breaks[0]
    };
    let mut on_byes = event.clone();
    on_byes.players[leaver].history[2..].fill(RoundRecord::HalfBye);
    assert_eq!(on_byes.points(leaver), points + 10);
    for opponent in played.iter().filter_map(RoundRecord::opponent) {
        assert_eq!(buchholz(&event, opponent), buchholz(&on_byes, opponent));
    }
    // The group match leaves him out.
    event.start_group_match(None, false).expect("group match");
    let matchup = event.group_match.as_ref().expect("started");
    assert!(!matchup.group_a.contains(&leaver) && !matchup.group_b.contains(&leaver));
    assert_eq!(matchup.group_a.len() + matchup.group_b.len(), 5);
}

#[test]
fn a_late_entry_starts_on_zero_point_byes_and_is_paired_at_the_bottom() {
    let mut event = club(8, 5);
    pair_and_play(&mut event);
    pair_and_play(&mut event);
    let late = event.add_player("Late Comer", Some(150), MissedRounds::Zero).expect("late entry");
    // Seeded by grade before round 4 is paired: 150 ties P6, and "Late Comer"
    // comes first by name, so number 6; P6, P7 and P8 move down one.
    assert_eq!(late, 5);
    let names: Vec<&str> = event.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["P1", "P2", "P3", "P4", "P5", "Late Comer", "P6", "P7", "P8"]);
    assert_games_agree(&event);
    assert_eq!(event.players[late].history, vec![RoundRecord::ZeroBye; 2]);
    assert_eq!(event.points(late), 0);
    let trf = event.export_trf(TrfFlavour::Trf16);
    let line = trf.lines().find(|l| l.contains("Late Comer")).expect("late entry in the TRF");
    assert!(line.ends_with("0000 - Z  0000 - Z"), "{line}");

    let round = pair_and_play_checked(&mut event);
    // Nine players: the bye goes to the bottom score group, and by C.9 (fewest
    // unplayed games) not to the late entry, who has two.
    let bye = pairing_bye(&event, round).expect("nine players: a bye");
    assert_ne!(bye, late);
    assert_eq!(score_before(&event, bye, round), 0);
    let opponent = opponent_in(&event, round, late).expect("the late entry plays");
    assert_eq!(score_before(&event, opponent, round), 0, "the late entry meets another player on 0");
}

/// Every game seen from both sides: my opponent's opponent is me, with the other colour.
fn assert_games_agree(event: &Event) {
    for (id, player) in event.players.iter().enumerate() {
        for (round, record) in player.history.iter().enumerate() {
            if let Some(opponent) = record.opponent() {
                let theirs = event.players[opponent].history[round];
                assert_eq!(theirs.opponent(), Some(id), "round {}: {} and {}", round + 1, player.name, event.players[opponent].name);
                assert_eq!(theirs.colour(), record.colour().map(|c| c.opposite()));
            }
        }
    }
}

#[test]
fn a_late_entry_after_round_four_is_paired_takes_the_next_number() {
    let mut event = club(8, 6);
    for _ in 0..4 {
        pair_and_play(&mut event);
    }
    let before: Vec<String> = event.players.iter().map(|p| p.name.clone()).collect();
    // Stronger than everyone, but pairing numbers are fixed once round 4 is paired (C.04.2).
    let late = event.add_player("Strong Latecomer", Some(250), MissedRounds::Zero).expect("late entry");
    assert_eq!(late, 8);
    assert_eq!(event.players[..8].iter().map(|p| p.name.clone()).collect::<Vec<_>>(), before);
    assert_eq!(event.players[late].history, vec![RoundRecord::ZeroBye; 4]);
    let round = pair_and_play_checked(&mut event);
    assert!(on_a_board(&event, round, late), "the late entry plays round 5 (fewest unplayed games takes the bye, C.9)");
    assert_games_agree(&event);
}

/// `--bye-points 0.5`: the export says so (`BBU 0.5`), so `pair --trf` scores
/// the pairing byes as the event does and pairs every round as `pair-next`.
#[test]
fn half_point_pairing_byes_survive_the_trf_round_trip() {
    let mut event = club(7, 6);
    event.scoring.pairing_bye = 5;
    let mut byes = 0;
    for round in 1..=6 {
        assert_eq!(pair_and_play_checked(&mut event), round);
        let bye = pairing_bye(&event, round).expect("seven players: a pairing bye");
        assert_eq!(event.players[bye].history[round - 1].points(&event.scoring), 5);
        byes += 1;
    }
    assert_eq!(byes, 6);
    let trf = event.export_trf(TrfFlavour::Trf16);
    assert!(trf.lines().any(|l| l == "BBU 0.5"), "{trf}");
    let file = chesslantis_tournament::trf::parse(&trf).expect("the export parses");
    assert_eq!(file.scoring, event.scoring);
    for (id, player) in file.players.iter().enumerate() {
        assert_eq!(player.points, event.points(id), "{}: points as the event has them", player.name);
    }
}

#[test]
fn a_late_entry_may_be_given_half_point_byes() {
    let mut event = club(8, 5);
    pair_and_play(&mut event);
    pair_and_play(&mut event);
    let late = event.add_player("Half Late", None, MissedRounds::Half).expect("late entry");
    assert_eq!(event.players[late].history, vec![RoundRecord::HalfBye; 2]);
    assert_eq!(event.points(late), 10);
    let round = pair_and_play_checked(&mut event);
    let opponent = opponent_in(&event, round, late).expect("on 1.0 with players on 0 below: no bye for the late entry");
    // The 1.0 group is odd and someone must float down; not the late entry,
    // whose scoring bye in round 2 already counts as a downfloat (C.04.3 A.4).
    assert_eq!(score_before(&event, opponent, round), 10, "the late entry plays inside the 1.0 group");
}

#[test]
fn zero_and_full_point_byes_are_kept_out_of_the_pairing_and_scored() {
    let mut event = club(6, 3);
    pair_and_play(&mut event);
    let (zero, full) = (1, 4);
    event.request_bye(zero, 2, RoundRecord::ZeroBye).expect("Z");
    event.request_bye(full, 2, RoundRecord::FullBye).expect("F");
    assert!(event.request_bye(zero, 1, RoundRecord::HalfBye).is_err(), "round 1 is already paired");
    let before = (event.points(zero), event.points(full));

    let trf = event.export_trf(TrfFlavour::Trf16);
    assert!(trf.lines().any(|l| l.contains(" P2 ") && l.ends_with("0000 - Z")), "{trf}");
    assert!(trf.lines().any(|l| l.contains(" P5 ") && l.ends_with("0000 - F")), "{trf}");
    let round = pair_and_play_checked(&mut event);

    assert!(!on_a_board(&event, round, zero) && !on_a_board(&event, round, full));
    assert_eq!(event.boards(round).expect("boards").len(), 2);
    assert_eq!(pairing_bye(&event, round), None, "four players left: no pairing bye");
    assert_eq!(event.players[zero].history[1], RoundRecord::ZeroBye);
    assert_eq!(event.players[full].history[1], RoundRecord::FullBye);
    assert_eq!((event.points(zero), event.points(full)), (before.0, before.1 + 10));
    let text = sheet::pairing_text(&event, round).expect("sheet");
    assert!(text.contains("2 P2: zero-point bye") && text.contains("5 P5: full-point bye"), "{text}");
    // Both play again in round 3.
    pair_and_play(&mut event);
    assert!(on_a_board(&event, 3, zero) && on_a_board(&event, 3, full));
}

fn file(path: &Path) -> EventFile {
    EventFile { event: path.to_path_buf() }
}

fn ok(cmd: TournamentCommand) -> String {
    run(cmd.clone()).unwrap_or_else(|e| panic!("{cmd:?} failed: {e}"))
}

fn cli_club(path: &Path, grades: &[Option<u32>]) {
    ok(TournamentCommand::New { file: file(path), name: "Club".into(), rounds: 3, first_colour: "white".into(), bye_points: "1".into() });
    for (i, &grade) in grades.iter().enumerate() {
        ok(TournamentCommand::AddPlayer { file: file(path), name: format!("P{}", i + 1), grade, missed: MissedRounds::Zero });
    }
}

#[test]
fn set_clocks_changes_the_band_table_and_the_sheets() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("club.json");
    cli_club(&path, &[Some(210), Some(160), Some(120), None]);
    let band = |min_grade, minutes| chesslantis_tournament::clocks::ClockBand { min_grade, minutes };
    let out = ok(TournamentCommand::SetClocks { file: file(&path), bands: vec![band(0, 15), band(150, 6), band(200, 3)], ungraded: None });
    assert_eq!(out, "Clocks: 200+ 3 min, 150-199 6 min, 0-149 15 min; ungraded 15 min\n");
    ok(TournamentCommand::PairNext { file: file(&path) });
    let sheet = ok(TournamentCommand::Sheet { file: file(&path), round: None, format: SheetFormat::Text, standings: false });
    for cell in ["P1 (210) 3+0", "P2 (160) 6+0", "P3 (120) 15+0", "P4 (ug) 15+0"] {
        assert!(sheet.contains(cell), "{cell} in\n{sheet}");
    }
    let out = ok(TournamentCommand::SetClocks { file: file(&path), bands: vec![], ungraded: Some(8) });
    assert_eq!(out, "Clocks: 200+ 3 min, 150-199 6 min, 0-149 15 min; ungraded 8 min\n");
    let sheet = ok(TournamentCommand::Sheet { file: file(&path), round: None, format: SheetFormat::Html, standings: false });
    assert!(sheet.contains("P4 (ug) 8+0"), "{sheet}");

    let before = std::fs::read(&path).expect("event");
    let refused = run(TournamentCommand::SetClocks { file: file(&path), bands: vec![band(100, 9), band(180, 5)], ungraded: None });
    assert!(refused.is_err_and(|e| e.to_string().contains("grade 0")));
    assert_eq!(std::fs::read(&path).expect("event"), before, "a refused table saves nothing");
}

#[test]
fn set_tiebreaks_orders_the_standings() {
    use chesslantis_tournament::tiebreak::TieBreak;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("club.json");
    cli_club(&path, &[Some(190), Some(170), Some(150), Some(130)]);
    let order = vec![TieBreak::BuchholzCut1, TieBreak::Buchholz, TieBreak::SonnebornBerger, TieBreak::DirectEncounter, TieBreak::Wins];
    assert_eq!(ok(TournamentCommand::SetTiebreaks { file: file(&path), order: order.clone() }), "Tie-breaks: BH-C1, BH, SB, DE, WON\n");
    assert_eq!(Event::load(&path).expect("event").tie_breaks, order);
    let standings = ok(TournamentCommand::Standings { file: file(&path) });
    let header = standings.lines().nth(1).expect("header");
    assert_eq!(header.split_whitespace().collect::<Vec<_>>(), ["Rank", "No", "Name", "Grade", "Pts", "BH-C1", "BH", "SB", "DE", "WON"]);

    let before = std::fs::read(&path).expect("event");
    let twice = run(TournamentCommand::SetTiebreaks { file: file(&path), order: vec![TieBreak::Wins, TieBreak::Wins] });
    assert!(twice.is_err_and(|e| e.to_string().contains("listed twice")));
    assert_eq!(std::fs::read(&path).expect("event"), before);
}

/// The evening's rounds are the core's Newport family in the seed's order,
/// then chess; any registered variant may replace one, an unknown id none.
#[test]
fn rounds_default_to_the_club_family_then_chess() {
    let event = Event::new("Newport", 6);
    assert_eq!(event.variants, ["rejection", "circe", "portal", "beirut", "knights-are-god", "chess"]);
    let mut event = Event::new("Newport", 2);
    let known = ["chess", "bede", "looking-glass"];
    assert!(event.set_variants(&["bede".into(), "looking-glass".into()], &known).is_ok());
    assert!(event.set_variants(&["atomic".into(), "chess".into()], &known).is_err());
    assert_eq!(event.variants, ["bede", "looking-glass"]);
}
