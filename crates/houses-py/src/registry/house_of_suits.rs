//! House of Suits in the registry: its agents, its one end reason (the match) and record
//! columns, and the match as JSON for the step-by-step game.

use houses_engine::house_of_suits::{json, HsAgentSpec, HsMatch, HsRecord, HS_AGENTS};
use houses_engine::houses::json::JsonValue;

use super::columns::{Column, Columns};
use super::table::Stepped;
use super::Registered;

impl Registered for HsMatch {
    type Spec = HsAgentSpec;
    const AGENTS: &'static [&'static str] = HS_AGENTS;
    const END_REASONS: &'static [&'static str] = &["match"];
    const SECTIONS: &'static [&'static str] = &[];
    const OWN: &'static [Column] = &[
        ("score_p1", "i32"),
        ("score_p2", "i32"),
        ("games_in_match", "u32"),
    ];
    fn parse_agent(spec: &str) -> Result<HsAgentSpec, String> {
        HsAgentSpec::parse(spec)
    }
    fn canonical_agent(spec: &HsAgentSpec) -> String {
        spec.canonical()
    }
    fn push(r: &HsRecord, c: &mut Columns) {
        // A record is a whole match, P1 starting every game; its moves are its decisions.
        c.u(r.seed).i(r.winner.into()).s("match").u(r.turns.into());
        c.u(r.turns.div_ceil(2).into()).u(0);
        c.u((r.decisions[0] + r.decisions[1]).into());
        c.u(r.decisions[0].into()).u(r.decisions[1].into());
        c.i(r.scores[0].into())
            .i(r.scores[1].into())
            .u(r.games.into());
    }
}

impl Stepped for HsMatch {
    fn state_json(&self) -> JsonValue {
        json::state_json(self)
    }
    fn observation_json(&self, seat: usize) -> JsonValue {
        json::observation_json(self, seat)
    }
}
