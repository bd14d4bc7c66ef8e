//! Battle Cards (`../shared/seeds/003_4c3931f564ed4f12.txt`): a two-player duel, one deck each
//! with Jokers, 20 life. Hearts armor, Diamonds life, Spades break armor, Clubs attack; die
//! rolls; bonus-card chains; Jokers ward off attacks. Readings are in docs/battle_cards.md.

use crate::card::{Card, Kind, Suit};
use crate::core::{Agent, AgentFactory, Game, GameRules, OptionSpec, Seat};
use crate::rng::GameRng;

/// A position for tests and `sim scenario --game battle_cards`: hands, piles, armor, life,
/// and the die results to come.
pub mod position;
use std::fmt;

/// The options of Battle Cards; the defaults are the rules as written (docs/battle_cards.md).
#[derive(Clone, Debug, PartialEq)]
pub struct BcRules {
    pub life: i32,
    pub hand_size: usize,
    pub armor_limit: usize,
    /// Least die roll (1-6) that succeeds, per situation.
    pub hearts_bonus: u8,
    pub diamonds_life: u8,
    pub spades_face: u8,
    pub clubs_attack: u8,
    /// Who plays first: P1 always, or alternating is done by seat swaps in experiments.
    pub jokers: bool,
}

impl Default for BcRules {
    fn default() -> BcRules {
        BcRules {
            life: 20,
            hand_size: 4,
            armor_limit: 3,
            hearts_bonus: 3,
            diamonds_life: 3,
            spades_face: 5,
            clubs_attack: 2,
            jokers: true,
        }
    }
}

const DIE: &[&str] = &["1", "6"];

/// The option registry of Battle Cards (`battle_cards(...)` rule strings).
pub const BC_OPTIONS: &[OptionSpec] = &[
    bc_option(
        "life",
        "int",
        &["1", "20"],
        "starting (and highest) life, 20",
    ),
    bc_option("hand_size", "int", &["1", "4"], "cards in a hand, 4"),
    bc_option(
        "armor_limit",
        "int",
        &["1", "3"],
        "cards a Defense Pile holds, 3",
    ),
    bc_option(
        "hearts_bonus",
        "int",
        DIE,
        "least die roll for a Hearts face card or Ace to grant another card, 3",
    ),
    bc_option(
        "diamonds_life",
        "int",
        DIE,
        "least die roll for a Diamonds number card to give life, 3",
    ),
    bc_option(
        "spades_face",
        "int",
        DIE,
        "least die roll for a Spades face card to break armor, 5",
    ),
    bc_option(
        "clubs_attack",
        "int",
        DIE,
        "least die roll for a non-Ace Club to succeed, 2",
    ),
    bc_option(
        "jokers",
        "bool",
        &["true", "false"],
        "each deck has its two Jokers, true",
    ),
];

const fn bc_option(
    name: &'static str,
    kind: &'static str,
    samples: &'static [&'static str],
    help: &'static str,
) -> OptionSpec {
    let choices: &'static [&'static str] = if matches!(kind.as_bytes(), b"bool") {
        samples
    } else {
        &[]
    };
    OptionSpec {
        name,
        kind,
        choices,
        samples,
        help,
    }
}

impl BcRules {
    pub fn parse(spec: &str) -> Result<BcRules, String> {
        let mut r = BcRules::default();
        let s = spec.trim();
        let s = s
            .strip_prefix("battle_cards(")
            .and_then(|x| x.strip_suffix(')'))
            .unwrap_or(s);
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("rule option '{part}' must be written name=value"))?;
            let (k, v) = (k.trim(), v.trim());
            let int = |lo: i64, hi: i64| -> Result<i64, String> {
                v.parse::<i64>().ok().filter(|n| (lo..=hi).contains(n)).ok_or_else(|| {
                    format!("battle_cards option '{k}' expects an integer from {lo} to {hi}, got '{v}'")
                })
            };
            match k {
                "life" => r.life = int(1, 1000)? as i32,
                "hand_size" => r.hand_size = int(1, 20)? as usize,
                "armor_limit" => r.armor_limit = int(1, 20)? as usize,
                "hearts_bonus" => r.hearts_bonus = int(1, 7)? as u8,
                "diamonds_life" => r.diamonds_life = int(1, 7)? as u8,
                "spades_face" => r.spades_face = int(1, 7)? as u8,
                "clubs_attack" => r.clubs_attack = int(1, 7)? as u8,
                "jokers" => {
                    r.jokers = match v {
                        "true" => true,
                        "false" => false,
                        _ => {
                            return Err(format!(
                                "battle_cards option 'jokers' expects true or false, got '{v}'"
                            ))
                        }
                    }
                }
                _ => {
                    let names: Vec<&str> = BC_OPTIONS.iter().map(|o| o.name).collect();
                    let hint = crate::core::closest(k, names.iter().copied())
                        .map(|c| format!(" (did you mean '{c}'?)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "unknown battle_cards option '{k}'{hint}; valid options: {}",
                        names.join(", ")
                    ));
                }
            }
        }
        Ok(r)
    }

    pub fn canonical(&self) -> String {
        format!(
            "battle_cards(life={},hand_size={},armor_limit={},hearts_bonus={},diamonds_life={},spades_face={},clubs_attack={},jokers={})",
            self.life, self.hand_size, self.armor_limit, self.hearts_bonus, self.diamonds_life,
            self.spades_face, self.clubs_attack, self.jokers
        )
    }
}

