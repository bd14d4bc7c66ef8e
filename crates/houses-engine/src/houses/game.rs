//! Houses-Skirmish as a `Game`: its record, and the batch entry points the bindings call. The
//! game loop itself is `core::play_game`, shared by all three games.

use crate::core::card::{Card, CardSet};
use crate::core::{self, Agent, AgentFactory, Game, Played, Seat};
use crate::houses::action::Action;
use crate::houses::agents::AgentSpec;
use crate::houses::rules::Rules;
use crate::houses::rules::MAX_PLAYERS;
use crate::houses::state::{EndReason, JokerVariant, State, Target};
use crate::houses::view::View;

/// Everything recorded about one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub seed: u64,
    /// 0 = P1 (seat 0), 1 = P2, ..., -1 = draw.
    pub winner: i8,
    pub reason: EndReason,
    pub turns: u32,
    pub rounds: u32,
    /// How many played (the rule option `players`); the per-seat arrays below hold that many
    /// seats, and zeros after them.
    pub players: u8,
    pub life: [i32; MAX_PLAYERS],
    pub first_player: u8,
    pub cards_deployed: [u32; MAX_PLAYERS],
    /// Kings each player deployed (bit per card id).
    pub kings: [CardSet; MAX_PLAYERS],
    pub deployed: [CardSet; MAX_PLAYERS],
    pub drawn: [CardSet; MAX_PLAYERS],
    pub actions: u32,
    /// Round of each player's first King (0: none).
    pub king_round: [u32; MAX_PLAYERS],
    /// The round each player went out in (0: still in at the end).
    pub out_round: [u32; MAX_PLAYERS],
    /// Turns begun (after the draw) with at most one card in the active player's hand.
    pub low_hand_turns: u32,
    /// Turns begun in round `metrics::LATE_ROUND` (6) or later, and of those the ones begun with
    /// at most one card in hand.
    pub late_turns: u32,
    pub late_low_hand_turns: u32,
    /// Cards played from hand in those turns, both players' (`Metrics::late_cards_played`).
    pub late_cards_played: u32,
    /// The first round in which a player drew two cards (`extra_draw`); 0: never.
    pub two_card_draw_round: u32,
    /// Who was alone ahead on life when the late game began: seat + 1; 0: level, or never.
    pub late_leader: u8,
    /// How often the player ahead on life changed.
    pub lead_changes: u32,
    /// The most damage one attack was to deal, and the most one attack dealt to a player.
    pub biggest_attack: u32,
    pub biggest_hit: u32,
    /// Decisions each seat's agent was asked to make (forced moves excluded).
    pub decisions: [u32; MAX_PLAYERS],
    /// How often a Spring '25 enhanced House Trait changed play for each player
    /// (`Metrics::enhanced`).
    pub enhanced: [u32; MAX_PLAYERS],
    /// How often a Spades soldier's second target was struck or stunned for each player
    /// (`Metrics::second_targets`).
    pub second_targets: [u32; MAX_PLAYERS],
}

pub type GameResult = Played<GameRecord>;

impl Game for State {
    const NAME: &'static str = "houses";
    const VERSION: u32 = crate::houses::rules::RULES_VERSION;
    type Rules = Rules;
    type Action = Action;
    type Record = GameRecord;

    fn new(rules: &Rules, seed: u64, keep_log: bool) -> State {
        State::new_game_logged(rules.clone(), seed, keep_log)
    }
    fn decider(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.pending.decider()
        }
    }
    fn legal_into(&self, out: &mut Vec<Action>) {
        self.legal_actions_into(out);
    }
    fn legal_kinds_into(&self, out: &mut Vec<Action>) -> u32 {
        self.legal_actions_and_kinds_into(out)
    }
    fn legal_kinds_pruned_into(&self, out: &mut Vec<Action>) -> (u32, bool) {
        self.legal_actions_pruned_into(out)
    }
    fn apply_unchecked(&mut self, a: Action) {
        State::apply_unchecked(self, a);
    }
    fn actions_taken(&self) -> u32 {
        self.actions_taken
    }
    fn stop(&mut self) {
        self.force_end(EndReason::TurnLimit);
    }
    fn seats(rules: &Rules) -> usize {
        rules.players.0
    }
    fn table_size(&self) -> usize {
        State::seats(self)
    }
    fn record(&self, seed: u64, decisions: [u32; MAX_PLAYERS]) -> GameRecord {
        let mut r = record_of(self, seed);
        r.decisions = decisions;
        r
    }
    fn take_log(&mut self) -> Option<Vec<String>> {
        self.log.take()
    }
    fn log_so_far(&self) -> &[String] {
        self.log.as_deref().unwrap_or_default()
    }
    fn check_invariants(&self) -> Result<(), String> {
        State::check_invariants(self)
    }

    const DECISIONS: &'static [&'static str] = DECISIONS;
    fn decision(a: &Action) -> usize {
        decision(a) as usize
    }
}

