//! Setting up a game: the shuffle, the deal, the advantage draw and who starts; empty states for positions.

use super::*;

impl State {
    /// A new game: shuffle, deal five each one at a time, and settle who starts.
    pub fn new_game(rules: Rules, seed: u64) -> State {
        State::new_game_logged(rules, seed, false)
    }

    /// A new game whose event log is kept (for replays) when `keep_log`.
    pub fn new_game_logged(rules: Rules, seed: u64, keep_log: bool) -> State {
        let mut rng = GameRng::new(seed);
        let (deck, deck_p2) = match rules.deck {
            DeckMode::Shared => {
                let mut deck = Card::deck(rules.jokers);
                rng.shuffle(&mut deck);
                (deck, Vec::new())
            }
            DeckMode::SuitSplit => {
                let mut piles = [0, 1].map(|s| rules.split_pile(s));
                for pile in piles.iter_mut() {
                    rng.shuffle(pile);
                }
                let [a, b] = piles;
                (a, b)
            }
        };
        let mut st = State::empty(rules, rng);
        if keep_log {
            st.enable_log();
            st.log(|| format!("seed {seed}"));
        }
        st.deck = deck.into_iter().collect();
        st.deck_p2 = deck_p2.into_iter().collect();
        st.deal_and_choose_start();
        st
    }

    /// Stop a game that has run past the safety limits, as a draw.
    pub fn force_end(&mut self, reason: EndReason) {
        self.end_game(None, reason);
    }

    /// A state with empty zones, for positions built by hand.
    pub fn empty(rules: Rules, rng: GameRng) -> State {
        let life = rules.life;
        let players = (0..rules.players.0)
            .map(|_| Player {
                life,
                ..Default::default()
            })
            .collect();
        State {
            rules,
            deck: Default::default(),
            deck_p2: Default::default(),
            barrows_up: Default::default(),
            barrows_down: Default::default(),
            players,
            active: 0,
            first_player: 0,
            turn: 0,
            round: 0,
            pending: Pending::GameOver,
            attacks: Default::default(),
            aids: Default::default(),
            traded: Default::default(),
            redeployed: false,
            entered: Default::default(),
            kings_drawn: 0,
            triggers: Default::default(),
            sudden_death: None,
            last_played: None,
            resume: None,
            outcome: None,
            rng,
            places: Default::default(),
            log: None,
            actions_taken: 0,
            metrics: Some(Box::default()),
        }
    }

    pub fn enable_log(&mut self) {
        self.log = Some(Vec::new());
    }

    pub(super) fn deal_and_choose_start(&mut self) {
        let n = self.seats();
        for _ in 0..Rules::HAND_SIZE {
            for s in 0..n {
                self.draw(s);
            }
        }
        self.log(|| "deal: five cards each".into());
        match self.rules.starting_player {
            StartingPlayer::Coin => {
                let s = self.rng.below(n);
                self.log(|| format!("coin: {} starts", seat_name(s)));
                self.start_game(s);
            }
            StartingPlayer::AdvantageDraw => {
                // Ties redraw, among the players tied for the highest card only (reading M2);
                // every drawn card goes face up to the Barrows.
                let mut contenders: arrayvec::ArrayVec<Seat, MAX_PLAYERS> = (0..n).collect();
                loop {
                    let mut drawn: arrayvec::ArrayVec<(Seat, Card), MAX_PLAYERS> =
                        arrayvec::ArrayVec::new();
                    for &s in &contenders {
                        if let Some(c) = self.pile_mut(s).pop() {
                            drawn.push((s, c));
                        }
                    }
                    self.barrows_up.extend(drawn.iter().map(|&(_, c)| c));
                    if drawn.len() < contenders.len() {
                        // The deck ran out mid-draw (never in practice): a random contender.
                        let s = contenders[self.rng.below(contenders.len())];
                        self.start_game(s);
                        return;
                    }
                    self.log(|| {
                        let each: Vec<String> = drawn
                            .iter()
                            .map(|&(s, c)| format!("{} {c}", seat_name(s)))
                            .collect();
                        format!("advantage draw: {}", each.join(", "))
                    });
                    let best = drawn.iter().map(|&(_, c)| c.rank()).max().unwrap_or(0);
                    contenders = drawn
                        .iter()
                        .filter(|&&(_, c)| c.rank() == best)
                        .map(|&(s, _)| s)
                        .collect();
                    if contenders.len() == 1 {
                        self.pending = Pending::ChooseStart(contenders[0]);
                        return;
                    }
                }
            }
        }
    }

    pub(super) fn start_game(&mut self, first: Seat) {
        self.first_player = first;
        self.begin_turn(first, false);
    }
}
