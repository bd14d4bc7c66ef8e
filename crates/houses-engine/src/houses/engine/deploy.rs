//! DEPLOY: deploying soldiers, Kings, Aces and Jokers (moves and effects side by side), and the Insane Wizard on entry.

use super::*;
use crate::houses::game::Decision;

impl State {
    pub(super) fn deploy_moves(&self, s: Seat, out: &mut Moves) {
        let p = &self.players[s];
        let bond = self.bond_targets(s);
        // `bond_from_hand=redeploy`: under `redeploys=one` a bond formed from hand is the
        // turn's redeployment, so none is offered once that is made (reading R49).
        let hand_bonds = !(self.one_redeployment_counts_hand_bonds() && self.redeployed);
        // Every card is unique, so each card in hand yields its moves once.
        for &c in &p.hand {
            // `forbid`: the card may not be deployed or played (a card's causal value).
            if p.no_redeploy.contains(c) || self.rules.forbid.0.contains(c) {
                continue;
            }
            if c == BLACK_JOKER || c == RED_JOKER {
                self.joker_moves(s, c, out);
            } else {
                self.card_moves(s, c, c, hand_bonds.then_some(&bond), out);
            }
        }
        // Necromancer: summon a face-up soldier from the Barrows, once per turn each.
        if p.rear
            .iter()
            .any(|u| u.variant == Some(JokerVariant::Necromancer) && !u.used)
            && self.front_has_room(s)
        {
            for &c in &self.barrows_up {
                if c.is_soldier() && !self.rules.forbid.0.contains(c) {
                    out.push(Action::Summon(c));
                }
            }
        }
        // `redeploys=one`: "Players may only choose to make a redeployment action, once on their
        // turn": once a merge, a split or a return is made, none of the three is offered again
        // (reading R48). Deploying from hand is not redeploying (unless it forms a bond under
        // `bond_from_hand=redeploy`, R49).
        if self.rules.redeploys == Redeploys::One && self.redeployed {
            out.push(Action::End);
            return;
        }
        // A Return and a Split are never the heuristic player's move: under `prune` only their
        // kinds are noted (`legal_actions_pruned_into`).
        let returnable = |u: &&Unit| !u.summoned && !u.cards.iter().any(|c| c.burn);
        if !p.returned_this_turn {
            if !out.prune {
                out.extend(p.units().filter(returnable).map(|u| Action::Return(u.id())));
            } else if p.units().any(|u| returnable(&u)) {
                out.left_out(Decision::Return);
            }
        }
        for (ai, a) in p.front.iter().enumerate() {
            if !bond.any(ai) {
                continue; // nothing may join `a`
            }
            for b in &p.front {
                if a.id() != b.id() && self.can_merge(&bond, ai, a, b) {
                    out.push(Action::Bond {
                        leader: a.id(),
                        other: b.id(),
                    });
                }
            }
        }
        let splits = |u: &&Unit| u.cards.len() >= 2 && !u.moved;
        let prune = out.prune;
        if prune && p.front.iter().any(|u| splits(&u)) {
            out.left_out(Decision::Split);
        }
        for u in p.front.iter().filter(splits).filter(|_| !prune) {
            if self.front_has_room(s) {
                out.push(Action::Split {
                    unit: u.id(),
                    drop: None,
                });
            } else {
                for c in &u.cards {
                    out.push(Action::Split {
                        unit: u.id(),
                        drop: Some(c.card),
                    });
                }
            }
        }
        out.push(Action::End);
    }

    /// Under `redeploys=one` and `bond_from_hand=redeploy`, is a bond formed from hand the
    /// turn's one redeployment (reading R49)?
    fn one_redeployment_counts_hand_bonds(&self) -> bool {
        self.rules.redeploys == Redeploys::One
            && self.rules.bond_from_hand == BondFromHand::Redeploy
    }

    pub(super) fn joker_moves(&self, s: Seat, c: Card, out: &mut Moves) {
        let (variants, doppelganger): (&[JokerVariant], bool) = if c == BLACK_JOKER {
            match self.rules.black_joker {
                BlackJoker::Chosen => (&[JokerVariant::Necromancer], true),
                BlackJoker::Necromancer => (&[JokerVariant::Necromancer], false),
                BlackJoker::Doppelganger => (&[], true),
            }
        } else {
            match self.rules.red_joker {
                RedJoker::Chosen => (
                    &[JokerVariant::InsaneWizard, JokerVariant::BindingSpirit],
                    false,
                ),
                RedJoker::Wizard => (&[JokerVariant::InsaneWizard], false),
                RedJoker::Spirit => (&[JokerVariant::BindingSpirit], false),
            }
        };
        if self.rear_has_room(s) {
            for &v in variants {
                out.push(Action::Deploy {
                    card: c,
                    face: c,
                    onto: None,
                    lead: true,
                    variant: Some(v),
                });
            }
        }
        if doppelganger {
            let mut faces = CardSet::default();
            match self.rules.doppelganger {
                Doppelganger::BattlefieldUnit => {
                    for p in &self.players {
                        for u in p.units() {
                            for uc in &u.cards {
                                if !uc.face.is_joker() {
                                    faces.insert(uc.face);
                                }
                            }
                        }
                    }
                }
                Doppelganger::AnyCard => faces = CardSet((1u64 << 52) - 1),
            }
            for f in Card::deck(false) {
                if faces.contains(f) {
                    self.card_moves(s, c, f, None, out);
                }
            }
        }
    }

