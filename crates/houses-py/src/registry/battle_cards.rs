//! Battle Cards in the registry: its agents, end reasons and record columns, and its state as
//! JSON for the step-by-step game.

use houses_engine::battle_cards::{json, BcAgentSpec, BcRecord, BcState, BC_AGENTS};
use houses_engine::houses::json::JsonValue;

use super::columns::{Column, Columns};
use super::table::Stepped;
use super::Registered;

impl Registered for BcState {
    type Spec = BcAgentSpec;
    const AGENTS: &'static [&'static str] = BC_AGENTS;
    const END_REASONS: &'static [&'static str] = &["life", "no_cards", "turn_limit"];
    const SECTIONS: &'static [&'static str] = &[];
    const OWN: &'static [Column] = &[("life_p1", "i32"), ("life_p2", "i32"), ("rolls", "u32")];
    fn parse_agent(spec: &str) -> Result<BcAgentSpec, String> {
        BcAgentSpec::parse(spec)
    }
    fn canonical_agent(spec: &BcAgentSpec) -> String {
        spec.canonical()
    }
    fn push(r: &BcRecord, c: &mut Columns) {
        // P1 plays first in every game (seats are swapped in odd games of a batch instead).
        c.u(r.seed)
            .i(r.winner.into())
            .s(r.end.name())
            .u(r.turns.into());
        c.u(r.turns.div_ceil(2).into()).u(0).u(r.actions.into());
        c.u(r.decisions[0].into()).u(r.decisions[1].into());
        c.i(r.life[0].into()).i(r.life[1].into()).u(r.rolls.into());
    }
}

impl Stepped for BcState {
    fn state_json(&self) -> JsonValue {
        json::state_json(self)
    }
    fn observation_json(&self, seat: usize) -> JsonValue {
        json::observation_json(self, seat)
    }
}
