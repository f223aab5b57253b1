"""A two-hand Pinochle bot that plays the way the sources' scoring rewards."""

from __future__ import annotations

import random

from cardcore.bots.counting import opponent_known, played_mask, unseen_mask
from cardcore.bots.params import Share, Weight, bot_parameters
from cardcore.bots.simple import pick_best, play_cards, standing_or_rest
from cardcore.tricks import beats



class PinochleHeuristicBot:
    """Two-hand Pinochle by rules of thumb (seeds/penguin-pinochle.txt, Two-hand Pinochle, and
    research/rules.md §5 and §8, two-hand Bezique's play, which it follows):

    1. Out: "The first to reach that total calls 'Out' to end the play, and loses if he is
       wrong": the bot calls it as soon as its own count proves the target reached, never
       before.
    2. Declaring: the dix first (exchanged for the turn-up, which may complete a meld, or
       shown: it does not use up the turn's one meld), then the highest meld, except that
       while the stock lasts a stage of a bigger meld of its class comes first (royal marriage
       before the flush, a single pinochle before the double): "a melded card may be re-melded
       in ... a higher-scoring meld of the same class" (RM §8), so both score.
    3. Stock phase: trumps and aces are kept for the end-game, where the obligation to win
       makes them count; so are the cards of melds the bot may still make (each card's keeping
       value includes the best meld it may yet complete with cards not yet seen). A trick is
       won when its counters and the meld the win lets the bot declare are worth the card it
       costs; otherwise the cheapest card is thrown.
    4. End-game (stock gone, F T R): sure winners are cashed, the highest counters first, and
       a trick that can be won is won with the cheapest card that wins it.

    Only the bot's own cards and public state are read; ties use ``random.Random(seed)``.

    The rules of thumb's numbers are parameters (the defaults are ``heuristic``'s own):
    ``make_odds_0``, ``make_odds_1``, ``make_odds_2`` the chance of still making a meld that
    needs 0, 1 or 2 more cards while the stock lasts; ``keep_points`` the share of a card's
    points it is kept for; ``keep_trump`` what a trump is kept for on top of its rank;
    ``keep_ace`` what an ace is kept for; ``meld_right`` the share of the meld a win lets it
    declare that the win is worth; ``losing_cost`` what losing a trick costs on top of its
    points; ``build_up`` whether a stage of a bigger meld is declared first (rule 2).
    """

    @bot_parameters
    def __init__(self, game, seed: int | None = None, make_odds_0: Share = 0.8, make_odds_1: Share = 0.3,
                 make_odds_2: Share = 0.08, keep_points: Weight = 0.4, keep_trump: Weight = 8.0,
                 keep_ace: Weight = 6.0, meld_right: Share = 0.8, losing_cost: Weight = 10.0,
                 build_up: bool = True):
        self.game = game
        self.make_odds = (make_odds_0, make_odds_1, make_odds_2)
        self.keep_points, self.keep_trump, self.keep_ace = keep_points, keep_trump, keep_ace
        self.meld_right, self.losing_cost, self.build_up = meld_right, losing_cost, build_up
        self.deck = game.deck
        self.rng = random.Random(seed)
        self.higher = game.deck.stronger  # per card, the cards of its suit that beat it
        self.aces = game.deck.rank_masks[game.deck.ranks.index("A")] if "A" in game.deck.ranks else 0

    # ------------------------------------------------------------------ entry point
    def choose(self, state) -> str:
        claim, legal = standing_or_rest(state, state.legal_actions())
        if claim is not None:
            return claim  # rule 1
        if len(legal) == 1:
            return legal[0]
        if not legal[0].startswith("play "):
            return self._declare(state, legal)
        cards = play_cards(state, legal)
        if state.stock_left == 0:
            return self._endgame(state, cards)
        return self._stock_phase(state, cards)

    def _pick(self, scored: dict[str, float]) -> str:
        return pick_best(scored, self.rng)

    # ------------------------------------------------------------------ declaring (rule 2)
    def _declare(self, state, legal: list[str]) -> str:
        for a in legal:
            if a.startswith("exchange "):
                return a
        seat = state.current_player
        melds = {self.game.meld_action(m.mask): m for m in state.open_melds(seat)}
        for a, m in melds.items():
            if not m.rule.counts_as_meld:
                return a
        offered = [melds[a] for a in legal if a in melds]
        if not offered:
            return "pass"
        best = max(offered, key=lambda m: m.points)
        if self.build_up and state.stock_left >= 2 * state.n:  # another trick may be won: build up
            stages = [m for m in offered if m.mask != best.mask and m.rule.meld_class == best.rule.meld_class
                      and m.mask & best.mask == m.mask]
            if stages:
                return self.game.meld_action(max(stages, key=lambda m: m.points).mask)
        return self.game.meld_action(best.mask)

    # ------------------------------------------------------------------ the stock phase (rule 3)
    def _keep(self, state, c: int, mine: int, avail: int, declared: set) -> float:
        deck, trump = self.deck, state.trump
        keep = self.keep_points * state.card_value(c, "won", trump)
        if trump is not None and deck.suit_of[c] == trump:
            keep += self.keep_trump + deck.strength[c]
        if self.aces >> c & 1:
            keep += self.keep_ace
        best = 0.0
        for mask, pts in self.game.meld_table.melds_by_card(trump)[c]:
            if mask & ~avail or mask in declared:
                continue
            need = (mask & ~mine).bit_count()
            if need <= 2:
                best = max(best, pts * self.make_odds[need])
        return keep + best

    def _stock_phase(self, state, cards: dict[str, int]) -> str:
        seat = state.current_player
        deck, trump = self.deck, state.trump
        mine = state.holding(seat)
        avail = mine | unseen_mask(state, seat)
        if state.faced is not None and state.stock_left > 0:
            avail |= 1 << state.faced
        declared = {m for m, *_ in state.meld_history[seat]}
        options = state.declarable(seat)

        def meld_right(without: int) -> float:  # what winning lets the bot declare
            return self.meld_right * max((m.points for m in options if not m.mask >> without & 1), default=0)

        scored = {}
        if state.trick:
            lead = state.trick[0]
            for a, c in cards.items():
                stake = state.card_value(lead, "won", trump) + state.card_value(c, "won", trump)
                keep = self._keep(state, c, mine, avail, declared)
                if beats(deck, c, lead, trump):
                    scored[a] = stake + meld_right(c) - keep
                else:
                    scored[a] = -stake - self.losing_cost - keep
            return self._pick(scored)
        for a, c in cards.items():  # leading: the card least worth keeping, no counter thrown
            scored[a] = -self._keep(state, c, mine, avail, declared) - state.card_value(c, "won", trump)
        return self._pick(scored)

    # ------------------------------------------------------------------ the end-game (rule 4)
    def _endgame(self, state, cards: dict[str, int]) -> str:
        deck, trump = self.deck, state.trump
        seat = state.current_player
        scored = {}
        if state.trick:
            lead = state.trick[0]
            for a, c in cards.items():
                points = state.card_value(c, "won", trump)
                if beats(deck, c, lead, trump):
                    scored[a] = 20.0 + points - 0.5 * deck.strength[c] - (3.0 if deck.suit_of[c] == trump else 0.0)
                else:
                    scored[a] = -points - 0.1 * deck.strength[c]
            return self._pick(scored)
        opp = unseen_mask(state, seat) | opponent_known(state, seat)
        gone = played_mask(state)
        opp_trumps = opp & deck.suit_masks[trump] if trump is not None else 0
        for a, c in cards.items():
            points = state.card_value(c, "won", trump)
            suit = deck.suit_of[c]
            follows = opp & deck.suit_masks[suit]
            sure = not (self.higher[c] & opp & ~gone) and (suit == trump or follows or not opp_trumps)
            if sure:
                scored[a] = 20.0 + points
            else:
                scored[a] = -points - 0.3 * deck.strength[c] - (4.0 if suit == trump else 0.0)
        return self._pick(scored)
