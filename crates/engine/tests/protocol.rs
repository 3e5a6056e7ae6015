//! The engine as a player of a game with a protocol beyond moves: a small
//! Rejection-like game (propose, accept or reject, replace), read through
//! `EngineVariant::decision` and played through `Session::choose_action`.

use chesslantis_core::error::MoveError;
use chesslantis_core::notation::{parse_uci, uci};
use chesslantis_core::{
    movegen, Action, Actor, Game, Move, Observation, Outcome, Position, PositionGame, Probability, Variant, Viewer,
};
use chesslantis_engine::session::{Session, VariantSession};
use chesslantis_engine::variant::Decision;
use chesslantis_engine::{EngineVariant, Limits, NodeRule};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Proposals;

impl Variant for Proposals {
    const ID: &'static str = "test-proposals";
    const NAME: &'static str = "Proposals (test)";
    type Extra = ();
    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        movegen::legal_standard(pos, out)
    }
}

impl EngineVariant for Proposals {
    const NODE_RULE: NodeRule = NodeRule::SecondBest;

    /// The observation is a FEN, then `proposed:<move>` or `rejected:<move>` when one is pending.
    fn decision(observation: &Observation) -> Result<Decision<Self>, String> {
        let (fen, pending) = match observation.fen.rsplit_once(' ') {
            Some((fen, last)) if last.contains(':') => (fen, Some(last)),
            _ => (observation.fen.as_str(), None),
        };
        let position = Position::from_fen(fen).map_err(|e| e.to_string())?;
        let read = |text: &str| parse_uci(&position, text).map_err(|e| e.to_string());
        Ok(match pending.and_then(|p| p.split_once(':')) {
            None => Decision::Move(position),
            Some(("proposed", mv)) => Decision::Answer { proposed: read(mv)?, position },
            Some(("rejected", mv)) => Decision::Replace { rejected: read(mv)?, position },
            Some((other, _)) => return Err(format!("unknown field {other}")),
        })
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Proposing,
    Answering(Move),
    Replacing(Move),
}

#[derive(Clone, Debug)]
struct ProposalGame {
    game: PositionGame<Proposals>,
    step: Step,
}

impl Game for ProposalGame {
    fn variant_id(&self) -> &'static str {
        Proposals::ID
    }
    fn actor(&self) -> Actor {
        match (self.game.outcome(), self.step) {
            (Some(_), _) => Actor::Nobody,
            (None, Step::Answering(_)) => Actor::Player(!self.game.position().turn()),
            (None, _) => Actor::Player(self.game.position().turn()),
        }
    }
    fn legal_actions(&self) -> Vec<Action> {
        let moves = self.game.position().legal_moves();
        match self.step {
            _ if self.game.outcome().is_some() => Vec::new(),
            Step::Answering(_) => vec![Action::Accept, Action::Reject],
            Step::Proposing => moves.into_iter().map(Action::Move).collect(),
            Step::Replacing(r) => moves.into_iter().filter(|&m| m != r).map(Action::Move).collect(),
        }
    }
    fn chance_outcomes(&self) -> Vec<(Action, Probability)> {
        Vec::new()
    }
    fn apply(&mut self, action: Action) -> Result<(), MoveError> {
        if !self.legal_actions().contains(&action) {
            return Err(MoveError::Illegal(format!("{action:?}")));
        }
        match (self.step, action) {
            (Step::Proposing, Action::Move(mv)) if self.game.position().legal_moves().len() > 1 => {
                self.step = Step::Answering(mv)
            }
            (Step::Answering(mv), Action::Accept) | (_, Action::Move(mv)) => {
                self.game.play_unchecked(mv);
                self.step = Step::Proposing;
            }
            (Step::Answering(mv), _) => self.step = Step::Replacing(mv),
            _ => unreachable!("checked against the legal actions"),
        }
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn observation(&self, _viewer: Viewer) -> Observation {
        Observation { shape: Proposals::SHAPE, fen: self.fen(), actor: self.actor(), notes: Vec::new() }
    }
    fn fen(&self) -> String {
        let fen = self.game.position().fen();
        match self.step {
            Step::Proposing => fen,
            Step::Answering(mv) => format!("{fen} proposed:{}", uci::<Proposals>(mv, false)),
            Step::Replacing(mv) => format!("{fen} rejected:{}", uci::<Proposals>(mv, false)),
        }
    }
    fn action_text(&self, action: Action) -> String {
        chesslantis_core::game::action_text::<Proposals>(action)
    }
    fn parse_action(&self, _text: &str) -> Result<Action, MoveError> {
        Err(MoveError::Malformed("not used in this test".into()))
    }
    fn box_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}

fn game(fen: &str) -> ProposalGame {
    ProposalGame { game: PositionGame::new(Position::from_fen(fen).unwrap()), step: Step::Proposing }
}

#[test]
fn propose_reject_replace() {
    // Black's queen and rook both hang: White proposes the queen capture,
    // Black rejects it, White takes the rook instead.
    let mut g = game("4k3/8/8/q6r/1P4P1/8/8/4K3 w - - 0 1");
    let mut white = VariantSession::<Proposals>::new(4);
    let mut black = VariantSession::<Proposals>::new(4);
    let limits = Limits::depth(3);
    let proposal = white.choose_action(&g, &limits).unwrap();
    let pos = g.game.position().clone();
    assert_eq!(proposal, Action::Move(parse_uci(&pos, "b4a5").unwrap()));
    g.apply(proposal).unwrap();
    let answer = black.choose_action(&g, &limits).unwrap();
    assert_eq!(answer, Action::Reject);
    g.apply(answer).unwrap();
    let replacement = white.choose_action(&g, &limits).unwrap();
    assert_eq!(replacement, Action::Move(parse_uci(&pos, "g4h5").unwrap()));
    g.apply(replacement).unwrap();
    assert_eq!(g.step, Step::Proposing);
}

#[test]
fn engines_play_a_whole_game_of_proposals() {
    let mut g = game(Proposals::start_fen());
    let mut seats = [VariantSession::<Proposals>::new(4), VariantSession::<Proposals>::new(4)];
    let limits = Limits::depth(2);
    let (mut accepted, mut rejected) = (0, 0);
    let mut actions = 0;
    while let Actor::Player(color) = g.actor() {
        let action = seats[color.index()].choose_action(&g, &limits).unwrap();
        accepted += (action == Action::Accept) as u32;
        rejected += (action == Action::Reject) as u32;
        g.apply(action).unwrap();
        actions += 1;
        assert!(actions < 2000, "the draw rules end every game");
    }
    assert!(g.outcome().is_some());
    assert!(accepted > 0 && rejected > 0, "accepted {accepted}, rejected {rejected}");
}
