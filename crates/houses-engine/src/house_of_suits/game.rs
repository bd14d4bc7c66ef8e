//! House of Suits as a `core::Game`: a match (several games) is the state; its record, agents through the one game loop, batches.

use super::agents::greedy_pick;
use super::*;
use crate::core::rng::GameRng;
use crate::core::{Agent, AgentFactory, Game, Mcts, Seat};

#[derive(Clone, Debug, PartialEq)]
pub struct HsRecord {
    pub seed: u64,
    pub winner: i8,
    pub scores: [i32; 2],
    pub games: u32,
    pub turns: u32,
    pub decisions: [u32; 2],
}

/// A whole match, the games of the schedule with P1 starting every game: the state the one game
/// loop plays (a record is a match; the higher total wins).
#[derive(Clone)]
pub struct HsMatch {
    pub(super) schedule: Vec<u8>,
    /// Deals every game of the match, one after the other.
    pub(super) rng: GameRng,
    pub game: HsGame,
    /// Which game of the schedule is under way.
    pub index: usize,
    pub total: [i32; 2],
    /// Turns of the finished games.
    pub turns: u32,
    pub over: bool,
    pub(super) actions: u32,
    pub(super) log: Option<Vec<String>>,
}

impl HsMatch {
    pub fn new(rules: &HsRules, seed: u64, keep_log: bool) -> HsMatch {
        let schedule = rules.schedule();
        let mut rng = GameRng::new(seed);
        let game = HsGame::new(schedule[0], &mut rng);
        let mut m = HsMatch {
            schedule,
            rng,
            game,
            index: 0,
            total: [0, 0],
            turns: 0,
            over: false,
            actions: 0,
            log: keep_log.then(Vec::new),
        };
        m.log_deal();
        m
    }

    fn log_deal(&mut self) {
        let Some(l) = self.log.as_mut() else { return };
        l.push(format!(
            "== game {} of {} ({} suits)",
            self.index + 1,
            self.schedule.len(),
            self.game.suits
        ));
        for s in 0..2 {
            let h: Vec<String> = self.game.hands[s].iter().map(|c| c.to_string()).collect();
            l.push(format!("P{} hand: {}", s + 1, h.join(" ")));
        }
    }

    /// Score the finished game, then deal the next one or end the match.
    fn finish_game(&mut self) {
        let g = &self.game;
        let score = g.scores();
        self.turns += g.turns;
        if let Some(l) = self.log.as_mut() {
            let t = g.totals(true);
            let roles = HsGame::roles(&t);
            let aside: Vec<String> = g.aside.iter().flatten().map(|c| c.to_string()).collect();
            l.push(format!("set aside: {}", aside.join(" ")));
            let market: Vec<String> = (0..g.suits as usize)
                .map(|s| format!("{}={} {:?}", SUITS[s], t[s], roles[s]))
                .collect();
            l.push(format!("market: {}", market.join(", ")));
            l.push(format!("score: P1 {} P2 {}", score[0], score[1]));
        }
        self.total[0] += score[0];
        self.total[1] += score[1];
        self.index += 1;
        if self.index < self.schedule.len() {
            self.game = HsGame::new(self.schedule[self.index], &mut self.rng);
            self.log_deal();
            return;
        }
        self.over = true;
        let winner = self.winner();
        let total = self.total;
        if let Some(l) = self.log.as_mut() {
            l.push(format!("match: P1 {} P2 {}", total[0], total[1]));
            l.push(format!(
                "winner: {}",
                match winner {
                    0 => "P1",
                    1 => "P2",
                    _ => "draw",
                }
            ));
        }
    }

    /// 0 = P1, 1 = P2, -1 = equal totals.
    fn winner(&self) -> i8 {
        match self.total[0].cmp(&self.total[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => -1,
        }
    }
}

impl Game for HsMatch {
    const NAME: &'static str = "house_of_suits";
    const VERSION: u32 = 1;
    type Rules = HsRules;
    type Action = HsAction;
    type Record = HsRecord;

    fn new(rules: &HsRules, seed: u64, keep_log: bool) -> HsMatch {
        HsMatch::new(rules, seed, keep_log)
    }
    fn decider(&self) -> Option<Seat> {
        if self.over {
            None
        } else {
            self.game.decider()
        }
    }
    fn legal_into(&self, out: &mut Vec<HsAction>) {
        out.clear();
        out.extend(self.game.legal());
    }
    fn apply_unchecked(&mut self, a: HsAction) {
        let s = self.game.decider().expect("a live game has a decider");
        if let Some(l) = self.log.as_mut() {
            // Set-aside cards are hidden until the end of the game.
            let shown = match a {
                HsAction::SetAside(_) => "aside (hidden)".to_string(),
                a => a.to_string(),
            };
            l.push(format!("P{}: {shown}", s + 1));
        }
        self.actions += 1;
        self.game.step(a);
        if self.game.over {
            self.finish_game();
        }
    }
    fn actions_taken(&self) -> u32 {
        self.actions
    }
    fn stop(&mut self) {
        self.over = true;
    }
    fn record(&self, seed: u64, seats: [u32; crate::core::MAX_SEATS]) -> HsRecord {
        HsRecord {
            seed,
            winner: self.winner(),
            scores: self.total,
            games: self.schedule.len() as u32,
            turns: self.turns,
            decisions: [seats[0], seats[1]],
        }
    }
    fn take_log(&mut self) -> Option<Vec<String>> {
        self.log.take()
    }
    fn log_so_far(&self) -> &[String] {
        self.log.as_deref().unwrap_or_default()
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.game.check_invariants()
    }
}

/// The built-in House of Suits players; each draws from its own stream.
pub struct HsAgent {
    spec: HsAgentSpec,
    rng: GameRng,
    search: Option<Box<Mcts<HsMatch>>>,
}

impl Agent<HsMatch> for HsAgent {
    fn choose(&mut self, m: &HsMatch, seat: Seat, legal: &[HsAction]) -> usize {
        match self.spec {
            HsAgentSpec::Random => self.rng.below(legal.len()),
            HsAgentSpec::Greedy => greedy_pick(&m.game, seat, legal, &mut self.rng),
            // The search reads the match only through `determinize` for its seat.
            HsAgentSpec::Search(_) => self
                .search
                .as_mut()
                .expect("a search agent has its tree")
                .choose(m, seat, legal),
        }
    }
}

impl AgentFactory<HsMatch> for HsAgentSpec {
    fn make(&self, seed: u64) -> Box<dyn Agent<HsMatch>> {
        Box::new(HsAgent {
            spec: *self,
            rng: GameRng::new(seed),
            search: match *self {
                HsAgentSpec::Search(p) => Some(Box::new(Mcts::new(seed, p))),
                _ => None,
            },
        })
    }
}
