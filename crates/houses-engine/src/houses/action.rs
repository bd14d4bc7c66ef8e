//! Moves and their short text notation (see docs/notation.md). Every move a player can make is
//! one `Action`; `Display` writes it and `Action::parse` reads it back.

use std::fmt;

use crate::core::card::{Card, CardSet};
use crate::houses::state::{JokerVariant, Target};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Advantage-draw winner: start first, or defer.
    Start,
    Defer,
    /// Deploy a card from hand as a unit. `face` differs from `card` for a Doppelganger.
    /// `onto`: join the existing unit (Blood Bond); `lead`: the new card becomes its leader.
    Deploy {
        card: Card,
        face: Card,
        onto: Option<Card>,
        lead: bool,
        variant: Option<JokerVariant>,
    },
    /// Deploy a 2 as a scout, into the hand of the opponent `foe` seats after you (always 1
    /// with two players).
    Scout {
        card: Card,
        face: Card,
        foe: u8,
    },
    /// Play a Jack, a Queen or the Ace of Diamonds, with up to two chosen cards.
    Play {
        card: Card,
        face: Card,
        t1: Option<Card>,
        t2: Option<Card>,
    },
    /// Necromancer: summon a face-up soldier from the Barrows.
    Summon(Card),
    /// Return a unit to hand.
    Return(Card),
    /// Merge two of your units into a Blood Bond, `leader`'s cards first.
    Bond {
        leader: Card,
        other: Card,
    },
    /// Split the bottom card off a Blood Bond; with `drop`, that card goes to the Barrows.
    Split {
        unit: Card,
        drop: Option<Card>,
    },
    /// End the DEPLOY phase.
    End,
    /// Make no (more) responses.
    Pass,
    /// Finish declaring attackers or blockers.
    Done,
    Attack {
        attacker: Card,
        target: Target,
        second: Option<Target>,
    },
    Block {
        blocker: Card,
        attacker: Card,
    },
    Excess(Target),
    Charge(Target),
    /// Queen of Spades: keep `card`, put the others back in this order (top first).
    Keep {
        card: Card,
        order: [Option<Card>; 3],
    },
    /// Insane Wizard: the units (by card) that stay in the Front Ranks.
    Stay(CardSet),
    /// Hand limit: discard a card at the end of the turn.
    Discard(Card),
    /// The attacker makes `blocker` the unit that blocks `attacker`.
    Reblock {
        attacker: Card,
        blocker: Card,
    },
    /// King aid: `aider` adds half its attack to the blocking `blocker`.
    Aid {
        aider: Card,
        blocker: Card,
    },
    /// Stun an enemy unit: it may not attack on its next turn.
    Stun(Card),
    /// Option 2 King of Hearts: blockers `a` and `b` swap the attackers they block.
    Trade {
        a: Card,
        b: Card,
    },
}

/// One word for a move, for hashing: equal moves give equal words (distinct moves may share
/// one). The search keys its tree by move, and a derived `Hash` fed the hasher every field
/// of the enum one by one: a tenth of the search's bookkeeping.
impl std::hash::Hash for Action {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_word());
    }
}

