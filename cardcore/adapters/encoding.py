"""Integer actions, observation tensors and bounds of a cardcore game, shared by the adapters.

Frameworks want actions as integers from a fixed range and observations of a fixed shape, while
cardcore speaks canonical strings and plain dicts. This module is the one translation that both
adapters use.

**Action space** (:class:`ActionTable`). It is built once per game and option set, in this order:

1. ``play C`` for every distinct card name of the deck, in deck order;
2. ``meld ...`` for every card set of the game's meld table, in table order;
3. ``pass``;
4. ``exchange 7X`` for each suit, when the game has a turn-up exchange (the rank comes from the
   rules file);
5. the standing actions (:mod:`cardcore.engine.sections`, e.g. ``out``), when the game has any;
6. game verbs that the engine cannot list in advance, from the game class's
   ``action_space_extras()`` (e.g. a plugin's own verbs with their cards);
7. the decisions phase kinds and step kinds ask of their own (:func:`phase_actions`, each kind's
   ``action_space``): ``bid N`` for every bid from the opening minimum up to the bid ceiling, in
   steps of the auction's step; ``trump S`` for each suit; ``discard C C C`` for every set of
   cards of the discard's size (by name: a double pack's twins are one card); ``concede``;
   ``guess N`` (the kinds of plugins too);
8. ``play C from table`` for every distinct card name, in deck order, when the game has two
   packs or more and a phase plays melded cards from the table (a card played from the table,
   ``play C`` being the hand's copy); last, so that the ids before them stay as they were.

**Bids.** The action space holds every bid up to the engine's bid ceiling (``game.bid_ceiling``,
:mod:`cardcore.engine.deal_limits`): the most points a side can count in one deal, the best set
of melds of the whole pack in the best trump plus every card point and the last trick. The
engine accepts no bid above it (Auction Pinochle with the defaults: 300 to 1,330; Partnership
Auction Pinochle: 100 to 1,330). At a bid the legal ids are exactly the bids
``State.legal_actions`` lists (every legal bid, lowest first) and ``pass``.

**Observation tensor** (:class:`ObservationEncoder`). This is a float32 vector built only from
``State.observation(seat)``, so it holds exactly what that seat may know. Seats are counted from
the observer: row 0 is the observer, row 1 the next seat, and so on. Card planes have one column
per distinct card name and count copies. The pieces, in order:

- ``hand``, ``tables`` (n rows), ``known`` (cards known to be in the other hands), ``trick``
  (n rows, by who played), ``won`` (cards out of play in tricks), ``turnup`` and ``turned``;
- ``trump``: a one-hot over the suits, with a last column meaning "no trump";
- ``phase``, ``decision`` (play, declare, the decision a phase done as the cards are dealt asks,
  one column, as such phases ask one decision at most), ``current`` and
  ``dealer``, all one-hot;
- ``voids``: suits each seat is known to lack;
- ``sizes``: the hand sizes and the stock, divided by the deck size;
- ``counters``: counted cards won (e.g. brisques) per seat, divided by the deck size;
- ``scores``: game totals and this deal's points, divided by the target (or by 100 in games
  played for a number of deals);
- ``round``: the number of deals so far, divided by the deal cap;
- in a game with an auction: ``bids`` (each seat's last bid, divided by the bid ceiling, and a row
  of the seats that passed), ``declarer`` (one-hot), ``contract`` (divided by the bid ceiling),
  ``widow`` (once turned), ``discards`` (to the declarer alone) and ``held_or_discarded`` (to
  the others: the widow's cards not in a meld shown, after the discard, each in the declarer's
  hand or among his discards, which they cannot tell). The decision one-hot then
  has the auction's decisions too (``bid``, ``trump``, ``discard``), and the scores may be
  negative (a contract lost);
- in a game with a number drawn at each deal for a phase kind of its own
  (:mod:`cardcore.engine.drawn_number`): a plane named after the kind, what its handler's
  ``encoded(obs, rule)`` gives (a guess, ``guess``: the number guessed and the number drawn, each
  divided by the highest it can be, once the guess is made, zero before).

**Bounds** (:func:`game_bounds`). OpenSpiel needs a maximum game length and utility bounds, and a
Box space needs upper bounds. Games played to a target have no natural end: a tie, a deal that
scores nothing or a run of void deals can go on forever. So the adapters cap the number of deals
(``max_deals``, 100 by default). A game still running when the deal after the cap would start is
cut off and scored as if it had ended there: the leader wins the margin, with no lurch. Games
with a fixed number of deals and no void deal are capped at exactly that number, so they are
never cut off. The bounds below are loose but provably valid: per deal, every card is played
once, every declaration turn allows at most its ``max_melds`` melds plus an exchange and a pass,
and every scoring rule is counted at its largest. Points allow for one deal more than the cap,
because PettingZoo shows the deal that starts as the game is cut off.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import prod

import numpy as np

from ..engine.phases import PHASE_KINDS, voids_deals
from ..engine.steps import STEP_KINDS
from .. import state as _state  # noqa: F401  (registers every phase kind)
from ..engine.deal_limits import most_points_in_a_deal, shows_melds  # noqa: F401  (shows_melds: chance.py's)
from ..ruleset import DeclareStep
from ..seats import Table

DEFAULT_MAX_DEALS = 100
# the core's decisions, then one column for the decision a phase done as the cards are dealt asks
# (a rules file lists one such phase at most: RulesFile._check_deal_phases)
DECISIONS = ("play", "declare", "at-the-deal")
RETURNS = ("points", "win-loss")  # the adapters' returns: the game score, or only who won


def wants_win_loss(returns: str) -> bool:
    """Whether ``returns`` (one of RETURNS) asks for win-loss returns; another value raises,
    listing the valid ones."""
    if returns not in RETURNS:
        raise ValueError(f"returns={returns!r} is not valid; valid values: {', '.join(RETURNS)}")
    return returns == "win-loss"


def win_loss(points: list[float]) -> list[float]:
    """Returns in points as win-loss returns: +1 to a winner, -1 to a loser, 0 for a tie."""
    return [float(np.sign(p)) for p in points]


# ------------------------------------------------------------------------------------ actions
class ActionTable:
    """The fixed, ordered list of every action string a game can ever offer, with their ids."""

    def __init__(self, game):
        deck, rules = game.deck, game.rules
        strings = list(dict.fromkeys(game.compiled.play_action))
        strings += [game.meld_action(mask) for mask in game.meld_table.patterns]
        strings.append("pass")
        if rules.turnup is not None:
            strings += [f"exchange {rules.turnup.rank}{suit}" for suit in deck.suits]
        strings += [verb for verb, _, _ in game.compiled.deal.standing]
        strings += game_verbs(game)
        strings += phase_actions(game)
        if deck.packs > 1 and any(p.play_from_tableau for p in rules.phases):
            strings += list(dict.fromkeys(game.compiled.play_from_table_action))
        self.strings: list[str] = list(dict.fromkeys(strings))
        self.ids: dict[str, int] = {s: i for i, s in enumerate(self.strings)}

    def __len__(self) -> int:
        return len(self.strings)

    def id(self, action: str) -> int:
        try:
            return self.ids[action]
        except KeyError:
            raise ValueError(
                f"action {action!r} is not in the adapter's action space; a game with new verbs "
                f"should list them in action_space_extras()"
            ) from None

    def legal_ids(self, state, actions: list[str] | None = None) -> list[int]:
        """The legal actions of ``state`` as sorted ids; ``actions``: its ``legal_actions()``
        where the caller has them already (an observation holds them)."""
        if actions is None:
            actions = state.legal_actions()
        try:
            return sorted([self.ids[a] for a in actions])
        except KeyError:
            return sorted(self.id(a) for a in actions)  # raises, naming the action


def game_verbs(game) -> list[str]:
    """Game-specific action strings, listed by the game class's ``action_space_extras()``."""
    return list(game.action_space_extras())


