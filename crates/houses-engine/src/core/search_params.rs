//! How hard the search thinks (`SearchParams`): simulations, worlds, exploration, play-out,
//! evaluation and root choice, as written in an agent spec (`search(iterations=300,...)`).

/// How hard the search thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Simulations per decision.
    pub iterations: u32,
    /// Worlds sampled per decision; simulations cycle through them.
    pub worlds: u32,
    /// UCB exploration constant.
    pub c: f64,
    /// Turns the play-out policy plays after the new node before the evaluation: 0 evaluates
    /// at once, 1 finishes the current turn, 2 the next one too, and so on.
    pub rollout: u32,
    /// Which of the game's fitted evaluations judges the leaves (`Searchable::EVALUATIONS`):
    /// 0 the first fit; Houses-Skirmish's later ones are refits on the search player's own
    /// games (docs/agents.md, "Expert iteration").
    pub eval: u32,
    /// How the root's move is chosen: 0 by UCB like every node (the most visited move), 1 by
    /// sequential halving over the same worlds (Karnin, Koren and Somekh 2013; Pepels et al.
    /// 2014 at the root of a tree): every move worth searching is simulated in the same
    /// worlds, the worse half dropped, and again, until one is left. With UCB's small `c`,
    /// each root move's first simulations run in different worlds, so a move can be chosen
    /// for the luck of the worlds it met (docs/agents.md, version 9).
    pub halving: u32,
    /// Which move a simulation adds below a node: 0 one of the untried moves at random, 1
    /// the one the game's quick policy would play among them (`Searchable::expand_choice`;
    /// in Houses-Skirmish the heuristic player's), so that a node's first simulations follow
    /// its likely line rather than a random one (docs/agents.md, `expand=1`).
    pub expand: u32,
    /// 1: a decision that follows on from the same player's last one (nothing happened since
    /// but the move it chose, and that revealed nothing) starts from that move's subtree, its
    /// simulations counted, and adds only `iterations` less those it already holds
    /// (`Mcts::choose_following`; docs/agents.md, `reuse=1`). 0: every decision starts afresh.
    pub reuse: u32,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            iterations: 1000,
            worlds: 32,
            c: 0.05,
            rollout: 0,
            eval: 0,
            halving: 0,
            expand: 0,
            reuse: 0,
        }
    }
}

pub const SEARCH_PARAM_NAMES: &[&str] = &[
    "iterations",
    "worlds",
    "c",
    "rollout",
    "eval",
    "halving",
    "expand",
    "reuse",
];

/// The most simulations per decision (ten thousand times the default: some seconds a
/// decision). A decision allocates tables of this size at once, and its tree grows with it.
pub const MAX_ITERATIONS: u32 = 10_000_000;
/// The most worlds sampled per decision (each is a copy of the game, made at once).
pub const MAX_WORLDS: u32 = 100_000;

impl SearchParams {
    /// Set one parameter from its text (`iterations=500`), with a clear error otherwise.
    pub fn set(&mut self, k: &str, v: &str) -> Result<(), String> {
        let int = |min: u32, max: u32| -> Result<u32, String> {
            v.parse::<u32>()
                .ok()
                .filter(|&n| (min..=max).contains(&n))
                .ok_or_else(|| {
                    let what = if min > 0 {
                        "a positive"
                    } else {
                        "a non-negative"
                    };
                    let most = if max < u32::MAX {
                        format!(" (at most {max})")
                    } else {
                        String::new()
                    };
                    format!(
                        "agent 'search': parameter '{k}' expects {what} integer, got '{v}'{most}"
                    )
                })
        };
        match k {
            "iterations" => self.iterations = int(1, MAX_ITERATIONS)?,
            "worlds" => self.worlds = int(1, MAX_WORLDS)?,
            "rollout" => self.rollout = int(0, u32::MAX)?,
            // The game checks that it has that evaluation (`check_eval`).
            "eval" => self.eval = int(0, u32::MAX)?,
            "halving" => self.halving = int(0, 1)?,
            "expand" => self.expand = int(0, 1)?,
            "reuse" => self.reuse = int(0, 1)?,
            "c" => {
                self.c = v
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| {
                        format!(
                            "agent 'search': parameter 'c' expects a non-negative number, got '{v}'"
                        )
                    })?
            }
            _ => {
                let hint = super::closest(k, SEARCH_PARAM_NAMES.iter().copied())
                    .map(|c| format!(" (did you mean '{c}'?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown search parameter '{k}'{hint}; valid parameters: {}",
                    SEARCH_PARAM_NAMES.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// These parameters with the pairs of `search(k=v,...)` set over them.
    pub fn with<'a>(
        mut self,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<SearchParams, String> {
        for (k, v) in pairs {
            self.set(k, v)?;
        }
        Ok(self)
    }

    /// `search(iterations=..,worlds=..,c=..,rollout=..)`, every parameter spelt out (`eval`,
    /// `halving`, `expand` and `reuse` only when not 0, so that specs written before they existed stay
    /// as they were).
    pub fn canonical(&self) -> String {
        let eval = if self.eval == 0 {
            String::new()
        } else {
            format!(",eval={}", self.eval)
        };
        let halving = if self.halving == 0 {
            String::new()
        } else {
            format!(",halving={}", self.halving)
        };
        let expand = if self.expand == 0 {
            String::new()
        } else {
            format!(",expand={}", self.expand)
        };
        let reuse = if self.reuse == 0 {
            String::new()
        } else {
            format!(",reuse={}", self.reuse)
        };
        format!(
            "search(iterations={},worlds={},c={},rollout={}{eval}{halving}{expand}{reuse})",
            self.iterations, self.worlds, self.c, self.rollout
        )
    }
}
