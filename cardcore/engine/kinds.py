"""The kinds of decision a state can ask for (``State.decision``).

``play``: a card to the trick; ``declare``: a declaration turn (melds, an exchange, game verbs,
``pass``). ``exchange`` is the verb of the turn-up
exchange. ``play C from table`` (FROM_TABLE) plays the table's copy of C (with two packs or
more, where a table card is always written so): a plain ``play C`` takes the hand's copy when the
hand holds one. A new phase kind may ask for a decision of its own kind (e.g. ``bid``): it names
it in ``State.decision`` and answers ``legal_actions`` for it.
"""

import re

from .moved import left_names

PLAY, DECLARE = "play", "declare"
DISCARD = "discard"  # the declarer lays cards aside (engine.phases.discard)
EXCHANGE = "exchange"
FROM_TABLE = "from table"

_DIGITS = re.compile(r"[0-9]+")


def read_amount(word: str, high: int) -> int | None:
    """The amount of an action such as ``bid N`` or ``guess N``: None unless ``word`` is ASCII
    digits (str.isdigit() also passes '²', '٣' and '３', which int() refuses or reads as 3), and
    ``high + 1`` for any amount above ``high``, however long (int() refuses 4,301 digits)."""
    if not _DIGITS.fullmatch(word):
        return None
    digits = word.lstrip("0") or "0"
    return high + 1 if len(digits) > len(str(high)) else min(int(digits), high + 1)


__getattr__ = left_names(__name__)  # a name that left for a game's plugin, told where it went
