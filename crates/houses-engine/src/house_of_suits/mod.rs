//! House of Suits (`../shared/seeds/002_d349ae9b2a3a6668.txt`): a two-player investment game
//! with a 60-card deck of six suits (Ace to 10), played with four, five or six suits. Readings
//! are in docs/house_of_suits.md.

use crate::core::{Agent, AgentFactory, Game, GameRules, OptionSpec, Seat};
use crate::rng::GameRng;
use std::fmt;

/// The six suits: the four of a standard deck and two more.
pub const SUITS: [char; 6] = ['D', 'C', 'H', 'S', 'O', 'W'];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HCard {
    pub suit: u8,
    /// 1 (Ace) ..= 10.
    pub rank: u8,
}

impl fmt::Display for HCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = if self.rank == 1 {
            "A".to_string()
        } else {
            self.rank.to_string()
        };
        write!(f, "{r}{}", SUITS[self.suit as usize])
    }
}

impl HCard {
    pub fn parse(s: &str) -> Result<HCard, String> {
        let t = s.trim().to_ascii_uppercase();
        let bad = || format!("not a House of Suits card: '{s}' (e.g. 7D, AO, 10W)");
        let suit_ch = t.chars().last().ok_or_else(bad)?;
        let suit = SUITS.iter().position(|&c| c == suit_ch).ok_or_else(bad)? as u8;
        let r = &t[..t.len() - 1];
        let rank = match r {
            "A" | "1" => 1,
            _ => r
                .parse::<u8>()
                .ok()
                .filter(|n| (2..=10).contains(n))
                .ok_or_else(bad)?,
        };
        Ok(HCard { suit, rank })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFormat {
    /// Four games with the `suits` setting.
    Four,
    /// Two games each of four, five and six suits.
    Mixed,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HsRules {
    pub suits: u8,
    pub format: MatchFormat,
}

impl Default for HsRules {
    fn default() -> HsRules {
        HsRules {
            suits: 4,
            format: MatchFormat::Four,
        }
    }
}

/// The option registry of House of Suits (`house_of_suits(...)` rule strings).
pub const HS_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "suits",
        kind: "choice",
        choices: &["4", "5", "6"],
        samples: &["4", "5", "6"],
        help: "suits in play for a four-game match: 4, 5 or 6 (default 4)",
    },
    OptionSpec {
        name: "match",
        kind: "choice",
        choices: &["four", "mixed"],
        samples: &["four", "mixed"],
        help: "four (four games, default) or mixed (two games each of 4, 5 and 6 suits)",
    },
];

impl HsRules {
    pub fn parse(spec: &str) -> Result<HsRules, String> {
        let mut r = HsRules::default();
        let s = spec.trim();
        let s = s
            .strip_prefix("house_of_suits(")
            .and_then(|x| x.strip_suffix(')'))
            .unwrap_or(s);
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("rule option '{part}' must be written name=value"))?;
            match (k.trim(), v.trim()) {
                ("suits", v) => {
                    r.suits = v
                        .parse::<u8>()
                        .ok()
                        .filter(|n| (4..=6).contains(n))
                        .ok_or_else(|| {
                            format!("house_of_suits option 'suits' expects 4, 5 or 6, got '{v}'")
                        })?
                }
                ("match", "four") => r.format = MatchFormat::Four,
                ("match", "mixed") => r.format = MatchFormat::Mixed,
                ("match", v) => {
                    return Err(format!(
                    "house_of_suits option 'match' has no value '{v}'; valid values: four, mixed"
                ))
                }
                (k, _) => {
                    let hint = crate::core::closest(k, ["suits", "match"])
                        .map(|c| format!(" (did you mean '{c}'?)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "unknown house_of_suits option '{k}'{hint}; valid options: suits, match"
                    ));
                }
            }
        }
        Ok(r)
    }

    pub fn canonical(&self) -> String {
        let m = match self.format {
            MatchFormat::Four => "four",
            MatchFormat::Mixed => "mixed",
        };
        format!("house_of_suits(suits={},match={m})", self.suits)
    }

    /// Suits in play in each game of the match.
    pub fn schedule(&self) -> Vec<u8> {
        match self.format {
            MatchFormat::Four => vec![self.suits; 4],
            MatchFormat::Mixed => vec![4, 4, 5, 5, 6, 6],
        }
    }
}

