//! Portal Chess rules (docs/rules/portal.md): the seed's walkthrough, every
//! portal rule and ruling, and `attackers` against the captures moves make.

mod portal_beirut_support;

use chesslantis_core::FenError;
use chesslantis_core::notation::{parse_move, san, uci};
use chesslantis_core::variants::portal::{self, Portal};
use chesslantis_core::{Bitboard, Color, Move, MoveKind, Piece, Position, Role, Shape, Square};

fn sq(name: &str) -> Square {
    Shape::CHESS.parse(name).expect("a square name")
}

fn pos(fen: &str) -> Position<Portal> {
    Position::from_fen(fen).expect("a valid Portal FEN")
}

fn play(pos: &mut Position<Portal>, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    pos.play(mv);
}

fn legal(pos: &Position<Portal>, text: &str) -> bool {
    parse_move(pos, text).is_ok()
}

fn white(role: Role) -> Option<Piece> {
    Some(Piece::new(Color::White, role))
}

fn black(role: Role) -> Option<Piece> {
    Some(Piece::new(Color::Black, role))
}

/// The seed: "White to move and he chooses to play nf3 landing on the f3
/// portal. The knight is then immediately teleported to b5. Black plays Qh4
/// safely passing over the portal. White then choose to use his turn to
/// retreat his knight back through the portal. Black realises he can retreat
/// his queen to f6 and teleport capturing the knight on b4."
///
/// From the start Black's queen needs ...e5 to reach h4, and a knight on b5
/// cannot reach b4's partner f6 in one move (its moves go to a3, c3, d4, d6,
/// a7, c7), so the retreat takes the knight b5-c3-d5 and then through the
/// f6 portal to b4. See docs/rules/portal.md, Interpretations.
#[test]
fn seed_walkthrough() {
    let mut p = Position::<Portal>::start();

    play(&mut p, "Nf3");
    assert_eq!(p.piece_at(sq("b5")), white(Role::Knight), "the knight is teleported to b5");
    assert_eq!(p.piece_at(sq("f3")), None);
    assert_eq!(p.piece_at(sq("g1")), None);

    play(&mut p, "e5");
    play(&mut p, "b5c3");
    play(&mut p, "Qh4");
    assert_eq!(p.piece_at(sq("h4")), black(Role::Queen), "the queen passes over f6 and stays on h4");
    assert_eq!(p.piece_at(sq("f6")), None);
    assert_eq!(p.piece_at(sq("b4")), None);

    play(&mut p, "Nd5");
    play(&mut p, "Nc6");
    play(&mut p, "Nf6");
    assert_eq!(p.piece_at(sq("b4")), white(Role::Knight), "the knight retreats through f6 to b4");
    assert_eq!(p.piece_at(sq("f6")), None);
    assert_eq!(p.piece_at(sq("d5")), None);

    let queen_to_f6 = parse_move(&p, "h4f6").expect("Qf6 is legal");
    assert_eq!(san(&p, queen_to_f6), "Qxf6", "SAN marks the capture made through the portal");
    p.play(queen_to_f6);
    assert_eq!(p.piece_at(sq("b4")), black(Role::Queen), "the queen teleports to b4, taking the knight");
    assert_eq!(p.piece_at(sq("f6")), None);
    assert_eq!(p.piece_at(sq("h4")), None);
    assert_eq!(p.pieces(Color::White, Role::Knight).count(), 1);
    assert_eq!(p.halfmoves(), 0, "a capture through a portal resets the 50-move count");
    assert_eq!(p.fen(), "r1b1kbnr/pppp1ppp/2n5/4p3/1q6/8/PPPPPPPP/RNBQKB1R w KQkq - 0 5");
}

#[test]
fn every_portal_sends_to_its_partner() {
    let from_landing_exit = [("f1", "f3", "b5"), ("d7", "b5", "f3"), ("d6", "f6", "b4"), ("d2", "b4", "f6")];
    for (from, landing, exit) in from_landing_exit {
        let mut p = pos("k7/8/8/8/8/8/8/7K w - - 0 1");
        p.put(sq(from), Piece::new(Color::White, Role::Queen));
        play(&mut p, &format!("{from}{landing}"));
        assert_eq!(p.piece_at(sq(exit)), white(Role::Queen), "landing on {landing}");
        assert_eq!(p.piece_at(sq(landing)), None);
        assert_eq!(p.piece_at(sq(from)), None);
    }
}

