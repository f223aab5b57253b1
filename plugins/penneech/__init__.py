"""Penneech, the English two-hander of Cotton's Compleat Gamester (1674), after Parlett.

Its peculiarities (a trump turned after every trick, counters that score only in the trump of
their trick, the seven of diamonds above the ace, a throw-in, game to 61) are general mechanisms
of the core described in ``cardrules/penneech.yaml``; this plugin only registers the game.
"""
