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
5. ``throw-in``, when the game has one, and the claim (``out``), when the game has one;
6. game verbs that the engine cannot list in advance, from the game class's
   ``action_space_extras()`` (e.g. a plugin's own verbs with their cards).

**Observation tensor** (:class:`ObservationEncoder`). This is a float32 vector built only from
``State.observation(seat)``, so it holds exactly what that seat may know. Seats are counted from
the observer: row 0 is the observer, row 1 the next seat, and so on. Card planes have one column
per distinct card name and count copies. The pieces, in order:

- ``hand``, ``tables`` (n rows), ``known`` (cards known to be in the other hands), ``trick``
  (n rows, by who played), ``won`` (cards out of play in tricks), ``turnup`` and ``turned``;
- ``trump``: a one-hot over the suits, with a last column meaning "no trump";
- ``phase``, ``decision`` (play, declare, throw-in), ``current`` and ``dealer``, all one-hot;
- ``voids``: suits each seat is known to lack;
- ``sizes``: the hand sizes and the stock, divided by the deck size;
- ``counters``: counted cards won (e.g. brisques) per seat, divided by the deck size;
- ``scores``: game totals and this deal's points, divided by the target (or by 100 in games
  played for a number of deals);
- ``round``: the number of deals so far, divided by the deal cap.

**Bounds** (:func:`game_bounds`). OpenSpiel needs a maximum game length and utility bounds, and a
Box space needs upper bounds. Games played to a target have no natural end: a tie, a deal that
scores nothing or a run of throw-ins can go on forever. So the adapters cap the number of deals
(``max_deals``, 100 by default). A game still running when the deal after the cap would start is
cut off and scored as if it had ended there: the leader wins the margin, with no lurch. Games
with a fixed number of deals and no throw-in are capped at exactly that number, so they are
never cut off. The bounds below are loose but provably valid: per deal, every card is played
once, every declaration turn allows at most its ``max_melds`` melds plus an exchange and a pass,
and every scoring rule is counted at its largest. Points allow for one deal more than the cap,
because PettingZoo shows the deal that starts as the game is cut off.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

import numpy as np

from ..ruleset import DeclareStep
from ..seats import Table

DEFAULT_MAX_DEALS = 100
DECISIONS = ("play", "declare", "throw-in")


# ------------------------------------------------------------------------------------ actions
class ActionTable:
    """The fixed, ordered list of every action string a game can ever offer, with their ids."""

    def __init__(self, game):
        deck, rules = game.deck, game.rules
        strings = list(dict.fromkeys(game.play_action))
        strings += [game.meld_action(mask) for mask in game.meld_table.patterns]
        strings.append("pass")
        if rules.turnup is not None:
            strings += [f"exchange {rules.turnup.rank}{suit}" for suit in deck.suits]
        if rules.throw_in is not None:
            strings.append("throw-in")
        if rules.claim is not None:
            strings.append(rules.claim.action)
        strings += game_verbs(game)
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

    def legal_ids(self, state) -> list[int]:
        """The legal actions of ``state`` as sorted ids."""
        actions = state.legal_actions()
        try:
            return sorted([self.ids[a] for a in actions])
        except KeyError:
            return sorted(self.id(a) for a in actions)  # raises, naming the action


def game_verbs(game) -> list[str]:
    """Game-specific action strings, listed by the game class's ``action_space_extras()``."""
    return list(game.action_space_extras())


def adapted_game_names() -> list[str]:
    """The installed games the adapters offer: not yet the games with an auction, whose bids
    have no ceiling, so that neither their action space nor their returns have a bound."""
    from .. import game_names, load_game

    return [name for name in game_names()
            if not any(phase.kind == "auction" for phase in load_game(name).rules.phases)]


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
    if end.rounds is not None and r.throw_in is None:
        cap = end.rounds
    else:
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

    points = deal_points(game, melds_per_deal, patterns)
    max_points = max(1, (cap + 1) * points)  # + 1: a deal that starts as the game is cut off
    multiplier = end.lurch.multiplier if end.lurch else 1
    # with more than two sides, a side settles its difference with each of the others
    multiplier = max(multiplier, len(game.table.sides) - 1)
    return Bounds(cap, cap * decisions, max_points, float(_score_bound(game, cap, points) * max(1, multiplier)))


