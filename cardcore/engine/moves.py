"""Moves: the fast path of playouts and searches, and the one place a card is played.

``legal_moves()`` gives a card to play as its number and a meld as its MeldScore, with no
strings to build or parse; ``apply_move()`` carries a move out. Playing a card is written once,
here, for both paths (``play C`` comes here once :meth:`TrickPlayMixin._play` has checked it):
the card leaves the hand or the table, joins the trick, and a whole trick is won at once, its
winner found and the steps after it planned (they are run by ``_advance``). A quiet state
(nothing logged: playouts, the search bots' worlds) hands its cards and steps to
:mod:`.kernel`, which does the same fused.
"""

from __future__ import annotations

from ..cards import bits
from ..melds import MeldScore
from ..tricks import trick_winner
from . import kernel
from .kinds import DECLARE, PLAY
from .phases.show_melds import show_melds
from .sections import open_standing


class MovesMixin:
    """``legal_moves`` and ``apply_move``. A part of :class:`cardcore.state.State`."""

    __slots__ = ()  # the data is GameData's (engine.data)

    # A quiet state's cards and steps are the kernel's, which hands every other move to the
    # reference methods below.
    legal_moves = kernel.legal_moves
    apply_move = kernel.apply_move

    def _legal_moves(self) -> list:
        """``legal_moves()``, the reference."""
        if self.result is not None:
            return []
        seat = self.current_player
        if self.decision == PLAY:
            moves = bits(self._legal_mask(seat))
        elif self.decision == DECLARE:
            moves = self._turn_moves
            if moves is None:  # e.g. in a sampled world whose hands were dealt anew
                moves = self._turn_moves = self._declaration_moves(seat)
            moves = [*moves, "pass"]
        else:  # a decision of a phase kind of its own
            moves = self._decision_actions()
        if self.game.compiled.deal.standing:  # an action open beside the decision (sections)
            return moves + open_standing(self, seat)
        return moves

    def move_action(self, move) -> str:
        """The action of legal_actions() that names ``move`` of legal_moves() here: a card as
        `play C`, or `play C from table` where the game names table plays and the card lies on
        the table; a meld as `meld` with its cards; anything else as it is."""
        if type(move) is int:
            rules = self.game.compiled
            if self.decision == PLAY and rules.names_table_plays and self.tableaus[self.current_player] >> move & 1:
                return rules.play_from_table_action[move]
            return rules.play_action[move]
        if type(move) is MeldScore:
            return self.game.compiled.meld_action(move.mask)
        return move

    def _apply_move(self, move) -> None:
        """``apply_move()``, the reference."""
        if type(move) is int:
            phase = self.cphase
            seat = self.current_player
            trick = self.trick
            move, action = self._before_card(phase, seat, move)
            bit = phase.bit[move]
            from_table = self.tableaus[seat] & bit
            if from_table:
                self._leave_table(seat, bit)
            else:
                self.hands[seat] ^= bit  # the card is there: its bit flipped off
            trick.append(move)
            seats = self.trick_seats
            seats.append(seat)
            self.actions.append(action)
            if self.log_events:
                if from_table:
                    self._event("play", seat=seat, card=self.deck.names[move], from_table=True)
                else:
                    self._event("play", seat=seat, card=self.deck.names[move])
            if phase.play_points:  # the card scores as it is played, before its trick is won
                self._score_trump_played(seat, move, bit)
            if len(trick) < self.n:
                self.current_player = phase.after[seat]
                if self.first_to_target is None:
                    return
            else:  # the trick is whole: its winner takes its cards and leads, the steps after it are due
                self._win_trick(phase, trick, seats)
        elif type(move) is MeldScore:
            self.actions.append(self.game.compiled.meld_action(move.mask))
            self._declare_open(self.current_player, move)
            self._after_declaration()
        elif move == "pass" and self.decision == DECLARE:
            self.actions.append("pass")
            self._end_step()
        else:
            self.apply(move)
            return
        if self.result is None and self.first_to_target is None:
            if self.log_events:
                self._advance()
            else:
                kernel.advance(self)  # a quiet playout's: the same steps, fused
        if self.first_to_target is not None and self.result is None:
            self._end_game()

    def _leave_table(self, seat: int, bit: int) -> None:
        """The card ``bit`` is played from ``seat``'s table: a meld waiting to score with it
        lapses."""
        if self.waiting[seat]:
            self.lapse_waiting(seat, bit)
        self.tableaus[seat] ^= bit

    def _before_card(self, phase, seat: int, card: int) -> tuple[int, str]:
        """The rarer rules of a card played, before it leaves the hand: melds shown as the first
        trick is played, a void shown, which copy of a card leaves the hand, the action of a
        table card with a twin in hand. Returns the card played and its action."""
        if phase.shows_at_first_play and not self.tricks_played:
            show_melds(self, seat, self.holding(seat))
        if self.trick and phase.shows_voids:
            self._note_voids(seat, card, phase.follow)
        hand = self.hands[seat]
        if hand >> card & 1:
            # of identical copies in hand, the lowest one the others have seen (in a meld shown,
            # the widow, a card exchanged or drawn face up) leaves it first, else the lowest, on
            # `play C` and the fast path alike: they cannot tell which copy was played, so what
            # they know of the hand must not outlast the card; and the copy must be the one the
            # action names (a copy may have scored already, e.g. a trump seven exchanged)
            copies = hand & self.game.compiled.twins[card]
            if copies:
                copies |= 1 << card
                seen = copies & self.known[seat]
                if seen:
                    copies = seen
                card = (copies & -copies).bit_length() - 1
            aside = self.held_or_aside
            if aside and seat == self.declarer:
                # a card of this name seen in his hand or laid aside may be the one played: the
                # others can no longer tell that he holds it or laid it aside
                copies = aside & (self.game.compiled.twins[card] | 1 << card)
                if copies:
                    self.held_or_aside = aside & ~(1 << card if aside >> card & 1 else copies & -copies)
        elif self.game.compiled.names_table_plays:  # `play C` would take the hand's copy
            # of identical copies on the table, the lowest leaves it, as `play C from table` takes
            # it: which one decides the meld it breaks, and the action names no copy
            lower = self.tableaus[seat] & self.game.compiled.twins[card] & ((1 << card) - 1)
            if lower:
                card = (lower & -lower).bit_length() - 1
            return card, self.game.compiled.play_from_table_action[card]
        return card, self.game.compiled.play_action[card]

    def _win_trick(self, phase, trick: list[int], seats: list[int]) -> None:
        """The trick is whole: its winner (:func:`cardcore.tricks.trick_winner`) takes it."""
        winner = seats[trick_winner(phase.deck, trick, self.trump)]
        mask = 0
        for card in trick:
            mask |= phase.bit[card]
        self._take_trick(phase, winner, mask)

    def _take_trick(self, phase, winner: int, mask: int) -> None:
        """``winner`` takes the trick, its cards ``mask``, and leads; the steps after it are due."""
        trick = self.trick
        index = phase.index
        self.won[winner][index] |= mask
        self.tricks_played += 1
        self.trick_winners.append(phase.won_by[winner])  # (phase, winner), made at load
        if self.log_events:
            self._event("trick", winner=winner, cards=[self.deck.names[c] for c in trick])
        if phase.trick_extras:
            if phase.trump_turned_each_trick:  # the round keeps each trick's trump
                trump = self.trump
                self.rounds[-1]["trumps"].append(self.deck.suits[trump] if trump is not None else None)
            if phase.scores_cards_won:
                for c in trick:
                    self._score(winner, self.card_value(c, "won", self.trump), "card won", {"card": self.deck.names[c]})
        self.trick, self.trick_seats = [], []
        self.winner = self.leader = winner
        self.loser = phase.loser_of[winner]  # the other of two
        self.winner_passed = False
        # the steps after the trick, planned once per phase and winner (engine.compiled), or per
        # declarer too where a step is the declarer's
        plans = phase.plans
        if plans is not None:
            self.pending = list(plans[winner])
        else:
            key = (index, winner, self.declarer)
            plan = self.step_plans.get(key)
            if plan is None:
                plan = self.step_plans[key] = phase.plan(winner, self.loser, self.declarer, self.table)
            self.pending = list(plan)
        self.step_melds = 0
