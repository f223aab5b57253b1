"""Auction Pinochle for three and Partnership Auction Pinochle for four (Parlett, Penguin p. 95).

Both games are data (``cardrules/auction-pinochle.yaml``, ``cardrules/partnership-auction-pinochle.yaml``)
over the core's phase kinds (auction, widow, name-trump, show-melds, contract, discard, tricks,
settle); this plugin registers them and their heuristic bot, which follows the seed's advice.
"""
