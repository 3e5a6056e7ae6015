//! Static evaluation: material and piece-square values blended between
//! middlegame and endgame by the material left (a "tapered" evaluation),
//! plus a few generic terms that hold on any board shape.

pub use crate::phased::Phased;
use crate::pst;
use crate::score::Score;
use crate::variant::EngineVariant;
use crate::weights::{mobility_curve_index, Param, Weights, CHESS_ROLES, PARAM_COUNT};
use chesslantis_core::role::{by_role, ROLE_COUNT};
use chesslantis_core::variant::standard_attacks;
use chesslantis_core::variants::bermuda_angle::SHIP;
use chesslantis_core::{Bitboard, Color, Piece, Position, Role, Square};

/// Piece codes: `Piece::code()` runs from 1 to 2 * ROLE_COUNT.
const CODES: usize = 2 * ROLE_COUNT + 1;

/// A variant's evaluation tables, made once per search session.
pub struct EvalTables {
    /// Value plus square bonus, by piece code and square.
    psq: Vec<[Phased; 128]>,
    pub(crate) phase_weight: [i32; ROLE_COUNT],
    /// The phase of the start position: the most "middlegame" there is.
    pub(crate) full_phase: i32,
    /// Plain middlegame values, by role (ordering, pruning margins).
    pub values: [i32; ROLE_COUNT],
    /// Squares ahead of a pawn on its own and the neighbouring files, by colour:
    /// no enemy pawn there makes it passed.
    pub(crate) passed_span: [[Bitboard; 128]; 2],
    /// The neighbouring files of a square's file.
    pub(crate) neighbour_files: [Bitboard; 128],
    /// A square's file.
    pub(crate) file_of: [Bitboard; 128],
    /// The squares left and right of a square, on its rank.
    beside: [Bitboard; 128],
    /// A pawn's rank from its own side, stretched to 0..8 (for the passed-pawn table).
    pub(crate) pawn_rank: [[usize; 128]; 2],
    /// A king's shelter by colour and king square: its file and the
    /// neighbouring ones, one rank ahead, two ranks ahead, each file's
    /// squares ahead, and two to three ranks ahead (`shelter_terms`).
    one_rank_ahead: [[Bitboard; 128]; 2],
    two_ranks_ahead: [[Bitboard; 128]; 2],
    files_ahead: [[[Bitboard; 3]; 128]; 2],
    storm_zone: [[Bitboard; 128]; 2],
    /// The square in front of a pawn, by colour (none on the last rank).
    stop_square: [[Option<Square>; 128]; 2],
    /// The squares of a square's colour.
    same_colour: [Bitboard; 128],
    /// The central files' squares on a side's second to fourth ranks (the
    /// space term's zone), by colour.
    space_zone: [Bitboard; 2],
    /// The one to three squares behind a pawn on its file, by colour.
    behind: [[Bitboard; 128]; 2],
    /// A king's flank in its own camp, by the king's colour and square: the
    /// three or four files around it (a-c, a-d, c-f, e-h, f-h on eight
    /// files), its side's first five ranks of eight.
    king_flank: [[Bitboard; 128]; 2],
    /// A square's (file, rank), for king distances.
    coordinates: [(i8, i8); 128],
    /// The weights of the terms beyond material and squares, by
    /// `Term::weight_index` (`Weights::params`, whose material and squares
    /// entries go unread here: `psq` has them, then the mobility of the
    /// roles chess lacks).
    weights: [Phased; TERM_WEIGHTS],
    /// Whether each weight's field has a weight that is not zero
    /// (`Weights::fields_in_use`): if not, the search skips its terms.
    in_use: [bool; TERM_WEIGHTS],
    tempo: Score,
}

impl EvalTables {
    /// The variant's tables: its values and squares (`EngineVariant`), the
    /// engine's tuned chess weights for the other terms.
    pub fn new<V: EngineVariant>() -> EvalTables {
        EvalTables::build::<V>(&V::WEIGHTS, |piece, sq| V::PIECE_VALUES[piece.role.index()] + V::piece_square(piece, sq))
    }

    /// Tables from any weights, their material and squares included (the
    /// tuner's): for chess, `with_weights(&CHESS)` is `new`.
    pub fn with_weights<V: EngineVariant>(w: &Weights) -> EvalTables {
        EvalTables::build::<V>(w, |piece, sq| {
            let role = piece.role.index();
            let value = if role < CHESS_ROLES { w.material[role] } else { V::PIECE_VALUES[role] };
            let rank = V::SHAPE.rank(sq);
            let relative = match piece.color {
                Color::White => rank,
                Color::Black => V::SHAPE.ranks - 1 - rank,
            };
            value + pst::square_bonus(w, piece.role, V::SHAPE, V::SHAPE.file(sq), relative)
        })
    }

    fn build<V: EngineVariant>(w: &Weights, value_on: impl Fn(Piece, Square) -> Phased) -> EvalTables {
        let shape = V::SHAPE;
        let g = V::geometry();
        let mut psq = vec![[Phased::default(); 128]; CODES];
        for color in Color::ALL {
            for role in V::letters().roles() {
                let piece = Piece::new(color, role);
                for (i, entry) in psq[piece.code() as usize].iter_mut().enumerate().take(shape.square_count()) {
                    *entry = value_on(piece, Square(i as u8));
                }
            }
        }
        let mut weights = [Phased::default(); TERM_WEIGHTS];
        weights[..PARAM_COUNT].copy_from_slice(&w.params());
        weights[PARAM_COUNT..].copy_from_slice(&OTHER_MOBILITY[CHESS_ROLES..]);
        let mut in_use = [true; TERM_WEIGHTS];
        in_use[..PARAM_COUNT].copy_from_slice(&w.fields_in_use());
        let start = Position::<V>::start();
        let full_phase = start
            .occupied()
            .filter_map(|sq| start.piece_at(sq))
            .map(|p| V::PHASE_WEIGHTS[p.role.index()])
            .sum::<i32>()
            .max(1);
        let values = V::PIECE_VALUES.map(|v| v.mg);
        let mut passed_span = [[Bitboard::EMPTY; 128]; 2];
        let mut neighbour_files = [Bitboard::EMPTY; 128];
        let mut file_of = [Bitboard::EMPTY; 128];
        let mut beside = [Bitboard::EMPTY; 128];
        let mut pawn_rank = [[0usize; 128]; 2];
        let mut one_rank_ahead = [[Bitboard::EMPTY; 128]; 2];
        let mut two_ranks_ahead = [[Bitboard::EMPTY; 128]; 2];
        let mut files_ahead = [[[Bitboard::EMPTY; 3]; 128]; 2];
        let mut storm_zone = [[Bitboard::EMPTY; 128]; 2];
        let mut stop_square = [[None; 128]; 2];
        let mut coordinates = [(0, 0); 128];
        let light: Bitboard = g.all.filter(|&s| (shape.file(s) + shape.rank(s)) % 2 == 1).collect();
        let mut same_colour = [Bitboard::EMPTY; 128];
        let mut space_zone = [Bitboard::EMPTY; 2];
        let mut behind = [[Bitboard::EMPTY; 128]; 2];
        let central = (shape.files / 2).saturating_sub(2)..(shape.files / 2 + 2).min(shape.files);
        let mut king_flank = [[Bitboard::EMPTY; 128]; 2];
        // A side's first five ranks of eight.
        let camp = Color::ALL.map(|color| {
            g.all
                .filter(|&s| {
                    let relative = match color {
                        Color::White => shape.rank(s),
                        Color::Black => shape.ranks - 1 - shape.rank(s),
                    };
                    (relative as usize) * 8 < shape.ranks as usize * 5
                })
                .collect::<Bitboard>()
        });
        let flank_files = |f: u8| {
            let last = shape.files.saturating_sub(1);
            let (lo, width) = match f {
                0 => (0, 3),
                _ if f == last => (shape.files.saturating_sub(3), 3),
                _ => (f.next_multiple_of(2).saturating_sub(2).min(shape.files.saturating_sub(4)), 4),
            };
            (lo..(lo + width).min(shape.files)).map(|f| g.file(f)).fold(Bitboard::EMPTY, |a, b| a | b)
        };
        for sq in g.all {
            let (f, r) = (shape.file(sq), shape.rank(sq));
            coordinates[sq.index()] = (f as i8, r as i8);
            same_colour[sq.index()] = if light.contains(sq) { light } else { g.all & !light };
            let files = |df: i32| if (0..shape.files as i32).contains(&(f as i32 + df)) { g.file((f as i32 + df) as u8) } else { Bitboard::EMPTY };
            let span = files(-1) | files(0) | files(1);
            neighbour_files[sq.index()] = files(-1) | files(1);
            file_of[sq.index()] = files(0);
            beside[sq.index()] = (files(-1) | files(1)) & g.rank(r);
            for color in Color::ALL {
                let ahead: Bitboard = g
                    .all
                    .filter(|&s| match color {
                        Color::White => shape.rank(s) > r,
                        Color::Black => shape.rank(s) < r,
                    })
                    .collect();
                passed_span[color.index()][sq.index()] = span & ahead;
                let rank_ahead = |n: i32| {
                    let r = match color {
                        Color::White => r as i32 + n,
                        Color::Black => r as i32 - n,
                    };
                    if (0..shape.ranks as i32).contains(&r) { g.rank(r as u8) } else { Bitboard::EMPTY }
                };
                one_rank_ahead[color.index()][sq.index()] = span & rank_ahead(1);
                two_ranks_ahead[color.index()][sq.index()] = span & rank_ahead(2);
                files_ahead[color.index()][sq.index()] = [files(-1) & ahead, files(0) & ahead, files(1) & ahead];
                storm_zone[color.index()][sq.index()] = span & (rank_ahead(2) | rank_ahead(3));
                stop_square[color.index()][sq.index()] = (files(0) & rank_ahead(1)).single();
                behind[color.index()][sq.index()] = files(0) & (rank_ahead(-1) | rank_ahead(-2) | rank_ahead(-3));
                let relative = match color {
                    Color::White => r,
                    Color::Black => shape.ranks - 1 - r,
                };
                king_flank[color.index()][sq.index()] = flank_files(f) & camp[color.index()];
                if central.contains(&f) && (1..=3).contains(&relative) {
                    space_zone[color.index()] = space_zone[color.index()].with(sq);
                }
                pawn_rank[color.index()][sq.index()] =
                    (relative as usize * 7 + (shape.ranks as usize - 1) / 2) / (shape.ranks as usize - 1).max(1);
            }
        }
        EvalTables {
            psq,
            phase_weight: V::PHASE_WEIGHTS,
            full_phase,
            values,
            passed_span,
            neighbour_files,
            file_of,
            beside,
            pawn_rank,
            one_rank_ahead,
            two_ranks_ahead,
            files_ahead,
            storm_zone,
            stop_square,
            same_colour,
            space_zone,
            behind,
            king_flank,
            coordinates,
            weights,
            in_use,
            tempo: w.tempo,
        }
    }

