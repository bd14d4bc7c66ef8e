//! COMBAT declarations: who may attack what, who may block what, King aid and chosen blockers.

use super::*;

impl State {
    pub(super) fn attack_moves(&self, s: Seat, out: &mut Moves) {
        if self.seats() == 2 {
            self.attack_moves_on(s, 1 - s, out);
            out.push(Action::Done);
            return;
        }
        // Any opponent still in, in turn order (reading M3); under `attack_spread=one`, once
        // a first attack is declared, only its target.
        let first = match (self.rules.attack_spread, self.attacks.first()) {
            (AttackSpread::One, Some(a)) => self.attack_foe(a),
            _ => None,
        };
        let foes: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = self
            .opponents(s)
            .filter(|&o| first.is_none_or(|f| f == o))
            .collect();
        for o in foes {
            self.attack_moves_on(s, o, out);
        }
        out.push(Action::Done);
    }

    /// The attacks seat `s` may declare on opponent `o` and its units.
    fn attack_moves_on(&self, s: Seat, o: Seat, out: &mut Moves) {
        let at_player = self.player_target(s, o);
        let declared = |id: Card| self.attacks.iter().any(|a| a.attacker == id);
        let targeted = |id: Card| {
            self.attacks
                .iter()
                .any(|a| a.target == Target::Unit(id) || a.second == Some(Target::Unit(id)))
        };
        // A target is free unless already attacked (without multiple_attackers) or shielded by
        // the classic King of Spades (`untouchable`, the one place that rule lives).
        let free = |t: &Unit| {
            (self.rules.multiple_attackers || !targeted(t.id())) && !self.untouchable(o, t)
        };
        // Under `single_attacker=every_target` the player is a target like a unit (V27).
        let player_free = self.rules.multiple_attackers
            || self.rules.single_attacker == SingleAttacker::Units
            || !self.attacks.iter().any(|a| a.target == at_player);
        let opp = &self.players[o];
        // Option 1 King of Clubs: "the Player's Front Rank units the option to target the
        // opposing Front Ranks units".
        let option1_clubs = self.king_power(s, Suit::Clubs, &[Kings::Option1]);
        for u in &self.players[s].front {
            if u.exhausted || u.dazed || declared(u.id()) || self.unit_attack(u) == 0 {
                continue;
            }
            let id = u.id();
            let attack = |target: Card, second: Option<Card>| Action::Attack {
                attacker: id,
                target: Target::Unit(target),
                second: second.map(Target::Unit),
            };
            if player_free {
                out.push(Action::Attack {
                    attacker: id,
                    target: at_player,
                    second: None,
                });
            }
            let spades = self.has_trait(s, u, Suit::Spades);
            let (reach_front, reach_rear) = match self.rules.soldier_targets {
                SoldierTargets::Front => (true, spades && self.enhanced(s, u)),
                // Summer '20: soldiers strike the Rear Ranks; card text that names the Front
                // Ranks still reaches them (the Spades trait, the Option 1 King of Clubs).
                SoldierTargets::Rear => (spades || option1_clubs, true),
            };
            let mut targets = Cards::new();
            if reach_front {
                targets.extend(opp.front.iter().filter(|t| free(t)).map(|t| t.id()));
            }
            if reach_rear {
                targets.extend(opp.rear.iter().filter(|t| free(t)).map(|t| t.id()));
            }
            for (i, &t) in targets.iter().enumerate() {
                out.push(attack(t, None));
                if !spades {
                    continue;
                }
                match self.rules.spades_trait {
                    SpadesTrait::DualWield => {
                        for &t2 in &targets[i + 1..] {
                            out.push(attack(t, Some(t2)));
                        }
                    }
                    // The second target is stunned, not struck: the order matters.
                    SpadesTrait::Stun => {
                        for &t2 in targets.iter().filter(|&&t2| t2 != t) {
                            out.push(attack(t, Some(t2)));
                        }
                    }
                    SpadesTrait::AdjacentStrike => {
                        if let Some(fi) = opp.front.iter().position(|x| x.id() == t) {
                            for fj in [fi.wrapping_sub(1), fi + 1] {
                                if let Some(n) = opp.front.get(fj) {
                                    out.push(attack(t, Some(n.id())));
                                }
                            }
                        }
                    }
                    SpadesTrait::ChooseBlocker => {}
                }
            }
        }
        // Classic King of Clubs: challenge an enemy soldier each turn.
        for u in &self.players[s].rear {
            if u.is_king()
                && !u.exhausted
                && !declared(u.id())
                && self.king_power(s, Suit::Clubs, &[Kings::Classic])
            {
                for t in opp.front.iter().filter(|t| free(t)) {
                    out.push(Action::Attack {
                        attacker: u.id(),
                        target: Target::Unit(t.id()),
                        second: None,
                    });
                }
            }
        }
        for u in &self.players[s].rear {
            if u.kind() != Kind::Ace || u.guard || u.exhausted || declared(u.id()) {
                continue;
            }
            let id = u.id();
            let spades = u.leader_face().suit() == Some(Suit::Spades);
            // Rear-Rank attackers "Can target any unit ... or the opponent directly".
            if player_free {
                out.push(Action::Attack {
                    attacker: id,
                    target: at_player,
                    second: None,
                });
            }
            for (fi, t) in opp.front.iter().enumerate() {
                if !free(t) {
                    continue;
                }
                out.push(Action::Attack {
                    attacker: id,
                    target: Target::Unit(t.id()),
                    second: None,
                });
                if spades {
                    for (fj, t2) in opp.front.iter().enumerate() {
                        let ok = match self.rules.ace_of_spades {
                            AceOfSpadesSecond::AnyFront => fj > fi,
                            AceOfSpadesSecond::Adjacent => fj == fi + 1,
                        };
                        if ok && free(t2) {
                            out.push(Action::Attack {
                                attacker: id,
                                target: Target::Unit(t.id()),
                                second: Some(Target::Unit(t2.id())),
                            });
                        }
                    }
                }
            }
            for t in &opp.rear {
                if free(t) {
                    out.push(Action::Attack {
                        attacker: id,
                        target: Target::Unit(t.id()),
                        second: None,
                    });
                }
            }
        }
    }

