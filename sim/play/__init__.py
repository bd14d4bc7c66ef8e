"""Playing games: the engine wrapper (rule strings, the records' columns), batches of games by
agent name, the agents (built-in, personas, written in Python), the human seat at the terminal,
sample-game logs and the board they are drawn on."""
