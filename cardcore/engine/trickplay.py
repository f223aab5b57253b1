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

    def _legal_cards(self, seat: int) -> list[int]:
        mask = legal_plays(self.cphase.deck, self.cphase.follow, self.playable(seat),
                           self.trick, self.trump)
        return self.deck.sorted_cards(iter_bits(mask))

    def _play(self, seat: int, name: str, action: str, from_table: bool = False) -> None:
        """``play C`` takes C from hand when the hand holds one, else from the table;
        ``play C from table`` takes the table's copy (kinds.FROM_TABLE)."""
        if self.decision != PLAY:
            raise IllegalAction(action, self._expected())
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
            self._score(seat, self.rules.turnup.play_points, "trump seven played", {"card": self.deck.names[card]})

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
        """Run forced steps until a decision is due or the game ends."""
        pending = self.pending
        if pending and self.decision == PLAY:
            # draws taken here, not by steps._draw: nothing to log, no card to show, no gate
            quiet_draws = not self.log_events and not self.draw_watchers and self.draw_gate is None
            written = self.cphase.written
            if written is not None and quiet_draws and self.faced is None and self.hooks.extra_declarations is None:
                # the plan's steps left, in a playout: written out (engine.written_steps)
                if written[self.winner][len(pending)](self, pending):
                    return  # a decision is due, or the next trick's lead
            while pending:
                step, seat, run = pending[0]
                if step.draws and quiet_draws:
                    stock, pos = self.stock, self.stock_pos
                    if pos + 1 < len(stock):
                        # steps._draw of a card that is not the last (the turn-up is drawn
                        # last): two after every stock trick of a playout
                        pending.pop(0)
                        self.stock_pos = pos + 1
                        self.hands[seat] |= self.cphase.bit[stock[pos]]
                        continue
                elif step.stock:
                    if self.draw_gate is not None and not self.draw_gate():
                        return  # paused before a stock card is taken: resume() goes on
                elif step.winner_passed_only and not self.winner_passed:
                    pending.pop(0)  # steps._declare: not this turn
                    continue
                if run(self, step, seat):
                    return  # a decision is due
                if self.decision != PLAY:
                    break
                pending = self.pending
        if self.decision != PLAY or self.trick:
            return
        phase = self.cphase
        if phase.tricks:  # TricksKind.over, inline: asked after every trick
            over = (self.stock_pos >= len(self.stock) if phase.until_stock_empty
                    else not any(self.hands) and not any(self.tableaus))
        else:
            over = self.phase_kind.over(self)
        if over:
            if self.phase + 1 < self.game.compiled.deal.phase_count:
                self._enter_phase(self.phase + 1)
                if self.decision != PLAY or self.result is not None:
                    return  # a phase of decisions, or one that ended the deal or the game
            else:
                self._end_round()
                return
        self.current_player = self.leader