def phase_actions(game) -> list[str]:
    """The actions of the decisions that phase kinds and step kinds ask of their own (see the
    module docstring), each kind listing its own: its handler's ``action_space(game, rule)``."""
    out: list[str] = []
    for phase in (*game.compiled.deal_phases, *game.rules.phases):
        out += _kind_actions(PHASE_KINDS.get(phase.kind), game, phase)
        for step in phase.after_trick:
            out += _kind_actions(STEP_KINDS.get(step.step), game, step)
    return list(dict.fromkeys(out))


def _kind_actions(handler, game, rule) -> list[str]:
    action_space = getattr(handler, "action_space", None)
    return list(action_space(game, rule)) if action_space is not None else []


def adapted_game_names() -> list[str]:
    """The installed games the adapters offer: all of them (an auction's bids stop at the
    engine's bid ceiling)."""
    from .. import game_names

    return list(game_names())


# ------------------------------------------------------------------------------------ bounds
@dataclass(frozen=True)
class Bounds:
    deal_cap: int  # deals that may be started; the game is cut off after them
    max_game_length: int  # player decisions
    max_points: int  # a seat's game total can never exceed this
    max_utility: float  # |returns| in points (the game score) never exceeds this


def game_bounds(game, max_deals: int = DEFAULT_MAX_DEALS) -> Bounds:
    """Loose but valid bounds (see the module docstring for the reasoning)."""
    r, deck, n = game.rules, game.deck, game.players
    end = r.game_end
    if end.rounds is not None and not voids_deals(r) and not _annuls(game):
        cap = end.rounds
    else:  # void deals (a hand thrown in) and annulled auctions are deals that do not count
        cap = max(max_deals, end.rounds or 0)
    tricks = deck.size // n
    patterns = len(game.meld_table.patterns) + len(game_verbs(game))
    per_turn_cap = patterns + deck.size * len(r.phases)
    # a declaration step taken by each seat in turn is n turns per trick
    steps = [(s, n if s.who in ("each-from-winner", "every-seat") else 1)
             for p in r.phases for s in p.after_trick if isinstance(s, DeclareStep)]
    # melds declared besides a turn's max_melds (the dix): at most one per card set of their kind
    table = game.meld_table
    free = sum(1 for pats in table.patterns.values() if any(not table.rules[p.kind].counts_as_meld for p in pats))
    melds_per_deal = sum(turns * tricks * min(s.max_melds + free, per_turn_cap) for s, turns in steps)
    decisions = deck.size + n + sum(turns * tricks * (min(s.max_melds + free, per_turn_cap) + 2) for s, turns in steps)
    # an auction: each bid raises the last (so at most one per bid of the table), a pass each;
    # then naming trump, the discard and the concession, at most once each
    # the decisions a phase kind asks of its own, at most, in a deal (an auction's bids, a guess)
    decisions += sum(getattr(PHASE_KINDS.get(p.kind), "most_decisions", lambda game, rule: 0)(game, p)
                     for p in (*game.compiled.deal_phases, *r.phases))
    # a step kind's decision of its own: one per turn of the step, after every trick
    decisions += sum((n if s.who in ("each-from-winner", "every-seat") else 1) * tricks
                     for p in r.phases for s in p.after_trick
                     if getattr(STEP_KINDS.get(s.step), "decisions", ()))

    points = deal_points(game, melds_per_deal, patterns)
    max_points = max(1, (cap + 1) * points)  # + 1: a deal that starts as the game is cut off
    if end.game_score == "stakes":  # each counted deal settles at most a failed stake with everyone else
        deals = min(cap, end.rounds or cap)
        stake = max(_largest_stake(game), 1)
        return Bounds(cap, cap * decisions, max_points, float(deals * 2 * stake * (n - 1)))
    multiplier = end.lurch.multiplier if end.lurch else 1
    # with more than two sides, a side settles its difference with each of the others
    multiplier = max(multiplier, len(game.table.sides) - 1)
    return Bounds(cap, cap * decisions, max_points, float(_score_bound(game, cap, points) * max(1, multiplier)))


