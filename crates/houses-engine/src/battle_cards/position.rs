use super::{BcPending, BcRules, BcState};
use crate::core::card::Card;

fn cards(list: &[&str]) -> Vec<Card> {
    list.iter().map(|s| Card::parse(s).unwrap()).collect()
}

/// One player's side of a position: hand, draw pile (top first), armor (bottom first), life.
pub type Side<'a> = (&'a [&'a str], &'a [&'a str], &'a [&'a str], i32);

/// Build a Battle Cards position: per player (hand, draw pile top first, armor bottom first,
/// life); P1 to play. Cards not named go to each player's discard pile, so every card of each
/// deck stays in exactly one place.
pub fn bc_position(rules: BcRules, p: [Side; 2], rolls: &[u8]) -> BcState {
    let mut st = BcState::new(rules, 0, true);
    for (s, (hand, draw, armor, life)) in p.into_iter().enumerate() {
        let pl = &mut st.players[s];
        pl.hand = cards(hand);
        let mut d = cards(draw);
        d.reverse();
        pl.draw = d;
        pl.armor = cards(armor);
        pl.life = life;
        let used: Vec<Card> = pl
            .hand
            .iter()
            .chain(&pl.draw)
            .chain(&pl.armor)
            .copied()
            .collect();
        pl.discard = Card::deck(st.rules.jokers)
            .into_iter()
            .filter(|c| !used.contains(c))
            .collect();
    }
    st.active = 0;
    st.turn = 1;
    st.pending = BcPending::Turn(0);
    st.fixed_rolls = rolls.to_vec();
    if let Some(l) = st.log.as_mut() {
        l.clear();
    }
    st
}
