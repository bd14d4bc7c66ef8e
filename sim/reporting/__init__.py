"""Reporting: the answer a report opens with, the HTML report and its template, sample games
and the game viewer."""