/// The kinds of decision in Houses-Skirmish, for the usage table (`Game::DECISIONS`): an enum
/// (so that classifying a move is a plain match) and its names, in the same order.
macro_rules! decisions {
    ($($kind:ident = $name:literal,)+) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum Decision {
            $($kind,)+
        }
        pub const DECISIONS: &[&str] = &[$($name,)+];
    };
}

decisions! {
    Start = "start",
    Defer = "defer",
    Deploy = "deploy",
    DeployBonded = "deploy_bonded",
    King = "king",
    Ace = "ace",
    Joker = "joker",
    Doppelganger = "doppelganger",
    Scout = "scout",
    Play = "play",
    Summon = "summon",
    Return = "return",
    Bond = "bond",
    Split = "split",
    End = "end",
    Pass = "pass",
    Done = "done",
    AttackUnit = "attack_unit",
    AttackPlayer = "attack_player",
    DualWield = "dual_wield",
    Block = "block",
    Aid = "aid",
    Excess = "excess",
    Charge = "charge",
    Keep = "keep",
    Stay = "stay",
    Discard = "discard",
    Reblock = "reblock",
    Stun = "stun",
    Trade = "trade",
}

/// Which kind of decision a move is.
pub fn decision(a: &Action) -> Decision {
    use crate::core::card::Kind;
    match *a {
        Action::Start => Decision::Start,
        Action::Defer => Decision::Defer,
        Action::Deploy {
            face,
            onto,
            variant,
            card,
            ..
        } => match (variant, onto) {
            (Some(JokerVariant::Doppelganger), _) => Decision::Doppelganger,
            (Some(_), _) => Decision::Joker,
            (None, Some(_)) => Decision::DeployBonded,
            (None, None) if card != face => Decision::Doppelganger,
            (None, None) => match face.kind() {
                Kind::King => Decision::King,
                Kind::Ace => Decision::Ace,
                _ => Decision::Deploy,
            },
        },
        Action::Scout { .. } => Decision::Scout,
        Action::Play { .. } => Decision::Play,
        Action::Summon(_) => Decision::Summon,
        Action::Return(_) => Decision::Return,
        Action::Bond { .. } => Decision::Bond,
        Action::Split { .. } => Decision::Split,
        Action::End => Decision::End,
        Action::Pass => Decision::Pass,
        Action::Done => Decision::Done,
        Action::Attack {
            second: Some(_), ..
        } => Decision::DualWield,
        Action::Attack {
            target: Target::Player(_),
            ..
        } => Decision::AttackPlayer,
        Action::Attack { .. } => Decision::AttackUnit,
        Action::Block { .. } => Decision::Block,
        Action::Aid { .. } => Decision::Aid,
        Action::Excess(_) => Decision::Excess,
        Action::Charge(_) => Decision::Charge,
        Action::Keep { .. } => Decision::Keep,
        Action::Stay(_) => Decision::Stay,
        Action::Discard(_) => Decision::Discard,
        Action::Reblock { .. } => Decision::Reblock,
        Action::Stun(_) => Decision::Stun,
        Action::Trade { .. } => Decision::Trade,
    }
}

/// A built-in agent in a seat of the game loop. Houses-Skirmish agents decide from the `View`
/// of their seat, never from the state itself. One box with the agent in it, called without a
/// second dynamic call (`AgentSpec::make`'s box in a box cost two allocations a seat a game and
/// two indirect calls a decision).
struct Seated<A>(A);

impl<A: crate::houses::agents::Agent + Clone + 'static> Agent<State> for Seated<A> {
    fn choose(&mut self, game: &State, seat: Seat, legal: &[Action]) -> usize {
        self.0.choose(&View::new(game, seat), legal)
    }
    fn skips_dominated(&self) -> bool {
        self.0.skips_dominated()
    }
    fn fork(&self) -> Option<Box<dyn Agent<State>>> {
        Some(Box::new(Seated(self.0.clone())))
    }
}

impl AgentFactory<State> for AgentSpec {
    fn make(&self, seed: u64) -> Box<dyn Agent<State>> {
        use crate::houses::agents::{Greedy, Random, Search};
        match self {
            AgentSpec::Random => Box::new(Seated(Random::new(seed))),
            AgentSpec::Greedy => Box::new(Seated(Greedy::new(seed))),
            AgentSpec::Heuristic(p) => Box::new(Seated(Greedy::with(seed, *p))),
            AgentSpec::Search(p) => Box::new(Seated(Search::new(seed, *p))),
        }
    }
}