    /// King steps from `a` to `b`.
    #[inline]
    fn distance(&self, a: Square, b: Square) -> i32 {
        let ((af, ar), (bf, br)) = (self.coordinates[a.index()], self.coordinates[b.index()]);
        i32::from((af - bf).abs().max((ar - br).abs()))
    }

    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }
}

/// The entries of `EvalTables::weights`: the tuned ones and the mobility
/// of the roles beyond chess's.
const TERM_WEIGHTS: usize = PARAM_COUNT + ROLE_COUNT - CHESS_ROLES;

/// Mobility weights of the roles beyond chess's (the Ship's, a variant's
/// own), by `Role::index()`; chess's come from the weights.
const OTHER_MOBILITY: [Phased; ROLE_COUNT] = {
    let mut m = by_role([Phased::new(0, 0); 7], Phased::new(2, 2));
    m[SHIP.index()] = Phased::new(3, 3);
    m
};
/// The reach of a role that earns no mobility bonus: a piece with more
/// than that gains, fewer loses.
pub(crate) const TYPICAL_MOBILITY: [i32; ROLE_COUNT] = by_role([0, 4, 6, 7, 13, 0, 6], 6);
/// Weight of each attack on a square next to the enemy king, by role.
pub(crate) const KING_ATTACK_WEIGHT: [i32; ROLE_COUNT] = by_role([0, 2, 2, 3, 5, 0, 2], 2);

/// Tapered material and piece squares, mobility, pawn structure, rooks on
/// open files, attacks on the king and threats; from the side to move's view.
pub fn standard_evaluation<V: EngineVariant>(pos: &Position<V>, t: &EvalTables) -> Score {
    let mut white = Phased::default();
    let mut phase = 0;
    for sq in pos.occupied() {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let v = t.psq[piece.code() as usize][sq.index()];
        match piece.color {
            Color::White => white += v,
            Color::Black => white -= v,
        }
        phase += t.phase_weight[piece.role.index()];
    }
    let mut sum = WeightedSum { t, white: Phased::default() };
    terms(pos, t, &mut sum);
    white += sum.white;
    let phase = phase.min(t.full_phase);
    let blended = (white.mg * phase + white.eg * (t.full_phase - phase)) / t.full_phase;
    let score = match pos.turn() {
        Color::White => blended,
        Color::Black => -blended,
    };
    score + t.tempo
}

/// A term of the evaluation beyond material and squares, counted for one
/// side (each has one weight in `Weights`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Term {
    /// Reachable squares beyond the role's typical count, by `Role::index()`.
    Mobility(usize),
    /// A knight, bishop, rook or queen reaching so many squares, by
    /// `weights::mobility_curve_index`.
    MobilityCurve(usize),
    /// A passed pawn on this rank from its side (stretched to 0..8).
    Passed(usize),
    Isolated,
    Doubled,
    RookOpenFile,
    RookHalfOpenFile,
    BishopPair,
    /// An enemy piece (not a pawn) attacked by a pawn that is itself safe.
    ThreatByPawn,
    /// An enemy attacked by a knight or bishop, by the victim's `Role::index()`
    /// (defended pieces, and pawns only when weak: see `threat_terms`).
    ThreatByMinor(usize),
    /// A weak enemy attacked by a rook, by the victim's `Role::index()`.
    ThreatByRook(usize),
    /// A weak enemy no one defends, or a piece attacked twice and defended less.
    Hanging,
    /// An own pawn one rank ahead of the king, on its file or a neighbouring one.
    ShelterNear,
    /// An own pawn two ranks ahead of the king, there.
    ShelterFar,
    /// A file of the king's three with no own pawn ahead of it.
    ShelterGap,
    /// An enemy pawn two or three ranks ahead of the king, on its three files.
    PawnStorm,
    /// A passed pawn's rank weight times the enemy king's distance to its
    /// stop square (the square in front), at most 5.
    PassedTheirKing,
    /// The same with the own king.
    PassedOurKing,
    /// A passed pawn's rank weight when its stop square is empty.
    PassedFree,
    /// A pawn defended by own pawns (counted per defender), by its rank.
    Supported(usize),
    /// A pawn with an own pawn beside it on its rank, by its rank.
    Phalanx(usize),
    /// A pawn with no own pawn level or behind on the neighbouring files,
    /// its stop square held by an enemy pawn (not isolated: that is apart).
    Backward,
    /// A knight (0) or bishop (1) on an outpost.
    Outpost(usize),
    /// A square from which a knight (0), bishop (1), rook (2) or queen (3)
    /// could check the enemy king, that one of ours reaches and no enemy guards.
    SafeCheck(usize),
    /// Two pieces or more attacking the squares next to the enemy king:
    /// counted as the attack's units (`KING_ATTACK_WEIGHT` per square), and
    /// as `king_attack_squared` of them.
    KingAttack,
    KingAttackSquared,
    /// A bishop, per own pawn on squares of its colour.
    BishopPawns,
    /// A knight or bishop right behind a pawn.
    MinorBehindPawn,
    /// A safe pawn push that would attack an enemy piece.
    ThreatByPawnPush,
    /// A square both sides attack, the enemy not strongly protecting it.
    Restricted,
    /// The space term's count (`space_terms`).
    Space,
    /// A knight (0) or bishop (1), per step from its own king.
    KingProtector(usize),
    /// An attack on the enemy king's flank (`EvalTables::king_flank`),
    /// twice for a square attacked twice.
    KingFlankAttack,
    /// A safe square a knight of ours reaches from which it would attack the
    /// enemy's only queen.
    KnightOnQueen,
    /// The same for a bishop or rook, the square attacked twice.
    SliderOnQueen,
    /// The danger to the enemy king (`king_danger_terms`): its units
    /// squared over 32,768 (0), and over 64 (1).
    KingDanger(usize),
}

