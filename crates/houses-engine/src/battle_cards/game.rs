//! Battle Cards as a `core::Game`: its record, its agents through the one game loop, batches.

use super::*;
use crate::core::{Agent, AgentFactory, Game, Seat};

#[derive(Clone, Debug, PartialEq)]
pub struct BcRecord {
    pub seed: u64,
    pub winner: i8,
    pub end: BcEnd,
    pub turns: u32,
    pub life: [i32; 2],
    pub actions: u32,
    pub rolls: u32,
    pub decisions: [u32; 2],
}

impl Game for BcState {
    const NAME: &'static str = "battle_cards";
    const VERSION: u32 = 1;
    type Rules = BcRules;
    type Action = BcAction;
    type Record = BcRecord;

    fn new(rules: &BcRules, seed: u64, keep_log: bool) -> BcState {
        BcState::new(rules.clone(), seed, keep_log)
    }
    fn decider(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            BcState::decider(self)
        }
    }
    fn legal_into(&self, out: &mut Vec<BcAction>) {
        out.clear();
        out.extend(self.legal());
    }
    fn apply_unchecked(&mut self, a: BcAction) {
        self.step(a);
    }
    fn actions_taken(&self) -> u32 {
        self.actions
    }
    fn stop(&mut self) {
        self.finish(None, BcEnd::TurnLimit);
    }
    fn record(&self, seed: u64, seats: [u32; crate::core::MAX_SEATS]) -> BcRecord {
        BcRecord {
            seed,
            winner: self.winner.map(|w| w as i8).unwrap_or(-1),
            end: self.end.unwrap(),
            turns: self.turn,
            life: [self.players[0].life, self.players[1].life],
            actions: self.actions,
            rolls: self.rolls,
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
        BcState::check_invariants(self)
    }
}

impl Agent<BcState> for BcAgent {
    fn choose(&mut self, game: &BcState, seat: Seat, legal: &[BcAction]) -> usize {
        BcAgent::choose(self, &BcView::new(game, seat), legal)
    }
}

impl AgentFactory<BcState> for BcAgentSpec {
    fn make(&self, seed: u64) -> Box<dyn Agent<BcState>> {
        Box::new(BcAgent::new(*self, seed))
    }
}

impl BcEnd {
    pub fn name(self) -> &'static str {
        match self {
            BcEnd::Life => "life",
            BcEnd::NoCards => "no_cards",
            BcEnd::TurnLimit => "turn_limit",
        }
    }
}
