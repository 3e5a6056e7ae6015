//! FIDE Dutch system (C.04.3, 2025 rules), computed the way the endorsed
//! engine bbpPairings does it: a maximum-weight matching over all players in
//! which each edge weight packs the pairing criteria, most important first, and
//! a sequence of re-weightings that fixes one bracket, then one decision inside
//! it (which moved-down players, which exchanges, which opponents), at a time.
//! Any deviation in the packing changes pairings, so the field order below
//! follows the engine's exactly.

use std::collections::HashMap;

use crate::history::{Colour, PlayerId, RoundRecord, Scoring};
use crate::matching::{max_weight_matching, Edge};
use crate::wide::{Weight, Wide};

/// Everything the pairing of one round needs.
#[derive(Clone, Debug)]
pub struct PairingInput<'a> {
    /// Every player's records of the rounds played so far (all the same length).
    pub histories: &'a [Vec<RoundRecord>],
    /// Players who are not to be paired this round (requested byes, withdrawn).
    pub unavailable: &'a [bool],
    /// Rounds planned in all (matters for the last-round colour exception).
    pub total_rounds: usize,
    /// Colour of the top-ranked player in round 1 (the colour lot).
    pub first_colour: Colour,
    pub scoring: Scoring,
}

/// One round's pairing: games as (white, black) and the pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPairing {
    pub games: Vec<(PlayerId, PlayerId)>,
    pub bye: Option<PlayerId>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("no pairing satisfies the absolute criteria (no repeat games, colour limits, one bye at most)")]
    NoValidPairing,
    #[error("round {0} is too large to pair (more than {1} bits of criteria)")]
    TooLarge(usize, u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// Derived per-player data, as the criteria need it.
struct Entrant {
    id: PlayerId,
    rank: usize,
    score: u32,
    preference: Option<Colour>,
    imbalance: u32,
    /// Colour of the last two played games when they were the same.
    repeated: Option<Colour>,
    strong: bool,
    bye_eligible: bool,
    /// Rounds so far without a game over the board. The bye goes preferably
    /// to the player with the fewest (C.04.3 C.9, 2025).
    unplayed_games: u32,
    /// Float one and two rounds back.
    floats: [Float; 2],
    played_colours: Vec<Colour>,
}

impl Entrant {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// Pairs the next round.
pub fn pair_round(input: &PairingInput) -> Result<RoundPairing, PairingError> {
    let played_rounds = input.histories.iter().map(Vec::len).max().unwrap_or(0);
    let context = Context::new(input, played_rounds);
    let n = context.sorted.len();
    if n == 0 {
        return Ok(RoundPairing { games: Vec::new(), bye: None });
    }
    let bits = context.total_bits() + 4;
    match bits {
        0..=128 => context.pair::<Wide<2>>(),
        129..=192 => context.pair::<Wide<3>>(),
        193..=256 => context.pair::<Wide<4>>(),
        257..=320 => context.pair::<Wide<5>>(),
        321..=384 => context.pair::<Wide<6>>(),
        385..=512 => context.pair::<Wide<8>>(),
        513..=1024 => context.pair::<Wide<16>>(),
        _ => Err(PairingError::TooLarge(played_rounds + 1, 1024)),
    }
}

struct Context {
    entrants: Vec<Entrant>,
    /// Indices into `entrants`, best score first, then rank.
    sorted: Vec<usize>,
    /// Opponents already met over the board, by player id.
    met: Vec<Vec<bool>>,
    played_rounds: usize,
    total_rounds: usize,
    first_colour: Colour,
    scoring: Scoring,
    score_group_shift: HashMap<u32, u32>,
    score_groups_bits: u32,
    group_size_bits: u32,
}

fn bits_to_represent(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

fn score_before(history: &[RoundRecord], rounds_back: usize, scoring: &Scoring) -> u32 {
    let keep = history.len().saturating_sub(rounds_back);
    history[..keep].iter().map(|r| r.points(scoring)).sum()
}

impl Context {
    fn new(input: &PairingInput, played_rounds: usize) -> Context {
        let scoring = input.scoring;
        let count = input.histories.len();
        let mut met = vec![vec![false; count]; count];
        let mut entrants = Vec::with_capacity(count);
        for (id, history) in input.histories.iter().enumerate() {
            let (mut whites, mut blacks, mut run, mut last) = (0u32, 0u32, 0u32, None);
            let mut played_colours = Vec::new();
            let mut bye_eligible = true;
            for record in history {
                if record.was_played() {
                    if let Some(opponent) = record.opponent() {
                        if opponent < count {
                            met[id][opponent] = true;
                            met[opponent][id] = true;
                        }
                    }
                    let colour = record.colour().unwrap_or(Colour::White);
                    played_colours.push(colour);
                    match colour {
                        Colour::White => whites += 1,
                        Colour::Black => blacks += 1,
                    }
                    run = if last == Some(colour) { run + 1 } else { 1 };
                    last = Some(colour);
                } else if *record == RoundRecord::PairingBye || record.points(&scoring) >= scoring.win {
                    // No second pairing-allocated bye, whatever it is worth; and
                    // (2025 rules) any unplayed round worth a win uses up the bye too.
                    bye_eligible = false;
                }
            }
            let lower = if whites > blacks { Colour::Black } else { Colour::White };
            let imbalance = whites.abs_diff(blacks);
            let preference = if imbalance > 1 {
                Some(lower)
            } else if run > 1 {
                last.map(Colour::opposite)
            } else if imbalance > 0 {
                Some(lower)
            } else {
                last.map(Colour::opposite)
            };
            let repeated = if run > 1 { last } else { None };
            let absolute = imbalance > 1 || repeated.is_some();
            let score = score_before(history, 0, &scoring);
            let mut floats = [Float::None; 2];
            for (back, slot) in floats.iter_mut().enumerate() {
                let rounds_back = back + 1;
                if played_rounds < rounds_back || history.len() < rounds_back {
                    continue;
                }
                let record = &history[history.len() - rounds_back];
                *slot = if !record.was_played() {
                    // An unplayed round is a downfloat when it scored, otherwise no float
                    // (a forfeit loss is not an upfloat).
                    if record.points(&scoring) > scoring.loss { Float::Down } else { Float::None }
                } else {
                    let own = score_before(history, rounds_back, &scoring);
                    let theirs = match record.opponent() {
                        Some(o) if o < count => score_before(&input.histories[o], rounds_back, &scoring),
                        _ => own,
                    };
                    match own.cmp(&theirs) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    }
                };
            }
            entrants.push(Entrant {
                id,
                rank: id,
                score,
                preference,
                imbalance,
                repeated,
                strong: !absolute && imbalance > 0,
                bye_eligible,
                unplayed_games: (played_rounds - played_colours.len().min(played_rounds)) as u32,
                floats,
                played_colours,
            });
        }
        let mut sorted: Vec<usize> = (0..count).filter(|&i| !input.unavailable.get(i).copied().unwrap_or(false)).collect();
        sorted.sort_by(|&a, &b| {
            entrants[b].score.cmp(&entrants[a].score).then(entrants[a].rank.cmp(&entrants[b].rank))
        });

        // Each score group gets a field wide enough to count its members,
        // lowest score in the lowest bits.
        let mut score_group_shift = HashMap::new();
        let mut score_groups_bits = 0u32;
        let mut max_group = 0usize;
        let mut run = 0usize;
        for (pos, &e) in sorted.iter().enumerate().rev() {
            run += 1;
            let score = entrants[e].score;
            if pos == 0 || entrants[sorted[pos - 1]].score > score {
                score_group_shift.insert(score, score_groups_bits);
                max_group = max_group.max(run);
                score_groups_bits += bits_to_represent(run);
                run = 0;
            }
        }
        Context {
            entrants,
            sorted,
            met,
            played_rounds,
            total_rounds: input.total_rounds,
            first_colour: input.first_colour,
            scoring,
            score_group_shift,
            score_groups_bits,
            group_size_bits: bits_to_represent(max_group),
        }
    }

    fn total_bits(&self) -> u32 {
        let s = self.group_size_bits;
        let g = self.score_groups_bits;
        let mut bits = 2 + s + g + s + g + 2 * s + 4 * s;
        if self.played_rounds > 0 {
            bits += 2 * s + 2 * g;
        }
        if self.played_rounds > 1 {
            bits += 2 * s + 2 * g;
        }
        bits + 3 * s + 1
    }

    fn at(&self, vertex: usize) -> &Entrant {
        &self.entrants[self.sorted[vertex]]
    }

    fn shift_of(&self, score: u32) -> u32 {
        self.score_group_shift.get(&score).copied().unwrap_or(0)
    }

    /// Absolute criteria: no second game, and two players with the same
    /// absolute colour preference only meet if one of them is a topscorer in
    /// the last round.
    fn compatible(&self, a: &Entrant, b: &Entrant) -> bool {
        if self.met[a.id][b.id] {
            return false;
        }
        let top_threshold = (self.played_rounds as u32 * self.scoring.win.max(self.scoring.draw)) >> 1;
        !a.absolute()
            || !b.absolute()
            || a.preference != b.preference
            || (self.played_rounds + 1 >= self.total_rounds
                && (a.score > top_threshold || b.score > top_threshold))
    }

    fn bye_candidate(&self, e: &Entrant, bye_score: u32) -> bool {
        e.bye_eligible && e.score <= bye_score
    }

    fn one<W: Weight>(shift: u32) -> W {
        W::from_u64(1).shl(shift)
    }

    /// The basic edge weight between `higher` and `lower` (higher ranked first).
    #[allow(clippy::too_many_arguments)]
    fn edge_weight<W: Weight>(
        &self,
        higher: &Entrant,
        lower: &Entrant,
        in_current: bool,
        in_next: bool,
        bye_score: u32,
        single_downfloater_is_bye: bool,
        played_games_rank: &HashMap<u32, u64>,
    ) -> W {
        if !self.compatible(higher, lower) {
            return W::zero();
        }
        let s = self.group_size_bits;
        let g = self.score_groups_bits;
        let b = |x: bool| x as u64;
        // Completion and bye eligibility.
        let mut r = W::from_u64(
            1 + b(!self.bye_candidate(higher, bye_score)) + b(!self.bye_candidate(lower, bye_score)),
        );
        // Pairs, then scores paired, in the current bracket; the same for the next.
        r = r.shl(s).or_u64(b(in_current));
        r = r.shl(g);
        if in_current {
            r = r.wrapping_add(Self::one(self.shift_of(higher.score)));
        }
        r = r.shl(s).or_u64(b(in_next));
        r = r.shl(g);
        if in_next {
            r = r.wrapping_add(Self::one(self.shift_of(higher.score)));
        }
        // Fewest unplayed games for the bye assignee.
        r = r.shl(2 * s);
        if single_downfloater_is_bye {
            let rank = |e: &Entrant| played_games_rank.get(&e.unplayed_games).copied().unwrap_or(0);
            if higher.score == bye_score {
                r = r.or_u64(rank(higher));
            }
            if lower.score == bye_score {
                r = r.wrapping_add(W::from_u64(rank(lower)));
            }
        }
        // Colour preferences (player = lower, opponent = higher).
        let (p, o) = (lower, higher);
        let mask = in_current;
        r = r.shl(s).or_u64(b(mask
            && (!p.absolute_imbalance() || !o.absolute_imbalance() || p.preference != o.preference)));
        let repeated_ok = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let smaller = if p.imbalance > o.imbalance { o } else { p };
            smaller.repeated != p.preference.map(Colour::opposite)
        };
        r = r.shl(s).or_u64(b(mask
            && (!p.absolute() || !o.absolute() || p.preference != o.preference || repeated_ok)));
        r = r.shl(s).or_u64(b(mask && preferences_compatible(p.preference, o.preference)));
        r = r.shl(s).or_u64(b(mask
            && ((!p.strong && !p.absolute())
                || (!o.strong && !o.absolute())
                || (p.absolute() && o.absolute())
                || p.preference != o.preference)));
        // Repeated floats, one and two rounds back: counts.
        for back in 0..2 {
            if self.played_rounds > back {
                r = r.shl(s);
                if in_current {
                    r = r.or_u64(b(lower.floats[back] == Float::Down));
                    r = r.wrapping_add(W::from_u64(b(
                        higher.score <= lower.score && higher.floats[back] == Float::Down,
                    )));
                }
                r = r.shl(s);
                if in_current {
                    r = r.or_u64(b(!(higher.score > lower.score && lower.floats[back] == Float::Up)));
                }
            }
        }
        // Repeated floats: scores.
        for back in 0..2 {
            if self.played_rounds > back {
                r = r.shl(g);
                if in_current {
                    if lower.floats[back] == Float::Down {
                        r = r.wrapping_add(Self::one(self.shift_of(lower.score)));
                    }
                    if higher.floats[back] == Float::Down {
                        r = r.wrapping_add(Self::one(self.shift_of(higher.score)));
                    }
                }
                r = r.shl(g);
                if in_current && !(lower.floats[back] == Float::Up && higher.score > lower.score) {
                    r = r.wrapping_add(Self::one(self.shift_of(higher.score)));
                }
            }
        }
        // Room for the ordering of homogeneous and heterogeneous brackets.
        r.shl(3 * s + 1)
    }

    fn pair<W: Weight>(&self) -> Result<RoundPairing, PairingError> {
        let n = self.sorted.len();
        let s = self.group_size_bits;
        let empty_ranks = HashMap::new();
        let mut mc = MatchingComputer::<W>::new(n);
        let top_score = self.at(0).score;

        // Completability first: can everyone but one be paired, and at what
        // score does the bye fall?
        for i in 0..n {
            for j in 0..i {
                let (player, opponent) = (self.at(i), self.at(j));
                let weight = if n % 2 == 1 {
                    if self.compatible(player, opponent) {
                        let top = 1 + !player.bye_eligible as u64 + !opponent.bye_eligible as u64;
                        W::from_u64(top)
                            .shl(self.score_groups_bits)
                            .or_u64((self.shift_of(player.score) + self.shift_of(opponent.score)) as u64)
                            .shl(s)
                            .or_u64((player.score >= top_score) as u64)
                    } else {
                        W::zero()
                    }
                } else {
                    self.edge_weight(opponent, player, false, false, 0, false, &empty_ranks)
                };
                mc.set(i, j, weight);
            }
        }
        let initial = mc.compute();
        let unmatched: Vec<usize> = (0..n).filter(|&v| initial[v] == v).collect();
        if unmatched.len() > 1 || unmatched.iter().any(|&v| !self.at(v).bye_eligible) {
            return Err(PairingError::NoValidPairing);
        }
        let mut bye_score = 0;
        let mut single_downfloater_is_bye = false;
        let mut played_games_rank: HashMap<u32, u64> = HashMap::new();
        if n % 2 == 1 {
            if let Some(v) = (0..n).find(|&v| initial[v] == v) {
                bye_score = self.at(v).score;
            }
            if bye_score >= top_score {
                single_downfloater_is_bye = true;
                for (v, &mate) in initial.iter().enumerate() {
                    if self.at(v).score < top_score {
                        break;
                    }
                    if self.at(mate).score < top_score {
                        single_downfloater_is_bye = false;
                        break;
                    }
                }
            }
            let mut counts: Vec<u32> = (0..n)
                .filter(|&v| self.at(v).score == bye_score)
                .map(|v| self.at(v).unplayed_games)
                .collect();
            counts.sort_unstable();
            for (rank, count) in counts.into_iter().enumerate() {
                played_games_rank.insert(count, rank as u64);
            }
            for i in 0..n {
                for j in 0..i {
                    let w = self.edge_weight(
                        self.at(j),
                        self.at(i),
                        false,
                        false,
                        bye_score,
                        single_downfloater_is_bye,
                        &played_games_rank,
                    );
                    mc.set(i, j, w);
                }
            }
        }

        let mut partner: Vec<Option<usize>> = vec![None; n];
        let mut matched = vec![false; n];
        // Vertices of the current bracket (moved-down players first) and the next.
        let mut vi: Vec<usize> = Vec::new();
        let mut next_iter = 0;
        while next_iter < n && self.at(next_iter).score >= top_score {
            vi.push(next_iter);
            next_iter += 1;
        }
        let mut sg_begin = 0usize;
        let mut sg_begin_vertex = 0usize;

        while vi.len() > 1 || next_iter < n {
            let next_sg_begin = vi.len();
            let next_sg_begin_vertex = sg_begin_vertex + (next_sg_begin - sg_begin);
            let sg_iter = next_iter;
            while next_iter < n && self.at(next_iter).score >= self.at(sg_iter).score {
                vi.push(next_iter);
                next_iter += 1;
            }
            let in_current = |v: usize| v >= sg_begin_vertex && v < next_sg_begin_vertex;

            // base[larger][smaller], indexed by position in `vi`.
            let mut base: Vec<Vec<W>> = vec![Vec::new(); vi.len()];
            for larger in sg_begin..vi.len() {
                base[larger] = (0..larger)
                    .map(|smaller| {
                        self.edge_weight(
                            self.at(vi[smaller]),
                            self.at(vi[larger]),
                            larger < next_sg_begin,
                            larger >= next_sg_begin,
                            bye_score,
                            single_downfloater_is_bye,
                            &played_games_rank,
                        )
                    })
                    .collect();
                for smaller in 0..larger {
                    mc.set(vi[larger], vi[smaller], base[larger][smaller]);
                }
            }
            let remainder_weight = |base: &Vec<Vec<W>>, smaller: usize, larger: usize, smaller_rem: usize, rem_pairs: usize| -> W {
                let r = base[larger][smaller];
                if r.is_zero() {
                    return r;
                }
                // Fewest exchanges, then the smallest differences of the exchanged BSNs.
                let addend = W::from_u64((smaller_rem < rem_pairs) as u64)
                    .shl(2 * s)
                    .wrapping_sub(W::from_u64(smaller_rem as u64))
                    .shl(1);
                r.wrapping_add(addend)
            };

            let mut stable = mc.compute();

            // Which moved-down players are paired in this bracket.
            let mut md_score = 0;
            let mut md_remaining = 0usize;
            let mut md_remaining_matched = 0usize;
            for pi in 0..sg_begin {
                if pi == 0 || self.at(vi[pi]).score < md_score {
                    md_score = self.at(vi[pi]).score;
                    md_remaining = 0;
                    md_remaining_matched = 0;
                    let mut k = pi;
                    while k < vi.len() && self.at(vi[k]).score >= md_score {
                        md_remaining += 1;
                        if in_current(stable[vi[k]]) {
                            md_remaining_matched += 1;
                        }
                        k += 1;
                    }
                }
                if md_remaining_matched == 0 {
                    continue;
                }
                let pv = vi[pi];
                if md_remaining <= md_remaining_matched {
                    matched[pv] = true;
                    continue;
                }
                md_remaining -= 1;
                if !in_current(stable[pv]) {
                    for oi in sg_begin..next_sg_begin {
                        let w = base[oi][pi];
                        if !w.is_zero() {
                            mc.set(pv, vi[oi], w.or_u64(1));
                        }
                    }
                    stable = mc.compute();
                }
                if in_current(stable[pv]) {
                    matched[pv] = true;
                    md_remaining_matched -= 1;
                    for oi in sg_begin..next_sg_begin {
                        let w = base[oi][pi];
                        if !w.is_zero() {
                            let w = w.or_u64((next_sg_begin - sg_begin) as u64).wrapping_add(W::from_u64(1));
                            mc.set(pv, vi[oi], w);
                        }
                    }
                }
            }

            // Their opponents, best moved-down player first.
            for pi in 0..sg_begin {
                let pv = vi[pi];
                if !matched[pv] {
                    continue;
                }
                let mut addend = vi.len() as u64;
                for oi in (sg_begin..next_sg_begin).rev() {
                    let ov = vi[oi];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        mc.set(pv, ov, w.wrapping_add(W::from_u64(addend)));
                        addend += 1;
                    }
                }
                stable = mc.compute();
                let mv = stable[pv];
                matched[mv] = true;
                mc.finalize(pv, mv);
            }

            // The remainder: S1 and S2 and the exchanges between them.
            let mut remainder: Vec<usize> = Vec::new();
            let mut rem_pairs = 0usize;
            for (pi, &pv) in vi.iter().enumerate().take(next_sg_begin).skip(sg_begin) {
                if stable[pv] < sg_begin_vertex {
                    continue;
                }
                remainder.push(pi);
                if stable[pv] < pv {
                    rem_pairs += 1;
                }
            }
            let first_group_end = rem_pairs;
            for (a_pos, &oi) in remainder.iter().enumerate() {
                let ov = vi[oi];
                for (pri, &pi) in remainder[..a_pos].iter().enumerate() {
                    mc.set(vi[pi], ov, remainder_weight(&base, pi, oi, pri, rem_pairs));
                }
            }
            stable = mc.compute();
            let is_s1_paired_in_bracket = |stable: &Vec<usize>, pv: usize| stable[pv] > pv && stable[pv] < next_sg_begin_vertex;

            let mut exchange_count = 0usize;
            if let Some(&boundary) = remainder.get(first_group_end) {
                for &pi in &remainder {
                    if pi >= boundary {
                        break;
                    }
                    exchange_count += !is_s1_paired_in_bracket(&stable, vi[pi]) as usize;
                }
            }

            // Lowest S1 players to be exchanged, where possible.
            let mut exchanges_remaining = exchange_count;
            let mut pri = rem_pairs;
            let mut idx = first_group_end;
            while idx != 0 && exchanges_remaining > 0 {
                let opp_start = idx;
                pri -= 1;
                idx -= 1;
                let pi = remainder[idx];
                let pv = vi[pi];
                if is_s1_paired_in_bracket(&stable, pv) {
                    for &oi in &remainder[opp_start..] {
                        let w = remainder_weight(&base, pi, oi, pri, rem_pairs);
                        if !w.is_zero() {
                            mc.set(pv, vi[oi], w.wrapping_sub(W::from_u64(1)));
                        }
                    }
                    stable = mc.compute();
                }
                let exchange = !is_s1_paired_in_bracket(&stable, pv);
                exchanges_remaining -= exchange as usize;
                for &oi in &remainder[idx + 1..] {
                    if exchange {
                        base[oi][pi] = W::zero();
                    }
                    mc.set(pv, vi[oi], remainder_weight(&base, pi, oi, pri, rem_pairs));
                }
            }

            // Highest S2 players to be exchanged, where possible.
            let mut exchanges_remaining = exchange_count;
            let mut ri = rem_pairs;
            let mut idx = first_group_end;
            while idx < remainder.len() && exchanges_remaining > 1 {
                let pi = remainder[idx];
                let pv = vi[pi];
                let already = is_s1_paired_in_bracket(&stable, pv);
                if !already {
                    for &oi in &remainder[idx + 1..] {
                        let w = remainder_weight(&base, pi, oi, ri, rem_pairs);
                        if !w.is_zero() {
                            mc.set(pv, vi[oi], w.wrapping_add(W::from_u64(1)));
                        }
                    }
                    stable = mc.compute();
                }
                if is_s1_paired_in_bracket(&stable, pv) {
                    exchanges_remaining -= 1;
                    for &oi in &remainder[..idx] {
                        base[pi][oi] = W::zero();
                        mc.set(pv, vi[oi], W::zero());
                    }
                    for oi in next_sg_begin..vi.len() {
                        base[oi][pi] = W::zero();
                        mc.set(pv, vi[oi], W::zero());
                    }
                }
                if !already {
                    for &oi in &remainder[idx + 1..] {
                        mc.set(pv, vi[oi], remainder_weight(&base, pi, oi, ri, rem_pairs));
                    }
                }
                ri += 1;
                idx += 1;
            }

            // Fix the exchanges: S1 players only meet later players, S2 players
            // only earlier ones.
            for a in 0..remainder.len() {
                let pv = vi[remainder[a]];
                for b_pos in a + 1..remainder.len() {
                    let ov = vi[remainder[b_pos]];
                    if !is_s1_paired_in_bracket(&stable, pv) || is_s1_paired_in_bracket(&stable, ov) {
                        base[remainder[b_pos]][remainder[a]] = W::zero();
                    }
                    mc.set(pv, ov, base[remainder[b_pos]][remainder[a]]);
                }
            }

            // Opponents of the S1 players, in order.
            for &pi in &remainder {
                let pv = vi[pi];
                if !is_s1_paired_in_bracket(&stable, pv) {
                    continue;
                }
                let mut addend = 0u64;
                for &oi in remainder.iter().rev() {
                    let ov = vi[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        mc.set(pv, ov, w.wrapping_add(W::from_u64(addend)));
                    }
                    addend += 1;
                }
                stable = mc.compute();
                let mv = stable[pv];
                matched[pv] = true;
                matched[mv] = true;
                mc.finalize(pv, mv);
            }

            // Carry the unpaired players down to the next bracket.
            let mut new_vi = Vec::new();
            sg_begin = 0;
            // C.9 applies to the next bracket when the bye falls in it and
            // nobody carried into it is needed below it.
            let next_group_score = if sg_iter < n { self.at(sg_iter).score } else { 0 };
            single_downfloater_is_bye = n % 2 == 1 && sg_iter < n && bye_score >= next_group_score;
            for (pi, &pv) in vi.iter().enumerate() {
                if pi < next_sg_begin && matched[pv] {
                    partner[pv] = Some(stable[pv]);
                    partner[stable[pv]] = Some(pv);
                } else {
                    new_vi.push(pv);
                    if pi < next_sg_begin {
                        sg_begin += 1;
                    }
                    if single_downfloater_is_bye && self.at(stable[pv]).score < next_group_score {
                        single_downfloater_is_bye = false;
                    }
                }
            }
            vi = new_vi;
            sg_begin_vertex = next_sg_begin_vertex;
        }

        let mut games = Vec::new();
        let mut bye = None;
        for (v, mate) in partner.iter().enumerate() {
            let player = self.at(v);
            match *mate {
                Some(u) => {
                    let other = self.at(u);
                    if player.id < other.id {
                        let colour = self.choose_colour(player, other);
                        games.push(if colour == Colour::White { (player.id, other.id) } else { (other.id, player.id) });
                    }
                }
                None => {
                    if bye.is_some() {
                        return Err(PairingError::NoValidPairing);
                    }
                    bye = Some(player.id);
                }
            }
        }
        Ok(RoundPairing { games, bye })
    }

    /// True when `a` ranks below `b` (lower score, or same score and larger rank).
    fn ranks_below(a: &Entrant, b: &Entrant) -> bool {
        (a.score, b.rank) < (b.score, a.rank)
    }

    /// The colour `player` gets against `opponent` (C.04.3 section E).
    fn choose_colour(&self, player: &Entrant, opponent: &Entrant) -> Colour {
        if let Some(colour) = neutral_colour(player, opponent) {
            return colour;
        }
        let below = Self::ranks_below(player, opponent);
        match player.preference {
            None => {
                if below {
                    if opponent.rank % 2 == 1 { self.first_colour } else { self.first_colour.opposite() }
                } else if player.rank % 2 == 1 {
                    self.first_colour.opposite()
                } else {
                    self.first_colour
                }
            }
            Some(own) => {
                if below {
                    opponent.preference.map(Colour::opposite).unwrap_or(Colour::Black)
                } else {
                    own
                }
            }
        }
    }
}

