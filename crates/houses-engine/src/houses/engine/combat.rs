//! RESOLUTION: the steps before damage (chosen blockers, trades), simultaneous damage with every House Trait and King, and the post-combat triggers.

use super::*;
use arrayvec::ArrayVec;

/// The damage of one combat, before it is applied: (unit, amount, saved by enhanced Hearts).
type Hits = ArrayVec<(Card, u32, bool), { 3 * MAX_ATTACKS }>;

impl State {
    /// Between the blocks and the damage: attackers that pick their blocker do so, in order.
    pub(super) fn before_resolution(&mut self) {
        let s = self.active;
        self.traded = CardSet::default();
        // Option 1 King of Clubs: a soldier attacking a Front-Rank unit is fought by that unit.
        for i in 0..self.attacks.len() {
            let a = self.attacks[i];
            if !self.forced_to_fight(s, &a)
                || self.rules.option1_king_of_clubs == Option1KingOfClubs::Unblocked
            {
                continue;
            }
            // The target is its blocker where it could block the attack (ready, or an
            // exhausted Hearts soldier's Magic Shield); otherwise the attack is unblocked.
            let (Some(t), Some(o)) = (a.target_unit(), self.attack_foe(&a)) else {
                continue;
            };
            if self.unit(t).is_some_and(|u| self.can_block(o, u, &a)) {
                self.attacks[i].blocker = Some(t);
            }
        }
        let mut queue = Vec::new();
        for a in &self.attacks {
            let (Some(_), Some(u)) = (a.blocker, self.unit(a.attacker)) else {
                continue;
            };
            if !self.picks_blocker(s, u) {
                continue;
            }
            let Some(d) = self.attack_foe(a) else {
                continue;
            };
            let alternatives = self.players[d]
                .units()
                .filter(|b| !self.blocking(b.id()) && self.can_block(d, b, a))
                .count();
            if alternatives > 0 {
                queue.push(Pending::ChooseBlocker {
                    seat: s,
                    attacker: a.attacker,
                });
            }
        }
        // Option 2 King of Hearts: natural Hearts blockers may trade with other blockers of the
        // same player.
        let defenders: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = if self.seats() == 2 {
            std::iter::once(1 - s).collect()
        } else {
            self.opponents(s).collect()
        };
        for d in defenders {
            let mut any = false;
            self.for_each_trade(d, |_, _| any = true);
            if any {
                queue.push(Pending::Trade { seat: d });
            }
        }
        // Summer '20 instants: the window after blocks (and their trades), before damage (V29).
        if self.rules.instants == Instants::AnyTime {
            queue.push(Pending::Instant { seat: s, passes: 0 });
        }
        // Refilled in place: assigning a fresh list would copy its whole capacity.
        self.triggers.clear();
        self.triggers.extend(queue);
        self.next_before_resolution();
    }

    /// Unit `id` leaves combat before damage, in the instant window (V29): defeated by the Ace
    /// of Diamonds, or `taken` by the Jack of Spades to the other side. Its own attack is
    /// withdrawn, and so is the attack it blocked (that attacker stays blocked: it deals no
    /// damage); a taken unit is no longer a target of the side it joined, nor an aider.
    pub(super) fn leaves_combat(&mut self, id: Card, taken: bool) {
        let me = Target::Unit(id);
        self.attacks
            .retain(|a| a.attacker != id && a.blocker != Some(id) && !(taken && a.target == me));
        for a in self
            .attacks
            .iter_mut()
            .filter(|a| taken && a.second == Some(me))
        {
            a.second = None;
        }
        self.aids.retain(|(x, b)| *x != id && *b != id);
    }

    pub(super) fn next_before_resolution(&mut self) {
        if self.triggers.is_empty() {
            self.resolve_combat();
        } else {
            self.pending = self.triggers.remove(0);
        }
    }

    /// Option 1 King of Clubs: "the Player's Front Rank units the option to target the
    /// opposing Front Ranks units", so "the opposing player would lose the ability to choose
    /// who blocks": a soldier's attack on a Front-Rank unit is fought by that unit (reading V6).
    pub(super) fn forced_to_fight(&self, s: Seat, a: &Attack) -> bool {
        self.king_power(s, Suit::Clubs, &[Kings::Option1])
            && self.unit(a.attacker).is_some_and(|u| u.is_soldier())
            && a.target_unit()
                .and_then(|t| self.find_unit(t))
                .is_some_and(|(o, rear, _)| o != s && !rear)
    }

