"""Events: what happened, as plain dicts with a ``type`` (the public log read by statistics,
the table and plugins' ``notable_events``). :data:`EVENT_FIELDS` lists the fields of each type.
"""

from __future__ import annotations

from typing import Any


# Each event type and the fields it always has (besides ``type``). ``score`` events also carry
# what scored (``meld``, ``card``, ``count``, ``void``...); a plugin's own events are its own.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("dealer", "round"),
    "phase": ("phase", "rule"),
    "play": ("seat", "card"),
    "trick": ("winner", "cards"),
    "draw": ("seat", "card", "left"),
    "turn": ("seat", "card"),
    "trump": ("suit", "seat", "reason"),
    "meld": ("seat", "cards", "name", "points"),
    "exchange": ("seat", "card", "turnup"),
    "pass": ("seat",),
    "throw-in": ("seat",),
    "score": ("seat", "points", "source"),
    # a deal's points in a game that settles deals against a contract: they reach the scores
    # only through the settlement (a score event)
    "deal-points": ("seat", "points", "source"),
    "bid": ("seat", "bid"),
    "widow": ("seat", "cards"),
    "discard": ("seat",),
    "concede": ("seat",),
    "settle": ("declarer", "bid", "outcome"),
    "round-end": ("round", "points", "scores"),
    "game-end": ("winner", "game_score", "lurched", "totals"),
    "claim": ("seat", "right"),
    "target": ("target",),
}


class EventsMixin:
    """The event log. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    def _event(self, kind: str, **data: Any) -> None:
        if self.log_events:
            data["type"] = kind
            self.events.append(data)
