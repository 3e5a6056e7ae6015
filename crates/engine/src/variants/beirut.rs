//! Beirut chess: each side secretly arms one of its pieces (not the king)
//! with a bomb and may detonate it instead of moving, clearing the carrier's
//! square and the eight around it. The engine never sees the opponent's
//! carrier: it searches game states consistent with what it has seen (the
//! core's `consistent_states`, one per carrier the opponent may have chosen).
//!
//! - Carrier choice (`special_decision`): a knight, the king-side one first
//!   (see `carrier_preference`): a knight reaches the squares around the
//!   enemy king soonest, jumps over guards, and blown up costs only a minor
//!   piece. Without knights: a bishop, then a pawn, a rook, the queen.
//! - Detonation is a legal move (`MoveKind::InPlace`), so the search weighs
//!   it at every turn like any other move.
//! - The opponent's carrier: one world per carrier the opponent may have
//!   chosen at the start and that the game since has not ruled out, each as
//!   likely (a uniform prior over the opponent's choice); a carrier since
//!   captured leaves a world without an enemy bomb. The session searches a
//!   bounded sample of them and plays the best move on average (`worlds.rs`).

use crate::turn::{SpecialDecision, Turn};
use crate::variant::EngineVariant;
use crate::weights::{Weights, HAND};
use chesslantis_core::variants::beirut::BeirutGame;
use chesslantis_core::variants::{Beirut, BeirutAction};
use chesslantis_core::{Action, DynGame, OwnAction, Position, Role, Square, Variant};

impl EngineVariant for Beirut {
    const UCI: bool = false;
    // With the tuned chess weights and the king's shelter, 43% and 40% in
    // 100 games each; with the hand weights and the shelter, 40.5%. So:
    // main's evaluation (bench/RESULTS.md, "Results and tuning, change by change").
    const WEIGHTS: Weights = HAND;
    const KING_SHELTER: bool = false;

    fn position_in(game: &DynGame) -> Option<&Position<Self>> {
        game.game_as::<BeirutGame>().map(|g| g.position())
    }
}

impl SpecialDecision for Beirut {
    fn special_decision(turn: &mut Turn<'_, Self>) -> Option<Result<Action, String>> {
        let choices: Vec<Square> = turn
            .game
            .game()
            .legal_actions()
            .into_iter()
            .filter_map(BeirutAction::of)
            .map(|BeirutAction::ChooseCarrier(sq)| sq)
            .collect();
        if choices.is_empty() {
            return None;
        }
        let pos = turn.position;
        let best = choices.into_iter().min_by_key(|&sq| carrier_preference(pos, sq));
        Some(best.map(|sq| BeirutAction::ChooseCarrier(sq).action()).ok_or_else(|| "no piece can carry the bomb".to_string()))
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
