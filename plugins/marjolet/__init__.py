"""Marjolet, the simpler relative of Bezique from the west of France (Parlett, Penguin p. 94).

Everything Marjolet needs is a general mechanism of the core described in ``cardrules/marjolet.yaml``
(the turn-up and its exchange, several melds at once, a trump-dependent couple, last-trick
points, a target score), so this plugin only registers the game.
"""
