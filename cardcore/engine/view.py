"""The read-only view of a state that a game's hooks are given.

A hook (``TrickGame.meld_refusal``, ``extra_declarations``, ``apply_extra``,
``on_declaration_turn``, ``notable_events``) reads the state through a :class:`StateView` and
returns what happens: a refusal in words, actions to offer, an effect for the engine to carry
out (:mod:`cardcore.engine.effects`) or counts to tally. It never changes the state: setting or
deleting an attribute of the view raises ``AttributeError``, and the view has no private
methods to call. The state's containers are shown read-only, one level deep, by the way a clone
copies them (``engine.data.FIELDS``): a list as a tuple (per seat: hands, tableaus, scores...;
a few ints each, and the logs, which playouts keep empty or short), a list of lists or sets as
a tuple of tuples or frozensets, a dict as a ``MappingProxyType``, the round summaries as a
tuple of such proxies. A copy costs a frame and a few ints per read (hooks run at every
declaration turn of every playout); the items inside (an event, a meld_log entry, a round's
lists) are still the state's own and must not be changed, which
``tests/core/test_hook_interface.py`` checks in the plugins' and bots' code.

What a view shows is :data:`VIEW_FIELDS` (data) and :data:`VIEW_METHODS` (queries), each
described in :mod:`cardcore.engine.data` or at its method.
"""

from __future__ import annotations

from operator import attrgetter
from types import MappingProxyType

from . import data

# The fields a hook may read (see engine.data.FIELDS for what each holds).
VIEW_FIELDS: tuple[str, ...] = (
    "game", "deck", "rules", "n", "table", "seed", "log_events",
    "deals", "actions", "events", "scores", "side_scores", "result", "tallies", "target",
    "first_to_target", "current_player", "dealer", "hands", "tableaus", "widow", "faced",
    "stock", "stock_pos", "turned", "scored_specials", "trump", "trump_fixed", "phase",
    "follow", "trick", "trick_seats", "tricks_played", "trick_winners", "won", "round_points",
    "meld_log", "meld_history", "rounds", "known", "voids", "winner", "loser", "leader",
    "winner_passed", "decision", "declarer", "bids", "contract", "outcome", "shown",
)

# The public queries a hook may call; none changes the state.
VIEW_METHODS: tuple[str, ...] = (
    "is_terminal", "legal_actions", "observation", "stock_left", "phase_rule", "holding",
    "playable", "meld_options", "declarable", "open_melds", "reuse_refusal", "explain_meld",
    "declare_step", "next_step", "card_value", "counter_counts", "describe_trump",
)


class StateView:
    """A read-only window on one state: its public fields and queries, nothing else."""

    __slots__ = ("_state",)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(
            f"cannot set {name!r}: a hook's state view is read-only; return what happens instead "
            "(a refusal, actions, an effect of cardcore.engine.effects, or counts to tally)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r}: a hook's state view is read-only")

    def __repr__(self) -> str:
        return f"<read-only view of {self._state.game.name} state>"


_new_view = object.__new__
_set_viewed_state = StateView._state.__set__  # the slot's own setter: the view refuses setattr


def view_of(state) -> StateView:
    """A read-only view of ``state``: what a game's hooks are given (``State.view`` is this
    function). It reads through, so it never goes stale. A new one each time (a few a deal): a
    view kept on the state would tie the two in a reference cycle, and a finished state would
    then wait for the cyclic garbage collector instead of being freed at once (in playouts that
    collector ran every few games and cost some 3 % of their time)."""
    view = _new_view(StateView)  # no __init__: one frame less, at every hook a playout asks
    _set_viewed_state(view, state)
    return view


def _read_only(how: str):
    """How a field copied by a clone as ``how`` is shown (None: as it is, immutable or only
    ever replaced)."""
    if how == data.LIST:
        return tuple
    if how == data.LISTS:
        return lambda v: tuple(map(tuple, v))
    if how == data.SETS:
        return lambda v: tuple(map(frozenset, v))
    if how in (data.DICT, data.DICT_OR_NONE, data.PHASE_DATA):
        return lambda v: None if v is None else MappingProxyType(v)
    if how == data.ROUNDS:
        return lambda v: tuple(map(MappingProxyType, v))
    return None


def _field_property(name: str, how: str) -> property:
    shown = _read_only(how)
    if shown is None:  # attrgetter: no Python frame per read
        return property(attrgetter("_state." + name))
    return property(lambda view: shown(getattr(view._state, name)))


_COPIED_AS = {name: how for name, how, _ in data.FIELDS}
for _name in VIEW_FIELDS:
    setattr(StateView, _name, _field_property(_name, _COPIED_AS.get(_name, data.SHARED)))
for _name in VIEW_METHODS:  # a query is its bound method
    setattr(StateView, _name, property(attrgetter("_state." + _name)))
del _name
