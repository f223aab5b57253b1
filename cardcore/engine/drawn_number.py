"""A number drawn by chance as the cards are dealt, for a phase kind done at the deal that asks
one (a plugin's, e.g. a guess): its schema's common part and what the
engine and the adapters do with the number, whatever the kind does with it.

The number is the deal's: drawn from the deal's own generator after the cards (so a game without
one deals exactly as before), ``aim - spread`` to ``aim + spread``, each as likely, kept in the
deal's record under the rule's ``outcome`` name and checked there when a record is loaded. It is
hidden from every seat until the kind shows it, putting ``outcome`` in the round's summary (and
logging an event of the kind's name with the field ``outcome``): until then a world sampled for a
search draws it again (:func:`redraw_hidden`), and the OpenSpiel adapter makes it a chance node.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field, model_validator

from ..errors import RecordError
from ..ruleset import DecisionPhase
from ..yamlsource import LocatedValueError
from .draws import below


class DrawnNumberPhase(DecisionPhase):
    """The schema of such a kind (subclassed with its ``kind``): the number's name in the deal
    record (``outcome``), what it counts in words (``what``), ``aim`` and ``spread``.
    ``enabled: false`` (an option's agreement): no such phase."""

    # a phase done as the cards are dealt, after another such phase (which it is not played with)
    deal_order: ClassVar[int | None] = 2
    enabled: bool = True
    outcome: str = Field(pattern=r"^[a-z][a-z_]*$", description="the deal's field holding the number drawn")
    what: str = Field(min_length=1, description="what the number counts, in words")
    aim: int = Field(ge=0)
    spread: int = Field(ge=1)

    @model_validator(mode="after")
    def _in_range(self) -> "DrawnNumberPhase":
        if self.spread > self.aim:
            raise LocatedValueError(f"spread {self.spread} exceeds aim {self.aim}: a count below 0", "spread")
        return self

    @property
    def low(self) -> int:
        return self.aim - self.spread

    @property
    def high(self) -> int:
        return self.aim + self.spread


def drawn_number_rule(rules) -> DrawnNumberPhase | None:
    """The phase of the compiled rules (``game.compiled``) that draws a number at the deal, or
    None (none listed, or not agreed)."""
    return next((p for p in rules.deal_phases if isinstance(p, DrawnNumberPhase)), None)


def draw(rule: DrawnNumberPhase, getrandbits) -> int:
    """The number drawn: ``low`` to ``high``, each as likely (rejection on ``getrandbits``, as the
    deal's shuffle draws, the same on every Python version)."""
    return rule.low + below(getrandbits, 2 * rule.spread + 1)


def check_outcome(rule: DrawnNumberPhase, where: str, value) -> int:
    """A deal record's number, or a RecordError saying where and why."""
    if type(value) is not int or not rule.low <= value <= rule.high:
        raise RecordError(f"{where}: {rule.outcome!r} must be a whole number from {rule.low} to {rule.high} "
                          f"({rule.aim} give or take {rule.spread}), not {value!r}")
    return value


def shown(state) -> bool:
    """Whether this deal's number has been shown."""
    return state.game.compiled.deal.drawn_number.outcome in state.rounds[-1]


def redraw_hidden(state, world, rng) -> None:
    """In ``world``, a search's copy of ``state``, a number not yet shown is drawn again: no seat
    knows it before it is shown."""
    rule = state.game.compiled.deal.drawn_number
    if rule is None or shown(state):
        return
    world.deals = world.deals[:-1] + [{**world.deals[-1], rule.outcome: draw(rule, rng.getrandbits)}]
    world.given_deals = list(world.deals)
