//! Circe Chess as the Newport Chess Club plays it (not classic Circe): a
//! captured piece is reborn at once on an empty start square of its own type
//! on its own side, a captured pawn on any empty square of its owner's 5th to
//! 7th rank, and the capturer chooses the square. The choice is part of the
//! capturing move (its `Move::choice`), so a capture with three possible squares
//! is three legal moves; with no empty square the piece is gone (the choice
//! is `None`). Legality is judged after the rebirth. Kings are never captured.

pub mod events;

pub use events::CirceEvent;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::MoveError;
use crate::event::Event;
use crate::game::{DrawReason, Outcome};
use crate::position;
use crate::movegen;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::variant::{self, Variant};
use crate::variants::chess::Chess;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Circe;

/// Where a captured `piece` may be reborn on an empty board: for a pawn its
/// owner's 5th, 6th and 7th ranks; for a piece the start squares of its type
/// on its owner's first rank (bishops on both c and f, whatever the square
/// colour; a promoted piece counts as what it is now).
pub fn rebirth_squares(piece: Piece) -> Bitboard {
    let g = Circe::geometry();
    let own_rank = |n: u8| g.relative_rank(piece.color, n);
    let home = |files: &[u8]| files.iter().fold(Bitboard::EMPTY, |acc, &f| acc | g.file(f)) & own_rank(0);
    match piece.role {
        Role::Pawn => own_rank(4) | own_rank(5) | own_rank(6),
        Role::Rook => home(&[0, 7]),
        Role::Knight => home(&[1, 6]),
        Role::Bishop => home(&[2, 5]),
        Role::Queen => home(&[3]),
        _ => Bitboard::EMPTY,
    }
}

impl Variant for Circe {
    const ID: &'static str = "circe";
    const NAME: &'static str = "Circe Chess (Newport club rules)";
    const SHORT_NAME: &'static str = "Circe (Newport rules)";
    const FAMILY: Option<&'static str> = Some("Newport club");
    const COMMANDS: &'static str = "e4d5@a4      a capture with the rebirth square of the captured piece; type the capture alone and you are asked where";
    type Extra = ();

    fn start_fen() -> &'static str {
        Chess::start_fen()
    }

    /// The chess moves, each capture expanded into one move per empty rebirth
    /// square, kept when the mover's king is safe after the rebirth (a reborn
    /// piece may block a check, or give one to the capturer).
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        let us = pos.turn();
        let mut chess_moves = Vec::with_capacity(64);
        movegen::pseudo_legal(pos, &mut chess_moves);
        for mv in chess_moves {
            let mut after = pos.clone();
            let effect = position::play_standard(&mut after, mv);
            let victim = effect.captured.map(|(_, piece)| piece);
            let homes = victim.map_or(Bitboard::EMPTY, |v| rebirth_squares(v) & !after.occupied());
            match victim {
                Some(victim) if homes.any() => {
                    for home in homes {
                        let mut reborn = after.clone();
                        reborn.put(home, victim);
                        if !reborn.king_attacked(us) {
                            out.push(mv.with_choice(home));
                        }
                    }
                }
                _ if !after.king_attacked(us) => out.push(mv),
                _ => {}
            }
        }
    }

    /// A captured bishop may come back on the other square colour (c1 and f1
    /// differ), so bishops all on one colour are no dead position here; a
    /// lone minor piece still is.
    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        let minors = pos.by_role(Role::Bishop) | pos.by_role(Role::Knight);
        match variant::standard_outcome(pos, has_legal_move) {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)) if minors.more_than_one() => None,
            other => other,
        }
    }

    /// Only a bare king cannot win: it never gets a piece back (only a
    /// captured piece is reborn, on its owner's side) and a king gives no
    /// check. Chess's minor-piece rules do not carry over: a captured bishop
    /// may come back on the other square colour, and a capture is illegal
    /// when every rebirth square of the taken piece checks the capturer.
    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        !variant::bare_king(pos, color)
    }

    /// The move, its capture, where the captured piece is reborn, and check.
    fn move_events(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Vec<Event> {
        let mut events = vec![variant::moved_event(before, mv)];
        if let Some((sq, piece)) = variant::standard_capture(before, mv) {
            events.push(Event::Captured { piece, square: variant::square_text::<Self>(sq) });
            if let Some(home) = mv.choice {
                events.push(Event::own(CirceEvent::Reborn { piece, square: variant::square_text::<Self>(home) }));
            }
        }
        events.extend(variant::check_event(after));
        events
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        let effect = position::play_standard(pos, mv);
        if let (Some(home), Some((_, victim))) = (mv.choice, effect.captured) {
            // The square was empty when the move was found legal; castling
            // rights are never given back (a reborn rook cannot castle).
            pos.put(home, victim);
        }
    }

    /// The rebirth square as a UI offers it with the capture.
    fn choice_text(square: &str) -> String {
        format!("reborn {square}")
    }

    /// A capture typed without its rebirth square is read when there is only
    /// one square to choose. Otherwise, and for a rebirth square that is not
    /// a legal one, the error says why and lists the full move texts.
    fn parse_move(pos: &Position<Self>, text: &str) -> Result<Move, MoveError> {
        let error = match notation::parse_move(pos, text) {
            Ok(mv) => return Ok(mv),
            Err(e) => e,
        };
        let typed = text.trim();
        let (base, typed_rebirth) = match typed.split_once('@') {
            Some((base, rebirth)) => (base, Some(rebirth)),
            None => (typed, None),
        };
        let base = without_marks(base);
        let choices: Vec<Move> =
            pos.legal_moves().into_iter().filter(|&mv| written_without_rebirth(pos, mv).contains(&base)).collect();
        let Some(&first) = choices.first() else { return Err(error) };
        let victim = position::play_standard(&mut pos.clone(), first).captured.map(|(_, piece)| piece.role.name());
        let why = match (victim, typed_rebirth, first.choice) {
            (_, None, _) if choices.len() == 1 => return Ok(first),
            (None, _, _) => "nothing is captured, so nothing is reborn".to_string(),
            (Some(victim), None, _) => format!("choose where the captured {victim} is reborn"),
            (Some(victim), Some(square), Some(_)) => format!("the captured {victim} cannot be reborn on {square}"),
            (Some(victim), Some(_), None) => format!("the captured {victim} has no empty square to be reborn on"),
        };
        Err(MoveError::Choose {
            text: typed.to_string(),
            why,
            options: choices.iter().map(|&mv| notation::uci::<Circe>(mv, false)).collect(),
        })
    }
}

/// The ways a player might write `mv` leaving out its rebirth: UCI and SAN.
fn written_without_rebirth(pos: &Position<Circe>, mv: Move) -> [String; 2] {
    let uci = notation::uci::<Circe>(Move { choice: None, ..mv }, false);
    let san = notation::san(pos, mv);
    let san = san.split('@').next().unwrap_or_default();
    [uci, without_marks(san)]
}

/// SAN without what readers ignore: the capture sign and check marks.
fn without_marks(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, 'x' | '+' | '#')).collect()
}
