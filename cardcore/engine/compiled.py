"""The rules as the engine reads them: one read-only :class:`CompiledRules` per game and option
set, built once when the game is loaded (``game.compiled``), each value in one place.

The rules file is pydantic models (:class:`cardcore.ruleset.RulesFile`, ``game.rules``), and
every attribute read on a model goes through its slow ``__getattr__`` slot; the steps of a trick
read dozens of them per trick of every playout. So the file is turned here into plain slotted
values: the deck, the seats, the meld table and the tables derived from them
(:class:`CompiledRules`), each phase as a :class:`CompiledPhase` (its trick obligations, its
deck, its steps), each after-trick step as a :class:`CompiledStep`, which the state's ``pending``
list holds (``step.rule`` is the rules file's own step, as ``declare_step()`` and ``next_step()``
return it), and what dealing, scoring and the end of a deal read as a :class:`CompiledDeal`.
Nothing here decides anything the rules file does not say: it is the same rules, read once.

A game's hooks (the methods a plugin overrides) are not rules: :class:`GameHooks` names the ones
the engine asks at every declaration turn, worked out once the game object is whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..cards import Deck
from ..melds import MeldTable
from ..ruleset import DeclareStep, MeldReuseLaws, RulesFile
from ..seats import Table
from ..tricks import replies_to_lead
from .deal_limits import most_points_in_a_deal
from .drawn_number import drawn_number_rule
from .kinds import FROM_TABLE
from .phase_kinds import PHASE_KINDS
from .sections import dealt_sections, game_ending, standing_actions
from .steps import STEP_KINDS, seats_for


class CompiledStep:
    """One after-trick step of a phase, with what the engine asks of it at every trick."""

    __slots__ = ("rule", "kind", "who", "run", "stock", "draws", "declare", "winner_passed_only", "allowed",
                 "to_score", "max_melds", "exchange", "plain", "by_winner", "search", "fresh_from_hand",
                 "plain_options", "answers", "bests")

    def __init__(self, rule, rules: CompiledRules):
        self.rule = rule
        self.kind = rule.step
        self.who = rule.who
        self.run = STEP_KINDS[rule.step]  # handler(state, step, seat) -> a decision is due
        self.stock = rule.step in ("draw", "turn-trump")  # takes a stock card: the draw gate asks first
        self.draws = rule.step == "draw"
        self.declare = isinstance(rule, DeclareStep)
        self.winner_passed_only = self.declare and rule.when == "winner-passed"
        self.allowed = rules.step_melds(rule) if self.declare else None  # meld kinds it admits, None: all
        self.to_score = self.declare and rule.to_score
        self.max_melds = rule.max_melds if self.declare else 0
        self.exchange = self.declare and rule.exchange
        # a declaration step whose turn opens with melds only (one pack: one set per action; no
        # melds waiting to score; no exchange)
        self.plain = self.declare and not self.to_score and not self.exchange and rules.deck.packs == 1
        self.by_winner = rule.who == "winner"
        # what a plain turn's meld search asks (engine.kernel): the table's search, and
        # whether a meld needs a card from hand (else any card of the holding is fresh)
        self.search = rules.meld_table.within
        self.answers = None  # the table's answers for the kinds it admits (MeldTable.answers), asked at the first turn
        # per trump (the last: none), the table's best meld of each card set found so far for the
        # kinds it admits (MeldTable.bests), asked at the first turn with that trump
        self.bests = [None] * (len(rules.deck.suits) + 1)
        self.fresh_from_hand = rules.needs_fresh_card
        # a plain turn's melds are each set's best, less what the game's hook refuses: no rule of
        # re-use to ask (a fresh card is all it needs, and the search asks for one), no meld
        # scored as the trump it would set (engine.kernel; else declaring.options_of)
        setter = rules.file.trump.set_by_meld
        self.plain_options = (self.plain and rules.reuse_policy == "fresh-card"
                              and not (setter is not None and setter.scored_as_trump))

    def __repr__(self) -> str:
        return f"<step {self.kind} by {self.who}>"


class CompiledPhase:
    """A phase of the rules file as the trick engine reads it at every card and trick."""

    __slots__ = ("index", "rule", "kind", "handler", "deck", "suit_of", "strength", "bit", "won_by", "follow", "replies", "free",
                 "shows_voids", "from_tableau", "until_stock_empty", "shows_at_first_play", "on_start", "steps",
                 "plans", "plain_play", "after", "loser_of", "trump_turned_each_trick",
                 "scores_cards_won", "trick_extras", "tricks", "standing", "play_points", "play_action",
                 "pair_plans")

    def __init__(self, rules: CompiledRules, index: int):
        file = rules.file
        rule = file.phases[index]
        self.index = index
        self.rule = rule
        self.kind = rule.kind
        self.handler = PHASE_KINDS[rule.kind]  # the kind's behaviour (engine.phases)
        # the deck whose strengths rank this phase's tricks (a phase may rank its tricks
        # otherwise, e.g. the Ten at whist rank in Bezique's end game): the same cards
        base = rules.deck
        self.deck = deck = base if getattr(rule, "ranks", None) is None else \
            Deck(base.ranks, base.suits, base.packs, {s: tuple(rule.ranks) for s in base.suits})
        self.suit_of = tuple(deck.suit_of)
        self.strength = tuple(deck.strength)
        # each card's bit: looked up, not shifted, at every card played (a shift is a generic
        # operation making a new int)
        self.bit = tuple(1 << card for card in range(len(self.suit_of)))
        players = rules.players
        self.won_by = tuple((index, winner) for winner in range(players))  # a trick_winners entry
        # the trick obligations (FollowRule, parsed from the file's letters), or None in a phase
        # without tricks; the one place the engine and the bots read them
        self.follow = rule.follow_rule
        self.free = self.follow is None or self.follow.free
        # the cards that may answer a lead, per card led and trump (every reply of a two-seat game)
        self.replies = None if self.free else replies_to_lead(deck, self.follow)
        self.shows_voids = self.follow is not None and bool(self.follow.follow or self.follow.follow_or_trump)
        self.from_tableau = bool(getattr(rule, "play_from_tableau", False))
        self.until_stock_empty = getattr(rule, "until", None) == "stock-empty"
        self.shows_at_first_play = getattr(rule, "show_melds", None) is not None  # each seat's melds, as it plays
        self.on_start = tuple(getattr(rule, "on_start", ()))
        self.steps = tuple(CompiledStep(step, rules) for step in getattr(rule, "after_trick", ()))
        table = rules.table
        self.after = table.after
        self.loser_of = tuple(table.after[w] if players == 2 else None for w in range(players))
        # per winner, the steps after the trick as (step, seat, handler) in the order they are
        # taken, a step for each seat in turn becoming one step per seat; None when a step is the
        # declarer's (then planned per declarer, in the state's step_plans)
        if any(step.who == "declarer" for step in self.steps):
            self.plans = None
        else:
            self.plans = tuple(self.plan(winner, self.loser_of[winner], None, table) for winner in range(players))
        self.play_points = rules.play_points_rank is not None  # a trump card scores when played
        self.play_action = rules.play_action  # per card, its `play` action (engine.kernel: read at every card)
        # a card played needs none of the rarer checks: no melds shown at the first card, one
        # pack (no copies to choose between, no "from table" actions), no trump card scoring
        # when played, no discard (a card seen laid aside or held: moves.before_card)
        self.plain_play = (not self.shows_at_first_play and base.packs == 1 and not self.play_points
                           and not any(p.kind == "discard" for p in file.phases))
        # the round keeps each trick's trump (a trump turned at every trick)
        self.trump_turned_each_trick = file.trump.initial == "stock-top"
        self.scores_cards_won = any(c.when == "won" for c in file.card_points)
        self.trick_extras = self.trump_turned_each_trick or self.scores_cards_won
        self.tricks = rule.kind == "tricks"  # its end asked inline, as TricksKind.over says it
        self.standing = standing_actions(file)  # actions open beside the decision due (sections)
        # the plans of a trick of two seats with no trick extras (engine.kernel wins such a
        # trick of a quiet playout in a few lines); None where a trick needs more
        self.pair_plans = self.plans if players == 2 and self.plans is not None and not self.trick_extras else None

    def plan(self, winner: int, loser: int | None, declarer: int | None, table) -> tuple:
        return tuple((step, seat, step.run) for step in self.steps
                     for seat in seats_for(step.who, winner, loser, declarer, table))


class CompiledCount:
    """An end-of-deal count (``scoring``) with its counted cards as a mask and its phase as an index."""

    __slots__ = ("rule", "kind", "mask", "phase", "points", "over", "label")

    def __init__(self, rule, rules: CompiledRules):
        self.rule = rule
        self.kind = rule.kind
        self.mask = rules.counter_masks[rule.counter] if rule.counter is not None else 0
        self.phase = None if rule.phase is None else rules.phase_index[rule.phase]
        self.points = rule.points
        self.over = rule.over
        self.label = rule.label


class CompiledDeal:
    """What dealing, scoring and the end of a deal read from the rules file, once per game."""

    __slots__ = ("hand_size", "widow", "turnup", "dealer_leads", "phase_count",
                 "counts", "counters", "immediate_target", "end_rounds", "end_target", "initial_trump",
                 "trump_setter", "standing", "seats_are_sides", "side_scorers", "drawn_number", "ending",
                 "dealt_sections")

    def __init__(self, rules: CompiledRules):
        file = rules.file
        deal = file.deal
        self.hand_size = deal.hand_size
        self.widow = deal.widow
        self.turnup = deal.turnup
        self.dealer_leads = deal.first_leader == "dealer"
        self.phase_count = len(file.phases)
        self.counts = tuple(CompiledCount(rule, rules) for rule in file.scoring)
        self.counters = tuple(rules.counter_masks.items())  # (name, mask) of each counter, in order
        end = file.game_end
        self.immediate_target = end.target is not None and end.check == "immediate"
        self.end_rounds = end.rounds
        self.end_target = end.target
        self.initial_trump = file.trump.initial
        # a meld that sets trump while none is set and is scored as in trumps (the first royal
        # marriage), or None: then a meld found with no trump is only scored as found
        setter = file.trump.set_by_meld
        self.trump_setter = setter if setter is not None and setter.scored_as_trump else None
        self.standing = standing_actions(file)  # (verb, handler, rule) of each standing action
        table = rules.table
        # no partnerships, side i the seat i: a count per seat is the count per side
        self.seats_are_sides = table.sides == tuple((seat,) for seat in range(table.n))
        # cards are counted per side, and a side's points are scored by its first seat
        self.side_scorers = tuple(seats[0] for seats in table.sides)
        # a number drawn after the cards (engine.drawn_number), or None
        self.drawn_number = drawn_number_rule(rules)
        self.ending = game_ending(file)  # (handler, rule) of a plugin's section that ends the game, or None
        self.dealt_sections = dealt_sections(file)  # (its handler's dealt, rule) of each section done at a deal


class CompiledRules:
    """A game's rules for one set of options, compiled once (``game.compiled``) and read-only:
    each value the engine reads lives here, once. ``file`` is the rules file they are read from
    (``game.rules``); ``phases`` and ``deal`` hold what each phase and each deal read."""

    file: RulesFile
    deck: Deck
    players: int
    table: Table
    # per card, its `play` action, and its `play ... from table` action: with two packs or more a
    # card named in `play` comes from hand when the hand holds one, and a card played from the
    # table is written so, always (not only while the hand holds its twin, or the name would tell
    # the other seats what the hand holds)
    play_action: tuple[str, ...]
    play_from_table_action: tuple[str, ...]
    names_table_plays: bool
    twins: tuple[int, ...]  # per card, the mask of the other copies of its name
    melds: tuple  # the melds in play (a meld "by agreement" is off without it)
    meld_table: MeldTable
    meld_by_name: dict[str, Any]
    settles_deals: bool  # a deal settled against a contract: only the settlement reaches the scores
    counter_masks: dict[str, int]
    phase_index: dict[str, int]
    deal_phases: tuple  # the phases done as the cards are dealt (trump found, a plugin's: a guess)
    deal_kinds: tuple  # each of those as (its kind's handler, its rule)
    play_points_rank: int | None  # the rank whose trump card scores when played (Marjolet's seven)
    reuse_laws: MeldReuseLaws | None  # the laws one by one, where meld_reuse lists them
    reuse_policy: str  # a named policy, or "laws"
    needs_fresh_card: bool  # every meld found must hold a card from hand
    fresh_in_class: bool
    has_to_score: bool  # a declaration step may leave melds to score on a later trick
    has_uncounted_melds: bool  # melds declared beside the turn's one meld (the dix)
    trump_melds: frozenset[str]  # the melds that may set or cancel trump as they are declared
    phases: tuple[CompiledPhase, ...]
    deal: CompiledDeal
    bid_ceiling: int | None  # the most a side can make in a deal: no bid above it (engine.deal_limits)

    __slots__ = ("file", "deck", "players", "table", "play_action", "play_from_table_action",
                 "names_table_plays", "twins", "melds", "meld_table", "meld_by_name", "settles_deals",
                 "counter_masks", "phase_index", "deal_phases", "deal_kinds", "play_points_rank", "reuse_laws",
                 "reuse_policy", "needs_fresh_card", "fresh_in_class", "has_to_score", "has_uncounted_melds",
                 "trump_melds", "phases", "deal", "bid_ceiling", "_step_melds", "_meld_actions", "_meld_cards", "_rebuild")

    def __init__(self, file: RulesFile, rebuild: tuple | None = None):
        """``rebuild``: (function, arguments) that build these rules again, for a pickle: the
        schema a rules file is validated with is built from the kinds registered (engine.phases),
        so the file itself does not pickle; without it, the file is pickled."""
        set_ = super().__setattr__  # the one place these are written: the instance is read-only after
        set_("_rebuild", rebuild)
        set_("file", file)
        d = file.deck
        set_("deck", deck := Deck(tuple(d.ranks), tuple(d.suits), d.packs,
                                  {s: tuple(o) for s, o in d.suit_order_exceptions.items()}))
        set_("players", file.players)
        set_("table", Table(file.players, tuple(tuple(side) for side in file.sides or ())))
        set_("play_action", tuple("play " + name for name in deck.names))
        set_("play_from_table_action", tuple(f"play {name} {FROM_TABLE}" for name in deck.names))
        set_("names_table_plays", deck.packs > 1)
        set_("twins", tuple(sum(1 << c for c in deck.by_name[name]) & ~(1 << i) for i, name in enumerate(deck.names)))
        melds = tuple(m for m in file.melds if m.enabled)
        set_("melds", melds)
        set_("meld_table", MeldTable(deck, list(melds), tuple(file.sequence_order or d.ranks)))
        set_("meld_by_name", {m.name: m for m in melds})
        set_("settles_deals", any(p.kind == "settle" for p in file.phases))
        set_("counter_masks", {name: _mask_of_ranks(deck, c.ranks) for name, c in file.counters.items()})
        set_("phase_index", {p.name: i for i, p in enumerate(file.phases)})
        set_("deal_phases", tuple(file.deal_phases))  # RulesFile's is a private attribute, slow to read
        set_("deal_kinds", tuple((PHASE_KINDS[p.kind], p) for p in self.deal_phases))
        tu = file.turnup
        set_("play_points_rank", deck.ranks.index(tu.rank) if tu and tu.play_points else None)
        laws = None if isinstance(file.meld_reuse, str) else file.meld_reuse
        set_("reuse_laws", laws)
        set_("reuse_policy", file.meld_reuse if laws is None else "laws")
        # with fresh_card same-class, a meld of table cards is found, and the re-use laws judge it
        set_("needs_fresh_card", laws.fresh_card is True if laws is not None else file.meld_reuse != "new-set")
        set_("fresh_in_class", laws is not None and laws.fresh_card == "same-class")
        set_("has_to_score", any(getattr(s, "to_score", False) for p in file.phases for s in p.after_trick))
        # only then is a turn whose meld limit is reached searched again
        set_("has_uncounted_melds", any(not m.counts_as_meld for m in file.melds))
        setting, cancelling = file.trump.set_by_meld, file.trump.cancelled_by_trump_meld
        set_("trump_melds", frozenset([*(setting.melds if setting else ()), *(cancelling.melds if cancelling else ())]))
        # memos, filled as they are asked (the meld actions of playouts, each step's meld kinds)
        set_("_step_melds", {})
        set_("_meld_actions", {})
        set_("_meld_cards", {})
        set_("phases", tuple(CompiledPhase(self, index) for index in range(len(file.phases))))
        set_("deal", CompiledDeal(self))
        set_("bid_ceiling", _bid_ceiling(self) if any(p.kind == "auction" for p in file.phases) else None)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"the compiled rules are read-only: {name!r} cannot be set")

    __delattr__ = __setattr__

    # read-only: a copy may share it (its memos are right for every copy); a pickle rebuilds it
    def __copy__(self) -> CompiledRules:
        return self

    def __deepcopy__(self, memo) -> CompiledRules:
        return self

    def __reduce__(self):
        return self._rebuild if self._rebuild is not None else (CompiledRules, (self.file,))

    def __repr__(self) -> str:
        return f"<CompiledRules of {self.file.game}>"

    def step_melds(self, step) -> frozenset[str] | None:
        """The meld kinds a declaration step admits (its ``only`` less its ``exclude``); None
        for all of them."""
        if step.only is None and not step.exclude:
            return None
        known = self._step_melds.get(id(step))  # steps live as long as the rules: id is stable
        if known is None:
            names = step.only if step.only is not None else [m.name for m in self.file.melds]
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


@dataclass(frozen=True, slots=True)
class GameHooks:
    """The hooks the engine asks at every declaration turn, by name: each the game's own method,
    or None where the game keeps TrickGame's, which never answers anything (a call saved at
    every turn); and the card sets ``meld_refusal`` may refuse, None for any."""

    meld_refusal: Callable | None
    extra_declarations: Callable | None
    refusable_melds: frozenset[int] | None


def _mask_of_ranks(deck: Deck, ranks: list[str]) -> int:
    mask = 0
    for r in ranks:
        mask |= deck.rank_masks[deck.ranks.index(r)]
    return mask


# per rules file (the one object of a game class and option set), the file and its ceiling: kept
# with the file, whose id is then never another's
_CEILINGS: dict[int, tuple[RulesFile, int]] = {}


def _bid_ceiling(rules: CompiledRules) -> int:
    """The game's bid ceiling, worked out once per rules file (a pass over the pack's melds in
    each trump), not at every load."""
    known = _CEILINGS.get(id(rules.file))
    if known is None:
        known = _CEILINGS[id(rules.file)] = (rules.file, most_points_in_a_deal(rules))
    return known[1]
