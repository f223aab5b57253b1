"""Dealing: a deal from the record or the seed, the cards in hand, the stock, the
widow and the turn-up; trump as dealt or turned; a void deal's scores taken back.
"""

from __future__ import annotations

import _random
import functools
import random
from operator import itemgetter
from dataclasses import replace

try:  # the SHA-512 that random.Random.seed uses: CPython's own, without OpenSSL's set-up at each
    # call (a deal's generator is seeded in every playout); the same digest as hashlib's
    from _sha512 import sha512  # Python 3.10 and 3.11
except ImportError:
    try:
        from _sha2 import sha512  # Python 3.12 on
    except ImportError:  # a build without them
        from hashlib import sha512

from ..errors import CardcoreError, IllegalAction, RecordError
from .draws import below
from .hidden_history import seen_at_deal_end
from .sections import deal_sections
from . import drawn_number
from .kinds import PLAY
from .phases import PHASE_KINDS


class DealingMixin:
    """Deals, trump turned or turned up, and a void deal. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    def _check_deal(self, index: int, deal: dict) -> dict:
        where = f"deal {index + 1}"
        number = self.game.compiled.deal.drawn_number
        used = ["dealer", "hands", "stock"] + (["turnup"] if self.rules.deal.turnup else []) \
            + (["widow"] if self.rules.deal.widow else []) + ([number.outcome] if number else [])
        unused = [key for key in deal if key not in used] if isinstance(deal, dict) else []
        if unused:
            raise RecordError(f"{where}: {', '.join(repr(k) for k in unused)} is not part of a deal of "
                              f"{self.game.name}; a deal has {', '.join(repr(k) for k in used)}")
        try:
            dealer = deal["dealer"]
            hands = [[self.deck.parse(c) for c in h] for h in deal["hands"]]
            stock = [self.deck.parse(c) for c in deal["stock"]]
            widow = [self.deck.parse(c) for c in deal.get("widow", [])]
            turnup = deal.get("turnup")
            turnup = self.deck.parse(turnup) if turnup else None
        except (KeyError, TypeError, AttributeError) as exc:
            raise RecordError(f"{where}: needs 'dealer', 'hands' and 'stock' as lists of cards ({exc})") from None
        except CardcoreError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if type(dealer) is not int or not 0 <= dealer < self.n:
            raise RecordError(f"{where}: dealer must be a seat number 0..{self.n - 1}")
        if self.rules.deal.turnup and turnup is None:
            raise RecordError(f"{where}: needs 'turnup', the card turned up under the stock")
        size = self.rules.deal.hand_size
        if len(hands) != self.n or any(len(h) != size for h in hands):
            raise RecordError(f"{where}: needs {self.n} hands of {size} cards")
        if len(widow) != self.rules.deal.widow:
            raise RecordError(f"{where}: needs a widow of {self.rules.deal.widow} cards")
        cards = sorted(c for h in hands for c in h) + sorted(stock) + widow + ([turnup] if turnup else [])
        if sorted(cards) != sorted(self.deck.names):
            seen, dup = set(), set()
            for c in cards:
                (dup if c in seen else seen).add(c)
            missing = sorted(set(self.deck.names) - seen)
            raise RecordError(
                f"{where}: the cards are not exactly one deck"
                + (f"; duplicated: {' '.join(sorted(dup))}" if dup else "")
                + (f"; missing: {' '.join(missing)}" if missing else "")
            )
        checked = {"dealer": dealer, "hands": hands, "stock": stock, **({"turnup": turnup} if turnup else {}),
                   **({"widow": widow} if widow else {})}
        if number and number.outcome in deal:  # a record without it is dealt one from its seed
            checked[number.outcome] = drawn_number.check_outcome(number, where, deal[number.outcome])
        return checked

    def _generate_deal(self, index: int) -> dict:
        deal, _ = self._generate_cards(index)
        return deal

    def _generate_cards(self, index: int) -> tuple[dict, list[int]]:
        """Deal ``index`` from the seed, as a record's deal, and its cards as dealt: card numbers
        in the record's order (hands, widow or turn-up, stock), the same card for the same name
        with one pack (then the deal need not be read back from its names)."""
        rng = deal_generator(f"{self.seed}:deal:{index}")
        if self.next_dealer is not None or self.deals:
            dealer = self.next_deal_dealer()
        else:
            dealer = below(deal_generator(f"{self.seed}:first-dealer").getrandbits, self.n)
        # the deck's cards are in the order of their names: shuffling the numbers is shuffling
        # the names (the same positions swapped)
        cards = list(range(self.deck.size))
        _shuffle(rng, cards)
        # their names, in one call (of a single card itemgetter would give the name, not a tuple;
        # a deck has dozens)
        shuffled = list(itemgetter(*cards)(self.deck.names))
        rules = self.game.compiled.deal
        size = rules.hand_size
        hands = []
        for at in range(0, self.n * size, size):  # a loop, not a comprehension: one call less a deal
            hands.append(shuffled[at:at + size])
        rest = shuffled[self.n * size:]
        widow = rules.widow
        if widow:
            deal = {"dealer": dealer, "hands": hands, "widow": rest[:widow], "stock": rest[widow:]}
        elif rules.turnup:
            deal = {"dealer": dealer, "hands": hands, "turnup": rest[0], "stock": rest[1:]}
        else:
            deal = {"dealer": dealer, "hands": hands, "stock": rest}
        number = rules.drawn_number
        if number is not None:  # drawn after the cards: a game without one deals as before
            deal[number.outcome] = drawn_number.draw(number, rng.getrandbits)
        return deal, cards

    def _start_deal(self) -> None:
        if self.deal_gate is not None and self._deal_waits():  # a caller chooses the deal first (ChanceMixin.deal_gate)
            return
        index = len(self.deals)
        if index:  # the deal that ends: what each seat saw of it, for the worlds sampled later
            self.seen_in_past_deals = self.seen_in_past_deals + (seen_at_deal_end(self),)
        rules = self.game.compiled.deal
        d = self.deck
        dealt = None  # the cards as dealt, by number, where they need not be read from their names
        if index < len(self.given_deals):
            deal = self.given_deals[index]
            if self.next_dealer is not None and deal["dealer"] != self.next_dealer:
                raise RecordError(f"deal {index + 1}: the dealer must be seat {self.next_dealer} (the deal before was void: the same dealer deals again)")
            number = rules.drawn_number
            if number is not None and number.outcome not in deal:  # a record from before the option
                deal = {**deal, number.outcome: self._generate_deal(index)[number.outcome]}
        else:
            # without a seed (a game begun from given deals) the next deals are dealt from the
            # seed None: the same ones every time, so that such a game still replays identically
            deal, cards = self._generate_cards(index)
            if d.packs == 1:
                dealt = cards
        self.deals.append(deal)
        self.dealer = deal["dealer"]
        size = rules.hand_size
        if dealt is not None:  # one pack, dealt here: the numbers are at hand
            self.hands = []
            for seat in range(self.n):
                mask = 0
                for card in dealt[seat * size:(seat + 1) * size]:
                    mask |= 1 << card
                self.hands.append(mask)
            at = self.n * size
            self.widow = 0  # the cards dealt apart from the hands, face down
            for card in dealt[at:at + rules.widow]:
                self.widow |= 1 << card
            at += rules.widow
            if rules.turnup:  # the turn-up lies face up under the stock and is drawn last
                self.faced = dealt[at]
                self.stock = dealt[at + 1:]
                self.stock.append(self.faced)
            else:
                self.faced = None
                self.stock = dealt[at:]
        else:
            if d.packs == 1:
                take = d.index_of.__getitem__  # one copy of each card: nothing to search
            else:
                taken = 0

                def take(name: str) -> int:  # the next unused copy of that card
                    nonlocal taken
                    card = d.find(name, d.full_mask & ~taken)
                    taken |= 1 << card
                    return card

            self.hands = []
            for names in deal["hands"]:
                mask = 0
                for name in names:
                    mask |= 1 << take(name)
                self.hands.append(mask)
            self.widow = 0  # the cards dealt apart from the hands, face down
            for name in deal.get("widow", ()):
                self.widow |= 1 << take(name)
            # The turn-up lies face up under the stock and is drawn last.
            self.faced = take(deal["turnup"]) if deal.get("turnup") else None
            self.stock = [take(c) for c in deal["stock"]]
            if self.faced is not None:
                self.stock.append(self.faced)
        self.dealt_hands = tuple(self.hands)
        self.tableaus = [0] * self.n
        self.next_dealer = None
        self.stock_pos = 0
        self.turned = 0  # cards turned for trump and out of play
        self.scored_specials = 0  # turn-up-rank trump cards that already scored this deal
        self.trump: int | None = None
        self.trump_fixed = False  # a first-only trump has been set, or trump was cancelled
        self.phase = 0
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks_played = 0
        self.trick_winners: list[tuple[int, int]] = []  # (phase, winner) per trick
        phases = rules.phase_count
        # per seat, each a new list or set: the cards won in each phase; (cards, class, points,
        # meld name) of every meld declared this deal; the melds shown to score at a later turn,
        # with their meld_log index; the suits it is known to lack. One loop for the four (a
        # comprehension each would cost a call at every deal).
        won: list[list[int]] = []
        meld_history: list[list[tuple[int, str, int, str]]] = []
        waiting: list[list[tuple]] = []
        voids: list[set[int]] = []
        for _ in range(self.n):
            won.append([0] * phases)
            meld_history.append([])
            waiting.append([])
            voids.append(set())
        self.won, self.meld_history, self.waiting, self.voids = won, meld_history, waiting, voids
        self.round_points = [0] * self.n
        self.meld_log: list[dict] = []
        self.step_shown = 0  # cards put down on the table at this declaration turn
        self.known = [0] * self.n  # cards of a seat's holding its opponents have seen
        self.held_or_aside = 0  # the declarer's cards seen, in his hand or among his discards
        self.pending: list = []
        self._meld_memo = None
        self._turn_moves: list | None = None  # the declarations open at this turn
        self.step_melds = 0
        self.winner = self.loser = None
        self.declarer: int | None = None  # the seat that took the contract, where there is one
        self.phase_data: dict = {}  # the phase kinds' own (engine.data PHASE_DATA)
        self.offers: tuple[str, ...] = ()  # actions a phase left open beside the decision due
        self.winner_passed = False
        self.decision = PLAY
        self.leader = self.dealer if rules.dealer_leads else self.table.after[self.dealer]
        self.current_player = self.leader
        summary = {"dealer": self.dealer, "trump": None, "points": self.round_points, "melds": self.meld_log}
        self.rounds.append(summary)
        if self.log_events:
            self._event("deal", dealer=self.dealer, round=len(self.rounds))
        # the first phase of play is set up (and logged) first, as it always was, so that the log
        # reads: the deal, the phase, then what the deal turned up
        self._enter_phase(0)
        listed = self.game.compiled.deal_phases  # the deal's own phases: trump found, a plugin's
        if listed:
            for phase in listed:
                PHASE_KINDS[phase.kind].enter(self, phase)
        else:  # a rules file that lists no deal phase: its deal is implied
            self._deal_trump()
        self.draw_watchers = ()  # until a rules section watches the draws of this deal
        deal_sections(self)
        if self.first_to_target is not None:  # a turn-up reached an immediate target: game over
            self._end_game()

    def _deal_trump(self) -> None:
        rules, summary = self.rules, self.rounds[-1]
        if self.faced is not None:
            summary["turnup"], summary["exchanges"] = self.deck.names[self.faced], []
            turnup = rules.turnup
            if self.deck.rank_letter(self.faced) == turnup.rank:
                self.scored_specials |= 1 << self.faced
                self._score(self.dealer, turnup.turned_points, "turn-up", {"card": self.deck.names[self.faced]})
        initial = self.game.compiled.deal.initial_trump
        if initial == "turnup":
            self._set_trump(self.deck.suit_of[self.faced])
        elif initial == "stock-top":
            summary.update(turned=[], trumps=[])
            self._turn_trump(self.dealer, score=rules.trump.score_first_turn)

    def _set_trump(self, suit: int | None) -> None:
        self.trump = suit
        self.rounds[-1]["trump"] = None if suit is None else self.deck.suits[suit]

    def _turn_trump(self, seat: int, score: bool = True) -> None:
        """Turn the top stock card: its suit is trump, and a counter scores for ``seat``."""
        if self.stock_pos >= len(self.stock):
            return
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.turned |= 1 << card
        self._set_trump(self.deck.suit_of[card])
        points = self.card_value(card, "turned") if score else 0
        self.rounds[-1]["turned"].append({"card": self.deck.names[card], "seat": seat, "points": points})
        if self.log_events:
            self._event("turn", seat=seat, card=self.deck.names[card])
            self._event("trump", suit=self.deck.suits[self.trump], seat=seat, reason="turned card")
        self._score(seat, points, "turned card", {"card": self.deck.names[card]})

    def card_value(self, card: int, when: str, trump: int | None = None) -> int:
        cache = self.card_values
        key = (card, when, trump)
        total = cache.get(key)
        if total is None:
            total = 0
            name = self.deck.names[card]
            for rule in self.rules.card_points:
                if rule.when != when or (rule.suit == "trump" and self.deck.suit_of[card] != trump):
                    continue
                total += rule.values.get(name, rule.values.get(self.deck.rank_letter(card), 0))
            cache[key] = total
        return total

    def _void_deal(self) -> None:
        """A void deal (:func:`.phases.deal_again`): whatever was scored in it (the dealer's
        turn-up) is taken back, by a score event cancelling each one, so that scores stay the sum
        of the events and every source nets to nothing in that round."""
        if self.log_events:
            start = next(i for i in range(len(self.events) - 1, -1, -1) if self.events[i].type == "deal")
            for e in [e for e in self.events[start:] if e.type == "score"]:
                self.events.append(replace(e, points=-e.points, void=True))
        for side, seats in enumerate(self.table.sides):
            self.side_scores[side] -= self.round_points[seats[0]]
        for seat, points in enumerate(self.round_points):
            self.scores[seat] -= points
            self.round_points[seat] = 0  # in place: the round's summary holds this list
        summary = self.rounds[-1]
        if "turned" in summary:  # new dicts: a clone shares the old ones
            summary["turned"] = [{**t, "points": 0} for t in summary["turned"]]


def deal_generator(text: str) -> _random.Random:
    """The generator ``random.Random(text)`` would be, for ``_shuffle``'s ``getrandbits``: the
    same seed key as ``Random.seed`` makes of a string (version 2: the text's bytes and their
    SHA-512 as one integer), given to the C generator directly, without ``random.Random``'s
    Python-level constructor and seeding (a deal in every hand of every playout)."""
    key = text.encode()
    return _random.Random(int.from_bytes(key + sha512(key).digest(), "big"))


def _shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates on ``rng.getrandbits``: the permutation of CPython 3.11's
    ``random.shuffle``, kept here so that a seed deals the same cards on every Python version
    (the standard library does not promise that of ``shuffle``), and in fewer calls.

    Position ``i`` takes the item at ``j``, drawn below ``i + 1`` as ``draws.below`` draws (here
    in the loop, one call less a card): the bits of ``i + 1``, drawn again while above ``i``.
    (Drawing the 32-bit words in bulk, one ``getrandbits`` for all, was tried: unpacking the
    words costs more than the calls it saves.)"""
    getrandbits = rng.getrandbits
    for i, k in _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@functools.cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """Fisher-Yates' steps for ``size`` items: (position, bits to draw) each."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def _deal_out(deal: dict) -> dict:
    out = {"dealer": deal["dealer"], "hands": [list(h) for h in deal["hands"]], "stock": list(deal["stock"])}
    if deal.get("widow"):
        out["widow"] = list(deal["widow"])
    if deal.get("turnup"):
        out["turnup"] = deal["turnup"]
    out.update((k, v) for k, v in deal.items() if k not in out and k not in ("widow", "turnup"))  # e.g. a number drawn at the deal
    return out