/// Play one complete game: `specs[0]` in the first seat, `specs[1]` in every other. The deal
/// comes from `seed`; each seat's agent from its own stream.
pub fn play_game(rules: &Rules, specs: [&AgentSpec; 2], seed: u64, keep_log: bool) -> GameResult {
    let seats: Vec<&dyn AgentFactory<State>> = (0..rules.players.0)
        .map(|s| specs[s.min(1)] as &dyn AgentFactory<State>)
        .collect();
    core::play_game::<State>(rules, &seats, seed, keep_log)
}

/// Game `i` of the batch seeded by `base_seed` (as `core::play_batch_played_at` plays it) and,
/// for each of `branches` (a card and the rules to play on under), the same game forked at the
/// moment a player first draws the card (before the first move, for a card dealt into an
/// opening hand) and played on under those rules; `None` for a branch whose card was never
/// drawn. Under the game's rules with `blank=K,blank_from=draw` for card K, a branch is the very
/// game `play_batch_played_at` plays under them (`blank_from=draw` keeps the game with the King
/// until its draw; tests/card_ablation.rs), at the cost of the moves after the draw only.
pub fn play_branched(
    rules: &Rules,
    specs: [&AgentSpec; 2],
    base_seed: u64,
    i: u64,
    swap_odd_seats: bool,
    branches: &[(Card, Rules)],
) -> (GameResult, Vec<Option<GameResult>>) {
    let n = rules.players.0;
    let a = core::a_seat(i, n, swap_odd_seats);
    let seats: Vec<Option<&dyn AgentFactory<State>>> = (0..n)
        .map(|s| Some(specs[usize::from(s != a)] as &dyn AgentFactory<State>))
        .collect();
    let mut game = core::Session::held(rules, &seats, core::game_seed(base_seed, i), false);
    let drawn = |g: &State, c: Card| {
        g.metrics
            .as_deref()
            .is_some_and(|m| m.drawn.iter().any(|d| d.contains(c)))
    };
    let mut out: Vec<Option<GameResult>> = branches.iter().map(|_| None).collect();
    let mut waiting: Vec<usize> = (0..branches.len()).collect();
    loop {
        waiting.retain(|&b| {
            let (card, ref under) = branches[b];
            if !drawn(&game.game, card) {
                return true;
            }
            let mut fork = game.fork().expect("the built-in agents fork");
            fork.game.rules = under.clone();
            fork.advance_until(|_| false);
            out[b] = Some(fork.played());
            false
        });
        let stopped = game.advance_until(|g| waiting.iter().any(|&b| drawn(g, branches[b].0)));
        if !stopped {
            return (game.played(), out);
        }
    }
}

pub fn record_of(st: &State, seed: u64) -> GameRecord {
    let o = st.outcome.expect("game over");
    let m = st.metrics.as_deref().cloned().unwrap_or_default();
    GameRecord {
        seed,
        winner: o.winner.map(|w| w as i8).unwrap_or(-1),
        reason: o.reason,
        turns: st.turn,
        rounds: st.round,
        players: st.seats() as u8,
        life: std::array::from_fn(|s| st.players.get(s).map_or(0, |p| p.life)),
        first_player: st.first_player as u8,
        cards_deployed: m.cards_deployed,
        kings: m.kings,
        deployed: m.deployed,
        drawn: m.drawn,
        actions: st.actions_taken,
        king_round: m.king_round.map(|r| r.unwrap_or(0)),
        out_round: m.out_round.map(|r| r.unwrap_or(0)),
        low_hand_turns: m.low_hand_turns,
        late_turns: m.late_turns,
        late_low_hand_turns: m.late_low_hand_turns,
        late_cards_played: m.late_cards_played,
        two_card_draw_round: m.two_card_draw_round.unwrap_or(0),
        late_leader: m.late_leader,
        lead_changes: m.lead_changes,
        biggest_attack: m.biggest_attack,
        biggest_hit: m.biggest_hit,
        decisions: [0; MAX_PLAYERS],
        enhanced: m.enhanced,
        second_targets: m.second_targets,
    }
}

/// Play games `start .. start + count` of the batch seeded by `base_seed` on `threads` threads.
/// Records come back in game order, identical for every thread count. With `swap_odd_seats`,
/// odd-numbered games seat the two agents the other way round (seat advantage cancels out).
pub fn play_batch(
    rules: &Rules,
    specs: [&AgentSpec; 2],
    base_seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<GameRecord> {
    core::play_batch::<State>(
        rules,
        [specs[0], specs[1]],
        base_seed,
        start,
        count,
        threads,
        swap_odd_seats,
    )
}
