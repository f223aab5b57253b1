"""A bot for both auction games, after the seed's advice (seeds/penguin-pinochle.txt, PB95).

1. Bidding: the value of a hand is the best set of melds it shows in its best trump suit, plus
   an estimate of the card points it will take: the declarer's share of the 250 in cards and
   last (more with aces and a long trump suit), and, for three, a little for the widow; for
   four, what the partner is likely to meld and take (PB95, Auction Pinochle for four,
   Comment: "open at 100 plus the melds held"). The bot bids the lowest legal bid while it is
   within that value; holding a flush it prefers an odd number of tens, the seed's convention
   for showing one to the partner. It does not overbid its partner.
2. Trumps: the suit in which the hand melds most, counting its length.
3. Concede (three-hand) when the chance of making the bid in play is too small for the risk
   ("he may concede immediately for a smaller penalty"): failing in play costs two stakes,
   conceding one, making it wins one (Score), so play is worth it when the bid is made more often
   than (2 - 1) / (1 + 2) = one time in three. What the declarer takes in play is estimated from
   his trumps as 45 + 15 a trump, give or take 30 (the mean and spread of 2,445 deals between
   heuristic bots, seeds 0 on, from four trumps to eleven), and never more than the cards and the
   last trick are worth (250, PB95, Object). Discards: never a trump or an ace; counters of plain suits first (they count
   for the declarer wherever they lie), then the shortest plain suit, to be void and trump it.
4. Play, the partner an ally: second or later to a trick the partner is winning with a sure
   card (one that no opponent still to play may beat, by counting the cards each may hold and
   the suits each has shown void), the bot gives it counters; against an opponent it wins with
   the cheapest card that does when the trick holds points or it plays last, else it plays its
   cheapest card. It leads aces of plain suits, then trumps when it holds many, then its longest plain suit.

Only the bot's own cards and public facts are read; ties go to the first legal action.
"""

from __future__ import annotations

import math
import random

from cardcore.bots.counting import may_hold, still_to_play
from cardcore.bots.simple import play_cards
from cardcore.melds import best_meld_set
from cardcore.tricks import beating, beats