fn preferences_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// Colour rules E.1-E.4, before the rank decides (None when they do not).
fn neutral_colour(player: &Entrant, opponent: &Entrant) -> Option<Colour> {
    if preferences_compatible(player.preference, opponent.preference) {
        return player.preference.or(opponent.preference.map(Colour::opposite));
    }
    if player.absolute() && (player.imbalance > opponent.imbalance || !opponent.absolute()) {
        return player.preference;
    }
    if opponent.absolute() && (opponent.imbalance > player.imbalance || !player.absolute()) {
        return opponent.preference.map(Colour::opposite);
    }
    if player.strong && !opponent.strong {
        return player.preference;
    }
    if opponent.strong && !player.strong {
        return opponent.preference.map(Colour::opposite);
    }
    // Alternate from the latest round in which their colours differed.
    let mut a = player.played_colours.iter().rev();
    let mut b = opponent.played_colours.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(y)) => return Some(*y),
            _ => return None,
        }
    }
}

/// The matching state shared by all steps: a symmetric weight matrix over the
/// round's players, with pairs that are already decided taken out.
struct MatchingComputer<W: Weight> {
    n: usize,
    weights: Vec<W>,
    fixed: Vec<Option<usize>>,
}

impl<W: Weight> MatchingComputer<W> {
    fn new(n: usize) -> Self {
        MatchingComputer { n, weights: vec![W::zero(); n * n], fixed: vec![None; n] }
    }

