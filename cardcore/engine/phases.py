"""Phase kinds: what each kind of phase does, looked up by the ``kind`` of a rules file's phase.

A phase kind is an object with

- ``enter(state, phase)``: set the phase up (``phase`` is its rule from the rules file);
- ``over(state) -> bool``: whether the phase is done, asked whenever no decision is due;

and, for a kind that asks decisions of its own (an auction's ``bid N``/``pass``, a widow's
``discard C C C``, naming trump with ``trump S``):

- ``decisions``: the names of those decision kinds (``State.decision`` takes one of them, and
  ``State.current_player`` says who acts);
- ``legal_actions(state) -> list[str]`` for such a decision;
- ``apply(state, seat, verb, args, action)``: carry it out (``args`` are the words after the
  verb, as typed: ``bid 250`` gives ``["250"]``; ``action`` the whole action), appending the
  canonical action to ``state.actions``, or raise ``IllegalAction`` naming the rule that
  forbids it.

:data:`PHASE_KINDS` maps a kind to its handler; :func:`register_phase_kind` adds one, in its own
module, without touching the others. ``tricks`` (tricks with or without a stock, their
after-trick steps in :mod:`.steps`) is the kind of every phase of play of the two-player games.
``deal`` and ``throw-in`` are done as the cards are dealt (``RulesFile.deal_phases``), before the
first phase of play begins its tricks, and take no phase index of their own.
"""

from __future__ import annotations

from .kinds import PLAY

PHASE_KINDS: dict[str, object] = {}


def register_phase_kind(kind: str, handler: object) -> None:
    if kind in PHASE_KINDS:
        raise ValueError(f"phase kind {kind!r} is registered already")
    PHASE_KINDS[kind] = handler


def decision_handler(decision: str):
    """The phase kind that asks decisions of kind ``decision``, or None."""
    for handler in PHASE_KINDS.values():
        if decision in getattr(handler, "decisions", ()):
            return handler
    return None


# Offers a phase leaves open beside the next decision, until another action is taken (e.g. the
# declarer's concession before he discards): verb -> handler(state, seat, args, action).
OFFERS: dict[str, object] = {}


def register_offer(verb: str, handler) -> None:
    if verb in OFFERS:
        raise ValueError(f"offer {verb!r} is registered already")
    OFFERS[verb] = handler


def next_phase(state) -> None:
    """A phase of decisions is over: the next phase begins, or the deal ends after the last."""
    state.decision = PLAY  # until the next phase asks a decision of its own
    if state.phase + 1 < len(state.rules.phases):
        state._enter_phase(state.phase + 1)
    else:
        state._end_round()


def enter_phase_named(state, name: str) -> None:
    """Skip to the phase ``name`` (e.g. a contract won without play goes to the settlement)."""
    state.decision = PLAY
    state._enter_phase(state.game.compiled.phase_index[name])


def phase_of_kind(state, kind: str):
    """The name of the deal's first phase of ``kind``, or None."""
    return next((p.name for p in state.rules.phases if p.kind == kind), None)


class TricksKind:
    """Tricks until the stock is empty (``until: stock-empty``) or the hands are (``hands-empty``,
    also a deal without a stock). Cards melded may be played from the table
    (``play_from_tableau``); ``on_start: [tableau-to-hand]`` takes them back into hand."""

    decisions = ()

    def enter(self, state, phase) -> None:
        compiled = state.cphase  # the phase's rules as plain values (engine.compiled)
        for step in compiled.on_start:
            if step == "tableau-to-hand":
                for s in range(state.n):
                    state.lapse_waiting(s, state.tableaus[s])  # nothing is declared any more
                    state.hands[s] |= state.tableaus[s]
                    state.tableaus[s] = 0
        if state.log_events:
            state._event("phase", phase=phase.name, rule=compiled.follow.letters)

    def over(self, state) -> bool:
        if state.cphase.until_stock_empty:
            return state.stock_pos >= len(state.stock)
        return not any(state.hands) and not any(state.tableaus)


register_phase_kind("tricks", TricksKind())


class DealKind:
    """The deal (kind ``deal``): the cards are in hand as dealt (``State._start_deal``), and trump
    is found as the rules say: the turn-up's suit, or the stock's top card turned."""

    decisions = ()

    def enter(self, state, phase) -> None:
        state._deal_trump()

    def over(self, state) -> bool:
        return True


class ThrowInKind:
    """The throw-in (kind ``throw-in``): from the leader, each player holding none of the ranks of
    the ``throw_in`` rule is asked to ``throw-in`` or ``pass`` (``State.decision`` ``throw-in``)
    before the first lead; a hand thrown in voids the deal."""

    decisions = ()  # its decision is one of the core's (kinds.THROW_IN)

    def enter(self, state, phase) -> None:
        state._offer_throw_in()

    def over(self, state) -> bool:
        return not state.throw_in_offers


register_phase_kind("deal", DealKind())
register_phase_kind("throw-in", ThrowInKind())
