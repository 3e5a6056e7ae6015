//! Replays every round of the 100 bbpPairings fixture tournaments and checks
//! that our Dutch pairing agrees: same pairs, same colours, same bye.

use std::collections::BTreeSet;
use std::path::PathBuf;

use chesslantis_tournament::dutch::{pair_round, PairingInput};
use chesslantis_tournament::history::RoundRecord;
use chesslantis_tournament::trf;

fn fixture_dir() -> PathBuf {
    std::env::var_os("PAIRING_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairing"))
}

/// (file, round) for every round replayed, and whether it agreed.
fn replay_all() -> Vec<(String, usize, bool, String)> {
    let dir = fixture_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("fixtures at {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let mut outcomes = Vec::new();
    for path in files {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("readable fixture");
        let file = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let rounds = file.rounds_in_lines();
        let total_rounds = file.total_rounds.unwrap_or(rounds).max(rounds);
        for round in 1..=rounds {
            let histories = file.histories(round - 1);
            let unavailable = file.unavailable_in(round);
            let input = PairingInput {
                histories: &histories,
                unavailable: &unavailable,
                total_rounds,
                first_colour: file.colour_lot(),
                scoring: file.scoring,
            };
            let mut expected_games = BTreeSet::new();
            let mut expected_bye = None;
            for (id, p) in file.players.iter().enumerate() {
                match p.rounds.get(round - 1).copied().flatten() {
                    Some(RoundRecord::PairingBye) => expected_bye = Some(id),
                    Some(
                        RoundRecord::Played { opponent, colour, .. } | RoundRecord::Forfeit { opponent, colour, .. },
                    ) if colour == chesslantis_tournament::history::Colour::White => {
                        expected_games.insert((id, opponent));
                    }
                    _ => {}
                }
            }
            let (agree, detail) = match pair_round(&input) {
                Ok(pairing) => {
                    let got: BTreeSet<_> = pairing.games.iter().copied().collect();
                    let agree = got == expected_games && pairing.bye == expected_bye;
                    let detail = if agree {
                        String::new()
                    } else {
                        let plus = |s: &BTreeSet<(usize, usize)>| s.iter().map(|(w, b)| format!("{}-{}", w + 1, b + 1)).collect::<Vec<_>>().join(" ");
                        format!(
                            "ours only: {} | theirs only: {} | bye ours {:?} theirs {:?}",
                            plus(&got.difference(&expected_games).copied().collect()),
                            plus(&expected_games.difference(&got).copied().collect()),
                            pairing.bye.map(|b| b + 1),
                            expected_bye.map(|b| b + 1)
                        )
                    };
                    (agree, detail)
                }
                Err(e) => (false, e.to_string()),
            };
            outcomes.push((name.clone(), round, agree, detail));
        }
    }
    outcomes
}

#[test]
fn every_fixture_round_agrees_with_bbppairings() {
    let outcomes = replay_all();
    let agreeing = outcomes.iter().filter(|o| o.2).count();
    println!("fixture agreement: {agreeing} / {} rounds", outcomes.len());
    let disagreeing: Vec<String> = outcomes
        .iter()
        .filter(|o| !o.2)
        .map(|(f, r, _, d)| format!("{f} round {r}: {d}"))
        .collect();
    for line in &disagreeing {
        println!("DISAGREE {line}");
    }
    assert!(outcomes.len() > 500, "expected the full fixture set, found {} rounds", outcomes.len());
    if std::env::var_os("PAIRING_FIXTURES").is_none() {
        assert_eq!(outcomes.len(), 599, "the fixtures kept in tests/fixtures/pairing hold 599 rounds");
    }
    assert!(disagreeing.is_empty(), "{} rounds disagree", disagreeing.len());
}
