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
        let mut players: [Player; 2] = Default::default();
        for p in players.iter_mut() {
            p.life = life;
        }
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
            triggers: Default::default(),
            sudden_death: None,
            last_played: None,
            resume: None,
            outcome: None,
            rng,
            log: None,
            actions_taken: 0,
            metrics: Some(Box::default()),
        }
    }

    pub fn enable_log(&mut self) {
        self.log = Some(Vec::new());
    }

    pub(super) fn deal_and_choose_start(&mut self) {
        for _ in 0..Rules::HAND_SIZE {
            for s in 0..2 {
                self.draw(s);
            }
        }
        self.log(|| "deal: five cards each".into());
        match self.rules.starting_player {
            StartingPlayer::Coin => {
                let s = self.rng.below(2);
                self.log(|| format!("coin: {} starts", seat_name(s)));
                self.start_game(s);
            }
            StartingPlayer::AdvantageDraw => {
                // Ties redraw; every drawn card goes face up to the Barrows.
                loop {
                    let (Some(a), Some(b)) = (self.pile_mut(0).pop(), self.pile_mut(1).pop())
                    else {
                        let s = self.rng.below(2);
                        self.start_game(s);
                        return;
                    };
                    self.barrows_up.push(a);
                    self.barrows_up.push(b);
                    self.log(|| format!("advantage draw: P1 {a}, P2 {b}"));
                    if a.rank() != b.rank() {
                        let w = if a.rank() > b.rank() { 0 } else { 1 };
                        self.pending = Pending::ChooseStart(w);
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