impl GameRules for BcRules {
    fn parse(spec: &str) -> Result<BcRules, String> {
        BcRules::parse(spec)
    }
    fn canonical(&self) -> String {
        BcRules::canonical(self)
    }
    fn options() -> &'static [OptionSpec] {
        BC_OPTIONS
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcAction {
    Play(Card),
    Discard(Card),
    /// Reveal a Joker to ward off the attack (or not).
    Ward(bool),
    /// After an Ace: discard the rest of the hand and draw a fresh one (or not).
    Redraw(bool),
}

impl fmt::Display for BcAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BcAction::Play(c) => write!(f, "play {c}"),
            BcAction::Discard(c) => write!(f, "discard {c}"),
            BcAction::Ward(true) => write!(f, "ward"),
            BcAction::Ward(false) => write!(f, "take"),
            BcAction::Redraw(true) => write!(f, "redraw"),
            BcAction::Redraw(false) => write!(f, "keep"),
        }
    }
}

impl BcAction {
    pub fn parse(text: &str) -> Result<BcAction, String> {
        let w: Vec<&str> = text.split_whitespace().collect();
        match w.as_slice() {
            ["play", c] => Ok(BcAction::Play(Card::parse(c)?)),
            ["discard", c] => Ok(BcAction::Discard(Card::parse(c)?)),
            ["ward"] => Ok(BcAction::Ward(true)),
            ["take"] => Ok(BcAction::Ward(false)),
            ["redraw"] => Ok(BcAction::Redraw(true)),
            ["keep"] => Ok(BcAction::Redraw(false)),
            _ => Err(format!(
                "cannot read move '{text}' (play CARD, discard CARD, ward, take, redraw, keep)"
            )),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BcPlayer {
    pub life: i32,
    pub hand: Vec<Card>,
    /// Top card last.
    pub draw: Vec<Card>,
    pub discard: Vec<Card>,
    /// Top card last.
    pub armor: Vec<Card>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcPending {
    Turn(usize),
    /// The defender decides whether to reveal a Joker against this attack.
    Ward {
        seat: usize,
        attack: Card,
    },
    Redraw(usize),
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcEnd {
    Life,
    /// A player could not draw a new hand and had nothing to play: no winner.
    NoCards,
    TurnLimit,
}

#[derive(Clone, Debug)]
pub struct BcState {
    pub rules: BcRules,
    pub players: [BcPlayer; 2],
    pub active: usize,
    pub turn: u32,
    pub pending: BcPending,
    pub winner: Option<usize>,
    pub end: Option<BcEnd>,
    pub rng: GameRng,
    pub log: Option<Vec<String>>,
    pub rolls: u32,
    pub actions: u32,
    /// Bonus plays in the current chain (a chain continues while plays grant another card).
    pub chain: u32,
    /// While an Ace's redraw offer is open: whether its play granted another card.
    pub chain_bonus_pending: bool,
    /// Die results to use before the generator's (positions and tests fix the dice this way).
    pub fixed_rolls: Vec<u8>,
}

pub const BC_MAX_TURNS: u32 = 2_000;

/// Card value for comparisons and amounts: number cards their number; J, Q, K and A count 10.
pub fn value(c: Card) -> i32 {
    match c.kind() {
        Kind::Soldier => c.rank() as i32,
        _ => 10,
    }
}

fn is_face_or_ace(c: Card) -> bool {
    matches!(c.kind(), Kind::Jack | Kind::Queen | Kind::King | Kind::Ace)
}

impl BcState {
    pub fn new(rules: BcRules, seed: u64, keep_log: bool) -> BcState {
        let mut rng = GameRng::new(seed);
        let mut players: [BcPlayer; 2] = Default::default();
        for p in players.iter_mut() {
            let mut deck = Card::deck(rules.jokers);
            rng.shuffle(&mut deck);
            p.draw = deck;
            p.life = rules.life;
            for _ in 0..rules.hand_size {
                if let Some(c) = p.draw.pop() {
                    p.hand.push(c);
                }
            }
        }
        let mut st = BcState {
            rules,
            players,
            active: 0,
            turn: 1,
            pending: BcPending::Turn(0),
            winner: None,
            end: None,
            rng,
            log: keep_log.then(Vec::new),
            rolls: 0,
            actions: 0,
            chain: 0,
            chain_bonus_pending: false,
            fixed_rolls: Vec::new(),
        };
        st.log(|| format!("seed {seed}"));
        st.begin_turn(0);
        st
    }

    fn log(&mut self, f: impl FnOnce() -> String) {
        if let Some(l) = self.log.as_mut() {
            l.push(f());
        }
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn decider(&self) -> Option<usize> {
        match self.pending {
            BcPending::Turn(s) | BcPending::Redraw(s) => Some(s),
            BcPending::Ward { seat, .. } => Some(seat),
            BcPending::Over => None,
        }
    }

    fn roll(&mut self) -> u8 {
        self.rolls += 1;
        let r = if self.fixed_rolls.is_empty() {
            self.rng.below(6) as u8 + 1
        } else {
            self.fixed_rolls.remove(0)
        };
        self.log(|| format!("die: {r}"));
        r
    }

    fn draw_hand(&mut self, s: usize) {
        let n = self.rules.hand_size;
        let p = &mut self.players[s];
        for _ in 0..n {
            if let Some(c) = p.draw.pop() {
                p.hand.push(c);
            }
        }
    }

    fn begin_turn(&mut self, s: usize) {
        self.active = s;
        self.chain = 0;
        if self.players[s].hand.is_empty() {
            self.draw_hand(s);
        }
        let hand = self.players[s]
            .hand
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let (l0, l1) = (self.players[0].life, self.players[1].life);
        let turn = self.turn;
        self.log(|| {
            format!(
                "== turn {turn} P{} (life P1 {l0} P2 {l1}) hand: {hand}",
                s + 1
            )
        });
        if self.players[s].hand.is_empty() {
            self.finish(None, BcEnd::NoCards);
            return;
        }
        self.pending = BcPending::Turn(s);
    }

    fn finish(&mut self, winner: Option<usize>, end: BcEnd) {
        self.winner = winner;
        self.end = Some(end);
        self.pending = BcPending::Over;
        let w = winner
            .map(|w| format!("P{}", w + 1))
            .unwrap_or_else(|| "draw".into());
        self.log(|| format!("winner: {w}"));
    }

    pub fn legal(&self) -> Vec<BcAction> {
        match self.pending {
            BcPending::Turn(s) => {
                let mut out = Vec::new();
                for &c in &self.players[s].hand {
                    if !c.is_joker() {
                        out.push(BcAction::Play(c));
                    }
                }
                for &c in &self.players[s].hand {
                    out.push(BcAction::Discard(c));
                }
                out
            }
            BcPending::Ward { .. } => vec![BcAction::Ward(true), BcAction::Ward(false)],
            BcPending::Redraw(_) => vec![BcAction::Redraw(true), BcAction::Redraw(false)],
            BcPending::Over => vec![],
        }
    }

    pub fn apply(&mut self, a: BcAction) -> Result<(), String> {
        if !self.legal().contains(&a) {
            return Err(format!("illegal move '{a}'"));
        }
        self.step(a);
        Ok(())
    }

    pub fn step(&mut self, a: BcAction) {
        self.actions += 1;
        let who = self.decider().unwrap_or(self.active);
        self.log(|| format!("P{}: {a}", who + 1));
        match a {
            BcAction::Discard(c) => {
                let s = self.active;
                take(&mut self.players[s].hand, c);
                self.players[s].discard.push(c);
                self.end_turn();
            }
            BcAction::Play(c) => {
                let s = self.active;
                take(&mut self.players[s].hand, c);
                self.play(c);
            }
            BcAction::Ward(yes) => {
                let BcPending::Ward { seat, attack } = self.pending else {
                    return;
                };
                if yes {
                    let joker = *self.players[seat]
                        .hand
                        .iter()
                        .find(|c| c.is_joker())
                        .unwrap();
                    take(&mut self.players[seat].hand, joker);
                    self.players[seat].discard.push(joker);
                    self.log(|| format!("P{} wards off {attack} with {joker}", seat + 1));
                    let a = self.active;
                    self.players[a].discard.push(attack);
                    self.after_play(attack, false);
                } else {
                    self.resolve_attack(attack);
                }
            }
            BcAction::Redraw(yes) => {
                let s = self.active;
                if yes {
                    let hand = std::mem::take(&mut self.players[s].hand);
                    self.players[s].discard.extend(hand);
                    self.draw_hand(s);
                }
                // The Ace's own bonus (if any) was decided before the offer.
                let bonus = self.chain_bonus_pending;
                self.chain_bonus_pending = false;
                self.continue_chain(bonus);
            }
        }
    }
}

impl BcState {
    fn play(&mut self, c: Card) {
        let s = self.active;
        let o = 1 - s;
        match c.suit() {
            Some(Suit::Hearts) => {
                let bonus = if self.players[s].armor.len() < self.rules.armor_limit {
                    self.players[s].armor.push(c);
                    is_face_or_ace(c) && self.roll() >= self.rules.hearts_bonus
                } else {
                    self.log(|| format!("{c}: the Defense Pile is full, no effect"));
                    self.players[s].discard.push(c);
                    false
                };
                self.after_play(c, bonus);
            }
            Some(Suit::Diamonds) => {
                let gain = if is_face_or_ace(c) {
                    10
                } else if self.roll() >= self.rules.diamonds_life {
                    value(c)
                } else {
                    0
                };
                let p = &mut self.players[s];
                p.life = (p.life + gain).min(self.rules.life);
                p.discard.push(c);
                let life = p.life;
                self.log(|| format!("{c}: +{gain} life, now {life}"));
                self.after_play(c, is_face_or_ace(c));
            }
            _ => {
                // Spades and Clubs attack: the defender may ward them off with a Joker.
                if self.players[o].hand.iter().any(|x| x.is_joker()) {
                    self.pending = BcPending::Ward { seat: o, attack: c };
                } else {
                    self.resolve_attack(c);
                }
            }
        }
    }

    fn resolve_attack(&mut self, c: Card) {
        let s = self.active;
        let o = 1 - s;
        self.players[s].discard.push(c);
        let mut bonus = false;
        if c.suit() == Some(Suit::Spades) {
            let Some(&top) = self.players[o].armor.last() else {
                self.log(|| format!("{c}: no armor to break"));
                return self.after_play(c, false);
            };
            let breaks = match c.kind() {
                Kind::Ace => is_face_or_ace(top),
                Kind::Soldier => value(c) > value(top),
                _ => value(c) > value(top) && self.roll() >= self.rules.spades_face,
            };
            if breaks {
                let a = self.players[o].armor.pop().unwrap();
                self.players[o].discard.push(a);
            }
            self.log(|| {
                format!(
                    "{c} against {top}: {}",
                    if breaks { "armor broken" } else { "stopped" }
                )
            });
        } else {
            let damage = match c.kind() {
                Kind::Ace => {
                    bonus = true;
                    10
                }
                Kind::Soldier if !self.players[o].armor.is_empty() => 0,
                Kind::Soldier => {
                    if self.roll() >= self.rules.clubs_attack {
                        value(c)
                    } else {
                        0
                    }
                }
                _ => {
                    if self.roll() >= self.rules.clubs_attack {
                        10
                    } else {
                        0
                    }
                }
            };
            self.players[o].life -= damage;
            let life = self.players[o].life;
            self.log(|| format!("{c}: {damage} damage, P{} at {life}", o + 1));
            if life <= 0 {
                return self.finish(Some(s), BcEnd::Life);
            }
        }
        self.after_play(c, bonus);
    }

    fn after_play(&mut self, c: Card, bonus: bool) {
        if self.is_over() {
            return;
        }
        if c.kind() == Kind::Ace {
            // Any Ace offers to discard the rest of the hand and draw a fresh one.
            self.chain_bonus_pending = bonus;
            self.pending = BcPending::Redraw(self.active);
            return;
        }
        self.continue_chain(bonus);
    }

    fn continue_chain(&mut self, bonus: bool) {
        let s = self.active;
        if bonus && self.chain < 200 {
            self.chain += 1;
            if self.players[s].hand.is_empty() {
                self.draw_hand(s);
            }
            if !self.players[s].hand.is_empty() {
                self.pending = BcPending::Turn(s);
                return;
            }
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        if self.is_over() {
            return;
        }
        self.turn += 1;
        if self.turn > BC_MAX_TURNS {
            return self.finish(None, BcEnd::TurnLimit);
        }
        self.begin_turn(1 - self.active);
    }

    /// Every card in exactly one place, armor within its limit, life within bounds.
    pub fn check_invariants(&self) -> Result<(), String> {
        let per = if self.rules.jokers { 54 } else { 52 };
        for (s, p) in self.players.iter().enumerate() {
            let mut all: Vec<Card> = p
                .hand
                .iter()
                .chain(&p.draw)
                .chain(&p.discard)
                .chain(&p.armor)
                .copied()
                .collect();
            if let BcPending::Ward { attack, .. } = self.pending {
                if s == self.active {
                    all.push(attack);
                }
            }
            let n = all.len();
            all.sort();
            all.dedup();
            if n != per || all.len() != per {
                return Err(format!(
                    "P{} has {n} cards ({} distinct), expected {per}",
                    s + 1,
                    all.len()
                ));
            }
            if p.armor.len() > self.rules.armor_limit {
                return Err(format!("P{} armor of {}", s + 1, p.armor.len()));
            }
            if p.life > self.rules.life {
                return Err(format!("P{} life {} above the start", s + 1, p.life));
            }
        }
        Ok(())
    }
}

fn take(v: &mut Vec<Card>, c: Card) {
    if let Some(i) = v.iter().position(|&x| x == c) {
        v.remove(i);
    }
}

/// What a Battle Cards player may see: its own hand, both lives, both Defense Piles, counts.
pub struct BcView<'a> {
    st: &'a BcState,
    seat: usize,
}

impl<'a> BcView<'a> {
    pub fn new(st: &'a BcState, seat: usize) -> BcView<'a> {
        BcView { st, seat }
    }
    pub fn hand(&self) -> &[Card] {
        &self.st.players[self.seat].hand
    }
    pub fn life(&self, s: usize) -> i32 {
        self.st.players[s].life
    }
    pub fn armor(&self, s: usize) -> &[Card] {
        &self.st.players[s].armor
    }
    pub fn pending(&self) -> BcPending {
        self.st.pending
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn rules(&self) -> &BcRules {
        &self.st.rules
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BcAgentSpec {
    Random,
    Greedy,
}

/// The built-in Battle Cards agents' behaviour version (in their canonical specs: `greedy@v1`).
pub const BC_AGENT_VERSION: u32 = 1;
pub const BC_AGENTS: &[&str] = &["random", "greedy"];

impl BcAgentSpec {
    pub fn parse(s: &str) -> Result<BcAgentSpec, String> {
        let s = crate::core::versioned_spec(s, |_| Some(BC_AGENT_VERSION))?;
        match s.trim() {
            "random" => Ok(BcAgentSpec::Random),
            "greedy" => Ok(BcAgentSpec::Greedy),
            other => Err(format!(
                "unknown battle_cards agent '{other}'; valid agents: random, greedy"
            )),
        }
    }
    pub fn name(&self) -> &'static str {
        match self {
            BcAgentSpec::Random => "random",
            BcAgentSpec::Greedy => "greedy",
        }
    }
    pub fn canonical(&self) -> String {
        format!("{}@v{BC_AGENT_VERSION}", self.name())
    }
}

pub struct BcAgent {
    spec: BcAgentSpec,
    rng: GameRng,
}

impl BcAgent {
    pub fn new(spec: BcAgentSpec, seed: u64) -> BcAgent {
        BcAgent {
            spec,
            rng: GameRng::new(seed),
        }
    }

    pub fn choose(&mut self, v: &BcView, legal: &[BcAction]) -> usize {
        if self.spec == BcAgentSpec::Random || legal.len() == 1 {
            return self.rng.below(legal.len());
        }
        let scores: Vec<f64> = legal.iter().map(|a| bc_score(v, a)).collect();
        let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<usize> = (0..legal.len())
            .filter(|&i| scores[i] >= best - 1e-9)
            .collect();
        ties[self.rng.below(ties.len())]
    }
}

/// The greedy player's reading of a move: expected damage, armor, life, with simple odds.
fn bc_score(v: &BcView, a: &BcAction) -> f64 {
    let me = v.seat();
    let op = 1 - me;
    let r = v.rules();
    let p = |least: u8| (7.0 - least as f64).clamp(0.0, 6.0) / 6.0;
    let missing = (r.life - v.life(me)) as f64;
    match *a {
        BcAction::Discard(c) => {
            if c.is_joker() {
                -5.0
            } else {
                -2.0
            }
        }
        BcAction::Play(c) => match c.suit() {
            Some(Suit::Hearts) => {
                if v.armor(me).len() < r.armor_limit {
                    2.0 + if is_face_or_ace(c) {
                        2.0 * p(r.hearts_bonus)
                    } else {
                        0.0
                    }
                } else {
                    -1.0
                }
            }
            Some(Suit::Diamonds) => {
                if is_face_or_ace(c) {
                    missing.min(10.0) + 2.0
                } else {
                    missing.min(value(c) as f64) * p(r.diamonds_life)
                }
            }
            Some(Suit::Spades) => match v.armor(op).last() {
                None => -1.0,
                Some(&top) => match c.kind() {
                    Kind::Ace if is_face_or_ace(top) => 5.0,
                    Kind::Ace => -1.0,
                    Kind::Soldier if value(c) > value(top) => 3.0 + value(top) as f64 / 5.0,
                    Kind::Soldier => -1.0,
                    _ if value(top) < 10 => 3.0 * p(r.spades_face),
                    _ => -1.0,
                },
            },
            _ => match c.kind() {
                Kind::Ace => 12.0,
                Kind::Soldier if v.armor(op).is_empty() => value(c) as f64 * p(r.clubs_attack),
                Kind::Soldier => -1.0,
                _ => 10.0 * p(r.clubs_attack),
            },
        },
        // Ward off anything that threatens a real loss.
        BcAction::Ward(yes) => {
            let BcPending::Ward { attack, .. } = v.pending() else {
                return 0.0;
            };
            let threat = match attack.suit() {
                Some(Suit::Clubs) => value(attack) as f64 / v.life(me).max(1) as f64 * 10.0,
                _ => 1.0,
            };
            if yes {
                threat - 3.0
            } else {
                0.0
            }
        }
        // Redraw when the hand left has little to play.
        BcAction::Redraw(yes) => {
            let good = v
                .hand()
                .iter()
                .filter(|c| !c.is_joker() && value(**c) >= 7)
                .count();
            if yes {
                1.0 - good as f64
            } else {
                0.0
            }
        }
    }
}

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

pub type BcResult = crate::core::Played<BcRecord>;

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
    fn record(&self, seed: u64, decisions: [u32; 2]) -> BcRecord {
        BcRecord {
            seed,
            winner: self.winner.map(|w| w as i8).unwrap_or(-1),
            end: self.end.unwrap(),
            turns: self.turn,
            life: [self.players[0].life, self.players[1].life],
            actions: self.actions,
            rolls: self.rolls,
            decisions,
        }
    }
    fn take_log(&mut self) -> Option<Vec<String>> {
        self.log.take()
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

pub fn play_bc_game(
    rules: &BcRules,
    specs: [BcAgentSpec; 2],
    seed: u64,
    keep_log: bool,
) -> BcResult {
    crate::core::play_game::<BcState>(rules, [&specs[0], &specs[1]], seed, keep_log)
}

/// Games `start .. start + count` on `threads` threads, in game order (as `game::play_batch`).
pub fn play_bc_batch(
    rules: &BcRules,
    specs: [BcAgentSpec; 2],
    base_seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<BcRecord> {
    crate::core::play_batch::<BcState>(
        rules,
        [&specs[0], &specs[1]],
        base_seed,
        start,
        count,
        threads,
        swap_odd_seats,
    )
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
