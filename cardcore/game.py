"""A game: its rules file, compiled for one choice of options, and the factory of its states.

``game.rules`` is the rules file as validated (pydantic models); ``game.compiled`` the same rules
compiled once, at load, into one read-only :class:`cardcore.engine.compiled.CompiledRules`, where
the engine reads each value; ``game.hooks`` the hooks the engine asks at every declaration turn,
by name. ``deck``, ``players``, ``table``, ``meld_table`` and ``bid_ceiling`` read the compiled
rules' own; a name that moved there says so when it is read on the game.

A plugin subclasses :class:`TrickGame`, names its rules file, and overrides only the hooks for
rules that no table can express (``meld_refusal``, ``extra_declarations``, ``apply_extra``).

The hook interface is narrow: a hook is given a read-only view of the state
(:class:`cardcore.engine.view.StateView`: ``hands``, ``tableaus``, ``trump``, ``table``,
``meld_options``, ``holding``...; setting an attribute raises) and returns what happens: a refusal in words, a list of actions, an effect for the engine to
carry out (:mod:`cardcore.engine.effects`) or counts to tally. No hook calls a private method of
the state or writes its fields.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, create_model

from .cards import Deck
from .engine.compiled import CompiledRules, GameHooks
from .engine.moved import Moved
from .errors import OptionError, RulesError
from .extends import load_rules_yaml
from .melds import MeldScore, MeldTable
from .options import OptionSet, OptionSpec, format_game_string
from .engine.phases import rules_schema
from .plugins import load_kinds
from .ruleset import RulesFile
from .seats import Table
from .state import State
from .values import show_value
from .yamlsource import Sourced, branch_matches, line_of, resolve, switches, validate

PRESET_KEY = "preset"


class _OptionsSection(BaseModel):
    model_config = ConfigDict(extra="ignore")
    options: list[OptionSpec] = []
    presets: dict[str, dict[str, Any]] = {}


@dataclass(frozen=True)
class RulesSource:
    """A rules file as read from disk: checked once, in every branch of every option."""

    sourced: Sourced
    option_set: OptionSet
    presets: dict[str, dict[str, Any]]
    path: str


def read_rules(text: str | bytes, filename: str, game: str, plugin_model=None, directory=None) -> RulesSource:
    """Load and check a rules file (bytes are read as UTF-8), with the files it ``extends``
    (looked for in ``directory``, by default the file's own); every problem is a RulesError
    naming ``file:line:col``."""
    sourced = load_rules_yaml(text, filename, directory)
    section = validate(_OptionsSection, sourced)
    _check_unique_options(sourced, section.options)
    option_set = OptionSet(section.options, game)
    _check_switch_branches(sourced, option_set)
    presets = {}
    for name, values in section.presets.items():
        for key, value in values.items():  # one at a time, to name the line of the bad one
            try:
                option_set.validate({key: value})
            except OptionError as exc:
                raise RulesError(f"{line_of(sourced, ('presets', name, key))}: preset {name!r}: {exc}") from None
        presets[name] = option_set.validate(values)
    source = RulesSource(sourced, option_set, presets, filename)
    # Check the file under the defaults and under every value of every choice: a mistake in a
    # branch no one has played yet is still reported with its line, at load time.
    defaults = option_set.defaults()
    variants = [defaults]
    for spec in option_set.specs:
        for value in spec.values or ():
            if value != defaults[spec.name]:
                variants.append({**defaults, spec.name: value})
    for options in variants:
        _validate_resolved(resolve(sourced, options), plugin_model)
    return source


def _check_unique_options(sourced: Sourced, specs: list[OptionSpec]) -> None:
    first: dict[str, int] = {}
    for index, spec in enumerate(specs):
        if spec.name in first:
            where = line_of(sourced, ("options", index, "name"))
            first_line, _ = sourced.marks[("options", first[spec.name], "name")]
            raise RulesError(f"{where}: option {spec.name!r} is declared twice (first at line {first_line})")
        first[spec.name] = index


def _check_switch_branches(sourced: Sourced, option_set: OptionSet) -> None:
    """A branch for a value its option cannot take is never chosen: a typo, or a value since
    renamed. Switches on unknown options are left to ``resolve``, which lists the options."""
    specs = {spec.name: spec for spec in option_set.specs}
    for path, name, keys in switches(sourced.data):
        spec = specs.get(name) if isinstance(name, str) else None
        if spec is None:
            continue
        for key in keys:
            if spec.values is not None:
                if any(branch_matches(key, value) for value in spec.values):
                    continue
                why = f"valid values: {', '.join(show_value(v) for v in spec.values)}"
            else:  # an integer option: its own checks (a whole number, in range) judge the branch
                try:
                    option_set.validate({name: key})
                    continue
                except OptionError as exc:
                    why = str(exc)
            raise RulesError(
                f"{line_of(sourced, path + (key,))}: this switch on option {name!r} has a branch "
                f"{show_value(key)!r} that the option cannot take; {why}"
            )


def _validate_resolved(resolved: Sourced, plugin_model) -> RulesFile:
    load_kinds()  # the plugins' phase and step kinds, before the schema is built from them
    rules = validate(rules_schema(), resolved)
    if plugin_model is not None:
        wrapper = create_model(
            "PluginSection", __config__=ConfigDict(extra="ignore"), plugin=(plugin_model, ...)
        )
        validate(wrapper, resolved, context={"rules": rules})
    return rules


class TrickGame:
    """A trick-and-draw game defined by a rules file. Subclass it in a plugin."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_package: ClassVar[str] = "cardrules"
    rules_resource: ClassVar[str]
    # Schema of the file's `plugin:` data; validated with context {"rules": RulesFile}, so that
    # its validators can check names against the rest of the file.
    plugin_model: ClassVar[type[BaseModel] | None] = None

    @classmethod
    def rules_source(cls) -> RulesSource:
        return _rules_source(cls)

    @classmethod
    def option_set(cls) -> OptionSet:
        return cls.rules_source().option_set

    def __init__(self, options: dict[str, Any] | None = None):
        source = self.rules_source()
        raw = dict(options or {})
        preset = raw.pop(PRESET_KEY, None)
        if preset is not None:
            if preset not in source.presets:
                valid = ", ".join(sorted(source.presets)) or "(none)"
                raise OptionError(f"unknown preset {preset!r} for {self.name}; valid presets: {valid}")
            raw = {**source.option_set.non_defaults(source.presets[preset]), **raw}
        self.options: dict[str, Any] = source.option_set.validate(raw)
        # the rules for these options, compiled when the game is loaded (engine.compiled)
        self.compiled: CompiledRules = _compiled_rules(type(self), tuple(self.options.items()))

    # The rules' own values a plugin or a bot reads most; each lives in ``compiled``.
    @property
    def rules(self) -> RulesFile:
        """The rules file for these options, as validated (scaled by ``score_scale``)."""
        return self.compiled.file

    @property
    def deck(self) -> Deck:
        return self.compiled.deck

    @property
    def players(self) -> int:
        return self.compiled.players

    @property
    def table(self) -> Table:
        """The seats and sides (:class:`cardcore.seats.Table`)."""
        return self.compiled.table

    @property
    def meld_table(self) -> MeldTable:
        return self.compiled.meld_table

    @property
    def bid_ceiling(self) -> int | None:
        """The most a side can make in a deal: no bid above it can be made (engine.deal_limits);
        None in a game without an auction."""
        return self.compiled.bid_ceiling

    def scaled(self, points: int) -> int:
        """A score the source quotes that the rules file does not hold (e.g. a bot's estimate),
        in this game's count (``score_scale``), as the rules' own scores are."""
        factor = self.rules.score_scale.factor if self.rules.score_scale else 1
        return scale_points(points, factor)

    def meld_action(self, mask: int) -> str:
        """The canonical ``meld ...`` action of a card set (``compiled.meld_action``)."""
        return self.compiled.meld_action(mask)

    def meld_cards(self, mask: int) -> list[str]:
        """The canonically ordered names of a meld's cards (``compiled.meld_cards``)."""
        return self.compiled.meld_cards(mask)

    # -- identity --------------------------------------------------------------------------
    def non_default_options(self) -> dict[str, Any]:
        return self.option_set().non_defaults(self.options)

    def game_string(self) -> str:
        return format_game_string(self.name, self.non_default_options())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_string()}>"

    # -- states ----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None, deals: list[dict] | None = None,
                 keep_events=None) -> "State":
        """A game dealt from ``seed`` (or ``deals``, a record's). ``keep_events``: the kinds of
        events to log, the rest not (``cardcore simulate``'s, from :attr:`notable_event_kinds`);
        None, every kind (:func:`cardcore.engine.events.keep_only`)."""
        return State(self, seed=seed, deals=deals, keep_events=keep_events)

    _hooks: GameHooks | None = None  # game.hooks, once asked

    @property
    def hooks(self) -> GameHooks:
        """The hooks the engine asks at every declaration turn, by name (``meld_refusal``,
        ``extra_declarations``, each None where the game keeps TrickGame's, which never answers
        anything, or says it offers no extra declarations), and the card sets ``meld_refusal``
        may refuse (``refusable_melds``; None for any, always with a table of more than two packs,
        whose sets found are not the table's own masks). Worked out when first asked, once the
        game's own ``__init__`` has set what it sets (e.g. Penchant's ``refusable_melds``).
        Kept as a plain attribute, not a functools.cached_property: that writes to the instance's
        ``__dict__``, and a game whose dict is so made is read more slowly by the engine."""
        hooks = self._hooks
        if hooks is None:
            refusal, extra = self.meld_refusal, self.extra_declarations
            hooks = self._hooks = GameHooks(
                meld_refusal=None if getattr(refusal, "__func__", None) is TrickGame.meld_refusal else refusal,
                extra_declarations=None if getattr(extra, "__func__", None) is TrickGame.extra_declarations
                or not self.offers_extra_declarations else extra,
                refusable_melds=None if self.compiled.meld_table.canonical else self.refusable_melds,
            )
        return hooks

    # -- hooks for rules no table can express ------------------------------------------------
    def meld_refusal(self, state: "State", seat: int, meld: MeldScore) -> str | None:
        """Why ``seat`` may not declare ``meld`` now (a game-specific rule), or None."""
        return None

    # The card sets (masks of the meld table) that meld_refusal may refuse, where a game knows
    # them (e.g. Penchant's minor sets, which blocking concerns); None: any. With a table of one
    # or two packs the engine asks meld_refusal about no other meld at a declaration turn.
    refusable_melds: frozenset[int] | None = None

    # False where extra_declarations never offers anything with these options (e.g. Penchant
    # without its jail-free variation): the engine then does not ask it at every turn.
    offers_extra_declarations: ClassVar[bool] = True

    def extra_declarations(self, state: "State", seat: int) -> list[str]:
        """Game-specific actions offered alongside the melds at a declaration turn."""
        return []

    def apply_extra(self, state: "State", seat: int, verb: str, cards: list[str]) -> Any:
        """What a game-specific action does: an effect of :mod:`cardcore.engine.effects` for the
        engine to carry out (e.g. ``DeclareMeld``), None when it changes nothing but the record,
        or a string: why it is refused."""
        return f"unknown action verb {verb!r}"

    def on_declaration_turn(self, state: "State", seat: int) -> dict[str, int] | None:
        """Called when ``seat``'s declaration turn begins, to keep statistics: return counts to
        add to ``state.tallies`` (e.g. blocked melds). Called where events are logged (the
        whole log or some kinds of it: ``keep_events``), not in quiet states (as in the worlds
        search bots sample)."""

    def notable_events(self, state: "State") -> dict[str, float]:
        """Per-game counts of this game's notable events, for ``cardcore simulate``."""
        return {}

    # The kinds of events notable_events reads (beside state.tallies, the rounds and the
    # result): ``cardcore simulate`` logs only those and its own, and plays on the playout
    # kernel. None: it may read any event, and simulate keeps the whole log.
    notable_event_kinds: ClassVar[frozenset[str] | None] = None

    def action_space_extras(self) -> list[str]:
        """Every game-specific action string this game can ever offer (for fixed action spaces,
        e.g. the OpenSpiel adapter); the core's own verbs are listed by the adapter."""
        return []

    def describe_rules(self) -> list[dict]:
        """Game-specific rule descriptions for ``cardcore rules`` (e.g. blocking)."""
        return []


