"""The rules of each phase as plain values, built once per game when it is loaded.

The rules file is pydantic models, and every attribute read on a model goes through its slow
``__getattr__`` slot; the steps of a trick read dozens of them per trick of every playout. So
each phase's rules are turned here into a :class:`CompiledPhase` (slotted, plain attributes),
and each after-trick step into a :class:`CompiledStep`, which the state's ``pending`` list holds
(``step.rule`` is the rules file's own step, as ``declare_step()`` and ``next_step()`` return it).
Nothing here decides anything the rules file does not say: it is the same rules, read once.
"""

from __future__ import annotations

from ..ruleset import DeclareStep
from ..tricks import replies_to_lead
from .drawn_number import drawn_number_rule
from .steps import STEP_KINDS, seats_for


class CompiledStep:
    """One after-trick step of a phase, with what the engine asks of it at every trick."""

    __slots__ = ("rule", "kind", "who", "run", "stock", "draws", "declare", "winner_passed_only", "allowed",
                 "to_score", "max_melds", "exchange", "plain", "by_winner", "search", "fresh_from_hand")

    def __init__(self, rule, game):
        self.rule = rule
        self.kind = rule.step
        self.who = rule.who
        self.run = STEP_KINDS[rule.step]  # handler(state, step, seat) -> a decision is due
        self.stock = rule.step in ("draw", "turn-trump")  # takes a stock card: the draw gate asks first
        self.draws = rule.step == "draw"
        self.declare = isinstance(rule, DeclareStep)
        self.winner_passed_only = self.declare and rule.when == "winner-passed"
        self.allowed = game.step_melds(rule) if self.declare else None  # meld kinds it admits, None: all
        self.to_score = self.declare and rule.to_score
        self.max_melds = rule.max_melds if self.declare else 0
        self.exchange = self.declare and rule.exchange
        # a declaration step whose turn opens with melds only (one pack: one set per action; no
        # melds waiting to score; no exchange)
        self.plain = self.declare and not self.to_score and not self.exchange and game.deck.packs == 1
        self.by_winner = rule.who == "winner"
        # what a plain turn's meld search asks (engine.kernel): the table's search, and
        # whether a meld needs a card from hand (else any card of the holding is fresh)
        self.search = game.meld_table.within
        self.fresh_from_hand = game.needs_fresh_card

    def __repr__(self) -> str:
        return f"<step {self.kind} by {self.who}>"


class CompiledPhase:
    """A phase of the rules file as the trick engine reads it at every card and trick."""

    __slots__ = ("index", "rule", "kind", "suit_of", "strength", "bit", "won_by", "follow", "replies", "free",
                 "shows_voids", "from_tableau", "until_stock_empty", "shows_at_first_play", "on_start", "steps",
                 "plans", "plain_play", "play_action", "after", "loser_of", "trump_turned_each_trick",
                 "scores_cards_won", "trick_extras", "tricks", "claims", "names_table_plays",
                 "play_from_table_action", "play_points")

    def __init__(self, game, index: int):
        rule = game.rules.phases[index]
        self.index = index
        self.rule = rule
        self.kind = rule.kind
        deck = game.trick_decks[index]
        self.suit_of = tuple(deck.suit_of)
        self.strength = tuple(deck.strength)
        # each card's bit: looked up, not shifted, at every card played (a shift is a generic
        # operation making a new int)
        self.bit = tuple(1 << card for card in range(len(self.suit_of)))
        self.won_by = tuple((index, winner) for winner in range(game.players))  # a trick_winners entry
        self.follow = game.follow_rules[index]
        self.free = self.follow is None or self.follow.free
        # the cards that may answer a lead, per card led and trump (every reply of a two-seat game)
        self.replies = None if self.free else replies_to_lead(deck, self.follow)
        self.shows_voids = self.follow is not None and bool(self.follow.follow or self.follow.follow_or_trump)
        self.from_tableau = bool(getattr(rule, "play_from_tableau", False))
        self.until_stock_empty = getattr(rule, "until", None) == "stock-empty"
        self.shows_at_first_play = getattr(rule, "show_melds", None) is not None
        self.on_start = tuple(getattr(rule, "on_start", ()))
        self.steps = tuple(CompiledStep(step, game) for step in getattr(rule, "after_trick", ()))
        table = game.table
        self.after = table.after
        self.loser_of = tuple(table.after[w] if game.players == 2 else None for w in range(game.players))
        # per winner, the steps after the trick as (step, seat, handler) in the order they are
        # taken, a step for each seat in turn becoming one step per seat; None when a step is the
        # declarer's (then planned per declarer, in the state's step_plans)
        if any(step.who == "declarer" for step in self.steps):
            self.plans = None
        else:
            self.plans = tuple(self.plan(winner, self.loser_of[winner], None, table)
                               for winner in range(game.players))
        # a card played needs none of the rarer checks: no melds shown at the first card, one
        # pack (no copies to choose between, no "from table" actions), no trump card scoring
        # when played, no discard (a card seen laid aside or held: MovesMixin._before_card)
        self.plain_play = (not self.shows_at_first_play and game.deck.packs == 1
                           and game.play_points_rank is None
                           and not any(p.kind == "discard" for p in game.rules.phases))
        self.play_action = game.play_action
        self.names_table_plays = game.names_table_plays  # with twins a table card is `play C from table`
        self.play_from_table_action = game.play_from_table_action
        self.play_points = game.play_points_rank is not None  # a trump card scores when played
        self.trump_turned_each_trick = game.trump_turned_each_trick
        self.scores_cards_won = game.scores_cards_won
        self.trick_extras = self.trump_turned_each_trick or self.scores_cards_won
        self.tricks = rule.kind == "tricks"  # its end asked inline, as TricksPhase.over says it
        self.claims = game.rules.claim is not None  # a claim (Out) may be made

    def plan(self, winner: int, loser: int | None, declarer: int | None, table) -> tuple:
        return tuple((step, seat, step.run) for step in self.steps
                     for seat in seats_for(step.who, winner, loser, declarer, table))