    /// Option 2 King of Hearts: "all allied soldier units that are originally from the House
    /// of Hearts ... shift to the blocker of their choice ... Units who perform this maneuver
    /// must trade blockers with another allied unit". Calls `f(a, b)` for each trade seat `d`
    /// may make now: a natural Hearts blocker `a` that has not shifted yet swaps attackers with
    /// another of `d`'s blockers `b`, each able to block the other's attacker (reading V11).
    pub(super) fn for_each_trade(&self, d: Seat, mut f: impl FnMut(Card, Card)) {
        if !self.shares(d, Suit::Hearts) {
            return;
        }
        let own = |x: Card| self.players[d].units().find(|u| u.id() == x);
        for aa in &self.attacks {
            let Some((a, ua)) = aa.blocker.and_then(|a| Some((a, own(a)?))) else {
                continue;
            };
            let hearts = ua.is_soldier() && ua.leader_face().suit() == Some(Suit::Hearts);
            if !hearts || self.traded.contains(a) {
                continue;
            }
            for ab in &self.attacks {
                let Some((b, ub)) = ab.blocker.and_then(|b| Some((b, own(b)?))) else {
                    continue;
                };
                if b != a && self.can_block(d, ua, ab) && self.can_block(d, ub, aa) {
                    f(a, b);
                }
            }
        }
    }

