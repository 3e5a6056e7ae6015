//! Beirut chess: each side secretly arms one of its pieces (not the king)
//! with a bomb and may detonate it instead of moving, clearing the carrier's
//! square and the eight around it. The engine sees only its observation,
//! where the opponent's carrier is `*`.
//!
//! - Carrier choice (`protocol_action`): a knight, the king-side one first
//!   (see `carrier_preference`): a knight reaches the squares around the
//!   enemy king soonest, jumps over guards, and blown up costs only a minor
//!   piece. Without knights: a bishop, then a pawn, a rook, the queen.
//! - Detonation is a legal move (`MoveKind::Detonate`), so the search weighs
//!   it at every turn like any other move.
//! - The opponent's carrier (`worlds`): one world per enemy piece but the
//!   king, each as likely (a uniform prior over the opponent's choice), plus
//!   a world with no enemy bomb, as likely as the carrier being one of the
//!   pieces no longer on the board (captured or blown up, which the
//!   observation does not say). The session searches a bounded sample of
//!   them and plays the best move on average (`worlds.rs`).

use crate::variant::{EngineVariant, Turn};
use crate::worlds::World;
use chesslantis_core::variants::beirut::Bomb;
use chesslantis_core::variants::Beirut;
use chesslantis_core::{Action, Color, Observation, Position, Role, Square, Variant};

/// The bomb field of an observation's FEN marks a hidden carrier so.
const HIDDEN: &str = "*";
/// Pieces other than the king a side starts with: the prior's denominator.
const START_PIECES: usize = 15;

impl EngineVariant for Beirut {
    fn worlds(observation: &Observation) -> Option<Vec<World<Self>>> {
        let (head, bombs) = observation.fen.trim().rsplit_once(' ')?;
        let (white, black) = bombs.split_once(',')?;
        let hidden = match (white == HIDDEN, black == HIDDEN) {
            (true, false) => Color::White,
            (false, true) => Color::Black,
            _ => return None,
        };
        fn known(text: &str) -> &str {
            if text == HIDDEN { "-" } else { text }
        }
        let fen = format!("{head} {},{}", known(white), known(black));
        let base = Position::<Self>::from_fen(&fen).ok()?;
        let carriers: Vec<Square> = (base.by_color(hidden) & !base.by_role(Role::King)).into_iter().collect();
        let with_bomb = |bomb: Bomb| {
            let mut pos = base.clone();
            pos.extra.set(hidden, bomb);
            pos
        };
        let mut worlds: Vec<World<Self>> =
            carriers.iter().map(|&sq| World { position: with_bomb(Bomb::Carried(sq)), weight: 1.0 }).collect();
        let gone = START_PIECES.saturating_sub(carriers.len()).max(usize::from(carriers.is_empty()));
        if gone > 0 {
            worlds.push(World { position: with_bomb(Bomb::Gone), weight: gone as f64 });
        }
        Some(worlds)
    }

    fn protocol_action(turn: &mut Turn<'_, Self>, legal: &[Action]) -> Option<Result<Action, String>> {
        let choices: Vec<Square> =
            legal.iter().filter_map(|a| if let Action::ChooseCarrier(sq) = a { Some(*sq) } else { None }).collect();
        if choices.is_empty() {
            return None;
        }
        let pos = turn.position;
        let best = choices.into_iter().min_by_key(|&sq| carrier_preference(pos, sq));
        Some(best.map(Action::ChooseCarrier).ok_or_else(|| "no piece can carry the bomb".to_string()))
    }
}

/// Lower is better: knights first, then bishops, pawns, rooks, the queen;
/// among equals, the one nearest the enemy king's file (the enemy king
/// usually castles on the side it starts nearer, where this piece can go).
fn carrier_preference(pos: &Position<Beirut>, sq: Square) -> (u8, u8) {
    let order = |role: Role| match role {
        Role::Knight => 0,
        Role::Bishop => 1,
        Role::Pawn => 2,
        Role::Rook => 3,
        _ => 4,
    };
    let Some(piece) = pos.piece_at(sq) else { return (u8::MAX, u8::MAX) };
    let shape = Beirut::SHAPE;
    let enemy_file = pos.king(!piece.color).map_or(shape.files / 2, |k| shape.file(k));
    (order(piece.role), shape.file(sq).abs_diff(enemy_file))
}
