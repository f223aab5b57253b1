"""Playing at the terminal: ``cardcore play``.

- ``moves``: what the person types (numbers, cards, actions) and what each legal move would do;
- ``facts``: what the person is told (table, rules in force, scores, history, summaries, events);
- ``text`` and ``view``: lines with marked cards and points, shown plain or rich;
- ``session``: the loop of turns, the bots' moves, hints and saving.
"""

from .moves import Answer, interpret, preview
from .session import HUMAN, Session

__all__ = ["Answer", "HUMAN", "Session", "interpret", "preview"]