    /// RESOLUTION: all attackers and blockers deal damage at once (unless a trait says
    /// otherwise), defeated cards leave, then post-combat triggers are resolved.
    pub(super) fn resolve_combat(&mut self) {
        let s = self.active;
        // The player each attack is directed at, read before anything leaves play.
        let foes: ArrayVec<Seat, MAX_ATTACKS> = self
            .attacks
            .iter()
            .map(|a| {
                self.attack_foe(a)
                    .unwrap_or_else(|| self.next_player(self.active))
            })
            .collect();
        let attacks = std::mem::take(&mut self.attacks);
        let natural = |u: &Unit, suit: Suit| u.is_soldier() && u.leader_face().suit() == Some(suit);
        // Everything is computed from the board as it stands, then applied at once. The lists
        // live on the stack (every combat of every play-out builds them), read by reference
        // (moving one copies all of its capacity): an attack hits at most three units (a blocked
        // adjacent strike) and poisons at most two.
        let mut unit_hits = Hits::new(); // (unit, amount, hearts_saves)
        let mut player_hit = [0u32; MAX_PLAYERS];
        // (unit, by the Ace of Clubs)
        let mut poison: ArrayVec<(Card, bool), { 2 * MAX_ATTACKS }> = ArrayVec::new();
        // (Ace, stays as a guard)
        let mut spent_aces: ArrayVec<(Card, bool), MAX_ATTACKS> = ArrayVec::new();
        let mut excess: ArrayVec<Pending, { 2 * MAX_ATTACKS }> = ArrayVec::new();
        let mut charges: ArrayVec<(u32, Seat), MAX_ATTACKS> = ArrayVec::new();
        let mut stuns: ArrayVec<Card, MAX_ATTACKS> = ArrayVec::new();
        let mut stun_choices: ArrayVec<Pending, MAX_ATTACKS> = ArrayVec::new();
        // Option 1 King of Spades
        let mut stun_if_defeated: ArrayVec<(Card, CardSet), MAX_ATTACKS> = ArrayVec::new();
        // For the record: this combat's biggest attack, and its biggest one on a player.
        let (mut biggest_attack, mut biggest_hit) = (0, 0);
        // For the record: each player's enhanced House Traits that changed this combat, and
        // Spades soldiers' second targets struck or stunned (the Spades trait acting).
        let mut enhanced = [0u32; MAX_PLAYERS];
        let mut second_targets = [0u32; MAX_PLAYERS];
        for (a, &o) in attacks.iter().zip(&foes) {
            let Some(att) = self.unit(a.attacker) else {
                continue;
            };
            let dmg = self.dealt(att);
            biggest_attack = biggest_attack.max(dmg);
            let targets = [Some(a.target), a.second].into_iter().flatten();
            if att.kind() == Kind::Ace {
                let clubs = att.leader_face().suit() == Some(Suit::Clubs);
                for t in targets {
                    match t {
                        Target::Unit(t) if self.unit(t).is_some() => {
                            poison.push((t, clubs));
                            unit_hits.push((t, dmg, false));
                        }
                        Target::Unit(_) => {}
                        // A strike at the player deals the Ace's attack; nothing is poisoned.
                        Target::Player(_) => {
                            player_hit[o] += dmg;
                            biggest_hit = biggest_hit.max(dmg);
                        }
                    }
                }
                // The Ace of Hearts stays as a guard "after its target has been defeated":
                // a unit (poisoned, it leaves at the end of the turn), not the player.
                let stays =
                    att.leader_face().suit() == Some(Suit::Hearts) && a.target_unit().is_some();
                spent_aces.push((att.id(), stays));
                continue;
            }
            if att.is_king() {
                // Classic King of Clubs: 13 damage to the challenged soldier, which fights back.
                if let Some(t) = a.target_unit().and_then(|t| self.unit(t)) {
                    let mult = if att.double_damage { 2 } else { 1 };
                    unit_hits.push((t.id(), 13 * mult, false));
                    unit_hits.push((att.id(), self.dealt(t), false));
                }
                continue;
            }
            let clubs = self.has_trait(s, att, Suit::Clubs);
            let spades = self.has_trait(s, att, Suit::Spades);
            // The enhanced Spades soldier's reach: a Rear-Rank target (soldiers strike the
            // Front Ranks otherwise).
            if spades
                && self.rules.soldier_targets == SoldierTargets::Front
                && self.enhanced(s, att)
            {
                let rear = |t: Target| match t {
                    Target::Unit(t) => self.find_unit(t).is_some_and(|(_, rear, _)| rear),
                    Target::Player(_) => false,
                };
                enhanced[s] += u32::from(rear(a.target) || a.second.is_some_and(rear));
            }
            match a.blocker.and_then(|b| self.unit(b)) {
                Some(b) => {
                    let mut back = if self.blocker_deals_damage(o, b) {
                        self.dealt(b) + self.aid_for(b.id())
                    } else {
                        0
                    };
                    if b.guard {
                        poison.push((att.id(), false));
                    }
                    // Option 1 King of Clubs: the target that fights the attack is struck
                    // as a blocker; a dual-wielding attack's second target as unblocked.
                    let forced = self.forced_to_fight(s, a) && a.blocker == a.target_unit();
                    let per = self.per_target_damage(s, att, dmg, forced && a.second.is_some());
                    let mut forward = per[0];
                    if let (true, Some(Target::Unit(t2))) = (forced && spades, a.second) {
                        match self.rules.spades_trait {
                            SpadesTrait::DualWield => {
                                unit_hits.push((t2, per[1], false));
                                second_targets[s] += 1;
                            }
                            SpadesTrait::Stun => {
                                stuns.push(t2);
                                second_targets[s] += 1;
                            }
                            // The adjacent strike follows the fight below.
                            SpadesTrait::AdjacentStrike | SpadesTrait::ChooseBlocker => {}
                        }
                    }
                    // First strikes: the enhanced Diamonds blocker (Spring '25); with Option 2
                    // Kings of Diamonds, attackers and natural Diamonds blockers; under
                    // `diamonds_trait=first_strike`, Diamonds attackers (V22). Two cancel out.
                    let att_first =
                        self.shares(s, Suit::Diamonds) || self.first_strike_trait(s, att);
                    let enhanced_first = self.has_trait(o, b, Suit::Diamonds)
                        && self.enhanced(o, b)
                        && self.defends_ally(b, a);
                    let blk_first = enhanced_first
                        || (self.shares(o, Suit::Diamonds) && natural(b, Suit::Diamonds));
                    let attacker_falls = !att.protected && back >= self.lethal(att);
                    let blocker_falls = !b.protected && dmg >= self.lethal(b);
                    match (att_first, blk_first) {
                        (true, false) if blocker_falls => back = 0,
                        (false, true) if attacker_falls => {
                            enhanced[o] += u32::from(enhanced_first && forward > 0);
                            forward = 0;
                        }
                        _ => {}
                    }
                    let attacker_falls = !att.protected && back >= self.lethal(att);
                    let hearts_saves = self.has_trait(o, b, Suit::Hearts)
                        && self.enhanced(o, b)
                        && self.defends_ally(b, a);
                    unit_hits.push((b.id(), forward, hearts_saves));
                    unit_hits.push((att.id(), back, false));
                    let over_blocker = forward.saturating_sub(self.unit_defence(b));
                    if clubs && !b.protected && over_blocker > 0 {
                        excess.push(Pending::Excess {
                            seat: s,
                            amount: over_blocker,
                            blocker: b.id(),
                            foe: o,
                        });
                    }
                    // Option 2 King of Clubs: what is left after combat goes to the player.
                    if self.shares(s, Suit::Clubs) && !clubs && !b.protected {
                        player_hit[o] += over_blocker;
                    }
                    if self.shares(o, Suit::Clubs) && natural(b, Suit::Clubs) && !att.protected {
                        player_hit[s] += back.saturating_sub(self.unit_defence(att));
                    }
                    if clubs && self.enhanced(s, att) && attacker_falls {
                        charges.push((dmg, o));
                        enhanced[s] += 1;
                    }
                    // The original Spades trait: "the second strike is only an option if they
                    // defeat their blocker".
                    if spades
                        && self.rules.spades_trait == SpadesTrait::AdjacentStrike
                        && !b.protected
                        && forward >= self.lethal(b)
                    {
                        if let Some(Target::Unit(t2)) = a.second {
                            unit_hits.push((t2, self.adjacent_strike_damage(att, dmg), false));
                            second_targets[s] += 1;
                        }
                    }
                    // Option 1 King of Spades: a soldier that defeats its blocker stuns a unit
                    // that stood next to it (the "strike an adjacent opposing unit" it passes
                    // on, scaled back to a stun).
                    if self.king_power(s, Suit::Spades, &[Kings::Option1])
                        && !b.protected
                        && forward >= self.lethal(b)
                    {
                        stun_if_defeated.push((b.id(), self.neighbours(b.id())));
                    }
                    // Option 2 King of Spades: attackers (and natural Spades blockers) stun a
                    // unit next to the one they fight; two such weapons cancel out.
                    let att_stuns = self.shares(s, Suit::Spades);
                    let blk_stuns = self.shares(o, Suit::Spades) && natural(b, Suit::Spades);
                    if att_stuns && !blk_stuns {
                        let choices = self.neighbours(b.id());
                        stun_choices.push(Pending::Stun { seat: s, choices });
                    } else if blk_stuns && !att_stuns {
                        let choices = self.neighbours(att.id());
                        stun_choices.push(Pending::Stun { seat: o, choices });
                    }
                }
                None => {
                    // Unblocked, the adjacent strike follows only if the target falls.
                    let first_falls = a
                        .target_unit()
                        .and_then(|t| self.unit(t))
                        .is_some_and(|u| !u.protected && dmg >= self.lethal(u));
                    let per = self.per_target_damage(s, att, dmg, a.second.is_some());
                    for (i, t) in targets.enumerate() {
                        let dmg = per[i.min(1)];
                        if i == 1 && spades && self.rules.spades_trait == SpadesTrait::Stun {
                            if let Target::Unit(t) = t {
                                stuns.push(t);
                                second_targets[s] += 1;
                            }
                            continue;
                        }
                        if i == 1
                            && spades
                            && self.rules.spades_trait == SpadesTrait::AdjacentStrike
                            && !first_falls
                        {
                            continue;
                        }
                        match t {
                            Target::Player(_) => {
                                player_hit[o] += dmg;
                                biggest_hit = biggest_hit.max(dmg);
                                // `option2_king_of_spades=every_attack`: the attack fights no
                                // unit, so the stun may fall on any of the player's Front
                                // Ranks (reading V24).
                                if i == 0
                                    && self.shares(s, Suit::Spades)
                                    && self.rules.option2_king_of_spades
                                        == Option2KingOfSpades::EveryAttack
                                {
                                    let choices = self.front_units(o);
                                    stun_choices.push(Pending::Stun { seat: s, choices });
                                }
                            }
                            Target::Unit(t) => {
                                let Some(u) = self.unit(t) else { continue };
                                second_targets[s] += u32::from(i == 1 && spades);
                                let over = dmg.saturating_sub(self.unit_defence(u));
                                if clubs
                                    && self.rules.clubs_excess != ClubsExcess::BlockedOnly
                                    && !u.protected
                                    && over > 0
                                {
                                    excess.push(Pending::Excess {
                                        seat: s,
                                        amount: over,
                                        blocker: t,
                                        foe: o,
                                    });
                                }
                                if self.shares(s, Suit::Clubs) && !clubs && !u.protected {
                                    player_hit[o] += over;
                                }
                                if self.shares(s, Suit::Spades) && i == 0 {
                                    let choices = self.neighbours(t);
                                    stun_choices.push(Pending::Stun { seat: s, choices });
                                }
                                unit_hits.push((t, dmg, false));
                            }
                        }
                    }
                }
            }
        }
        for &(id, by_clubs) in &poison {
            if let Some(u) = self.unit_mut(id) {
                u.poisoned = true;
                u.clubs_mark |= by_clubs;
            }
        }
        // Simultaneous damage: merge the hits on each unit, then apply.
        let mut merged = Hits::new();
        for &(id, amt, saves) in &unit_hits {
            let key = self.unit(id).map(|u| u.id()).unwrap_or(id);
            match merged.iter_mut().find(|(k, _, _)| *k == key) {
                Some(m) => {
                    m.1 += amt;
                    m.2 |= saves;
                }
                None => merged.push((key, amt, saves)),
            }
        }
        self.note(|m| m.combat(biggest_attack, biggest_hit));
        for seat in 0..MAX_PLAYERS {
            let (times, seconds) = (enhanced[seat], second_targets[seat]);
            if times + seconds > 0 {
                self.note(|m| {
                    m.enhanced[seat] += times;
                    m.second_targets[seat] += seconds;
                });
            }
        }
        let (fallen_kings, absorbed) = self.absorb_with_classic_king_of_hearts(&mut merged);
        // Clubs excess passes on what the King of Hearts left of the hit (nothing where it
        // saved the unit).
        for &(unit, x) in &absorbed {
            for e in excess.iter_mut() {
                if let Pending::Excess {
                    blocker, amount, ..
                } = e
                {
                    if *blocker == unit {
                        *amount = amount.saturating_sub(x);
                    }
                }
            }
        }
        excess.retain(|e| !matches!(e, Pending::Excess { amount: 0, .. }));
        self.triggers.extend(excess.drain(..));
        let foes_in_order: ArrayVec<Seat, MAX_PLAYERS> = self.opponents(s).collect();
        for o in foes_in_order {
            self.hit_player(o, player_hit[o]);
        }
        self.hit_player(s, player_hit[s]);
        for &id in &stuns {
            if let Some(u) = self.unit_mut(id) {
                u.stunned = true;
            }
        }
        for &(id, amt, saves) in &merged {
            self.damage_unit(id, amt, saves);
        }
        for king in fallen_kings {
            let most = self.rules.classic_king_of_hearts_absorb;
            self.log(|| format!("{king} absorbed {most} or more and falls"));
            self.remove_unit(king, Leave::Barrows);
        }
        for &(id, stays) in &spent_aces {
            let Some(u) = self.unit_mut(id) else { continue };
            if stays {
                u.guard = true; // the Ace of Hearts stays on as a Rear-Rank defender
            } else {
                self.remove_unit(id, Leave::Barrows);
            }
        }
        for &(dmg, foe) in &charges {
            self.triggers.push(Pending::Charge {
                seat: s,
                amount: dmg,
                foe,
            });
        }
        for &(b, choices) in &stun_if_defeated {
            if self.unit(b).is_none() && choices != CardSet::default() {
                self.triggers.push(Pending::Stun { seat: s, choices });
            }
        }
        self.triggers.extend(stun_choices.drain(..));
        self.next_trigger();
    }

