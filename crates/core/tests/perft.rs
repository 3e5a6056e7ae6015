//! Perft of every variant against the counts in tests/perft/fixtures.perft:
//! one data file, one harness (the file's header gives the format and the
//! sources). Counts above `QUICK_LIMIT` run with `-- --ignored`, best in a
//! release build.

use chesslantis_core::registry;

const FIXTURES: &str = include_str!("perft/fixtures.perft");
/// The largest count the default run checks.
const QUICK_LIMIT: u64 = 1_500_000;

#[derive(Debug, Default)]
struct Fixture {
    id: String,
    variant: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads the fixture file; a malformed line fails with its line number.
fn fixtures() -> Vec<Fixture> {
    let mut out = Vec::new();
    let mut current: Option<Fixture> = None;
    for (i, raw) in FIXTURES.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            out.extend(current.take());
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or_else(|| panic!("line {}: '{line}' has no value", i + 1));
        let f = current.get_or_insert_with(Fixture::default);
        match key {
            "id" => f.id = value.to_string(),
            "variant" => f.variant = value.to_string(),
            "fen" => f.fen = value.to_string(),
            "perft" => {
                let (depth, count) = value.split_once(' ').unwrap_or_else(|| panic!("line {}: perft <depth> <count>", i + 1));
                let parse = |t: &str| t.parse::<u64>().unwrap_or_else(|_| panic!("line {}: '{t}' is not a number", i + 1));
                f.counts.push((parse(depth) as u32, parse(count)));
            }
            other => panic!("line {}: unknown key '{other}'", i + 1),
        }
    }
    out.extend(current);
    out
}

fn check(fixtures: &[Fixture], wanted: impl Fn(u64) -> bool) -> usize {
    let mut checked = 0;
    for f in fixtures {
        let info = registry::variant(&f.variant).unwrap_or_else(|| panic!("{}: no variant '{}'", f.id, f.variant));
        for &(depth, expected) in f.counts.iter().filter(|(_, n)| wanted(*n)) {
            let divide = (info.divide)(Some(&f.fen), depth, &mut |_, _| {})
                .unwrap_or_else(|e| panic!("{}: the FEN is refused: {e}", f.id));
            let total: u64 = divide.iter().map(|(_, n)| n).sum();
            assert_eq!(total, expected, "{} ({}): perft({depth}) of {}", f.id, f.variant, f.fen);
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_fixture_is_well_formed_and_names_a_variant() {
    let all = fixtures();
    assert!(all.len() >= 30, "{} fixtures", all.len());
    for f in &all {
        assert!(!f.id.is_empty() && !f.fen.is_empty() && !f.counts.is_empty(), "{f:?}");
        assert!(registry::variant(&f.variant).is_some(), "{}: no variant '{}'", f.id, f.variant);
        assert!(f.counts.windows(2).all(|w| w[0].0 < w[1].0), "{}: depths rise", f.id);
    }
    for v in registry::VARIANTS {
        assert!(all.iter().any(|f| f.variant == v.id), "no perft fixture for {}", v.id);
    }
}

#[test]
fn perft_counts_as_written() {
    assert!(check(&fixtures(), |n| n <= QUICK_LIMIT) > 60);
}

#[test]
#[ignore = "deep perft: run in release with -- --ignored"]
fn deep_perft_counts_as_written() {
    check(&fixtures(), |n| n > QUICK_LIMIT);
}
