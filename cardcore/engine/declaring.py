"""Declaring: the declaration turns after a trick, the melds a seat may declare (with the
rules file's re-use policy and the game's own refusals), the turn-up exchange, and the trump a
meld sets or cancels.
"""

from __future__ import annotations

from ..cards import iter_bits
from ..errors import IllegalAction
from ..melds import MeldScore
from ..ruleset import DeclareStep
from .kinds import DECLARE, EXCHANGE, PLAY
from .events import log
from .scoring import score
from .dealing import set_trump


class DeclaringMixin:
    """Declaration turns: melds, the exchange and game verbs. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

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
        """What ``seat`` may declare at this turn (melds, exchange, game verbs), without "pass".
        Once the turn's ``max_melds`` are declared, only melds that do not count towards it (the
        dix) and the exchange remain."""
        step = self.pending[0][0] if self.pending else None  # the compiled declare_step(), inline: every turn
        if step is not None and not step.declare:
            step = None
        limited = self.step_melds and step is not None and self.step_melds >= step.max_melds  # _meld_limit_reached()
        if step is not None and step.to_score:
            moves: list = self.open_melds(seat)
        else:  # open_melds() without a to_score step, spelled out: this runs in every playout
            if self.game.compiled.meld_table.canonical:
                options = self.meld_options(seat)
                moves = [m for m, why in options if why is None]  # declarable(), before one per action
            else:  # meld_options() without its memo (a playout asks once per position): mostly none
                masks = self._meld_masks(seat, step)
                moves = self._options_of(seat, step, masks, False) if masks else masks  # not refused: the moves
            if self.deck.packs != 1 and len(moves) > 1:
                moves = self._one_per_action(seat, moves)
            if limited:
                moves = [m for m in moves if not m.rule.counts_as_meld]
        if self.faced is not None:
            moves = moves + self._exchanges(seat)
        if limited:
            return moves
        hook = self.hooks.extra_declarations
        extra = hook(self.view(), seat) if hook is not None else None
        return moves + extra if extra else moves

    def _meld_limit_reached(self) -> bool:
        step = self.pending[0][0] if self.pending else None
        return step is not None and step.declare and self.step_melds >= step.max_melds

    def open_melds(self, seat: int) -> list[MeldScore]:
        """The melds ``seat`` may declare at this point of the turn. With a ``to_score`` step,
        melds beyond the turn's limit are still open (they wait to score), and until the limit
        is reached the melds waiting from earlier turns may be scored."""
        melds = self.declarable(seat)
        step = self.declare_step()
        if step is not None and step.to_score:
            if self._meld_limit_reached():
                return melds
            ready = self.ready_to_score(seat)
            if not ready:
                return melds
            action = self.game.compiled.meld_action
            named: dict[str, MeldScore] = {}
            for m in ready:  # two waiting melds of the same cards (two packs or more): one action
                named.setdefault(action(m.mask), m)
            return list(named.values()) + [m for m in melds if action(m.mask) not in named]
        if self.step_melds and self._meld_limit_reached():
            return [m for m in melds if not m.rule.counts_as_meld]
        return melds

    def ready_to_score(self, seat: int) -> list[MeldScore]:
        """The melds ``seat`` showed to score later whose cards all still lie on the table."""
        table = self.tableaus[seat]
        return [m for m, _ in self.waiting[seat] if not m.mask & ~table]

    def declare_step(self) -> DeclareStep | None:
        """The rules file's declaration step in progress, or None."""
        step = self.pending[0][0] if self.pending else None
        return step.rule if step is not None and step.declare else None

    def meld_options(self, seat: int) -> list[tuple[MeldScore, str | None]]:
        """Every meld in ``seat``'s holding with a fresh card, and why it is refused (or None).
        Remembered for the last position asked: bots, hints and the display ask again."""
        step = self.pending[0][0] if self.pending else None
        table = self.game.compiled.meld_table
        if not table.canonical:
            # most declaration turns of a playout find nothing: the search first, before any key
            # or list is made (asked again, the search finds nothing again, as cheaply)
            masks = self._meld_masks(seat, step)
            if not masks:
                return []
        hand, tableaus = self.hands[seat], self.tableaus
        key = (seat, hand, self.trump, step, len(self.meld_history[seat]), self.step_shown)
        memo = self._meld_memo
        if memo is not None and memo[0] == key and memo[1] == tableaus:
            return memo[2]
        if table.canonical:  # a search of many packs costs more than the key: asked once per position
            holding = hand | tableaus[seat]
            fresh = holding if not self.game.compiled.needs_fresh_card else hand | self.step_shown
            masks = table.within(holding, fresh, step.allowed if step is not None else None, loose=hand)
            if not masks:
                return []
        out = self._options_of(seat, step, masks)
        self._meld_memo = (key, list(tableaus), out)
        return out

    def _meld_masks(self, seat: int, step) -> list[int]:
        """The card sets of the melds :meth:`meld_options` offers ``seat`` at ``step`` (a compiled
        step; None outside a declaration), for a table of one or two packs: in its holding, with a
        fresh card, of the kinds the step admits. (A quiet playout's plain turn asks the table
        itself: engine.kernel.)"""
        hand = self.hands[seat]
        holding = hand | self.tableaus[seat]
        # the cards put down at this turn count as fresh: melds they form with table cards are
        # shown at the same time (and wait to score, where the step allows it)
        fresh = holding if not self.game.compiled.needs_fresh_card else hand | self.step_shown
        return self.game.compiled.meld_table.within(holding, fresh, step.allowed if step is not None else None)

    def _options_of(self, seat: int, step, masks: list[int], refused: bool = True) -> list:
        """:meth:`meld_options` for the card sets ``masks`` found: each set's best meld and why it
        is refused (or None); with ``refused`` False, only the melds not refused (the moves).
        Not remembered: a playout's turn asks once (engine.kernel)."""
        game, trump = self.game, self.trump
        allowed = step.allowed if step is not None else None
        out: list = []
        # what meld_refusal asks, with the calls that cannot refuse left out (this runs at
        # every declaration turn of every playout)
        table = game.compiled.meld_table
        best, known = table.best, table.bests(trump, allowed)
        reuse = None if game.compiled.reuse_policy == "fresh-card" else self.reuse_refusal
        hook, refusable = self.hooks.meld_refusal, self.hooks.refusable_melds
        view = None  # made for the first meld the game's hook is asked about
        setter = game.compiled.deal.trump_setter if trump is None and not self.trump_fixed else None
        for mask in masks:
            meld = known[mask] if mask in known else best(mask, trump, allowed)
            if setter is not None:
                meld = self._as_trump_setter(mask, allowed) or meld
            if meld is not None:
                why = reuse(seat, meld) if reuse is not None else None
                if not why and hook is not None and (refusable is None or mask in refusable):
                    if view is None:
                        view = self.view()
                    why = hook(view, seat, meld)
                if refused:
                    out.append((meld, why))
                elif why is None:
                    out.append(meld)
        return out

    def _as_trump_setter(self, mask: int, allowed) -> MeldScore | None:
        """With no trump yet, the meld these cards make with the suit they would set as trumps
        (that of their ``card_rank`` card), where such a meld sets trump and the rules score it
        so (``set_by_meld.scored_as_trump``): the first marriage is royal."""
        rule = self.rules.trump.set_by_meld
        if rule is None or not rule.scored_as_trump or self.trump_fixed:
            return None
        deck = self.deck
        setter = mask & deck.rank_masks[deck.ranks.index(rule.card_rank)]
        if not setter:
            return None
        suit = deck.suit_of[(setter & -setter).bit_length() - 1]
        meld = self.game.compiled.meld_table.best(mask, suit, allowed)
        return meld if meld is not None and meld.rule.name in rule.melds else None

    def declarable(self, seat: int) -> list[MeldScore]:
        melds = [m for m, why in self.meld_options(seat) if why is None]
        if self.deck.packs == 1 or len(melds) < 2:
            return melds
        return self._one_per_action(seat, melds)

    def _one_per_action(self, seat: int, melds: list[MeldScore]) -> list[MeldScore]:
        """``melds`` with one physical set per action. With a double pack the same named cards
        may be several physical sets (a king on the table or its twin in hand): one of them is
        offered, the one that keeps most cards in hand, so that an action names one meld and a
        replay finds the same one."""
        hand, action = self.hands[seat], self.game.compiled.meld_action
        chosen: dict[str, MeldScore] = {}
        for m in melds:
            key = action(m.mask)
            other = chosen.get(key)
            if other is None or ((m.mask & hand).bit_count(), m.mask) < ((other.mask & hand).bit_count(), other.mask):
                chosen[key] = m
        return list(chosen.values())

    def meld_refusal(self, seat: int, meld: MeldScore) -> str | None:
        """Why ``seat`` may not declare ``meld`` now; None if it may. Generic rules first."""
        return self.reuse_refusal(seat, meld) or self.game.meld_refusal(self.view(), seat, meld)

    def reuse_refusal(self, seat: int, meld: MeldScore) -> str | None:
        """The rules file's policy on using table cards again in new melds."""
        policy = self.game.compiled.reuse_policy
        if policy == "laws":
            return self._reuse_law_refusal(seat, meld)
        if policy == "fresh-card":
            return None  # the search already asks for a card from hand
        reused = meld.mask & self.tableaus[seat]
        src = self.rules.meld_reuse_source
        if policy == "none" and reused:
            return f"melded cards may not be used again in new melds ({src})"
        if policy == "new-set" and any(mask == meld.mask for mask, *_ in self.meld_history[seat]):
            return f"you have already scored this very set of cards ({src})"
        if policy == "new-class-or-higher" and reused:
            for mask, cls, pts, old_name in self.meld_history[seat]:
                if mask & reused and cls == meld.rule.meld_class and meld.points <= pts:
                    scored = " ".join(self.deck.names_of(mask & reused))
                    return (f"{scored} scored in your {old_name} ({pts}), and a melded card may be used again "
                            f"only in a meld of another class or in one of the same class ({cls}) that scores "
                            f"more: {meld.rule.name} scores {meld.points} ({src})")
        return None

    def _reuse_law_refusal(self, seat: int, meld: MeldScore) -> str | None:
        """The rules file's re-use laws (``MeldReuseLaws``), each refusal naming its law."""
        laws = self.game.compiled.reuse_laws
        table = self.tableaus[seat]
        reused = meld.mask & table
        if not reused:
            return None
        name, cls = meld.rule.name, meld.rule.meld_class
        # fresh_card same-class: a meld of table cards alone is a new announcement in its class
        # only if none of its cards served in that class yet
        table_only = self.game.compiled.fresh_in_class and reused == meld.mask and not reused & self.step_shown
        for mask, old_cls, pts, old_name in self.meld_history[seat]:
            if not mask & reused:
                continue
            if table_only and old_cls == cls:
                return (f"a new {cls} meld needs a card from your hand: a card of it served in a {old_name} "
                        f"({laws.source})")
            if laws.broken_melds == "reform" and mask & ~table:
                continue  # that meld was broken by play: replacements may form it again
            if laws.same_meld == "forbidden" and old_name == name:
                broken = " (a broken meld may not be re-formed)" if mask & ~table else ""
                return f"a card once in a {name} may not serve in another {name}{broken} ({laws.source})"
            if laws.same_class == "higher-only" and old_cls == cls and meld.points <= pts:
                return (f"a card of your {old_name} ({pts}) may serve again in a meld of the same class ({cls}) "
                        f"only if it scores more: {name} scores {meld.points} ({laws.source})")
        return None

    def _meld_action(self, seat: int, cards: list[str], action: str) -> None:
        if self.decision != DECLARE:
            raise IllegalAction(action, self._meld_out_of_turn(seat, cards))
        mask = self.named_cards(seat, cards)
        if mask is None or len(cards) != mask.bit_count():
            missing = [c for c in cards if self.deck.find(c, self.holding(seat)) is None]
            raise IllegalAction(action, f"you do not hold {' '.join(missing) or 'those cards'}")
        wanted = self.game.compiled.meld_action(mask)
        for m in self.open_melds(seat):
            if self.game.compiled.meld_action(m.mask) == wanted:
                self.actions.append(action)
                self._declare_open(seat, m)
                self._after_declaration()
                return
        raise IllegalAction(action, self.explain_meld(seat, mask))

    def _declare_open(self, seat: int, meld: MeldScore) -> None:
        """Declare ``meld``, one of :meth:`open_melds`, on `meld ...` and the fast path alike: a
        meld shown at an earlier turn to score later scores now (once); any other is declared."""
        for waiting in self.waiting[seat]:
            if waiting[0] == meld:  # equal, not only the same object: a move of a copied state
                self._score_waiting(seat, waiting)
                return
        self._declare(seat, meld)

    def _declare(self, seat: int, meld: MeldScore, extra_to_tableau: int = 0) -> None:
        step = self.pending[0][0] if self.pending else None  # the compiled declare_step(), inline: every meld
        game = self.game
        rule = meld.rule  # a rules model, slow to read: each field once
        name, meld_class, counts_as_meld = rule.name, rule.meld_class, rule.counts_as_meld
        # shown now, to score later: where the step lets melds wait, once the turn's limit is reached
        to_score = step is not None and step.to_score and counts_as_meld and self._meld_limit_reached()
        moved = meld.mask | extra_to_tableau
        hands = self.hands
        self.step_shown |= moved & hands[seat]  # the cards put down from hand
        hands[seat] &= ~moved
        self.tableaus[seat] |= moved
        self.known[seat] |= moved
        cards = game.compiled.meld_cards(meld.mask)
        entry = {"player": seat, "cards": cards, "name": name, "points": meld.points}
        if game.compiled.has_to_score:
            entry["class"] = meld_class
            entry["status"] = "waiting" if to_score else "scored"
        self.meld_log.append(entry)
        self.meld_history[seat].append((meld.mask, meld_class, meld.points, name))
        if to_score:
            # shown now, scored after a later trick won while its cards stay on the table
            self.waiting[seat] = [*self.waiting[seat], (meld, len(self.meld_log) - 1)]
            if self.log_events:
                log(self, "meld", seat=seat, cards=list(cards), name=name, points=meld.points,
                    to_score=True)
            if name in game.compiled.trump_melds:
                self._trump_after_meld(seat, meld)
            return
        if self.log_events:
            log(self, "meld", seat=seat, cards=list(cards), name=name, points=meld.points)
        score(self, seat, meld.points, "meld", {"meld": name})
        if name in game.compiled.trump_melds:  # most melds neither set nor cancel trump
            self._trump_after_meld(seat, meld)
        if counts_as_meld:
            self.step_melds += 1

    def _score_waiting(self, seat: int, waiting: tuple[MeldScore, int]) -> None:
        """Score a meld shown at an earlier turn: this turn's meld."""
        meld, index = waiting
        self.waiting[seat] = [w for w in self.waiting[seat] if w is not waiting]
        self.meld_log[index] = {**self.meld_log[index], "status": "scored"}  # copies share the old entry
        if self.log_events:
            log(self, "meld", seat=seat, cards=list(self.meld_log[index]["cards"]), name=meld.rule.name,
                points=meld.points, scored_later=True)
        score(self, seat, meld.points, "meld", {"meld": meld.rule.name})
        self.step_melds += 1

    def lapse_waiting(self, seat: int, cards: int) -> None:
        """The waiting melds of ``seat`` that lose a card (``cards``) can no longer score."""
        keep = []
        for meld, index in self.waiting[seat]:
            if meld.mask & cards:
                self.meld_log[index] = {**self.meld_log[index], "status": "lapsed"}
            else:
                keep.append((meld, index))
        self.waiting[seat] = keep

    def _trump_after_meld(self, seat: int, meld: MeldScore) -> None:
        t = self.rules.trump
        role = "winner" if seat == self.winner else "loser"
        cancel = t.cancelled_by_trump_meld
        if cancel and self.trump is not None and meld.rule.name in cancel.melds and meld.suit == self.trump:
            set_trump(self, None)  # also clears rounds[-1]["trump"] (null while no trump is set)
            self.trump_fixed = True
            log(self, "trump", suit=None, seat=seat, reason=f"{meld.rule.name} in trumps cancels trump")
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
            log(self, "trump", suit=self.deck.suits[self.trump], seat=seat, reason=meld.rule.name)

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
        log(self, "exchange", seat=seat, card=self.deck.names[card], turnup=self.deck.names[faced])
        score(self, seat, self.rules.turnup.exchange_points, "exchange", {"card": self.deck.names[card]})
        self._after_declaration()

    def _after_declaration(self) -> None:
        game = self.game
        if (self.faced is None and not game.compiled.has_uncounted_melds and not game.compiled.has_to_score
                and self._meld_limit_reached()):
            self._turn_moves = None  # nothing can follow the turn's last meld: no search
            self._end_step()
            return
        self._turn_moves = self._declaration_moves(self.current_player)
        if not self._turn_moves:
            self._end_step()

    def _end_step(self) -> None:
        step, seat, _ = self.pending.pop(0)
        if self.step_melds == 0:
            # The same public event whether the player passed or had nothing to declare, so
            # that a skipped turn tells the opponent no more than a pass would.
            if self.log_events:
                log(self, "pass", seat=seat)
            if step.by_winner:
                self.winner_passed = True
        self.step_melds = 0
        self.step_shown = 0
        self.decision = PLAY
