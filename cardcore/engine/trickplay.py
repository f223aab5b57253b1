"""Trick play: the phases of tricks, the cards a seat may play (a card played and a trick won
are :mod:`.moves`'), and the forced steps after a trick (draws, turned trumps) with the
declaration turns they lead to, taken by the seat each step names (see :mod:`.steps`).
"""

from __future__ import annotations

from ..cards import iter_bits
from ..errors import IllegalAction
from ..tricks import forbidding_reason, legal_plays
from .kinds import PLAY
from .phases import PHASE_KINDS
from .flow import end_round
from .scoring import score
from .refusals import expected


class TrickPlayMixin:
    """Phases of tricks and the steps after each trick. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    def _enter_phase(self, index: int) -> None:
        self.phase = index
        self.cphase = compiled = self.game.compiled.phases[index]
        self.phase_kind = PHASE_KINDS[compiled.kind]
        self.phase_kind.enter(self, compiled.rule)

    def holding(self, seat: int) -> int:
        return self.hands[seat] | self.tableaus[seat]

    def playable(self, seat: int) -> int:
        return self.hands[seat] | self.tableaus[seat] if self.cphase.from_tableau else self.hands[seat]

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, a bit set."""
        return legal_plays(self.cphase.deck, self.cphase.follow, self.playable(seat), self.trick, self.trump)

    def _legal_cards(self, seat: int) -> list[int]:
        return self.deck.sorted_cards(iter_bits(self._legal_mask(seat)))

    def _play(self, seat: int, name: str, action: str, from_table: bool = False) -> None:
        """``play C`` takes C from hand when the hand holds one, else from the table;
        ``play C from table`` takes the table's copy (kinds.FROM_TABLE)."""
        if self.decision != PLAY:
            raise IllegalAction(action, expected(self))
        holding = self.playable(seat)
        if from_table:
            card = self.deck.find(name, holding & self.tableaus[seat])
            if card is None:
                why = ("cards on your table may not be played in this phase" if self.tableaus[seat] and
                       not self.cphase.from_tableau else f"you have no {name} on your table")
                raise IllegalAction(action, why)
        else:
            card = self.deck.find(name, self.hands[seat])
            if card is None:
                card = self.deck.find(name, holding)
        if card is None:
            where = " (cards on your table may not be played in this phase)" if \
                self.deck.find(name, self.holding(seat)) is not None else ""
            raise IllegalAction(action, f"you do not hold {name}{where}")
        rule = self.cphase.follow
        why = forbidding_reason(self.cphase.deck, rule, holding, self.trick, self.trump, card)
        if why:
            raise IllegalAction(action, f"{why} ({self.phase_rule.source})")
        self.apply_move(card)  # engine.moves: the one place a card is played

    def _score_trump_played(self, seat: int, card: int, bit: int) -> None:
        """The turn-up's rank in trumps scores when played (e.g. the seven), once a deal."""
        game = self.game
        if (self.trump is not None and not self.scored_specials & bit
                and self.deck.rank_of[card] == game.compiled.play_points_rank and self.deck.suit_of[card] == self.trump):
            self.scored_specials |= bit
            score(self, seat, self.rules.turnup.play_points, "trump seven played", {"card": self.deck.names[card]})

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

    def next_step(self):
        """The after-trick step due next (its rule, e.g. ``.step == "draw"``), or None."""
        return self.pending[0][0].rule if self.pending else None

    def _advance(self) -> None:
        """Run forced steps until a decision is due or the game ends. (A quiet playout's
        ``apply_move`` runs :func:`.kernel.advance` instead, the same steps fused.)"""
        pending = self.pending
        while pending and self.decision == PLAY:
            step, seat, run = pending[0]
            if step.stock and self.draw_gate is not None and not self.draw_gate():
                return  # paused before a stock card is taken: resume() goes on
            if run(self, step, seat):
                return  # a decision is due
            pending = self.pending
        if self.decision != PLAY or self.trick:
            return
        if not self.phase_kind.over(self) or self._next_phase():
            self.current_player = self.leader

    def _next_phase(self) -> bool:
        """The phase of tricks is over: the next phase begins, or the deal ends after the last.
        True when the next phase opens with a lead (it asks no decision of its own and has not
        ended the deal or the game)."""
        if self.phase + 1 < self.game.compiled.deal.phase_count:
            self._enter_phase(self.phase + 1)
            return self.decision == PLAY and self.result is None
        end_round(self)
        return False
