//! What a heuristic player values: the persona parameters that weight greedy's move scores
//! (`Params::default()` is the `greedy` agent), by name for agent specs and persona files.

/// What a heuristic player values. `Params::default()` is the `greedy` agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Weight of damage to the opposing player when attacking it.
    pub aggression: f64,
    /// Hold attackers back when own life is below this multiple of the enemy's ready attack.
    pub hold_back: f64,
    /// Weight of the value of an attacker that a blocker could kill.
    pub risk: f64,
    /// Weight of what a block saves (life or a unit).
    pub block: f64,
    /// Base value of deploying a soldier (lower keeps cards in hand).
    pub deploy: f64,
    /// Base value of deploying a King (plus 2 per soldier of its House in play).
    pub king: f64,
    /// Least value of a target worth an Ace.
    pub ace_threshold: f64,
    /// Weight of Jacks' and Queens' effects.
    pub tricks: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            aggression: 1.0,
            hold_back: 1.5,
            risk: 0.5,
            block: 1.0,
            deploy: 2.0,
            king: 3.0,
            ace_threshold: 3.0,
            tricks: 1.0,
        }
    }
}

pub const PARAM_NAMES: &[&str] = &[
    "aggression",
    "hold_back",
    "risk",
    "block",
    "deploy",
    "king",
    "ace_threshold",
    "tricks",
];

impl Params {
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let slot = match name {
            "aggression" => &mut self.aggression,
            "hold_back" => &mut self.hold_back,
            "risk" => &mut self.risk,
            "block" => &mut self.block,
            "deploy" => &mut self.deploy,
            "king" => &mut self.king,
            "ace_threshold" => &mut self.ace_threshold,
            "tricks" => &mut self.tricks,
            _ => {
                let hint = crate::core::closest(name, PARAM_NAMES.iter().copied())
                    .map(|c| format!(" (did you mean '{c}'?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown heuristic parameter '{name}'{hint}; valid parameters: {}",
                    PARAM_NAMES.join(", ")
                ));
            }
        };
        *slot = value;
        Ok(())
    }

    pub fn get(&self, name: &str) -> f64 {
        match name {
            "aggression" => self.aggression,
            "hold_back" => self.hold_back,
            "risk" => self.risk,
            "block" => self.block,
            "deploy" => self.deploy,
            "king" => self.king,
            "ace_threshold" => self.ace_threshold,
            _ => self.tricks,
        }
    }
}
