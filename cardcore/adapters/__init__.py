"""Adapters that put cardcore games inside other frameworks' APIs.

- :mod:`cardcore.adapters.openspiel`: every installed game as an OpenSpiel Python game
  (``pyspiel.load_game("cardcore_penchant(scoring=19th-century)")``), with explicit chance.
- :mod:`cardcore.adapters.pettingzoo`: every installed game as a PettingZoo AEC environment.

Both are optional extras (``pip install 'cardcore[openspiel]'``, ``'cardcore[pettingzoo]'``);
importing this package needs neither. :mod:`.encoding` (the global action space, observation
tensors and bounds) and :mod:`.chance` (explicit chance over the engine) are shared by both and
need only numpy.
"""