# What a game held before its rules were compiled into one object (``game.compiled``), and where
# each value is read now: a plugin or a script that reads an old name is told where it went.
_MOVED = {
    **{name: f"read game.compiled.{name} (the compiled rules, engine.compiled.CompiledRules)" for name in (
        "play_action", "play_from_table_action", "names_table_plays", "twins", "meld_by_name", "settles_deals",
        "counter_masks", "phase_index", "deal_phases", "play_points_rank", "reuse_laws", "reuse_policy",
        "needs_fresh_card", "fresh_in_class", "has_to_score", "has_uncounted_melds", "trump_melds",
        "step_melds")},
    "follow_rules": "a phase's trick obligations are game.compiled.phases[i].follow "
                    "(state.cphase.follow for the phase in progress)",
    "trick_decks": "a phase's deck is game.compiled.phases[i].deck (state.trick_deck for the phase in progress)",
    "trump_turned_each_trick": "read game.compiled.phases[i].trump_turned_each_trick",
    "scores_cards_won": "read game.compiled.phases[i].scores_cards_won",
    "compiled_phases": "read game.compiled.phases",
    "compiled_deal": "read game.compiled.deal",
    "declaration_hooks": "read game.hooks, by name: meld_refusal, extra_declarations, refusable_melds",
}


