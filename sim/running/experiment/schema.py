"""The experiment file's keys, what each takes (as problems say it) and the bounds on a run's
size, and ExperimentError, which lists all the problems found in one file."""

from __future__ import annotations

from sim.games import DEFAULT as DEFAULT_GAME
from sim.games import NAMES as GAME_NAMES

TOP_KEYS = {
    "name": "a short name (letters, digits, '_' or '-')",
    "question": "the designers' question, in words",
    "description": "free text",
    "game": f"one of {', '.join(GAME_NAMES)} (default {DEFAULT_GAME})",
    "seed": "an integer from 0 to 18446744073709551615 (2^64-1)",
    "rules": "a mapping: preset, options, and variants or sweep",
    "matchups": "a list of agent pairs [A, B] (or {agents: [A, B], max_games: N, chunk_size: M}), "
    "or {round_robin: [A, B, ...]}",
    "games": "games per cell (a positive integer, at most 1000000000)",
    "until": "a stopping rule: {ci_halfwidth: 0.01, max_games: 2000000}",
    "settle": "go on until the answering player's verdicts settle: true, or {max_games: 20000, "
    "max_minutes: 15} (the most games a cell plays, the most minutes the run takes)",
    "chunk_size": "games per chunk (a positive integer, at most 1000000)",
    "swap_seats": "true (default) or false",
    "output": "the output folder (default reports/<name>)",
    "impact": "a card's causal value: {cards: [KS, KC], methods: [blank, forbid], deals: drawn, "
    "blank_from: draw} (deals: drawn plays a card's cells without it only where it was drawn "
    "with it; blank_from: draw takes a blank King's power away only once a player first draws "
    "it, the game until then being the game with it; a match-up with impact: false skips those "
    "cells)",
    "records": "what the records keep: {usage: false} leaves out the usage counters (the "
    "usage table; about 20 bytes a game), all but the advantage draw's",
    "answer": "what answers the question: {measures: [first_player, rounds], "
    "matters: {points: 1, rounds: 0.25}, matchup: [greedy, greedy], "
    "see_also: [other_experiment.yaml], focus: KS, caveat: 'what a reader must know'}",
}
MAX_SEED = 2**64 - 1
# Bounds on the size of a run, checked before anything is planned: a cell's games (at a
# hundred thousand games a second, about three hours), a chunk's games (a chunk is held in
# memory), and the cells and chunk files of a whole run (each chunk is listed in the
# manifest, which is written again after every chunk).
MAX_CELL_GAMES = 1_000_000_000
MAX_CHUNK_SIZE = 1_000_000
MAX_CELLS = 10_000
MAX_CHUNKS = 10_000
RULES_KEYS = ("preset", "options", "variants", "sweep", "baseline")
VARIANT_KEYS = ("name", "options")
UNTIL_KEYS = ("ci_halfwidth", "max_games", "min_games")
SETTLE_KEYS = ("max_games", "max_minutes")
MATCHUP_KEYS = ("agents", "max_games", "chunk_size", "impact")
IMPACT_KEYS = ("cards", "methods", "deals", "blank_from")
# Which deals a card's cells without it play: every deal, or only those where the card was drawn
# with it (the only ones its value is read from).
IMPACT_DEALS = ("all", "drawn")
# When a blank King loses its power: from the deal, or from a player's first draw of it (the
# game until then the very game with it: a value branched at the draw, docs/experiments.md).
IMPACT_BLANK_FROM = ("deal", "draw")
RECORDS_KEYS = ("usage",)
# How a card is taken out: a blank (a King in play with no power) or forbidden (never deployed).
IMPACT_METHODS = ("blank", "forbid")


class ExperimentError(Exception):
    """All the problems found in one experiment file."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))
