//! Move text: UCI long algebraic (read and write) and SAN (read and write).
//! See docs/notation.md.

use crate::error::MoveError;
use crate::position::{castle_side, castle_targets};
use crate::moves::{Move, MoveKind};
use crate::position::{Position, KING_SIDE};
use crate::role::Role;
use crate::square::Square;
use crate::variant::Variant;

/// UCI text of a move: `e2e4`, `e7e8q`, `a9a10q`, `e4d5@a4` (a square chosen with the move),
/// `d5d5` (a piece acting in place, its square twice). Castling is the
/// king's move (`e1g1`), or with `chess960` king-takes-rook (`e1h1`).
pub fn uci<V: Variant>(mv: Move, chess960: bool) -> String {
    let s = V::SHAPE;
    // (A move off the board, from bad input, is written as it is.)
    let to = if mv.kind == MoveKind::Castle && !chess960 && s.contains(mv.from) {
        castle_targets::<V>(mv.from, castle_side::<V>(mv)).0
    } else {
        mv.to
    };
    let mut out = format!("{}{}", s.name(mv.from), s.name(to));
    if let Some(role) = mv.promotion {
        out.push(V::letters().letter(role).unwrap_or('?'));
    }
    if let Some(sq) = mv.choice {
        out.push('@');
        out.push_str(&s.name(sq).to_string());
    }
    out
}

/// The parts of a UCI move text.
struct UciParts {
    from: Square,
    to: Square,
    promotion: Option<Role>,
    choice: Option<Square>,
}

fn split_uci<V: Variant>(text: &str) -> Option<UciParts> {
    let s = V::SHAPE;
    let (main, choice) = match text.split_once('@') {
        Some((m, r)) => (m, Some(s.parse(r)?)),
        None => (text, None),
    };
    // Squares are a file letter and a rank (after a board letter where there
    // are several boards: `Le2Le4`).
    let (from, rest) = s.parse_prefix(main)?;
    let (to, promo_text) = s.parse_prefix(rest)?;
    let promotion = match promo_text.len() {
        0 => None,
        1 => Some(V::letters().role(promo_text.chars().next()?)?),
        _ => return None,
    };
    Some(UciParts { from, to, promotion, choice })
}

/// Reads a UCI move and finds it among the legal moves.
pub fn parse_uci<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, MoveError> {
    let parts = split_uci::<V>(text).ok_or_else(|| MoveError::Malformed(text.to_string()))?;
    pos.legal_moves()
        .into_iter()
        .find(|&mv| {
            let castle_to_king = mv.kind == MoveKind::Castle
                && castle_targets::<V>(mv.from, castle_side::<V>(mv)).0 == parts.to;
            mv.from == parts.from
                && (mv.to == parts.to || castle_to_king)
                && mv.promotion == parts.promotion
                && mv.choice == parts.choice
        })
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

/// SAN of a legal move: `Nf3`, `exd5`, `e8=Q`, `O-O`, `Rad1+`, `Qh7#`;
/// a square chosen with the move is added as `@a4`; a move in place is
/// written as its variant says.
pub fn san<V: Variant>(pos: &Position<V>, mv: Move) -> String {
    san_text(pos, mv, true)
}

/// SAN, with or without the origin file or rank that tells rival pieces apart.
fn san_text<V: Variant>(pos: &Position<V>, mv: Move, disambiguate: bool) -> String {
    let s = V::SHAPE;
    let mut out = String::new();
    let piece = pos.piece_at(mv.from);
    match mv.kind {
        MoveKind::Castle => out.push_str(if castle_side::<V>(mv) == KING_SIDE { "O-O" } else { "O-O-O" }),
        MoveKind::InPlace => out.push_str(&V::in_place_text(&s.name(mv.from).to_string()).1),
        _ => {
            let role = piece.map_or(Role::Pawn, |p| p.role);
            let capture = V::is_capture(pos, mv);
            let rivals: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    disambiguate
                        && m.to == mv.to
                        && m.from != mv.from
                        && m.kind != MoveKind::Castle
                        && pos.piece_at(m.from).map(|p| p.role) == Some(role)
                })
                .collect();
            if role != Role::Pawn {
                out.push(V::letters().letter(role).unwrap_or('?').to_ascii_uppercase());
            }
            // A pawn capture always names its file; a pawn step needs it only
            // where two pawns can step to one square (where pawns jump).
            if !rivals.is_empty() || (role == Role::Pawn && capture) {
                let same_file = rivals.iter().any(|m| s.file(m.from) == s.file(mv.from));
                let same_rank = rivals.iter().any(|m| s.rank(m.from) == s.rank(mv.from));
                if !same_file {
                    out.push((b'a' + s.file(mv.from)) as char);
                } else if !same_rank {
                    out.push_str(&(s.rank(mv.from) as u32 + 1).to_string());
                } else {
                    out.push_str(&s.name(mv.from).to_string());
                }
            }
            if capture {
                out.push('x');
            }
            out.push_str(&s.name(mv.to).to_string());
            if let Some(role) = mv.promotion {
                out.push('=');
                out.push(V::letters().letter(role).unwrap_or('?').to_ascii_uppercase());
            }
            if let Some(sq) = mv.choice {
                out.push('@');
                out.push_str(&s.name(sq).to_string());
            }
        }
    }
    if V::CHECK_RULES {
        let next = pos.after(mv);
        if next.in_check() {
            out.push(if next.legal_moves().is_empty() { '#' } else { '+' });
        }
    }
    out
}

