"""Penchant, the two-player trick-and-draw game of J. S. McTear ("Jack Smarte", 1893).

Described without attribution in Foster's Complete Hoyle (1897) and reconstructed by Jonathan
Kandell (2010, rev. 2020). The rules are data in ``cardrules/penchant.yaml``; this plugin holds only
what no table can express: blocking of minor sets by the opponent's elder sets, and the
"get out of jail free" seven of the variations.
"""