impl Term {
    /// The index of this term's weight in `Weights::params` (`Param`), or
    /// past them for the mobility of the roles chess lacks (not tuned; the
    /// mobility comes last so that one sum indexes every role's): where
    /// the search reads the weight and the tuner counts.
    #[inline(always)]
    pub(crate) const fn weight_index(self) -> usize {
        match self {
            Term::Mobility(role) => Param::mobility(role),
            Term::MobilityCurve(index) => Param::mobility_curve(index),
            Term::Passed(rank) => Param::passed(rank),
            Term::Isolated => Param::ISOLATED,
            Term::Doubled => Param::DOUBLED,
            Term::RookOpenFile => Param::ROOK_OPEN_FILE,
            Term::RookHalfOpenFile => Param::ROOK_HALF_OPEN_FILE,
            Term::BishopPair => Param::BISHOP_PAIR,
            Term::ThreatByPawn => Param::THREAT_BY_PAWN,
            Term::ThreatByMinor(role) => Param::threat_by_minor(role),
            Term::ThreatByRook(role) => Param::threat_by_rook(role),
            Term::Hanging => Param::HANGING,
            Term::ShelterNear => Param::SHELTER_NEAR,
            Term::ShelterFar => Param::SHELTER_FAR,
            Term::ShelterGap => Param::SHELTER_GAP,
            Term::PawnStorm => Param::PAWN_STORM,
            Term::PassedTheirKing => Param::PASSED_THEIR_KING,
            Term::PassedOurKing => Param::PASSED_OUR_KING,
            Term::PassedFree => Param::PASSED_FREE,
            Term::Supported(rank) => Param::supported(rank),
            Term::Phalanx(rank) => Param::phalanx(rank),
            Term::Backward => Param::BACKWARD,
            Term::Outpost(minor) => Param::outpost(minor),
            Term::SafeCheck(checker) => Param::safe_check(checker),
            Term::KingAttack => Param::KING_ATTACK,
            Term::KingAttackSquared => Param::KING_ATTACK_SQUARED,
            Term::BishopPawns => Param::BISHOP_PAWNS,
            Term::MinorBehindPawn => Param::MINOR_BEHIND_PAWN,
            Term::ThreatByPawnPush => Param::THREAT_BY_PAWN_PUSH,
            Term::Restricted => Param::RESTRICTED,
            Term::Space => Param::SPACE,
            Term::KingProtector(minor) => Param::king_protector(minor),
            Term::KingFlankAttack => Param::KING_FLANK_ATTACK,
            Term::KnightOnQueen => Param::KNIGHT_ON_QUEEN,
            Term::SliderOnQueen => Param::SLIDER_ON_QUEEN,
            Term::KingDanger(form) => Param::king_danger(form),
        }
    }
}

/// Where `terms` puts what it counts: the search adds the weights
/// (`WeightedSum`), the tuner keeps the counts (`trace.rs`). One walk over
/// the position serves both, so they cannot disagree.
pub(crate) trait Terms {
    /// `count` times the weight of `term`, for `side`.
    fn add(&mut self, side: Color, term: Term, count: i32);

    /// Whether to compute `term` at all (for a field, ask for its first):
    /// the search skips the fields its weights leave at zero (the hand
    /// weights' newer terms), the tuner needs every count.
    #[inline(always)]
    fn wants(&self, t: &EvalTables, term: Term) -> bool {
        t.in_use[term.weight_index()]
    }
}

/// The weighted sum of the terms, White's minus Black's, as the search evaluates.
struct WeightedSum<'a> {
    t: &'a EvalTables,
    white: Phased,
}

impl Terms for WeightedSum<'_> {
    #[inline(always)]
    fn add(&mut self, side: Color, term: Term, count: i32) {
        let w = self.t.weights[term.weight_index()];
        let count = if side == Color::White { count } else { -count };
        self.white += Phased::new(w.mg * count, w.eg * count);
    }
}

/// The squares one side attacks, as the threat terms need them.
#[derive(Copy, Clone, Default)]
struct Attacks {
    pawns: Bitboard,
    knights: Bitboard,
    bishops: Bitboard,
    rooks: Bitboard,
    queens: Bitboard,
    /// By any piece, pawns and king included.
    all: Bitboard,
    /// By two pieces or more.
    twice: Bitboard,
    /// By two pawns.
    pawns_twice: Bitboard,
}

impl Attacks {
    #[inline(always)]
    fn add(&mut self, squares: Bitboard) {
        self.twice |= self.all & squares;
        self.all |= squares;
    }
}

/// Every term beyond material and squares, both sides, into `out`.
pub(crate) fn terms<V: EngineVariant>(pos: &Position<V>, t: &EvalTables, out: &mut impl Terms) {
    let g = V::geometry();
    let mut attacks = [Attacks::default(); 2];
    for side in Color::ALL {
        let a = &mut attacks[side.index()];
        for sq in pos.pieces(side, Role::Pawn) {
            a.add(g.pawn_attacks(side, sq));
        }
        a.pawns = a.all;
        a.pawns_twice = a.twice;
        if let Some(k) = pos.king(side) {
            a.add(g.king[k.index()]);
        }
    }
    let wants_danger = V::STANDARD_EXCHANGES && out.wants(t, Term::KingDanger(0));
    let mut assaults = [KingAssault::default(); 2];
    for side in Color::ALL {
        let guarded_by_their_pawns = attacks[(!side).index()].pawns;
        let assault = &mut assaults[side.index()];
        if wants_danger {
            assault.aim::<V>(pos, !side, &attacks[(!side).index()], attacks[side.index()].pawns);
        }
        side_terms(pos, t, side, guarded_by_their_pawns, &mut attacks[side.index()], assault, out);
        if V::KING_SHELTER {
            shelter_terms(pos, t, side, out);
        }
    }
    if out.wants(t, Term::Space) {
        for side in Color::ALL {
            space_terms(pos, t, side, &attacks[(!side).index()], out);
        }
    }
    if out.wants(t, Term::KingFlankAttack) {
        for side in Color::ALL {
            king_flank_terms(pos, t, side, &attacks[side.index()], out);
        }
    }
    if V::STANDARD_EXCHANGES {
        for side in Color::ALL {
            threat_terms(pos, t, side, &attacks[side.index()], &attacks[(!side).index()], out);
            if out.wants(t, Term::SafeCheck(0)) {
                safe_check_terms(pos, side, &attacks[side.index()], &attacks[(!side).index()], out);
            }
            if wants_danger {
                king_danger_terms(pos, t, side, &attacks[side.index()], &attacks[(!side).index()], &assaults[side.index()], out);
            }
        }
    }
}