@functools.cache
def _rules_source(cls: type[TrickGame]) -> RulesSource:
    resource = resources.files(cls.rules_package).joinpath(cls.rules_resource)
    try:
        data = resource.read_bytes()
    except OSError as exc:
        raise RulesError(f"{cls.rules_package}/{cls.rules_resource}: cannot read rules file: {exc}") from None
    folder = resources.files(cls.rules_package)
    for part in cls.rules_resource.split("/")[:-1]:
        folder = folder.joinpath(part)
    return read_rules(data, str(resource), cls.name, cls.plugin_model, folder)


def _compiled_rules(cls: type[TrickGame], options: tuple) -> CompiledRules:
    """The rules of a game class for these options, compiled; a pickle of them is rebuilt so."""
    return CompiledRules(_rules_file(cls, options), rebuild=(_compiled_rules, (cls, options)))


@functools.lru_cache(maxsize=256)
def _rules_file(cls: type[TrickGame], options: tuple) -> RulesFile:
    source = cls.rules_source()
    return _scaled(_validate_resolved(resolve(source.sourced, dict(options)), cls.plugin_model))


def scale_points(points: int, factor: float) -> int:
    """A score in a scaled count: never scaled to nothing (a 5 divided by 10 is 1, not 0)."""
    return max(1, round(points * factor)) if points else 0


