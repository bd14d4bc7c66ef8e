"""The verdict box: each part of an experiment's question answered Yes, No or Not settled, from
the strongest player the run has, with its one number and interval, whether the other players
agree, and what to try next.

`asks` (which parts a file asks, and what would settle each), `figures` (the figures of each
kind of part, one function a kind), `readings` (a verdict per part, variant and player, from
the intervals), `words` (every sentence, from the readings' data by small templates) and `box`
(the whole box, as data for answer.json and as lines for the report and the terminal).
"""

from sim.reporting.verdicts.box import verdict_box

__all__ = ["verdict_box"]
