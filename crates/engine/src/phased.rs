//! The unit of every evaluation weight: a middlegame and an endgame part,
//! blended by the material left. A file of its own because the weights,
//! the square tables and the evaluation all use it, and the evaluation
//! uses the other two.

/// A value with a middlegame and an endgame part.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    pub mg: i32,
    pub eg: i32,
}

impl Phased {
    pub const fn new(mg: i32, eg: i32) -> Phased {
        Phased { mg, eg }
    }
}

impl std::ops::Add for Phased {
    type Output = Phased;
    fn add(self, o: Phased) -> Phased {
        Phased::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl std::ops::AddAssign for Phased {
    fn add_assign(&mut self, o: Phased) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl std::ops::SubAssign for Phased {
    fn sub_assign(&mut self, o: Phased) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}
