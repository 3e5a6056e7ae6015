//! The dice's decision: the square of the Angle they picked, Bermuda Chess
//! Angle's own chance action.

use super::marker::BermudaAngle;
use crate::game::OwnAction;
use crate::square::Square;
use crate::variant::Variant;

/// The dice picked this square (`roll e7`). Any square of the board reads,
/// so that a roll off the Angle is refused with its reason, not misread.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BermudaRoll(pub Square);

impl OwnAction for BermudaRoll {
    const VARIANT: &'static str = BermudaAngle::ID;

    fn code(self) -> u32 {
        u32::from(self.0 .0)
    }

    fn from_code(code: u32) -> Option<BermudaRoll> {
        let sq = Square(u8::try_from(code).ok()?);
        BermudaAngle::SHAPE.contains(sq).then_some(BermudaRoll(sq))
    }

    fn text(self) -> String {
        format!("roll {}", BermudaAngle::SHAPE.name(self.0))
    }
}