#[test]
fn a_friendly_piece_on_the_partner_bars_the_move() {
    // A white bishop on b5: the knight may not land on f3.
    let p = pos("rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1");
    assert!(!legal(&p, "g1f3"));
    assert!(!legal(&p, "d1f3"), "nor the queen");
    assert!(!legal(&p, "f2f3"), "nor the f-pawn's step");
    assert!(legal(&p, "f2f4"), "passing over f3 is fine");
}

#[test]
fn passing_over_a_portal_does_nothing() {
    let mut p = pos("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    p.take(sq("a1"));
    p.put(sq("f1"), Piece::new(Color::White, Role::Rook));
    play(&mut p, "f1f8");
    assert_eq!(p.piece_at(sq("f8")), white(Role::Rook), "the rook went over f3 and f6");
}

#[test]
fn landing_captures_an_enemy_on_the_partner() {
    let mut p = pos("rnbqk1nr/pppp1ppp/8/1b2p3/4P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1");
    let mv = parse_move(&p, "g1f3").expect("legal");
    assert_eq!(san(&p, mv), "Nxf3");
    p.play(mv);
    assert_eq!(p.piece_at(sq("b5")), white(Role::Knight));
    assert_eq!(p.pieces(Color::Black, Role::Bishop).count(), 1);
}

/// A piece standing on a portal can be captured there: the capturer lands on
/// the portal and goes on through it, capturing on the partner too.
#[test]
fn capturing_on_a_portal_square_then_going_through() {
    // Black knight on f3, black bishop on b5: Bxf3 takes both, the bishop ends on b5.
    let mut p = pos("4k3/8/8/1b6/8/5n2/6B1/4K3 w - - 0 1");
    play(&mut p, "g2f3");
    assert_eq!(p.piece_at(sq("b5")), white(Role::Bishop));
    assert_eq!(p.piece_at(sq("f3")), None);
    assert!(p.by_color(Color::Black) == Bitboard::from_square(sq("e8")), "both black pieces are gone");

    // With a white piece on b5 the capture on f3 is barred.
    let p = pos("4k3/8/8/1N6/8/5n2/6B1/4K3 w - - 0 1");
    assert!(!legal(&p, "g2f3"));
}

#[test]
fn a_king_on_the_partner_is_in_check_from_a_piece_that_reaches_the_portal() {
    // The ruling's example: king on b5, queen could reach f3.
    let p = pos("8/8/8/1k6/8/8/8/3QK3 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.checkers(), Bitboard::from_square(sq("d1")));
    // Blocked on e2: no check.
    assert!(!pos("8/8/8/1k6/8/8/4N3/3QK3 b - - 0 1").in_check());
    // A queen standing on f3 is past the portal: it does not reach b5 ...
    assert!(!pos("8/8/8/1k6/8/5Q2/8/4K3 b - - 0 1").in_check());
    // ... but it reaches f6, so it attacks b4.
    assert!(pos("8/8/8/8/1k6/5Q2/8/4K3 b - - 0 1").in_check());
}

#[test]
fn a_king_may_not_step_where_a_portal_lets_an_enemy_capture() {
    // Black king on a6 may not go to b5: the rook on f1 could land on f3.
    let p = pos("8/8/k7/8/8/8/8/4KR2 b - - 0 1");
    assert!(!legal(&p, "a6b5"));
    assert!(legal(&p, "a6a5"));
}

#[test]
fn pawns_capture_through_portals() {
    // Diagonally onto an empty f3 when an enemy stands on b5.
    let mut p = pos("4k3/8/8/1n6/8/8/4P3/4K3 w - - 0 1");
    let mv = parse_move(&p, "e2f3").expect("the pawn captures through the portal");
    assert_eq!(san(&p, mv), "exf3");
    p.play(mv);
    assert_eq!(p.piece_at(sq("b5")), white(Role::Pawn));
    // Without an enemy on b5 the diagonal step is no move.
    assert!(!legal(&pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e2f3"));
    // A step onto a portal captures on the partner too.
    let mut p = pos("4k3/8/8/1n6/8/8/5P2/4K3 w - - 0 1");
    let mv = parse_move(&p, "f2f3").expect("legal");
    assert_eq!(san(&p, mv), "fxf3");
    p.play(mv);
    assert_eq!(p.piece_at(sq("b5")), white(Role::Pawn));
    assert_eq!(p.pieces(Color::Black, Role::Knight).count(), 0);
    // So a pawn that could step onto f3 gives check to a king on b5.
    assert!(pos("8/8/8/1k6/8/8/5P2/4K3 b - - 0 1").in_check());
    assert!(pos("8/1p6/8/8/8/5K2/8/4k3 w - - 0 1").in_check(), "b7-b5 would land on f3");
}

#[test]
fn a_double_step_onto_a_portal_goes_through_and_cannot_be_taken_en_passant() {
    let mut p = pos("4k3/8/8/8/p1p5/8/1P6/4K3 w - - 0 1");
    play(&mut p, "b2b4");
    assert_eq!(p.piece_at(sq("f6")), white(Role::Pawn));
    assert_eq!(p.ep_square(), None);
    assert!(!p.legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant));
    assert_eq!(p.fen(), "4k3/8/5P2/8/p1p5/8/8/4K3 b - - 0 1");
    // Black's b7-b5 lands on b5 and comes out on f3.
    let mut p = pos("4k3/1p6/8/P1P5/8/8/8/4K3 b - - 0 1");
    play(&mut p, "b7b5");
    assert_eq!(p.piece_at(sq("f3")), black(Role::Pawn));
    assert_eq!(p.ep_square(), None);
}

#[test]
fn a_double_step_over_a_portal_can_be_taken_en_passant_and_the_taker_goes_through() {
    let mut p = pos("4k3/8/8/8/4p1p1/8/5P2/4K3 w - - 0 1");
    play(&mut p, "f2f4");
    assert_eq!(p.piece_at(sq("f4")), white(Role::Pawn), "f2-f4 passes over f3 and stays");
    assert_eq!(p.ep_square(), Some(sq("f3")));
    let ep = parse_move(&p, "g4f3").expect("en passant");
    assert_eq!(ep.kind, MoveKind::EnPassant);
    p.play(ep);
    assert_eq!(p.piece_at(sq("b5")), black(Role::Pawn), "the taker lands on f3 and comes out on b5");
    assert_eq!(p.piece_at(sq("f4")), None);
    assert_eq!(p.piece_at(sq("f3")), None);
    // The same for Black's f7-f5 and a white pawn taking on f6 (out on b4).
    let mut p = pos("4k3/5p2/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, "f7f5");
    play(&mut p, "e5f6");
    assert_eq!(p.piece_at(sq("b4")), white(Role::Pawn));
    assert_eq!(p.piece_at(sq("f5")), None);
    // With a friendly piece on the partner the en-passant capture is barred.
    let mut p = pos("4k3/8/8/1b6/4p3/8/5P2/4K3 w - - 0 1");
    play(&mut p, "f2f4");
    assert!(!legal(&p, "e4f3"));
}

#[test]
fn a_king_goes_through_a_portal_and_may_not_arrive_in_check() {
    let mut p = pos("4k3/8/8/8/8/8/4K3/8 w - - 0 1");
    play(&mut p, "Kf3");
    assert_eq!(p.piece_at(sq("b5")), white(Role::King));
    assert_eq!(p.king(Color::White), Some(sq("b5")));
    // The exit b5 is watched by the rook on b8: Kf3 is illegal.
    let p = pos("1r2k3/8/8/8/8/8/4K3/8 w - - 0 1");
    assert!(!legal(&p, "e2f3"));
    assert!(legal(&p, "e2e3"));
}

#[test]
fn castling_is_untouched() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "O-O");
    assert_eq!(p.piece_at(sq("g1")), white(Role::King));
    assert_eq!(p.piece_at(sq("f1")), white(Role::Rook));
    // A rook that could land on b4 does not attack f1 or the castling path.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert!(legal(&p, "O-O-O") && legal(&p, "O-O"));
}

#[test]
fn fen_rejects_an_en_passant_square_behind_a_portal() {
    assert!(matches!(Position::<Portal>::from_fen("4k3/8/8/8/1P6/8/8/4K3 b - b3 0 1"), Err(FenError::EnPassant(_))));
    assert!(Position::<Portal>::from_fen("4k3/8/8/8/5P2/8/8/4K3 b - f3 0 1").is_ok());
}

#[test]
fn uci_names_the_landing_square() {
    let p = Position::<Portal>::start();
    let mv = Move::normal(sq("g1"), sq("f3"));
    assert!(p.is_legal(mv));
    assert_eq!(uci::<Portal>(mv, false), "g1f3");
    assert_eq!(san(&p, mv), "Nf3");
    assert!(!p.is_legal(Move::normal(sq("g1"), sq("b5"))), "the exit square is not the move's target");
}

/// `attackers` (found from the target square outward) against the truth:
/// some pseudo-legal move of the other side would capture the piece. Checked
/// on every square of positions from seeded random games.
#[test]
fn attackers_match_the_captures_moves_make() {
    let mut rng = portal_beirut_support::Rng(0x5EED);
    let mut checked = 0;
    for _ in 0..40 {
        let mut p = Position::<Portal>::start();
        for _ in 0..60 {
            for target in p.occupied() {
                let victim = p.piece_at(target).expect("occupied");
                let mut attacker_side = p.clone();
                attacker_side.set_turn(!victim.color);
                attacker_side.set_ep_square(None);
                let mut moves = Vec::new();
                portal::pseudo_legal(&attacker_side, &mut moves);
                let captures = moves.iter().any(|&m| {
                    let after = attacker_side.after(m);
                    after.piece_at(target).is_none_or(|p| p.color != victim.color)
                });
                let attacked = p.attackers(target, !victim.color).any();
                assert_eq!(attacked, captures, "{} attacked by {}? in {}", Shape::CHESS.name(target), !victim.color, p.fen());
                checked += 1;
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]);
            assert_eq!(p.hash(), p.hash_from_scratch());
            assert_eq!(Position::<Portal>::from_fen(&p.fen()).expect("FEN round trip").fen(), p.fen());
        }
    }
    assert!(checked > 10_000);
}

/// Whole games through the registry's `Game`, moves picked by a seeded
/// generator: every legal action is accepted and every game ends by the rules
/// or reaches the ply limit with a position that reads back from its FEN.
#[test]
fn seeded_random_games_play_to_the_end() {
    use chesslantis_core::{registry, Viewer};
    let info = registry::variant("portal").expect("registered");
    let mut rng = portal_beirut_support::Rng(0xF3B5);
    let mut finished = 0;
    for _ in 0..30 {
        let mut game = (info.new_game)(None).expect("start");
        assert!(!game.hidden_information());
        portal_beirut_support::play_random(game.as_mut(), &mut rng, 300, |game, _, _| {
            let fen = game.observe(Viewer::Spectator).fen;
            assert_eq!(Position::<Portal>::from_fen(&fen).expect("reads back").fen(), fen);
        });
        finished += usize::from(game.outcome().is_some());
    }
    assert!(finished > 0);
}

/// The dead-position draw of chess (king and one minor piece against a king)
/// still holds with portals: no such position is mate, whoever stands where.
#[test]
fn a_lone_minor_piece_cannot_mate() {
    use chesslantis_core::variant::Variant;
    use chesslantis_core::{DrawReason, Outcome};
    for role in [Role::Bishop, Role::Knight] {
        for white_king in 0..64 {
            for black_king in 0..64 {
                for minor in 0..64 {
                    if white_king == black_king || minor == white_king || minor == black_king {
                        continue;
                    }
                    let mut p = Position::<Portal>::empty();
                    p.put(Square(white_king), Piece::new(Color::White, Role::King));
                    p.put(Square(black_king), Piece::new(Color::Black, Role::King));
                    p.put(Square(minor), Piece::new(Color::White, role));
                    p.set_turn(Color::Black);
                    if p.king_attacked(Color::White) || !p.in_check() {
                        continue;
                    }
                    assert!(!p.legal_moves().is_empty(), "mate with a lone {role:?}: {}", p.fen());
                }
            }
        }
    }
    let p = pos("8/8/8/2k5/8/8/8/3BK3 w - - 0 1");
    assert_eq!(Portal::outcome(&p, true), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
}
