//! Applying a move: the checked entry point, the notation's unordered pairs, and the dispatch of each move.

use super::*;

impl State {
    /// Apply a move after checking that it is legal.
    pub fn apply(&mut self, a: Action) -> Result<(), String> {
        if self.is_over() {
            return Err(format!("the game is over; '{a}' cannot be played"));
        }
        let legal = self.legal_actions();
        // Two chosen units that form an unordered pair may be written in either order.
        let a = if legal.contains(&a) {
            a
        } else {
            self.swapped_pair(a)
                .filter(|b| legal.contains(b))
                .unwrap_or(a)
        };
        if !legal.contains(&a) {
            let who = self.pending.decider().map(seat_name).unwrap_or_default();
            let mut shown: Vec<String> = legal.iter().take(40).map(|m| m.to_string()).collect();
            if legal.len() > 40 {
                shown.push(format!("... {} more", legal.len() - 40));
            }
            return Err(format!(
                "illegal move '{a}' for {who} at {}; legal moves: {}",
                self.pending.name(),
                shown.join(", ")
            ));
        }
        self.apply_unchecked(a);
        Ok(())
    }

    /// The same choice with its two units swapped, where their order means nothing: the Queen
    /// of Clubs' two units, an Ace of Spades' two targets, a dual-wielding Spades attack's two
    /// targets (under `stun` and `adjacent_strike` the second target is a different role).
    pub(super) fn swapped_pair(&self, a: Action) -> Option<Action> {
        match a {
            Action::Play {
                card,
                face,
                t1: Some(x),
                t2: Some(y),
            } if face.kind() == Kind::Queen && face.suit() == Some(Suit::Clubs) => {
                Some(Action::Play {
                    card,
                    face,
                    t1: Some(y),
                    t2: Some(x),
                })
            }
            Action::Attack {
                attacker,
                target: Target::Unit(x),
                second: Some(Target::Unit(y)),
            } => {
                let u = self.unit(attacker)?;
                let unordered = u.kind() == Kind::Ace
                    || (u.is_soldier() && self.rules.spades_trait == SpadesTrait::DualWield);
                unordered.then_some(Action::Attack {
                    attacker,
                    target: Target::Unit(y),
                    second: Some(Target::Unit(x)),
                })
            }
            _ => None,
        }
    }

    /// The next attacked player after seat `after` in turn order, up to the active player:
    /// the defenders declare blockers one after another (reading M4).
    fn next_defender(&self, after: Seat) -> Option<Seat> {
        if self.attacks.is_empty() {
            return None;
        }
        if self.seats() == 2 {
            return (after == self.active).then(|| self.next_player(after));
        }
        let n = self.seats();
        let rel = |y: Seat| (y + n - self.active) % n;
        self.opponents(self.active)
            .filter(|&o| rel(o) > rel(after))
            .find(|&o| self.attacks.iter().any(|a| self.attack_foe(a) == Some(o)))
    }

    /// Apply a move known to be legal (taken from `legal_actions`).
    pub fn apply_unchecked(&mut self, a: Action) {
        let who = self.pending.decider().unwrap_or(self.active);
        self.log(|| format!("{}: {a}", seat_name(who)));
        self.actions_taken += 1;
        self.step(who, a);
    }

