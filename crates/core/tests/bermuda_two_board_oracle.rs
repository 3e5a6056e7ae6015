//! An independent, deliberately simple implementation of two-board Bermuda
//! chess, written from /work/shared/RULINGS.md for these tests only: two
//! arrays of 64 squares, no bitboards, no code from core. Its perft, move by
//! move, must agree with core's from the start (depth 4) and from positions
//! that exercise every rule (depth 3), and both must reach the same position
//! after random play.

use chesslantis_core::registry;

// ---- the oracle ----

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

/// A piece: (white?, kind).
type Man = (bool, Kind);
/// A square: (board 0 = L or 1 = U, file 0..8, rank 0..8).
type Sq = (usize, i32, i32);

#[derive(Clone)]
struct Board {
    cells: [[Option<Man>; 64]; 2],
    white_to_move: bool,
    /// [board][white? 0 : 1][king side 0, queen side 1]
    castling: [[[bool; 2]; 2]; 2],
    ep: Option<Sq>,
}

#[derive(Copy, Clone, Debug)]
enum Special {
    None,
    Double,
    EnPassant,
    Castle,
}

#[derive(Copy, Clone, Debug)]
struct Mv {
    from: Sq,
    to: Sq,
    promo: Option<Kind>,
    special: Special,
}

/// The ruling's quarter turn, 1-based: L(f, r) <-> U(r, 9 - f).
fn other_side(s: Sq) -> Sq {
    let (f, r) = (s.1 + 1, s.2 + 1);
    if s.0 == 0 {
        (1, r - 1, 9 - f - 1)
    } else {
        // U(F, R) is L(f, r) with F = r and R = 9 - f.
        (0, 9 - r - 1, f - 1)
    }
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn idx(f: i32, r: i32) -> usize {
    (r * 8 + f) as usize
}

fn name(s: Sq) -> String {
    format!("{}{}{}", if s.0 == 0 { 'L' } else { 'U' }, (b'a' + s.1 as u8) as char, s.2 + 1)
}

fn letter(k: Kind) -> char {
    match k {
        Kind::Pawn => 'p',
        Kind::Knight => 'n',
        Kind::Bishop => 'b',
        Kind::Rook => 'r',
        Kind::Queen => 'q',
        Kind::King => 'k',
    }
}

impl Board {
    fn at(&self, s: Sq) -> Option<Man> {
        self.cells[s.0][idx(s.1, s.2)]
    }

    fn set(&mut self, s: Sq, m: Option<Man>) {
        self.cells[s.0][idx(s.1, s.2)] = m;
    }

    fn parse(fen: &str) -> Board {
        let parts: Vec<&str> = fen.split(' ').collect();
        let mut b = Board { cells: [[None; 64]; 2], white_to_move: parts[1] == "w", castling: [[[false; 2]; 2]; 2], ep: None };
        for (board, placement) in parts[0].split('|').enumerate() {
            for (i, row) in placement.split('/').enumerate() {
                let r = 7 - i as i32;
                let mut f = 0;
                for c in row.chars() {
                    if let Some(d) = c.to_digit(10) {
                        f += d as i32;
                        continue;
                    }
                    let kind = match c.to_ascii_lowercase() {
                        'p' => Kind::Pawn,
                        'n' => Kind::Knight,
                        'b' => Kind::Bishop,
                        'r' => Kind::Rook,
                        'q' => Kind::Queen,
                        _ => Kind::King,
                    };
                    b.set((board, f, r), Some((c.is_ascii_uppercase(), kind)));
                    f += 1;
                }
            }
        }
        for (board, rights) in parts[2].split('|').enumerate() {
            for c in rights.chars() {
                match c {
                    'K' => b.castling[board][0][0] = true,
                    'Q' => b.castling[board][0][1] = true,
                    'k' => b.castling[board][1][0] = true,
                    'q' => b.castling[board][1][1] = true,
                    _ => {}
                }
            }
        }
        if parts[3] != "-" {
            let t = parts[3].as_bytes();
            b.ep = Some((if t[0] == b'L' { 0 } else { 1 }, (t[1] - b'a') as i32, (t[2] - b'1') as i32));
        }
        b
    }

    fn has_king_on(&self, white: bool, board: usize) -> bool {
        self.cells[board].contains(&Some((white, Kind::King)))
    }

    fn moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        let me = self.white_to_move;
        let kings = |w: bool| self.has_king_on(w, 0) || self.has_king_on(w, 1);
        if !kings(true) || !kings(false) {
            return out;
        }
        for board in 0..2 {
            if !self.has_king_on(me, board) {
                continue;
            }
            for r in 0..8 {
                for f in 0..8 {
                    let from = (board, f, r);
                    match self.at(from) {
                        Some((w, kind)) if w == me => self.piece_moves(from, kind, &mut out),
                        _ => {}
                    }
                }
            }
            self.castles(board, &mut out);
        }
        out
    }

    fn add(&self, out: &mut Vec<Mv>, from: Sq, to: Sq, special: Special) {
        out.push(Mv { from, to, promo: None, special });
    }

    fn piece_moves(&self, from: Sq, kind: Kind, out: &mut Vec<Mv>) {
        let me = self.white_to_move;
        let (board, f, r) = from;
        let free_or_enemy = |s: Sq| self.at(s).is_none_or(|m| m.0 != me);
        match kind {
            Kind::Pawn => {
                let dir = if me { 1 } else { -1 };
                let last = if me { 7 } else { 0 };
                let second = if me { 1 } else { 6 };
                let push = |out: &mut Vec<Mv>, to: Sq, special: Special| {
                    if to.2 == last {
                        for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                            out.push(Mv { from, to, promo: Some(k), special });
                        }
                    } else {
                        out.push(Mv { from, to, promo: None, special });
                    }
                };
                if on_board(f, r + dir) && self.at((board, f, r + dir)).is_none() {
                    push(out, (board, f, r + dir), Special::None);
                    if r == second && self.at((board, f, r + 2 * dir)).is_none() {
                        push(out, (board, f, r + 2 * dir), Special::Double);
                    }
                }
                for df in [-1, 1] {
                    if !on_board(f + df, r + dir) {
                        continue;
                    }
                    let to = (board, f + df, r + dir);
                    if self.at(to).is_some_and(|m| m.0 != me) {
                        push(out, to, Special::None);
                    } else if self.ep == Some(to) {
                        out.push(Mv { from, to, promo: None, special: Special::EnPassant });
                    }
                }
            }
            Kind::Knight | Kind::King => {
                let steps: &[(i32, i32)] = if kind == Kind::Knight {
                    &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
                } else {
                    &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
                };
                for &(df, dr) in steps {
                    if on_board(f + df, r + dr) && free_or_enemy((board, f + df, r + dr)) {
                        self.add(out, from, (board, f + df, r + dr), Special::None);
                    }
                }
            }
            _ => {
                let straight = [(0, 1), (1, 0), (0, -1), (-1, 0)];
                let diagonal = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
                let mut dirs: Vec<(i32, i32)> = Vec::new();
                if kind != Kind::Bishop {
                    dirs.extend(straight);
                }
                if kind != Kind::Rook {
                    dirs.extend(diagonal);
                }
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while on_board(x, y) {
                        match self.at((board, x, y)) {
                            None => self.add(out, from, (board, x, y), Special::None),
                            Some(m) => {
                                if m.0 != me {
                                    self.add(out, from, (board, x, y), Special::None);
                                }
                                break;
                            }
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
        // Rule (2): from U down to the complementary square, free or enemy.
        if board == 1 {
            let down = other_side(from);
            if free_or_enemy(down) {
                self.add(out, from, down, Special::None);
            }
        }
    }

    fn castles(&self, board: usize, out: &mut Vec<Mv>) {
        let me = self.white_to_move;
        let rank = if me { 0 } else { 7 };
        let c = if me { 0 } else { 1 };
        if self.at((board, 4, rank)) != Some((me, Kind::King)) {
            return;
        }
        // King side: f and g empty; queen side: b, c and d empty.
        if self.castling[board][c][0] && [5, 6].iter().all(|&f| self.at((board, f, rank)).is_none()) {
            self.add(out, (board, 4, rank), (board, 6, rank), Special::Castle);
        }
        if self.castling[board][c][1] && [1, 2, 3].iter().all(|&f| self.at((board, f, rank)).is_none()) {
            self.add(out, (board, 4, rank), (board, 2, rank), Special::Castle);
        }
    }

    /// A pawn that lands on its last rank by falling or rising is a queen.
    fn land(&mut self, s: Sq, m: Man) {
        let last = if m.0 { 7 } else { 0 };
        let m = if m.1 == Kind::Pawn && s.2 == last { (m.0, Kind::Queen) } else { m };
        self.set(s, Some(m));
    }

    fn play(&self, mv: Mv) -> Board {
        let mut b = self.clone();
        let me = self.white_to_move;
        let mover = self.at(mv.from).expect("a piece moves");
        let mut touched = vec![mv.from, mv.to];
        b.ep = None;
        if mv.from.0 == 1 && mv.to.0 == 0 {
            // Rule (2): down to L; an enemy there is removed.
            b.set(mv.from, None);
            b.set(mv.to, None);
            b.land(mv.to, mover);
        } else if let Special::Castle = mv.special {
            let (board, _, rank) = mv.from;
            let (rook_from, rook_to) = if mv.to.1 == 6 { (7, 5) } else { (0, 3) };
            b.set(mv.from, None);
            b.set((board, rook_from, rank), None);
            b.set(mv.to, Some(mover));
            b.set((board, rook_to, rank), Some((me, Kind::Rook)));
            touched.push((board, rook_from, rank));
            touched.push((board, rook_to, rank));
        } else {
            let victim_sq = match mv.special {
                Special::EnPassant => (mv.to.0, mv.to.1, mv.from.2),
                _ => mv.to,
            };
            let victim = self.at(victim_sq);
            let placed = match mv.promo {
                Some(k) => (me, k),
                None => mover,
            };
            b.set(mv.from, None);
            b.set(victim_sq, None);
            b.set(mv.to, Some(placed));
            if let Special::Double = mv.special {
                b.ep = Some((mv.from.0, mv.from.1, (mv.from.2 + mv.to.2) / 2));
            }
            if let Some(v) = victim {
                touched.push(victim_sq);
                if mv.to.0 == 1 {
                    // Rule (1): the victim drops to L; anything there is gone.
                    let below = other_side(victim_sq);
                    b.set(below, None);
                    b.land(below, v);
                    touched.push(below);
                } else {
                    // Rule (3): the capturer goes up if the square is free.
                    let above = other_side(mv.to);
                    if b.at(above).is_none() {
                        b.set(mv.to, None);
                        b.land(above, placed);
                        touched.push(above);
                    }
                }
            }
        }
        for s in touched {
            for c in 0..2 {
                let rank = if c == 0 { 0 } else { 7 };
                if s.2 == rank && s.1 == 4 {
                    b.castling[s.0][c] = [false, false];
                }
                if s.2 == rank && s.1 == 7 {
                    b.castling[s.0][c][0] = false;
                }
                if s.2 == rank && s.1 == 0 {
                    b.castling[s.0][c][1] = false;
                }
            }
        }
        b.white_to_move = !me;
        b
    }

    /// Placement, side, castling and en passant as the ruling writes them.
    fn fen_head(&self) -> String {
        let mut boards = Vec::new();
        for board in 0..2 {
            let mut rows = Vec::new();
            for r in (0..8).rev() {
                let mut row = String::new();
                let mut empty = 0;
                for f in 0..8 {
                    match self.at((board, f, r)) {
                        None => empty += 1,
                        Some((w, k)) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            let c = letter(k);
                            row.push(if w { c.to_ascii_uppercase() } else { c });
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                rows.push(row);
            }
            boards.push(rows.join("/"));
        }
        let rights: Vec<String> = (0..2)
            .map(|board| {
                let mut t = String::new();
                for (c, letters) in [(0, ['K', 'Q']), (1, ['k', 'q'])] {
                    for (side, l) in letters.iter().enumerate() {
                        if self.castling[board][c][side] {
                            t.push(*l);
                        }
                    }
                }
                if t.is_empty() { "-".to_string() } else { t }
            })
            .collect();
        let ep = self.ep.map_or("-".to_string(), name);
        format!("{} {} {} {ep}", boards.join("|"), if self.white_to_move { 'w' } else { 'b' }, rights.join("|"))
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }
}

fn text(m: Mv) -> String {
    let mut t = format!("{}{}", name(m.from), name(m.to));
    if let Some(k) = m.promo {
        t.push(letter(k));
    }
    t
}

// ---- the comparison ----

/// Core's divide against the oracle's; on a difference, the moves that differ.
fn agree(fen: &str, depth: u32) -> u64 {
    let info = registry::variant("bermuda-two-board").expect("registered");
    let ours = (info.divide)(Some(fen), depth, &mut |_, _| {}).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let oracle = Board::parse(fen);
    let mut theirs: Vec<(String, u64)> = oracle
        .moves()
        .into_iter()
        .map(|m| (text(m), if depth <= 1 { 1 } else { oracle.play(m).perft(depth - 1) }))
        .collect();
    let mut ours = ours;
    ours.sort();
    theirs.sort();
    if ours != theirs {
        let only = |a: &[(String, u64)], b: &[(String, u64)]| -> Vec<String> {
            a.iter().filter(|x| !b.contains(x)).map(|(m, n)| format!("{m}:{n}")).collect()
        };
        panic!("{fen} depth {depth}: core only {:?}; oracle only {:?}", only(&ours, &theirs), only(&theirs, &ours));
    }
    ours.iter().map(|(_, n)| n).sum()
}

const START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - 0 1";

/// Positions for depth 3, each with what it exercises.
const POSITIONS: &[(&str, &str)] = &[
    (
        "kings on one board only: both L armies frozen",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -|KQkq - 0 1",
    ),
    (
        "White's kings both on L, Black's both on U",
        "8/8/8/8/8/8/PPPP4/R3K1K1|r3k2r/pppp4/8/8/2k5/8/4PPPP/RN2B2R b -|kq - 0 1",
    ),
    (
        "captures on U whose victims fall onto occupied L squares, kings too",
        "4k3/8/8/8/3n4/8/8/4K2R|4k3/8/3r4/2N1b3/8/3Q4/8/4K3 w K|- - 0 1",
    ),
    (
        "L captures that rise, and ones blocked from rising",
        "4k3/8/2q1r3/1P3N2/2B5/8/8/4K3|3nk3/8/8/8/8/2b5/8/4K1n1 w -|- - 0 1",
    ),
    (
        "pawns about to promote, to fall onto and rise to last ranks",
        "1n2k3/P6P/8/8/8/8/p7/4K3|4k3/7p/8/6P1/7P/8/p7/4K3 w -|- - 0 1",
    ),
    (
        "pawns on their first ranks, both colours, both boards",
        "4k2p/8/8/8/8/8/8/P3K3|4k1p1/8/8/8/8/8/8/1P2K3 w -|- - 0 1",
    ),
    ("castling on both boards, both colours", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R|r3k2r/8/8/8/8/8/8/R3K2R b KQkq|KQkq - 0 1"),
    ("en passant on L (the capturer rises)", "4k3/8/8/3pP3/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- Ld6 0 1"),
    ("en passant on U (the victim falls)", "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/3Pp3/8/8/4K3 b -|- Ud3 0 1"),
    (
        "en passant on L blocked from rising, castling rights with a fallen king beside",
        "r3k2r/8/8/3pP3/8/8/8/R1K1K2R|4k3/8/8/5n2/8/8/8/8 w KQkq|- Ld6 0 1",
    ),
];

#[test]
fn the_complementary_map_of_the_oracle_matches_the_rulings_pairs() {
    assert_eq!(name(other_side((0, 0, 0))), "Ua8");
    assert_eq!(name(other_side((0, 7, 0))), "Ua1");
    assert_eq!(name(other_side((0, 0, 7))), "Uh8");
    assert_eq!(name(other_side((1, 1, 1))), "Lg2");
}

#[test]
fn perft_from_the_start_to_depth_3_agrees_with_the_oracle() {
    for depth in 1..=3 {
        agree(START, depth);
    }
}

/// About two seconds in the test profile.
#[test]
fn perft_from_the_start_to_depth_4_agrees_with_the_oracle() {
    println!("start perft 4 = {}", agree(START, 4));
}

#[test]
fn perft_from_varied_positions_to_depth_3_agrees_with_the_oracle() {
    for (what, fen) in POSITIONS {
        let n = agree(fen, 3);
        println!("{what}: perft 3 = {n}");
    }
}

/// Positions reached by pseudo-random play from the start (a fixed seed),
/// where falls, rises and removals pile up.
#[test]
fn perft_after_random_play_agrees_with_the_oracle() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for plies in [12, 24, 40, 60] {
        let mut b = Board::parse(START);
        let mut fen_moves = Vec::new();
        for _ in 0..plies {
            let moves = b.moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            fen_moves.push(text(m));
            b = b.play(m);
        }
        // Core replays the same texts to its own position, then both count.
        let info = registry::variant("bermuda-two-board").expect("registered");
        let mut game = (info.new_game)(None).expect("start");
        for t in &fen_moves {
            let action = game.parse_action(t).unwrap_or_else(|e| panic!("{t} after {fen_moves:?}: {e}"));
            game.apply(action).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        let fen = game.fen();
        let head: Vec<&str> = fen.split(' ').take(4).collect();
        assert_eq!(head.join(" "), b.fen_head(), "core and the oracle reach different positions after {fen_moves:?}");
        agree(&fen, 3);
    }
}
