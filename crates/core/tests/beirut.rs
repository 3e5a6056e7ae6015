//! Beirut Chess rules on positions (docs/rules/beirut.md): the detonation,
//! what it may and may not do, carriers following their pieces, mate with a
//! bomb in hand, and the FEN field of the bombs.

use chesslantis_core::variants::beirut::DETONATION;
use chesslantis_core::notation::{parse_move, san, uci};
use chesslantis_core::variant::Variant;
use chesslantis_core::variants::beirut::{Beirut, Bomb, Bombs};
use chesslantis_core::{Color, DrawReason, Move, MoveKind, Outcome, Piece, Position, Role, Shape, Square, WinReason};

fn sq(name: &str) -> Square {
    Shape::CHESS.parse(name).expect("a square name")
}

fn pos(fen: &str) -> Position<Beirut> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn bomb_at(name: &str) -> Move {
    Move::new(sq(name), sq(name), MoveKind::InPlace)
}

fn play(pos: &mut Position<Beirut>, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    pos.play(mv);
}

fn outcome(pos: &Position<Beirut>) -> Option<Outcome> {
    Beirut::outcome(pos, !pos.legal_moves().is_empty())
}

/// The seed: "In this position the white knight on d5 is carrying the bomb.
/// White can choose to use his turn to detonate eliminating all pieces on
/// adjacent squares." (The diagram is lost; here the knight is ringed by
/// pieces of both sides.)
#[test]
fn seed_knight_on_d5_wipes_out_its_neighbours() {
    let mut p = pos("4k3/7p/2pbr3/2PNp3/2qPn3/8/8/R3K3 w - - 3 20 d5,-");
    let bomb = bomb_at("d5");
    assert!(p.is_legal(bomb));
    assert_eq!(uci::<Beirut>(bomb, false), "d5d5");
    assert_eq!(san(&p, bomb), "Bomb@d5");
    p.play(bomb);
    // White's bomb is now `x`: detonated, which everyone knows.
    assert_eq!(p.fen(), "4k3/7p/8/8/8/8/8/R3K3 b - - 0 20 x,-");
}

#[test]
fn a_detonation_that_kills_the_enemy_king_wins() {
    let mut p = pos("4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 d7,-");
    p.play(bomb_at("d7"));
    assert_eq!(p.king(Color::Black), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: DETONATION.reason() }));
    // The finished position is still a readable FEN.
    assert_eq!(pos(&p.fen()), p);
}

#[test]
fn a_detonation_may_not_kill_the_own_king() {
    let p = pos("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 d2,-");
    assert!(!p.is_legal(bomb_at("d2")));
    // Not even when it kills the enemy king too.
    let p = pos("8/8/8/8/8/8/3N4/2k1K3 w - - 0 1 d2,-");
    assert!(!p.is_legal(bomb_at("d2")));
}

#[test]
fn a_detonation_may_not_expose_the_own_king() {
    // The pawn on e3 shields the king from the rook; the blast would take it.
    let p = pos("4r1k1/8/8/8/3N4/4P3/8/4K3 w - - 0 1 d4,-");
    assert!(!p.is_legal(bomb_at("d4")));
    assert!(parse_move(&p, "d4d4").is_err());
}

/// The ruling: "A detonation that kills the enemy king (and not one's own)
/// wins at once, even if one's own king is in check, as in Atomic chess".
#[test]
fn killing_the_enemy_king_wins_even_with_the_own_king_in_check() {
    let p = pos("4k3/3N4/8/8/8/8/8/r6K w - - 0 1 d7,-");
    assert!(p.in_check());
    assert!(p.is_legal(bomb_at("d7")));
    assert_eq!(parse_move(&p, "d7d7"), Ok(bomb_at("d7")));
    let after = p.after(bomb_at("d7"));
    assert_eq!(outcome(&after), Some(Outcome::Win { winner: Color::White, reason: DETONATION.reason() }));
    // The same blast missing the king is no answer to the check.
    let p = pos("5k2/8/8/8/8/3N4/8/r6K w - - 0 1 d3,-");
    assert!(!p.is_legal(bomb_at("d3")));
    // A blast that takes the pawn shielding the own king from the rook, and
    // the enemy king with it, wins too (one that would only expose is illegal:
    // `a_detonation_may_not_expose_the_own_king`).
    let p = pos("4r3/8/8/2k5/3N4/4P3/8/4K3 w - - 0 1 d4,-");
    assert!(p.is_legal(bomb_at("d4")));
    assert_eq!(p.after(bomb_at("d4")).king(Color::Black), None);
}

