"""What the records say: intervals and tests (stats), per-cell summaries, comparisons on common
deals and card values (measures), how often each decision arose and was taken (usage), and the
agents' ladder."""
