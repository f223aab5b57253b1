"""Rules sections of a plugin's own: a top-level section of a rules file that only its games'
files write (a score for a hand dealt without courts), its schema and its behaviour registered
together, the rules schema built with it (:func:`cardcore.engine.phases.rules_schema`), so that a rule one family of
games uses is that family's plugin's, not the core's.

A section is registered with :func:`register_rules_section` (a plugin does it through the hook
``register_rules_sections``): its ``name`` (the key a rules file writes, a field of the rules
file, ``None`` where a file leaves it out; a dotted name ``game_end.<key>`` is a key of the
``game_end`` section, a field of its schema), its ``handler`` and its ``schema`` (a pydantic
model, checked, with its errors, at the file's line and column like any other section's). The
handler is an object with any of

- ``check(rules, rule)``: what the schema alone cannot check, against the whole file (``rules``,
  a :class:`cardcore.ruleset.RulesFile`; ``rule`` the section), raising
  :class:`cardcore.ruleset.LocatedValueError` at the value's path;
- ``dealt(state, rule)``: the deal is done (and its deal phases): what the section does then,
  e.g. score a hand as dealt. What it keeps for the rest of the deal it keeps in
  ``state.phase_data[name]`` (an object with ``copy()``, copied with the state);
- ``title`` and ``text(rule)``: the section in words, for the rules summary (within
  ``game_end``: ``text(rule)``, how the game is scored);

and, within ``game_end``, a section that decides how the game ends:

- ``end_game(state, rule)``: the game is over: its result (:func:`finish`);
- ``length(rule)``: the game's length in words, e.g. "one deal · rubicon 1000", or None;
- ``standing(rule, points)``: a seat's standing beside its points this deal, or "";
- ``result_text(state, rule)``: how the game score added up, or "".

A section may also be a **standing action**: an action open beside whatever decision is due
(e.g. a call that one has reached the target, which wins or loses the game at once). Its handler
then has

- ``verb(rule) -> str``: the action's word (it takes no cards);
- ``is_open(state, rule, seat) -> bool``: whether it is among ``seat``'s moves now, after the
  moves of the decision due (at every decision; cheap: the playouts ask it at every card);
- ``take(state, rule, seat, action)``: carry it out, taken when typed even where it is not listed
  (on purpose), e.g. with :func:`finish_at_once`;
- optionally ``at_once = True``: a bot takes it as soon as it is among its moves
  (:func:`cardcore.bots.simple.standing_or_rest`); ``result_key``: the key it adds to
  ``State.result`` when it decides the game (:func:`decided_at_once`);
- optionally ``question(state, rule, seat) -> str``: what a person confirms before it is taken,
  at the terminal and in the browser (and ``not_taken``, what he is told when he does not:
  :func:`standing_confirmation`); ``help_title`` and ``help(state, rule, seat) -> Line``: the
  action in the play ``help``.

:func:`standing_actions` lists a rules file's, which the compiled rules keep
(``CompiledDeal.standing``, ``CompiledPhase.standing``), and the adapters number after the turn-up
exchanges.

A section that watches the cards drawn from the stock adds a function ``(state, seat, card)`` to
``state.draw_watchers`` (a tuple, replaced, never changed in place) when it is dealt, and takes it
away when it has seen enough: the draws of a deal no one watches stay on the playouts' quiet path.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel

from ..yamlsource import LocatedValueError
from . import ending, scoring


class RulesSection(NamedTuple):
    schema: type[BaseModel]
    handler: object


RULES_SECTIONS: dict[str, RulesSection] = {}


def register_rules_section(name: str, handler: object, schema: type[BaseModel]) -> None:
    """Register the top-level rules section ``name``. The same registration twice is no change;
    another under a name taken (by cardcore's rules file or another section) is refused."""
    from ..ruleset import RulesFile

    section = RulesSection(schema, handler)
    if RULES_SECTIONS.get(name) == section:
        return
    parent, _, key = name.rpartition(".")
    holder = RulesFile.model_fields[parent].annotation if parent in RulesFile.model_fields else None
    if parent and not (isinstance(holder, type) and issubclass(holder, BaseModel)):
        raise ValueError(f"rules section {name!r}: {parent!r} is not a section of the rules file")
    if name in RULES_SECTIONS or key in (holder or RulesFile).model_fields:
        raise ValueError(f"rules section {name!r} is registered already")
    if not (isinstance(schema, type) and issubclass(schema, BaseModel)):
        raise TypeError(f"the schema of rules section {name!r} is not a pydantic model")
    RULES_SECTIONS[name] = section


def unregister_rules_section(name: str) -> None:
    """Forget a section (a plugin unloaded)."""
    RULES_SECTIONS.pop(name, None)


def sections_of(rules, within: str = "") -> list[tuple[str, object, object]]:
    """The registered sections a rules file writes (top-level, or ``within`` that section):
    (name, its rule, its handler)."""
    holder = getattr(rules, within) if within else rules
    out = []
    for name, section in RULES_SECTIONS.items():
        parent, _, key = name.rpartition(".")
        if parent == within and (rule := getattr(holder, key, None)) is not None:
            out.append((name, rule, section.handler))
    return out


def game_ending(rules) -> tuple[object, object] | None:
    """(handler, rule) of the section within ``game_end`` that decides how the game ends, or None."""
    return next(((handler, rule) for _, rule, handler in sections_of(rules, "game_end")
                 if hasattr(handler, "end_game")), None)


def standing_actions(rules) -> tuple[tuple[str, object, object], ...]:
    """The standing actions a rules file's sections give (see the module docstring): (verb, its
    handler, its rule), in the order the sections were registered."""
    return tuple((handler.verb(rule), handler, rule) for _, rule, handler in sections_of(rules)
                 if hasattr(handler, "is_open"))


def open_standing(state, seat: int) -> list[str]:
    """The verbs of the standing actions open to ``seat`` now."""
    return [verb for verb, handler, rule in state.game.compiled.deal.standing if handler.is_open(state, rule, seat)]


def standing_action(state, action: str):
    """(handler, rule) of the standing action ``action`` (its verb, typed alone) in this game, or None."""
    return next(((handler, rule) for verb, handler, rule in state.game.compiled.deal.standing if verb == action),
                None)


def standing_confirmation(state, seat: int, action: str) -> tuple[str, str] | None:
    """What a person confirms before ``seat`` takes the standing action ``action``, and what he is
    told when he does not, or None (no such action, or none to confirm)."""
    standing = standing_action(state, action)
    question = getattr(standing[0], "question", None) if standing is not None else None
    if question is None:
        return None
    return question(state, standing[1], seat), getattr(standing[0], "not_taken", "Not done: play on.")


def decided_at_once(result: dict | None) -> bool:
    """Whether a standing action decided the game whose ``result`` this is (its ``result_key``)."""
    return result is not None and any(
        getattr(section.handler, "result_key", None) in result for section in RULES_SECTIONS.values())


def dealt_sections(rules) -> tuple[tuple[object, object], ...]:
    """(its handler's ``dealt``, its rule) of each section a rules file writes that does something
    when a deal is done, in the order the sections were registered (``CompiledDeal.dealt_sections``)."""
    return tuple((dealt, rule) for _, rule, handler in sections_of(rules)
                 if (dealt := getattr(handler, "dealt", None)) is not None)


def deal_sections(state) -> None:
    """The deal is done: each section the rules write does what it does then (``dealt``)."""
    for dealt, rule in state.game.compiled.deal.dealt_sections:
        dealt(state, rule)


# What a section's handler may change of a state (plugins/ writes no state field itself)


def keep(state, name: str, data) -> None:
    """Keep ``data`` (an object with ``copy()``) as section ``name``'s for the rest of the deal."""
    state.phase_data = {**state.phase_data, name: data}


def watch_draws(state, watch) -> None:
    """Call ``watch(state, seat, card)`` at each card drawn from the stock, from now on this deal."""
    state.draw_watchers = (*state.draw_watchers, watch)


def stop_watching_draws(state, watch) -> None:
    state.draw_watchers = tuple(w for w in state.draw_watchers if w != watch)


def finish(state, winner: int | None, game_score: int, **facts) -> None:
    """The game is over: ``winner`` (a seat, None for a void game) by ``game_score``; ``facts``
    join the result (e.g. ``rubiconed``)."""
    ending.finish(state, winner, game_score, lurched=False)
    state.result.update(facts)


def finish_at_once(state, winner: int, game_score: int, **facts) -> None:
    """The game ends now, in the middle of a deal (a standing action decided it): the deal's
    summary is closed, then the game is over as :func:`finish` says."""
    scoring.close_round_summary(state)
    finish(state, winner, game_score, **facts)


def show(state, seat: int, cards: int) -> None:
    """``seat`` shows ``cards`` (a bit set of its hand) to the table: every seat knows them now."""
    state.known[seat] |= cards


def check_ranks_in_deck(rules, ranks, section: str, field: str) -> None:
    """For a section's ``check``: every rank of ``ranks`` is one of the deck's, else the error
    points at the section's ``field``."""
    unknown = set(ranks) - set(rules.deck.ranks)
    if unknown:
        raise LocatedValueError(f"rank(s) not in the deck: {sorted(unknown)}", section, field)
