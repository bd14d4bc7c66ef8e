//! One-ply heuristic players: each legal move gets a readable score (the value of what it
//! kills, saves or deploys), weighted by a persona's parameters, and the best is played (ties
//! broken at random). `greedy` is the default parameters.

pub use super::params::{Params, PARAM_NAMES};
use super::Agent;
use crate::core::card::{Card, Kind, Suit};
use crate::core::rng::GameRng;
use crate::core::Seat;
use crate::houses::action::Action;
use crate::houses::rules::{ClubsExcess, SelfBlock, SpadesTrait, MAX_PLAYERS};
use crate::houses::state::{Attack, JokerVariant, Pending, Target, Unit};
use crate::houses::view::View;

#[derive(Clone)]
pub struct Greedy {
    rng: GameRng,
    params: Params,
    /// The best moves of the current decision (kept to reuse its allocation).
    ties: Vec<usize>,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy::with(seed, Params::default())
    }

    pub fn with(seed: u64, params: Params) -> Greedy {
        Greedy {
            rng: GameRng::new(seed),
            params,
            // Room for the usual ties: not grown step by step in every game.
            ties: Vec::with_capacity(32),
        }
    }
}

fn card_value(c: Card) -> f64 {
    match c.kind() {
        Kind::Soldier => c.rank() as f64,
        Kind::King | Kind::Joker => 12.0,
        Kind::Queen => 8.0,
        Kind::Jack => 6.0,
        Kind::Ace => 4.0,
    }
}

fn unit_value(u: &Unit) -> f64 {
    if u.guard {
        return 2.0;
    }
    u.cards.iter().map(|c| card_value(c.face)).sum()
}

fn dealt(v: &View, u: &Unit) -> u32 {
    let a = v.unit_attack(u);
    if u.double_damage {
        2 * a
    } else {
        a
    }
}

/// What `amount` of Clubs excess sent on past blocker `past` costs its player, the one to
/// move: the attacker's best use of it, on that player or on another of its Front-Rank units
/// (reading R11), valued as a block's saves are.
fn excess_cost(v: &View, amount: u32, past: Card) -> f64 {
    if amount == 0 {
        return 0.0;
    }
    let life = v.life(v.seat());
    let player = if amount as i32 >= life {
        100.0
    } else {
        0.5 * amount as f64 * if life < 15 { 3.0 } else { 1.0 }
    };
    v.front(v.seat())
        .iter()
        .filter(|u| u.id() != past && !u.protected && amount >= v.lethal(u))
        .map(unit_value)
        .fold(player, f64::max)
}

/// A block by `b` of attack `a`, by `x`, aimed at `b` itself (reading R5). Unblocked, `b`
/// takes the attacker's damage all the same, so the block is scored by what it changes
/// rather than as saving `b` and losing it: whether `b` still falls (blocking "in defence of
/// an ally", R46, an enhanced Hearts soldier returns to hand instead, R14, unless poisoned,
/// and an enhanced Diamonds one that defeats its attacker strikes first, R10), whether it
/// defeats the attacker (an exhausted Hearts soldier deals no damage, R13; an Ace of Hearts
/// guard poisons it), the Clubs excess the block hands the attacker (R11, beyond what an
/// unblocked attack would pass on under `clubs_excess=any_target`), and a dual-wielding
/// attack's other target, which the block spares (R15). A block that changes nothing scores a
/// little below no block: it would only tie the blocker up.
fn self_block(v: &View, a: &Attack, b: &Unit, x: &Unit, k: &Params) -> f64 {
    let me = v.seat();
    let rules = v.rules();
    let xa = dealt(v, x);
    let ally =
        rules.self_block == SelfBlock::DefendsAlly || a.second.is_some_and(|t| t != a.target);
    let enhanced = |suit| ally && b.house() == Some(suit) && v.enhanced(me, b);
    let ba = if v.blocker_deals_damage(me, b) {
        dealt(v, b)
    } else {
        0
    };
    let kills = !x.protected && (b.guard || ba >= v.lethal(x));
    // Unblocked, a two-target attack may share its damage (`dual_wield=split`).
    let per = match a.second {
        Some(_) => v.per_target_damage(x, xa, true),
        None => [xa, xa],
    };
    let falls_unblocked = !b.protected && per[0] >= v.lethal(b);
    let forward = if kills && enhanced(Suit::Diamonds) {
        0
    } else {
        xa
    };
    let returns = enhanced(Suit::Hearts) && !b.poisoned;
    let falls = !b.protected && forward >= v.lethal(b) && !returns;
    let kept = match (falls_unblocked, falls) {
        (true, false) => k.block * unit_value(b),
        (false, true) => -unit_value(b),
        _ => 0.0,
    };
    let spared = match a.second {
        Some(Target::Unit(t)) if rules.spades_trait == SpadesTrait::DualWield => v
            .unit(t)
            .filter(|u| u.id() != b.id() && !u.protected && per[1] >= v.lethal(u))
            .map_or(0.0, |u| k.block * unit_value(u)),
        _ => 0.0,
    };
    let clubs = x.is_soldier()
        && x.house() == Some(Suit::Clubs)
        && v.owner_of(x.id()).is_some_and(|o| v.trait_active(o, x));
    let over = |d: u32| {
        if clubs && !b.protected {
            d.saturating_sub(v.unit_defence(b))
        } else {
            0
        }
    };
    let excess = excess_cost(v, over(forward), b.id())
        - if rules.clubs_excess != ClubsExcess::BlockedOnly {
            excess_cost(v, over(per[0]), b.id())
        } else {
            0.0
        };
    let kill = if kills { unit_value(x) } else { 0.0 };
    kept + spared + kill - excess - 0.1
}