    /// Classic King of Hearts: "absorb up to 13 point of damage that would be dealt to an
    /// allied soldier unit of choice. If 13 (or more) points of damage is absorbed in this way,
    /// then the King will be defeated." The choice is made for its owner, with no decision
    /// (reading V4): the unit whose cards the absorption saves that are worth the most (ranks
    /// added up), nothing where no card can be saved. Under `classic_king_of_hearts=up_to_13`
    /// it absorbs all it can of that unit's damage, up to 13; under `what_saves`, the least
    /// that saves as much. `classic_king_of_hearts_absorb` is the 13 (a number for tuning).
    /// Returns the Kings that fall and what each absorbed from which unit.
    pub(super) fn absorb_with_classic_king_of_hearts(
        &self,
        hits: &mut [(Card, u32, bool)],
    ) -> (
        ArrayVec<Card, MAX_PLAYERS>,
        ArrayVec<(Card, u32), MAX_PLAYERS>,
    ) {
        let mut fallen = ArrayVec::new();
        let mut absorbed = ArrayVec::new();
        let cap = self.rules.classic_king_of_hearts_absorb.max(1) as u32;
        for seat in 0..self.seats() {
            if !self.king_power(seat, Suit::Hearts, &[Kings::Classic]) {
                continue;
            }
            // (how good: ranks saved first; damage absorbed; which hit)
            let mut best: Option<((u32, u32), u32, usize)> = None;
            for (i, &(id, amt, _)) in hits.iter().enumerate() {
                let Some(u) = self.unit(id) else { continue };
                let own_front = matches!(self.find_unit(id), Some((x, false, _)) if x == seat);
                if amt == 0 || !own_front || u.protected || !u.is_soldier() {
                    continue;
                }
                let lost = self.ranks_lost(u, amt);
                let most = amt.min(cap);
                let amounts = match self.rules.classic_king_of_hearts {
                    ClassicKingOfHearts::WhatSaves => 1..=most,
                    ClassicKingOfHearts::UpTo13 => most..=most,
                };
                for x in amounts {
                    // "allows ... to absorb": where no card can be saved, it does not.
                    let saved = lost - self.ranks_lost(u, amt - x);
                    if saved == 0 {
                        continue;
                    }
                    // The most ranks saved, then the least absorbed (a King that stands).
                    let key = (saved, u32::MAX - x);
                    if best.is_none_or(|(k, _, _)| key > k) {
                        best = Some((key, x, i));
                    }
                }
            }
            if let Some((_, x, i)) = best {
                hits[i].1 -= x;
                absorbed.push((hits[i].0, x));
                if x >= cap {
                    fallen.extend(self.players[seat].king().map(|k| k.id()));
                }
            }
        }
        (fallen, absorbed)
    }

