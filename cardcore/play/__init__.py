"""Playing at the terminal: ``cardcore play``.

- ``moves``: what the person types (numbers, cards, actions) and what each legal move would do;
- ``move_list``: the legal moves in words, numbered, summed up where they are too many;
- ``facts``: what the person is told (table, rules in force, scores, history, summaries, events);
- ``text`` and ``view``: lines with marked cards and points, shown plain or rich;
- ``session``: the loop of turns, the bots' moves, asking, undo and saving.

Who plays each seat is :mod:`cardcore.players`; the hint and undo, shared with the web, are
:mod:`cardcore.match`.
"""