    /// Moves for deploying physical card `c` as `face` (the same card, or a Doppelganger copy);
    /// with `bond`, also onto the Front-Rank units it may join.
    pub(super) fn card_moves(
        &self,
        s: Seat,
        c: Card,
        face: Card,
        bond: Option<&BondTargets>,
        out: &mut Moves,
    ) {
        let variant = if c != face {
            Some(JokerVariant::Doppelganger)
        } else {
            None
        };
        let p = &self.players[s];
        // Deploying the card as a unit of its own (Front or Rear by its kind).
        let new_unit = Action::Deploy {
            card: c,
            face,
            onto: None,
            lead: true,
            variant,
        };
        match face.kind() {
            Kind::Soldier => {
                if self.front_has_room(s) {
                    out.push(new_unit);
                }
                if let Some(bond) = bond {
                    for (i, u) in p.front.iter().enumerate() {
                        if bond.allows(i, face) {
                            for lead in [true, false] {
                                out.push(Action::Deploy {
                                    card: c,
                                    face,
                                    onto: Some(u.id()),
                                    lead,
                                    variant,
                                });
                            }
                        }
                    }
                }
                if face.rank() == 2 && self.rules.scouts {
                    // Into the hand of any opponent still in (reading M3).
                    for o in self.opponents(s) {
                        if !self.players[o].hand.is_empty() {
                            let foe = ((o + self.seats() - s) % self.seats()) as u8;
                            out.push(Action::Scout { card: c, face, foe });
                        }
                    }
                }
            }
            Kind::King => {
                if self.rear_has_room(s) && p.king().is_none() {
                    out.push(new_unit);
                }
            }
            Kind::Ace if face.suit() != Some(Suit::Diamonds) => {
                if self.rear_has_room(s) {
                    out.push(new_unit);
                }
            }
            Kind::Ace | Kind::Jack | Kind::Queen => self.play_moves(s, c, face, out),
            Kind::Joker => {}
        }
    }

    pub(super) fn note_deployed(&mut self, s: Seat, card: Card, face: Card) {
        let p = &mut self.players[s];
        take(&mut p.hand, card);
        p.known = CardSet(p.known.0 & !(1u64 << card.0));
        let round = self.round;
        self.note(|m| m.deployed(s, card, face, round));
    }

    pub(super) fn do_deploy(
        &mut self,
        s: Seat,
        card: Card,
        face: Card,
        onto: Option<Card>,
        lead: bool,
        variant: Option<JokerVariant>,
    ) {
        self.note_deployed(s, card, face);
        self.entered.insert(card);
        if s == self.active {
            self.last_played = Some(card);
        }
        if face.is_soldier() {
            let exhausted = self.enters_exhausted(s, face);
            match onto {
                None => {
                    let mut u = Unit::new(card, face, exhausted);
                    u.variant = variant;
                    self.players[s].front.push(u);
                    self.index_last(s, false);
                }
                Some(id) => {
                    let u = self.unit_mut(id).unwrap();
                    let uc = UnitCard {
                        card,
                        face,
                        burn: false,
                    };
                    if lead {
                        u.cards.insert(0, uc);
                        u.leader_damage = 0;
                    } else {
                        u.cards.push(uc);
                    }
                    u.exhausted |= exhausted;
                    self.reindex();
                    if self.one_redeployment_counts_hand_bonds() {
                        self.redeployed = true;
                    }
                }
            }
            return;
        }
        let mut u = Unit::new(card, face, self.rear_enters_exhausted(s));
        u.variant = variant;
        self.players[s].rear.push(u);
        self.index_last(s, true);
        self.king_of_diamonds_arrives(s, face);
        if variant == Some(JokerVariant::InsaneWizard) {
            // "all units in the opposing Front Ranks": every opponent's (reading M7).
            let foes: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = self.opponents(s).collect();
            for o in foes {
                self.cast_madness(o);
            }
            self.next_wizard_keep();
        }
    }

    /// Insane Wizard on entry: the opponent's Blood Bonds come apart; if more units than the
    /// Front Ranks hold result, the opponent chooses which stay.
    pub(super) fn cast_madness(&mut self, o: Seat) {
        let front = std::mem::take(&mut self.players[o].front);
        let mut singles = FrontRank::new();
        for u in front {
            for uc in &u.cards {
                let mut nu = u;
                nu.cards = UnitCards::from_iter([*uc]);
                nu.leader_damage = 0;
                singles.push(nu);
            }
        }
        self.players[o].front = singles;
        self.reindex();
    }

    /// After an Insane Wizard: the first opponent (in turn order) left with more Front-Rank
    /// units than the ranks hold chooses which stay; `Stay` comes back here for the next.
    pub(super) fn next_wizard_keep(&mut self) {
        let limit = self.rules.front_ranks.units;
        let over = self
            .opponents(self.active)
            .find(|&o| self.players[o].front.len() > limit);
        if let Some(o) = over {
            if self.resume.is_none() {
                self.resume = Some(self.pending.clone());
            }
            self.pending = Pending::WizardKeep { seat: o };
        } else if let Some(p) = self.resume.take() {
            self.pending = p;
        }
    }
}
