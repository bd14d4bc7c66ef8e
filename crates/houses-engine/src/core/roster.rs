//! The built-in players of the two small games (Battle Cards, House of Suits): random, greedy
//! and the information-set search, parsed from and written as the same specs. Each game keeps
//! its own spec type (`BcAgentSpec`, `HsAgentSpec`) and its own versions and search defaults;
//! `small_game_players!` writes the type and its parsing once for both.

/// The names every small game's roster answers to.
pub const SMALL_GAME_AGENTS: &[&str] = &["random", "greedy", "search"];

/// Defines a small game's agent spec: `enum $spec { Random, Greedy, Search(SearchParams) }` with
/// `parse` (a spec string, `@vN` checked against the versions), `name` (every search parameter
/// spelt out), `version` and `canonical` (`greedy@v1`). `$game` names the game in errors
/// (`battle_cards`), `$title` in the search's evaluation check (`Battle Cards`), `$state` is the
/// searched game state, and the versions and defaults are the game's constants.
macro_rules! small_game_players {
    (
        $(#[$doc:meta])*
        $spec:ident, game: $game:literal, title: $title:literal, state: $state:ty,
        agent_version: $agent_version:expr, search_version: $search_version:expr,
        search_defaults: $defaults:expr $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum $spec {
            Random,
            Greedy,
            Search($crate::core::SearchParams),
        }

        impl $spec {
            pub fn parse(s: &str) -> Result<$spec, String> {
                let s = $crate::core::versioned_spec(s, |body| {
                    Some(match $crate::core::agent_call(body) {
                        Ok(("search", _)) => $search_version,
                        _ => $agent_version,
                    })
                })?;
                let (name, params) = $crate::core::agent_call(s)?;
                let bare = |a: $spec| {
                    if params.is_empty() {
                        Ok(a)
                    } else {
                        Err(format!(concat!($game, " agent '{}' takes no parameters"), name))
                    }
                };
                match name {
                    "random" => bare($spec::Random),
                    "greedy" => bare($spec::Greedy),
                    "search" => Ok($spec::Search(
                        $defaults.with(params)?.check_eval::<$state>($title)?,
                    )),
                    other => Err(format!(
                        concat!("unknown ", $game, " agent '{}'; valid agents: {}"),
                        other,
                        $crate::core::roster::SMALL_GAME_AGENTS.join(", ")
                    )),
                }
            }
            /// The agent with every parameter spelt out (`search(iterations=1000,...)`).
            pub fn name(&self) -> String {
                match self {
                    $spec::Random => "random".into(),
                    $spec::Greedy => "greedy".into(),
                    $spec::Search(p) => p.canonical(),
                }
            }
            /// The behaviour version of this agent.
            pub fn version(&self) -> u32 {
                match self {
                    $spec::Search(_) => $search_version,
                    _ => $agent_version,
                }
            }
            pub fn canonical(&self) -> String {
                format!("{}@v{}", self.name(), self.version())
            }
        }
    };
}
pub(crate) use small_game_players;
