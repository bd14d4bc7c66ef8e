//! Moves the rules show to do nothing: legal, but with no effect this turn whatever anyone
//! plays next. The search does not consider them (`Searchable::futile`), so it spends no
//! simulations on them and never plays one for nothing (issue #36: the search wasted a third
//! of its Jacks of Clubs, most on a unit that could not strike again that turn).

use super::*;

impl State {
    /// `a` is legal here and the rules show it cannot change the game beyond spending its card:
    /// the Jack of Clubs' double damage ("this turn") on a unit that cannot strike again in
    /// this turn, or on one already doubled.
    pub fn futile(&self, a: &Action) -> bool {
        match *a {
            Action::Play {
                face,
                t1: Some(unit),
                ..
            } if face == Card::new(Suit::Clubs, 11)
                && self.rules.jack_of_clubs == JackOfClubs::DoubleDamage =>
            {
                let Some((owner, rear, i)) = self.find_unit(unit) else {
                    return false;
                };
                let u = self.unit_at(owner, rear, i);
                u.double_damage || !self.may_strike_this_turn(owner, u, !rear)
            }
            _ => false,
        }
    }

    /// `u`, of seat `owner`, may still deal damage in this turn: as the active player's
    /// attacker (what `attack_moves` offers: a ready Front-Rank unit not dazed, a ready Ace in
    /// the Rear Ranks, a classic King of Clubs' challenge), or as a blocker of the active
    /// player's attacks (what `can_block` allows for some attack: a ready guard, a ready
    /// soldier, a Hearts soldier defending an ally while exhausted, an attacker that a King
    /// lets block). Nothing readies a unit before its owner's next turn begins.
    fn may_strike_this_turn(&self, owner: Seat, u: &Unit, front: bool) -> bool {
        // In the instant window (`instants=any_time`, V29) the declared attackers and blockers
        // have yet to deal their damage.
        if self
            .attacks
            .iter()
            .any(|a| a.attacker == u.id() || a.blocker == Some(u.id()))
        {
            return true;
        }
        if owner == self.active {
            return !u.exhausted
                && if front {
                    !u.dazed
                } else {
                    (u.kind() == Kind::Ace && !u.guard)
                        || (u.is_king() && self.king_power(owner, Suit::Clubs, &[Kings::Classic]))
                };
        }
        if u.guard {
            return !u.exhausted;
        }
        u.is_soldier()
            && (!u.exhausted
                || self.has_trait(owner, u, Suit::Hearts)
                || (u.attacked && self.king_lets_attackers_block(owner)))
    }
}
