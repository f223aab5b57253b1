"""The state of one game in progress: the state API of DESIGN.md.

Decisions are the only actions (``play C``, ``meld C C ...``, ``pass`` and game verbs); the engine
carries out forced steps itself (deals, draws, phase changes, scoring) and reports them as
events. A declaration turn at which the player has nothing to declare is skipped, since a
decision with one choice is no decision.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import SUIT_NAMES, bits, iter_bits
from .errors import CardcoreError, IllegalAction, RecordError
from .melds import MeldScore
from .records import RECORD_FORMAT
from .ruleset import DeclareStep
from .tricks import forbidding_reason, legal_plays, trick_winner

PLAY, DECLARE, THROW_IN = "play", "declare", "throw-in"
EXCHANGE = "exchange"


class State:
    def __init__(self, game, seed: int | None = None, deals: list[dict] | None = None):
        self.game = game
        self.deck = game.deck
        self.rules = game.rules
        self.n = game.players
        if seed is None and not deals:
            seed = random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.given_deals = [self._check_deal(i, d) for i, d in enumerate(deals or [])]
        self.deals: list[dict] = []
        self.actions: list[str] = []
        self.events: list[dict] = []
        self.log_events = True  # search bots turn this off in the worlds they sample
        # ... and end those worlds with the deal they look ahead to: their result then says
        # "stopped", and its winner is only who leads at that point
        self.stop_after_deal = False
        # An adapter's hook: when it answers False, the steps pause before a stock card is
        # taken, so that the card can be chosen first (a chance node); resume() goes on.
        self.draw_gate = None
        self.scores = [0] * self.n
        self.rounds: list[dict] = []
        self.result: dict | None = None
        self.tallies: dict[str, int] = {}  # game-specific counts kept by plugins (e.g. blocks)
        self.next_dealer: int | None = None  # a throw-in's redeal by the same dealer
        self.first_to_target: int | None = None
        self.current_player: int | None = None
        self._start_deal()

    # ------------------------------------------------------------------ deals and rounds
    def _check_deal(self, index: int, deal: dict) -> dict:
        where = f"deal {index + 1}"
        used = ("dealer", "hands", "stock", "turnup") if self.rules.deal.turnup else ("dealer", "hands", "stock")
        unused = [key for key in deal if key not in used] if isinstance(deal, dict) else []
        if unused:
            raise RecordError(f"{where}: {', '.join(repr(k) for k in unused)} is not part of a deal of "
                              f"{self.game.name}; a deal has {', '.join(repr(k) for k in used)}")
        try:
            dealer = deal["dealer"]
            hands = [[self.deck.parse(c) for c in h] for h in deal["hands"]]
            stock = [self.deck.parse(c) for c in deal["stock"]]
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
        cards = sorted(c for h in hands for c in h) + sorted(stock) + ([turnup] if turnup else [])
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
        return {"dealer": dealer, "hands": hands, "stock": stock, **({"turnup": turnup} if turnup else {})}

    def _generate_deal(self, index: int) -> dict:
        rng = random.Random(f"{self.seed}:deal:{index}")
        if self.next_dealer is not None:
            dealer = self.next_dealer
        elif self.deals:
            dealer = (self.deals[-1]["dealer"] + 1) % self.n
        else:
            dealer = random.Random(f"{self.seed}:first-dealer").randrange(self.n)
        cards = list(self.deck.names)
        _shuffle(rng, cards)
        size = self.rules.deal.hand_size
        hands = [cards[i * size:(i + 1) * size] for i in range(self.n)]
        rest = cards[self.n * size:]
        if self.rules.deal.turnup:
            return {"dealer": dealer, "hands": hands, "turnup": rest[0], "stock": rest[1:]}
        return {"dealer": dealer, "hands": hands, "stock": rest}

    def _start_deal(self) -> None:
        index = len(self.deals)
        if index < len(self.given_deals):
            deal = self.given_deals[index]
            if self.next_dealer is not None and deal["dealer"] != self.next_dealer:
                raise RecordError(f"deal {index + 1}: the dealer must be seat {self.next_dealer} (redeal after a throw-in)")
        elif self.seed is None:
            raise RecordError(f"the record gives {len(self.given_deals)} deal(s) and no seed for deal {index + 1}")
        else:
            deal = self._generate_deal(index)
        self.deals.append(deal)
        d = self.deck
        self.dealer = deal["dealer"]
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
        self.tableaus = [0] * self.n
        self.next_dealer = None
        # The turn-up lies face up under the stock and is drawn last.
        self.faced = take(deal["turnup"]) if deal.get("turnup") else None
        self.stock = [take(c) for c in deal["stock"]]
        if self.faced is not None:
            self.stock.append(self.faced)
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
        self.won = [[0] * len(self.rules.phases) for _ in range(self.n)]
        self.round_points = [0] * self.n
        self.meld_log: list[dict] = []
        self.meld_history: list[list[tuple[int, str, int]]] = [[] for _ in range(self.n)]
        self.known = [0] * self.n  # cards of a seat's holding its opponents have seen
        self.voids: list[set[int]] = [set() for _ in range(self.n)]
        self.pending: list = []
        self._meld_memo = None
        self._turn_moves: list | None = None  # the declarations open at this turn
        self.throw_in_offers: list[int] = []
        self.step_melds = 0
        self.winner = self.loser = None
        self.winner_passed = False
        self.decision = PLAY
        leader_rule = self.rules.deal.first_leader
        self.leader = self.dealer if leader_rule == "dealer" else (self.dealer + 1) % self.n
        self.current_player = self.leader
        summary = {"dealer": self.dealer, "trump": None, "points": self.round_points, "melds": self.meld_log}
        self.rounds.append(summary)
        if self.log_events:
            self._event("deal", dealer=self.dealer, round=len(self.rounds))
        self._enter_phase(0)
        self._deal_trump()
        self._offer_throw_in()
        if self.first_to_target is not None:  # a turn-up reached an immediate target: game over
            self._end_game()

    def _deal_trump(self) -> None:
        rules, summary = self.rules, self.rounds[-1]
        if self.faced is not None:
            summary.update(turnup=self.deck.names[self.faced], exchanges=[])
            turnup = rules.turnup
            if self.deck.rank_letter(self.faced) == turnup.rank:
                self.scored_specials |= 1 << self.faced
                self._score(self.dealer, turnup.turned_points, "turn-up", card=self.deck.names[self.faced])
        if rules.trump.initial == "turnup":
            self._set_trump(self.deck.suit_of[self.faced])
        elif rules.trump.initial == "stock-top":
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
        points = self._card_value(card, "turned") if score else 0
        self.rounds[-1]["turned"].append({"card": self.deck.names[card], "seat": seat, "points": points})
        if self.log_events:
            self._event("turn", seat=seat, card=self.deck.names[card])
            self._event("trump", suit=self.deck.suits[self.trump], seat=seat, reason="turned card")
        self._score(seat, points, "turned card", card=self.deck.names[card])

    def _card_value(self, card: int, when: str, trump: int | None = None) -> int:
        cache = self.game.card_values
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

    def _offer_throw_in(self) -> None:
        rule = self.rules.throw_in
        if rule is None:
            return
        bad = 0
        for r in rule.without_ranks:
            bad |= self.deck.rank_masks[self.deck.ranks.index(r)]
        order = [(self.leader + i) % self.n for i in range(self.n)]
        self.throw_in_offers = [s for s in order if not self.hands[s] & bad]
        self._next_throw_in_offer()

    def _next_throw_in_offer(self) -> None:
        if self.throw_in_offers:
            self.decision = THROW_IN
            self.current_player = self.throw_in_offers.pop(0)
        else:
            self.decision = PLAY
            self.current_player = self.leader

    def _enter_phase(self, index: int) -> None:
        self.phase = index
        phase = self.rules.phases[index]
        # read at every card and trick: kept at hand
        self.follow = self.game.follow_rules[index]
        self.shows_voids = self.follow.follow or self.follow.follow_or_trump  # a discard tells a void
        self.from_tableau = phase.play_from_tableau
        self.after_trick = tuple(phase.after_trick)
        self.until_stock_empty = phase.until == "stock-empty"
        for step in phase.on_start:
            if step == "tableau-to-hand":
                for s in range(self.n):
                    self.hands[s] |= self.tableaus[s]
                    self.tableaus[s] = 0
        if self.log_events:
            self._event("phase", phase=phase.name, rule=phase.follow_rule.letters)

    # ------------------------------------------------------------------ events and scores
    def _event(self, kind: str, **data: Any) -> None:
        if self.log_events:
            data["type"] = kind
            self.events.append(data)

    def _score(self, seat: int, points: int, source: str, reach: bool = True, **detail: Any) -> None:
        """Score ``points``; with ``reach`` off, crossing an immediate target is left to the caller
        (an end-of-deal count, whose points all come at once)."""
        if not points or self.first_to_target is not None:
            return  # nothing scores once a player has reached an immediate target
        before = self.scores[seat]
        self.scores[seat] += points
        self.round_points[seat] += points
        if self.log_events:
            self._event("score", seat=seat, points=points, source=source, **detail)
        end = self.rules.game_end
        if reach and end.target is not None and end.check == "immediate" and before < end.target <= self.scores[seat]:
            self.first_to_target = seat

    def _score_count(self, awards: list[tuple[int, int, str, dict]]) -> None:
        """One end-of-deal count: (seat, points, source, detail) for every seat at once. If it takes
        a player over an immediate target, the higher total then wins; a tie settles nothing."""
        before = list(self.scores)
        for seat, points, source, detail in awards:
            self._score(seat, points, source, reach=False, **detail)
        end = self.rules.game_end
        if end.target is None or end.check != "immediate" or self.first_to_target is not None:
            return
        if any(before[s] < end.target <= self.scores[s] for s in range(self.n)):
            top = max(self.scores)
            leaders = [s for s in range(self.n) if self.scores[s] == top]
            if len(leaders) == 1:
                self.first_to_target = leaders[0]

    # ------------------------------------------------------------------ queries
    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def phase_rule(self):
        return self.rules.phases[self.phase]

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def holding(self, seat: int) -> int:
        return self.hands[seat] | self.tableaus[seat]

    def playable(self, seat: int) -> int:
        return self.hands[seat] | self.tableaus[seat] if self.from_tableau else self.hands[seat]

    def legal_actions(self) -> list[str]:
        if self.result is not None:
            return []
        seat = self.current_player
        if self.decision == PLAY:
            names = self.game.play_action
            return list(dict.fromkeys(names[c] for c in self._legal_cards(seat)))
        if self.decision == THROW_IN:
            return [THROW_IN, "pass"]
        melds = self.declarable(seat)
        actions = [a for a, _ in sorted(
            ((self.game.meld_action(m.mask), m) for m in melds),
            key=lambda am: (-am[1].points, len(am[0]), am[0]))]
        return actions + self._exchanges(seat) + self.game.extra_declarations(self, seat) + ["pass"]

    def _legal_cards(self, seat: int) -> list[int]:
        mask = legal_plays(self.deck, self.game.follow_rules[self.phase], self.playable(seat),
                           self.trick, self.trump)
        return self.deck.sorted_cards(iter_bits(mask))

    def legal_moves(self) -> list:
        """Like legal_actions, but a card to play is its index and a meld its MeldScore: the
        fast path of playouts, with no strings to build or parse."""
        if self.result is not None:
            return []
        seat = self.current_player
        if self.decision == PLAY:
            mask = self.playable(seat)
            if self.trick and not self.follow.free:
                mask = legal_plays(self.deck, self.follow, mask, self.trick, self.trump)
            return bits(mask)
        if self.decision == DECLARE:
            moves = self._turn_moves
            if moves is None:  # e.g. in a sampled world whose hands were dealt anew
                moves = self._turn_moves = self._declaration_moves(seat)
            return [*moves, "pass"]
        return self.legal_actions()

    def apply_move(self, move) -> None:
        """Apply a move of legal_moves() (a card index is trusted to be legal)."""
        if type(move) is int:
            self._play_card(self.current_player, move)
            if self.trick and self.first_to_target is None:
                return  # a trick under way: no forced step is due
        elif type(move) is MeldScore:
            self.actions.append(self.game.meld_action(move.mask))
            self._declare(self.current_player, move)
            self._after_declaration()
        elif move == "pass" and self.decision == DECLARE:
            self.actions.append("pass")
            self._end_step()
        else:
            self.apply(move)
            return
        if self.result is None and self.first_to_target is None:
            self._advance()
        if self.first_to_target is not None and self.result is None:
            self._end_game()

    def _exchanges(self, seat: int) -> list[str]:
        """The turn-up exchange, where this declaration turn allows it (e.g. Marjolet's seven)."""
        step = self.declare_step()
        card = self._exchange_card(seat) if step is not None and step.exchange else None
        return [] if card is None else [f"{EXCHANGE} {self.deck.names[card]}"]

    def _exchange_card(self, seat: int) -> int | None:
        if self.faced is None or self.stock_pos >= len(self.stock) or self.trump is None:
            return None
        if self.deck.rank_letter(self.faced) == self.rules.turnup.rank:
            return None  # the faced card is the trump seven itself (turned or already exchanged)
        return self.deck.find(self.rules.turnup.rank + self.deck.suits[self.trump], self.hands[seat])

    def _declaration_moves(self, seat: int) -> list:
        """What ``seat`` may declare at this turn (melds, exchange, game verbs), without "pass"."""
        moves: list = self.declarable(seat)
        if self.faced is not None:
            moves += self._exchanges(seat)
        extra = self.game.extra_declarations(self, seat)
        return moves + extra if extra else moves

    # ------------------------------------------------------------------ melds
    def declare_step(self) -> DeclareStep | None:
        step = self.pending[0] if self.pending else None
        return step if isinstance(step, DeclareStep) else None

    def meld_options(self, seat: int) -> list[tuple[MeldScore, str | None]]:
        """Every meld in ``seat``'s holding with a fresh card, and why it is refused (or None)."""
        step = self.pending[0] if self.pending else None
        hand, tableaus = self.hands[seat], self.tableaus
        key = (seat, hand, self.trump, step, len(self.meld_history[seat]))
        memo = self._meld_memo
        if memo is not None and memo[0] == key and memo[1] == tableaus:
            return memo[2]
        out: list[tuple[MeldScore, str | None]] = []
        self._meld_memo = (key, list(tableaus), out)
        game = self.game
        table = game.meld_table
        if not table.items:
            return out
        allowed = game.step_melds(step) if type(step) is DeclareStep else None
        holding = hand | tableaus[seat]
        fresh = holding if game.reuse_policy == "new-set" else hand
        for mask in table.within(holding, fresh, allowed):
            meld = table.best(mask, self.trump, allowed)
            if meld is not None:
                out.append((meld, self.meld_refusal(seat, meld)))
        return out

    def declarable(self, seat: int) -> list[MeldScore]:
        return [m for m, why in self.meld_options(seat) if why is None]

    def meld_refusal(self, seat: int, meld: MeldScore) -> str | None:
        """Why ``seat`` may not declare ``meld`` now; None if it may. Generic rules first."""
        return self.reuse_refusal(seat, meld) or self.game.meld_refusal(self, seat, meld)

    def reuse_refusal(self, seat: int, meld: MeldScore) -> str | None:
        """The rules file's policy on using table cards again in new melds."""
        policy = self.game.reuse_policy
        if policy == "fresh-card":
            return None  # the search already asks for a card from hand
        reused = meld.mask & self.tableaus[seat]
        src = self.rules.meld_reuse_source
        if policy == "none" and reused:
            return f"melded cards may not be used again in new melds ({src})"
        if policy == "new-set" and any(mask == meld.mask for mask, _, _ in self.meld_history[seat]):
            return f"you have already scored this very set of cards ({src})"
        if policy == "new-class-or-higher" and reused:
            for mask, cls, pts in self.meld_history[seat]:
                if mask & reused and cls == meld.rule.meld_class and meld.points <= pts:
                    return (f"a melded card may be used again only in a meld of another class or in a "
                            f"higher-scoring {cls} meld ({src})")
        return None

    def explain_meld(self, seat: int, mask: int) -> str:
        """Why the cards ``mask`` cannot be declared now (the most specific rule)."""
        table = self.game.meld_table
        best = table.best(mask, self.trump)
        if best is None:
            return "these cards form no meld of this game (see `cardcore rules`)"
        if not mask & self.hands[seat] and self.rules.meld_reuse != "new-set":
            return "a meld needs at least one fresh card from your hand, not only cards already on the table"
        step = self.declare_step()
        if step and table.best(mask, self.trump, self.game.step_melds(step)) is None:
            return f"{best.rule.name} may not be declared at this turn ({_step_text(step)}; {step.source})"
        why = self.meld_refusal(seat, best)
        return why or "not allowed now"

    def _declare(self, seat: int, meld: MeldScore, extra_to_tableau: int = 0) -> None:
        self.hands[seat] &= ~(meld.mask | extra_to_tableau)
        self.tableaus[seat] |= meld.mask | extra_to_tableau
        self.known[seat] |= meld.mask | extra_to_tableau
        cards = self.game.meld_cards(meld.mask)
        self.meld_log.append({"player": seat, "cards": cards, "name": meld.rule.name, "points": meld.points})
        self.meld_history[seat].append((meld.mask, meld.rule.meld_class, meld.points))
        if self.log_events:
            self._event("meld", seat=seat, cards=list(cards), name=meld.rule.name, points=meld.points)
        self._score(seat, meld.points, "meld", meld=meld.rule.name)
        self._trump_after_meld(seat, meld)
        self.step_melds += 1

    def _trump_after_meld(self, seat: int, meld: MeldScore) -> None:
        t = self.rules.trump
        role = "winner" if seat == self.winner else "loser"
        cancel = t.cancelled_by_trump_meld
        if cancel and self.trump is not None and meld.rule.name in cancel.melds and meld.suit == self.trump:
            self._set_trump(None)  # also clears rounds[-1]["trump"] (null while no trump is set)
            self.trump_fixed = True
            self._event("trump", suit=None, seat=seat, reason=f"{meld.rule.name} in trumps cancels trump")
            return
        rule = t.set_by_meld
        if rule is None or meld.rule.name not in rule.melds or role not in rule.declared_by:
            return
        if self.trump_fixed:
            return
        rank = self.deck.ranks.index(rule.card_rank)
        card = next(c for c in iter_bits(meld.mask) if self.deck.rank_of[c] == rank)
        self.trump = self.deck.suit_of[card]
        self.trump_fixed = rule.first_only
        self.rounds[-1]["trump"] = self.deck.suits[self.trump]
        if self.log_events:
            self._event("trump", suit=self.deck.suits[self.trump], seat=seat, reason=meld.rule.name)

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: str) -> None:
        """Carry out one decision; raise IllegalAction naming the rule that forbids it."""
        if self.result is not None:
            raise IllegalAction(action, "the game is over")
        if not isinstance(action, str) or not action.split():
            raise IllegalAction(str(action), "an action is a verb and its cards, e.g. 'play QS', 'meld QS JH', 'pass'")
        verb, *args = action.split()
        seat = self.current_player
        try:
            cards = [self.deck.parse(a) for a in args]
        except CardcoreError as exc:
            raise IllegalAction(action, str(exc)) from None
        canonical = " ".join([verb, *cards])
        if verb == "play":
            if len(cards) != 1:
                raise IllegalAction(action, "play takes exactly one card")
            self._play(seat, cards[0], canonical)
            self._after_action()
            return
        elif verb == "meld":
            self._meld_action(seat, cards, canonical)
        elif verb == "pass":
            if args:
                raise IllegalAction(action, "pass takes no cards")
            if self.decision not in (DECLARE, THROW_IN):
                raise IllegalAction(action, self._expected())
            self.actions.append("pass")
            if self.decision == THROW_IN:
                self._event("pass", seat=seat)
                self._next_throw_in_offer()
            else:
                self._end_step()
        elif verb == THROW_IN:
            if args:
                raise IllegalAction(action, "throw-in takes no cards: the whole hand is thrown in")
            self._throw_in(seat, action)
            return
        elif verb == EXCHANGE:
            self._exchange(seat, cards, canonical)
        else:
            if self.decision != DECLARE:
                raise IllegalAction(action, self._expected())
            why = self.game.apply_extra(self, seat, verb, cards)
            if why is not None:
                raise IllegalAction(action, why)
            self.actions.append(canonical)
            self._after_declaration()
        self._after_action()

    def resume(self) -> None:
        """Go on with the steps that ``draw_gate`` paused."""
        self._after_action()

    def _after_action(self) -> None:
        if self.result is None and self.first_to_target is None:  # no forced steps after "at once"
            self._advance()
        if self.first_to_target is not None and self.result is None:
            self._end_game()

    def _throw_in(self, seat: int, action: str) -> None:
        if self.decision != THROW_IN:
            raise IllegalAction(action, f"a hand may be thrown in only before the first lead, by a player without "
                                        f"{' '.join(self.rules.throw_in.without_ranks) if self.rules.throw_in else 'the right cards'} "
                                        f"({self.rules.throw_in.source if self.rules.throw_in else 'not a rule of this game'})")
        self.actions.append(THROW_IN)
        self._event("throw-in", seat=seat)
        self.rounds[-1]["thrown_in"] = seat
        self._void_deal()
        if self.rules.throw_in.redeal == "same-dealer":
            self.next_dealer = self.dealer
        self._start_deal()

    def _void_deal(self) -> None:
        """A deal thrown in is void: whatever was scored in it (the dealer's turn-up) is taken
        back, by a score event cancelling each one, so that scores stay the sum of the events
        and every source nets to nothing in that round."""
        if self.log_events:
            start = next(i for i in range(len(self.events) - 1, -1, -1) if self.events[i]["type"] == "deal")
            for e in [e for e in self.events[start:] if e["type"] == "score"]:
                self._event("score", **{**{k: v for k, v in e.items() if k != "type"}, "points": -e["points"],
                                        "void": True})
        for seat, points in enumerate(self.round_points):
            self.scores[seat] -= points
            self.round_points[seat] = 0  # in place: the round's summary holds this list
        summary = self.rounds[-1]
        if "turned" in summary:  # new dicts: a clone shares the old ones
            summary["turned"] = [{**t, "points": 0} for t in summary["turned"]]

    def _exchange(self, seat: int, cards: list[str], action: str) -> None:
        card = self._exchange_card(seat) if self.decision == DECLARE and self.declare_step().exchange else None
        if card is None or cards != [self.deck.names[card]]:
            rank = self.rules.turnup.rank if self.rules.turnup else "?"
            raise IllegalAction(action, f"only the {rank} of trumps in hand may be exchanged for the turn-up, by a "
                                        f"trick winner before drawing, while the turn-up is under the stock "
                                        f"({self.rules.turnup.exchange_source if self.rules.turnup else 'not a rule of this game'})")
        faced = self.faced
        self.hands[seat] = self.hands[seat] & ~(1 << card) | (1 << faced)
        self.known[seat] |= 1 << faced
        self.stock[-1] = card
        self.faced = card
        self.scored_specials |= 1 << card
        self.actions.append(action)
        self.rounds[-1]["exchanges"].append({"player": seat, "card": self.deck.names[card],
                                             "for": self.deck.names[faced]})
        self._event("exchange", seat=seat, card=self.deck.names[card], turnup=self.deck.names[faced])
        self._score(seat, self.rules.turnup.exchange_points, "exchange", card=self.deck.names[card])
        self._after_declaration()

    def _expected(self) -> str:
        who = f"seat {self.current_player}"
        if self.decision == PLAY:
            return f"{who} must play a card to the trick now"
        if self.decision == THROW_IN:
            return f"{who} may throw in the hand or pass now"
        return f"{who} may declare a meld or pass now"

    def _meld_out_of_turn(self, seat: int, cards: list[str]) -> str:
        """Why a meld is refused outside a declaration turn. A refused meld comes first: it may be
        why there was no declaration turn (a turn with nothing to declare is skipped)."""
        expected = self._expected()
        if self.decision != PLAY:
            return expected
        mask = self.deck.mask_of_names(cards, self.holding(seat))
        if mask is None or len(cards) != mask.bit_count() or self.game.meld_table.best(mask, self.trump) is None:
            return expected
        why = self.explain_meld(seat, mask)
        if why == "not allowed now":  # nothing refuses it but the moment
            return expected
        return f"{why}; and no meld is declared now: {expected}"

    def _play(self, seat: int, name: str, action: str) -> None:
        if self.decision != PLAY:
            raise IllegalAction(action, self._expected())
        holding = self.playable(seat)
        card = self.deck.find(name, holding)
        if card is None:
            where = " (cards on your table may not be played in this phase)" if \
                self.deck.find(name, self.holding(seat)) is not None else ""
            raise IllegalAction(action, f"you do not hold {name}{where}")
        rule = self.game.follow_rules[self.phase]
        why = forbidding_reason(self.deck, rule, holding, self.trick, self.trump, card)
        if why:
            raise IllegalAction(action, f"{why} ({self.phase_rule.source})")
        self._play_card(seat, card)

    def _play_card(self, seat: int, card: int) -> None:
        if self.trick and self.shows_voids:
            self._note_voids(seat, card, self.follow)
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.tableaus[seat] &= ~bit
        self.trick.append(card)
        self.trick_seats.append(seat)
        game = self.game
        self.actions.append(game.play_action[card])
        if self.log_events:
            self._event("play", seat=seat, card=self.deck.names[card])
        if (game.play_points_rank is not None and self.trump is not None and not self.scored_specials & bit
                and self.deck.rank_of[card] == game.play_points_rank and self.deck.suit_of[card] == self.trump):
            self.scored_specials |= bit
            self._score(seat, self.rules.turnup.play_points, "trump seven played", card=self.deck.names[card])
        if len(self.trick) < self.n:
            self.current_player = (seat + 1) % self.n
        else:
            self._finish_trick()

    def _note_voids(self, seat: int, card: int, rule) -> None:
        """What an opponent learns from a card played under an obligation (for determinize)."""
        if not self.trick:
            return
        led = self.deck.suit_of[self.trick[0]]
        suit = self.deck.suit_of[card]
        if suit != led and (rule.follow or (rule.follow_or_trump and suit != self.trump)):
            self.voids[seat].add(led)
            if rule.trump and self.trump is not None and suit != self.trump:
                self.voids[seat].add(self.trump)

    def _finish_trick(self) -> None:
        trick = self.trick
        winner = self.trick_seats[trick_winner(self.deck, trick, self.trump)]
        mask = 0
        for c in trick:
            mask |= 1 << c
        self.won[winner][self.phase] |= mask
        self.tricks_played += 1
        self.trick_winners.append((self.phase, winner))
        if self.log_events:
            self._event("trick", winner=winner, cards=[self.deck.names[c] for c in self.trick])
        if self.game.trump_turned_each_trick:  # the round keeps each trick's trump
            self.rounds[-1]["trumps"].append(self.deck.suits[self.trump] if self.trump is not None else None)
        if self.game.scores_cards_won:
            for c in trick:
                self._score(winner, self._card_value(c, "won", self.trump), "card won", card=self.deck.names[c])
        self.trick, self.trick_seats = [], []
        self.winner = winner
        self.loser = (winner + 1) % self.n if self.n == 2 else None
        self.leader = winner
        self.winner_passed = False
        self.pending = list(self.after_trick)
        self.step_melds = 0

    def _meld_action(self, seat: int, cards: list[str], action: str) -> None:
        if self.decision != DECLARE:
            raise IllegalAction(action, self._meld_out_of_turn(seat, cards))
        mask = self.deck.mask_of_names(cards, self.holding(seat))
        if mask is None or len(cards) != mask.bit_count():
            missing = [c for c in cards if self.deck.find(c, self.holding(seat)) is None]
            raise IllegalAction(action, f"you do not hold {' '.join(missing) or 'those cards'}")
        for m in self.declarable(seat):
            if m.mask == mask:
                self.actions.append(action)
                self._declare(seat, m)
                self._after_declaration()
                return
        raise IllegalAction(action, self.explain_meld(seat, mask))

    def _after_declaration(self) -> None:
        self._turn_moves = None
        if self.step_melds < self.pending[0].max_melds:
            self._turn_moves = self._declaration_moves(self.current_player)
        if not self._turn_moves:
            self._end_step()

    def _end_step(self) -> None:
        step = self.pending.pop(0)
        if self.step_melds == 0:
            # The same public event whether the player passed or had nothing to declare, so
            # that a skipped turn tells the opponent no more than a pass would.
            if self.log_events:
                self._event("pass", seat=self.winner if step.who == "winner" else self.loser)
            if step.who == "winner":
                self.winner_passed = True
        self.step_melds = 0
        self.decision = PLAY

    def _advance(self) -> None:
        """Run forced steps until a decision is due or the game ends."""
        while self.decision == PLAY and self.pending:
            step = self.pending[0]
            seat = self.winner if step.who == "winner" else self.loser
            kind = step.step
            if kind in ("draw", "turn-trump") and self.draw_gate is not None and not self.draw_gate():
                return
            if kind == "draw":
                self.pending.pop(0)
                self._draw(seat)
                continue
            if kind == "turn-trump":
                self.pending.pop(0)
                self._turn_trump(seat)
                continue
            if step.when == "winner-passed" and not self.winner_passed:
                self.pending.pop(0)
                continue
            if self.log_events:  # statistics only: quiet worlds keep none
                self.game.on_declaration_turn(self, seat)
            moves = self._declaration_moves(seat)
            if moves:
                self.decision = DECLARE
                self.current_player = seat
                self._turn_moves = moves
                return
            self._end_step()
        if self.decision != PLAY or self.trick:
            return
        if self._phase_over():
            if self.phase + 1 < len(self.rules.phases):
                self._enter_phase(self.phase + 1)
            else:
                self._end_round()
                return
        self.current_player = self.leader

    def _draw(self, seat: int) -> None:
        if self.stock_pos >= len(self.stock):
            return
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.hands[seat] |= 1 << card
        if self.log_events:
            self._event("draw", seat=seat, card=self.deck.names[card], left=self.stock_left)
        if card == self.faced and self.stock_pos == len(self.stock):
            self.known[seat] |= 1 << card
            self.rounds[-1]["last_card"] = {"player": seat, "card": self.deck.names[card]}
            self._score(seat, self.rules.turnup.last_card_points, "last faced card", card=self.deck.names[card])

    def _phase_over(self) -> bool:
        if self.until_stock_empty:
            return self.stock_pos >= len(self.stock)
        return not any(self.hands) and not any(self.tableaus)

    # ------------------------------------------------------------------ end of round / game
    def counter_counts(self, name: str, phase: str | None = None) -> list[int]:
        mask = self.game.counter_masks[name]
        idx = None if phase is None else self.game.phase_index[phase]
        out = []
        for s in range(self.n):
            won = self.won[s][idx] if idx is not None else _or_all(self.won[s])
            out.append((won & mask).bit_count())
        return out

    def _end_round(self) -> None:
        for rule in self.rules.scoring:
            if rule.kind == "last-trick":
                self._score_last_trick(rule)
                continue
            counts = self.counter_counts(rule.counter, rule.phase)
            if rule.kind == "excess":
                self._score_count([(s, max(0, counts[s] - rule.over) * rule.points, rule.label,
                                    {"count": counts[s]}) for s in range(self.n)])
            elif rule.kind == "per-card":
                self._score_count([(s, counts[s] * rule.points, rule.label, {"count": counts[s]})
                                   for s in range(self.n)])
            elif rule.kind == "majority-bonus":
                top = max(counts)
                leaders = [s for s in range(self.n) if counts[s] == top]
                if len(leaders) == 1 and top > rule.over:
                    self._score(leaders[0], (top - rule.over) * rule.points, rule.label, count=top)
        self._close_round_summary()
        if self.log_events:
            self._event("round-end", round=len(self.rounds), points=list(self.round_points),
                        scores=list(self.scores))
        end = self.rules.game_end
        played = sum(1 for r in self.rounds if "thrown_in" not in r)
        if self.first_to_target is not None:
            self._end_game(summarized=True)
        elif end.rounds is not None and played >= end.rounds:
            self._end_game(summarized=True)
        elif end.target is not None and max(self.scores) >= end.target and self.scores.count(max(self.scores)) == 1:
            self._end_game(summarized=True)
        elif self.stop_after_deal:  # a sampled world: its look-ahead ends here, no next deal
            self._end_game(summarized=True)
            self.result["stopped"] = True  # not the real end of the game
        else:
            self._start_deal()

    def _close_round_summary(self) -> None:
        summary = self.rounds[-1]
        summary["points"] = list(self.round_points)
        for name in self.rules.counters:
            summary[name] = self.counter_counts(name)

    def _score_last_trick(self, rule) -> None:
        idx = None if rule.phase is None else self.game.phase_index[rule.phase]
        tricks = [w for p, w in self.trick_winners if idx is None or p == idx]
        if not tricks:
            return
        winner = tricks[-1]
        swept = rule.all_tricks_points is not None and all(w == winner for w in tricks)
        points = rule.all_tricks_points if swept else rule.points
        self.rounds[-1]["last_trick"] = {"player": winner, "points": points}
        self._score(winner, points, rule.label, all_tricks=swept)

    def _end_game(self, summarized: bool = False) -> None:
        end = self.rules.game_end
        if not summarized:  # the round's summary, unless _end_round has just written it
            self._close_round_summary()
        ranked = sorted(range(self.n), key=lambda s: -self.scores[s])
        if self.first_to_target is not None:  # the first to reach the target wins at once
            ranked.remove(self.first_to_target)
            ranked.insert(0, self.first_to_target)
        best, second = ranked[0], ranked[1]
        margin = self.scores[best] - self.scores[second]
        lurched = bool(end.lurch and margin > 0 and self.scores[second] < end.lurch.below)
        game_score = margin * (end.lurch.multiplier if lurched else 1)
        self.result = {
            "winner": best if margin > 0 else None,
            "game_score": game_score,
            "lurched": lurched,
            "totals": list(self.scores),
        }
        self.current_player = None
        self._event("game-end", **self.result)

    def returns(self) -> list[float]:
        """Signed game score per seat (zero-sum), for bots and statistics."""
        if self.result is None or self.result["winner"] is None:
            return [0.0] * self.n
        w = self.result["winner"]
        return [float(self.result["game_score"]) if s == w else -float(self.result["game_score"])
                for s in range(self.n)]

    # ------------------------------------------------------------------ views
    def record(self) -> dict:
        return {
            "game": self.game.name,
            "format": RECORD_FORMAT,
            "options": dict(self.game.options),  # every option: a later change of default cannot alter it
            "seed": self.seed,
            "deals": [_deal_out(d) for d in self.deals],
            "actions": list(self.actions),
        }

    def observation(self, seat: int) -> dict:
        """Exactly what ``seat`` may know, as plain data."""
        d = self.deck
        played = 0
        for s in range(self.n):
            played |= _or_all(self.won[s])
        others_known = {s: d.names_of(self.known[s] & self.hands[s]) for s in range(self.n) if s != seat}
        obs = {
            "game": self.game.name,
            "seat": seat,
            "round": len(self.rounds),
            "dealer": self.dealer,
            "phase": self.phase_rule.name,
            "follow_rule": self.phase_rule.follow_rule.letters,
            "current_player": self.current_player,
            "decision": None if self.result else self.decision,
            "hand": d.names_of(self.hands[seat]),
            "tableaus": [d.names_of(t) for t in self.tableaus],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": [{"seat": s, "card": d.names[c]} for s, c in zip(self.trick_seats, self.trick)],
            "trump": d.suits[self.trump] if self.trump is not None else None,
            "stock_left": self.stock_left,
            "won_cards": d.names_of(played),
            "turnup": d.names[self.faced] if self.faced is not None and self.stock_pos < len(self.stock) else None,
            "turned": d.names_of(self.turned),
            "counters": {name: self.counter_counts(name) for name in self.rules.counters},
            "known_in_hand": {str(s): v for s, v in others_known.items()},
            "voids": [sorted(d.suits[v] for v in vs) for vs in self.voids],
            "scores": list(self.scores),
            "round_points": list(self.round_points),
            "melds": list(self.meld_log),
            "result": self.result,
        }
        if self.current_player == seat and self.result is None:
            obs["legal_actions"] = self.legal_actions()
        return obs

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with ``seat``'s observation: unseen cards dealt at random.

        Opponents keep their table cards and any cards known to be in their hands; their other
        cards come from the unseen ones, avoiding suits they are known to be void in.
        """
        state = self.clone()
        # Later deals must not be the real ones: a sampled world gets a seed of its own.
        state.seed = rng.getrandbits(31)
        state._turn_moves = None
        state.given_deals = list(self.deals)
        unseen = []
        hidden_counts = {}
        for s in range(self.n):
            if s == seat:
                continue
            known = self.known[s] & self.hands[s]
            hidden_counts[s] = (self.hands[s] & ~known).bit_count()
            unseen.extend(iter_bits(self.hands[s] & ~known))
            state.hands[s] = known
        faced_in_stock = self.faced is not None and self.stock_pos < len(self.stock)
        face_down_end = len(self.stock) - (1 if faced_in_stock else 0)
        unseen.extend(self.stock[self.stock_pos:face_down_end])
        void_masks = {}
        for s in hidden_counts:
            void_masks[s] = 0
            for v in self.voids[s]:
                void_masks[s] |= self.deck.suit_masks[v]
        for _attempt in range(100):
            _shuffle(rng, unseen)
            pool = list(unseen)
            ok = True
            for s, count in hidden_counts.items():
                void_mask = void_masks[s]
                if void_mask:
                    fit = [c for c in pool if not void_mask >> c & 1][:count]
                    if len(fit) < count:
                        ok = False
                        break
                    for c in fit:
                        pool.remove(c)
                else:
                    fit, pool = pool[:count], pool[count:]
                for c in fit:
                    state.hands[s] |= 1 << c
            if ok:
                state.stock = self.stock[:self.stock_pos] + pool + self.stock[face_down_end:]
                return state
            for s in hidden_counts:
                state.hands[s] = self.known[s] & self.hands[s]
        raise RuntimeError("no deal consistent with the observation")  # pragma: no cover

    def clone(self) -> "State":
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new.tableaus = list(self.tableaus)
        new.known = list(self.known)
        new.voids = [set(v) for v in self.voids]
        new.won = [list(w) for w in self.won]
        new.trick = list(self.trick)
        new._meld_memo = None
        new.trick_seats = list(self.trick_seats)
        new.pending = list(self.pending)
        new.throw_in_offers = list(self.throw_in_offers)
        new.trick_winners = list(self.trick_winners)
        new.stock = list(self.stock)
        new.scores = list(self.scores)
        new.round_points = list(self.round_points)
        new.meld_log = list(self.meld_log)
        new.meld_history = [list(h) for h in self.meld_history]
        new.actions = list(self.actions)
        new.events = list(self.events)
        new.deals = list(self.deals)
        new.rounds = self.rounds[:-1] + [_copy_round(r) for r in self.rounds[-1:]]  # only the last changes
        if new.rounds:
            new.rounds[-1]["points"] = new.round_points
            new.rounds[-1]["melds"] = new.meld_log
        new.result = dict(self.result) if self.result else None
        new.tallies = dict(self.tallies)
        return new

    def summary(self) -> dict:
        """The ``cardcore replay --json`` object of DESIGN.md."""
        rounds = [_round_out(r) for r in self.rounds]
        if self.result is None and rounds:  # the round in progress: counted cards so far
            rounds[-1]["points"] = list(self.round_points)
            for name in self.rules.counters:
                rounds[-1][name] = self.counter_counts(name)
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "finished": self.result is not None,
            "current_player": self.current_player,
            "legal_actions": self.legal_actions(),
            "scores": list(self.scores),
            "rounds": rounds,
            "result": self.result,
        }

    def describe_trump(self) -> str:
        if self.trump is None:
            return "none"
        s = self.deck.suits[self.trump]
        return f"{s} ({SUIT_NAMES[s]})"


def _step_text(step: DeclareStep) -> str:
    if step.only is not None:
        return f"the {step.who} may declare only: {', '.join(step.only)}"
    return f"the {step.who} may not declare: {', '.join(step.exclude)}"


def _shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates on ``rng.getrandbits``: the permutation of CPython 3.11's
    ``random.shuffle``, kept here so that a seed deals the same cards on every Python version
    (the standard library does not promise that of ``shuffle``), and in fewer calls."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _or_all(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _deal_out(deal: dict) -> dict:
    out = {"dealer": deal["dealer"], "hands": [list(h) for h in deal["hands"]], "stock": list(deal["stock"])}
    if deal.get("turnup"):
        out["turnup"] = deal["turnup"]
    return out


def _copy_round(r: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in r.items()}


def _round_out(r: dict) -> dict:
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in r.items()}
    out["melds"] = [dict(m) for m in r["melds"]]
    return out
