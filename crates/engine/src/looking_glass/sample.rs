//! Plausible whole positions from one player's knowledge: its own world as
//! it sees it, its own pieces in the unseen world as its notes place them,
//! and the opponent's unseen army drawn from what is left of it: pieces
//! last seen on a square stay there (the newest sighting first), the rest
//! stand where a random Chess960 start would put them, or anywhere free
//! in the opponent's half.

use super::notes::{Fact, Notes};
use crate::level::Rng;
use chesslantis_core::variants::looking_glass::setup::{Start, STARTS};
use chesslantis_core::variants::looking_glass::worlds::{World, SHAPE};
use chesslantis_core::variants::LookingGlass;
use chesslantis_core::view::View;
use chesslantis_core::{Color, Piece, Position, Role, Square};
use std::collections::BTreeMap;

pub type Pos = Position<LookingGlass>;

/// An army at the start: the roles and how many.
const ARMY: [(Role, u8); 6] =
    [(Role::King, 1), (Role::Queen, 1), (Role::Rook, 2), (Role::Bishop, 2), (Role::Knight, 2), (Role::Pawn, 8)];

/// An empty world in FEN.
const EMPTY_WORLD: &str = "8/8/8/8/8/8/8/8";

/// The position the player knows for sure: its world from the view's FEN,
/// its pieces in the unseen world from its notes, no enemy piece there.
pub fn known_position(view: &View, notes: &Notes) -> Result<Pos, String> {
    let fields: Vec<&str> = view.fen.split(' ').collect();
    if fields.len() < 6 {
        return Err(format!("the view's FEN '{}' is not a Looking-Glass FEN", view.fen));
    }
    let unseen_board = world_fen(&notes.mine);
    let boards = fields[0].replace('*', &unseen_board);
    let castling = fields[2].replace('*', "-");
    let mut parts: Vec<String> = vec![boards, fields[1].into(), castling, fields[3].into(), "0".into()];
    parts.extend(fields[5..].iter().map(|f| f.to_string()));
    Pos::from_fen(&parts.join(" ")).map_err(|e| format!("the player's notes make no position ({e}): {}", parts.join(" ")))
}

/// One world's board in FEN, rank 8 first, from the pieces on it.
fn world_fen(pieces: &BTreeMap<Square, Piece>) -> String {
    if pieces.is_empty() {
        return EMPTY_WORLD.into();
    }
    let letters = <LookingGlass as chesslantis_core::Variant>::letters();
    let mut ranks = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let mut text = String::new();
        let mut gap = 0;
        for file in 0..8u8 {
            let piece = pieces.iter().find(|(sq, _)| SHAPE.file(**sq) == file && SHAPE.rank(**sq) == rank).map(|(_, p)| *p);
            match piece {
                None => gap += 1,
                Some(p) => {
                    if gap > 0 {
                        text.push_str(&gap.to_string());
                        gap = 0;
                    }
                    text.push(letters.piece_letter(p));
                }
            }
        }
        if gap > 0 {
            text.push_str(&gap.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// How many of each role the opponent has that the player cannot see: the
/// army less its captured pieces and those standing in the player's world.
fn unseen_army(known: &Pos, notes: &Notes) -> BTreeMap<Role, u8> {
    let them = !notes.me;
    let seen_world = World::home(notes.me).mask();
    ARMY.iter()
        .map(|&(role, n)| {
            let captured = notes.enemy_captured.get(&role).copied().unwrap_or(0);
            let visible = (known.pieces(them, role) & seen_world).count() as u8;
            (role, n.saturating_sub(captured).saturating_sub(visible))
        })
        .collect()
}

/// A plausible whole position for the player of `notes`, drawn with `rng`.
pub fn sample(known: &Pos, notes: &Notes, rng: &mut Rng) -> Pos {
    let them = !notes.me;
    let mut pos = known.clone();
    let mut left = unseen_army(known, notes);
    let take = |role: Role, left: &mut BTreeMap<Role, u8>| -> bool {
        match left.get_mut(&role) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    };
    let unseen = notes.unseen();
    let free = |pos: &Pos, sq: Square| pos.piece_at(sq).is_none() && notes.facts.get(&sq).is_none_or(|d| d.fact != Fact::Empty);
    // Sightings, the newest first: a piece seen twice is where it was seen last.
    let mut sightings: Vec<(Square, u32, Option<Role>)> = notes
        .facts
        .iter()
        .filter_map(|(&sq, d)| match d.fact {
            Fact::Enemy(role) => Some((sq, d.at, role)),
            Fact::Empty => None,
        })
        .collect();
    sightings.sort_by_key(|&(sq, at, _)| (std::cmp::Reverse(at), sq));
    let mut unnamed = Vec::new();
    for (sq, _, role) in sightings {
        match role {
            Some(role) if take(role, &mut left) => pos.put(sq, Piece::new(them, role)),
            Some(_) => {}
            None => unnamed.push(sq),
        }
    }
    // The rest on a guessed start.
    let start = Start::from_number((rng.next_u64() % u64::from(STARTS)) as u16).unwrap_or(Start::FIDE);
    let board = unseen.board();
    let (back, front) = match them {
        Color::White => (0, 1),
        Color::Black => (7, 6),
    };
    let letters = <LookingGlass as chesslantis_core::Variant>::letters();
    for (file, letter) in start.text().chars().enumerate() {
        let role = letters.role(letter.to_ascii_lowercase()).unwrap_or(Role::Pawn);
        for (rank, role) in [(back, role), (front, Role::Pawn)] {
            let Some(sq) = SHAPE.square(board, file as i32, rank) else { continue };
            if free(&pos, sq) && take(role, &mut left) {
                pos.put(sq, Piece::new(them, role));
            }
        }
    }
    // A square a passing found taken holds one of the pieces left.
    for sq in unnamed {
        if pos.piece_at(sq).is_some() {
            continue;
        }
        let roles: Vec<Role> = left.iter().filter(|(_, &n)| n > 0).map(|(&r, _)| r).collect();
        if roles.is_empty() {
            break;
        }
        let role = roles[(rng.next_u64() % roles.len() as u64) as usize];
        take(role, &mut left);
        pos.put(sq, Piece::new(them, role));
    }
    // What is still left: anywhere free in the opponent's half of the unseen world.
    let half: Vec<Square> = unseen
        .mask()
        .into_iter()
        .filter(|&sq| {
            let rank = SHAPE.rank(sq);
            if them == Color::White { rank < 4 } else { rank >= 4 }
        })
        .collect();
    for (role, n) in left {
        for _ in 0..n {
            let spots: Vec<Square> = half
                .iter()
                .copied()
                .filter(|&sq| free(&pos, sq) && (role != Role::Pawn || (1..7).contains(&SHAPE.rank(sq))))
                .collect();
            if spots.is_empty() {
                break;
            }
            let sq = spots[(rng.next_u64() % spots.len() as u64) as usize];
            pos.put(sq, Piece::new(them, role));
        }
    }
    pos
}