def _annuls(game) -> bool:
    """Whether a deal may be annulled (everyone passed the auction): it does not count."""
    return any(p.kind == "auction" and p.opening.may_pass for p in game.rules.phases)


def _largest_stake(game) -> int:
    """The stake of the highest bid of the action space, where a settle step pays stakes."""
    cap = game.bid_ceiling
    stakes = [p.stake for p in game.rules.phases if p.kind == "settle" and getattr(p, "stake", None)]
    return max((rule.base + rule.per_50 * max(0, (cap - rule.base_bid) // rule.bracket) for rule in stakes),
               default=0)


def deal_points(game, melds_per_deal: int, patterns: int) -> int:
    """The most one seat can score in one deal: the melds declared turn by turn, each at the
    best meld's points, and the rest as the engine counts it (the bid ceiling's reckoning,
    :func:`cardcore.engine.deal_limits.most_points_in_a_deal`)."""
    r, deck = game.rules, game.deck
    if r.meld_reuse == "new-set":  # each set of cards scores once
        seat_melds = min(melds_per_deal, patterns)
    else:  # each meld takes a fresh card from the hand to the table, and a seat holds a deck's share
        seat_melds = min(melds_per_deal, deck.size // game.players + (r.turnup is not None))
    best_meld = max((_meld_max(m) for m in r.melds), default=0)
    return seat_melds * best_meld + most_points_in_a_deal(game.compiled)


def _score_bound(game, cap: int, deal_max: int) -> int:
    """The largest margin a game can end with, before any lurch multiplier.

    Totals never fall below zero (a score taken back only cancels points scored before), so the
    margin is at most the winner's total; in a game with an auction a side's total falls by at
    most its bid, at most the bid ceiling, per deal. That total
    comes from at most ``cap`` deals (a game cut off is scored before the next deal starts).
    In a game played to a target, the last deal began with both seats below it or level (else
    the game would have ended), so the margin is also below the target plus one deal's points.
    """
    bound = cap * deal_max
    target = game.rules.game_end.target
    if target is not None:
        bound = min(bound, target - 1 + deal_max)
    if _auction(game):  # a side that fails its contract loses its bid: totals may fall below zero
        bound += cap * game.bid_ceiling
    return max(1, bound)


def _auction(game):
    return next((p for p in game.rules.phases if p.kind == "auction"), None)


def _meld_max(rule) -> int:
    values = list(rule.points.values()) if isinstance(rule.points, dict) else [rule.points]
    return max([0, *values, rule.trump_points or 0, *rule.points_if_trump.values()])


def cut_off_returns(scores: list[int], table: Table | None = None, stakes: bool = False) -> list[float]:
    """Returns of a game cut off at the deal cap, per seat: where the scores are stakes won and
    lost (``stakes``), those; else with two sides the leading side wins the margin (ties:
    nothing); with more, each side its differences with the others."""
    table = table or Table(len(scores))
    totals = [scores[side[0]] for side in table.sides]
    if stakes:
        by_side = [float(t) for t in totals]
    elif len(totals) == 2:
        by_side = [float(totals[0] - totals[1]), float(totals[1] - totals[0])]
    else:
        by_side = [float(v) for v in table.settle(totals)]
    return [by_side[table.side_of(s)] for s in range(len(scores))]


# ------------------------------------------------------------------------------------ observations
class ObservationEncoder:
    """``State.observation(seat)`` as a float32 tensor of a fixed shape (see the module docstring)."""

    def __init__(self, game, bounds: Bounds):
        deck, r, n = game.deck, game.rules, game.players
        self.n = n
        self.deck_size = deck.size
        self.names = list(dict.fromkeys(deck.names))
        self.column = {name: i for i, name in enumerate(self.names)}
        self.suits = list(deck.suits)
        self.phases = [p.name for p in r.phases]
        self.counters = list(r.counters)
        self.scale = float(r.game_end.target or 100)
        self.deal_cap = bounds.deal_cap
        kinds = [PHASE_KINDS.get(p.kind) for p in r.phases] + [STEP_KINDS.get(s.step) for p in r.phases
                                                                for s in p.after_trick]
        self.decisions = tuple(dict.fromkeys(DECISIONS + tuple(d for k in kinds for d in getattr(k, "decisions", ()))))
        self.column_of_decision = {d: i for i, d in enumerate(self.decisions)}
        for phase in game.compiled.deal_phases:
            for decision in getattr(PHASE_KINDS.get(phase.kind), "decisions", ()):
                self.column_of_decision[decision] = DECISIONS.index("at-the-deal")
        self.auction = _auction(game) is not None
        self.bid_scale = float(game.bid_ceiling) if self.auction else 1.0
        cards = len(self.names)
        self.shapes: dict[str, tuple[int, ...]] = {
            "hand": (cards,), "tables": (n, cards), "known": (n, cards), "trick": (n, cards),
            "won": (cards,), "turnup": (cards,), "turned": (cards,),
            "trump": (len(self.suits) + 1,), "phase": (len(self.phases),), "decision": (len(self.decisions),),
            "current": (n,), "dealer": (n,), "voids": (n, len(self.suits)), "sizes": (n + 1,),
            "counters": (len(self.counters), n), "scores": (2, n), "round": (1,),
        }
        if self.auction:
            self.shapes.update({"bids": (2, n), "declarer": (n,), "contract": (1,), "widow": (cards,),
                                "discards": (cards,), "held_or_discarded": (cards,)})
        # a number drawn at each deal for a kind of its own (engine.drawn_number, e.g. a guess),
        # or None: the kind's plane, named after it, holds what it encodes of it (encoded())
        self.number = game.compiled.deal.drawn_number
        self.number_kind = PHASE_KINDS[self.number.kind] if self.number is not None else None
        if self.number is not None:
            self.shapes[self.number.kind] = (len(self.number_kind.encoded({}, self.number)),)
        self.size = sum(prod(s) for s in self.shapes.values())
        highs = {name: np.ones(shape, np.float32) for name, shape in self.shapes.items()}
        for name in ("hand", "tables", "known", "trick", "won", "turnup", "turned"):
            highs[name] *= deck.packs
        for name in ("widow", "discards", "held_or_discarded"):
            if name in highs:
                highs[name] *= deck.packs
        highs["scores"] *= max(1.0, bounds.max_points / self.scale)
        self.high = np.concatenate([h.ravel() for h in highs.values()])
        lows = {name: np.zeros(shape, np.float32) for name, shape in self.shapes.items()}
        if self.auction:  # a contract lost takes a side's total below zero
            lows["scores"] = -highs["scores"]
        self.low = np.concatenate([a.ravel() for a in lows.values()])
        self._scratch = np.zeros(self.size, np.float32)  # encode() writes here, then copies
        self._scratch_views = self.views(self._scratch)

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named, reshaped views into ``flat`` (no copies)."""
        out, i = {}, 0
        for name, shape in self.shapes.items():
            size = prod(shape)
            out[name] = flat[i:i + size].reshape(shape)
            i += size
        return out

    def text(self, obs: dict) -> str:
        """:func:`observation_text` of ``obs``, with the number drawn at the deal as its kind says it."""
        text = observation_text(obs)
        said = self.number_kind.observation_text(obs, self.number) if self.number is not None else None
        if said is None:
            return text
        head, _, scores = text.rpartition(" | scores ")
        return f"{head} | {said} | scores {scores}" if head else text

    def encode(self, obs: dict) -> np.ndarray:
        """``obs`` as a new tensor (written into views made once, then copied)."""
        self._scratch.fill(0)
        self._write(obs, self._scratch_views)
        return self._scratch.copy()

    def fill(self, obs: dict, v: dict[str, np.ndarray]) -> None:
        """Write ``obs`` (a ``State.observation`` dict) into the views ``v`` (zeroed first)."""
        for a in v.values():
            a.fill(0)
        self._write(obs, v)

    def _write(self, obs: dict, v: dict[str, np.ndarray]) -> None:
        """Write ``obs`` into the zeroed views ``v``."""
        n, seat = self.n, obs["seat"]

        def rel(s: int) -> int:
            return (s - seat) % n

        def cards(row: np.ndarray, names) -> None:
            for name in names:
                row[self.column[name]] += 1

        cards(v["hand"], obs["hand"])
        for s, table in enumerate(obs["tableaus"]):
            cards(v["tables"][rel(s)], table)
        for s, known in obs["known_in_hand"].items():
            cards(v["known"][rel(int(s))], known)
        for t in obs["trick"]:
            cards(v["trick"][rel(t["seat"])], [t["card"]])
        cards(v["won"], obs["won_cards"])
        cards(v["turnup"], [obs["turnup"]] if obs["turnup"] else [])
        cards(v["turned"], obs["turned"])
        trump = obs["trump"]
        v["trump"][self.suits.index(trump) if trump is not None else len(self.suits)] = 1
        v["phase"][self.phases.index(obs["phase"])] = 1
        column = self.column_of_decision.get(obs["decision"])
        if column is not None:
            v["decision"][column] = 1
        if obs["current_player"] is not None:
            v["current"][rel(obs["current_player"])] = 1
        v["dealer"][rel(obs["dealer"])] = 1
        for s, voids in enumerate(obs["voids"]):
            for suit in voids:
                v["voids"][rel(s), self.suits.index(suit)] = 1
        for s, size in enumerate(obs["hand_sizes"]):
            v["sizes"][rel(s)] = size / self.deck_size
        v["sizes"][n] = obs["stock_left"] / self.deck_size
        for i, name in enumerate(self.counters):
            for s, count in enumerate(obs["counters"][name]):
                v["counters"][i, rel(s)] = count / self.deck_size
        for s in range(n):
            v["scores"][0, rel(s)] = obs["scores"][s] / self.scale
            v["scores"][1, rel(s)] = obs["round_points"][s] / self.scale
        v["round"][0] = min(1.0, obs["round"] / self.deal_cap)
        if self.auction:
            for bid in obs.get("bids", ()):  # the auction's facts, once there are any
                if bid["bid"] is None:
                    v["bids"][1, rel(bid["seat"])] = 1
                else:
                    v["bids"][0, rel(bid["seat"])] = min(1.0, bid["bid"] / self.bid_scale)
            if obs.get("declarer") is not None:
                v["declarer"][rel(obs["declarer"])] = 1
            if obs.get("contract") is not None:
                v["contract"][0] = min(1.0, obs["contract"] / self.bid_scale)
            cards(v["widow"], obs.get("widow") or [])
            cards(v["discards"], obs.get("discards") or [])
            cards(v["held_or_discarded"], obs.get("held_or_discarded") or [])
        if self.number is not None:  # the kind's own plane (e.g. a guess: shown to all once guessed)
            v[self.number.kind][:] = self.number_kind.encoded(obs, self.number)


def observation_text(obs: dict) -> str:
    """A one-line, human-readable form of ``State.observation(seat)`` (what a kind drawing a
    number at the deal adds, its handler's ``observation_text``: :meth:`ObservationEncoder.text`)."""
    def cards(names) -> str:
        return " ".join(names) or "-"

    parts = [f"P{obs['seat']}", f"deal {obs['round']} dealer P{obs['dealer']}",
             f"{obs['phase']} {obs['follow_rule']}", f"trump {obs['trump'] or '-'}",
             f"stock {obs['stock_left']}" + (f" turn-up {obs['turnup']}" if obs["turnup"] else ""),
             f"hand {cards(obs['hand'])}"]
    parts += [f"table P{s} {cards(t)}" for s, t in enumerate(obs["tableaus"]) if t]
    parts += [f"P{s} holds {cards(c)}" for s, c in obs["known_in_hand"].items() if c]
    if obs.get("held_or_discarded"):
        parts.append(f"P{obs['declarer']} holds or laid aside {cards(obs['held_or_discarded'])}")
    if obs["trick"]:
        parts.append("trick " + " ".join(f"P{t['seat']}:{t['card']}" for t in obs["trick"]))
    if obs["turned"]:
        parts.append(f"turned {cards(obs['turned'])}")
    if obs["won_cards"]:
        parts.append(f"out {cards(obs['won_cards'])}")
    parts += [f"P{s} void {''.join(v)}" for s, v in enumerate(obs["voids"]) if v]
    parts += [f"{name} {'/'.join(map(str, counts))}" for name, counts in obs["counters"].items()]
    parts.append(f"scores {'/'.join(map(str, obs['scores']))} (deal {'/'.join(map(str, obs['round_points']))})")
    if obs["result"] is not None:
        winner = obs["result"]["winner"]
        parts.append("over: " + ("tie" if winner is None else f"P{winner} wins {obs['result']['game_score']}"))
    elif obs["current_player"] is not None:
        parts.append(f"P{obs['current_player']} to {obs['decision']}")
    return " | ".join(parts)