impl Action {
    fn hash_word(&self) -> u64 {
        let c = |c: Card| u64::from(c.0);
        let oc = |c: Option<Card>| c.map_or(0xff, |c| u64::from(c.0));
        let t = |t: Target| match t {
            Target::Player(k) => 0x80 | u64::from(k),
            Target::Unit(x) => u64::from(x.0),
        };
        let ot = |x: Option<Target>| x.map_or(0xff, t);
        let v = |x: Option<JokerVariant>| x.map_or(0, |x| x as u64 + 1);
        let (tag, data): (u64, u64) = match *self {
            Action::Start => (0, 0),
            Action::Defer => (1, 0),
            Action::Deploy {
                card,
                face,
                onto,
                lead,
                variant,
            } => (
                2,
                c(card) | c(face) << 8 | oc(onto) << 16 | u64::from(lead) << 24 | v(variant) << 25,
            ),
            Action::Scout { card, face, foe } => (3, c(card) | c(face) << 8 | u64::from(foe) << 16),
            Action::Play { card, face, t1, t2 } => {
                (4, c(card) | c(face) << 8 | oc(t1) << 16 | oc(t2) << 24)
            }
            Action::Summon(x) => (5, c(x)),
            Action::Return(x) => (6, c(x)),
            Action::Bond { leader, other } => (7, c(leader) | c(other) << 8),
            Action::Split { unit, drop } => (8, c(unit) | oc(drop) << 8),
            Action::End => (9, 0),
            Action::Pass => (10, 0),
            Action::Done => (11, 0),
            Action::Attack {
                attacker,
                target,
                second,
            } => (12, c(attacker) | t(target) << 8 | ot(second) << 16),
            Action::Block { blocker, attacker } => (13, c(blocker) | c(attacker) << 8),
            Action::Excess(x) => (14, t(x)),
            Action::Charge(x) => (15, t(x)),
            Action::Keep { card, order } => (
                16,
                c(card) | oc(order[0]) << 8 | oc(order[1]) << 16 | oc(order[2]) << 24,
            ),
            Action::Stay(set) => (17, set.0),
            Action::Discard(x) => (18, c(x)),
            Action::Reblock { attacker, blocker } => (19, c(attacker) | c(blocker) << 8),
            Action::Aid { aider, blocker } => (20, c(aider) | c(blocker) << 8),
            Action::Stun(x) => (21, c(x)),
            Action::Trade { a, b } => (22, c(a) | c(b) << 8),
        };
        tag << 58 ^ data
    }
}

fn card_str(card: Card, face: Card) -> String {
    if card == face {
        card.to_string()
    } else {
        format!("{card}={face}")
    }
}

/// `player` is the next seat (the opponent, with two players); `player+2` the seat after it.
fn player_str(k: u8) -> String {
    if k == 1 {
        "player".into()
    } else {
        format!("player+{k}")
    }
}

