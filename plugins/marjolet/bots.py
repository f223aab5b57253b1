"""A Marjolet bot that plays the way Parlett's rules (Penguin Book, p. 94) make worth while."""

from __future__ import annotations

import random

from cardcore.bots.counting import (
    CountedEndgame, hands_by_count, may_hold, p_opponents_hold_any, played_mask, still_to_play, unseen_mask,
)
from cardcore.bots.params import bot_parameters
from cardcore.bots.simple import pick_best, play_cards
from cardcore.cards import iter_bits
from cardcore.tricks import beating, beats, trick_winner

P_END_WIN = (0.9, 0.55, 0.35, 0.2)


class MarjoletHeuristicBot:
    """Marjolet by rules of thumb drawn from its scoring (seeds/penguin-bezique-marjolet.txt):

    1. Declarations: "Before drawing, the trick-winner may show and score for any of the
       following melds ... More than one combination may be scored at a time": at every
       declaration turn the bot first exchanges the trump seven ("A player drawing or dealt the
       trump Seven may exchange it for the turn-up and score 10. He may do so only upon winning a
       trick": as soon as possible), then declares every scoring meld, highest first, then passes.
    2. "Marjolet maybe retained and married on different occasions to different Queens, and any
       given Queen may be married both to Marjolet and to her matching King": in the stock phase
       the bot holds its trumps, the Marjolet (trump jack), queens and kings: each card's keeping
       value includes the best meld it may still make with cards not yet seen, and a trump's
       worth in the end-game.
    3. "scores accrue ... for winning brisques (Aces and Tens) in tricks, these counting 10
       each": a trick holding a brisque is worth winning with the cheapest card that takes it;
       a brisque is not thrown to a trick the opponent takes; aces are kept as sure winners.
    4. Winning a trick is worth the melds (and the exchange) the bot could then declare; losing
       one gives the opponent the same chance.
    5. Trump seven: when it can no longer be exchanged and playing it still scores (the option
       ``trump_seven_play_bonus``), it is played for its 10.
    6. "The winner of the final trick scores 10, or 50 if he took all six": in the end-game the
       stock is gone and the unseen cards are exactly the opponent's hand, so the bot counts it
       and plays the six tricks out exactly for brisques, the trump-seven bonus and the last
       trick (``count_endgame=True``); otherwise (and for ties) it cashes sure winners from its
       longest suit, wins tricks with tens, keeps a trump for the last trick.

    Only the bot's own cards and public state are read; ties use ``random.Random(seed)``.
    """

    @bot_parameters
    def __init__(self, game, seed: int | None = None, count_endgame: bool = True):
        self.game = game
        self.deck = deck = game.deck
        self.rng = random.Random(seed)
        self.count_endgame = bool(count_endgame)
        self.brisques = game.compiled.counter_masks["brisques"]
        rules = game.rules
        self.brisque_points = sum(r.points for r in rules.scoring
                                  if r.kind == "per-card" and r.counter == "brisques")
        self.last_trick = next(((r.points, r.all_tricks_points or r.points)
                                for r in rules.scoring if r.kind == "last-trick"), (0, 0))
        turnup = rules.turnup
        self.seven_rank = deck.ranks.index(turnup.rank) if turnup else None
        self.exchange_points = turnup.exchange_points if turnup else 0
        self.play_points = (turnup.play_points or 0) if turnup else 0
        self.higher = deck.stronger  # per card, the cards of its suit that beat it
        self._solver_key = None
        self._solver = None

    # ------------------------------------------------------------------ helpers
    def _pick(self, scored: dict[str, float]) -> str:
        return pick_best(scored, self.rng)

    def _is_trump_seven(self, state, c: int) -> bool:
        return (state.trump is not None and self.seven_rank is not None
                and self.deck.suit_of[c] == state.trump and self.deck.rank_of[c] == self.seven_rank)

    def _play_bonus(self, state, c: int) -> float:
        """Rule 5: the 10 for playing an unexchanged trump seven."""
        if self.play_points and self._is_trump_seven(state, c) and not state.scored_specials >> c & 1:
            return float(self.play_points)
        return 0.0

    def _exchange_open(self, state) -> bool:
        return (state.faced is not None and state.stock_left > 0 and self.seven_rank is not None
                and self.deck.rank_of[state.faced] != self.seven_rank)

    # ------------------------------------------------------------------ entry point
    def choose(self, state) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not legal[0].startswith("play "):
            return self._declare(legal)
        seat = state.current_player
        cards = play_cards(state, legal)
        if state.stock_left == 0 and state.phase == len(state.rules.phases) - 1:
            return self._endgame(state, cards)
        return self._stock_phase(state, cards)

    def _declare(self, legal: list[str]) -> str:
        """Rule 1: exchange first, then every meld, highest first (legal order), then pass."""
        for a in legal:
            if a.startswith("exchange "):
                return a
        return legal[0]  # melds come sorted by points, "pass" last

    # ------------------------------------------------------------------ the stock phase
    def _keep(self, state, c: int, mine: int, out: int, avail: int, declared: set, table: int) -> float:
        deck = self.deck
        trump = state.trump
        hi = (self.higher[c] & out).bit_count()
        p = P_END_WIN[min(hi, 3)]
        is_trump = trump is not None and deck.suit_of[c] == trump
        p = min(0.95, p + 0.25) if is_trump else p * 0.85
        v = float(self.brisque_points) if self.brisques >> c & 1 else 0.0
        keep = p * (v + 4.0) - (1 - p) * v + (6.0 if is_trump else 0.0)
        draws = state.stock_left // 2
        best = 0.0
        for mask, pts in self.game.meld_table.melds_by_card(trump)[c]:  # rule 2
            if mask & ~avail or mask in declared:
                continue
            need = (mask & ~mine).bit_count()
            if need > min(2, draws):
                continue
            best = max(best, pts * (0.8, 0.3, 0.08)[need])
        keep += best
        if self._is_trump_seven(state, c) and self._exchange_open(state):
            keep += self.exchange_points
        return keep

    def _stock_phase(self, state, cards: dict[str, int]) -> str:
        seat = state.current_player
        deck = self.deck
        mine = state.holding(seat)
        played = played_mask(state)
        unseen = unseen_mask(state, seat)
        out = deck.full_mask & ~mine & ~played  # not mine and not gone (the turn-up included)
        declared = {m for m, *_ in state.meld_history[seat]}
        avail = mine | unseen
        if state.faced is not None and state.stock_left > 0:
            avail |= 1 << state.faced
        table = state.tableaus[seat]
        options = [m for m, why in state.meld_options(seat) if why is None]
        seven = next((c for c in iter_bits(state.hands[seat]) if self._is_trump_seven(state, c)), None)

        def meld_right(without: int) -> float:  # rule 4
            total = sum(m.points for m in options if not m.mask >> without & 1)
            if seven is not None and seven != without and self._exchange_open(state):
                total += self.exchange_points + 5
            return 0.7 * total

        opp_meld = 10.0
        scored = {}
        if state.trick:
            pos = trick_winner(deck, state.trick, state.trump)
            best = state.trick[pos]
            allied = state.table.same_side(state.trick_seats[pos], seat)  # a partner is winning it
            later = still_to_play(state, seat)  # opponents yet to play may still beat it
            in_trick = 0
            for t in state.trick:
                in_trick |= 1 << t
            for a, c in cards.items():
                keep = self._keep(state, c, mine, out, avail, declared, table)
                stake = self.brisque_points * ((in_trick | (1 << c)) & self.brisques).bit_count()
                beat = beats(deck, c, best, state.trump)
                win = stake + meld_right(c) - keep if beat else stake - keep
                lose = -stake - opp_meld - keep
                if (beat or allied) and later:
                    p = p_opponents_hold_any(state, seat, beating(deck, c if beat else best, state.trump), later)
                    v = (1 - p) * win + p * lose
                else:
                    v = win if beat or allied else lose
                scored[a] = v + self._play_bonus(state, c)
            return self._pick(scored)
        for a, c in cards.items():
            p = p_opponents_hold_any(state, seat, beating(deck, c, state.trump))
            p *= 0.9 if self.brisques >> c & 1 else 0.6
            stake = self.brisque_points if self.brisques >> c & 1 else 0.0
            keep = self._keep(state, c, mine, out, avail, declared, table)
            v = (1 - p) * (stake + meld_right(c)) - p * (stake + opp_meld) - keep
            scored[a] = v + self._play_bonus(state, c)
        return self._pick(scored)

    # ------------------------------------------------------------------ the end-game
    def _endgame(self, state, cards: dict[str, int]) -> str:
        seat = state.current_player
        table = state.table
        possible = may_hold(state, seat)
        opp_hand = 0
        for o in table.opponents(seat):
            opp_hand |= possible[o]
        thumb = self._thumb(state, cards, opp_hand)
        hands = hands_by_count(state, seat) if self.count_endgame else None
        if hands is None:  # nothing to count exactly (several hidden hands)
            return self._pick(thumb)
        key = (seat, state.trump, len(state.rounds), id(state.deals[-1]))
        if key != self._solver_key:
            self._solver_key = key
            self._solver = self._make_solver(state, seat)
        phase = state.phase
        mine_any = any(p == phase and table.same_side(w, seat) for p, w in state.trick_winners)
        theirs_any = any(p == phase and not table.same_side(w, seat) for p, w in state.trick_winners)
        values = self._solver.values(tuple(hands), list(zip(state.trick_seats, state.trick)),
                                     (mine_any, theirs_any))
        return self._pick({a: values[c] + 0.001 * thumb[a] for a, c in cards.items()})

    def _make_solver(self, state, seat: int) -> CountedEndgame:
        pts = self.brisque_points
        last, sweep = self.last_trick
        table = state.table
        bonus_cards = {c: self._play_bonus(state, c) for c in range(self.deck.size)
                       if self._play_bonus(state, c)}

        def trick_gain(ctx, plays, winner):  # ctx: (my side has won a trick, another side has)
            we_won = table.same_side(winner, seat)
            n = sum(1 for _, c in plays if self.brisques >> c & 1)
            gain = pts * n if we_won else -pts * n
            for player, c in plays:  # the trump seven scores for whoever plays it
                if c in bonus_cards:
                    gain += bonus_cards[c] if table.same_side(player, seat) else -bonus_cards[c]
            mine_any, theirs_any = ctx
            return gain, (mine_any or we_won, theirs_any or not we_won)

        def final_gain(ctx, last_winner):
            mine_any, theirs_any = ctx
            if table.same_side(last_winner, seat):
                return sweep if not theirs_any else last
            return -(sweep if not mine_any else last)

        rule = state.follow
        return CountedEndgame(self.deck, rule, state.trump, seat, trick_gain, final_gain, table)

    def _thumb(self, state, cards: dict[str, int], opp_hand: int) -> dict[str, float]:
        deck = self.deck
        trump = state.trump
        hand = state.hands[state.current_player]
        scored = {}
        for a, c in cards.items():
            brisque = self.brisques >> c & 1
            is_trump = trump is not None and deck.suit_of[c] == trump
            if state.trick:
                lead = state.trick[trick_winner(deck, state.trick, trump)]  # the card to beat
                if beats(deck, c, lead, trump):
                    v = 10.0 + 3.0 * brisque - 0.1 * deck.strength[c] - (1.0 if is_trump else 0.0)
                else:
                    v = -5.0 * brisque - 0.1 * deck.strength[c]
            else:
                sure = not (self.higher[c] & opp_hand) and (
                    is_trump or opp_hand & deck.suit_masks[deck.suit_of[c]]
                    or not (trump is not None and opp_hand & deck.suit_masks[trump]))
                length = (hand & deck.suit_masks[deck.suit_of[c]]).bit_count()
                v = (10.0 + length + 2.0 * brisque - (2.0 if is_trump else 0.0)) if sure else \
                    (-0.5 * length - 4.0 * brisque - 0.1 * deck.strength[c])
            scored[a] = v + self._play_bonus(state, c)
        return scored
