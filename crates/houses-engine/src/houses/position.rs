//! Positions: build a state from a readable description (hands, ranks, deck order, Barrows,
//! life) and apply moves in the notation (`json.rs` reads any state back as JSON).
//!
//! Units are written leader first, e.g. `"9C/8C exhausted"`; flags after the cards:
//! `exhausted`, `poisoned`, `protected`, `double`, `summoned`, `resurrected`, `guard`,
//! `clubs_mark`, and for Jokers their variant (`necromancer`, `wizard`, `spirit`); a Doppelganger
//! is written `BJ=7H`.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::core::card::Card;
use crate::core::rng::GameRng;
use crate::core::Seat;
use crate::houses::action::Action;
use crate::houses::rules::{DeckMode, OptionValue, Rules, MAX_PLAYERS};
use crate::houses::state::{
    Cards, JokerVariant, Pending, Player, State, Unit, UnitCard, UnitCards, MAX_FRONT_UNITS,
    MAX_REAR_UNITS, MAX_UNIT_CARDS,
};

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    #[serde(default)]
    pub life: Option<i32>,
    #[serde(default)]
    pub hand: Vec<String>,
    #[serde(default)]
    pub front: Vec<String>,
    #[serde(default)]
    pub rear: Vec<String>,
    /// Out of the game (three or more players): no cards, no turns.
    #[serde(default)]
    pub out: bool,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Rule options, `name=value,...` over Spring '25.
    #[serde(default)]
    pub rules: Option<String>,
    /// Seed of the engine's own chance (scouts' random picks and the like).
    #[serde(default)]
    pub seed: u64,
    /// Whose turn it is: P1, P2 (P3, P4 with `players=3` or `4`).
    #[serde(default = "p1")]
    pub active: String,
    /// Who took the game's first turn (rounds are counted from it); by default the seat the
    /// turn number gives: the active player at odd turns of a two-player game, the other at
    /// even ones.
    #[serde(default)]
    pub first_player: Option<String>,
    #[serde(default = "one")]
    pub turn: u32,
    /// deploy (default), response, attack or block.
    #[serde(default = "deploy")]
    pub phase: String,
    pub players: BTreeMap<String, PlayerSpec>,
    /// Top card first. Under `deck=suit_split`, P1's pile.
    #[serde(default)]
    pub deck: Vec<String>,
    /// Under `deck=suit_split`, P2's pile, top card first.
    #[serde(default)]
    pub deck_p2: Vec<String>,
    #[serde(default)]
    pub barrows: Vec<String>,
    #[serde(default)]
    pub burned: Vec<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

fn p1() -> String {
    "P1".into()
}
fn one() -> u32 {
    1
}
fn deploy() -> String {
    "deploy".into()
}

/// `P1` .. `Pn` for a table of `seats`.
pub fn parse_seat(s: &str, seats: usize) -> Result<Seat, String> {
    let upper = s.trim().to_ascii_uppercase();
    let names: Vec<String> = (1..=seats).map(|i| format!("P{i}")).collect();
    names.iter().position(|n| *n == upper).ok_or_else(|| {
        format!(
            "'{s}' is not a player at this table; write {}",
            names.join(" or ")
        )
    })
}

fn cards(list: &[String], what: &str) -> Result<Cards, String> {
    let mut out = Cards::new();
    for s in list {
        let c = Card::parse(s).map_err(|e| format!("{what}: {e}"))?;
        out.try_push(c)
            .map_err(|_| format!("{what}: more than {} cards", out.capacity()))?;
    }
    Ok(out)
}

