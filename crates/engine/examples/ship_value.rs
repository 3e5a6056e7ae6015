//! How much is a Ship worth? Self-play on the Bermuda board: one side has a
//! Ship where the other has a bishop (or a knight, or a rook), everything
//! else equal, colours alternated. The score of the Ship side says which
//! piece is stronger, and by how much in Elo.
//!
//!     cargo run --release -p chesslantis-engine --example ship_value -- [games] [nodes] [dice]
//!
//! Without `dice`: chess rules on the Bermuda board (no Angle, no dice), to
//! see the piece alone. With `dice`: the real Bermuda Chess Angle (king
//! capture, the Angle's dice rolled by a seeded generator), played through
//! the game model as the terminal would.
//!
//! Both sides use the same engine with the same values, so the result
//! measures the pieces in play, not the values we gave them.

use chesslantis_core::role::{Piece, RoleSpec};
use chesslantis_core::variant::standard_attackers;
use chesslantis_core::variants::bermuda_angle::{ship, SHIP};
use chesslantis_core::{drive, movegen, registry, Bitboard, Color, DynGame, Move, Outcome, Position, Role, Seat, Shape, SplitMix, Square, Variant};
use chesslantis_engine::{new_session, EngineVariant, Limits, Searcher};

/// The Bermuda Chess Angle board and pieces with chess rules: no Angle, no dice.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct ShipBoard;

impl Variant for ShipBoard {
    const ID: &'static str = "ship-board";
    const NAME: &'static str = "Bermuda board without dice";
    const SHAPE: Shape = Shape::TEN_BY_TEN;
    const ROLES: &'static [RoleSpec] = ship::ROLES;
    const PROMOTION_ROLES: &'static [Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight, SHIP];
    const CASTLE_KING_FILES: [u8; 2] = [8, 1];
    const CASTLE_ROOK_FILES: [u8; 2] = [7, 2];
    type Extra = ();
    fn start_fen() -> &'static str {
        "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1"
    }
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        movegen::legal_by_trial(pos, out)
    }
    fn attacks(_pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
        if piece.role == SHIP {
            ship::attacks(Self::geometry(), sq, occupied)
        } else {
            chesslantis_core::variant::standard_attacks(Self::geometry(), sq, piece, occupied)
        }
    }
    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        standard_attackers(pos, sq, by, occupied) | ship::attackers(pos, sq, by, occupied)
    }
}

impl EngineVariant for ShipBoard {}

/// The start with one White piece and one Black piece taken off: after the
/// removal White keeps a Ship where Black keeps `other`.
fn imbalance(other: Role) -> String {
    // White loses its `other` on the king side;
    // Black loses its Ship on the king side. Files: a r, b n, c b, d s, e q, f k, g s, h b, i n, j r.
    let white_rank = match other {
        Role::Bishop => "RNBSQKS1NR",
        Role::Knight => "RNBSQKSB1R",
        Role::Rook => "RNBSQKSBN1",
        _ => unreachable!("only minor pieces and the rook are compared"),
    };
    format!("rnbsqk1bnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/{white_rank} w Qq - 0 1")
}

/// Random plies at the start of each game, so that the (deterministic)
/// engine plays a different game each time.
const RANDOM_PLIES: usize = 4;

/// Plays one game after `RANDOM_PLIES` random moves; the result for White (1, 0.5, 0).
fn play(start: &Position<ShipBoard>, nodes: u64, seed: u64) -> f64 {
    let mut searchers = [Searcher::<ShipBoard>::new(16), Searcher::<ShipBoard>::new(16)];
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut pos = start.clone();
    let mut rng = SplitMix::new(seed);
    for _ in 0..RANDOM_PLIES {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
    }
    let mut history: Vec<u64> = Vec::new();
    for _ in 0..300 {
        let moves = pos.legal_moves();
        if let Some(outcome) = ShipBoard::outcome(&pos, !moves.is_empty()) {
            return white_score(Some(outcome));
        }
        if pos.halfmoves() >= 100 || history.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
            return 0.5;
        }
        let r = searchers[pos.turn().index()].search(&pos, &history, &limits, &[], &mut |_| {});
        let Some(mv) = r.best else { return 0.5 };
        history.push(pos.hash());
        pos.play(mv);
        if pos.halfmoves() == 0 {
            history.clear();
        }
    }
    0.5
}

/// The result for White (1, 0.5, 0) of a finished game.
fn white_score(outcome: Option<Outcome>) -> f64 {
    match outcome {
        Some(Outcome::Win { winner: Color::White, .. }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

/// Plays one game of the real Bermuda Chess Angle from `fen`, the dice
/// seeded by `seed`; the result for White.
fn play_with_dice(fen: &str, nodes: u64, seed: u64) -> f64 {
    let Some(info) = registry::variant("bermuda-angle") else { return 0.5 };
    let Ok(mut game) = DynGame::new(info.id, Some(fen)) else { return 0.5 };
    let (Ok(white), Ok(black)) = (new_session("bermuda-angle", 16), new_session("bermuda-angle", 16)) else {
        return 0.5;
    };
    let mut seats = [white, black];
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut dice = SplitMix::new(seed);
    let mut engines = |game: &DynGame, seat: Seat| -> Result<String, String> {
        let color = seat.color().ok_or("the dice are the referee's")?;
        seats[color.index()].choose_action(game, &limits)
    };
    match drive::play_out(&mut game, &mut dice, 600, &mut engines) {
        Ok(_) => white_score(game.outcome()),
        Err(_) => 0.5,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let dice = args.next().as_deref() == Some("dice");
    for other in [Role::Knight, Role::Bishop, Role::Rook] {
        let white_ship = Position::<ShipBoard>::from_fen(&imbalance(other)).expect("valid setup");
        // The same setup with colours swapped: Black keeps the Ship.
        let black_ship = mirrored(&white_ship);
        let mut ship_score = 0.0;
        for g in 0..games {
            let seed = g as u64 / 2;
            let (start, ship_is_white) = if g % 2 == 0 { (&white_ship, true) } else { (&black_ship, false) };
            let white = if dice { play_with_dice(&start.fen(), nodes, seed) } else { play(start, nodes, seed) };
            ship_score += if ship_is_white { white } else { 1.0 - white };
        }
        let s = ship_score / games as f64;
        let elo = if s <= 0.0 || s >= 1.0 { f64::NAN } else { -400.0 * (1.0 / s - 1.0).log10() };
        let rules = if dice { "Bermuda rules" } else { "chess rules" };
        println!("{rules}, ship vs {:6}: {ship_score}/{games} = {s:.3} for the ship side (Elo {elo:+.0})", other.name());
    }
}

/// The position with the colours swapped (board mirrored top to bottom).
fn mirrored(pos: &Position<ShipBoard>) -> Position<ShipBoard> {
    let fen = pos.fen();
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap_or_default();
    let flipped: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect())
        .collect();
    let castling: String = fields
        .nth(1)
        .unwrap_or("-")
        .chars()
        .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
        .collect();
    Position::from_fen(&format!("{} w {castling} - 0 1", flipped.join("/"))).expect("a mirrored valid position is valid")
}
