//! The engine in Kosintsev's two-board Bermuda chess: it takes a king that
//! freezes an army, and it does not hang a piece to a capture that cannot
//! rise.

use chesslantis_core::variants::BermudaTwoBoard;
use chesslantis_core::{DynGame, Position};
use chesslantis_engine::{new_session, EngineVariant, EvalTables, Limits};

const ID: &str = "bermuda-two-board";

fn engine_move(fen: &str, depth: u32) -> (DynGame, String) {
    let game = DynGame::new(ID, Some(fen)).unwrap();
    let mut s = new_session(ID, 2).unwrap();
    let text = s.choose_action(&game, &Limits::depth(depth)).unwrap();
    let mut after = game.clone();
    after.apply(game.to_act().unwrap(), &text).expect("the engine's action is legal");
    (game, text)
}

/// Black's L king stands en prise; taking it freezes Black's L queen (rule 4),
/// which otherwise takes the rook. The engine takes the king.
#[test]
fn takes_a_hanging_king_and_freezes_its_army() {
    let fen = "R3k3/8/8/3q4/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1";
    let (_, played) = engine_move(fen, 4);
    assert_eq!(played, "La8Le8");
}

/// Qxd5 wins a pawn but the queen cannot rise (Ue5 above d5 is taken) and
/// exd5 takes it: the engine does not play it.
#[test]
fn does_not_hang_its_queen_for_a_pawn() {
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3|4k3/8/8/4N3/8/8/8/4K3 w -|- - 0 1";
    let (game, played) = engine_move(fen, 4);
    assert!(game.clone().apply(chesslantis_core::Seat::White, "Ld1Ld5").is_ok(), "the capture is legal");
    assert_ne!(played, "Ld1Ld5");
}

/// The king's rule in the evaluation: the side whose army is frozen stands
/// worse than the same material with a king beside it.
#[test]
fn a_frozen_army_is_worth_less_than_a_free_one() {
    let free = "4k3/8/8/8/8/8/8/R2QK3|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1";
    let frozen = "4k3/8/8/8/8/8/8/R2Q4|4k3/8/8/8/8/8/8/4K3 w -|- - 0 1";
    let tables = EvalTables::new::<BermudaTwoBoard>();
    let score = |fen: &str| BermudaTwoBoard::evaluate(&Position::from_fen(fen).unwrap(), &tables);
    assert!(score(free) > score(frozen) + 500, "free {} frozen {}", score(free), score(frozen));
}
