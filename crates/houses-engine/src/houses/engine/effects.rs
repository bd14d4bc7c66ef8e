//! Card abilities played from hand: scouts, Jacks, Queens and the Ace of Diamonds (legal targets and effects side by side).

use super::*;

impl State {
    /// Moves for Jacks, Queens and the Ace of Diamonds (DEPLOY or RESPONSE).
    pub(super) fn play_moves(&self, s: Seat, c: Card, face: Card, out: &mut Moves) {
        // Cards that name "the opponent" reach any opponent still in, in turn order (M3).
        let foes: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = self.opponents(s).collect();
        let mut push = |t1: Option<Card>, t2: Option<Card>| {
            out.push(Action::Play {
                card: c,
                face,
                t1,
                t2,
            })
        };
        let suit = face.suit().unwrap();
        match (face.kind(), suit) {
            (Kind::Jack, Suit::Diamonds) | (Kind::Queen, Suit::Diamonds) => push(None, None),
            (Kind::Jack, Suit::Clubs) if self.rules.jack_of_clubs == JackOfClubs::DiscardRandom => {
                // It needs a card in the opponent's hand to make flee (two players only).
                if self.players[foes[0]].hand.is_empty() {
                    return;
                }
                push(None, None);
            }
            // The Summer '20 Jack of Hearts shields every ally (V28): no unit to choose, but
            // one to shield (with none, the arm below offers nothing).
            (Kind::Jack, Suit::Hearts)
                if self.rules.jack_of_hearts == JackOfHearts::AllAllies
                    && self.players[s].units().next().is_some() =>
            {
                push(None, None)
            }
            (Kind::Jack, Suit::Clubs) | (Kind::Jack, Suit::Hearts) => {
                for u in self.players[s].units() {
                    push(Some(u.id()), None);
                }
            }
            (Kind::Jack, Suit::Spades) => {
                let has_king = self.players[s].king().is_some();
                for &o in &foes {
                    for u in &self.players[o].front {
                        if self.front_has_room(s) {
                            push(Some(u.id()), None);
                        }
                    }
                    for u in &self.players[o].rear {
                        if self.rear_has_room(s) && !(u.is_king() && has_king) {
                            push(Some(u.id()), None);
                        }
                    }
                }
            }
            (Kind::Queen, Suit::Clubs) => {
                let ids: Cards = self
                    .players
                    .iter()
                    .flat_map(|p| p.units().map(|u| u.id()))
                    .collect();
                if ids.len() == 1 {
                    push(Some(ids[0]), None);
                }
                for i in 0..ids.len() {
                    for j in i + 1..ids.len() {
                        push(Some(ids[i]), Some(ids[j]));
                    }
                }
            }
            (Kind::Queen, Suit::Hearts) => {
                for &b in &self.barrows_up {
                    let ok = match b.kind() {
                        Kind::Soldier => self.front_has_room(s),
                        Kind::King => self.rear_has_room(s) && self.players[s].king().is_none(),
                        Kind::Ace => b.suit() != Some(Suit::Diamonds) && self.rear_has_room(s),
                        _ => false,
                    };
                    if ok {
                        push(Some(b), None);
                    }
                }
            }
            (Kind::Queen, Suit::Spades) if !self.pile(s).is_empty() => push(None, None),
            (Kind::Ace, Suit::Diamonds) => {
                for &o in &foes {
                    for u in self.players[o].units().filter(|u| !self.untouchable(o, u)) {
                        push(Some(u.id()), None);
                    }
                }
            }
            _ => {}
        }
    }

    /// Pick `n` random cards of seat `o`'s hand (they shuffle; the scout picks blind).
    pub(super) fn random_from_hand(&mut self, o: Seat, n: usize) -> Vec<Card> {
        let mut picked = Vec::new();
        let mut pool = self.players[o].hand.clone();
        for _ in 0..n.min(pool.len()) {
            let i = self.rng.below(pool.len());
            picked.push(pool.swap_remove(i));
        }
        picked
    }