/// Strips what SAN readers ignore: check marks, annotations, `0-0` for `O-O`.
fn normalise_san(text: &str) -> String {
    text.trim_end_matches(['+', '#', '!', '?']).replace('0', "O")
}

/// Reads SAN by comparing with the SAN of every legal move.
pub fn parse_san<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, MoveError> {
    let wanted = normalise_san(text);
    if wanted.is_empty() {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let fits = |disambiguate: bool| -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|&mv| {
                let candidate = normalise_san(&san_text(pos, mv, disambiguate));
                candidate == wanted || candidate.replace('x', "") == wanted.replace('x', "")
            })
            .collect()
    };
    let mut matches = fits(true);
    if matches.is_empty() {
        // `Nd2` when knights on b1 and f1 both go there: ambiguous, not illegal.
        matches = fits(false);
    }
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] if pawn_steps_to(pos, &wanted) > 1 => Err(MoveError::Ambiguous(text.to_string())),
        [] => Err(MoveError::Illegal(text.to_string())),
        _ => Err(MoveError::Ambiguous(text.to_string())),
    }
}

/// How many pawns can step (not capture) to the square of a bare `e4`: more
/// than one where pawns jump, when `e4` alone is ambiguous.
fn pawn_steps_to<V: Variant>(pos: &Position<V>, wanted: &str) -> usize {
    pos.legal_moves()
        .into_iter()
        .filter(|&mv| {
            mv.promotion.is_none()
                && pos.piece_at(mv.from).is_some_and(|p| p.role == Role::Pawn)
                && pos.piece_at(mv.to).is_none()
                && mv.kind != MoveKind::EnPassant
                && V::SHAPE.name(mv.to).to_string() == wanted
        })
        .count()
}

/// Reads a move in UCI or SAN. A text that is no legal move gets an error
/// saying why where it can: the missing promotion piece, why castling is
/// not allowed, the candidates of an ambiguous text, a king left in check.
pub fn parse_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    match parse_uci(pos, text) {
        Ok(mv) => Ok(mv),
        Err(MoveError::Illegal(t)) => match parse_san(pos, text) {
            Ok(mv) => Ok(mv),
            Err(_) => Err(split_uci::<V>(text).map_or(MoveError::Illegal(t.clone()), |parts| why_not_uci(pos, &t, &parts))),
        },
        Err(_) => match parse_san(pos, text) {
            Err(MoveError::Illegal(t)) => match why_not_san(pos, &t) {
                MoveError::Illegal(_) if !text.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                    Err(MoveError::Malformed(text.to_string()))
                }
                why => Err(why),
            },
            Err(MoveError::Ambiguous(t)) => Err(ambiguity(pos, &t)),
            other => other,
        },
    }
}

