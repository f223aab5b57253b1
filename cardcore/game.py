"""A game: its rules file, compiled for one choice of options, and the factory of its states.

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
from .engine.compiled import CompiledDeal, compile_phases
from .engine.kinds import FROM_TABLE
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
        self.rules: RulesFile = _compiled(type(self), tuple(self.options.items()))
        r = self.rules
        self.deck = Deck(
            tuple(r.deck.ranks), tuple(r.deck.suits), r.deck.packs,
            {s: tuple(o) for s, o in r.deck.suit_order_exceptions.items()},
        )
        # per phase, the deck whose strengths rank that phase's tricks (a phase may rank its
        # tricks otherwise, e.g. the Ten at whist rank in Bezique's end game): same cards
        self.trick_decks = [self.deck if getattr(p, "ranks", None) is None else
                            Deck(self.deck.ranks, self.deck.suits, self.deck.packs,
                                 {s: tuple(p.ranks) for s in self.deck.suits}) for p in r.phases]
        self.play_action = ["play " + name for name in self.deck.names]
        # With two packs or more a card named in `play` comes from hand when the hand holds one,
        # and a card played from the table is written with this action: always, not only while
        # the hand holds its twin, or the name would tell the other seats what the hand holds
        self.play_from_table_action = [f"play {name} {FROM_TABLE}" for name in self.deck.names]
        self.names_table_plays = self.deck.packs > 1
        self.twins = [sum(1 << c for c in self.deck.by_name[name]) & ~(1 << i)
                      for i, name in enumerate(self.deck.names)]
        self._meld_actions: dict[int, str] = {}
        self._meld_cards: dict[int, tuple[str, ...]] = {}
        self._step_melds: dict[int, frozenset[str]] = {}
        melds = [m for m in r.melds if m.enabled]  # a meld "by agreement" is off without it
        self.meld_table = MeldTable(self.deck, melds, tuple(r.sequence_order or r.deck.ranks))
        self.meld_by_name = {m.name: m for m in melds}
        # a deal settled against a contract: its points are the deal's, and only the settlement
        # reaches the scores
        self.settles_deals = any(p.kind == "settle" for p in r.phases)
        self.counter_masks = {
            name: _mask_of_ranks(self.deck, c.ranks) for name, c in r.counters.items()
        }
        self.phase_index = {p.name: i for i, p in enumerate(r.phases)}
        # read at every deal: RulesFile's is a private attribute, slow to read through pydantic
        self.deal_phases = tuple(r.deal_phases)
        self.follow_rules = [p.follow_rule for p in r.phases]
        self.players = r.players
        self.table = Table(r.players, tuple(tuple(side) for side in r.sides or ()))
        # the rank whose trump card scores when played (e.g. Marjolet's unexchanged seven)
        tu = r.turnup
        self.play_points_rank = self.deck.ranks.index(tu.rank) if tu and tu.play_points else None
        # a named policy, or "laws" with the laws one by one in reuse_laws
        self.reuse_laws = None if isinstance(r.meld_reuse, str) else r.meld_reuse
        self.reuse_policy = r.meld_reuse if self.reuse_laws is None else "laws"
        # whether every meld found must hold a card from hand (with fresh_card same-class, a meld
        # of table cards is found, and the re-use laws judge it)
        self.needs_fresh_card = (self.reuse_laws.fresh_card is True if self.reuse_laws is not None
                                 else self.reuse_policy != "new-set")
        self.fresh_in_class = self.reuse_laws is not None and self.reuse_laws.fresh_card == "same-class"
        self.has_to_score = any(getattr(s, "to_score", False) for p in r.phases for s in p.after_trick)
        # melds declared beside the turn's one meld (the dix): only then is a turn whose meld
        # limit is reached searched again
        self.has_uncounted_melds = any(not m.counts_as_meld for m in r.melds)
        # the melds that may set or cancel trump as they are declared (any other leaves it)
        setting, cancelling = r.trump.set_by_meld, r.trump.cancelled_by_trump_meld
        self.trump_melds = frozenset([*(setting.melds if setting else ()), *(cancelling.melds if cancelling else ())])
        self.trump_turned_each_trick = r.trump.initial == "stock-top"
        self.scores_cards_won = any(c.when == "won" for c in r.card_points)
        # the rules as plain values, read at every card, trick and deal (engine.compiled)
        self.compiled_phases = compile_phases(self)
        self.compiled_deal = CompiledDeal(self)
        # the most a side can make in a deal: no bid above it can be made (engine.deal_limits)
        self.bid_ceiling = _bid_ceiling(self) if any(p.kind == "auction" for p in r.phases) else None

    def scaled(self, points: int) -> int:
        """A score the source quotes that the rules file does not hold (e.g. a bot's estimate),
        in this game's count (``score_scale``), as the rules' own scores are."""
        factor = self.rules.score_scale.factor if self.rules.score_scale else 1
        return scale_points(points, factor)

    def step_melds(self, step) -> frozenset[str] | None:
        """The meld kinds a declaration step admits (its ``only`` less its ``exclude``); None
        for all of them."""
        if step.only is None and not step.exclude:
            return None
        known = self._step_melds.get(id(step))  # steps live as long as the rules: id is stable
        if known is None:
            names = step.only if step.only is not None else [m.name for m in self.rules.melds]
            known = self._step_melds[id(step)] = frozenset(n for n in names if n not in step.exclude)
        return known

    def meld_action(self, mask: int) -> str:
        """The canonical ``meld ...`` action of a card set (cached: playouts meld often)."""
        action = self._meld_actions.get(mask)
        if action is None:
            action = self._meld_actions[mask] = " ".join(["meld", *self.meld_cards(mask)])
        return action

    def meld_cards(self, mask: int) -> list[str]:
        """The canonically ordered names of a meld's cards (a new list; the names are cached)."""
        names = self._meld_cards.get(mask)
        if names is None:
            names = self._meld_cards[mask] = tuple(self.deck.names_of(mask))
        return list(names)

    # -- identity --------------------------------------------------------------------------
    def non_default_options(self) -> dict[str, Any]:
        return self.option_set().non_defaults(self.options)

    def game_string(self) -> str:
        return format_game_string(self.name, self.non_default_options())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_string()}>"

    # -- states ----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None, deals: list[dict] | None = None) -> "State":
        return State(self, seed=seed, deals=deals)

    @functools.cached_property
    def declaration_hooks(self) -> tuple:
        """The game's ``meld_refusal`` and ``extra_declarations``, each None where the game keeps
        TrickGame's, which never answers anything (or says it offers no extra declarations): a
        call saved at every declaration turn; and the card sets ``meld_refusal`` may refuse
        (``refusable_melds``), None for any (always with a table of more than two packs, whose sets
        found are not the table's own masks). Worked out here, where TrickGame's own hooks are
        known, for the engine to read from every state (``state.game_hooks``)."""
        refusal, extra = self.meld_refusal, self.extra_declarations
        refusable = None if self.meld_table.canonical else self.refusable_melds
        return (None if getattr(refusal, "__func__", None) is TrickGame.meld_refusal else refusal,
                None if getattr(extra, "__func__", None) is TrickGame.extra_declarations
                or not self.offers_extra_declarations else extra,
                refusable)

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
        add to ``state.tallies`` (e.g. blocked melds). Not called in quiet states (``log_events``
        off, as in the worlds search bots sample)."""

    def notable_events(self, state: "State") -> dict[str, float]:
        """Per-game counts of this game's notable events, for ``cardcore simulate``."""
        return {}

    def action_space_extras(self) -> list[str]:
        """Every game-specific action string this game can ever offer (for fixed action spaces,
        e.g. the OpenSpiel adapter); the core's own verbs are listed by the adapter."""
        return []

    def describe_rules(self) -> list[dict]:
        """Game-specific rule descriptions for ``cardcore rules`` (e.g. blocking)."""
        return []


def _mask_of_ranks(deck: Deck, ranks: list[str]) -> int:
    mask = 0
    for r in ranks:
        mask |= deck.rank_masks[deck.ranks.index(r)]
    return mask


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


_CEILINGS: dict[tuple, int] = {}


def _bid_ceiling(game: TrickGame) -> int:
    """The game's bid ceiling, worked out once per game and option set (a pass over the pack's
    melds in each trump)."""
    key = (type(game), tuple(game.options.items()))
    if key not in _CEILINGS:
        from .engine.deal_limits import most_points_in_a_deal

        _CEILINGS[key] = most_points_in_a_deal(game)
    return _CEILINGS[key]


@functools.lru_cache(maxsize=256)
def _compiled(cls: type[TrickGame], options: tuple) -> RulesFile:
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