/// Read a unit such as `"9C/8C exhausted"` or `"BJ=7H"` or `"BJ necromancer"`.
pub fn parse_unit(text: &str) -> Result<Unit, String> {
    let mut words = text.split_whitespace();
    let cards_part = words.next().ok_or_else(|| "empty unit".to_string())?;
    let mut ucs = UnitCards::new();
    for part in cards_part.split('/') {
        if ucs.is_full() {
            return Err(format!(
                "unit '{cards_part}': a unit holds at most {MAX_UNIT_CARDS} cards"
            ));
        }
        let (card, face) = match part.split_once('=') {
            Some((a, b)) => {
                let (card, face) = (Card::parse(a)?, Card::parse(b)?);
                // Only the Doppelganger (a Joker) stands as another card.
                if !card.is_joker() {
                    return Err(format!(
                        "unit '{text}': {a}={b}: only a Joker stands as another card \
                         (BJ={b} or RJ={b}, the Doppelganger)"
                    ));
                }
                (card, face)
            }
            None => {
                let c = Card::parse(part)?;
                (c, c)
            }
        };
        ucs.push(UnitCard {
            card,
            face,
            burn: false,
        });
    }
    let mut u = Unit::new(ucs[0].card, ucs[0].face, false);
    u.cards = ucs;
    if u.cards.iter().any(|c| c.card != c.face) {
        u.variant = Some(JokerVariant::Doppelganger);
    }
    for w in words {
        match w {
            "exhausted" => u.exhausted = true,
            "poisoned" => u.poisoned = true,
            "protected" => u.protected = true,
            "double" => u.double_damage = true,
            "summoned" => {
                u.summoned = true;
                u.cards.iter_mut().for_each(|c| c.burn = true);
            }
            "resurrected" => u.cards.iter_mut().for_each(|c| c.burn = true),
            "guard" => u.guard = true,
            "clubs_mark" => u.clubs_mark = true,
            "stunned" => u.stunned = true,
            "dazed" => u.dazed = true,
            // It attacked on its owner's last turn (Kings of Hearts that let attackers block).
            "attacked" => u.attacked = true,
            v => {
                u.variant = Some(JokerVariant::parse(v).ok_or_else(|| {
                    format!(
                        "unit '{text}': unknown flag '{v}' (flags: exhausted, poisoned, protected, double, \
                         summoned, resurrected, guard, clubs_mark, stunned, dazed, attacked, necromancer, wizard, spirit)"
                    )
                })?)
            }
        }
    }
    if u.variant.is_some() && !u.cards.iter().any(|c| c.card.is_joker()) {
        return Err(format!(
            "unit '{text}': a Joker variant (necromancer, wizard, spirit) needs a Joker (BJ or RJ)"
        ));
    }
    if u.cards[0].card.is_joker() && u.variant.is_none() {
        return Err(format!(
            "unit '{text}': a Joker needs its variant (necromancer, wizard, spirit) or BJ=CARD"
        ));
    }
    Ok(u)
}

pub fn unit_text(u: &Unit) -> String {
    let mut s: Vec<String> = vec![u
        .cards
        .iter()
        .map(|c| {
            if c.card == c.face {
                c.card.to_string()
            } else {
                format!("{}={}", c.card, c.face)
            }
        })
        .collect::<Vec<_>>()
        .join("/")];
    let flags = [
        (u.exhausted, "exhausted"),
        (u.poisoned, "poisoned"),
        (u.protected, "protected"),
        (u.double_damage, "double"),
        (u.summoned, "summoned"),
        (!u.summoned && u.cards.iter().any(|c| c.burn), "resurrected"),
        (u.guard, "guard"),
        (u.clubs_mark, "clubs_mark"),
        (u.stunned, "stunned"),
        (u.dazed, "dazed"),
    ];
    for (on, name) in flags {
        if on {
            s.push(name.into());
        }
    }
    if let Some(v) = u.variant {
        if v != JokerVariant::Doppelganger {
            s.push(v.name().into());
        }
    }
    s.join(" ")
}

impl Position {
    pub fn from_json(text: &str) -> Result<Position, String> {
        serde_json::from_str(text).map_err(|e| format!("position: {e}"))
    }

