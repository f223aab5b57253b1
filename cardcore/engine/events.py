"""Events: what happened, the public log read by statistics, the table and plugins'
``notable_events``. Each kind is a small slotted class with its documented fields, made by
``log(state, kind, **fields)``: an unknown kind, or a field missing or unknown to the kind, is a
programming error raised there (:class:`EventError`), not an odd entry found later. The classes
are slotted but not frozen: a frozen dataclass sets each field through ``object.__setattr__``,
which made building an event three times as slow as the dict it replaces; nothing writes to an
event once logged (a deal thrown in cancels its scores with new events).

An event reads by attribute (``e.seat``) and, as the log's readers always have, as a read-only
mapping with its ``type`` (``e["type"]``, ``e.get("card")``); :meth:`Event.to_dict` is its plain
JSON form, the mapping as it was logged (a score event's optional details only when given).
:data:`EVENT_TYPES` maps each kind to its class; :func:`register_event` adds one (a plugin's own).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Iterator


class EventError(TypeError):
    """An event built wrongly: a programming error in the code that logged it."""


class Event(Mapping):
    """One event. ``type`` is the kind's name; the fields are the subclass's."""

    __slots__ = ()
    type: ClassVar[str]
    _keys: ClassVar[tuple[str, ...]]  # the fields, then "type": the order they are read in
    _optional: ClassVar[frozenset[str]] = frozenset()  # fields present only when not None

    def __getitem__(self, key: str) -> Any:
        if key == "type":
            return self.type
        if key in self._keys:
            value = getattr(self, key)
            if value is not None or key not in self._optional:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        optional = self._optional
        return (k for k in self._keys if k not in optional or getattr(self, k) is not None) \
            if optional else iter(self._keys)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain JSON data: its fields and its ``type`` (lists copied)."""
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.items()}


EVENT_TYPES: dict[str, type[Event]] = {}


def register_event(kind: str):
    """Class decorator: make the class a slotted dataclass and the event of ``kind``."""
    def register(cls):
        if kind in EVENT_TYPES:
            raise ValueError(f"event kind {kind!r} is registered already")
        cls = dataclass(slots=True)(cls)
        cls.type = kind
        cls._keys = tuple(f.name for f in fields(cls)) + ("type",)
        EVENT_TYPES[kind] = cls
        if "EVENT_FIELDS" in globals():  # a kind registered later (a plugin's)
            EVENT_FIELDS[kind] = _always(cls)
        return cls
    return register


def make_event(kind: str, **data: Any) -> Event:
    """The event of ``kind`` with these fields; :class:`EventError` if the kind or a field is wrong."""
    try:
        return EVENT_TYPES[kind](**data)
    except KeyError:
        raise EventError(f"unknown event kind {kind!r}; kinds: {', '.join(sorted(EVENT_TYPES))}") from None
    except TypeError as exc:  # a field missing, or one the kind does not have
        raise EventError(f"event {kind!r}: {exc}") from None


@register_event("deal")
class Deal(Event):
    dealer: int
    round: int


@register_event("phase")
class Phase(Event):
    phase: str
    rule: str  # the phase's trick obligations in letters, e.g. FTR


@register_event("play")
class Play(Event):
    _optional = frozenset({"from_table"})
    seat: int
    card: str
    from_table: bool | None = None  # True: the card was played from the seat's table (its melds)


@register_event("trick")
class Trick(Event):
    winner: int
    cards: list[str]


@register_event("draw")
class Draw(Event):
    seat: int
    card: str
    left: int  # cards left in the stock


@register_event("turn")
class Turn(Event):
    seat: int
    card: str


@register_event("trump")
class Trump(Event):
    suit: str | None  # None: trump cancelled
    seat: int
    reason: str


@register_event("meld")
class Meld(Event):
    _optional = frozenset({"to_score", "scored_later"})
    seat: int
    cards: list[str]
    name: str
    points: int
    to_score: bool | None = None  # shown now, to score on a later trick (not scored yet)
    scored_later: bool | None = None  # shown at an earlier turn, scored now