class AuctionPinochleBot:
    def __init__(self, game, seed: int | None = None):
        self.game = game
        self.deck = game.deck
        self.rng = random.Random(seed)
        self.ace = self.deck.ranks.index("A")
        self.partners = game.table.sides and len(game.table.sides[0]) > 1

    # ------------------------------------------------------------------ valuing a hand
    def melds(self, hand: int, trump: int) -> int:
        return sum(m.points for m in best_meld_set(self.game.meld_table, hand, trump))

    def hand_value(self, state, hand: int) -> tuple[int, int]:
        """(value, best trump suit) of ``hand`` as declarer."""
        deck = self.deck
        aces = (hand & deck.rank_masks[self.ace]).bit_count()
        best = (-1, 0)
        for suit in range(len(deck.suits)):
            length = (hand & deck.suit_masks[suit]).bit_count()
            value = self.melds(hand, suit) + self.game.scaled(10) * (aces + 2 * max(0, length - 4))
            best = max(best, (value, suit))
        # of the 250 in cards and last, what the declarer takes at least (his side, for four)
        share = self.game.scaled(90) if self.partners else self.game.scaled(110)
        extra = self.game.scaled(60) if self.partners else self.game.scaled(20)  # partner's melds; widow
        return best[0] + share + extra, best[1]

    # ------------------------------------------------------------------ decisions
    def choose(self, state) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        decision = state.decision
        if decision == "bid":
            return self.bid(state, legal)
        if decision == "trump":
            return f"trump {self.deck.suits[self.hand_value(state, state.hands[state.current_player])[1]]}"
        if decision == "discard":
            return self.discard(state, legal)
        return self.play(state, legal)

    def bid(self, state, legal: list[str]) -> str:
        seat = state.current_player
        bids = [(int(a.split()[1]), a) for a in legal if a.startswith("bid ")]
        may_pass = "pass" in legal
        if may_pass and state.declarer is not None and state.table.same_side(seat, state.declarer):
            return "pass"  # never overbid the partner
        value, trump = self.hand_value(state, state.hands[seat])
        within = [(b, a) for b, a in bids if b <= value]
        if not within:
            return "pass" if may_pass else bids[0][1]
        lowest = within[0]
        if self.partners and self._has_flush(state.hands[seat], trump):
            odd = [(b, a) for b, a in within if (b // self.game.scaled(10)) % 2 == 1]
            if odd:
                return odd[0][1]
        return lowest[1]

    def _has_flush(self, hand: int, trump: int) -> bool:
        return any(m.rule.name == "flush" for m in best_meld_set(self.game.meld_table, hand, trump))

    def discard(self, state, legal: list[str]) -> str:
        deck, seat, trump = self.deck, state.current_player, state.trump
        hand = state.hands[seat]
        if "concede" in legal:  # the melds fall short: concede when play is unlikely to make it up
            if self.chance_in_play(state, seat) < self.break_even(state):
                return "concede"
            legal = [a for a in legal if a != "concede"]

        def keep(name: str) -> float:
            card = deck.by_name[name][0]
            suit = deck.suit_of[card]
            if suit == trump:
                return 100
            if deck.rank_of[card] == self.ace:
                return 50
            counter = state.card_value(card, "won", trump)
            return (hand & deck.suit_masks[suit]).bit_count() * 2 - counter

        return min(legal, key=lambda a: sum(keep(n) for n in a.split()[1:]))

    def chance_in_play(self, state, seat: int) -> float:
        """The chance that the declarer's points in play (counters won and laid away, the last
        trick) make up what his melds leave of the bid: nil beyond all there is to take."""
        deck, trump, scaled = self.deck, state.trump, self.game.scaled
        need = state.contract - state.round_points[seat]
        there = sum(state.card_value(c, "won", trump) for c in range(deck.size)) + sum(
            r.points for r in state.rules.scoring if r.kind == "last-trick")
        if need > there:
            return 0.0
        trumps = (state.hands[seat] & deck.suit_masks[trump]).bit_count()
        mean, spread = scaled(45) + scaled(15) * trumps, scaled(30)
        return 0.5 * math.erfc((need - mean) / (spread * math.sqrt(2)))  # P(taken >= need), normal

    @staticmethod
    def break_even(state) -> float:
        """The chance of making the bid above which playing on costs less, on average, than
        conceding: the settlement's stakes (made: one won; failed: two paid; conceded: one)."""
        settle = next(p for p in state.rules.phases if p.kind == "settle")
        units = {"stake": 1, "double-stake": 2}
        made, failed, conceded = units[settle.made_pays], units[settle.failed_pays], units[settle.conceded_pays]
        return (failed - conceded) / (made + failed)

    def play(self, state, legal: list[str]) -> str:
        deck, trump, seat = self.deck, state.trump, state.current_player
        cards = play_cards(state, legal)

        def worth(card: int) -> float:
            return state.card_value(card, "won", trump) + (5 if deck.suit_of[card] == trump else 0)

        if not state.trick:
            return self.lead(state, cards)
        best_pos = 0
        for pos in range(1, len(state.trick)):
            if beats(deck, state.trick[pos], state.trick[best_pos], trump):
                best_pos = pos
        best, holder = state.trick[best_pos], state.trick_seats[best_pos]
        last = len(state.trick) == state.n - 1
        if state.table.same_side(seat, holder) and holder != seat and (last or self._sure(state, best)):
            return max(cards, key=lambda a: (worth(cards[a]) - (20 if deck.suit_of[cards[a]] == trump else 0)))
        winners = [a for a in cards if beats(deck, cards[a], best, trump)]
        trick_points = sum(state.card_value(c, "won", trump) for c in state.trick)
        if winners and (trick_points > 0 or last):
            return min(winners, key=lambda a: (worth(cards[a]), deck.strength[cards[a]]))
        return min(cards, key=lambda a: (worth(cards[a]), deck.strength[cards[a]]))

    def _sure(self, state, card: int) -> bool:
        """A card no opponent still to play to the trick may beat, as far as counting tells
        (the cards it may hold: unseen ones of suits it is not known to be void in)."""
        possible = may_hold(state, state.current_player)
        beaters = beating(self.deck, card, state.trump)
        return not any(beaters & possible[o] for o in still_to_play(state, state.current_player))

    def lead(self, state, cards: dict[str, int]) -> str:
        deck, trump = self.deck, state.trump
        hand = state.hands[state.current_player]
        aces = [a for a, c in cards.items() if deck.rank_of[c] == self.ace and deck.suit_of[c] != trump]
        if aces:
            return aces[0]
        trumps = [a for a, c in cards.items() if deck.suit_of[c] == trump]
        if trump is not None and len(trumps) * 2 > len(cards):
            return max(trumps, key=lambda a: deck.strength[cards[a]])

        def plain_length(card: int) -> int:
            suit = deck.suit_of[card]
            return -1 if suit == trump else (hand & deck.suit_masks[suit]).bit_count()

        longest = max(plain_length(c) for c in cards.values())
        pool = [a for a, c in cards.items() if plain_length(c) == longest]
        return min(pool, key=lambda a: (state.card_value(cards[a], "won", trump), deck.strength[cards[a]]))