/// The score of a move for the player to move (higher is better).
pub fn score(v: &View, a: &Action, k: &Params) -> f64 {
    Decision::new(v).score(a, k)
}

/// An attacker's part of an attack's score, the same for all its targets.
#[derive(Clone, Copy)]
struct Attacker {
    id: Card,
    kind: Kind,
    damage: f64,
    risk: f64,
}

/// What the moves of one decision share, worked out once per decision rather than once per
/// move: the search agent's play-outs score millions of moves, most of them attacks.
struct Decision<'v> {
    v: &'v View<'v>,
    /// The opponents' ready attack, all of them together; worked out when a move first needs
    /// it (most decisions' moves never do).
    opp_ready_attack: std::cell::Cell<Option<u32>>,
    /// Can the seat block (any ready Front-Rank unit)? Worked out when an attack on a player
    /// is first scored.
    can_block: std::cell::Cell<Option<[bool; MAX_PLAYERS]>>,
    /// The attackers scored so far (inline: a decision must not allocate).
    attackers: arrayvec::ArrayVec<Attacker, 16>,
}

impl<'v> Decision<'v> {
    fn new(v: &'v View<'v>) -> Decision<'v> {
        Decision {
            v,
            opp_ready_attack: std::cell::Cell::new(None),
            can_block: std::cell::Cell::new(None),
            attackers: arrayvec::ArrayVec::new(),
        }
    }

    fn opp_ready_attack(&self) -> u32 {
        if let Some(a) = self.opp_ready_attack.get() {
            return a;
        }
        let v = self.v;
        let a = v
            .opponents()
            .flat_map(|o| v.front(o))
            .map(|u| v.unit_attack(u))
            .sum();
        self.opp_ready_attack.set(Some(a));
        a
    }

    fn can_block(&self, s: Seat) -> bool {
        let all = self.can_block.get().unwrap_or_else(|| {
            let v = self.v;
            let mut all = [false; MAX_PLAYERS];
            for (seat, b) in all.iter_mut().enumerate().take(v.seats()) {
                *b = v.front(seat).iter().any(|u| !u.exhausted);
            }
            self.can_block.set(Some(all));
            all
        });
        all[s]
    }

    fn attacker(&mut self, id: Card, k: &Params) -> Option<Attacker> {
        if let Some(a) = self.attackers.iter().find(|a| a.id == id) {
            return Some(*a);
        }
        let v = self.v;
        let att = v.unit(id)?;
        // A (classic) King of Clubs' challenge deals 13.
        let damage = if att.is_king() {
            13.0
        } else {
            dealt(v, att) as f64
        };
        let risk = if att.kind() != Kind::Ace
            && v.opponents()
                .flat_map(|o| v.front(o))
                .filter(|b| !b.exhausted)
                .any(|b| v.unit_attack(b) >= v.lethal(att))
        {
            k.risk * unit_value(att)
        } else {
            0.0
        };
        let a = Attacker {
            id,
            kind: att.kind(),
            damage,
            risk,
        };
        // A full list only stops remembering (more units than the ranks hold mid-move).
        let _ = self.attackers.try_push(a);
        Some(a)
    }

    /// The score of move `a`. The commonest moves are scored here, inline; the others each
    /// in a function of its own (one big function made every move pay for the registers and
    /// stack frame of the largest case: a sixth of the scoring's time).
    #[inline(always)]
    fn score(&mut self, a: &Action, k: &Params) -> f64 {
        match *a {
            Action::Start => 1.0,
            Action::Defer => 0.0,
            Action::Return(_) => -3.0,
            Action::Bond { .. } => 0.5,
            Action::Split { .. } => -2.0,
            Action::End | Action::Pass | Action::Done => 0.0,
            Action::Deploy {
                card,
                face,
                onto,
                lead,
                variant,
            } => self.score_deploy(card, face, onto, lead, variant, k),
            Action::Attack {
                attacker,
                target,
                second,
            } => self.score_attack(attacker, target, second, k),
            _ => self.score_rest(a, k),
        }
    }

    #[inline(never)]
    fn score_deploy(
        &self,
        card: Card,
        face: Card,
        onto: Option<Card>,
        lead: bool,
        variant: Option<JokerVariant>,
        k: &Params,
    ) -> f64 {
        let v = self.v;
        let me = v.seat();
        let joker_cost = if card != face { 1.0 } else { 0.0 };
        let base = match face.kind() {
            Kind::Soldier => match onto {
                None => k.deploy + 0.5 * face.rank() as f64,
                Some(id) => {
                    let leader = v.unit(id).map(|u| u.leader_face().rank()).unwrap_or(0);
                    1.0 + 0.5 * face.rank() as f64
                        + if lead == (face.rank() > leader) {
                            0.2
                        } else {
                            0.0
                        }
                }
            },
            Kind::King => {
                let same = v
                    .front(me)
                    .iter()
                    .filter(|u| u.house() == face.suit())
                    .count();
                k.king + 2.0 * same as f64
            }
            Kind::Ace => {
                let best = v
                    .opponents()
                    .flat_map(|o| v.front(o).iter().chain(v.rear(o)))
                    .map(unit_value)
                    .fold(0.0, f64::max);
                if best > 0.0 {
                    2.0 + 0.3 * best
                } else {
                    -1.0
                }
            }
            Kind::Joker => match variant {
                Some(JokerVariant::Necromancer) => 4.0,
                Some(JokerVariant::InsaneWizard) => {
                    3.0 + 2.0
                        * v.opponents()
                            .flat_map(|o| v.front(o))
                            .filter(|u| u.cards.len() > 1)
                            .count() as f64
                }
                _ => 2.0,
            },
            _ => 0.0,
        };
        base - joker_cost
    }

    #[inline(never)]
    fn score_attack(
        &mut self,
        attacker: Card,
        target: Target,
        second: Option<Target>,
        k: &Params,
    ) -> f64 {
        let v = self.v;
        let me = v.seat();
        let Some(Attacker {
            kind: att_kind,
            damage: dmg,
            risk,
            ..
        }) = self.attacker(attacker, k)
        else {
            return 0.0;
        };
        // Two targets may share the damage (dual_wield=split); the blocked case is
        // scored as unblocked, as before.
        let per = match (second, v.unit(attacker)) {
            (Some(_), Some(u)) if att_kind == Kind::Soldier => {
                v.per_target_damage(u, dmg as u32, true).map(|d| d as f64)
            }
            _ => [dmg, dmg],
        };
        let hit = |t: Target, dmg: f64| match t {
            Target::Player(_) => {
                let foe = v.target_seat(t);
                let life = foe.map_or(i32::MAX, |o| v.life(o));
                let can_block = foe.is_some_and(|o| self.can_block(o));
                if dmg as i32 >= life {
                    100.0
                } else if att_kind == Kind::Ace {
                    // An Ace spent on a point of life is an assassin lost.
                    k.aggression * dmg - card_value(attacker)
                } else if !can_block {
                    k.aggression * dmg
                } else {
                    0.6 * k.aggression * dmg
                }
            }
            Target::Unit(id) => match v.unit(id) {
                Some(u) if att_kind == Kind::Ace => unit_value(u),
                Some(u) if dmg >= v.lethal(u) as f64 => unit_value(u) + 1.0,
                Some(_) => 0.2,
                None => 0.0,
            },
        };
        let mut s = hit(target, per[0]) + second.map(|t| hit(t, per[1])).unwrap_or(0.0) - risk;
        // Hold back when the opponent's board threatens our life.
        if (v.life(me) as f64) <= self.opp_ready_attack() as f64 * k.hold_back
            && att_kind != Kind::Ace
        {
            s -= 2.0;
        }
        s
    }

    /// Every move `score` does not score itself.
    #[inline(never)]
    fn score_rest(&mut self, a: &Action, k: &Params) -> f64 {
        let v = self.v;
        let me = v.seat();
        let my_turn = v.active() == me;
        let uval = |id: Card| v.unit(id).map(unit_value).unwrap_or(0.0);
        let is_mine = |id: Card| v.owner_of(id) == Some(me);
        match *a {
            Action::Start
            | Action::Defer
            | Action::Return(_)
            | Action::Bond { .. }
            | Action::Split { .. }
            | Action::End
            | Action::Pass
            | Action::Done
            | Action::Deploy { .. }
            | Action::Attack { .. } => unreachable!("scored by Decision::score"),
            Action::Scout { face, .. } => match face.suit() {
                Some(Suit::Spades) => 3.5,
                Some(Suit::Clubs) => 3.0,
                Some(Suit::Hearts) => 2.5,
                _ => 1.5,
            },
            Action::Play { card, face, t1, t2 } => {
                let joker_cost = if card != face { 1.0 } else { 0.0 };
                let s = match (face.kind(), face.suit().unwrap()) {
                    (Kind::Ace, _) => t1.map(uval).unwrap_or(0.0) - k.ace_threshold,
                    (Kind::Jack, Suit::Diamonds) => {
                        if my_turn {
                            -5.0
                        } else {
                            1.0 + 0.3 * self.opp_ready_attack() as f64
                        }
                    }
                    (Kind::Jack, Suit::Clubs) => match t1.and_then(|id| v.unit(id)) {
                        Some(u) if my_turn && !u.exhausted => 0.5 * v.unit_attack(u) as f64 - 1.0,
                        Some(u) if !my_turn && !u.exhausted => 0.5,
                        _ => -2.0,
                    },
                    (Kind::Jack, Suit::Hearts) => {
                        if my_turn {
                            -2.0
                        } else {
                            0.2
                        }
                    }
                    (Kind::Jack, Suit::Spades) => t1.map(uval).unwrap_or(0.0) - 2.0,
                    (Kind::Queen, Suit::Diamonds) => 5.0,
                    (Kind::Queen, Suit::Clubs) => {
                        let mut s = -4.0;
                        for id in [t1, t2].into_iter().flatten() {
                            s += if is_mine(id) { -uval(id) } else { uval(id) };
                        }
                        s
                    }
                    (Kind::Queen, Suit::Hearts) => t1.map(card_value).unwrap_or(0.0) - 2.0,
                    (Kind::Queen, Suit::Spades) => 3.0,
                    _ => 0.0,
                };
                if matches!(face.kind(), Kind::Jack | Kind::Queen) && s > 0.0 {
                    k.tricks * s - joker_cost
                } else {
                    s - joker_cost
                }
            }
            Action::Summon(c) => 1.0 + 0.6 * c.rank() as f64,
            Action::Block { blocker, attacker } => {
                let (Some(b), Some(x)) = (v.unit(blocker), v.unit(attacker)) else {
                    return 0.0;
                };
                let attack = v.attacks().iter().find(|t| t.attacker == attacker);
                if let Some(a) = attack.filter(|a| a.target == Target::Unit(blocker)) {
                    return self_block(v, a, b, x, k);
                }
                let xa = dealt(v, x);
                let ba = if v.blocker_deals_damage(me, b) {
                    dealt(v, b)
                } else {
                    0
                };
                let target = attack.map(|t| t.target);
                let saves = match target {
                    Some(Target::Player(_)) => {
                        if xa as i32 >= v.life(me) {
                            100.0
                        } else {
                            0.5 * xa as f64 * if v.life(me) < 15 { 3.0 } else { 1.0 }
                        }
                    }
                    Some(Target::Unit(t)) => match v.unit(t) {
                        Some(u) if xa >= v.lethal(u) => unit_value(u),
                        _ => 0.3,
                    },
                    None => 0.0,
                };
                let kill = if ba >= v.lethal(x) {
                    unit_value(x)
                } else {
                    0.0
                };
                let lose = if xa >= v.lethal(b) && !b.protected {
                    unit_value(b)
                } else {
                    0.0
                };
                k.block * saves + kill - lose
            }
            Action::Excess(t) | Action::Charge(t) => {
                let amount = match v.pending() {
                    Pending::Excess { amount, .. } | Pending::Charge { amount, .. } => *amount,
                    _ => 0,
                };
                match t {
                    Target::Player(_) => {
                        let life = v.target_seat(t).map_or(i32::MAX, |o| v.life(o));
                        if amount as i32 >= life {
                            100.0
                        } else {
                            amount as f64
                        }
                    }
                    Target::Unit(id) => match v.unit(id) {
                        Some(u) if amount >= v.lethal(u) => unit_value(u) + 1.0,
                        _ => 0.1,
                    },
                }
            }
            Action::Keep { card, .. } => card_value(card),
            Action::Reblock { attacker, blocker } => {
                let (Some(x), Some(b)) = (v.unit(attacker), v.unit(blocker)) else {
                    return 0.0;
                };
                let kill = if dealt(v, x) >= v.lethal(b) {
                    unit_value(b)
                } else {
                    0.0
                };
                let lose = if dealt(v, b) >= v.lethal(x) {
                    unit_value(x)
                } else {
                    0.0
                };
                kill - lose
            }
            Action::Aid { aider, blocker } => {
                let (Some(a), Some(b)) = (v.unit(aider), v.unit(blocker)) else {
                    return 0.0;
                };
                let attacker = v
                    .attacks()
                    .iter()
                    .find(|t| t.blocker == Some(blocker))
                    .and_then(|t| v.unit(t.attacker));
                match attacker {
                    Some(x) => {
                        let before = dealt(v, b) >= v.lethal(x);
                        let after = dealt(v, b) + v.aid_of(a) >= v.lethal(x);
                        if after && !before {
                            unit_value(x)
                        } else {
                            0.1
                        }
                    }
                    None => 0.0,
                }
            }
            // Option 2 King of Hearts: blockers `a` and `b` swap attackers. Worth what the two
            // fights gain (kills made minus units lost), less a little so that an even trade
            // is not made for nothing.
            Action::Trade { a, b } => {
                let blocked_by = |blocker: Card| {
                    v.attacks()
                        .iter()
                        .find(|t| t.blocker == Some(blocker))
                        .and_then(|t| v.unit(t.attacker))
                };
                let (Some(ua), Some(ub), Some(xa), Some(xb)) =
                    (v.unit(a), v.unit(b), blocked_by(a), blocked_by(b))
                else {
                    return -0.5;
                };
                let fight = |blocker: &Unit, attacker: &Unit| {
                    let deals = v.blocker_deals_damage(me, blocker);
                    let kill = if deals && dealt(v, blocker) >= v.lethal(attacker) {
                        unit_value(attacker)
                    } else {
                        0.0
                    };
                    let lose = if dealt(v, attacker) >= v.lethal(blocker) && !blocker.protected {
                        unit_value(blocker)
                    } else {
                        0.0
                    };
                    kill - lose
                };
                fight(ua, xb) + fight(ub, xa) - fight(ua, xa) - fight(ub, xb) - 0.5
            }
            Action::Stun(id) => v.unit(id).map(|u| v.unit_attack(u) as f64).unwrap_or(0.0),
            // Keep the best cards: discard the least valuable.
            Action::Discard(card) => -card_value(card),
            Action::Stay(set) => v
                .front(me)
                .iter()
                .filter(|u| set.contains(u.id()))
                .map(unit_value)
                .sum(),
        }
    }
}