/// One side's mobility, king attack, rook files and pawn structure, into
/// `out`; its pieces' attacks into `attacks`.
fn side_terms<V: EngineVariant>(
    pos: &Position<V>,
    t: &EvalTables,
    us: Color,
    guarded_by_their_pawns: Bitboard,
    attacks: &mut Attacks,
    assault: &mut KingAssault,
    out: &mut impl Terms,
) {
    let them = !us;
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let our_pawns = pos.pieces(us, Role::Pawn);
    let their_pawns = pos.pieces(them, Role::Pawn);

    if pos.pieces(us, Role::Bishop).more_than_one() {
        out.add(us, Term::BishopPair, 1);
    }

    let reachable = !ours & !guarded_by_their_pawns;
    let king_zone = pos.king(them).map_or(Bitboard::EMPTY, |k| V::geometry().king[k.index()].with(k));
    let mut attack_units = 0;
    let mut attackers = 0;
    let pieces = ours & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
    for sq in pieces {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let role = piece.role.index();
        let reach = V::attacks(pos, sq, piece, occupied);
        attacks.add(reach);
        match piece.role {
            Role::Knight => attacks.knights |= reach,
            Role::Bishop => attacks.bishops |= reach,
            Role::Rook => attacks.rooks |= reach,
            Role::Queen => attacks.queens |= reach,
            _ => {}
        }
        let mobility = (reach & reachable).count();
        out.add(us, Term::Mobility(role), mobility as i32 - TYPICAL_MOBILITY[role]);
        if let Some(index) = mobility_curve_index(role, mobility as usize).filter(|_| out.wants(t, Term::MobilityCurve(0))) {
            out.add(us, Term::MobilityCurve(index), 1);
        }
        if (reach & assault.ring).any() {
            assault.add(piece.role, reach);
        }
        let on_king = (reach & king_zone).count() as i32;
        if on_king > 0 {
            attack_units += KING_ATTACK_WEIGHT[role] * on_king;
            attackers += 1;
        }
        let minor = match piece.role {
            Role::Knight => Some(0),
            Role::Bishop => Some(1),
            _ => None,
        };
        if let Some(minor) = minor.filter(|_| out.wants(t, Term::Outpost(0))) {
            let i = sq.index();
            let never_chased = (t.passed_span[us.index()][i] & t.neighbour_files[i] & their_pawns).is_empty();
            if (3..=5).contains(&t.pawn_rank[us.index()][i]) && attacks.pawns.contains(sq) && never_chased {
                out.add(us, Term::Outpost(minor), 1);
            }
        }
        if let Some((minor, king)) = minor.zip(pos.king(us)).filter(|_| out.wants(t, Term::KingProtector(0))) {
            out.add(us, Term::KingProtector(minor), t.distance(sq, king));
        }
        if piece.role == Role::Bishop && out.wants(t, Term::BishopPawns) {
            out.add(us, Term::BishopPawns, (t.same_colour[sq.index()] & our_pawns).count() as i32);
        }
        if minor.is_some()
            && out.wants(t, Term::MinorBehindPawn)
            && t.stop_square[us.index()][sq.index()].is_some_and(|ahead| pos.by_role(Role::Pawn).contains(ahead))
        {
            out.add(us, Term::MinorBehindPawn, 1);
        }
        if piece.role == Role::Rook {
            let file = t.file_of[sq.index()];
            if (file & our_pawns).is_empty() {
                out.add(us, if (file & their_pawns).is_empty() { Term::RookOpenFile } else { Term::RookHalfOpenFile }, 1);
            }
        }
    }
    if attackers >= 2 {
        out.add(us, Term::KingAttack, attack_units);
        out.add(us, Term::KingAttackSquared, king_attack_squared(attack_units));
    }

    let g = V::geometry();
    for sq in our_pawns {
        let i = sq.index();
        let rank = t.pawn_rank[us.index()][i].min(7);
        if (t.passed_span[us.index()][i] & their_pawns).is_empty() {
            out.add(us, Term::Passed(rank), 1);
            if [Term::PassedTheirKing, Term::PassedOurKing, Term::PassedFree].into_iter().any(|term| out.wants(t, term)) {
                passed_pawn_terms(pos, t, us, sq, rank, occupied, out);
            }
        }
        // Where a pawn of `them` on `sq` would take is where ours defend it from.
        let supporters = (g.pawn_attacks(them, sq) & our_pawns).count() as i32;
        if supporters > 0 && out.wants(t, Term::Supported(0)) {
            out.add(us, Term::Supported(rank), supporters);
        }
        if out.wants(t, Term::Phalanx(0)) && (t.beside[i] & our_pawns).any() {
            out.add(us, Term::Phalanx(rank), 1);
        }
        if (t.neighbour_files[i] & our_pawns).is_empty() {
            out.add(us, Term::Isolated, 1);
        } else if out.wants(t, Term::Backward)
            && (t.neighbour_files[i] & !t.passed_span[us.index()][i] & our_pawns).is_empty()
            && t.stop_square[us.index()][i].is_some_and(|stop| guarded_by_their_pawns.contains(stop) || their_pawns.contains(stop))
        {
            out.add(us, Term::Backward, 1);
        }
        if (t.file_of[i] & our_pawns).more_than_one() {
            // Counted for each pawn of a doubled file: two pawns, twice.
            out.add(us, Term::Doubled, 1);
        }
    }
}

/// How much a passed pawn's king distances and path count, by its rank
/// from its own side: Stockfish 11's 5r - 13 from the fourth rank on (a
/// pawn further back is no race yet).
const PASSED_RANK_WEIGHT: [i32; 8] = [0, 0, 0, 2, 7, 12, 17, 0];

/// A passed pawn's race: the kings' distances to the square in front of
/// it (the enemy's far is good, ours far is bad) and whether that square is empty.
fn passed_pawn_terms<V: EngineVariant>(
    pos: &Position<V>,
    t: &EvalTables,
    us: Color,
    pawn: Square,
    rank: usize,
    occupied: Bitboard,
    out: &mut impl Terms,
) {
    let weight = PASSED_RANK_WEIGHT[rank];
    let Some(stop) = t.stop_square[us.index()][pawn.index()] else { return };
    if weight == 0 {
        return;
    }
    let distance = |king: Option<Square>| king.map_or(5, |k| t.distance(k, stop).min(5));
    out.add(us, Term::PassedTheirKing, weight * distance(pos.king(!us)));
    out.add(us, Term::PassedOurKing, weight * distance(pos.king(us)));
    if !occupied.contains(stop) {
        out.add(us, Term::PassedFree, weight);
    }
}

/// The pawns in front of `us`'s king: its own shelter it, the enemy's
/// storm it. Counted in every phase; the weights say how much in each.
fn shelter_terms<V: EngineVariant>(pos: &Position<V>, t: &EvalTables, us: Color, out: &mut impl Terms) {
    let Some(king) = pos.king(us) else { return };
    let (c, k) = (us.index(), king.index());
    let our_pawns = pos.pieces(us, Role::Pawn);
    let their_pawns = pos.pieces(!us, Role::Pawn);
    out.add(us, Term::ShelterNear, (our_pawns & t.one_rank_ahead[c][k]).count() as i32);
    out.add(us, Term::ShelterFar, (our_pawns & t.two_ranks_ahead[c][k]).count() as i32);
    let gaps = t.files_ahead[c][k].iter().filter(|&&file| file.any() && (file & our_pawns).is_empty()).count();
    out.add(us, Term::ShelterGap, gaps as i32);
    out.add(us, Term::PawnStorm, (their_pawns & t.storm_zone[c][k]).count() as i32);
}

/// Enemies that `us` attacks with something cheaper, or that too few
/// defend (after Stockfish 11's classical threats): the search sees such a
/// loss only if it reaches it, the evaluation at the leaves should know.
/// An enemy is strongly protected by a pawn, or by two defenders against
/// fewer than two attackers; one that is not, and that `us` attacks, is weak.
fn threat_terms<V: EngineVariant>(pos: &Position<V>, t: &EvalTables, us: Color, ours: &Attacks, theirs: &Attacks, out: &mut impl Terms) {
    let enemies = pos.by_color(!us) & !pos.by_role(Role::King);
    let non_pawn_enemies = enemies & !pos.by_role(Role::Pawn);
    let strongly_protected = theirs.pawns | (theirs.twice & !ours.twice);
    let defended = non_pawn_enemies & strongly_protected;
    let weak = enemies & !strongly_protected & ours.all;

    let chess_role_at = |sq| pos.piece_at(sq).map(|p: Piece| p.role.index()).filter(|&r| r < CHESS_ROLES);
    for role in ((defended | weak) & (ours.knights | ours.bishops)).into_iter().filter_map(chess_role_at) {
        out.add(us, Term::ThreatByMinor(role), 1);
    }
    for role in (weak & ours.rooks).into_iter().filter_map(chess_role_at) {
        out.add(us, Term::ThreatByRook(role), 1);
    }
    let hanging = weak & (!theirs.all | (non_pawn_enemies & ours.twice));
    out.add(us, Term::Hanging, hanging.count() as i32);

    // Pawns the enemy does not attack, or that a friend defends.
    let g = V::geometry();
    let safe = !theirs.all | ours.all;
    let mut safe_pawn_attacks = Bitboard::EMPTY;
    for sq in pos.pieces(us, Role::Pawn) & safe {
        safe_pawn_attacks |= g.pawn_attacks(us, sq);
    }
    out.add(us, Term::ThreatByPawn, (safe_pawn_attacks & non_pawn_enemies).count() as i32);

    if out.wants(t, Term::Restricted) {
        out.add(us, Term::Restricted, (theirs.all & !strongly_protected & ours.all).count() as i32);
    }
    if out.wants(t, Term::ThreatByPawnPush) {
        // The squares our pawns can push to (two from the second rank),
        // where no enemy pawn takes them and they are safe.
        let occupied = pos.occupied();
        let mut push_attacks = Bitboard::EMPTY;
        for pawn in pos.pieces(us, Role::Pawn) {
            let Some(one) = t.stop_square[us.index()][pawn.index()].filter(|&s| !occupied.contains(s)) else { continue };
            let two = t.stop_square[us.index()][one.index()].filter(|&s| t.pawn_rank[us.index()][pawn.index()] == 1 && !occupied.contains(s));
            for to in std::iter::once(one).chain(two) {
                if !theirs.pawns.contains(to) && safe.contains(to) {
                    push_attacks |= g.pawn_attacks(us, to);
                }
            }
        }
        out.add(us, Term::ThreatByPawnPush, (push_attacks & non_pawn_enemies).count() as i32);
    }
    if let Some(queen) = pos.pieces(!us, Role::Queen).single().filter(|_| out.wants(t, Term::KnightOnQueen)) {
        // Where our pieces may go (no own piece, no enemy pawn's guard),
        // the enemy not holding it strongly.
        let landing = !pos.by_color(us) & !theirs.pawns & !strongly_protected;
        let occupied = pos.occupied();
        let from_queen = |role| standard_attacks(g, queen, Piece::new(us, role), occupied);
        out.add(us, Term::KnightOnQueen, (from_queen(Role::Knight) & ours.knights & landing).count() as i32);
        let sliders = (from_queen(Role::Bishop) & ours.bishops) | (from_queen(Role::Rook) & ours.rooks);
        out.add(us, Term::SliderOnQueen, (sliders & landing & ours.twice).count() as i32);
    }
}