def deal_points(game, melds_per_deal: int, patterns: int) -> int:
    """The most one seat can score in one deal, every scoring rule counted at its largest."""
    r, deck = game.rules, game.deck
    if r.meld_reuse == "new-set":  # each set of cards scores once
        seat_melds = min(melds_per_deal, patterns)
    else:  # each meld takes a fresh card from the hand to the table, and a seat holds a deck's share
        seat_melds = min(melds_per_deal, deck.size // game.players + (r.turnup is not None))
    best_meld = max((_meld_max(m) for m in r.melds), default=0)
    points = seat_melds * best_meld
    if r.turnup is not None:
        t = r.turnup
        points += max(0, t.turned_points) + max(0, t.exchange_points) + max(0, t.last_card_points)
        points += max(0, t.play_points) * deck.size
    for rule in r.card_points:
        points += sum(max(0, rule.values.get(name, rule.values.get(name[0], 0))) for name in deck.names)
    for rule in r.scoring:
        if rule.kind == "last-trick":
            points += max(0, rule.points, rule.all_tricks_points or 0)
        else:
            points += max(0, rule.points) * deck.size
    return points


def _score_bound(game, cap: int, deal_max: int) -> int:
    """The largest margin a game can end with, before any lurch multiplier.

    Totals never fall below zero (a score taken back only cancels points scored before), so the
    margin is at most the winner's total. That total
    comes from at most ``cap`` deals (a game cut off is scored before the next deal starts).
    In a game played to a target, the last deal began with both seats below it or level (else
    the game would have ended), so the margin is also below the target plus one deal's points.
    """
    bound = cap * deal_max
    target = game.rules.game_end.target
    if target is not None:
        bound = min(bound, target - 1 + deal_max)
    return max(1, bound)


def _meld_max(rule) -> int:
    values = list(rule.points.values()) if isinstance(rule.points, dict) else [rule.points]
    return max([0, *values, rule.trump_points or 0, *rule.points_if_trump.values()])


def scores_before_deal(scores: list[int], events: list[dict], table: Table | None = None) -> list[int]:
    """``scores`` plus the points scored in ``events`` before a new deal begins in them (a
    side's points shown by each of its seats, as ``State.scores`` does)."""
    table = table or Table(len(scores))
    scores = list(scores)
    for event in events:
        if event["type"] == "deal":
            break
        if event["type"] == "score":
            for seat in table.sides[table.side_of(event["seat"])]:
                scores[seat] += event["points"]
    return scores


def cut_off_returns(scores: list[int], table: Table | None = None) -> list[float]:
    """Returns of a game cut off at the deal cap, per seat: with two sides the leading side wins
    the margin (ties: nothing); with more, each side its differences with the others."""
    table = table or Table(len(scores))
    totals = [scores[side[0]] for side in table.sides]
    if len(totals) == 2:
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
        cards = len(self.names)
        self.shapes: dict[str, tuple[int, ...]] = {
            "hand": (cards,), "tables": (n, cards), "known": (n, cards), "trick": (n, cards),
            "won": (cards,), "turnup": (cards,), "turned": (cards,),
            "trump": (len(self.suits) + 1,), "phase": (len(self.phases),), "decision": (len(DECISIONS),),
            "current": (n,), "dealer": (n,), "voids": (n, len(self.suits)), "sizes": (n + 1,),
            "counters": (len(self.counters), n), "scores": (2, n), "round": (1,),
        }
        self.size = sum(prod(s) for s in self.shapes.values())
        highs = {name: np.ones(shape, np.float32) for name, shape in self.shapes.items()}
        for name in ("hand", "tables", "known", "trick", "won", "turnup", "turned"):
            highs[name] *= deck.packs
        highs["scores"] *= max(1.0, bounds.max_points / self.scale)
        self.high = np.concatenate([h.ravel() for h in highs.values()])

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named, reshaped views into ``flat`` (no copies)."""
        out, i = {}, 0
        for name, shape in self.shapes.items():
            size = prod(shape)
            out[name] = flat[i:i + size].reshape(shape)
            i += size
        return out

    def encode(self, obs: dict) -> np.ndarray:
        flat = np.zeros(self.size, np.float32)
        self.fill(obs, self.views(flat))
        return flat

    def fill(self, obs: dict, v: dict[str, np.ndarray]) -> None:
        """Write ``obs`` (a ``State.observation`` dict) into the views ``v`` (zeroed first)."""
        for a in v.values():
            a.fill(0)
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
        if obs["decision"] in DECISIONS:
            v["decision"][DECISIONS.index(obs["decision"])] = 1
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


def observation_text(obs: dict) -> str:
    """A one-line, human-readable form of ``State.observation(seat)``."""
    def cards(names) -> str:
        return " ".join(names) or "-"

    parts = [f"P{obs['seat']}", f"deal {obs['round']} dealer P{obs['dealer']}",
             f"{obs['phase']} {obs['follow_rule']}", f"trump {obs['trump'] or '-'}",
             f"stock {obs['stock_left']}" + (f" turn-up {obs['turnup']}" if obs["turnup"] else ""),
             f"hand {cards(obs['hand'])}"]
    parts += [f"table P{s} {cards(t)}" for s, t in enumerate(obs["tableaus"]) if t]
    parts += [f"P{s} holds {cards(c)}" for s, c in obs["known_in_hand"].items() if c]
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
