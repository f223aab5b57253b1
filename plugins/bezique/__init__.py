"""Two-hand Bezique and Cinq Cents (Single Bezique): every rule is data of the core, in
``cardrules/bezique.yaml`` and ``cardrules/cinq-cents.yaml``; this plugin registers the games and
their shared heuristic bot."""