impl GameRules for HsRules {
    fn parse(spec: &str) -> Result<HsRules, String> {
        HsRules::parse(spec)
    }
    fn canonical(&self) -> String {
        HsRules::canonical(self)
    }
    fn options() -> &'static [OptionSpec] {
        HS_OPTIONS
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HsAction {
    /// Set this card aside (hidden) until the end of the game.
    SetAside(HCard),
    /// Lay `market` into the market and `invest` in front of oneself.
    Lay { market: HCard, invest: HCard },
}

impl fmt::Display for HsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HsAction::SetAside(c) => write!(f, "aside {c}"),
            HsAction::Lay { market, invest } => write!(f, "market {market} invest {invest}"),
        }
    }
}

impl HsAction {
    pub fn parse(text: &str) -> Result<HsAction, String> {
        let w: Vec<&str> = text.split_whitespace().collect();
        match w.as_slice() {
            ["aside", c] => Ok(HsAction::SetAside(HCard::parse(c)?)),
            ["market", m, "invest", i] => Ok(HsAction::Lay {
                market: HCard::parse(m)?,
                invest: HCard::parse(i)?,
            }),
            _ => Err(format!(
                "cannot read move '{text}' (aside CARD, market CARD invest CARD)"
            )),
        }
    }
}

/// Suit roles at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Winning,
    Neutral,
    Losing,
    Bonus,
    /// Its market total tied another suit's: out of the scoring.
    Discarded,
}

/// One game of House of Suits (a match is several).
#[derive(Clone, Debug)]
pub struct HsGame {
    pub suits: u8,
    pub hands: [Vec<HCard>; 2],
    pub aside: [Option<HCard>; 2],
    pub invested: [Vec<HCard>; 2],
    pub market: Vec<HCard>,
    /// Top card last.
    pub pile: Vec<HCard>,
    pub active: usize,
    /// Final turns taken after the pickup pile ran out.
    pub final_turns: u8,
    pub over: bool,
    pub turns: u32,
}

impl HsGame {
    pub fn new(suits: u8, rng: &mut GameRng) -> HsGame {
        let mut deck: Vec<HCard> = (0..suits)
            .flat_map(|s| (1..=10).map(move |r| HCard { suit: s, rank: r }))
            .collect();
        rng.shuffle(&mut deck);
        let per = 10 + (suits as usize - 4);
        let mut hands: [Vec<HCard>; 2] = Default::default();
        // Dealt one at a time, beginning with the opponent (P2).
        for _ in 0..per {
            for s in [1, 0] {
                hands[s].push(deck.pop().unwrap());
            }
        }
        HsGame {
            suits,
            hands,
            aside: [None, None],
            invested: Default::default(),
            market: Vec::new(),
            pile: deck,
            active: 0,
            final_turns: 0,
            over: false,
            turns: 0,
        }
    }

    /// Whose decision: first each player sets a card aside (P1 then P2), then turns.
    pub fn decider(&self) -> Option<usize> {
        if self.over {
            None
        } else if self.aside[0].is_none() {
            Some(0)
        } else if self.aside[1].is_none() {
            Some(1)
        } else {
            Some(self.active)
        }
    }

    pub fn legal(&self) -> Vec<HsAction> {
        let Some(s) = self.decider() else {
            return vec![];
        };
        let hand = &self.hands[s];
        if self.aside[s].is_none() {
            return hand.iter().map(|&c| HsAction::SetAside(c)).collect();
        }
        let mut out = Vec::new();
        for (i, &m) in hand.iter().enumerate() {
            for (j, &v) in hand.iter().enumerate() {
                if i != j {
                    out.push(HsAction::Lay {
                        market: m,
                        invest: v,
                    });
                }
            }
        }
        out
    }

    pub fn step(&mut self, a: HsAction) {
        let s = self.decider().expect("game over");
        match a {
            HsAction::SetAside(c) => {
                take(&mut self.hands[s], c);
                self.aside[s] = Some(c);
            }
            HsAction::Lay { market, invest } => {
                take(&mut self.hands[s], market);
                take(&mut self.hands[s], invest);
                self.market.push(market);
                self.invested[s].push(invest);
                self.turns += 1;
                if self.pile.is_empty() {
                    // The final turns, one each, from hand.
                    self.final_turns += 1;
                    if self.final_turns >= 2 || self.hands[1 - s].len() < 2 {
                        self.over = true;
                        return;
                    }
                } else {
                    for _ in 0..2 {
                        if let Some(c) = self.pile.pop() {
                            self.hands[s].push(c);
                        }
                    }
                }
                self.active = 1 - s;
                if self.hands[self.active].len() < 2 {
                    self.over = true;
                }
            }
        }
    }

