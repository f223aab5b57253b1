"""Moves: the fast path of playouts and searches, and the one place a card is played.

``legal_moves()`` gives a card to play as its number and a meld as its MeldScore, with no
strings to build or parse; ``apply_move()`` carries a move out. Playing a card is written once,
here, for both paths (``play C`` comes here once :func:`.actions.play` has checked it):
the card leaves the hand or the table, joins the trick, and a whole trick is won at once, its
winner found and the steps after it planned (they are run by :func:`.flow.advance`). A quiet state
(nothing logged: playouts, the search bots' worlds) hands its cards and steps to
:mod:`.kernel`, which does the same fused.
"""

from __future__ import annotations

from ..cards import bits
from ..melds import MeldScore
from ..tricks import trick_winner
from .actions import apply, decision_actions
from .dealing import card_value
from .declaring import after_declaration, declaration_moves, declare_open, end_step, lapse_waiting
from .events import log
from .flow import advance as run_steps
from .kinds import DECLARE, PLAY
from .phases.show_melds import show_melds
from .scoring import end_game, score
from .sections import open_standing
from .trickplay import holding, legal_mask, note_voids, score_trump_played


def legal_moves(state) -> list:
    """``legal_moves()``, the reference."""
    if state.result is not None:
        return []
    seat = state.current_player
    if state.decision == PLAY:
        moves = bits(legal_mask(state, seat))
    elif state.decision == DECLARE:
        moves = state._turn_moves
        if moves is None:  # e.g. in a sampled world whose hands were dealt anew
            moves = state._turn_moves = declaration_moves(state, seat)
        moves = [*moves, "pass"]
    else:  # a decision of a phase kind of its own
        moves = decision_actions(state)
    if state.game.compiled.deal.standing:  # an action open beside the decision (sections)
        return moves + open_standing(state, seat)
    return moves


def move_action(state, move) -> str:
    """The action of legal_actions() that names ``move`` of legal_moves() here: a card as
    `play C`, or `play C from table` where the game names table plays and the card lies on
    the table; a meld as `meld` with its cards; anything else as it is."""
    if type(move) is int:
        rules = state.game.compiled
        if state.decision == PLAY and rules.names_table_plays and state.tableaus[state.current_player] >> move & 1:
            return rules.play_from_table_action[move]
        return rules.play_action[move]
    if type(move) is MeldScore:
        return state.game.compiled.meld_action(move.mask)
    return move


def apply_move(state, move, steps=run_steps) -> None:
    """``apply_move()``, the reference; ``steps`` runs the forced steps after the move
    (:func:`.flow.advance`; the kernel's own, fused, for a quiet state)."""
    if type(move) is int:
        phase = state.cphase
        seat = state.current_player
        trick = state.trick
        move, action = before_card(state, phase, seat, move)
        bit = phase.bit[move]
        from_table = state.tableaus[seat] & bit
        if from_table:
            leave_table(state, seat, bit)
        else:
            state.hands[seat] ^= bit  # the card is there: its bit flipped off
        trick.append(move)
        seats = state.trick_seats
        seats.append(seat)
        state.actions.append(action)
        if state.log_events:
            if from_table:
                log(state, "play", seat=seat, card=state.deck.names[move], from_table=True)
            else:
                log(state, "play", seat=seat, card=state.deck.names[move])
        if phase.play_points:  # the card scores as it is played, before its trick is won
            score_trump_played(state, seat, move, bit)
        if len(trick) < state.n:
            state.current_player = phase.after[seat]
            if state.first_to_target is None:
                return
        else:  # the trick is whole: its winner takes its cards and leads, the steps after it are due
            _win_trick(state, phase, trick, seats)
    elif type(move) is MeldScore:
        state.actions.append(state.game.compiled.meld_action(move.mask))
        declare_open(state, state.current_player, move)
        after_declaration(state)
    elif move == "pass" and state.decision == DECLARE:
        state.actions.append("pass")
        end_step(state)
    else:
        apply(state, move)
        return
    if state.result is None and state.first_to_target is None:
        steps(state)
    if state.first_to_target is not None and state.result is None:
        end_game(state)


