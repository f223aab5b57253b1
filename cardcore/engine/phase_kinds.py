"""The phase kinds registered, by name: the table the engine and the rules schema look a kind up
in. It holds no kind of its own (each registers itself from its module, :mod:`.phases`, or a
plugin's), so that what reads it (the compiled rules, the course of a game) need not import the
kinds, which call back into the course of a game."""

from __future__ import annotations

from typing import get_args

PHASE_KINDS: dict[str, object] = {}
PHASE_SCHEMAS: dict[str, type] = {}
# the rules schemas built for the kinds registered (engine.phases.rules_schema), made again after
# a change
BUILT_SCHEMAS: dict[tuple, type] = {}
# (its void_deal mark, its handler) of each kind registered that voids deals, made again after a
# change: void_deal_kind asks only these, at the end of every game of so many deals
VOIDING_KINDS: list[tuple[str, object]] = []


def _note_voiding_kinds() -> None:
    VOIDING_KINDS[:] = [(mark, handler) for handler in PHASE_KINDS.values()
                        if (mark := getattr(handler, "void_deal", None)) is not None]


def register_phase_kind(kind: str, handler: object, schema: type | None = None) -> None:
    """Register the phase kind ``kind``: its ``handler`` and its ``schema`` (without one, no rules
    file can name the kind). The same registration twice is no change; another under a name
    taken is refused."""
    if kind in PHASE_KINDS:
        if PHASE_KINDS[kind] is handler and PHASE_SCHEMAS.get(kind) is schema:
            return
        raise ValueError(f"phase kind {kind!r} is registered already")
    if schema is not None:
        named = get_args(schema.model_fields["kind"].annotation) if "kind" in schema.model_fields else ()
        if named != (kind,):
            raise ValueError(f"the schema of phase kind {kind!r} needs the field kind: Literal[{kind!r}]")
        PHASE_SCHEMAS[kind] = schema
    PHASE_KINDS[kind] = handler
    BUILT_SCHEMAS.clear()
    _note_voiding_kinds()


def unregister_phase_kind(kind: str) -> None:
    """Forget a kind (a plugin unloaded)."""
    PHASE_KINDS.pop(kind, None)
    PHASE_SCHEMAS.pop(kind, None)
    _note_voiding_kinds()


def void_deal_kind(round_summary: dict):
    """The kind (its handler) that voided the deal of ``round_summary``, or None: a phase kind
    whose ``void_deal`` key the summary has (with ``void_words``, e.g. "thrown in", and
    ``void_told(names, value)``, the deal voided in a sentence)."""
    for mark, handler in VOIDING_KINDS:
        if mark in round_summary:
            return handler
    return None


def counted_deals(rounds: list[dict]) -> int:
    """The deals that count towards a game of so many deals: neither voided (:func:`void_deal_kind`)
    nor annulled."""
    return sum(1 for r in rounds if void_deal_kind(r) is None and r.get("outcome") != "annulled")