#[test]
fn bombs_give_no_check() {
    // The black king stands next to White's armed knight: no check, and it
    // may stay or step beside the bomb.
    let p = pos("3k4/4N3/8/8/8/8/8/4K3 b - - 0 1 e7,-");
    assert!(!p.in_check());
    assert!(parse_move(&p, "d8e8").is_ok());
    assert!(parse_move(&p, "d8d7").is_ok());
}

#[test]
fn no_legal_move_but_a_detonation_that_removes_the_checker_is_not_mate() {
    // Back-rank check; Black's armed pawn on d7 is next to the checking rook.
    let p = pos("4R1k1/3p1ppp/8/8/8/8/8/6K1 b - - 0 1 -,d7");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), vec![bomb_at("d7")]);
    assert_eq!(outcome(&p), None);
    let after = p.after(bomb_at("d7"));
    assert_eq!(after.piece_at(sq("e8")), None);
    assert_eq!(after.fen(), "6k1/5ppp/8/8/8/8/8/6K1 w - - 0 2 -,x");
    // Without the bomb the same position is mate.
    let p = pos("4R1k1/3p1ppp/8/8/8/8/8/6K1 b - - 0 1 -,-");
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    // With the bomb under a piece whose blast misses the rook it is mate too.
    let p = pos("4R1k1/p4ppp/8/8/8/8/8/6K1 b - - 0 1 -,a7");
    assert_eq!(p.legal_moves(), vec![], "a7's blast leaves the rook, so Black stays in check");
    assert_eq!(outcome(&p), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
}

#[test]
fn stalemate_needs_no_legal_detonation_either() {
    // Black's king is stalemated and the pawn on a3 is blocked.
    let stalemate = "7k/5Q2/6K1/8/8/p7/P7/8 b - - 0 1";
    assert_eq!(outcome(&pos(&format!("{stalemate} -,-"))), Some(Outcome::Draw(DrawReason::Stalemate)));
    let p = pos(&format!("{stalemate} -,a3"));
    assert_eq!(p.legal_moves(), vec![bomb_at("a3")]);
    assert_eq!(outcome(&p), None);
}

#[test]
fn a_captured_carrier_takes_its_bomb_with_it() {
    let mut p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 e4,d5");
    play(&mut p, "exd5");
    assert_eq!(p.extra.of(Color::Black), Bomb::Gone);
    assert_eq!(p.extra.of(Color::White), Bomb::Carried(sq("d5")), "the capturer's own bomb moved with it");
    assert!(!p.legal_moves().iter().any(|m| m.kind == MoveKind::InPlace));
    // En passant takes a carrier too.
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 -,d7");
    play(&mut p, "d7d5");
    assert_eq!(p.extra.of(Color::Black), Bomb::Carried(sq("d5")));
    play(&mut p, "e5d6");
    assert_eq!(p.extra.of(Color::Black), Bomb::Gone);
}

#[test]
fn a_bomb_caught_in_a_blast_is_defused_not_set_off() {
    // White's blast on d4 takes Black's carrier on e5; the pieces around e5
    // that White's blast does not reach stay.
    let mut p = pos("4k3/8/5r2/4n3/3N4/8/8/4K3 w - - 0 1 d4,e5");
    p.play(bomb_at("d4"));
    assert_eq!(p.extra, Bombs::new(Bomb::Detonated, Bomb::Gone));
    assert_eq!(p.piece_at(sq("f6")), Some(Piece::new(Color::Black, Role::Rook)));
}