    /// A scout deployed by seat `s` into opponent `o`'s hand.
    pub(super) fn do_scout(&mut self, s: Seat, o: Seat, card: Card, face: Card) {
        self.note_deployed(s, card, face);
        let suit = face.suit().unwrap();
        let n = if suit == Suit::Diamonds { 2 } else { 1 };
        let revealed = self.random_from_hand(o, n);
        self.log(|| {
            format!(
                "reveal: {}",
                revealed
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        });
        match suit {
            Suit::Diamonds | Suit::Hearts => {
                for &c in &revealed {
                    self.players[o].known.insert(c);
                }
            }
            Suit::Clubs => {
                for &c in &revealed {
                    take(&mut self.players[o].hand, c);
                    self.barrows_up.push(c);
                }
            }
            Suit::Spades => {
                for &c in &revealed {
                    take(&mut self.players[o].hand, c);
                    self.players[o].known = CardSet(self.players[o].known.0 & !(1u64 << c.0));
                    self.players[s].hand.push(c);
                    self.players[s].known.insert(c);
                }
            }
        }
        if suit == Suit::Hearts && self.front_has_room(s) {
            let ex = self.enters_exhausted(s, face);
            let mut u = Unit::new(card, face, ex);
            self.entered.insert(card);
            if card != face {
                u.variant = Some(JokerVariant::Doppelganger);
            }
            self.players[s].front.push(u);
            self.index_last(s, false);
            if s == self.active {
                self.last_played = Some(card);
            }
        } else {
            self.barrows_up.push(card);
        }
    }

    pub(super) fn do_play(
        &mut self,
        s: Seat,
        card: Card,
        face: Card,
        t1: Option<Card>,
        t2: Option<Card>,
    ) {
        self.note_deployed(s, card, face);
        let suit = face.suit().unwrap();
        let mut ends_turn = false;
        match (face.kind(), suit) {
            (Kind::Jack, Suit::Diamonds) => {
                if let Some(last) = self.last_played.take() {
                    if let Some((_, _, _)) = self.find_unit(last) {
                        self.log(|| format!("{last} goes to the Barrows"));
                        self.remove_card(last);
                    }
                }
                ends_turn = true;
            }
            (Kind::Jack, Suit::Clubs) if t1.is_none() => {
                // The older Jack of Clubs: a random card of the opponent's hand flees (two
                // players only: `Rules::check`).
                let o = self.next_player(s);
                if let Some(&c) = self.random_from_hand(o, 1).first() {
                    take(&mut self.players[o].hand, c);
                    self.barrows_up.push(c);
                    self.log(|| format!("jack of clubs: {} discards {c}", seat_name(o)));
                }
            }
            (Kind::Jack, Suit::Clubs) => self.unit_mut(t1.unwrap()).unwrap().double_damage = true,
            // "absorb all damage dealt to allies this turn": the allies in play as it is
            // played (V28).
            (Kind::Jack, Suit::Hearts) if t1.is_none() => {
                let p = &mut self.players[s];
                for u in p.front.iter_mut().chain(p.rear.iter_mut()) {
                    u.protected = true;
                }
            }
            (Kind::Jack, Suit::Hearts) => self.unit_mut(t1.unwrap()).unwrap().protected = true,
            (Kind::Jack, Suit::Spades) => {
                let id = t1.unwrap();
                self.leaves_combat(id, true);
                let (os, rear, i) = self.find_unit(id).unwrap();
                let mut u = if rear {
                    self.players[os].rear.remove(i)
                } else {
                    self.players[os].front.remove(i)
                };
                u.exhausted = true;
                if rear {
                    self.players[s].rear.push(u);
                } else {
                    self.players[s].front.push(u);
                }
                self.reindex();
            }
            (Kind::Queen, Suit::Diamonds) => self.players[s].extra_turn_from = Some(self.turn),
            (Kind::Queen, Suit::Clubs) => {
                for id in [t1, t2].into_iter().flatten() {
                    self.remove_unit(id, Leave::Barrows);
                }
            }
            (Kind::Queen, Suit::Hearts) => {
                let c = t1.unwrap();
                take(&mut self.barrows_up, c);
                let mut u = Unit::new(c, c, false);
                u.cards[0].burn = self.rules.soul_burn;
                self.entered.insert(c);
                if c.is_soldier() {
                    u.exhausted = self.enters_exhausted(s, c);
                    self.players[s].front.push(u);
                } else {
                    u.exhausted = self.rear_enters_exhausted(s);
                    if c.kind() == Kind::King {
                        let round = self.round;
                        self.note(|m| m.king_arrived(s, c, round));
                    }
                    self.players[s].rear.push(u);
                }
                self.reindex();
                self.king_of_diamonds_arrives(s, c);
                if s == self.active {
                    self.last_played = Some(c);
                }
            }
            (Kind::Queen, Suit::Spades) => {
                let pile = self.pile_mut(s);
                let n = pile.len().min(4);
                let cards: arrayvec::ArrayVec<Card, 4> =
                    (0..n).map(|_| pile.pop().unwrap()).collect();
                self.resume = Some(match self.pending {
                    Pending::Response(r) => Pending::Response(r),
                    _ => Pending::Deploy(s),
                });
                self.barrows_up.push(card);
                self.pending = Pending::QueenOfSpades { seat: s, cards };
                return;
            }
            (Kind::Ace, Suit::Diamonds) => {
                self.leaves_combat(t1.unwrap(), false);
                self.remove_unit(t1.unwrap(), Leave::Barrows)
            }
            _ => unreachable!("not a playable card: {face}"),
        }
        self.barrows_up.push(card);
        if ends_turn {
            self.finish_turn();
        }
    }
}
