"""The game in words, the same for every front end (the terminal of ``cardcore play``, the web of
``cardcore serve``, ``cardcore rules`` and ``replay``); it imports none of them.

- ``lines``: lines of text with marked cards, suits, points and muted or strong words, and grids;
- ``facts``: what a seat is told (table, rules in force, scores, history, summaries, events);
- ``moves``: what a person types (numbers, cards, actions) and what each legal move would do;
- ``move_list``: the legal moves in words, numbered, summed up where they are too many;
- ``earned``: points earned that the engine scores only at the end of the round;
- ``rules``: a game's rules in words, for ``cardcore rules`` and the ``help`` at the table;
- ``replay``: the state a record reaches, in words, for ``cardcore replay``.
"""
