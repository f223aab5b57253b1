"""The kinds of decision a state can ask for (``State.decision``).

``play``: a card to the trick; ``declare``: a declaration turn (melds, an exchange, game verbs,
``pass``); ``throw-in``: throw the hand in or ``pass``. ``exchange`` is the verb of the turn-up
exchange. ``play C from table`` (FROM_TABLE) plays the table's copy of C (with two packs or
more, where a table card is always written so): a plain ``play C`` takes the hand's copy when the
hand holds one. A new phase kind may ask for a decision of its own kind (e.g. ``bid``): it names
it in ``State.decision`` and answers ``legal_actions`` for it.
"""

PLAY, DECLARE, THROW_IN = "play", "declare", "throw-in"
EXCHANGE = "exchange"
FROM_TABLE = "from table"