fn target_str(t: Target) -> String {
    match t {
        Target::Player(k) => player_str(k),
        Target::Unit(c) => c.to_string(),
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Start => write!(f, "start"),
            Action::Defer => write!(f, "defer"),
            Action::Deploy {
                card,
                face,
                onto,
                lead,
                variant,
            } => {
                write!(f, "deploy {}", card_str(card, face))?;
                if let Some(v) = variant {
                    if v != JokerVariant::Doppelganger {
                        write!(f, " {}", v.name())?;
                    }
                }
                if let Some(u) = onto {
                    write!(f, " {} {u}", if lead { "lead" } else { "under" })?;
                }
                Ok(())
            }
            Action::Scout { card, face, foe } => {
                write!(f, "scout {}", card_str(card, face))?;
                if foe != 1 {
                    write!(f, " {}", player_str(foe))?;
                }
                Ok(())
            }
            Action::Play { card, face, t1, t2 } => {
                write!(f, "play {}", card_str(card, face))?;
                for t in [t1, t2].into_iter().flatten() {
                    write!(f, " {t}")?;
                }
                Ok(())
            }
            Action::Summon(c) => write!(f, "summon {c}"),
            Action::Return(c) => write!(f, "return {c}"),
            Action::Bond { leader, other } => write!(f, "bond {leader}/{other}"),
            Action::Split { unit, drop } => match drop {
                None => write!(f, "split {unit}"),
                Some(d) => write!(f, "split {unit} drop {d}"),
            },
            Action::End => write!(f, "end"),
            Action::Pass => write!(f, "pass"),
            Action::Done => write!(f, "done"),
            Action::Attack {
                attacker,
                target,
                second,
            } => {
                write!(f, "attack {attacker} {}", target_str(target))?;
                if let Some(s) = second {
                    write!(f, " {}", target_str(s))?;
                }
                Ok(())
            }
            Action::Block { blocker, attacker } => write!(f, "block {blocker} {attacker}"),
            Action::Excess(t) => write!(f, "excess {}", target_str(t)),
            Action::Charge(t) => write!(f, "charge {}", target_str(t)),
            Action::Keep { card, order } => {
                write!(f, "keep {card}")?;
                for c in order.into_iter().flatten() {
                    write!(f, " {c}")?;
                }
                Ok(())
            }
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Reblock { attacker, blocker } => write!(f, "reblock {attacker} {blocker}"),
            Action::Aid { aider, blocker } => write!(f, "aid {aider} {blocker}"),
            Action::Stun(c) => write!(f, "stun {c}"),
            Action::Trade { a, b } => write!(f, "trade {a} {b}"),
            Action::Stay(set) => {
                write!(f, "stay")?;
                for c in crate::core::card::Card::deck(true) {
                    if set.contains(c) {
                        write!(f, " {c}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

fn parse_card_face(s: &str) -> Result<(Card, Card), String> {
    match s.split_once('=') {
        Some((a, b)) => Ok((Card::parse(a)?, Card::parse(b)?)),
        None => {
            let c = Card::parse(s)?;
            Ok((c, c))
        }
    }
}

/// `player` or `player+K` (K from 1 to 3): the seat that many places after the chooser.
fn parse_player(s: &str) -> Option<Result<u8, String>> {
    let lower = s.to_ascii_lowercase();
    let rest = lower.strip_prefix("player")?;
    if rest.is_empty() {
        return Some(Ok(1));
    }
    Some(
        rest.strip_prefix('+')
            .and_then(|k| k.parse::<u8>().ok())
            .filter(|k| (1..=3).contains(k))
            .ok_or_else(|| format!("cannot read '{s}': expected player or player+K, K 1 to 3")),
    )
}

fn parse_target(s: &str) -> Result<Target, String> {
    match parse_player(s) {
        Some(k) => Ok(Target::Player(k?)),
        None => Ok(Target::Unit(Card::parse(s)?)),
    }
}

impl Action {
    /// Read one move. The parse is context-free; whether the move is legal is the engine's call.
    pub fn parse(text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |why: &str| format!("cannot read move '{}': {why}", text.trim());
        let (verb, args) = words.split_first().ok_or_else(|| bad("empty"))?;
        let need = |n: usize| -> Result<(), String> {
            if args.len() < n {
                Err(bad(&format!("'{verb}' needs {n} argument(s)")))
            } else {
                Ok(())
            }
        };
        Ok(match verb.to_ascii_lowercase().as_str() {
            "start" => Action::Start,
            "defer" => Action::Defer,
            "end" => Action::End,
            "pass" => Action::Pass,
            "done" => Action::Done,
            "deploy" => {
                need(1)?;
                let (card, face) = parse_card_face(args[0])?;
                let mut variant = if card != face {
                    Some(JokerVariant::Doppelganger)
                } else {
                    None
                };
                let mut rest = &args[1..];
                if let Some(w) = rest.first() {
                    if let Some(v) = JokerVariant::parse(w) {
                        variant = Some(v);
                        rest = &rest[1..];
                    }
                }
                let (onto, lead) = match rest {
                    [] => (None, true),
                    [mode, u] if *mode == "lead" || *mode == "under" => {
                        (Some(Card::parse(u)?), *mode == "lead")
                    }
                    _ => return Err(bad("expected 'deploy CARD [lead|under UNIT]'")),
                };
                Action::Deploy {
                    card,
                    face,
                    onto,
                    lead,
                    variant,
                }
            }
            "scout" => {
                need(1)?;
                let (card, face) = parse_card_face(args[0])?;
                let foe = match args.get(1) {
                    None => 1,
                    Some(w) => {
                        parse_player(w).ok_or_else(|| bad("expected 'scout CARD [player+K]'"))??
                    }
                };
                Action::Scout { card, face, foe }
            }
            "play" => {
                need(1)?;
                let (card, face) = parse_card_face(args[0])?;
                let t1 = args.get(1).map(|s| Card::parse(s)).transpose()?;
                let t2 = args.get(2).map(|s| Card::parse(s)).transpose()?;
                Action::Play { card, face, t1, t2 }
            }
            "summon" => {
                need(1)?;
                Action::Summon(Card::parse(args[0])?)
            }
            "return" => {
                need(1)?;
                Action::Return(Card::parse(args[0])?)
            }
            "bond" => {
                need(1)?;
                let (a, b) = args[0]
                    .split_once('/')
                    .ok_or_else(|| bad("expected 'bond LEADER/OTHER'"))?;
                Action::Bond {
                    leader: Card::parse(a)?,
                    other: Card::parse(b)?,
                }
            }
            "split" => {
                need(1)?;
                let unit = Card::parse(args[0])?;
                let drop = match &args[1..] {
                    [] => None,
                    ["drop", d] => Some(Card::parse(d)?),
                    _ => return Err(bad("expected 'split UNIT [drop CARD]'")),
                };
                Action::Split { unit, drop }
            }
            "attack" => {
                need(2)?;
                Action::Attack {
                    attacker: Card::parse(args[0])?,
                    target: parse_target(args[1])?,
                    second: args.get(2).map(|s| parse_target(s)).transpose()?,
                }
            }
            "block" => {
                need(2)?;
                Action::Block {
                    blocker: Card::parse(args[0])?,
                    attacker: Card::parse(args[1])?,
                }
            }
            "excess" => {
                need(1)?;
                Action::Excess(parse_target(args[0])?)
            }
            "charge" => {
                need(1)?;
                Action::Charge(parse_target(args[0])?)
            }
            "keep" => {
                need(1)?;
                let mut order = [None; 3];
                for (i, s) in args[1..].iter().take(3).enumerate() {
                    order[i] = Some(Card::parse(s)?);
                }
                Action::Keep {
                    card: Card::parse(args[0])?,
                    order,
                }
            }
            "reblock" => {
                need(2)?;
                Action::Reblock {
                    attacker: Card::parse(args[0])?,
                    blocker: Card::parse(args[1])?,
                }
            }
            "aid" => {
                need(2)?;
                Action::Aid {
                    aider: Card::parse(args[0])?,
                    blocker: Card::parse(args[1])?,
                }
            }
            "trade" => {
                need(2)?;
                Action::Trade {
                    a: Card::parse(args[0])?,
                    b: Card::parse(args[1])?,
                }
            }
            "stun" => {
                need(1)?;
                Action::Stun(Card::parse(args[0])?)
            }
            "discard" => {
                need(1)?;
                Action::Discard(Card::parse(args[0])?)
            }
            "stay" => {
                let mut set = CardSet::default();
                for s in args {
                    set.insert(Card::parse(s)?);
                }
                Action::Stay(set)
            }
            _ => return Err(bad("unknown verb; see docs/notation.md")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in [
            "start",
            "defer",
            "deploy 7H",
            "deploy 7H lead 5H",
            "deploy 7H under 5H",
            "deploy KS",
            "deploy BJ necromancer",
            "deploy RJ wizard",
            "deploy BJ=9C",
            "scout 2C",
            "scout BJ=2S",
            "play JD",
            "play QC 7H 9S",
            "play BJ=QC 7H 9S",
            "summon 6C",
            "return 7H",
            "bond 7H/5H",
            "split 7H",
            "split 7H drop 5H",
            "end",
            "pass",
            "done",
            "attack 7H player",
            "attack 7H player+2",
            "attack AS player+3",
            "scout 2D player+2",
            "excess player+3",
            "attack 7S 9H 5C",
            "attack AS 7H 8H",
            "block 9H 7S",
            "excess player",
            "charge 9S",
            "keep 9H 3C 4D KS",
            "discard 7H",
            "reblock 7S 9H",
            "aid 9S 7D",
            "stun 9H",
            "trade 5H 9C",
            "stay 4D 7H 9S",
        ] {
            let a = Action::parse(s).unwrap();
            assert_eq!(a.to_string(), s);
        }
        assert!(Action::parse("fly 7H")
            .unwrap_err()
            .contains("unknown verb"));
    }
}
