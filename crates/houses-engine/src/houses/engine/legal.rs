//! The legal moves at each decision (the entry point; each phase's moves live with their rules).

use super::*;
use crate::houses::game::{decision, Decision};

/// The legal moves being written, and the kinds of decision among them (bit `k` for
/// `Decision` `k`), for the game loop's usage table. Each push classifies its move where the
/// move is built, so the classification mostly folds to a constant instead of a second pass
/// over the list.
pub(super) struct Moves<'a> {
    list: &'a mut Vec<Action>,
    kinds: u32,
    /// Leave out the moves the heuristic player never plays (`legal_actions_pruned_into`).
    pub(super) prune: bool,
    /// Some move was left out.
    pruned: bool,
}

impl Moves<'_> {
    #[inline(always)]
    pub(super) fn push(&mut self, a: Action) {
        self.kinds |= 1 << decision(&a) as u32;
        self.list.push(a);
    }

    /// A kind of move left out (`prune`): counted among the kinds, not written.
    #[inline(always)]
    pub(super) fn left_out(&mut self, kind: Decision) {
        self.kinds |= 1 << kind as u32;
        self.pruned = true;
    }

    #[inline(always)]
    pub(super) fn extend(&mut self, moves: impl IntoIterator<Item = Action>) {
        for a in moves {
            self.push(a);
        }
    }
}

impl State {
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// The legal moves, written into a reused buffer (the game loop's hot path).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_actions_and_kinds_into(out);
    }

    /// `legal_actions_into`, also returning the kinds of decision among the moves (bit `k` set
    /// when some move is of `Decision` `k`), as `Game::legal_kinds_into`.
    pub fn legal_actions_and_kinds_into(&self, out: &mut Vec<Action>) -> u32 {
        self.write_moves(out, false).0
    }

    /// `legal_actions_and_kinds_into` less the moves the heuristic player never plays (for an
    /// agent that `skips_dominated`): in DEPLOY, the Returns to hand and the Splits, which it
    /// scores below End (always offered there). Their kinds still count, and the flag says
    /// whether all the legal moves together are more than one.
    pub fn legal_actions_pruned_into(&self, out: &mut Vec<Action>) -> (u32, bool) {
        self.write_moves(out, true)
    }

    fn write_moves(&self, out: &mut Vec<Action>, prune: bool) -> (u32, bool) {
        out.clear();
        let mut moves = Moves {
            list: out,
            kinds: 0,
            prune,
            pruned: false,
        };
        self.write_legal_actions(&mut moves);
        let decides = moves.list.len() > 1 || (moves.pruned && !moves.list.is_empty());
        (moves.kinds, decides)
    }

    fn write_legal_actions(&self, out: &mut Moves) {
        match &self.pending {
            Pending::GameOver => {}
            Pending::ChooseStart(_) => out.extend([Action::Start, Action::Defer]),
            Pending::Deploy(s) => self.deploy_moves(*s, out),
            Pending::Response(s) => {
                for &c in &self.players[*s].hand {
                    if (matches!(c.kind(), Kind::Jack | Kind::Queen)
                        || c == Card::new(Suit::Diamonds, 1))
                        && !self.rules.forbid.0.contains(c)
                    {
                        self.play_moves(*s, c, c, out);
                    }
                }
                out.push(Action::Pass);
            }
            // The Summer '20 instants (V29): the four Jacks and the Ace of Diamonds, not Queens.
            Pending::Instant { seat, .. } => {
                for &c in &self.players[*seat].hand {
                    if (c.kind() == Kind::Jack || c == Card::new(Suit::Diamonds, 1))
                        && !self.rules.forbid.0.contains(c)
                    {
                        self.play_moves(*seat, c, c, out);
                    }
                }
                out.push(Action::Pass);
            }
            Pending::Attack(s) => self.attack_moves(*s, out),
            Pending::Block(s) => self.block_moves(*s, out),
            Pending::ChooseBlocker { attacker, .. } => self.choose_blocker_moves(*attacker, out),
            Pending::Stun { seat, choices } => {
                for o in self.opponents(*seat) {
                    out.extend(
                        self.players[o]
                            .units()
                            .filter(|u| choices.contains(u.id()))
                            .map(|u| Action::Stun(u.id())),
                    );
                }
            }
            Pending::Trade { seat } => {
                self.for_each_trade(*seat, |a, b| out.push(Action::Trade { a, b }));
                out.push(Action::Done);
            }
            Pending::Discard { seat } => {
                out.extend(self.players[*seat].hand.iter().map(|&c| Action::Discard(c)));
            }
            Pending::Excess {
                seat, blocker, foe, ..
            } => {
                out.push(Action::Excess(self.player_target(*seat, *foe)));
                // Not the blocker itself, nor a classic King of Spades' soldier ("cannot be
                // blocked or attacked"); under `clubs_excess=to_player`, no unit.
                let to_player = self.rules.clubs_excess == ClubsExcess::ToPlayer;
                for u in self.players[*foe].front.iter().filter(|_| !to_player) {
                    if !u.has_card(*blocker) && !self.untouchable(*foe, u) {
                        out.push(Action::Excess(Target::Unit(u.id())));
                    }
                }
            }
            // "one additional target (player or any rank unit)": any opponent still in, or
            // any of its units (reading M4).
            Pending::Charge { seat, .. } => {
                for o in self.opponents(*seat) {
                    out.push(Action::Charge(self.player_target(*seat, o)));
                    for u in self.players[o].units() {
                        out.push(Action::Charge(Target::Unit(u.id())));
                    }
                }
            }
            Pending::QueenOfSpades { cards, .. } => {
                for (i, &keep) in cards.iter().enumerate() {
                    let mut rest = [BLACK_JOKER; 3];
                    let mut n = 0;
                    for (j, &c) in cards.iter().enumerate() {
                        if j != i {
                            rest[n] = c;
                            n += 1;
                        }
                    }
                    for perm in ORDERS[n] {
                        let mut order = [None; 3];
                        for (k, &idx) in perm.iter().enumerate() {
                            order[k] = Some(rest[idx]);
                        }
                        out.push(Action::Keep { card: keep, order });
                    }
                }
            }
            Pending::WizardKeep { seat } => {
                let ids: Vec<Card> = self.players[*seat].front.iter().map(|u| u.id()).collect();
                let k = self.rules.front_ranks.units;
                for mask in 0u32..(1 << ids.len()) {
                    if mask.count_ones() as usize == k {
                        let mut set = CardSet::default();
                        for (i, &c) in ids.iter().enumerate() {
                            if mask & (1 << i) != 0 {
                                set.insert(c);
                            }
                        }
                        out.push(Action::Stay(set));
                    }
                }
            }
        }
    }
}
