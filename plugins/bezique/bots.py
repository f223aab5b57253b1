"""A Bezique bot, shared by two-hand Bezique and Cinq Cents, that plays the sources' tactics."""

from __future__ import annotations

import random

from cardcore.bots.counting import opponent_known, played_mask, unseen_mask
from cardcore.bots.params import Share, Weight, bot_parameters
from cardcore.bots.simple import CardValues, pick_best, play_cards
from cardcore.tricks import beats



class BeziqueHeuristicBot:
    """Bezique by rules of thumb (research/rules.md §5, from Hoffmann, Foster and the Penguin
    book; §6 for Cinq Cents, played the same way):

    1. Declaring: the trump seven first (exchanged for the turn-up, or shown: it does not use the
       trick's one meld), then the highest meld scores: a meld waiting "to score" from an
       earlier trick when it is the best, else the best new one. Once the trick's meld has
       scored, every further meld is shown to score on later tricks. Only while the stock lasts
       does a stage of a bigger meld of its class come first (royal marriage before the
       sequence, a bezique before the double bezique), since the laws let the higher one
       follow with a new card but never the lower one.
    2. Stock phase: brisques and trumps are kept for the end game, where the obligation to
       win makes them count; so are the cards of melds still possible, weighted by the meld
       (the cards of a double bezique most of all). A trick is won when its brisques and the
       meld the win allows are worth the card it costs; else the cheapest card is thrown.
    3. End game: sure winners are cashed, brisques first; a trick that can be won is won with
       the cheapest card that wins it.

    Only the bot's own cards and public state are read; ties use ``random.Random(seed)``.

    The rules of thumb's numbers are parameters (the defaults are ``heuristic``'s own):
    ``make_odds_0``, ``make_odds_1``, ``make_odds_2`` the chance of still making a meld that
    needs 0, 1 or 2 more cards while the stock lasts; ``keep_points`` the share of a card's
    points it is kept for; ``keep_trump`` what a trump is kept for on top of its rank;
    ``meld_right`` the share of the meld a win lets it declare that the win is worth;
    ``losing_cost`` what losing a trick costs on top of its points; ``build_up`` whether a
    stage of a bigger meld is declared first (rule 1).
    """

    @bot_parameters
    def __init__(self, game, seed: int | None = None, make_odds_0: Share = 0.8, make_odds_1: Share = 0.3,
                 make_odds_2: Share = 0.08, keep_points: Weight = 0.6, keep_trump: Weight = 6.0,
                 meld_right: Share = 0.8, losing_cost: Weight = 5.0, build_up: bool = True):
        self.game = game
        self.make_odds = (make_odds_0, make_odds_1, make_odds_2)
        self.keep_points, self.keep_trump = keep_points, keep_trump
        self.meld_right, self.losing_cost, self.build_up = meld_right, losing_cost, build_up
        self.deck = game.deck
        self.rng = random.Random(seed)
        self.values = CardValues(game)
        # per phase, per card, the cards of its suit that beat it (the end game may rank its tricks
        # otherwise, e.g. the Ten at whist rank)
        self.higher = [phase.deck.stronger for phase in game.compiled.phases]

    def choose(self, state) -> str:
        legal = state.legal_actions()
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

    # ------------------------------------------------------------------ declaring (rule 1)
    def _declare(self, state, legal: list[str]) -> str:
        for a in legal:
            if a.startswith("exchange "):
                return a
        seat = state.current_player
        melds = {self.game.meld_action(m.mask): m for m in state.open_melds(seat)}
        offered = [melds[a] for a in legal if a in melds]
        for m in offered:
            if not m.rule.counts_as_meld:
                return self.game.meld_action(m.mask)
        if not offered:
            return "pass"
        best = max(offered, key=lambda m: m.points)
        if self.build_up and state.step_melds == 0 and state.stock_left >= 2 * state.n:
            stages = [m for m in offered if m.mask != best.mask and m.rule.meld_class == best.rule.meld_class
                      and m.mask & best.mask == m.mask]
            if stages:
                return self.game.meld_action(max(stages, key=lambda m: m.points).mask)
        return self.game.meld_action(best.mask)

    # ------------------------------------------------------------------ the stock phase (rule 2)
    def _keep(self, state, c: int, mine: int, avail: int, declared: set) -> float:
        deck, trump = state.trick_deck, state.trump
        keep = self.keep_points * self.values.value(state, c)
        if trump is not None and deck.suit_of[c] == trump:
            keep += self.keep_trump + deck.strength[c]
        table = self.game.meld_table
        if table.canonical:
            return keep + self._meld_hope_by_name(table, trump, c, mine, avail, declared)
        best = 0.0
        for mask, pts in table.melds_by_card(trump)[c]:
            if mask & ~avail or mask in declared:
                continue
            need = (mask & ~mine).bit_count()
            if need <= 2:
                best = max(best, pts * self.make_odds[need])
        return keep + best

    def _meld_hope_by_name(self, table, trump, c: int, mine: int, avail: int, declared: set) -> float:
        """The best meld ``c`` may still help make, weighted by the odds of making it, by card
        names: with more than two packs any copy of a card serves a meld as well as another."""
        mine_n, avail_n = table.name_counts(mine), table.name_counts(avail)
        shown = {table.names_wanted(table.lowest_copies(mask)) for mask in declared}
        best = 0.0
        for wanted, pts in table.melds_by_name(trump)[table.name_of(c)]:
            if wanted in shown or any(avail_n[n] < k for n, k in wanted):
                continue
            need = sum(k - mine_n[n] for n, k in wanted if k > mine_n[n])
            if need <= 2:
                best = max(best, pts * self.make_odds[need])
        return best

    def _stock_phase(self, state, cards: dict[str, int]) -> str:
        seat = state.current_player
        deck, trump = state.trick_deck, state.trump
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
                stake = self.values.value(state, lead) + self.values.value(state, c)
                keep = self._keep(state, c, mine, avail, declared)
                if beats(deck, c, lead, trump):
                    scored[a] = stake + meld_right(c) - keep
                else:
                    scored[a] = -stake - self.losing_cost - keep
            return self._pick(scored)
        for a, c in cards.items():  # leading: the card least worth keeping, no brisque thrown
            scored[a] = -self._keep(state, c, mine, avail, declared) - self.values.value(state, c)
        return self._pick(scored)

    # ------------------------------------------------------------------ the end game (rule 3)
    def _endgame(self, state, cards: dict[str, int]) -> str:
        deck, trump = state.trick_deck, state.trump  # the end game's ranks (endgame_ten)
        seat = state.current_player
        scored = {}
        if state.trick:
            lead = state.trick[0]
            for a, c in cards.items():
                points = self.values.value(state, c)
                if beats(deck, c, lead, trump):
                    scored[a] = 20.0 + points - 0.5 * deck.strength[c] - (3.0 if deck.suit_of[c] == trump else 0.0)
                else:
                    scored[a] = -points - 0.1 * deck.strength[c]
            return self._pick(scored)
        opp = unseen_mask(state, seat) | opponent_known(state, seat)
        gone = played_mask(state)
        opp_trumps = opp & deck.suit_masks[trump] if trump is not None else 0
        for a, c in cards.items():
            points = self.values.value(state, c)
            suit = deck.suit_of[c]
            follows = opp & deck.suit_masks[suit]
            sure = not (self.higher[state.phase][c] & opp & ~gone) and (suit == trump or follows or not opp_trumps)
            scored[a] = 20.0 + points if sure else -points - 0.3 * deck.strength[c] - (4.0 if suit == trump else 0.0)
        return self._pick(scored)
