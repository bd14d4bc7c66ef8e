"""What the records say: intervals and tests (stats), the names of cards and seats (names), the
records as one frame (frame), per-cell summaries (summary), comparisons on common deals
(comparisons), card values (cards), suit-split Houses (houses), the measures and thresholds of
a verdict (verdicts), how often each decision arose and was taken (usage), and the agents'
ladder."""