    fn set(&mut self, a: usize, b: usize, weight: W) {
        self.weights[a * self.n + b] = weight;
        self.weights[b * self.n + a] = weight;
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    /// Returns each vertex's mate (itself when unmatched).
    fn compute(&self) -> Vec<usize> {
        let active: Vec<usize> = (0..self.n).filter(|&v| self.fixed[v].is_none()).collect();
        let mut edges: Vec<Edge<W>> = Vec::new();
        for (i, &a) in active.iter().enumerate() {
            for (j, &b) in active.iter().enumerate().skip(i + 1) {
                let w = self.weights[a * self.n + b];
                if !w.is_zero() {
                    edges.push((i, j, w));
                }
            }
        }
        let local = max_weight_matching(active.len(), &edges);
        let mut mate: Vec<usize> = (0..self.n).map(|v| self.fixed[v].unwrap_or(v)).collect();
        for (i, &a) in active.iter().enumerate() {
            if let Some(j) = local[i] {
                mate[a] = active[j];
            }
        }
        mate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Outcome;

    fn played(opponent: usize, colour: Colour, outcome: Outcome) -> RoundRecord {
        RoundRecord::Played { opponent, colour, outcome }
    }

    fn pair(histories: &[Vec<RoundRecord>], unavailable: &[bool], total_rounds: usize) -> RoundPairing {
        pair_round(&PairingInput {
            histories,
            unavailable,
            total_rounds,
            first_colour: Colour::White,
            scoring: Scoring::default(),
        })
        .expect("a pairing exists")
    }

    #[test]
    fn round_one_top_half_meets_bottom_half_with_alternating_colours() {
        let histories = vec![Vec::new(); 6];
        let p = pair(&histories, &[false; 6], 5);
        let mut games = p.games.clone();
        games.sort();
        assert_eq!(games, vec![(0, 3), (2, 5), (4, 1)]);
        assert_eq!(p.bye, None);
    }

    #[test]
    fn odd_count_gives_the_bye_to_the_lowest_eligible_player() {
        let histories = vec![Vec::new(); 5];
        assert_eq!(pair(&histories, &[false; 5], 5).bye, Some(4));
        // Player 5 already had the pairing-allocated bye: the next lowest gets it.
        let mut histories = vec![
            vec![played(2, Colour::White, Outcome::Loss)],
            vec![played(3, Colour::Black, Outcome::Loss)],
            vec![played(0, Colour::Black, Outcome::Win)],
            vec![played(1, Colour::White, Outcome::Win)],
            vec![RoundRecord::Absent],
        ];
        histories[4] = vec![RoundRecord::PairingBye];
        let p = pair(&histories, &[false; 5], 5);
        assert_ne!(p.bye, Some(4));
        assert!(p.bye.is_some());
    }

    #[test]
    fn no_repeat_pairings_and_absent_players_are_left_out() {
        let histories = vec![
            vec![played(1, Colour::White, Outcome::Win)],
            vec![played(0, Colour::Black, Outcome::Loss)],
            vec![played(3, Colour::White, Outcome::Draw)],
            vec![played(2, Colour::Black, Outcome::Draw)],
            vec![RoundRecord::Absent],
        ];
        // Player 5 asked for a bye this round.
        let p = pair(&histories, &[false, false, false, false, true], 5);
        assert_eq!(p.bye, None);
        for &(w, b) in &p.games {
            assert!(w != 4 && b != 4);
            assert!(!matches!((w.min(b), w.max(b)), (0, 1) | (2, 3)), "repeat pairing {w}-{b}");
        }
        assert_eq!(p.games.len(), 2);
    }

    #[test]
    fn absolute_colour_preferences_are_respected() {
        // Players 1 and 2 had White twice: neither may get White a third time,
        // so they cannot meet each other before the last round.
        let w = Colour::White;
        let b = Colour::Black;
        let histories = vec![
            vec![played(2, w, Outcome::Win), played(3, w, Outcome::Win)],
            vec![played(3, w, Outcome::Win), played(2, w, Outcome::Win)],
            vec![played(0, b, Outcome::Loss), played(1, b, Outcome::Loss)],
            vec![played(1, b, Outcome::Loss), played(0, b, Outcome::Loss)],
        ];
        assert!(pair_round(&PairingInput {
            histories: &histories,
            unavailable: &[false; 4],
            total_rounds: 5,
            first_colour: w,
            scoring: Scoring::default(),
        })
        .is_err(), "0-1 and 2-3 are the only pairs left and both clash absolutely");
        // In the last round the two topscorers may meet anyway; the others may not.
        let input = |total_rounds| PairingInput {
            histories: &histories,
            unavailable: &[false; 4],
            total_rounds,
            first_colour: w,
            scoring: Scoring::default(),
        };
        let early = Context::new(&input(5), 2);
        let last = Context::new(&input(3), 2);
        let e = &early.entrants;
        let l = &last.entrants;
        assert!(!early.compatible(&e[0], &e[1]));
        assert!(last.compatible(&l[0], &l[1]));
        assert!(!last.compatible(&l[2], &l[3]));
        assert!(!early.compatible(&e[1], &e[2]), "they met in round 2");
    }

    #[test]
    fn unplayed_rounds_worth_a_win_use_up_the_bye() {
        let bye_eligibility = |record: RoundRecord, scoring: Scoring| {
            let histories = vec![vec![record], vec![RoundRecord::Absent]];
            let input = PairingInput { histories: &histories, unavailable: &[false; 2], total_rounds: 3, first_colour: Colour::White, scoring };
            Context::new(&input, 1).entrants[0].bye_eligible
        };
        let default = Scoring::default();
        assert!(!bye_eligibility(RoundRecord::PairingBye, default));
        assert!(!bye_eligibility(RoundRecord::FullBye, default), "a full-point bye (F) uses up the bye");
        assert!(!bye_eligibility(RoundRecord::Forfeit { opponent: 1, colour: Colour::White, won: true }, default));
        assert!(bye_eligibility(RoundRecord::HalfBye, default));
        assert!(bye_eligibility(RoundRecord::ZeroBye, default), "a zero-point bye (Z) does not");
        assert!(bye_eligibility(RoundRecord::Absent, default));
        // A club that scores the pairing bye as a draw still gives it only once.
        let half_point_bye = Scoring { pairing_bye: 5, ..default };
        assert!(!bye_eligibility(RoundRecord::PairingBye, half_point_bye));
    }
}
