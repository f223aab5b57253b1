"""Playing at the terminal: ``cardcore play``.

- ``session``: the loop of turns, asking the person, the bots' moves, undo and saving;
- ``view``: what the text model (:mod:`cardcore.text`) says, shown plain or rich;
- ``interrupts``: Ctrl-C held off while the state and its record move on together.

Who plays each seat is :mod:`cardcore.players`; the hint and undo, shared with the web, are
:mod:`cardcore.match`.
"""