    pub(super) fn step(&mut self, s: Seat, a: Action) {
        match a {
            Action::Start | Action::Defer => {
                // Deferring hands the first turn to the next player (reading M2).
                let first = if a == Action::Start {
                    s
                } else {
                    self.next_player(s)
                };
                self.start_game(first);
            }
            Action::Deploy {
                card,
                face,
                onto,
                lead,
                variant,
            } => self.do_deploy(s, card, face, onto, lead, variant),
            Action::Scout { card, face, foe } => {
                let o = self.seat_after(s, foe as usize);
                self.do_scout(s, o, card, face)
            }
            Action::Play { card, face, t1, t2 } => {
                self.do_play(s, card, face, t1, t2);
                // In the instant window a card played gives every player the word again.
                if let Pending::Instant { passes, .. } = &mut self.pending {
                    *passes = 0;
                }
            }
            Action::Summon(c) => {
                take(&mut self.barrows_up, c);
                let mut u = Unit::new(c, c, false);
                u.summoned = true;
                u.cards[0].burn = self.rules.soul_burn;
                self.players[s].front.push(u);
                self.index_last(s, false);
                if let Some(n) = self.players[s]
                    .rear
                    .iter_mut()
                    .find(|u| u.variant == Some(JokerVariant::Necromancer) && !u.used)
                {
                    n.used = true;
                }
                if s == self.active {
                    self.last_played = Some(c);
                }
            }
            Action::Return(id) => {
                self.players[s].returned_this_turn = true;
                self.redeployed = true;
                self.remove_unit(id, Leave::Hand);
            }
            Action::Bond { leader, other: o } => {
                self.redeployed = true;
                let (_, _, oi) = self.find_unit(o).unwrap();
                let taken = self.players[s].front.remove(oi);
                self.reindex();
                let u = self.unit_mut(leader).unwrap();
                // "Any ability or action that impacts a unit, would impact both cards within a
                // Blood Bonded unit": the bond keeps what either unit was under (reading R47).
                u.exhausted |= taken.exhausted;
                u.take_on_effects(&taken);
                u.clubs_mark |= taken.clubs_mark;
                u.cards.extend(taken.cards);
                u.moved = true;
                self.reindex();
            }
            Action::Split { unit, drop } => {
                self.redeployed = true;
                let (_, _, i) = self.find_unit(unit).unwrap();
                let p = &mut self.players[s];
                match drop {
                    Some(d) => {
                        let u = &mut p.front[i];
                        let k = u.cards.iter().position(|c| c.card == d).unwrap();
                        let uc = u.cards.remove(k);
                        if k == 0 {
                            u.leader_damage = 0;
                        }
                        u.moved = true;
                        self.reindex();
                        self.bury(uc);
                    }
                    None => {
                        let u = &mut p.front[i];
                        let uc = u.cards.pop().unwrap();
                        u.moved = true;
                        // Both halves keep what the bond was under (reading R47): a Jack's
                        // double damage or protection, a stun, the poison.
                        let mut nu = Unit::new(uc.card, uc.face, u.exhausted);
                        nu.cards[0].burn = uc.burn;
                        nu.take_on_effects(u);
                        nu.moved = true;
                        p.front.insert(i + 1, nu);
                        self.reindex();
                    }
                }
            }
            // Each opponent in turn order may respond (reading M5).
            Action::End => self.pending = Pending::Response(self.next_player(s)),
            Action::Pass if matches!(self.pending, Pending::Instant { .. }) => {
                let Pending::Instant { passes, .. } = self.pending else {
                    unreachable!()
                };
                // The window closes once every player still in has passed in a row.
                let players = 1 + self.opponents(s).count();
                if usize::from(passes) + 1 >= players {
                    self.next_before_resolution();
                } else {
                    self.pending = Pending::Instant {
                        seat: self.next_player(s),
                        passes: passes + 1,
                    };
                }
            }
            Action::Pass => {
                let next = self.next_player(s);
                let last = next == self.active || self.rules.responders == Responders::Next;
                self.pending = if last {
                    Pending::Attack(self.active)
                } else {
                    Pending::Response(next)
                };
            }
            Action::Done => match self.pending {
                Pending::Attack(_) => match self.next_defender(s) {
                    None => self.finish_turn(),
                    Some(d) => self.pending = Pending::Block(d),
                },
                Pending::Block(d) => match self.next_defender(d) {
                    Some(d) => self.pending = Pending::Block(d),
                    None => self.before_resolution(),
                },
                Pending::Trade { .. } => self.next_before_resolution(),
                _ => self.before_resolution(),
            },
            Action::Attack {
                attacker,
                target,
                second,
            } => {
                self.attacks.push(Attack {
                    attacker,
                    target,
                    second,
                    blocker: None,
                });
                let u = self.unit_mut(attacker).unwrap();
                u.exhausted = true;
                u.attacked = true;
            }
            Action::Block { blocker, attacker } => {
                if let Some(at) = self.attacks.iter_mut().find(|x| x.attacker == attacker) {
                    at.blocker = Some(blocker);
                }
            }
            Action::Excess(t) | Action::Charge(t) => {
                let amount = match self.pending {
                    Pending::Excess { amount, .. } | Pending::Charge { amount, .. } => amount,
                    _ => 0,
                };
                match t {
                    Target::Player(k) => self.hit_player(self.seat_after(s, k as usize), amount),
                    Target::Unit(id) => {
                        self.damage_unit(id, amount, false);
                    }
                }
                self.next_trigger();
            }
            Action::Keep { card, order } => {
                self.players[s].hand.push(card);
                self.note(|m| m.drew(s, card));
                self.king_drawn(card);
                for c in order.iter().rev().flatten() {
                    self.pile_mut(s).push(*c);
                }
                self.check_deck_out(s);
                self.pending = self.resume.take().unwrap_or(Pending::Deploy(self.active));
            }
            Action::Reblock { attacker, blocker } => {
                if let Some(at) = self.attacks.iter_mut().find(|x| x.attacker == attacker) {
                    at.blocker = Some(blocker);
                }
                self.next_before_resolution();
            }
            Action::Aid { aider, blocker } => self.aids.push((aider, blocker)),
            Action::Trade { a, b } => {
                for at in self.attacks.iter_mut() {
                    if at.blocker == Some(a) {
                        at.blocker = Some(b);
                    } else if at.blocker == Some(b) {
                        at.blocker = Some(a);
                    }
                }
                // Each natural Hearts blocker may shift once; the next may shift in turn.
                self.traded.insert(a);
                let mut more = false;
                self.for_each_trade(s, |_, _| more = true);
                if !more {
                    self.next_before_resolution();
                }
            }
            Action::Stun(id) => {
                if let Some(u) = self.unit_mut(id) {
                    u.stunned = true;
                }
                self.next_trigger();
            }
            Action::Discard(c) => {
                take(&mut self.players[s].hand, c);
                self.players[s].known = CardSet(self.players[s].known.0 & !(1u64 << c.0));
                self.barrows_up.push(c);
                if !self.over_hand_limit() {
                    self.pass_turn();
                }
            }
            Action::Stay(set) => {
                let leaving: Cards = self.players[s]
                    .front
                    .iter()
                    .map(|u| u.id())
                    .filter(|&c| !set.contains(c))
                    .collect();
                for id in leaving {
                    self.remove_unit(id, Leave::Barrows);
                }
                if self.resume.is_none() {
                    self.resume = Some(Pending::Deploy(self.active));
                }
                self.next_wizard_keep();
            }
        }
    }
}
