"""A Penneech bot that plays the way Cotton's rules (as reconstructed by Parlett) reward."""

from __future__ import annotations

import random

from cardcore.bots.counting import (
    p_opponents_hold_any, seen_holding, side_values, still_to_play, unseen_mask,
)
from cardcore.bots.params import bot_parameters
from cardcore.bots.simple import pick_best, play_cards
from cardcore.cards import iter_bits
from cardcore.tricks import beating, beats, trick_winner


class PenneechHeuristicBot:
    """Penneech by rules of thumb drawn from its scoring (seeds/penneech-wikipedia.txt):

    1. Throw-in: "A player with no Aces nor face cards may throw in his cards for a fresh deal":
       only a truly weak hand is thrown in, one without the penneech (the seven of diamonds, the
       best diamond in every deal) and without a ten; a hand that holds either is played.
    2. "An Ace is worth 5 points, a king 4, a queen 3 and a knave 2" when won in a trick while
       their suit is trump: a trick holding honours of the trump in force is worth winning, and
       an honour of the trump in force played by the bot scores for it only if it wins, so the
       trump ace (unbeatable but by the penneech in diamonds) is played to win at once; the
       penneech is worth 7 when won in diamonds.
    3. "The trick winner turns the next card of the stock for trump and pegs its value if it is
       a counter": winning a trick is also worth the expected value of the next turn-up,
       averaged over the cards the bot has not seen.
    4. "The winner of the last trick turns the next card of the stock and likewise scores for
       it": with two cards left the bot keeps the one more likely to win the seventh trick.
    5. "Players also score 1 point per card taken in excess of seven": the bot counts the cards
       each player has taken and values a trick by what its two cards add to the winner's excess
       (reckoning that the remaining tricks will be shared).
    6. "The second player to a trick may either follow suit or trump": as second player the bot
       ruffs a trick holding a trump honour, or ruffs with a trump honour of its own, when that
       is worth more than the card it spends; high cards and honours of other suits are kept,
       since any suit may be trump for a later trick.
    7. As leader it weighs the chance that the opponent can beat the card (a higher card of the
       suit or a trump among the cards it has not seen) against what the trick is worth.

    Only the bot's own cards and public state are read; ties use ``random.Random(seed)``.
    """

    KEEP = 1.0  # rule 6, how much holding a card for later tricks counts

    @bot_parameters
    def __init__(self, game, seed: int | None = None):
        self.game = game
        self.deck = deck = game.deck
        self.rng = random.Random(seed)
        n = deck.size
        self.won_rules = [r for r in game.rules.card_points if r.when == "won"]
        self.turned_value = [self._value(c, "turned", None) for c in range(n)]
        self.higher = deck.stronger  # per card, the cards of its suit that beat it
        top = max(deck.strength)
        self.power = [(deck.strength[c] / top) ** 2 for c in range(n)]
        self.ten = deck.ranks.index("T")
        self.penneech = deck.card_index("7D") if "7D" in deck.by_name else None
        # what each card scores when won in trumps (its suit trump), for the keeping value
        self.honour = [self._value(c, "won", deck.suit_of[c]) for c in range(n)]
        self.excess = next(((r.over, r.points) for r in game.rules.scoring if r.kind == "excess"), (7, 1))

    def _value(self, card: int, when: str, trump: int | None) -> float:
        deck = self.deck
        total = 0.0
        for rule in self.game.rules.card_points:
            if rule.when != when or (rule.suit == "trump" and deck.suit_of[card] != trump):
                continue
            total += rule.values.get(deck.names[card], rule.values.get(deck.rank_letter(card), 0))
        return total

    def _pick(self, scored: dict[str, float]) -> str:
        return pick_best(scored, self.rng)

    # ------------------------------------------------------------------ entry point
    def choose(self, state) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if "throw-in" in legal:
            return "throw-in" if self._weak(state.hands[state.current_player]) else "pass"
        if not legal[0].startswith("play "):
            return "pass" if "pass" in legal else legal[0]
        seat = state.current_player
        cards = play_cards(state, legal)
        return self._play(state, cards)

    def _weak(self, hand: int) -> bool:
        """Rule 1: no penneech and no ten (the offer already means no ace or face card)."""
        if self.penneech is not None and hand >> self.penneech & 1:
            return False
        return not any(self.deck.rank_of[c] == self.ten for c in iter_bits(hand))

    # ------------------------------------------------------------------ play
    def _keep(self, c: int, trump, out: int, left_after: int) -> float:
        """Worth of holding ``c`` for a later trick, whose trump is not known yet (rule 6)."""
        if left_after <= 0:
            return 0.0
        hi = (self.higher[c] & out).bit_count()
        p_win = (0.85, 0.5, 0.3, 0.15)[min(hi, 3)]
        v = 1.5 * self.power[c] + 0.3 * self.honour[c] * p_win
        if left_after == 1:  # rule 4: this card would play the seventh trick
            v += 1.5 * p_win
        return self.KEEP * v

    def _play(self, state, cards: dict[str, int]) -> str:
        seat = state.current_player
        deck = self.deck
        trump = state.trump
        hand = state.hands[seat]
        unseen = unseen_mask(state, seat)
        out = unseen  # the cards still out: unseen, or seen going into another seat's hand
        for other in range(state.n):
            if other != seat:
                out |= seen_holding(state, other)
        n_unseen = unseen.bit_count()
        e_turn = sum(self.turned_value[c] for c in iter_bits(unseen)) / n_unseen if n_unseen else 0.0
        won = lambda c: self._value(c, "won", trump)  # noqa: E731
        # rule 5: what this trick's cards add to each side's excess over seven
        table = state.table
        counts = side_values(state, state.counter_counts("cards"), shared=False)
        left_after = hand.bit_count() - 1  # tricks after this one
        share = left_after * state.n / len(table.sides)  # cards each side may expect from them
        over, pts = self.excess

        def excess_gain(n: int) -> float:
            return pts * (max(0, n + state.n + share - over) - max(0, n + share - over))

        mine = table.side_of(seat)
        gain_me = excess_gain(counts[mine])
        gain_opp = max(excess_gain(v) for i, v in enumerate(counts) if i != mine)
        scored = {}
        if state.trick:
            pos = trick_winner(deck, state.trick, trump)
            best = state.trick[pos]
            allied = table.same_side(state.trick_seats[pos], seat)  # a partner is winning it
            later = still_to_play(state, seat)  # opponents yet to play may still beat it
            taken = sum(won(t) for t in state.trick)
            for a, c in cards.items():
                stake = taken + won(c)
                keep = self._keep(c, trump, out, left_after)
                beat = beats(deck, c, best, trump)
                win = stake + e_turn + gain_me + 0.3 - keep
                lose = -stake - e_turn - gain_opp - keep
                if (beat or allied) and later:
                    p = p_opponents_hold_any(state, seat, beating(deck, c if beat else best, trump), later)
                    scored[a] = (1 - p) * win + p * lose
                else:
                    scored[a] = win if beat or allied else lose
            return self._pick(scored)
        for a, c in cards.items():
            p = p_opponents_hold_any(state, seat, beating(deck, c, trump))
            stake = won(c)
            keep = self._keep(c, trump, out, left_after)
            v = (1 - p) * (stake + e_turn + gain_me + 0.3) - p * (stake + e_turn + gain_opp + 0.5) - keep
            scored[a] = v
        return self._pick(scored)
