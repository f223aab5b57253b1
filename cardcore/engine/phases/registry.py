"""The registry of phase kinds (see the package :mod:`cardcore.engine.phases`; the table itself is
:mod:`cardcore.engine.phase_kinds`), the rules schema built from it, and what a kind calls to
ask a decision, score, log and go on to the next phase."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Discriminator, Field, Tag, create_model

from ...ruleset import PhaseBase, RulesFile
from .. import scoring
from ..events import log  # noqa: F401  (a kind logs its events with it, from here)
from ..dealing import void_deal
from ..flow import end_round, enter_phase, start_deal
from ..kinds import PLAY
from ..phase_kinds import (BUILT_SCHEMAS, PHASE_KINDS, PHASE_SCHEMAS, counted_deals,  # noqa: F401
                           register_phase_kind, unregister_phase_kind, void_deal_kind)
from ..sections import RULES_SECTIONS
from ..steps import STEP_KINDS, STEP_SCHEMAS


def _phase_kind(value) -> str:
    return value.get("kind", "tricks") if isinstance(value, dict) else getattr(value, "kind", "tricks")


def rules_schema() -> type[RulesFile]:
    """The rules file's schema for the phase and step kinds and the rules sections registered now
    (built once for them)."""
    key = (tuple(PHASE_SCHEMAS.items()), tuple(STEP_SCHEMAS.items()), tuple(RULES_SECTIONS.items()))
    built = BUILT_SCHEMAS.get(key)
    if built is None:
        step = Annotated[Union[tuple(STEP_SCHEMAS.values())], Field(discriminator="step")]
        schemas = {kind: _with_steps(schema, step) for kind, schema in PHASE_SCHEMAS.items()}
        phase = Annotated[Union[tuple(Annotated[s, Tag(k)] for k, s in schemas.items())], Discriminator(_phase_kind)]
        built = create_model("RulesFile", __base__=RulesFile, __module__=RulesFile.__module__,
                             phases=(list[phase], Field(min_length=1)), **_section_fields())
        built.phase_schemas = dict(schemas)
        built.section_checks = {tuple(name.split(".")): section.handler.check
                                for name, section in RULES_SECTIONS.items() if hasattr(section.handler, "check")}
        BUILT_SCHEMAS.clear()
        BUILT_SCHEMAS[key] = built
    return built


def _section_fields() -> dict:
    """The fields the rules sections registered add: top-level, and within a section (whose
    schema is then a subclass of cardcore's with those fields)."""
    fields, within = {}, {}
    for name, section in RULES_SECTIONS.items():
        parent, _, key = name.rpartition(".")
        (within.setdefault(parent, {}) if parent else fields)[key] = (section.schema | None, None)
    for parent, added in within.items():
        base = RulesFile.model_fields[parent].annotation
        fields[parent] = (create_model(base.__name__, __base__=base, __module__=base.__module__, **added), ...)
    return fields


def _with_steps(schema: type[PhaseBase], step) -> type[PhaseBase]:
    """``schema`` whose ``after_trick`` (a phase of tricks') lists the step kinds registered."""
    if "after_trick" not in schema.model_fields:
        return schema
    return create_model(schema.__name__, __base__=schema, __module__=schema.__module__,
                        after_trick=(list[step], []))


def decision_handler(decision: str):
    """The phase kind, or the step kind, that asks decisions of kind ``decision``, or None."""
    for handler in (*PHASE_KINDS.values(), *STEP_KINDS.values()):
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
        enter_phase(state, state.phase + 1)
    else:
        end_round(state)


def ask(state, decision: str, seat: int) -> None:
    """Ask ``seat`` for a decision of ``decision`` (a kind's own): what a kind of a plugin calls,
    rather than write the state's fields."""
    state.decision = decision
    state.current_player = seat


def play_on(state) -> None:
    """A decision asked before a trick is taken: play goes on, the leader to lead."""
    state.decision = PLAY
    state.current_player = state.leader


def score(state, seat: int, points: int, label: str, detail: dict | None = None) -> None:
    """``seat`` scores ``points`` now, told as ``label`` (an event of kind ``score``, with the
    fields of ``detail``: the cards that scored...)."""
    scoring.score(state, seat, points, label, detail)


def habitual_action(state) -> str | None:
    """The action a decision of a kind's own calls for whatever the hand (its handler's
    ``habitual(state)``), or None: a decision no search can improve and no bot may look into,
    e.g. a guess of a number drawn already (a probe of the state would see it)."""
    if state.result is not None:
        return None
    habitual = getattr(decision_handler(state.decision), "habitual", None)
    return habitual(state) if habitual is not None else None


def enter_phase_named(state, name: str) -> None:
    """Skip to the phase ``name`` (e.g. a contract won without play goes to the settlement)."""
    state.decision = PLAY
    enter_phase(state, state.game.compiled.phase_index[name])


def phase_of_kind(state, kind: str):
    """The name of the deal's first phase of ``kind``, or None."""
    return next((p.name for p in state.rules.phases if p.kind == kind), None)


def deal_again(state, mark: str, value, same_dealer: bool) -> None:
    """The deal in progress is void (e.g. a hand thrown in): its round's summary says so
    (``mark``: ``value``, the key a phase kind gives as its ``void_deal``), what was scored in it is
    taken back, and the cards are dealt afresh, by the same dealer or the next."""
    state.rounds[-1][mark] = value
    void_deal(state)
    if same_dealer:
        state.next_dealer = state.dealer
    start_deal(state)


def voids_deals(rules) -> bool:
    """Whether a deal of this game may be voided (a phase kind of its with a ``void_deal``)."""
    return any(getattr(PHASE_KINDS.get(p.kind), "void_deal", None) is not None
               for p in (*rules.deal_phases, *rules.phases))


def out_of_turn_verbs() -> set[str]:
    """The verbs of kinds' own decisions that are refused in their own words while not due."""
    return {verb for handler in PHASE_KINDS.values() if hasattr(handler, "refusal")
            for verb in getattr(handler, "verbs", ())}


def refusal_out_of_turn(state, verb: str, action: str) -> str | None:
    """Why ``verb``, the verb of a kind's own decision (its handler's ``verbs``), is refused while
    that decision is not due, in its handler's words (``refusal(state, action)``), or None."""
    for handler in PHASE_KINDS.values():
        if verb in getattr(handler, "verbs", ()) and hasattr(handler, "refusal"):
            return handler.refusal(state, action)
    return None


def declined_offer(state):
    """The handler of a phase done at the deal whose offer a ``pass`` declines (its
    ``declined(state)``: what the seat did not do, and why it might have), or None."""
    for phase in state.game.compiled.deal_phases:
        handler = PHASE_KINDS.get(phase.kind)
        if hasattr(handler, "declined"):
            return handler
    return None
