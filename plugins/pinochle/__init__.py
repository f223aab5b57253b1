"""Two-hand Pinochle (Parlett, Penguin Book of Card Games p. 95): every rule is data of the core
described in ``cardrules/pinochle.yaml``; this plugin registers the game and its heuristic bot."""