/// `us`'s attacks on the enemy king's flank in its camp (after Stockfish
/// 11's king flank attacks), a square attacked twice counting twice.
fn king_flank_terms<V: EngineVariant>(pos: &Position<V>, t: &EvalTables, us: Color, ours: &Attacks, out: &mut impl Terms) {
    let Some(king) = pos.king(!us) else { return };
    out.add(us, Term::KingFlankAttack, flank_attacks(t, !us, king, ours));
}

/// Our attacks on the flank of `them`'s king on `king` in its camp, a
/// square attacked twice counting twice.
fn flank_attacks(t: &EvalTables, them: Color, king: Square, ours: &Attacks) -> i32 {
    let flank = ours.all & t.king_flank[them.index()][king.index()];
    (flank.count() + (flank & ours.twice).count()) as i32
}

/// Room for the pieces behind the pawns (after Stockfish 11's space): the
/// central squares on `us`'s second to fourth ranks that no own pawn
/// holds and no enemy pawn attacks, each counted again when it is behind
/// an own pawn and no enemy piece attacks it; times the square of the
/// pieces left (less the king) over 16, as room matters more with more
/// pieces to use it.
fn space_terms<V: EngineVariant>(pos: &Position<V>, t: &EvalTables, us: Color, theirs: &Attacks, out: &mut impl Terms) {
    let our_pawns = pos.pieces(us, Role::Pawn);
    let safe = t.space_zone[us.index()] & !our_pawns & !theirs.pawns;
    let mut behind = Bitboard::EMPTY;
    for pawn in our_pawns {
        behind |= t.behind[us.index()][pawn.index()];
    }
    let bonus = (safe.count() + (behind & safe & !theirs.all).count()) as i32;
    let weight = pos.by_color(us).count() as i32 - 1;
    out.add(us, Term::Space, bonus * weight * weight / 16);
}

/// The squares from which `us` could check the enemy king with a knight,
/// bishop, rook or queen, that such a piece of ours reaches and the enemy
/// does not guard (after Stockfish 11's safe checks: a king that can be
/// checked without loss is in danger before any piece stands near it).
/// Checking squares by the pieces' chess moves from the king, so a
/// variant's own moves count only where they reach those squares.
fn safe_check_terms<V: EngineVariant>(pos: &Position<V>, us: Color, ours: &Attacks, theirs: &Attacks, out: &mut impl Terms) {
    let Some(king) = pos.king(!us) else { return };
    let g = V::geometry();
    let occupied = pos.occupied();
    let safe = !pos.by_color(us) & !theirs.all;
    let from_king = |role| standard_attacks(g, king, Piece::new(us, role), occupied);
    let diagonal = from_king(Role::Bishop);
    let straight = from_king(Role::Rook);
    let checks = [
        from_king(Role::Knight) & ours.knights,
        diagonal & ours.bishops,
        straight & ours.rooks,
        (diagonal | straight) & ours.queens,
    ];
    for (checker, squares) in checks.into_iter().enumerate() {
        out.add(us, Term::SafeCheck(checker), (squares & safe).count() as i32);
    }
}

/// The weight of an attacker of the enemy king's ring in Stockfish 11's
/// king danger, by role (knight 81, bishop 52, rook 44, queen 10: a knight
/// near a king is worth more than a queen's long reach); others 0.
const KING_DANGER_WEIGHT: [i32; ROLE_COUNT] = by_role([0, 81, 52, 44, 10, 0, 0], 0);

/// One side's pieces against the enemy king's ring (after Stockfish 11):
/// how many attack it, their weights, and their attacks on the squares
/// next to the king.
#[derive(Copy, Clone, Default)]
struct KingAssault {
    /// The enemy king's square and the squares around it, moved in from
    /// the edge, less the squares two of its pawns guard.
    ring: Bitboard,
    /// The squares next to the enemy king.
    adjacent: Bitboard,
    attackers: i32,
    weight: i32,
    adjacent_attacks: i32,
}

impl KingAssault {
    /// Aims at `defender`'s king (`defence` its pawns' attacks so far);
    /// our pawns attacking the ring (`our_pawn_attacks`) count as attackers
    /// of no weight.
    fn aim<V: EngineVariant>(&mut self, pos: &Position<V>, defender: Color, defence: &Attacks, our_pawn_attacks: Bitboard) {
        let Some(king) = pos.king(defender) else { return };
        let g = V::geometry();
        let shape = g.shape;
        let file = (shape.file(king) as i32).clamp(1, shape.files as i32 - 2);
        let rank = (shape.rank(king) as i32).clamp(1, shape.ranks as i32 - 2);
        let centre = shape.square(shape.board(king), file, rank).unwrap_or(king);
        self.ring = g.king[centre.index()].with(centre) & !defence.pawns_twice;
        self.adjacent = g.king[king.index()];
        self.attackers = (self.ring & our_pawn_attacks).count() as i32;
    }

    #[inline]
    fn add(&mut self, role: Role, reach: Bitboard) {
        self.attackers += 1;
        self.weight += KING_DANGER_WEIGHT[role.index()];
        self.adjacent_attacks += (reach & self.adjacent).count() as i32;
    }
}

/// The danger `us` puts the enemy king in, after Stockfish 11's king
/// danger (its units: a pawn is 213 in the endgame): the attackers of its
/// ring and their weights, attacks next to it, weak squares in the ring,
/// safe checks by kind and unsafe ones, pieces pinned to it or screening a
/// discovered check, attacks on its flank; less when we have no queen or
/// a knight of its own guards its side. Past 100 units it counts squared
/// (0) and plainly (1): single threats are nothing, many at once are mate.
fn king_danger_terms<V: EngineVariant>(
    pos: &Position<V>,
    t: &EvalTables,
    us: Color,
    ours: &Attacks,
    theirs: &Attacks,
    assault: &KingAssault,
    out: &mut impl Terms,
) {
    let them = !us;
    let Some(king) = pos.king(them) else { return };
    let g = V::geometry();
    let occupied = pos.occupied();
    let next_to_king = g.king[king.index()];
    // Squares we attack that they defend once at most, and then by the king or queen.
    let weak = ours.all & !theirs.twice & (!theirs.all | next_to_king | theirs.queens);
    let safe = !pos.by_color(us) & (!theirs.all | (weak & ours.twice));
    // Their queen does not stop a check along her line: she would have to move.
    let through_queen = occupied & !pos.pieces(them, Role::Queen);
    let straight = g.rook_attacks(king, through_queen);
    let diagonal = g.bishop_attacks(king, through_queen);

    let mut danger = assault.attackers * assault.weight + 69 * assault.adjacent_attacks + 185 * (assault.ring & weak).count() as i32;
    let mut unsafe_checks = Bitboard::EMPTY;
    let rook_checks = straight & ours.rooks & safe;
    if rook_checks.any() {
        danger += 1080;
    } else {
        unsafe_checks |= straight & ours.rooks;
    }
    let queen_checks = (straight | diagonal) & ours.queens & safe & !theirs.queens & !rook_checks;
    if queen_checks.any() {
        danger += 780;
    }
    let bishop_checks = diagonal & ours.bishops & safe & !queen_checks;
    if bishop_checks.any() {
        danger += 635;
    } else {
        unsafe_checks |= diagonal & ours.bishops;
    }
    let knight_checks = g.knight[king.index()] & ours.knights;
    if (knight_checks & safe).any() {
        danger += 790;
    } else {
        unsafe_checks |= knight_checks;
    }
    // Unsafe checks count where our piece could stand: no enemy pawn guards it.
    danger += 148 * (unsafe_checks & !theirs.pawns & !pos.by_color(us)).count() as i32;

    danger += 98 * lone_blockers(pos, king, us).count() as i32;

    let flank = flank_attacks(t, them, king, ours);
    danger += 3 * flank * flank / 8 - 4 * (theirs.all & t.king_flank[them.index()][king.index()]).count() as i32;
    if pos.pieces(us, Role::Queen).is_empty() {
        danger -= 873;
    }
    if (theirs.knights & next_to_king).any() {
        danger -= 100;
    }
    danger += 37;
    if danger > 100 {
        out.add(us, Term::KingDanger(0), danger * danger / 32768);
        out.add(us, Term::KingDanger(1), danger / 64);
    }
}

