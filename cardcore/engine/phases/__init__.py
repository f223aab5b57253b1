"""Phase kinds: the registry of what each kind of phase is and does, looked up by the ``kind`` of
a rules file's phase, and the rules schema built from it.

Each kind is one module (``cardcore/engine/phases/<kind>.py``, or a plugin's): its schema (the
pydantic model of the phase as a rules file writes it, a :class:`cardcore.ruleset.PhaseBase`
whose ``kind`` field is ``Literal["<kind>"]``), and its handler, an object with

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
  forbids it;
- optionally ``prompt(state)`` (the decision in words), ``rule(state)`` (the phase whose decision
  is due, for one asked as the cards are dealt), ``habitual(state)`` (see
  :func:`habitual_action`), ``action_space(game, rule)`` (the adapters' actions of the kind);
- optionally ``verbs`` and ``refusal(state, action)``: a verb of the kind's own typed while its
  decision is not due is refused in the kind's words (:func:`refusal_out_of_turn`);
- optionally ``declined(state)``, for a phase done as the cards are dealt whose offer a ``pass``
  declines: (what the seat did not do, why it might have), in words;
- optionally ``void_deal`` (a key of the round's summary), ``void_words`` and
  ``void_told(names, value)``: the kind may void the deal (:func:`deal_again`, e.g. a hand given
  up for a fresh deal); such a deal does not count towards a game of so many deals.

:data:`PHASE_KINDS` maps a kind to its handler and :data:`PHASE_SCHEMAS` to its schema;
:func:`register_phase_kind` adds one, in its own module, without touching the others. A plugin
registers its own kinds through the hook ``register_phase_kinds`` (:mod:`cardcore.hookspecs`),
called as the plugins are loaded, before any rules file is read. :func:`rules_schema` is the
:class:`~cardcore.ruleset.RulesFile` whose ``phases`` are the kinds registered, each phase's
``after_trick`` the step kinds registered (:mod:`..steps`): a ``kind`` none of them has is refused
at its line, the valid kinds listed.

``tricks`` (:mod:`.tricks`: tricks with or without a stock, their after-trick steps in
:mod:`..steps`) is the kind of every phase of play of the two-player games. ``deal``
(:mod:`.deal`) and the kinds whose schema gives a ``deal_order`` (a plugin's, e.g. a guess) are
done as the cards are dealt (``RulesFile.deal_phases``), before the first phase of play begins its tricks,
and take no phase index of their own.
"""

from .registry import (OFFERS, PHASE_KINDS, PHASE_SCHEMAS, ask, counted_deals, deal_again,  # noqa: F401
                       decision_handler, declined_offer, enter_phase_named, habitual_action, log, next_phase,
                       out_of_turn_verbs, phase_of_kind, play_on, refusal_out_of_turn, register_offer, register_phase_kind,
                       rules_schema, score, unregister_phase_kind, void_deal_kind, voids_deals)


# the kinds that ship with cardcore, each registered by its module
# (in the order their tags are listed when a kind is unknown)
from . import tricks  # noqa: E402,F401
from . import auction, widow, name_trump, show_melds, contract, discard, settle  # noqa: E402,F401
from . import deal  # noqa: E402,F401