    /// Market totals per suit, the set-aside cards included (they are turned up at the end).
    pub fn totals(&self, with_aside: bool) -> Vec<u32> {
        let mut t = vec![0u32; self.suits as usize];
        for c in &self.market {
            t[c.suit as usize] += c.rank as u32;
        }
        if with_aside {
            for c in self.aside.iter().flatten() {
                t[c.suit as usize] += c.rank as u32;
            }
        }
        t
    }

    /// Each suit's role, from the market totals.
    pub fn roles(totals: &[u32]) -> Vec<Role> {
        let n = totals.len();
        let mut roles = vec![Role::Discarded; n];
        let mut left: Vec<usize> = (0..n)
            .filter(|&s| (0..n).filter(|&o| totals[o] == totals[s]).count() == 1)
            .collect();
        left.sort_by_key(|&s| std::cmp::Reverse(totals[s]));
        let order = left; // highest first
        let k = order.len();
        let pattern: &[Role] = match k {
            6 => &[
                Role::Winning,
                Role::Winning,
                Role::Neutral,
                Role::Losing,
                Role::Bonus,
                Role::Bonus,
            ],
            5 => &[
                Role::Winning,
                Role::Winning,
                Role::Neutral,
                Role::Losing,
                Role::Bonus,
            ],
            4 => &[Role::Winning, Role::Winning, Role::Neutral, Role::Losing],
            3 => &[Role::Winning, Role::Winning, Role::Losing],
            2 => &[Role::Winning, Role::Losing],
            1 => &[Role::Winning],
            _ => &[],
        };
        for (i, &s) in order.iter().enumerate() {
            roles[s] = pattern[i];
        }
        roles
    }

    /// The two scores of the finished game.
    pub fn scores(&self) -> [i32; 2] {
        let totals = self.totals(true);
        let roles = HsGame::roles(&totals);
        let inv = |p: usize, s: usize| -> i32 {
            self.invested[p]
                .iter()
                .filter(|c| c.suit as usize == s)
                .map(|c| c.rank as i32)
                .sum()
        };
        let mut score = [0i32; 2];
        for (s, role) in roles.iter().enumerate() {
            for (p, total) in score.iter_mut().enumerate() {
                match role {
                    Role::Winning => *total += inv(p, s),
                    Role::Losing => *total -= inv(p, s),
                    _ => {}
                }
            }
            if *role == Role::Bonus {
                let (a, b) = (inv(0, s), inv(1, s));
                if a != b {
                    score[if a > b { 0 } else { 1 }] += totals[s] as i32;
                }
            }
        }
        score
    }
}

impl HsGame {
    /// Every card of the suits in play in exactly one place; hands within the deal's size.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut all: Vec<HCard> = self.hands[0]
            .iter()
            .chain(&self.hands[1])
            .chain(self.aside.iter().flatten())
            .chain(&self.invested[0])
            .chain(&self.invested[1])
            .chain(&self.market)
            .chain(&self.pile)
            .copied()
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        let expected = self.suits as usize * 10;
        if n != expected || all.len() != expected {
            return Err(format!(
                "{n} cards ({} distinct), expected {expected}",
                all.len()
            ));
        }
        let most = 10 + (self.suits as usize - 4) + 2;
        if let Some(s) = (0..2).find(|&s| self.hands[s].len() > most) {
            return Err(format!("P{} holds {} cards", s + 1, self.hands[s].len()));
        }
        Ok(())
    }
}

fn take(v: &mut Vec<HCard>, c: HCard) {
    if let Some(i) = v.iter().position(|&x| x == c) {
        v.remove(i);
    }
}

// ---- Agents --------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HsAgentSpec {
    Random,
    Greedy,
}

/// The built-in House of Suits agents' behaviour version (in their canonical specs).
pub const HS_AGENT_VERSION: u32 = 1;
pub const HS_AGENTS: &[&str] = &["random", "greedy"];

impl HsAgentSpec {
    pub fn parse(s: &str) -> Result<HsAgentSpec, String> {
        let s = crate::core::versioned_spec(s, |_| Some(HS_AGENT_VERSION))?;
        match s.trim() {
            "random" => Ok(HsAgentSpec::Random),
            "greedy" => Ok(HsAgentSpec::Greedy),
            other => Err(format!(
                "unknown house_of_suits agent '{other}'; valid agents: random, greedy"
            )),
        }
    }
    pub fn canonical(&self) -> String {
        let name = match self {
            HsAgentSpec::Random => "random",
            HsAgentSpec::Greedy => "greedy",
        };
        format!("{name}@v{HS_AGENT_VERSION}")
    }
}