def compile_phases(game) -> tuple[CompiledPhase, ...]:
    return tuple(CompiledPhase(game, index) for index in range(len(game.rules.phases)))


class CompiledCount:
    """An end-of-deal count (``scoring``) with its counted cards as a mask and its phase as an index."""

    __slots__ = ("rule", "kind", "mask", "phase", "points", "over", "label")

    def __init__(self, rule, game):
        self.rule = rule
        self.kind = rule.kind
        self.mask = game.counter_masks[rule.counter] if rule.counter is not None else 0
        self.phase = None if rule.phase is None else game.phase_index[rule.phase]
        self.points = rule.points
        self.over = rule.over
        self.label = rule.label


class CompiledDeal:
    """What dealing, scoring and the end of a deal read from the rules file, once per game."""

    __slots__ = ("hand_size", "widow", "turnup", "dealer_leads", "phase_count",
                 "counts", "counters", "immediate_target", "end_rounds", "end_target", "initial_trump",
                 "trump_setter", "claim", "seats_are_sides", "side_scorers", "drawn_number")

    def __init__(self, game):
        rules = game.rules
        deal = rules.deal
        self.hand_size = deal.hand_size
        self.widow = deal.widow
        self.turnup = deal.turnup
        self.dealer_leads = deal.first_leader == "dealer"
        self.phase_count = len(rules.phases)
        self.counts = tuple(CompiledCount(rule, game) for rule in rules.scoring)
        self.counters = tuple(game.counter_masks.items())  # (name, mask) of each counter, in order
        end = rules.game_end
        self.immediate_target = end.target is not None and end.check == "immediate"
        self.end_rounds = end.rounds
        self.end_target = end.target
        self.initial_trump = rules.trump.initial
        # a meld that sets trump while none is set and is scored as in trumps (the first royal
        # marriage), or None: then a meld found with no trump is only scored as found
        setter = rules.trump.set_by_meld
        self.trump_setter = setter if setter is not None and setter.scored_as_trump else None
        self.claim = rules.claim
        # no partnerships, side i the seat i: a count per seat is the count per side
        self.seats_are_sides = game.table.sides == tuple((seat,) for seat in range(game.table.n))
        # cards are counted per side, and a side's points are scored by its first seat
        self.side_scorers = tuple(seats[0] for seats in game.table.sides)
        self.drawn_number = drawn_number_rule(game)  # a number drawn after the cards (engine.drawn_number), or None
