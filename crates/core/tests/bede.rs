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