def _scaled(rules: RulesFile) -> RulesFile:
    """The rules with ``score_scale`` applied to every score it covers: melds, the turn-up's
    points, end-of-deal counts, the target, bids, a stake's base bid and bracket and a guess's
    awards (card points keep their own table)."""
    if rules.score_scale is None or rules.score_scale.factor == 1:
        return rules
    factor = rules.score_scale.factor

    def scale(points):
        if points is None:
            return None
        if isinstance(points, dict):
            return {k: scale(v) for k, v in points.items()}
        return scale_points(points, factor)

    update: dict[str, Any] = {
        "melds": [m.model_copy(update={"points": scale(m.points), "trump_points": scale(m.trump_points),
                                       "points_if_trump": scale(m.points_if_trump)}) for m in rules.melds],
        "scoring": [s.model_copy(update={"points": scale(s.points), "all_tricks_points": scale(s.all_tricks_points)})
                    for s in rules.scoring],
        "game_end": rules.game_end.model_copy(update={"target": scale(rules.game_end.target),
                                                      "raise_by": scale(rules.game_end.raise_by)}),
    }
    # each kind scales its own points (bids, stake brackets: PhaseBase.scaled)
    update["phases"] = [p.scaled(scale) for p in rules.phases]
    if rules.turnup is not None:
        tu = rules.turnup
        update["turnup"] = tu.model_copy(update={
            name: scale(getattr(tu, name))
            for name in ("turned_points", "exchange_points", "last_card_points", "play_points")})
    scaled = rules.model_copy(update=update)
    # the phases done as the cards are dealt (a guess's awards) are kept apart from the fields
    scaled._deal_phases = tuple(p.scaled(scale) for p in rules.deal_phases)
    return scaled


for _name, _where in _MOVED.items():
    setattr(TrickGame, _name, Moved(_name, _where))
del _name, _where
