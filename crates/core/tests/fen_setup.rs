//! FEN in two steps, as shakmaty reads it: `Setup::parse` reads the fields
//! as written, `Position::from_setup` checks them against the rules; every
//! error names the field at fault.

use chesslantis_core::fen::Setup;
use chesslantis_core::variants::{Bede, Chess};
use chesslantis_core::{Color, FenError, Piece, Position, Role, Variant};

#[test]
fn a_setup_holds_the_fields_as_written() {
    let setup = Setup::<Chess>::parse("4k3/8/8/8/8/8/8/4K2R b K - 7 30").unwrap();
    assert_eq!(setup.pieces.len(), 3);
    assert!(setup.pieces.contains(&(Chess::SHAPE.parse("h1").unwrap(), Piece::new(Color::White, Role::Rook))));
    assert_eq!((setup.turn, setup.castling.clone(), setup.ep_square), (Color::Black, vec!["K".to_string()], None));
    assert_eq!((setup.halfmoves, setup.fullmoves), (7, 30));
    let pos = Position::from_setup(setup).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 7 30");
}

/// A setup that reads can still break a rule: the check is the second step's.
#[test]
fn reading_and_keeping_the_rules_are_two_steps() {
    let no_king = Setup::<Chess>::parse("8/8/8/8/8/8/8/4K3 w - - 0 1").expect("every field reads");
    assert!(matches!(Position::from_setup(no_king), Err(FenError::Illegal(_))));
    let no_rook = Setup::<Chess>::parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1").expect("'K' is a castling right");
    assert!(matches!(Position::from_setup(no_rook), Err(FenError::Castling(m)) if m.contains("no White rook")));
    let no_double_step = Setup::<Chess>::parse("4k3/8/8/8/8/8/8/4K3 b - e3 0 1").expect("e3 is a square");
    assert!(matches!(Position::from_setup(no_double_step), Err(FenError::EnPassant(_))));
}

/// Whether an error names the field a case spoils.
type NamesItsField = fn(&FenError) -> bool;

#[test]
fn each_error_names_its_field() {
    let cases: [(&str, NamesItsField); 9] = [
        ("8/8/8/8/8/8/8/8", |e| *e == FenError::MissingFields),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", |e| matches!(e, FenError::Board(_))),
        ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", |e| matches!(e, FenError::Board(_))),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", |e| matches!(e, FenError::Turn(_))),
        ("4k3/8/8/8/8/8/8/4K3 w Z - 0 1", |e| matches!(e, FenError::Castling(_))),
        ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", |e| matches!(e, FenError::EnPassant(_))),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", |e| matches!(e, FenError::Counter(_))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", |e| matches!(e, FenError::Counter(_))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 surplus", |e| matches!(e, FenError::VariantField(_))),
    ];
    for (fen, names_its_field) in cases {
        let err = Position::<Chess>::from_fen(fen).unwrap_err();
        assert!(names_its_field(&err), "{fen}: {err:?}");
        assert_eq!(err.to_string(), format!("bad position: {}", err.message()));
    }
}

/// A variant's own fields are read with the rest; its own rules checked after.
#[test]
fn a_variants_fields_and_rules_have_their_kinds() {
    let bad_jester = Setup::<Bede>::parse("4k4/9/9/9/9/9/9/9/9/9/4K4 w - - 0 1 - xx");
    assert!(matches!(bad_jester, Err(FenError::VariantField(m)) if m.contains("Jester field 'xx'")));
    let en_passant = Position::<Bede>::from_fen("4k4/9/9/9/9/9/9/9/9/9/4K4 w - e3 0 1 - --");
    assert!(matches!(&en_passant, Err(FenError::EnPassant(_))), "{en_passant:?}");
    let in_check = Position::<Bede>::from_fen("4k4/9/9/9/9/9/9/9/9/4q4/4K4 w - - 0 1 - --");
    assert!(matches!(&in_check, Err(FenError::VariantField(m)) if m.contains("escalation field")), "{in_check:?}");
    let no_king = Position::<Bede>::from_fen("9/9/9/9/9/9/9/9/9/9/4K4 w - - 0 1 - --");
    assert!(matches!(&no_king, Err(FenError::Illegal(_))), "{no_king:?}");
}
