//! Rule options as data, shared by every game: a registry row per option, and the "did you
//! mean" suggestion that every error naming a bad word carries.

/// One row of a game's option registry: what `sim rules` lists and what configs may set.
#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    /// "choice", "bool", "int", "int_or_none" or "houses".
    pub kind: &'static str,
    /// The valid values of a choice or bool (empty for numbers).
    pub choices: &'static [&'static str],
    /// Values the conformance test plays: every choice, or a few numbers.
    pub samples: &'static [&'static str],
    /// What each choice means, in `choices` order, with the text's words where a choice comes
    /// from one (may begin with a space); empty where `help` says it all.
    pub choice_help: &'static [&'static str],
    pub help: &'static str,
}

/// A game's rule set: parsed from `name=value,...` (optionally wrapped as `game(...)`), written
/// back as one canonical string, with its registry and named presets.
pub trait GameRules: Clone + Send + Sync + Sized {
    fn parse(spec: &str) -> Result<Self, String>;
    fn canonical(&self) -> String;
    fn options() -> &'static [OptionSpec];
    /// Named rule sets, written `preset=NAME` (none for most games).
    fn presets() -> Vec<&'static str> {
        Vec::new()
    }
}

/// Edit distance, for "did you mean" suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest of `choices` to `word`, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, choices: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    choices
        .into_iter()
        .map(|c| (distance(word, c), c))
        .filter(|(d, c)| *d <= (c.len().max(3) / 2))
        .min()
        .map(|(_, c)| c)
}

/// Split an agent spec written with its behaviour version (`greedy@v2`) into the spec and the
/// version; refuse another version than `current` with the reason.
pub fn versioned_spec(spec: &str, current: impl Fn(&str) -> Option<u32>) -> Result<&str, String> {
    let spec = spec.trim();
    let Some((body, v)) = spec.rsplit_once("@v") else {
        return Ok(spec);
    };
    let asked: u32 = v
        .parse()
        .map_err(|_| format!("agent '{spec}': a version is written @vN, e.g. @v2"))?;
    let name = body.split('(').next().unwrap_or(body).trim();
    match current(body) {
        Some(now) if now != asked => Err(format!(
            "agent '{spec}' asks for version {asked} of '{name}', and this engine plays version \
             {now}: its choices have changed since (see the CHANGELOG)"
        )),
        _ => Ok(body),
    }
}

/// The `name=value` pairs of a rule string, written bare or wrapped as `game(...)`.
pub fn rule_pairs<'a>(spec: &'a str, game: &str) -> Result<Vec<(&'a str, &'a str)>, String> {
    let s = spec.trim();
    let s = s
        .strip_prefix(game)
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(s);
    s.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("rule option '{part}' must be written name=value"))?;
            Ok((k.trim(), v.trim()))
        })
        .collect()
}

/// An agent's name and its `name=value` parameters, as written.
pub type AgentCall<'a> = (&'a str, Vec<(&'a str, &'a str)>);

/// Split an agent spec `name(k=v,k=v)` into the name and its parameters (every game's agents
/// are written this way).
pub fn agent_call(text: &str) -> Result<AgentCall<'_>, String> {
    let text = text.trim();
    let Some((name, rest)) = text.split_once('(') else {
        return Ok((text, Vec::new()));
    };
    let inner = rest
        .strip_suffix(')')
        .ok_or_else(|| format!("agent '{text}': missing ')'"))?;
    let mut params = Vec::new();
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("agent '{text}': parameter '{part}' must be name=value"))?;
        params.push((k.trim(), v.trim()));
    }
    Ok((name.trim(), params))
}
