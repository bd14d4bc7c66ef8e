//! Houses-Skirmish in the registry: its agents, end reasons, report sections, record columns
//! (up to four seats) and the decisions only some rule sets offer; its state as JSON for the
//! step-by-step game, with each seat's units and what a seat may see.

use houses_engine::core::card::{Card, CardSet};
use houses_engine::houses::agents::{AgentSpec, AGENT_NAMES};
use houses_engine::houses::game::GameRecord;
use houses_engine::houses::json::JsonValue;
use houses_engine::houses::rules::PRESETS;
use houses_engine::State;

use super::columns::{Column, Columns};
use super::table::Stepped;
use super::Registered;

/// A set of cards as text (`KS,KH`); most sets in a record are empty.
fn card_list(set: CardSet) -> String {
    if set.is_empty() {
        return String::new();
    }
    Card::deck(true)
        .into_iter()
        .filter(|&c| set.contains(c))
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl Registered for State {
    type Spec = AgentSpec;
    const TABLE: usize = houses_engine::houses::rules::MAX_PLAYERS;
    const AGENTS: &'static [&'static str] = AGENT_NAMES;
    const END_REASONS: &'static [&'static str] = &["life", "sudden_death", "turn_limit"];
    const SECTIONS: &'static [&'static str] = &["kings", "cards", "house_matrix", "pace"];
    const OWN: &'static [Column] = &[
        ("life_p1", "i32"),
        ("life_p2", "i32"),
        ("cards_deployed_p1", "u32"),
        ("cards_deployed_p2", "u32"),
        ("kings_p1", "str"),
        ("kings_p2", "str"),
        ("deployed_mask_p1", "u64"),
        ("deployed_mask_p2", "u64"),
        ("drawn_mask_p1", "u64"),
        ("drawn_mask_p2", "u64"),
        ("king_round_p1", "u32"),
        ("king_round_p2", "u32"),
        ("low_hand_turns", "u32"),
        ("lead_changes", "u32"),
        ("late_turns", "u32"),
        ("late_low_hand_turns", "u32"),
        ("late_cards_played", "u32"),
        ("two_card_draw_round", "u32"),
        ("late_leader", "u8"),
        ("biggest_attack", "u32"),
        ("biggest_hit", "u32"),
        // Three and four players: how many sat at the table, and the seats after the second
        // (zeros and empty lists where there is no such seat).
        ("players", "u8"),
        ("decisions_p3", "u32"),
        ("decisions_p4", "u32"),
        ("life_p3", "i32"),
        ("life_p4", "i32"),
        ("cards_deployed_p3", "u32"),
        ("cards_deployed_p4", "u32"),
        ("kings_p3", "str"),
        ("kings_p4", "str"),
        ("deployed_mask_p3", "u64"),
        ("deployed_mask_p4", "u64"),
        ("drawn_mask_p3", "u64"),
        ("drawn_mask_p4", "u64"),
        ("king_round_p3", "u32"),
        ("king_round_p4", "u32"),
        ("out_round_p1", "u32"),
        ("out_round_p2", "u32"),
        ("out_round_p3", "u32"),
        ("out_round_p4", "u32"),
        ("enhanced_p1", "u32"),
        ("enhanced_p2", "u32"),
        ("enhanced_p3", "u32"),
        ("enhanced_p4", "u32"),
        ("second_targets_p1", "u32"),
        ("second_targets_p2", "u32"),
        ("second_targets_p3", "u32"),
        ("second_targets_p4", "u32"),
    ];
    const DECISION_RULES: &'static [(&'static str, &'static str)] = &[
        ("start", "starting_player=advantage_draw"),
        ("defer", "starting_player=advantage_draw"),
        ("scout", "scouts=true"),
        ("joker", "jokers=true"),
        ("doppelganger", "jokers=true"),
        ("summon", "jokers=true (Necromancer)"),
        ("stay", "jokers=true (Insane Wizard)"),
        // An attack on two targets: the Spades trait's second target (struck, struck if the
        // first falls, or stunned) and the Ace of Spades' two Front-Rank units.
        (
            "dual_wield",
            "spades_trait (dual wielding, adjacent strike, stunning second strike), or the Ace of Spades",
        ),
        ("aid", "king_aid_half=true"),
        ("excess", "clubs_excess"),
        ("charge", "kings=enhance (King of Clubs)"),
        (
            "reblock",
            "spades_trait=choose_blocker, or option1_king_of_hearts=reassign_blockers",
        ),
        (
            "stun",
            "kings=option1/share_trait (King of Spades)",
        ),
        ("trade", "kings=share_trait (King of Hearts)"),
        ("discard", "hand_limit"),
        ("keep", "Queen of Spades"),
    ];
    fn parse_agent(spec: &str) -> Result<AgentSpec, String> {
        AgentSpec::parse(spec)
    }
    fn canonical_agent(spec: &AgentSpec) -> String {
        spec.canonical()
    }
    fn preset_list() -> Vec<(&'static str, &'static str, &'static str)> {
        PRESETS.to_vec()
    }
    fn push(r: &GameRecord, c: &mut Columns) {
        c.u(r.seed)
            .i(r.winner.into())
            .s(r.reason.name())
            .u(r.turns.into());
        c.u(r.rounds.into())
            .u(r.first_player.into())
            .u(r.actions.into());
        c.u(r.decisions[0].into()).u(r.decisions[1].into());
        c.i(r.life[0].into()).i(r.life[1].into());
        c.u(r.cards_deployed[0].into())
            .u(r.cards_deployed[1].into());
        c.s(card_list(r.kings[0])).s(card_list(r.kings[1]));
        c.u(r.deployed[0].0)
            .u(r.deployed[1].0)
            .u(r.drawn[0].0)
            .u(r.drawn[1].0);
        c.u(r.king_round[0].into()).u(r.king_round[1].into());
        c.u(r.low_hand_turns.into()).u(r.lead_changes.into());
        c.u(r.late_turns.into())
            .u(r.late_low_hand_turns.into())
            .u(r.late_cards_played.into())
            .u(r.two_card_draw_round.into())
            .u(r.late_leader.into())
            .u(r.biggest_attack.into())
            .u(r.biggest_hit.into());
        c.u(r.players.into());
        for s in 2..4 {
            c.u(r.decisions[s].into());
        }
        for s in 2..4 {
            c.i(r.life[s].into());
        }
        for s in 2..4 {
            c.u(r.cards_deployed[s].into());
        }
        for s in 2..4 {
            c.s(card_list(r.kings[s]));
        }
        for s in 2..4 {
            c.u(r.deployed[s].0);
        }
        for s in 2..4 {
            c.u(r.drawn[s].0);
        }
        for s in 2..4 {
            c.u(r.king_round[s].into());
        }
        for s in 0..4 {
            c.u(r.out_round[s].into());
        }
        for s in 0..4 {
            c.u(r.enhanced[s].into());
        }
        for s in 0..4 {
            c.u(r.second_targets[s].into());
        }
    }
}

impl Stepped for State {
    fn state_json(&self) -> JsonValue {
        let mut v = houses_engine::houses::json::state_json(self);
        v["units"] = houses_engine::houses::json::unit_stats(self, 0);
        v["deck_size"] = self.deck.len().into();
        v
    }
    fn observation_json(&self, seat: usize) -> JsonValue {
        let obs = houses_engine::houses::view::View::new(self, seat).observation();
        let mut v = houses_engine::houses::json::state_json(&obs.state);
        v["opponent_hidden_cards"] = obs.opponent_hidden.into();
        // Each seat's unseen cards (hand sizes are public; at three or four players the
        // total alone does not say whose they are).
        for s in 0..self.seats() {
            v["hidden_cards"][format!("P{}", s + 1).as_str()] = obs.hidden[s].into();
        }
        v["deck_size"] = obs.deck_len.into();
        v["units"] = houses_engine::houses::json::unit_stats(&obs.state, seat);
        v
    }
}
