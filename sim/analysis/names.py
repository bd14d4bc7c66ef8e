"""The names the records use for cards (a card's place in CARDS is its engine id) and Kings, and
for seats: the most at a table and their places in turn order."""

from __future__ import annotations

KINGS = ["KD", "KC", "KH", "KS"]
# The most seats at a table (Houses-Skirmish's `players=4`), and their places in turn order.
MAX_SEATS = 4
ORDINALS = ("1st", "2nd", "3rd", "4th")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CARDS = [r + s for s in "DCHS" for r in RANKS] + ["BJ", "RJ"]  # index = engine card id


RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"D": "Diamonds", "C": "Clubs", "H": "Hearts", "S": "Spades"}
JOKER_WORDS = {"BJ": "the Black Joker", "RJ": "the Red Joker"}


def card_words(name: str) -> str:
    """A card in words: KS "the King of Spades", 10D "the 10 of Diamonds", RJ "the Red Joker"."""
    if name in JOKER_WORDS:
        return JOKER_WORDS[name]
    rank, suit = name[:-1], name[-1]
    return f"the {RANK_WORDS.get(rank, rank)} of {SUIT_WORDS[suit]}"


def card_id(card: str) -> int:
    """The engine's id of a card written like `KS`, `10D` or `BJ` (its bit in the drawn
    masks): its place in CARDS."""
    return CARDS.index(card.upper())
