"""Bots that need no search: random, and greedy one-ply play driven by the rules' card values."""

from __future__ import annotations

import random

from ..cards import iter_bits
from ..engine.phases.auction import BID
from ..engine.phases import habitual_action
from ..engine.kernel import blind_moves
from ..tricks import beats
from ..engine.moved import left_names
from .params import bot_parameters


class RandomBot:
    """Plays a uniformly random legal action; reproducible from its seed. At a bid it chooses
    among ``pass`` and the two lowest bids (:func:`cardcore.engine.kernel.blind_moves`): a bid
    drawn from all of them, up to the ceiling, would fail almost every contract."""

    @bot_parameters
    def __init__(self, game, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state) -> str:
        return self.choose_among(state, state.legal_actions())

    def choose_among(self, state, legal: list):
        """``choose(state)`` from ``legal``, the legal actions a caller has at hand already
        (``simulate`` counts them) or the moves naming them one per action in their order: the
        same draw, of the same index, without asking for them again."""
        return self.rng.choice(blind_moves(state, legal))


def at_once_verbs(game) -> tuple[str, ...]:
    """The verbs of the standing actions a bot takes at once (their handler's ``at_once``,
    :mod:`cardcore.engine.sections`: e.g. a call listed only when it wins the game)."""
    return tuple(verb for verb, handler, _ in game.compiled.deal.standing if getattr(handler, "at_once", False))


def standing_or_rest(state, legal: list[str]) -> tuple[str | None, list[str]]:
    """A standing action taken at once (:func:`at_once_verbs`) is taken as soon as it is among
    the moves. (the action to take or None, the other actions)."""
    for verb in at_once_verbs(state.game):
        if verb in legal:
            return verb, [a for a in legal if a != verb]
    return None, legal


def pick_best(scored: dict[str, float], rng) -> str:
    """The action scored highest; among near-equal scores (within 1e-9) the bot's generator
    chooses, and only then is it drawn from, so that a bot's games stay reproducible."""
    best = max(scored.values())
    tied = sorted(a for a, v in scored.items() if v >= best - 1e-9)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def play_cards(state, legal: list[str]) -> dict[str, int]:
    """The card each ``play C`` action of ``legal`` would play: the hand's copy of C when the hand
    holds one, the table's for ``play C from table``."""
    seat, find = state.current_player, state.deck.find
    hand = state.hands[seat]
    table = state.playable(seat) & ~hand
    out = {}
    for a in legal:
        _, name, *from_table = a.split()
        card = None if from_table else find(name, hand)
        out[a] = find(name, table) if card is None else card
    return out


class CardValues:
    """What winning each card is worth under a game's rules, read from its tables.

    Counted cards (brisques and the like) are worth the points any scoring rule gives them, and a
    little more when they count toward a majority bonus; card points depend on trump.
    """

    def __init__(self, game):
        self.game = game
        deck = game.deck
        self.base = [0.0] * deck.size
        for rule in game.rules.scoring:
            if rule.counter is None:
                continue
            mask = game.compiled.counter_masks[rule.counter]
            bonus = rule.points if rule.kind == "per-card" else rule.points / 2
            if rule.kind == "excess":
                bonus = rule.points / 4
            for c in iter_bits(mask):
                self.base[c] += bonus

    def value(self, state, card: int) -> float:
        extra = state.card_value(card, "won", state.trump) if state.rules.card_points else 0
        return self.base[card] + extra


class GreedyBot:
    """One ply: the declaration scoring most now; as follower the cheapest card that wins a
    trick worth winning (or wins it for nothing); otherwise the least valuable card, keeping
    brisques."""

    @bot_parameters
    def __init__(self, game, seed: int | None = None):
        self.rng = random.Random(seed)
        self.values = CardValues(game)

    def choose(self, state) -> str:
        taken, legal = standing_or_rest(state, state.legal_actions())
        if taken is not None:
            return taken
        if len(legal) == 1:
            return legal[0]
        habitual = habitual_action(state)  # e.g. a guess: a probe one ply ahead would see the number
        if habitual is not None:
            return habitual
        if not legal[0].startswith("play "):
            return self.best_declaration(state, legal)
        return self.best_play(state, legal)

    def best_declaration(self, state, legal: list[str]) -> str:
        seat = state.current_player
        if state.decision == BID:  # no points to see one ply ahead: open at the lowest bid, then pass
            return legal[0] if state.contract is None or "pass" not in legal else "pass"
        best, best_gain = "pass" if "pass" in legal else legal[0], 0
        for action in legal:
            if action == "pass":
                continue
            probe = state.clone()
            before = probe.scores[seat]
            probe.apply(action)
            gain = probe.scores[seat] - before
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def cost(self, state, card: int) -> tuple[float, int]:
        return (self.values.value(state, card), state.trick_deck.strength[card])

    def best_play(self, state, legal: list[str]) -> str:
        deck = state.trick_deck
        cards = play_cards(state, legal)
        if state.trick:
            best = state.trick[0]
            for c in state.trick[1:]:
                if beats(deck, c, best, state.trump):
                    best = c
            trick_value = sum(self.values.value(state, c) for c in state.trick)
            winners = [a for a, c in cards.items() if beats(deck, c, best, state.trump)]
            if winners:
                cheapest = min(winners, key=lambda a: self.cost(state, cards[a]))
                if trick_value > 0 or self.values.value(state, cards[cheapest]) == 0:
                    return cheapest
        return min(legal, key=lambda a: self.cost(state, cards[a]))


__getattr__ = left_names(__name__)  # a name that left, told where it went