@register_event("exchange")
class Exchange(Event):
    seat: int
    card: str
    turnup: str


@register_event("pass")
class Pass(Event):
    seat: int


class _Scored(Event):
    """Points scored, and what scored them where it helps to say: the ``meld``, the ``card``,
    the ``count`` of counted cards, ``all_tricks`` (a last trick that took them all), the
    ``cards`` shown (carte blanche); ``void`` cancels an earlier score of a void deal. Each
    detail is present only when given."""

    __slots__ = ()
    _optional = frozenset({"meld", "card", "count", "all_tricks", "void", "cards"})


@register_event("score")
class Score(_Scored):
    seat: int
    points: int
    source: str
    meld: str | None = None
    card: str | None = None
    count: int | None = None
    all_tricks: bool | None = None
    void: bool | None = None
    cards: list[str] | None = None


# a deal's points in a game that settles deals against a contract: they reach the scores only
# through the settlement (a score event)
@register_event("deal-points")
class DealPoints(Score):
    pass


@register_event("bid")
class Bid(Event):
    seat: int
    bid: int | None  # None: a pass


@register_event("widow")
class Widow(Event):
    seat: int
    cards: list[str]


@register_event("discard")
class Discard(Event):
    seat: int  # the cards are the declarer's secret


@register_event("concede")
class Concede(Event):
    seat: int


@register_event("settle")
class Settle(Event):
    declarer: int
    bid: int
    outcome: str


@register_event("round-end")
class RoundEnd(Event):
    round: int
    points: list[int]
    scores: list[int]


@register_event("game-end")
class GameEnd(Event):
    winner: int | None
    game_score: int
    lurched: bool
    totals: list[int]


@register_event("target")
class Target(Event):
    target: int


# Each kind's fields that every event of it has (the optional details of a score left out).
def _always(cls) -> tuple[str, ...]:
    return tuple(k for k in cls._keys if k != "type" and k not in cls._optional)


EVENT_FIELDS: dict[str, tuple[str, ...]] = {kind: _always(cls) for kind, cls in EVENT_TYPES.items()}


def log(state, kind: str, **data: Any) -> None:
    """Log the event of ``kind`` with these fields, when ``state`` logs events (a quiet search
    world does not), or keeps those of this kind (:func:`keep_only`)."""
    if state.log_events or state.kept_events and kind in state.kept_events:
        try:  # make_event's work, without a call and a copy of the fields more per event
            state.events.append(EVENT_TYPES[kind](**data))
        except (KeyError, TypeError):
            state.events.append(make_event(kind, **data))  # which says what is wrong


# The kinds a state logs only with its whole log: a quiet state's cards, draws and passes go
# through the playout kernel (engine.kernel), which logs none of them.
WHOLE_LOG_ONLY = frozenset({"play", "draw", "pass"})


def keep_only(state, kinds) -> None:
    """Make ``state`` log only the events of ``kinds`` (and of ``deal``, from which a deal thrown
    in takes back its scores), before its first deal. Its log is then the whole log's events of
    those kinds, in the same order, and it plays on the kernel as a quiet state does
    (tests/core/test_two_paths.py). Asked for a kind of :data:`WHOLE_LOG_ONLY`, it keeps the
    whole log, on the reference path. An unknown kind is an :class:`EventError`."""
    kinds = frozenset(kinds)
    unknown = kinds - EVENT_TYPES.keys()
    if unknown:
        raise EventError(f"unknown event kind(s) {', '.join(sorted(unknown))}; kinds: {', '.join(sorted(EVENT_TYPES))}")
    if kinds & WHOLE_LOG_ONLY:
        state.log_events, state.kept_events = True, None
    else:
        state.log_events, state.kept_events = False, kinds | {"deal"}
