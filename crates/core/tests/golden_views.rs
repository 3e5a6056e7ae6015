//! The wire format of views stays put: random games of every variant (fixed
//! seeds, the dice seeded too), and every viewer's view serialised after
//! every action, compared byte for byte with the fixtures in
//! tests/fixtures/views/. The web UI, docs/protocol.md, the server and
//! stored games read these bytes, so a refactoring of the types behind a
//! view must not change them.
//!
//! A fixture line holds a fingerprint of the whole view's JSON (FNV-1a,
//! written here so that it never changes with a library) and, in full, the
//! parts where variants speak (pending decision, last action and its
//! events, knowledge with the newest entry of its log, outcome, reveal):
//! the fixtures stay small and a difference shows in words.
//!
//! To write the fixtures anew (only when the wire format is meant to
//! change, and say so in docs/protocol.md):
//! `CHESSLANTIS_WRITE_GOLDEN=1 cargo test -p chesslantis-core --test golden_views`.

use chesslantis_core::dice::{Dice, SplitMix};
use chesslantis_core::drive;
use chesslantis_core::registry::variant_ids;
use chesslantis_core::{DynGame, Seat, Viewer};
use std::path::PathBuf;

/// Actions per game at most: long enough for captures, rolls, bombs,
/// Strikes and some ends, short enough for a small fixture.
const MAX_ACTIONS: usize = 120;

/// How a scripted game ends if the rules have not ended it.
#[derive(Clone, Copy)]
enum Ending {
    Resign,
    AgreeDraw,
    Unfinished,
}

/// The games of one variant: (start FEN, seed, ending).
fn games(variant: &str) -> Vec<(Option<&'static str>, u64, Ending)> {
    let mut games = vec![(None, 1, Ending::Resign), (None, 2, Ending::AgreeDraw), (None, 3, Ending::Unfinished)];
    if variant == "looking-glass" {
        let forfeit = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w -|- - 0 1 0,0 forfeit setup-white";
        games.push((Some(forfeit), 4, Ending::Unfinished));
    }
    games
}

fn views(game: &DynGame, out: &mut String) {
    for viewer in Viewer::ALL {
        let view = game.view(viewer);
        let whole = serde_json::to_string(&view).expect("a view serialises");
        let knowledge = &view.knowledge;
        // The fields of the knowledge as the wire names them, whatever type holds them.
        let fields = serde_json::to_value(knowledge).expect("knowledge serialises");
        let told = (&fields["own_carrier"], &fields["last_roll"], &knowledge.notes, knowledge.log.last());
        let parts = (&view.pending, &view.last, told, &view.outcome, &view.reveal);
        let parts = serde_json::to_string(&parts).expect("a view serialises");
        out.push_str(&format!("{:016x} {parts}\n", fnv1a(whole.as_bytes())));
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Every view of every viewer after every action of one scripted game.
fn play(variant: &str, fen: Option<&str>, seed: u64, ending: Ending) -> String {
    let mut game = DynGame::new(variant, fen).expect("a game");
    let mut rng = SplitMix::new(seed);
    let mut out = String::new();
    views(&game, &mut out);
    for _ in 0..MAX_ACTIONS {
        if let Some(seat) = game.to_act().filter(|&s| s != Seat::Chance) {
            if rng.below(25) == 0 {
                game.apply(seat, "offer draw").expect("an offer");
                views(&game, &mut out);
                game.apply(other(seat), "decline draw").expect("a decline");
                views(&game, &mut out);
            }
        }
        let mut choices = SplitMix::new(rng.next_u64());
        let mut random = drive::random_legal(&mut choices);
        let acted = drive::step(&mut game, &mut rng, &mut random).unwrap_or_else(|e| panic!("{e}"));
        if acted.is_none() {
            break;
        }
        views(&game, &mut out);
    }
    if let Some(seat) = game.to_act().filter(|&s| s != Seat::Chance) {
        match ending {
            Ending::Resign => game.apply(seat, "resign").expect("a resignation"),
            Ending::AgreeDraw => {
                game.apply(seat, "offer draw").expect("an offer");
                views(&game, &mut out);
                game.apply(other(seat), "accept draw").expect("an agreement");
            }
            Ending::Unfinished => return out,
        }
        views(&game, &mut out);
    }
    out
}

fn other(seat: Seat) -> Seat {
    if seat == Seat::White {
        Seat::Black
    } else {
        Seat::White
    }
}

fn fixture(variant: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/views").join(format!("{variant}.jsonl"))
}

#[test]
fn every_view_of_every_variant_serialises_as_the_fixtures_say() {
    let write = std::env::var_os("CHESSLANTIS_WRITE_GOLDEN").is_some();
    for variant in variant_ids() {
        let mut now = String::new();
        for (fen, seed, ending) in games(variant) {
            now.push_str(&play(variant, fen, seed, ending));
        }
        let path = fixture(variant);
        if write {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &now).unwrap();
            continue;
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (i, (want, got)) in golden.lines().zip(now.lines()).enumerate() {
            assert_eq!(got, want, "{variant}: view line {} of {} differs", i + 1, path.display());
        }
        assert_eq!(now.lines().count(), golden.lines().count(), "{variant}: number of views");
    }
}