    /// The player an attack is directed at (the owner of its target unit).
    pub(super) fn attack_foe(&self, a: &Attack) -> Option<Seat> {
        if self.seats() == 2 {
            // The hot path: two players, one opponent.
            return Some(1 - self.active);
        }
        self.target_seat(self.active, a.target)
    }

    /// May unit `b` of the defending seat `d` block attack `a`?
    pub(super) fn can_block(&self, d: Seat, b: &Unit, a: &Attack) -> bool {
        if b.guard {
            // The Ace of Hearts guard defends from the Rear Ranks, when ready: only Hearts
            // soldiers defend while exhausted.
            return !b.exhausted;
        }
        if !b.is_soldier() {
            return false;
        }
        // The Magic Shield covers an attack on an allied unit (R13), or under
        // `hearts_shield=any_attack` one on the player too (V26).
        let shielded = matches!(a.target, Target::Unit(_))
            || self.rules.hearts_shield == HeartsShield::AnyAttack;
        !b.exhausted
            || (shielded && self.has_trait(d, b, Suit::Hearts) && self.defends_ally(b, a))
            || (b.attacked && self.king_lets_attackers_block(d))
    }

    /// An attack the defender may not block: an Ace's strike, the classic King of Clubs'
    /// challenge, a classic King of Spades' soldier, an Option 1 King of Clubs' soldier
    /// attacking a Front-Rank unit (that unit must fight it).
    pub(super) fn unblockable(&self, s: Seat, att: &Unit, a: &Attack) -> bool {
        att.kind() == Kind::Ace
            || att.is_king()
            || self.untouchable(s, att)
            || self.forced_to_fight(s, a)
    }

    pub(super) fn blocking(&self, id: Card) -> bool {
        self.attacks.iter().any(|a| a.blocker == Some(id))
    }

    pub(super) fn block_moves(&self, d: Seat, out: &mut Moves) {
        let p = &self.players[d];
        let many = self.seats() > 2;
        for a in &self.attacks {
            // Each player defends the attacks directed at it or its units (reading M4).
            if a.blocker.is_some() || (many && self.attack_foe(a) != Some(d)) {
                continue;
            }
            let Some(att) = self.unit(a.attacker) else {
                continue;
            };
            if self.unblockable(self.active, att, a) {
                continue;
            }
            for b in p.units() {
                if !self.blocking(b.id()) && self.can_block(d, b, a) {
                    out.push(Action::Block {
                        blocker: b.id(),
                        attacker: a.attacker,
                    });
                }
            }
        }
        if self.rules.king_aid_half {
            self.aid_moves(d, out);
        }
        out.push(Action::Done);
    }

    /// King aid (Spring '22): a natural Spades or Hearts soldier whose King is in play, itself
    /// blocking ("when they are both defending"), adds half its attack to another blocking ally.
    pub(super) fn aid_moves(&self, d: Seat, out: &mut Moves) {
        for aider in &self.players[d].front {
            let suit = aider.leader_face().suit();
            let natural = matches!(suit, Some(Suit::Spades) | Some(Suit::Hearts));
            if !natural
                || self.king_suit(d) != suit
                || !self.blocking(aider.id())
                || self.aids.iter().any(|(x, _)| *x == aider.id())
            {
                continue;
            }
            for a in &self.attacks {
                if let Some(b) = a.blocker {
                    if b != aider.id() && self.players[d].units().any(|u| u.id() == b) {
                        out.push(Action::Aid {
                            aider: aider.id(),
                            blocker: b,
                        });
                    }
                }
            }
        }
    }

    /// King aid: what the aiders of blocker `b` add to its damage.
    pub(super) fn aid_for(&self, b: Card) -> u32 {
        self.aids
            .iter()
            .filter(|(_, x)| *x == b)
            .filter_map(|(aider, _)| self.unit(*aider))
            .map(|u| self.aid_of(u))
            .sum()
    }

    /// What one aider adds: its attack's `king_aid_percent` share (half by default), rounded
    /// down.
    pub fn aid_of(&self, aider: &Unit) -> u32 {
        self.unit_attack(aider) * self.rules.king_aid_percent.max(0) as u32 / 100
    }

    pub(super) fn choose_blocker_moves(&self, attacker: Card, out: &mut Moves) {
        let Some(a) = self.attacks.iter().find(|a| a.attacker == attacker) else {
            return;
        };
        let d = self
            .attack_foe(a)
            .unwrap_or_else(|| self.next_player(self.active));
        for b in self.players[d].units() {
            let current = a.blocker == Some(b.id());
            if current || (!self.blocking(b.id()) && self.can_block(d, b, a)) {
                out.push(Action::Reblock {
                    attacker,
                    blocker: b.id(),
                });
            }
        }
    }
}