def leave_table(state, seat: int, bit: int) -> None:
    """The card ``bit`` is played from ``seat``'s table: a meld waiting to score with it
    lapses."""
    if state.waiting[seat]:
        lapse_waiting(state, seat, bit)
    state.tableaus[seat] ^= bit


def before_card(state, phase, seat: int, card: int) -> tuple[int, str]:
    """The rarer rules of a card played, before it leaves the hand: melds shown as the first
    trick is played, a void shown, which copy of a card leaves the hand, the action of a
    table card with a twin in hand. Returns the card played and its action."""
    if phase.shows_at_first_play and not state.tricks_played:
        show_melds(state, seat, holding(state, seat))
    if state.trick and phase.shows_voids:
        note_voids(state, seat, card, phase.follow)
    hand = state.hands[seat]
    if hand >> card & 1:
        # of identical copies in hand, the lowest one the others have seen (in a meld shown,
        # the widow, a card exchanged or drawn face up) leaves it first, else the lowest, on
        # `play C` and the fast path alike: they cannot tell which copy was played, so what
        # they know of the hand must not outlast the card; and the copy must be the one the
        # action names (a copy may have scored already, e.g. a trump seven exchanged)
        copies = hand & state.game.compiled.twins[card]
        if copies:
            copies |= 1 << card
            seen = copies & state.known[seat]
            if seen:
                copies = seen
            card = (copies & -copies).bit_length() - 1
        aside = state.held_or_aside
        if aside and seat == state.declarer:
            # a card of this name seen in his hand or laid aside may be the one played: the
            # others can no longer tell that he holds it or laid it aside
            copies = aside & (state.game.compiled.twins[card] | 1 << card)
            if copies:
                state.held_or_aside = aside & ~(1 << card if aside >> card & 1 else copies & -copies)
    elif state.game.compiled.names_table_plays:  # `play C` would take the hand's copy
        # of identical copies on the table, the lowest leaves it, as `play C from table` takes
        # it: which one decides the meld it breaks, and the action names no copy
        lower = state.tableaus[seat] & state.game.compiled.twins[card] & ((1 << card) - 1)
        if lower:
            card = (lower & -lower).bit_length() - 1
        return card, state.game.compiled.play_from_table_action[card]
    return card, state.game.compiled.play_action[card]


def _win_trick(state, phase, trick: list[int], seats: list[int]) -> None:
    """The trick is whole: its winner (:func:`cardcore.tricks.trick_winner`) takes it."""
    winner = seats[trick_winner(phase.deck, trick, state.trump)]
    mask = 0
    for card in trick:
        mask |= phase.bit[card]
    take_trick(state, phase, winner, mask)


def take_trick(state, phase, winner: int, mask: int) -> None:
    """``winner`` takes the trick, its cards ``mask``, and leads; the steps after it are due."""
    trick = state.trick
    index = phase.index
    state.won[winner][index] |= mask
    state.tricks_played += 1
    state.trick_winners.append(phase.won_by[winner])  # (phase, winner), made at load
    if state.log_events or state.kept_events:
        log(state, "trick", winner=winner, cards=[state.deck.names[c] for c in trick])
    if phase.trick_extras:
        if phase.trump_turned_each_trick:  # the round keeps each trick's trump
            trump = state.trump
            state.rounds[-1]["trumps"].append(state.deck.suits[trump] if trump is not None else None)
        if phase.scores_cards_won:
            for c in trick:
                score(state, winner, card_value(state, c, "won", state.trump), "card won", {"card": state.deck.names[c]})
    state.trick, state.trick_seats = [], []
    state.winner = state.leader = winner
    state.loser = phase.loser_of[winner]  # the other of two
    state.winner_passed = False
    # the steps after the trick, planned once per phase and winner (engine.compiled), or per
    # declarer too where a step is the declarer's
    plans = phase.plans
    if plans is not None:
        state.pending = list(plans[winner])
    else:
        key = (index, winner, state.declarer)
        plan = state.step_plans.get(key)
        if plan is None:
            plan = state.step_plans[key] = phase.plan(winner, state.loser, state.declarer, state.table)
        state.pending = list(plan)
    state.step_melds = 0
