//! Bede Chess rules (seed 002, the bede section of RULINGS.md): each piece's
//! moves written out by hand, friendly capture, FEN, escalation, the Jester,
//! check, mate and stalemate.

use chesslantis_core::notation::parse_uci;
use chesslantis_core::outcome::{DrawReason, Outcome, WinReason};
use chesslantis_core::variants::bede::{BEDE, CHANCELLOR, JESTER, SQUIRE, ZEBRA};
use chesslantis_core::variants::Bede;
use chesslantis_core::{Color, Piece, Position, Role, Square, Variant};

fn sq(name: &str) -> Square {
    Bede::SHAPE.parse(name).unwrap_or_else(|| panic!("{name} is a Bede square"))
}

/// A FEN from pieces on named squares, then `rest` (`w - - 0 1 e --`).
fn fen(pieces: &[(&str, char)], rest: &str) -> String {
    let mut ranks = Vec::new();
    for rank in (1..=11).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 'a'..='i' {
            let name = format!("{file}{rank}");
            match pieces.iter().find(|(s, _)| *s == name) {
                Some(&(_, c)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    format!("{} {rest}", ranks.join("/"))
}

fn pos(pieces: &[(&str, char)], rest: &str) -> Position<Bede> {
    let text = fen(pieces, rest);
    Position::<Bede>::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The kings out of the way: White i1, Black a11.
fn with_kings<'a>(pieces: &[(&'a str, char)]) -> Vec<(&'a str, char)> {
    let mut v = vec![("i1", 'K'), ("a11", 'k')];
    v.extend_from_slice(pieces);
    v
}

fn targets(p: &Position<Bede>, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> =
        p.legal_moves().into_iter().filter(|m| m.from == from).map(|m| Bede::SHAPE.name(m.to).to_string()).collect();
    v.sort();
    v.dedup();
    v
}

fn set(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(p: &Position<Bede>, text: &str) -> Position<Bede> {
    let mv = parse_uci(p, text).unwrap_or_else(|e| panic!("{text} in {}: {e:?}", p.fen()));
    p.after(mv)
}

fn outcome(p: &Position<Bede>) -> Option<Outcome> {
    Bede::outcome(p, !p.legal_moves().is_empty())
}

// ---- FEN ----

#[test]
fn start_position_is_the_rulings() {
    let start = Position::<Bede>::start();
    assert_eq!(start.fen(), "bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BBCQKJCZB w - - 0 1 - --");
    let w = |r| Piece::new(Color::White, r);
    let b = |r| Piece::new(Color::Black, r);
    let rank1 = [BEDE, BEDE, CHANCELLOR, Role::Queen, Role::King, JESTER, CHANCELLOR, ZEBRA, BEDE];
    for (i, file) in ('a'..='i').enumerate() {
        assert_eq!(start.piece_at(sq(&format!("{file}1"))), Some(w(rank1[i])), "{file}1");
        assert_eq!(start.piece_at(sq(&format!("{file}2"))), Some(w(SQUIRE)));
        assert_eq!(start.piece_at(sq(&format!("{file}3"))), Some(w(Role::Pawn)));
        assert_eq!(start.piece_at(sq(&format!("{file}9"))), Some(b(Role::Pawn)));
        assert_eq!(start.piece_at(sq(&format!("{file}10"))), Some(b(SQUIRE)));
        // Black is White turned 180 degrees.
        let mirrored = (b'i' - i as u8) as char;
        assert_eq!(start.piece_at(sq(&format!("{mirrored}11"))), Some(b(rank1[i])), "{mirrored}11");
    }
    assert!(!start.extra.escalated);
    assert_eq!(start.extra.jesters, [None, None]);
}

#[test]
fn fen_round_trips_with_escalation_and_jesters() {
    for rest in ["w - - 0 1 - --", "b - - 3 7 e -p", "w - - 0 12 e zq", "b - - 5 9 - k-", "w - - 0 2 e bs"] {
        let text = fen(&with_kings(&[("e6", 'J'), ("e8", 'j')]), rest);
        let p = Position::<Bede>::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.fen(), text);
    }
    let after = play(&Position::<Bede>::start(), "e3d4");
    assert_eq!(after.fen(), "bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/3P5/PPPP1PPPP/SSSSSSSSS/BBCQKJCZB b - - 0 1 - -p");
    assert_eq!(Position::<Bede>::from_fen(&after.fen()), Ok(after.clone()));
}

#[test]
fn extra_fields_are_hashed() {
    let base = fen(&with_kings(&[("e6", 'J')]), "w - - 0 1");
    let hashes: Vec<u64> = ["- --", "e --", "- z-", "- -z", "- q-"]
        .iter()
        .map(|x| Position::<Bede>::from_fen(&format!("{base} {x}")).expect("valid").hash())
        .collect();
    for i in 0..hashes.len() {
        for j in 0..i {
            assert_ne!(hashes[i], hashes[j], "state {i} and {j} hash alike");
        }
    }
    let mut p = Position::<Bede>::start();
    for text in ["e3d4", "e9f8", "d4c5", "f8g7"] {
        p = play(&p, text);
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
}

#[test]
fn bad_fen_gets_a_clear_error() {
    let base = fen(&with_kings(&[]), "w - - 0 1");
    let cases = [
        (format!("{base} x --"), "must be 'e' (escalated) or '-'"),
        (format!("{base} - -"), "must be two characters"),
        (format!("{base} - ---"), "must be two characters"),
        (format!("{base} - j-"), "never copies 'j'"),
        (format!("{base} - n-"), "not a lower-case Bede piece letter"),
        (format!("{base} - P-"), "not a lower-case Bede piece letter"),
        (format!("{base} -"), "only one is given"),
        (format!("{base} - -- x"), "unexpected field 'x'"),
        (fen(&with_kings(&[("e10", 'P')]), "w - - 0 1 - --"), "would have become a Bede"),
        (fen(&with_kings(&[("e2", 's')]), "w - - 0 1 - --"), "would have become a Bede"),
        (fen(&with_kings(&[]), "w KQ - 0 1 - --"), ""),
        (fen(&with_kings(&[("h1", 'q')]), "w - - 0 1 - --"), "write 'e' in the escalation field"),
        (fen(&[("i1", 'K'), ("a11", 'k'), ("a10", 'N')], "w - - 0 1 - --"), "'N' is not a piece of bede"),
    ];
    for (text, needle) in cases {
        let err = Position::<Bede>::from_fen(&text).expect_err(&text);
        assert!(err.to_string().contains(needle), "{text}: {err}");
    }
    // Absent extra fields are the start state.
    assert_eq!(Position::<Bede>::from_fen(&base).map(|p| p.extra), Ok(Default::default()));
}

// ---- the pieces, one by one (escalated: backward moves allowed) ----

#[test]
fn bede_slides_diagonally_and_jumps_two_orthogonally() {
    let p = pos(&with_kings(&[("e6", 'B')]), "w - - 0 1 e --");
    let diagonals = ["d5", "c4", "b3", "a2", "f5", "g4", "h3", "i2", "d7", "c8", "b9", "a10", "f7", "g8", "h9", "i10"];
    let mut expected: Vec<&str> = diagonals.to_vec();
    expected.extend(["c6", "g6", "e4", "e8"]);
    assert_eq!(targets(&p, "e6"), set(&expected));
    // Blockers: diagonals stop at the first piece (taken, friend or foe);
    // the orthogonal jump passes over e7 and takes on g6.
    let p = pos(&with_kings(&[("e6", 'B'), ("f7", 'P'), ("c4", 'z'), ("e7", 'S'), ("g6", 'p')]), "w - - 0 1 e --");
    let expected = ["d5", "c4", "f5", "g4", "h3", "i2", "d7", "c8", "b9", "a10", "f7", "c6", "g6", "e4", "e8"];
    assert_eq!(targets(&p, "e6"), set(&expected));
}

#[test]
fn chancellor_is_rook_and_knight() {
    let p = pos(&with_kings(&[("e6", 'C')]), "w - - 0 1 e --");
    let expected = [
        "e7", "e8", "e9", "e10", "e11", "e5", "e4", "e3", "e2", "e1", "d6", "c6", "b6", "a6", "f6", "g6", "h6", "i6", "d8",
        "f8", "c7", "g7", "c5", "g5", "d4", "f4",
    ];
    assert_eq!(targets(&p, "e6"), set(&expected));
    let p = pos(&with_kings(&[("e6", 'C'), ("e8", 'Z'), ("c6", 's'), ("d7", 'P'), ("f7", 'P')]), "w - - 0 1 e --");
    let expected = [
        "e7", "e8", "e5", "e4", "e3", "e2", "e1", "d6", "c6", "f6", "g6", "h6", "i6", "d8", "f8", "c7", "g7", "c5", "g5",
        "d4", "f4",
    ];
    assert_eq!(targets(&p, "e6"), set(&expected));
}

#[test]
fn zebra_leaps_two_three() {
    let p = pos(&with_kings(&[("e6", 'Z')]), "w - - 0 1 e --");
    assert_eq!(targets(&p, "e6"), set(&["c9", "g9", "c3", "g3", "b8", "h8", "b4", "h4"]));
    let ring = [("d5", 'P'), ("e5", 'P'), ("f5", 'P'), ("d6", 'P'), ("f6", 'P'), ("d7", 'P'), ("e7", 'P'), ("f7", 'P')];
    let mut pieces = with_kings(&[("e6", 'Z'), ("c9", 'P'), ("g3", 'p')]);
    pieces.extend(ring);
    let p = pos(&pieces, "w - - 0 1 e --");
    assert_eq!(targets(&p, "e6"), set(&["c9", "g9", "c3", "g3", "b8", "h8", "b4", "h4"]), "it jumps over the ring, takes c9 and g3");
}

#[test]
fn queen_and_king_move_as_in_chess() {
    let p = pos(&with_kings(&[("e6", 'Q'), ("e8", 'p'), ("c4", 'P')]), "w - - 0 1 e --");
    let expected = [
        "e7", "e8", "e5", "e4", "e3", "e2", "e1", "d6", "c6", "b6", "a6", "f6", "g6", "h6", "i6", "d7", "c8", "b9", "a10", "f7",
        "g8", "h9", "i10", "d5", "c4", "f5", "g4", "h3", "i2",
    ];
    assert_eq!(targets(&p, "e6"), set(&expected));
    let p = pos(&[("e6", 'K'), ("a11", 'k'), ("d6", 'P'), ("f6", 'z')], "w - - 0 1 e --");
    assert_eq!(targets(&p, "e6"), set(&["d7", "e7", "f7", "d5", "e5", "f5", "f6"]), "the king takes the zebra, not its own pawn");
}

#[test]
fn squire_walks_forward_and_sideways_and_captures_forward_diagonally() {
    let p = pos(&with_kings(&[("e4", 'S')]), "w - - 0 1 - --");
    assert_eq!(targets(&p, "e4"), set(&["e5", "e6", "e7", "d5", "f5", "d6", "f6", "c5", "g5"]));
    // e5 blocks every path through it; d5 (a friend) is taken one step
    // diagonally and blocks the way to c6; g6 (a friend) is taken over the
    // empty f5; e6 is empty, so no capture there.
    let p = pos(&with_kings(&[("e4", 'S'), ("e5", 'z'), ("d5", 'P'), ("c6", 'p'), ("g6", 'P')]), "w - - 0 1 - --");
    assert_eq!(targets(&p, "e4"), set(&["f5", "f6", "g5", "c5", "d5", "g6"]));
    // Black goes down the board.
    let p = pos(&with_kings(&[("e8", 's')]), "b - - 0 1 - --");
    assert_eq!(targets(&p, "e8"), set(&["e7", "e6", "e5", "d7", "f7", "d6", "f6", "c7", "g7"]));
    let p = pos(&with_kings(&[("e8", 's'), ("d7", 'Q'), ("g6", 'Z')]), "b - - 0 1 - --");
    assert_eq!(targets(&p, "e8"), set(&["e7", "e6", "e5", "f7", "d6", "f6", "g7", "c7", "d7", "g6"]));
}

#[test]
fn pawn_zigzags_forward_and_captures_straight_or_sideways() {
    let p = pos(&with_kings(&[("e4", 'P')]), "w - - 0 1 - --");
    assert_eq!(targets(&p, "e4"), set(&["d5", "f5", "c6", "e6", "g6"]));
    let p = pos(&with_kings(&[("e4", 'P'), ("d5", 'P'), ("e5", 'p'), ("f4", 'p'), ("d4", 'Z')]), "w - - 0 1 - --");
    assert_eq!(targets(&p, "e4"), set(&["f5", "e6", "g6", "e5", "f4", "d4"]));
    let p = pos(&with_kings(&[("e8", 'p')]), "b - - 0 1 - --");
    assert_eq!(targets(&p, "e8"), set(&["d7", "f7", "c6", "e6", "g6"]));
}

// ---- friendly capture ----

/// Each capturing piece (on e6, or e4 for squire and pawn) may take the
/// white pawn on `friend` but never its own king on `king`.
#[test]
fn every_piece_captures_friends_but_never_the_own_king() {
    let cases = [
        ("B", "e6", "f7", "g4", "- --"),
        ("C", "e6", "f8", "e3", "- --"),
        ("Z", "e6", "c9", "g3", "- --"),
        ("Q", "e6", "e8", "h6", "- --"),
        ("S", "e4", "d5", "g6", "- --"),
        ("P", "e4", "e5", "f4", "- --"),
        ("J", "e6", "c9", "g3", "- z-"),
    ];
    for (piece, at, friend, king, extra) in cases {
        let c = piece.chars().next().expect("a letter");
        let p = pos(&[(at, c), (friend, 'Z'), (king, 'K'), ("a11", 'k')], &format!("w - - 7 1 {extra}"));
        let t = targets(&p, at);
        assert!(t.contains(&friend.to_string()), "{piece} on {at} takes its own zebra on {friend}: {t:?}");
        assert!(!t.contains(&king.to_string()), "{piece} on {at} never takes its own king on {king}: {t:?}");
        assert!(
            Bede::attacks(&p, sq(at), p.piece_at(sq(at)).expect("a piece"), p.occupied()).contains(sq(king)),
            "{piece} does attack the square of its king"
        );
        let after = play(&p, &format!("{at}{friend}"));
        assert_eq!(after.by_color(Color::White).count(), 2, "{piece}: the zebra is gone");
        assert_eq!(after.halfmoves(), 0, "{piece}: a friendly capture restarts the halfmove clock");
        assert!(after.extra.escalated, "{piece}: taking a zebra (not a pawn) escalates");
    }
}

#[test]
fn the_king_captures_enemies_only() {
    let p = pos(&[("e6", 'K'), ("a11", 'k'), ("d7", 'P'), ("e7", 'Z'), ("f7", 'z')], "w - - 0 1 - --");
    assert_eq!(targets(&p, "e6"), set(&["d6", "f6", "f7"]), "not d7, e7 (friends); f7 the enemy zebra");
}

// ---- escalation ----

#[test]
fn backward_moves_are_refused_before_escalation_and_allowed_after() {
    let before = pos(&with_kings(&[("e6", 'B')]), "w - - 0 1 - --");
    assert_eq!(targets(&before, "e6"), set(&["d7", "c8", "b9", "a10", "f7", "g8", "h9", "i10", "c6", "g6", "e8"]));
    let after = pos(&with_kings(&[("e6", 'B')]), "w - - 0 1 e --");
    assert_eq!(targets(&after, "e6").len(), 20);
    // Black's own side is the top: its backward is up.
    let black = pos(&with_kings(&[("e6", 'b')]), "b - - 0 1 - --");
    assert_eq!(targets(&black, "e6"), set(&["d5", "c4", "b3", "a2", "f5", "g4", "h3", "i2", "c6", "g6", "e4"]));
}

#[test]
fn the_ban_is_judged_before_the_move_even_for_a_capture_or_a_check() {
    // e6-e4 would give check to c2 along the diagonal; e6xc4 would take a zebra.
    let p = pos(&[("i11", 'K'), ("c2", 'k'), ("e6", 'B'), ("c4", 'z')], "w - - 0 1 - --");
    let t = targets(&p, "e6");
    assert!(!t.contains(&"e4".to_string()) && !t.contains(&"c4".to_string()), "{t:?}");
}

#[test]
fn a_non_pawn_capture_by_friend_or_foe_escalates_a_pawn_capture_does_not() {
    for (victim, escalates) in [('S', true), ('z', true), ('j', true), ('J', true), ('p', false), ('P', false)] {
        let p = pos(&with_kings(&[("e6", 'Q'), ("e8", victim)]), "w - - 0 1 - --");
        let after = play(&p, "e6e8");
        assert_eq!(after.extra.escalated, escalates, "taking '{victim}'");
    }
    let p = pos(&with_kings(&[("e4", 'P'), ("e5", 'p')]), "w - - 0 1 - --");
    assert!(!play(&p, "e4e5").extra.escalated, "a pawn taking a pawn");
    let p = pos(&with_kings(&[("e4", 'P'), ("e5", 's')]), "w - - 0 1 - --");
    assert!(play(&p, "e4e5").extra.escalated, "a pawn taking a squire");
}

#[test]
fn a_check_escalates_at_once_so_the_king_may_retreat() {
    let p = pos(&[("i1", 'K'), ("e9", 'k'), ("c6", 'Q')], "w - - 0 1 - --");
    let after = play(&p, "c6c7");
    assert!(after.in_check());
    assert!(after.extra.escalated);
    assert!(after.fen().ends_with(" e -q"), "{}", after.fen());
    let t = targets(&after, "e9");
    assert!(t.contains(&"e10".to_string()) && t.contains(&"d10".to_string()), "Black's king retreats: {t:?}");
    // Once escalated, always: a quiet move keeps it.
    let later = play(&play(&after, "e9e10"), "i1h1");
    assert!(later.extra.escalated);
}

// ---- the Jester ----

#[test]
fn the_jester_cannot_move_before_the_opponent_has_moved() {
    let p = pos(&with_kings(&[("e6", 'J')]), "w - - 0 1 e --");
    assert!(targets(&p, "e6").is_empty());
    assert!(Bede::attacks(&p, sq("e6"), Piece::new(Color::White, JESTER), p.occupied()).is_empty());
}

/// The Jester moves exactly as a piece of its own side of the copied type
/// would, on the same square among the same pieces.
#[test]
fn the_jester_moves_as_the_copied_piece_of_its_own_side() {
    let others = [("e8", 'p'), ("c4", 'Z'), ("g7", 's'), ("d5", 'P')];
    for (letter, piece) in [('p', 'P'), ('s', 'S'), ('b', 'B'), ('c', 'C'), ('z', 'Z'), ('q', 'Q')] {
        for escalation in ["-", "e"] {
            let mut with_jester = with_kings(&others);
            with_jester.push(("e6", 'J'));
            let jester = pos(&with_jester, &format!("w - - 0 1 {escalation} {letter}-"));
            let mut with_piece = with_kings(&others);
            with_piece.push(("e6", piece));
            let real = pos(&with_piece, &format!("w - - 0 1 {escalation} --"));
            assert_eq!(targets(&jester, "e6"), targets(&real, "e6"), "Jester copying '{letter}', escalation {escalation}");
        }
    }
    // Black's Jester copying a pawn goes down the board.
    let p = pos(&with_kings(&[("e8", 'j')]), "b - - 0 1 - -p");
    assert_eq!(targets(&p, "e8"), set(&["d7", "f7", "c6", "e6", "g6"]));
}

#[test]
fn a_jester_copying_a_king_moves_like_one_but_never_captures_or_checks() {
    let p = pos(&with_kings(&[("e6", 'J'), ("d7", 'z'), ("f6", 'P')]), "w - - 0 1 e k-");
    assert_eq!(targets(&p, "e6"), set(&["e7", "f7", "d6", "d5", "e5", "f5"]), "not d7 (an enemy), not f6 (a friend)");
    // Next to the enemy king: no check, and the squares around it are not guarded.
    let p = pos(&[("e1", 'K'), ("a11", 'k'), ("e2", 'j')], "w - - 0 1 - -k");
    assert!(!p.in_check(), "a king-Jester next to the king gives no check");
    let p = pos(&[("e1", 'K'), ("a11", 'k'), ("d3", 'j')], "w - - 0 1 - -k");
    let t = targets(&p, "e1");
    assert!(t.contains(&"e2".to_string()) && t.contains(&"d2".to_string()), "{t:?}");
    // Even a queen-Jester does not: once the king has moved, the Jester
    // copies the king (the ruling judges legality with the powers of the
    // piece just moved).
    let p = pos(&[("e1", 'K'), ("a11", 'k'), ("d3", 'j')], "w - - 0 1 - -q");
    let t = targets(&p, "e1");
    assert!(t.contains(&"e2".to_string()) && t.contains(&"d2".to_string()), "{t:?}");
    // A white queen moving leaves Black's Jester a queen: standing between
    // it and the king, the queen may only take it.
    let p = pos(&[("e1", 'K'), ("a11", 'k'), ("e3", 'j'), ("e2", 'Q')], "w - - 0 1 e -z");
    assert_eq!(targets(&p, "e2"), set(&["e3"]));
}

#[test]
fn the_jester_copies_the_piece_just_moved() {
    let start = Position::<Bede>::start();
    assert_eq!(play(&start, "e3d4").extra.jesters, [None, Some(Role::Pawn)]);
    let squire = play(&play(&play(&start, "e3d4"), "e9f8"), "e2e3");
    assert_eq!(squire.extra.jesters, [Some(Role::Pawn), Some(SQUIRE)]);
    let p = pos(&[("i1", 'K'), ("a11", 'k'), ("e6", 'J'), ("h9", 'p'), ("b10", 'z')], "b - - 0 1 - --");
    // A king move: the Jester then moves as a king (see above).
    assert_eq!(play(&p, "a11b11").extra.jester(Color::White), Some(Role::King));
    assert_eq!(play(&p, "b10d7").extra.jester(Color::White), Some(ZEBRA));
    let after = play(&p, "h9g8");
    assert_eq!(after.extra.jester(Color::White), Some(Role::Pawn));
    assert_eq!(targets(&after, "e6"), set(&["d7", "f7", "c8", "e8"]), "a white pawn's moves from e6 (g8 is taken by the pawn just moved)");
}

#[test]
fn a_jester_copying_the_enemy_jester_copies_its_copy() {
    let p = pos(&with_kings(&[("e6", 'J'), ("e9", 'j')]), "w - - 0 1 e z-");
    let after = play(&p, "e6g9");
    assert_eq!(after.fen().split(' ').next_back(), Some("zz"));
    assert_eq!(targets(&after, "e9"), set(&["c6", "g6", "b7", "h7", "b11", "h11"]));
}

#[test]
fn a_promotion_is_copied_as_the_bede_and_a_jester_never_promotes() {
    let p = pos(&with_kings(&[("e9", 'S'), ("d9", 'P'), ("c3", 'p')]), "w - - 0 1 - --");
    let squire = play(&p, "e9e10");
    assert_eq!(squire.piece_at(sq("e10")), Some(Piece::new(Color::White, BEDE)));
    assert_eq!(squire.extra.jester(Color::Black), Some(BEDE));
    let pawn = play(&p, "d9c10");
    assert_eq!(pawn.piece_at(sq("c10")), Some(Piece::new(Color::White, BEDE)));
    let black = play(&pawn, "c3b2");
    assert_eq!(black.piece_at(sq("b2")), Some(Piece::new(Color::Black, BEDE)), "Black promotes on its 10th rank");
    assert_eq!(black.extra.jester(Color::White), Some(BEDE));
    let p = pos(&with_kings(&[("e9", 'J')]), "w - - 0 1 - p-");
    let jester = play(&p, "e9d10");
    assert_eq!(jester.piece_at(sq("d10")), Some(Piece::new(Color::White, JESTER)));
    assert_eq!(jester.extra.jester(Color::Black), Some(Role::Pawn), "it moved as a pawn");
    assert_eq!(jester.halfmoves(), 1, "a Jester's move is not a pawn move");
}

// ---- check with the Jester's powers, mate and stalemate ----

#[test]
fn the_enemy_jester_checks_with_the_powers_of_the_piece_moved_last() {
    for (power, check) in [('c', true), ('b', true), ('q', true), ('z', false), ('k', false), ('-', false)] {
        let text = fen(&[("e1", 'K'), ("a11", 'k'), ("e3", 'j')], &format!("w - - 0 1 e -{power}"));
        let p = Position::<Bede>::from_fen(&text).expect("valid");
        assert_eq!(p.in_check(), check, "Black's Jester copying '{power}'");
    }
}

#[test]
fn a_move_is_illegal_if_the_enemy_jester_copying_it_would_attack_the_king() {
    // The chancellor leaving the e-file lets Black's Jester, now a chancellor, take e1.
    let p = pos(&[("e1", 'K'), ("a11", 'k'), ("e3", 'C'), ("e5", 'j')], "w - - 0 1 e -z");
    assert_eq!(targets(&p, "e3"), set(&["e2", "e4", "e5"]));
    // A Bede leaving: the Jester as a Bede does not reach e1.
    let p = pos(&[("e1", 'K'), ("a11", 'k'), ("e3", 'B'), ("e5", 'j')], "w - - 0 1 e -z");
    assert!(targets(&p, "e3").contains(&"f4".to_string()));
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let mate = pos(&[("a1", 'K'), ("c3", 'k'), ("b2", 'q')], "w - - 0 1 e --");
    assert_eq!(outcome(&mate), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
    let stale = pos(&[("a1", 'K'), ("i11", 'k'), ("c2", 'q')], "w - - 0 1 - --");
    assert_eq!(outcome(&stale), Some(Outcome::Draw(DrawReason::Stalemate)));
    // A Jester copying White's last move (a queen) checks; but whatever
    // the king does, the Jester then copies a king and attacks nothing, so
    // the king escapes to the squares it attacked (b2 stays guarded by c3).
    let jester_check = pos(&[("a1", 'K'), ("c3", 'k'), ("b2", 'j')], "w - - 0 1 e -q");
    assert!(jester_check.in_check());
    assert_eq!(targets(&jester_check, "a1"), set(&["a2", "b1"]));
    assert_eq!(outcome(&jester_check), None);
    let not_mate = pos(&[("a1", 'K'), ("c3", 'k'), ("b2", 'j')], "w - - 0 1 e -z");
    assert_eq!(outcome(&not_mate), None, "a zebra-Jester on b2 does not check; the king takes it");
}

/// Random games: the kept hash equals one made from scratch, every FEN reads
/// back, every move's text reads back as the move, and no move panics.
#[test]
fn random_games_keep_hash_fen_and_move_text_in_step() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..10 {
        let mut p = Position::<Bede>::start();
        for _ in 0..80 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                assert!(outcome(&p).is_some());
                break;
            }
            for &mv in &moves {
                let text = chesslantis_core::notation::uci::<Bede>(mv, false);
                assert_eq!(parse_uci(&p, &text), Ok(mv), "{text}");
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            let san = chesslantis_core::notation::san(&p, mv);
            assert_eq!(Bede::parse_move(&p, &san), Ok(mv), "{san} in {}", p.fen());
            p.play(mv);
            assert_eq!(p.hash(), p.hash_from_scratch());
            assert_eq!(Position::<Bede>::from_fen(&p.fen()).as_ref(), Ok(&p), "{}", p.fen());
        }
    }
}

/// Mangled FENs and move texts get errors or read back; nothing panics.
#[test]
fn mangled_fen_and_move_text_never_panic() {
    let alphabet: Vec<char> = "kqcbzjspKQCBZJSPnN0123456789/ -ewxe".chars().collect();
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let start = Position::<Bede>::start().fen();
    for _ in 0..3000 {
        let mut chars: Vec<char> = start.chars().collect();
        for _ in 0..1 + next() % 3 {
            let i = (next() % chars.len() as u64) as usize;
            let c = alphabet[(next() % alphabet.len() as u64) as usize];
            match next() % 3 {
                0 => chars[i] = c,
                1 => chars.insert(i, c),
                _ => {
                    chars.remove(i);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Position::<Bede>::from_fen(&text) {
            assert_eq!(Position::<Bede>::from_fen(&p.fen()).as_ref(), Ok(&p), "{text}");
            let _ = p.legal_moves();
        }
    }
    let p = Position::<Bede>::start();
    for text in ["", "e3", "e3e3", "e3d4b", "j1j2", "a0a1", "e3d4d5", "Jf1f2", "zz", "a12a11", "e2e3"] {
        assert!(Bede::parse_move(&p, text).is_err(), "{text}");
    }
}

// ---- the Jester after each kind of move of the opponent ----

/// Black moves each kind of piece in turn; White's Jester on e5 then moves
/// exactly as a white piece of the kind Black just moved would there (a
/// promoted pawn: a Bede; Black's Jester: what it copied), and the FEN's
/// Jester field says so.
#[test]
fn the_jester_after_each_kind_of_last_move() {
    let black = [
        ("g9", 'p'),
        ("c10", 's'),
        ("a8", 'b'),
        ("h11", 'c'),
        ("b3", 'z'),
        ("h7", 'q'),
        ("a4", 'j'),
        ("d3", 'p'),
    ];
    let mut pieces = vec![("i1", 'K'), ("a11", 'k'), ("e5", 'J'), ("f6", 'p'), ("d4", 'P'), ("e7", 'z')];
    pieces.extend(black);
    // Black's Jester copies a chancellor (White moved one last).
    let p = pos(&pieces, "b - - 0 1 e -c");
    let cases = [
        ("g9f8", 'p'),
        ("c10c9", 's'),
        ("a8b7", 'b'),
        ("h11h10", 'c'),
        ("b3d6", 'z'),
        ("h7h8", 'q'),
        ("a4a6", 'c'),
        ("d3c2", 'b'),
    ];
    for (mv, copied) in cases {
        let after = play(&p, mv);
        let field = after.fen().split(' ').next_back().map(str::to_string);
        assert_eq!(field, Some(format!("{copied}c")), "after {mv}");
        // The same board with a real white piece of the copied kind on e5.
        let real_fen = after.fen().replacen('J', &copied.to_ascii_uppercase().to_string(), 1);
        let real = Position::<Bede>::from_fen(&real_fen).unwrap_or_else(|e| panic!("{real_fen}: {e}"));
        assert_eq!(targets(&after, "e5"), targets(&real, "e5"), "after {mv} the Jester moves as a white '{copied}'");
        assert!(!targets(&after, "e5").is_empty(), "after {mv}");
    }
    // A king move: king steps onto empty squares; neither d4 (a friend)
    // nor f6 (an enemy) is taken.
    let after = play(&p, "a11b11");
    assert_eq!(after.extra.jester(Color::White), Some(Role::King));
    assert_eq!(targets(&after, "e5"), set(&["d6", "e6", "d5", "f5", "e4", "f4"]));
}

/// The enemy Jester keeps the powers of the piece just moved while the
/// mover's king stands: a move that lets it attack the king is refused,
/// for each kind of piece that could be moved.
#[test]
fn a_move_is_illegal_when_the_enemy_jester_would_copy_it_into_an_attack() {
    // Black's Jester on e6 faces the white king on e1 down the open e-file;
    // it attacks the king only as a piece of the kind White moves.
    let p = pos(&[("e1", 'K'), ("h11", 'k'), ("e6", 'j'), ("a3", 'Q'), ("c5", 'C'), ("i4", 'B'), ("i8", 'Z')], "w - - 0 1 e -p");
    // A queen or chancellor move gives the Jester a rook line to e1: only
    // blocking the file (or taking the Jester) is legal.
    assert_eq!(targets(&p, "a3"), set(&["e3"]));
    assert_eq!(targets(&p, "c5"), set(&["e5", "e4", "e6"]));
    // A Bede or Zebra move leaves the Jester a Bede or Zebra: no attack on e1.
    assert!(!targets(&p, "i4").is_empty());
    assert!(!targets(&p, "i8").is_empty());
}

// ---- escalation by either side ----

#[test]
fn black_escalates_too_by_a_non_pawn_capture_friend_or_foe_or_a_check() {
    let base = [("i1", 'K'), ("a11", 'k'), ("e6", 'q'), ("e4", 'S'), ("c6", 'z'), ("g6", 'P')];
    let p = pos(&base, "b - - 0 1 - --");
    assert!(play(&p, "e6e4").extra.escalated, "Black takes a white squire");
    assert!(play(&p, "e6c6").extra.escalated, "Black takes its own zebra");
    assert!(!play(&p, "e6g6").extra.escalated, "Black takes a white pawn: not yet");
    assert!(!play(&p, "e6d5").extra.escalated, "a quiet move");
    let check = play(&p, "e6e5");
    assert!(check.in_check() && check.extra.escalated, "Black gives check");
    // A pawn taking a friendly pawn does not escalate either.
    let p = pos(&[("i1", 'K'), ("a11", 'k'), ("e6", 'p'), ("e5", 'p')], "b - - 0 1 - --");
    assert!(!play(&p, "e6e5").extra.escalated);
}

#[test]
fn a_check_by_the_jester_or_a_discovered_check_escalates() {
    // White's Jester, copying a queen, gives check from e8.
    let p = pos(&[("i1", 'K'), ("e11", 'k'), ("c5", 'J')], "w - - 0 1 - q-");
    let after = play(&p, "c5c9");
    assert!(after.in_check() && after.extra.escalated);
    // The squire steps off the queen's file: a discovered check.
    let p = pos(&[("i1", 'K'), ("e10", 'k'), ("e3", 'Q'), ("e6", 'S')], "w - - 0 1 - --");
    let after = play(&p, "e6f7");
    assert!(after.in_check() && after.extra.escalated);
    // So the king may step back (for Black, up the board).
    assert!(targets(&after, "e10").contains(&"d11".to_string()), "{:?}", targets(&after, "e10"));
}