/// Why a well-formed UCI text is no legal move.
fn why_not_uci<V: Variant>(pos: &Position<V>, text: &str, parts: &UciParts) -> MoveError {
    let s = V::SHAPE;
    let us = pos.turn();
    let legal = pos.legal_moves();
    let promotions: Vec<String> = legal
        .iter()
        .filter(|mv| mv.from == parts.from && mv.to == parts.to && mv.promotion.is_some() && parts.promotion.is_none())
        .map(|&mv| uci::<V>(mv, false))
        .collect();
    if !promotions.is_empty() {
        let why = "needs a promotion piece".to_string();
        return MoveError::Choose { text: text.to_string(), why, options: promotions };
    }
    let refused = |why: String| MoveError::Refused { text: text.to_string(), why };
    let Some(piece) = pos.piece_at(parts.from) else {
        return refused(format!("there is no piece on {}", s.name(parts.from)));
    };
    if piece.color != us {
        return refused(format!("the {} on {} is {}'s; {us} is to move", piece.role.name(), s.name(parts.from), piece.color));
    }
    if piece.role == Role::King {
        for side in [KING_SIDE, crate::position::QUEEN_SIDE] {
            let king_to = castle_targets::<V>(parts.from, side).0;
            let two_files = s.file(king_to).abs_diff(s.file(parts.from)) >= 2;
            if (parts.to == king_to && two_files) || pos.castling_rook(us, side) == Some(parts.to) {
                return refused(castling_refusal(pos, side));
            }
        }
    }
    let mut pseudo = Vec::new();
    crate::movegen::pseudo_legal(pos, &mut pseudo);
    let reachable = pseudo.iter().find(|mv| mv.from == parts.from && mv.to == parts.to);
    if let Some(&mv) = reachable.filter(|_| V::CHECK_RULES) {
        let mut after = pos.clone();
        crate::position::play_standard(&mut after, mv);
        if after.king_attacked(us) {
            return refused("it would leave your king in check".into());
        }
    }
    if reachable.is_none() {
        let (role, from, to) = (piece.role.name(), s.name(parts.from), s.name(parts.to));
        return refused(format!("the {role} on {from} cannot move to {to}"));
    }
    MoveError::Illegal(text.to_string())
}

/// Why a SAN text is no legal move, where it can tell (castling).
fn why_not_san<V: Variant>(pos: &Position<V>, text: &str) -> MoveError {
    let side = match normalise_san(text).as_str() {
        "O-O" => KING_SIDE,
        "O-O-O" => crate::position::QUEEN_SIDE,
        _ => return MoveError::Illegal(text.to_string()),
    };
    MoveError::Refused { text: text.to_string(), why: castling_refusal(pos, side) }
}

/// Why the side to move may not castle on `side`.
fn castling_refusal<V: Variant>(pos: &Position<V>, side: usize) -> String {
    let us = pos.turn();
    let other = 1 - side;
    let name = if side == KING_SIDE { "king side" } else { "queen side" };
    let (Some(king), Some(rook)) = (pos.king(us), pos.castling_rook(us, side)) else {
        return match pos.castling_rook(us, other) {
            None => "castling is not allowed: the king has moved (no castling rights left)".into(),
            Some(_) => format!("castling {name} is not allowed: that rook has moved"),
        };
    };
    let g = V::geometry();
    let (king_to, rook_to) = castle_targets::<V>(king, side);
    let king_path = g.between(king, king_to).with(king_to);
    let movers = crate::bitboard::Bitboard::from_square(king).with(rook);
    let blockers = (king_path | g.between(rook, rook_to).with(rook_to)) & !movers & pos.occupied();
    if blockers.any() {
        let squares: Vec<String> = blockers.map(|sq| V::SHAPE.name(sq).to_string()).collect();
        return format!("castling {name} is not allowed: the squares between king and rook must be empty ({})", squares.join(", "));
    }
    if V::CHECK_RULES {
        let without_movers = pos.occupied() & !movers;
        if V::attackers(pos, king, !us, pos.occupied()).any() {
            return "castling is not allowed out of check".into();
        }
        if let Some(sq) = king_path.without(king_to).into_iter().find(|&sq| V::attackers(pos, sq, !us, without_movers).any()) {
            return format!("castling {name} is not allowed: the king would pass through check on {}", V::SHAPE.name(sq));
        }
        return format!("castling {name} is not allowed: the king would land in check on {}", V::SHAPE.name(king_to));
    }
    format!("castling {name} is not allowed here")
}

/// An ambiguous SAN text with its candidates, each in SAN that tells them apart.
fn ambiguity<V: Variant>(pos: &Position<V>, text: &str) -> MoveError {
    let wanted = normalise_san(text).replace('x', "");
    let options: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|&mv| {
            let plain = normalise_san(&san_text(pos, mv, false)).replace('x', "");
            plain == wanted
        })
        .map(|mv| san(pos, mv))
        .collect();
    let why = "fits more than one legal move".to_string();
    MoveError::Choose { text: text.to_string(), why, options }
}