    /// The ranks of the cards unit `u` would lose to `amount` damage, as `damage_unit` applies
    /// it (leader first, what is beyond a card's defence passing on).
    fn ranks_lost(&self, u: &Unit, amount: u32) -> u32 {
        let margin = self.defeat_margin();
        let (mut left, mut lost, mut taken) = (amount, 0, u.leader_damage);
        for c in &u.cards {
            let need = face_defence(c.face, self.king_defence()).saturating_sub(taken);
            if left == 0 || left < need + margin {
                break;
            }
            lost += c.face.rank() as u32;
            left -= need;
            taken = 0;
        }
        lost
    }

    pub(super) fn next_trigger(&mut self) {
        // A player at 0 life ends the game or goes out now; the game over, no trigger follows.
        if self.check_life() {
            self.triggers.clear();
            return;
        }
        while !self.triggers.is_empty() {
            let t = self.triggers.remove(0);
            // The decider, or the opponent it strikes, has gone out (reading M6).
            let gone = |x: Seat| self.players[x].out;
            let dead = match t {
                // Excess goes to the defending player or its units: none once it is out.
                Pending::Excess { seat, foe, .. } => gone(seat) || gone(foe),
                ref p => p.decider().is_some_and(gone),
            };
            if dead {
                continue;
            }
            // A stun whose every candidate has left play has nothing to do.
            if let Pending::Stun { choices, .. } = t {
                if !self
                    .players
                    .iter()
                    .any(|p| p.units().any(|u| choices.contains(u.id())))
                {
                    continue;
                }
            }
            self.pending = t;
            return;
        }
        self.finish_turn();
    }
}