#[test]
fn a_promoted_carrier_keeps_its_bomb() {
    let mut p = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1 a7,-");
    play(&mut p, "axb8=N");
    assert_eq!(p.extra.of(Color::White), Bomb::Carried(sq("b8")));
    play(&mut p, "Kf7");
    assert!(p.is_legal(bomb_at("b8")));
    p.play(bomb_at("b8"));
    assert_eq!(p.piece_at(sq("b8")), None);
}

#[test]
fn carriers_follow_castling_rooks() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 h1,a8");
    play(&mut p, "O-O");
    assert_eq!(p.extra.of(Color::White), Bomb::Carried(sq("f1")));
    play(&mut p, "O-O-O");
    assert_eq!(p.extra.of(Color::Black), Bomb::Carried(sq("d8")));
    assert_eq!(p.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2 f1,d8");
}

#[test]
fn a_blast_that_takes_a_rook_takes_its_castling_right() {
    let mut p = pos("r3k2r/8/8/8/8/8/6N1/R3K2R w KQkq - 0 1 g2,-");
    p.play(bomb_at("g2"));
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K3 b Qkq - 0 1 x,-");
}

/// The ruling: "A dead position is judged as if every non-king piece of a
/// side that has not detonated could carry its bomb (so king and knight
/// against king plays on while the knight might explode)."
#[test]
fn a_dead_position_is_judged_without_the_secret_carriers() {
    // Armed or secretly defused: the same answer, the game goes on.
    for bombs in ["d1,-", "-,-", "-,x", "?,?"] {
        let p = pos(&format!("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 {bombs}"));
        assert_eq!(outcome(&p), None, "{bombs}");
    }
    // Once White has detonated, its knight carries nothing: dead.
    let detonated = pos("4k3/8/8/8/8/8/8/3NK3 w - - 0 1 x,-");
    assert_eq!(outcome(&detonated), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
    // Bare kings: nobody has a piece to carry a bomb.
    let bare = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -,-");
    assert_eq!(outcome(&bare), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
    // Bishops on one square colour: Black has not detonated, so its bishop
    // might still blow up; once both have, the position is dead.
    let p = pos("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1 x,-");
    assert_eq!(outcome(&p), None);
    let p = pos("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1 x,x");
    assert_eq!(outcome(&p), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
}

#[test]
fn fen_field_of_the_bombs() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for field in ["d2,e7", "-,e7", "d2,-", "-,-", "?,?", "b1,?", "x,e7", "x,x"] {
        let fen = format!("{board} {field}");
        assert_eq!(pos(&fen).fen(), fen);
    }
    assert_eq!(pos(board).fen(), format!("{board} ?,?"), "no field: both still to choose");
    assert_eq!(pos(&format!("{board} d2,e7")).extra, Bombs::new(Bomb::Carried(sq("d2")), Bomb::Carried(sq("e7"))));
    for bad in ["e1,-", "d4,-", "e7,-", "-,d2", "d2", "z9,-", "d2,e7 x"] {
        let err = Position::<Beirut>::from_fen(&format!("{board} {bad}"));
        assert!(err.is_err(), "'{bad}' should be refused");
    }
}

#[test]
fn the_bombs_are_part_of_the_hash() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let hashes: Vec<u64> = ["d2,e7", "e2,e7", "-,e7", "?,e7", "d2,-", "x,e7"]
        .iter()
        .map(|f| pos(&format!("{board} {f}")).hash())
        .collect();
    for (i, a) in hashes.iter().enumerate() {
        for b in &hashes[i + 1..] {
            assert_ne!(a, b);
        }
    }
    let mut p = pos(&format!("{board} b1,g8"));
    for text in ["Nc3", "Nf6", "Nd5", "Nxd5", "e3", "d5d5"] {
        play(&mut p, text);
        assert_eq!(p.hash(), p.hash_from_scratch(), "after {text}");
    }
}