impl Agent for Greedy {
    fn choose(&mut self, view: &View, legal: &[Action]) -> usize {
        if legal.len() == 1 {
            // Nothing to score; the tie-break's draw is kept so the games stay the same.
            self.rng.below(1);
            return 0;
        }
        let mut best = f64::NEG_INFINITY;
        let ties = &mut self.ties;
        ties.clear();
        let mut decision = Decision::new(view);
        for (i, a) in legal.iter().enumerate() {
            let s = decision.score(a, &self.params);
            if s > best + 1e-9 {
                best = s;
                ties.clear();
                ties.push(i);
            } else if (s - best).abs() <= 1e-9 {
                ties.push(i);
            }
        }
        ties[self.rng.below(ties.len())]
    }

    /// A Return scores -3 and a Split -2, below End's 0, which DEPLOY always offers: never
    /// among the best, so leaving them out changes neither the best moves nor the draw.
    fn skips_dominated(&self) -> bool {
        true
    }
}

/// The best-scoring move under `params`, ties broken at random without a buffer (the search's
/// play-out policy: it runs millions of times and must not allocate).
pub fn pick(view: &View, legal: &[Action], params: &Params, rng: &mut GameRng) -> usize {
    let mut best = f64::NEG_INFINITY;
    let mut ties = 0;
    let mut choice = 0;
    let mut decision = Decision::new(view);
    for (i, a) in legal.iter().enumerate() {
        let s = decision.score(a, params);
        if s > best + 1e-9 {
            best = s;
            ties = 1;
            choice = i;
        } else if (s - best).abs() <= 1e-9 {
            ties += 1;
            if rng.below(ties) == 0 {
                choice = i;
            }
        }
    }
    choice
}
