//! An independent, deliberately simple Bede Chess move generator (a
//! mailbox, the pieces written out one by one from the ruling's words,
//! sharing no code with core) whose perft core must match.

use chesslantis_core::perft::perft;
use chesslantis_core::variants::Bede;
use chesslantis_core::Position;

const FILES: i32 = 9;
const RANKS: i32 = 11;

/// A piece: (is White, lower-case letter).
type Man = (bool, char);

#[derive(Clone)]
struct Board {
    men: [[Option<Man>; 11]; 9],
    white_to_move: bool,
    escalated: bool,
    /// What White's and Black's Jester copy.
    jesters: [Option<char>; 2],
}

fn on(f: i32, r: i32) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r)
}

impl Board {
    fn parse(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut men = [[None; 11]; 9];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 10 - i;
            let mut f = 0usize;
            let mut digits = String::new();
            for c in row.chars().chain(std::iter::once('/')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    f += digits.parse::<usize>().unwrap();
                    digits.clear();
                }
                if c != '/' {
                    men[f][r] = Some((c.is_ascii_uppercase(), c.to_ascii_lowercase()));
                    f += 1;
                }
            }
        }
        let j: Vec<char> = fields[7].chars().collect();
        let copy = |c: char| (c != '-').then_some(c);
        Board { men, white_to_move: fields[1] == "w", escalated: fields[6] == "e", jesters: [copy(j[0]), copy(j[1])] }
    }

    fn at(&self, f: i32, r: i32) -> Option<Man> {
        self.men[f as usize][r as usize]
    }

    fn empty(&self, f: i32, r: i32) -> bool {
        on(f, r) && self.at(f, r).is_none()
    }

    /// The letter a piece moves as (a Jester: its copy).
    fn acts_as(&self, man: Man) -> Option<char> {
        if man.1 == 'j' {
            self.jesters[if man.0 { 0 } else { 1 }]
        } else {
            Some(man.1)
        }
    }

    /// Squares the piece on (f, r) could capture on, whatever stands there.
    fn attacks(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let man = self.at(f, r).unwrap();
        let fwd = if man.0 { 1 } else { -1 };
        let mut out = Vec::new();
        let slide = |out: &mut Vec<(i32, i32)>, dirs: &[(i32, i32)]| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    out.push((x, y));
                    if self.at(x, y).is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        let leap = |out: &mut Vec<(i32, i32)>, a: i32, b: i32| {
            for (df, dr) in [(a, b), (b, a)] {
                for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if on(f + df * sf, r + dr * sr) {
                        out.push((f + df * sf, r + dr * sr));
                    }
                }
            }
        };
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        match self.acts_as(man) {
            Some('k') if man.1 == 'k' => {
                leap(&mut out, 0, 1);
                leap(&mut out, 1, 1);
            }
            Some('q') => {
                slide(&mut out, &diag);
                slide(&mut out, &orth);
            }
            Some('b') => {
                slide(&mut out, &diag);
                leap(&mut out, 0, 2);
            }
            Some('c') => {
                slide(&mut out, &orth);
                leap(&mut out, 1, 2);
            }
            Some('z') => leap(&mut out, 2, 3),
            Some('s') => {
                for a in [-1, 1] {
                    if on(f + a, r + fwd) {
                        out.push((f + a, r + fwd));
                        if self.empty(f + a, r + fwd) {
                            for b in [-1, 1] {
                                if on(f + a + b, r + 2 * fwd) {
                                    out.push((f + a + b, r + 2 * fwd));
                                }
                            }
                        }
                    }
                }
            }
            Some('p') => {
                for (df, dr) in [(0, fwd), (-1, 0), (1, 0)] {
                    if on(f + df, r + dr) {
                        out.push((f + df, r + dr));
                    }
                }
            }
            _ => {}
        }
        out.sort();
        out.dedup();
        out
    }

    /// Empty squares the piece on (f, r) may move to without capturing.
    fn quiet(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let man = self.at(f, r).unwrap();
        let fwd = if man.0 { 1 } else { -1 };
        let mut out = Vec::new();
        match self.acts_as(man) {
            Some('s') => {
                // Depth-first: 1-3 steps forward/left/right, no revisits, one forward.
                fn walk(b: &Board, path: &mut Vec<(i32, i32)>, forward: bool, fwd: i32, out: &mut Vec<(i32, i32)>) {
                    if path.len() == 4 {
                        return;
                    }
                    let (f, r) = *path.last().unwrap();
                    for (df, dr) in [(0, fwd), (-1, 0), (1, 0)] {
                        let next = (f + df, r + dr);
                        if !b.empty(next.0, next.1) || path.contains(&next) {
                            continue;
                        }
                        let forward = forward || dr != 0;
                        if forward {
                            out.push(next);
                        }
                        path.push(next);
                        walk(b, path, forward, fwd, out);
                        path.pop();
                    }
                }
                walk(self, &mut vec![(f, r)], false, fwd, &mut out);
            }
            Some('p') => {
                for a in [-1, 1] {
                    if self.empty(f + a, r + fwd) {
                        out.push((f + a, r + fwd));
                        for b in [-1, 1] {
                            if self.empty(f + a + b, r + 2 * fwd) {
                                out.push((f + a + b, r + 2 * fwd));
                            }
                        }
                    }
                }
            }
            Some('k') => {
                for df in -1..=1 {
                    for dr in -1..=1 {
                        if (df, dr) != (0, 0) && self.empty(f + df, r + dr) {
                            out.push((f + df, r + dr));
                        }
                    }
                }
            }
            Some(_) => out = self.attacks(f, r).into_iter().filter(|&(x, y)| self.empty(x, y)).collect(),
            None => {}
        }
        out
    }

    fn king_attacked(&self, white: bool) -> bool {
        let king = (0..FILES)
            .flat_map(|f| (0..RANKS).map(move |r| (f, r)))
            .find(|&(f, r)| self.at(f, r) == Some((white, 'k')));
        let Some(king) = king else { return false };
        (0..FILES).flat_map(|f| (0..RANKS).map(move |r| (f, r))).any(|(f, r)| {
            self.at(f, r).is_some_and(|m| m.0 != white) && self.attacks(f, r).contains(&king)
        })
    }

    fn moves(&self) -> Vec<((i32, i32), (i32, i32))> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for f in 0..FILES {
            for r in 0..RANKS {
                let Some(man) = self.at(f, r) else { continue };
                if man.0 != us {
                    continue;
                }
                let mut targets = self.quiet(f, r);
                for (x, y) in self.attacks(f, r) {
                    match self.at(x, y) {
                        Some((white, 'k')) if white == us => {}
                        Some((white, _)) if man.1 == 'k' && white == us => {}
                        Some(_) => targets.push((x, y)),
                        None => {}
                    }
                }
                targets.sort();
                targets.dedup();
                for t in targets {
                    let backward = if us { t.1 < r } else { t.1 > r };
                    if backward && !self.escalated {
                        continue;
                    }
                    let after = self.make((f, r), t);
                    if !after.king_attacked(us) {
                        out.push(((f, r), t));
                    }
                }
            }
        }
        out
    }

    fn make(&self, from: (i32, i32), to: (i32, i32)) -> Board {
        let mut b = self.clone();
        let us = self.white_to_move;
        let mut man = b.men[from.0 as usize][from.1 as usize].take().unwrap();
        let taken = b.men[to.0 as usize][to.1 as usize];
        let zone = if us { to.1 >= 9 } else { to.1 <= 1 };
        if (man.1 == 'p' || man.1 == 's') && zone {
            man.1 = 'b';
        }
        b.men[to.0 as usize][to.1 as usize] = Some(man);
        let copy = if man.1 == 'j' { self.jesters[if us { 0 } else { 1 }] } else { Some(man.1) };
        b.jesters[if us { 1 } else { 0 }] = copy;
        b.white_to_move = !us;
        if taken.is_some_and(|t| t.1 != 'p') || b.king_attacked(!us) {
            b.escalated = true;
        }
        b
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&(a, b)| self.make(a, b).perft(depth - 1)).sum()
    }
}