    /// Build the state. Each card must appear at most once.
    pub fn build(&self) -> Result<State, String> {
        let rules = Rules::parse(self.rules.as_deref().unwrap_or(""))?;
        let mut st = State::empty(rules, GameRng::new(self.seed));
        st.enable_log();
        let n = st.seats();
        let active = parse_seat(&self.active, n)?;
        st.active = active;
        // Unnamed, the first player is the one a game would have: turns go round the table
        // from it, so the seat `turn - 1` places before the active one (with no extra turns
        // or players out). Taking the active player instead made a position at an even turn
        // count its next round one late (turn 11 after turn 10 in round 5, not 6).
        st.first_player = match &self.first_player {
            Some(s) => parse_seat(s, n)?,
            None => (active + n - (self.turn.max(1) as usize - 1) % n) % n,
        };
        st.turn = self.turn;
        st.round = self.turn.div_ceil(n as u32);
        let ranks = st.rules.front_ranks;
        let layout = format!("front_ranks={}x{}", ranks.units, ranks.bond);
        let mut named: [Option<&str>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        for (name, spec) in &self.players {
            let s = parse_seat(name, n)?;
            // `P1` and `p1` are one player, written twice.
            if let Some(first) = named[s].replace(name) {
                return Err(format!(
                    "players: '{first}' and '{name}' are the same player; give each player once"
                ));
            }
            let start_life = st.rules.life;
            let p: &mut Player = &mut st.players[s];
            if let Some(l) = spec.life {
                // A player who is out (three or more players) may be at 0 or below.
                if l > start_life || (l < 1 && !spec.out) {
                    return Err(format!(
                        "{name}.life: {l} is not a life a game in progress has; valid: 1 to \
                         {start_life} (the starting life under these rules)"
                    ));
                }
                p.life = l;
            }
            p.out = spec.out;
            if spec.out && !(spec.hand.is_empty() && spec.front.is_empty() && spec.rear.is_empty())
            {
                return Err(format!(
                    "{name}: a player who is out holds no cards (no hand, front or rear)"
                ));
            }
            p.hand = cards(&spec.hand, &format!("{name}.hand"))?;
            if spec.front.len() > ranks.units {
                return Err(format!(
                    "{name}.front: {} units; the Front Ranks hold at most {} under {layout}",
                    spec.front.len(),
                    ranks.units
                ));
            }
            for t in &spec.front {
                let u = parse_unit(t).map_err(|e| format!("{name}.front: {e}"))?;
                if !u.is_soldier() {
                    return Err(format!("{name}.front: '{t}' is not a soldier (2-10)"));
                }
                if u.cards.len() > ranks.bond {
                    return Err(format!(
                        "{name}.front: unit '{t}' has {} cards; a Blood Bond holds at most {} \
                         under {layout}",
                        u.cards.len(),
                        ranks.bond
                    ));
                }
                p.front
                    .try_push(u)
                    .map_err(|_| format!("{name}.front: more than {MAX_FRONT_UNITS} units"))?;
            }
            if spec.rear.len() > Rules::REAR_RANK_UNITS {
                return Err(format!(
                    "{name}.rear: {} units; the Rear Ranks hold at most {}",
                    spec.rear.len(),
                    Rules::REAR_RANK_UNITS
                ));
            }
            for t in &spec.rear {
                let u = parse_unit(t).map_err(|e| format!("{name}.rear: {e}"))?;
                if u.is_soldier() {
                    return Err(format!(
                        "{name}.rear: '{t}' is a soldier; soldiers go in the front"
                    ));
                }
                if u.cards.len() > 1 {
                    return Err(format!(
                        "{name}.rear: unit '{t}' has {} cards; a Rear-Rank unit is one card",
                        u.cards.len()
                    ));
                }
                p.rear
                    .try_push(u)
                    .map_err(|_| format!("{name}.rear: more than {MAX_REAR_UNITS} units"))?;
            }
            let kings: Vec<String> = p
                .rear
                .iter()
                .filter(|u| u.is_king())
                .map(unit_text)
                .collect();
            if kings.len() > 1 {
                return Err(format!(
                    "{name}.rear: {} Kings ({}); a player has one King in play at a time (a \
                     Doppelganger copying a King counts as one)",
                    kings.len(),
                    kings.join(", ")
                ));
            }
        }
        st.reindex();
        if !self.deck_p2.is_empty() && st.rules.deck != DeckMode::SuitSplit {
            return Err(
                "deck_p2: P2's own pile exists only under deck=suit_split; put these cards in \
                 deck, or add deck=suit_split to rules"
                    .into(),
            );
        }
        let mut deck = cards(&self.deck, "deck")?;
        deck.reverse(); // stored with the top last
        st.deck = deck;
        let mut deck_p2 = cards(&self.deck_p2, "deck_p2")?;
        deck_p2.reverse();
        st.deck_p2 = deck_p2;
        st.barrows_up = cards(&self.barrows, "barrows")?;
        st.barrows_down = cards(&self.burned, "burned")?;
        // Each card once, and only the cards these rules play with.
        let mut seen = crate::core::card::CardSet::default();
        let mut deck = crate::core::card::CardSet::default();
        for c in st.rules.cards_in_play() {
            deck.insert(c);
        }
        for (c, place) in st.all_card_places() {
            if seen.contains(c) {
                return Err(format!("card {c} appears twice in the position"));
            }
            seen.insert(c);
            if !deck.contains(c) {
                let why = if c.is_joker() && !st.rules.jokers {
                    "the rules have jokers=false: add jokers=true to rules".to_string()
                } else {
                    format!(
                        "under deck=suit_split the piles hold only the Houses of \
                         split_houses={}",
                        st.rules.split_houses.text()
                    )
                };
                return Err(format!("card {c} ({place}) is not in the deck: {why}"));
            }
        }
        if st.players[active].out {
            return Err(format!("{}: the active player is out", self.active));
        }
        let o = st.next_player(active);
        st.pending = match self.phase.as_str() {
            "deploy" => Pending::Deploy(active),
            "response" => Pending::Response(o),
            "attack" => Pending::Attack(active),
            "block" => Pending::Block(o),
            p => {
                return Err(format!(
                    "phase '{p}' is not one of: deploy, response, attack, block"
                ))
            }
        };
        // Under `blank_from=draw`, a King out of the deck was drawn before this position: a
        // blank one has no power.
        let out_of_deck: Vec<Card> = st
            .all_card_places()
            .into_iter()
            .filter(|&(_, place)| place != "deck")
            .map(|(c, _)| c)
            .collect();
        for c in out_of_deck {
            st.king_drawn(c);
        }
        if st.legal_actions().is_empty() {
            return Err(format!(
                "phase '{}': no legal move in this position for {}",
                self.phase,
                self.active.trim()
            ));
        }
        for (i, m) in self.moves.iter().enumerate() {
            let a = Action::parse(m).map_err(|e| format!("moves[{i}]: {e}"))?;
            st.apply(a).map_err(|e| format!("moves[{i}]: {e}"))?;
        }
        Ok(st)
    }
}