/// Greedy: for each move, score the game as if it ended with the market as it would then stand
/// (the player's own set-aside card included, the opponent's unknown); keep the best.
fn hs_score(g: &HsGame, seat: usize, a: &HsAction) -> f64 {
    match *a {
        HsAction::SetAside(c) => {
            // Keep back a high card of the suit this hand holds most of: it will lift that suit.
            let same = g.hands[seat].iter().filter(|x| x.suit == c.suit).count();
            same as f64 * 10.0 + c.rank as f64
        }
        HsAction::Lay { market, invest } => {
            let mut t = g.totals(false);
            if let Some(c) = g.aside[seat] {
                t[c.suit as usize] += c.rank as u32;
            }
            t[market.suit as usize] += market.rank as u32;
            let roles = HsGame::roles(&t);
            let mut mine = vec![0i32; g.suits as usize];
            let mut theirs = vec![0i32; g.suits as usize];
            for c in &g.invested[seat] {
                mine[c.suit as usize] += c.rank as i32;
            }
            for c in &g.invested[1 - seat] {
                theirs[c.suit as usize] += c.rank as i32;
            }
            mine[invest.suit as usize] += invest.rank as i32;
            let mut v = 0.0;
            for (s, r) in roles.iter().enumerate() {
                v += match r {
                    Role::Winning => (mine[s] - theirs[s]) as f64,
                    Role::Losing => (theirs[s] - mine[s]) as f64,
                    Role::Bonus => (mine[s] - theirs[s]).signum() as f64 * t[s] as f64,
                    _ => 0.0,
                };
            }
            v
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct HsRecord {
    pub seed: u64,
    pub winner: i8,
    pub scores: [i32; 2],
    pub games: u32,
    pub turns: u32,
    pub decisions: [u32; 2],
}

pub type HsResult = crate::core::Played<HsRecord>;

/// A whole match, the games of the schedule with P1 starting every game: the state the one game
/// loop plays (a record is a match; the higher total wins).
pub struct HsMatch {
    schedule: Vec<u8>,
    /// Deals every game of the match, one after the other.
    rng: GameRng,
    pub game: HsGame,
    /// Which game of the schedule is under way.
    pub index: usize,
    pub total: [i32; 2],
    /// Turns of the finished games.
    pub turns: u32,
    pub over: bool,
    actions: u32,
    log: Option<Vec<String>>,
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
    fn record(&self, seed: u64, decisions: [u32; 2]) -> HsRecord {
        HsRecord {
            seed,
            winner: self.winner(),
            scores: self.total,
            games: self.schedule.len() as u32,
            turns: self.turns,
            decisions,
        }
    }
    fn take_log(&mut self) -> Option<Vec<String>> {
        self.log.take()
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.game.check_invariants()
    }
}

/// The built-in House of Suits players; each draws from its own stream.
pub struct HsAgent {
    spec: HsAgentSpec,
    rng: GameRng,
}

impl Agent<HsMatch> for HsAgent {
    fn choose(&mut self, m: &HsMatch, seat: Seat, legal: &[HsAction]) -> usize {
        match self.spec {
            HsAgentSpec::Random => self.rng.below(legal.len()),
            HsAgentSpec::Greedy => {
                let scores: Vec<f64> = legal.iter().map(|a| hs_score(&m.game, seat, a)).collect();
                let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let ties: Vec<usize> = (0..legal.len())
                    .filter(|&i| scores[i] >= best - 1e-9)
                    .collect();
                ties[self.rng.below(ties.len())]
            }
        }
    }
}

impl AgentFactory<HsMatch> for HsAgentSpec {
    fn make(&self, seed: u64) -> Box<dyn Agent<HsMatch>> {
        Box::new(HsAgent {
            spec: *self,
            rng: GameRng::new(seed),
        })
    }
}

/// A whole match: the games of the schedule, P1 starting every game; the higher total wins.
pub fn play_hs_match(
    rules: &HsRules,
    specs: [HsAgentSpec; 2],
    seed: u64,
    keep_log: bool,
) -> HsResult {
    crate::core::play_game::<HsMatch>(rules, [&specs[0], &specs[1]], seed, keep_log)
}

pub fn play_hs_batch(
    rules: &HsRules,
    specs: [HsAgentSpec; 2],
    base_seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    swap_odd_seats: bool,
) -> Vec<HsRecord> {
    crate::core::play_batch::<HsMatch>(
        rules,
        [&specs[0], &specs[1]],
        base_seed,
        start,
        count,
        threads,
        swap_odd_seats,
    )
}