const POSITIONS: &[(&str, u32)] = &[
    ("bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BBCQKJCZB w - - 0 1 - --", 3),
    // Escalated, Jesters with different powers.
    ("bzc1kqcbb/sss1sssss/ppp1ppp1p/3j5/6p2/9/2P1J4/9/PP1PPPPPP/SSSSSSSSS/BBCQK1CZB w - - 0 5 e zq", 3),
    ("bzc1kqcbb/sss1sssss/ppp1ppp1p/3j5/6p2/9/2P1J4/9/PP1PPPPPP/SSSSSSSSS/BBCQK1CZB b - - 0 5 - cp", 3),
    // Promoted Bedes, a king-Jester.
    ("4k4/1B7/9/2s6/9/4j4/9/3S5/9/6b2/4K4 w - - 0 30 e -k", 3),
    ("4k4/1B7/9/2s6/9/4j4/9/3S5/9/6b2/4K4 b - - 0 30 e k-", 3),
    // In check from a Jester copying a chancellor; then the chancellor pinned by it.
    ("4k4/9/9/9/9/9/9/4j4/9/3P1P3/4K4 w - - 0 9 e -c", 3),
    ("4k4/9/9/9/9/9/9/4j4/9/3PCP3/4K4 w - - 0 9 e -c", 3),
    ("4k4/9/2p1p4/9/4Z4/9/9/4j4/2S6/3PCP3/4K4 w - - 0 9 e -c", 3),
    // Not escalated, pieces around.
    ("2ck5/1s1s1s3/p3p1p2/9/3Q5/4J4/2z6/1P3P3/9/3S5/4K3C w - - 0 9 - bz", 3),
];

#[test]
fn core_perft_matches_the_simple_implementation() {
    for &(fen, depth) in POSITIONS {
        let pos = Position::<Bede>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let oracle = Board::parse(fen);
        for d in 1..=depth {
            let n = perft(&pos, d);
            assert_eq!(n, oracle.perft(d), "{fen} depth {d}");
            println!("{fen} depth {d}: {n}");
        }
    }
}

/// Depth 4, written in tests/perft/fixtures.perft: minutes for the simple
/// generator, so run it in release with `-- --ignored`.
const DEEP: &[(&str, u32)] = &[
    ("bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BBCQKJCZB w - - 0 1 - --", 4),
    ("4k4/1B7/9/2s6/9/4j4/9/3S5/9/6b2/4K4 w - - 0 30 e -k", 4),
    ("4k4/9/2p1p4/9/4Z4/9/9/4j4/2S6/3PCP3/4K4 w - - 0 9 e -c", 4),
];

#[test]
#[ignore = "minutes: run in release with -- --ignored"]
fn core_perft_matches_the_simple_implementation_at_depth_4() {
    for &(fen, depth) in DEEP {
        let pos = Position::<Bede>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(perft(&pos, depth), Board::parse(fen).perft(depth), "{fen} depth {depth}");
    }
}