/// The pieces, either side's, alone between `king` and a rook, bishop or
/// queen of `us` on its line: pinned, or screening a discovered check.
fn lone_blockers<V: EngineVariant>(pos: &Position<V>, king: Square, us: Color) -> Bitboard {
    let g = V::geometry();
    let queens = pos.pieces(us, Role::Queen);
    let snipers = (g.rook_rays(king) & (pos.pieces(us, Role::Rook) | queens)) | (g.bishop_rays(king) & (pos.pieces(us, Role::Bishop) | queens));
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers {
        let between = g.between(king, sniper) & pos.occupied();
        if between.single().is_some() {
            blockers |= between;
        }
    }
    blockers
}

/// The king attack's curve: the square of the units, scaled so that the
/// hand weight 1 gives a sixth of it, at most 500 (one attacker is a
/// nuisance, three a storm).
#[inline]
pub(crate) fn king_attack_squared(units: i32) -> i32 {
    (units * units / 6).min(500)
}

/// Whether the side has pieces beyond king and pawns (null moves are unsafe
/// without them: zugzwang).
pub fn has_pieces<V: EngineVariant>(pos: &Position<V>, color: Color) -> bool {
    let kings_and_pawns: Bitboard = pos.by_role(Role::King) | pos.by_role(Role::Pawn);
    (pos.by_color(color) & !kings_and_pawns).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights_chess::CHESS;
    use chesslantis_core::variants::Chess;
    use chesslantis_core::Shape;

    #[test]
    fn start_position_is_level_and_symmetric() {
        let t = EvalTables::new::<Chess>();
        let start = Position::<Chess>::start();
        assert_eq!(standard_evaluation(&start, &t), CHESS.tempo);
        let mirrored = Position::<Chess>::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let mirror_black = Position::<Chess>::from_fen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(standard_evaluation(&mirrored, &t), standard_evaluation(&mirror_black, &t));
    }

    #[test]
    fn passed_pawns_count_more_as_they_advance() {
        let t = EvalTables::new::<Chess>();
        let eval = |fen: &str| standard_evaluation(&Position::<Chess>::from_fen(fen).unwrap(), &t);
        let blocked = eval("7k/8/3p4/8/3P4/8/8/4K3 w - - 0 1");
        let passed = eval("7k/8/p7/8/3P4/8/8/4K3 w - - 0 1");
        assert!(passed > blocked, "{passed} > {blocked}");
        let far = eval("7k/3P4/p7/8/8/8/8/4K3 w - - 0 1");
        assert!(far > passed + 50, "{far} > {passed}");
    }

    #[test]
    fn an_extra_queen_is_worth_about_a_queen() {
        let t = EvalTables::new::<Chess>();
        let pos = Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let s = standard_evaluation(&pos, &t);
        assert!((850..1100).contains(&s), "{s}");
    }

    #[test]
    fn every_term_reads_the_weight_of_its_name() {
        // Every weight a different number: a term pointing at another
        // term's weight cannot hide behind equal values.
        let p: Vec<Phased> = (0..PARAM_COUNT as i32).map(|i| Phased::new(i, -i)).collect();
        let w = Weights::from_params(&p, 0);
        let t = EvalTables::with_weights::<Chess>(&w);
        let named = [
            (Term::Passed(5), w.passed[5]),
            (Term::Isolated, w.isolated),
            (Term::Doubled, w.doubled),
            (Term::RookOpenFile, w.rook_open_file),
            (Term::RookHalfOpenFile, w.rook_half_open_file),
            (Term::BishopPair, w.bishop_pair),
            (Term::ThreatByPawn, w.threat_by_pawn),
            (Term::ThreatByMinor(3), w.threat_by_minor[3]),
            (Term::ThreatByRook(4), w.threat_by_rook[4]),
            (Term::Hanging, w.hanging),
            (Term::ShelterNear, w.shelter_near),
            (Term::ShelterFar, w.shelter_far),
            (Term::ShelterGap, w.shelter_gap),
            (Term::PawnStorm, w.pawn_storm),
            (Term::PassedTheirKing, w.passed_their_king),
            (Term::PassedOurKing, w.passed_our_king),
            (Term::PassedFree, w.passed_free),
            (Term::Supported(6), w.supported[6]),
            (Term::Phalanx(2), w.phalanx[2]),
            (Term::Backward, w.backward),
            (Term::Outpost(1), w.outpost[1]),
            (Term::SafeCheck(2), w.safe_check[2]),
            (Term::KingAttack, w.king_attack),
            (Term::KingAttackSquared, w.king_attack_squared),
            (Term::BishopPawns, w.bishop_pawns),
            (Term::MinorBehindPawn, w.minor_behind_pawn),
            (Term::ThreatByPawnPush, w.threat_by_pawn_push),
            (Term::Restricted, w.restricted),
            (Term::Space, w.space),
            (Term::KingProtector(1), w.king_protector[1]),
            (Term::KingFlankAttack, w.king_flank_attack),
            (Term::KnightOnQueen, w.knight_on_queen),
            (Term::SliderOnQueen, w.slider_on_queen),
            (Term::KingDanger(1), w.king_danger[1]),
            (Term::MobilityCurve(20), w.mobility_curve[20]),
            (Term::Mobility(Role::Queen.index()), w.mobility[Role::Queen.index()]),
            (Term::Mobility(SHIP.index()), OTHER_MOBILITY[SHIP.index()]),
        ];
        for (term, weight) in named {
            assert_eq!(t.weights[term.weight_index()], weight, "{term:?}");
        }
    }

    /// The terms `terms` counts for `side` in `fen` that `which` picks (nonzero only).
    fn counted<V: EngineVariant>(fen: &str, side: Color, which: fn(Term) -> bool) -> Vec<(Term, i32)> {
        struct Recorder(Color, fn(Term) -> bool, Vec<(Term, i32)>);
        impl Terms for Recorder {
            fn add(&mut self, side: Color, term: Term, count: i32) {
                if side == self.0 && (self.1)(term) && count != 0 {
                    self.2.push((term, count));
                }
            }
            fn wants(&self, _: &EvalTables, _: Term) -> bool {
                true
            }
        }
        let pos = Position::<V>::from_fen(fen).unwrap();
        let mut out = Recorder(side, which, Vec::new());
        terms(&pos, &EvalTables::new::<V>(), &mut out);
        out.2
    }

    /// The threat terms `terms` counts for `side` in `fen`.
    fn threats<V: EngineVariant>(fen: &str, side: Color) -> Vec<(Term, i32)> {
        counted::<V>(fen, side, |t| matches!(t, Term::ThreatByPawn | Term::ThreatByMinor(_) | Term::ThreatByRook(_) | Term::Hanging))
    }

    #[test]
    fn a_safe_pawn_attacking_a_piece_is_a_threat() {
        // The e5 pawn, defended by d4, attacks the knight on f6 (defended by the g7 pawn).
        let with = threats::<Chess>("4k3/6p1/5n2/4P3/3P4/8/8/4K3 b - - 0 1", Color::White);
        assert_eq!(with, vec![(Term::ThreatByPawn, 1)]);
        // Undefended and attacked by the rook on e8, it is not safe.
        let unsafe_pawn = threats::<Chess>("4r1k1/6p1/5n2/4P3/8/8/8/4K3 b - - 0 1", Color::White);
        assert!(!unsafe_pawn.contains(&(Term::ThreatByPawn, 1)), "{unsafe_pawn:?}");
    }

    #[test]
    fn an_undefended_piece_attacked_hangs() {
        // The bishop on c4 attacks the rook on f7, which nothing defends.
        let found = threats::<Chess>("7k/5r2/8/8/2B5/8/8/4K3 b - - 0 1", Color::White);
        assert!(found.contains(&(Term::Hanging, 1)), "{found:?}");
        assert!(found.contains(&(Term::ThreatByMinor(Role::Rook.index()), 1)), "{found:?}");
        // Defended by the king, it no longer hangs; the minor still threatens a rook.
        let defended = threats::<Chess>("8/5rk1/8/8/2B5/8/8/4K3 b - - 0 1", Color::White);
        assert!(!defended.iter().any(|&(t, _)| t == Term::Hanging), "{defended:?}");
        assert!(defended.contains(&(Term::ThreatByMinor(Role::Rook.index()), 1)), "{defended:?}");
        // Black's side has nothing to count.
        assert!(threats::<Chess>("8/5rk1/8/8/2B5/8/8/4K3 b - - 0 1", Color::Black).is_empty());
    }

    #[test]
    fn a_rook_threatens_only_weak_pieces() {
        // The rook on a1 attacks the knight on a5: undefended, weak.
        let weak = threats::<Chess>("6k1/8/8/n7/8/8/8/R3K3 b - - 0 1", Color::White);
        assert!(weak.contains(&(Term::ThreatByRook(Role::Knight.index()), 1)), "{weak:?}");
        // Defended by a pawn, it is strongly protected.
        let guarded = threats::<Chess>("6k1/8/1p6/n7/8/8/8/R3K3 b - - 0 1", Color::White);
        assert!(!guarded.iter().any(|&(t, _)| matches!(t, Term::ThreatByRook(_))), "{guarded:?}");
    }

    #[test]
    fn variants_whose_captures_move_pieces_count_no_threats() {
        use chesslantis_core::variants::{Circe, Portal};
        let fen = "7k/5r2/8/8/2B5/8/8/4K3 b - - 0 1";
        assert!(!threats::<Chess>(fen, Color::White).is_empty());
        assert!(threats::<Circe>(fen, Color::White).is_empty());
        assert!(threats::<Portal>(fen, Color::White).is_empty());
    }

    fn is_shelter(t: Term) -> bool {
        matches!(t, Term::ShelterNear | Term::ShelterFar | Term::ShelterGap | Term::PawnStorm)
    }

    /// The shelter terms `terms` counts for White in `fen`.
    fn shelter(fen: &str) -> Vec<(Term, i32)> {
        counted::<Chess>(fen, Color::White, is_shelter)
    }

    #[test]
    fn the_pawns_before_a_castled_king_shelter_it() {
        assert_eq!(shelter("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1"), vec![(Term::ShelterNear, 3)]);
        // g3 instead of g2: one pawn a rank further.
        assert_eq!(shelter("6k1/8/8/8/8/6P1/5P1P/6K1 w - - 0 1"), vec![(Term::ShelterNear, 2), (Term::ShelterFar, 1)]);
        // No g-pawn: a gap; an enemy pawn on g4 storms (three ranks ahead).
        assert_eq!(
            shelter("6k1/8/8/8/6p1/8/5P1P/6K1 w - - 0 1"),
            vec![(Term::ShelterNear, 2), (Term::ShelterGap, 1), (Term::PawnStorm, 1)]
        );
        // On the edge file the king has two files, both open here.
        assert_eq!(shelter("6k1/8/8/8/8/8/8/K7 w - - 0 1"), vec![(Term::ShelterGap, 2)]);
    }

    #[test]
    fn variants_without_the_shelter_count_none() {
        use chesslantis_core::variants::Beirut;
        let fen = "6k1/8/8/8/6p1/8/5P1P/6K1 w - - 0 1";
        assert!(!counted::<Chess>(fen, Color::White, is_shelter).is_empty());
        assert!(counted::<Beirut>(fen, Color::White, is_shelter).is_empty());
    }

    /// The passed-pawn race terms `terms` counts for White in `fen`.
    fn race(fen: &str) -> Vec<(Term, i32)> {
        counted::<Chess>(fen, Color::White, |t| matches!(t, Term::PassedTheirKing | Term::PassedOurKing | Term::PassedFree))
    }

    #[test]
    fn a_passed_pawn_races_the_kings_to_its_stop_square() {
        // The d6 pawn (sixth rank, weight 12): stop square d7; the black
        // king on h8 is 4 away, the white one on e1 5 (at most), d7 empty.
        assert_eq!(
            race("7k/8/3P4/8/8/8/8/4K3 w - - 0 1"),
            vec![(Term::PassedTheirKing, 12 * 4), (Term::PassedOurKing, 12 * 5), (Term::PassedFree, 12)]
        );
        // Blockaded by the king itself: distance 0, the square taken.
        assert_eq!(race("8/3k4/3P4/8/8/8/8/4K3 w - - 0 1"), vec![(Term::PassedOurKing, 12 * 5)]);
        // On the third rank a pawn is no race yet.
        assert!(race("7k/8/8/8/8/3P4/8/4K3 w - - 0 1").is_empty());
    }

    /// The connected, backward and isolated pawn terms for White in `fen`.
    fn pawn_shape(fen: &str) -> Vec<(Term, i32)> {
        counted::<Chess>(fen, Color::White, |t| matches!(t, Term::Supported(_) | Term::Phalanx(_) | Term::Backward | Term::Isolated))
    }

    #[test]
    fn connected_pawns_count_their_defenders_and_neighbours_by_rank() {
        // c3 defends d4 (rank index 3), d4 defends e5 (4); e5 and f5 stand
        // side by side (counted for each). Listed from a1 on.
        assert_eq!(
            pawn_shape("4k3/8/8/4PP2/3P4/2P5/8/4K3 w - - 0 1"),
            vec![(Term::Supported(3), 1), (Term::Supported(4), 1), (Term::Phalanx(4), 1), (Term::Phalanx(4), 1)]
        );
        // d4 defended by both c3 and e3; c3 and e3 are not side by side.
        assert_eq!(pawn_shape("4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1"), vec![(Term::Supported(3), 2)]);
    }

    #[test]
    fn a_pawn_left_behind_with_its_stop_square_held_is_backward() {
        // d3 (its neighbours c4 and e4 ahead of it) cannot be defended, and
        // the black pawn on e5 holds d4, its stop square.
        let backward = pawn_shape("4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1");
        assert!(backward.contains(&(Term::Backward, 1)), "{backward:?}");
        // Without the e5 pawn d4 is free: not backward.
        assert!(!pawn_shape("4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1").contains(&(Term::Backward, 1)));
        // A pawn with no neighbours at all is isolated, not backward.
        assert_eq!(pawn_shape("4k3/8/8/4p3/8/3P4/8/4K3 w - - 0 1"), vec![(Term::Isolated, 1)]);
    }

    #[test]
    fn bishops_count_own_pawns_on_their_colour_and_minors_stand_behind_pawns() {
        let minors = |fen| counted::<Chess>(fen, Color::White, |t| matches!(t, Term::BishopPawns | Term::MinorBehindPawn));
        // The c1 bishop is dark-squared: b2 and d2 are dark, f3 light. The
        // d3 knight stands behind the black d4 pawn (either side's counts).
        assert_eq!(
            minors("4k3/8/8/8/3p4/3N1P2/1P1P4/2B1K3 w - - 0 1"),
            vec![(Term::BishopPawns, 2), (Term::MinorBehindPawn, 1)]
        );
        // The bishop behind its own c2 pawn, a light square; the knight,
        // with d4 empty, counts nothing.
        assert_eq!(minors("4k3/8/8/8/8/3N4/2P5/2B1K3 w - - 0 1"), vec![(Term::MinorBehindPawn, 1)]);
    }

    #[test]
    fn each_piece_counts_on_the_mobility_curve_at_its_count_of_squares() {
        let curve = |fen| counted::<Chess>(fen, Color::White, |t| matches!(t, Term::MobilityCurve(_)));
        let at = |role: Role, reach| Term::MobilityCurve(mobility_curve_index(role.index(), reach).unwrap());
        // The a1 knight reaches b3 and c2; the h1 rook g1, f1 and the h-file.
        assert_eq!(curve("4k3/8/8/8/8/8/8/N3K2R w - - 0 1"), vec![(at(Role::Knight, 2), 1), (at(Role::Rook, 9), 1)]);
        // A black pawn on a4 guards b3: the knight is down to one square.
        assert_eq!(curve("4k3/8/8/8/p7/8/8/N3K2R w - - 0 1"), vec![(at(Role::Knight, 1), 1), (at(Role::Rook, 9), 1)]);
    }

    #[test]
    fn a_safe_pawn_push_that_would_attack_a_piece_is_a_threat() {
        let pushes = |fen| counted::<Chess>(fen, Color::White, |t| t == Term::ThreatByPawnPush);
        // c2-c4 would attack the d5 knight (c3 is no use: the knight guards it).
        assert_eq!(pushes("4k3/8/8/3n4/8/8/2P5/4K3 w - - 0 1"), vec![(Term::ThreatByPawnPush, 1)]);
        // Blocked by its own knight, or c4 taken by the b5 pawn: none.
        assert!(pushes("4k3/8/8/3n4/8/2N5/2P5/4K3 w - - 0 1").is_empty());
        assert!(pushes("4k3/8/8/1p1n4/8/8/2P5/4K3 w - - 0 1").is_empty());
    }

    #[test]
    fn squares_both_sides_attack_restrict_the_side_that_does_not_hold_them_strongly() {
        let restricted = |fen, side| counted::<Chess>(fen, side, |t| t == Term::Restricted);
        // The rooks both reach a8 and h1.
        let rooks = "7r/8/4k3/8/8/4K3/8/R7 w - - 0 1";
        assert_eq!(restricted(rooks, Color::White), vec![(Term::Restricted, 2)]);
        assert_eq!(restricted(rooks, Color::Black), vec![(Term::Restricted, 2)]);
        // A black pawn on g2 holds h1 strongly.
        assert_eq!(restricted("7r/8/4k3/8/8/4K3/6p1/R7 w - - 0 1", Color::White), vec![(Term::Restricted, 1)]);
    }

    #[test]
    fn space_counts_safe_central_squares_and_more_behind_pawns() {
        let space = |fen, side| counted::<Chess>(fen, side, |t| t == Term::Space);
        // At the start: c3-f4, 8 squares, times 15 pieces squared over 16.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(space(start, Color::White), vec![(Term::Space, 8 * 225 / 16)]);
        assert_eq!(space(start, Color::Black), vec![(Term::Space, 8 * 225 / 16)]);
        // After 1.e4: e2 comes free, and e2, e3 are behind the pawn.
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(space(e4, Color::White), vec![(Term::Space, 10 * 225 / 16)]);
        // After 1.e4 e5 2.d4 the e5 pawn takes f4: c3-f3, c4, d2, e2 are
        // safe (7), d2, d3, e2, e3 behind the pawns (4).
        let d4 = "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(space(d4, Color::White), vec![(Term::Space, (7 + 4) * 225 / 16)]);
    }

    #[test]
    fn minor_pieces_count_their_steps_from_their_king() {
        let protectors = counted::<Chess>("4k3/8/8/8/8/8/8/N3K1B1 w - - 0 1", Color::White, |t| matches!(t, Term::KingProtector(_)));
        assert_eq!(protectors, vec![(Term::KingProtector(0), 4), (Term::KingProtector(1), 2)]);
    }

    #[test]
    fn attacks_on_the_king_flank_count_twice_where_doubled() {
        let flank = |fen| counted::<Chess>(fen, Color::White, |t| t == Term::KingFlankAttack);
        // The g8 king's flank is e-h from the eighth to the fourth rank:
        // the rook reaches e4-e8.
        assert_eq!(flank("6k1/8/8/8/8/8/8/K3R3 w - - 0 1"), vec![(Term::KingFlankAttack, 5)]);
        // A knight on f6 adds g8, h7, h5, g4, and e8, e4 twice.
        assert_eq!(flank("6k1/8/5N2/8/8/8/8/K3R3 b - - 0 1"), vec![(Term::KingFlankAttack, 11)]);
    }

    /// The king danger `us` puts the enemy king in, in 64ths of its units
    /// (`Term::KingDanger(1)`'s count; none below 100 units).
    fn king_danger<V: EngineVariant>(fen: &str, us: Color) -> i32 {
        counted::<V>(fen, us, |t| t == Term::KingDanger(1)).first().map_or(0, |&(_, n)| n)
    }

    #[test]
    fn a_king_attacked_by_several_pieces_with_a_safe_check_is_in_danger() {
        // Qh5 and Ng5 against g8: two attackers, h7 and f7 weak, Qxh7+
        // and Qxf7+ safe (both attacked twice), the flank swarmed.
        let attacked = "6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1";
        let danger = king_danger::<Chess>(attacked, Color::White);
        assert!(danger >= 1500 / 64, "{danger}");
        assert_eq!(king_danger::<Chess>(attacked, Color::Black), 0);
        // Without the queen the knight alone is no danger.
        assert_eq!(king_danger::<Chess>("6k1/5ppp/8/6N1/8/8/5PPP/6K1 w - - 0 1", Color::White), 0);
        assert_eq!(king_danger::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Color::White), 0);
        // Where a capture sends pieces elsewhere, an attacked king is not simply lost.
        use chesslantis_core::variants::Circe;
        assert_eq!(king_danger::<Circe>(attacked, Color::White), 0);
    }

    #[test]
    fn a_piece_alone_between_the_king_and_a_slider_is_a_blocker() {
        let blockers = |fen: &str| {
            let pos = Position::<Chess>::from_fen(fen).expect("a valid FEN");
            let king = pos.king(Color::Black).expect("Black has a king");
            lone_blockers(&pos, king, Color::White).into_iter().map(|sq| Shape::CHESS.name(sq).to_string()).collect::<Vec<_>>()
        };
        // The e5 knight is pinned by the e1 rook, the d7 pawn by the b5 bishop.
        assert_eq!(blockers("4k3/3p4/8/1B2n3/8/8/8/4R1K1 w - - 0 1"), ["e5", "d7"]);
        // Two pieces on the line: neither is alone. Our own piece screens a
        // discovered check from the queen.
        assert!(blockers("4k3/8/8/4n3/8/8/4P3/4R1K1 w - - 0 1").is_empty());
        assert_eq!(blockers("4k3/8/2N5/8/Q7/8/8/6K1 w - - 0 1"), ["c6"]);
        // A rook does not pin along a diagonal.
        assert!(blockers("4k3/8/2n5/8/R7/8/8/6K1 w - - 0 1").is_empty());
    }

    #[test]
    fn safe_squares_to_attack_the_queen_from_are_threats() {
        let on_queen = |fen| counted::<Chess>(fen, Color::White, |t| matches!(t, Term::KnightOnQueen | Term::SliderOnQueen));
        // Nb4-c6 would attack the d8 queen; a b7 pawn guards c6.
        assert_eq!(on_queen("3qk3/8/8/8/1N6/8/8/4K3 w - - 0 1"), vec![(Term::KnightOnQueen, 1)]);
        assert!(on_queen("3qk3/1p6/8/8/1N6/8/8/4K3 w - - 0 1").is_empty());
        // Both rooks hold d5, on the queen's file: the queen attacks it once.
        assert_eq!(on_queen("3qk3/8/8/R6R/8/8/8/4K3 w - - 0 1"), vec![(Term::SliderOnQueen, 1)]);
    }

    #[test]
    fn a_minor_piece_defended_by_a_pawn_where_no_pawn_can_chase_it_is_on_an_outpost() {
        let outposts = |fen| counted::<Chess>(fen, Color::White, |t| matches!(t, Term::Outpost(_)));
        // Knight e5, defended by d4; no black pawn on the d- or f-file ahead.
        assert_eq!(outposts("4k3/2p5/8/4N3/3P4/8/8/4K3 w - - 0 1"), vec![(Term::Outpost(0), 1)]);
        // A black pawn on f7 can still drive it away.
        assert!(outposts("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1").is_empty());
        // Undefended: no outpost. A bishop counts apart.
        assert!(outposts("4k3/2p5/8/4N3/8/8/8/4K3 w - - 0 1").is_empty());
        assert_eq!(outposts("4k3/2p5/8/4B3/3P4/8/8/4K3 w - - 0 1"), vec![(Term::Outpost(1), 1)]);
        // On the third rank it is at home, not an outpost.
        assert!(outposts("4k3/8/8/8/8/4N3/3P4/4K3 w - - 0 1").is_empty());
    }
}
