"""The playout kernel: what speed needs beside the reference rules, in one place.

The rules are written once, plainly, in the reference path (the state's mixins, the step kinds
of :mod:`.steps`, the phase kinds of :mod:`.phases`). Random playouts and the search bots'
look-ahead play the same games many thousand times, so this module keeps what makes them fast,
and nothing else does:

- :func:`blind_moves`: the moves a random player draws among (the random bot, play-outs,
  benchmarks and tests alike);
- :func:`legal_cards`, :func:`play_card` and :func:`advance`: ``legal_moves`` and
  ``apply_move`` of a quiet state (no event log): a card's legal replies from a table per card
  led, a plain card played and its trick won in one function, the steps after a trick taken
  in one loop. Each says which reference it stands for; ``tests/core/test_two_paths.py`` plays
  every game and preset both ways side by side.
"""

from __future__ import annotations

from ..cards import _L0, _L1, _L2, bits
from ..tricks import legal_plays
from .auction import BID, blind_bids
from .kinds import DECLARE, PLAY


def blind_moves(state, moves: list) -> list:
    """The moves (of ``legal_moves()``) or actions (of ``legal_actions()``) that a player who
    does not weigh its hand draws among, each as likely: all of them, except at a bid, where
    only ``pass`` and the lowest bids are (:func:`.auction.blind_bids`). Drawn from every bid up
    to the ceiling, nearly every contract fails, and a partnership auction's totals fall for
    ever short of its target: the game never ends."""
    return blind_bids(moves) if state.decision == BID else moves


# ---------------------------------------------------------------- a quiet playout's moves
# The state's ``legal_moves`` and ``apply_move`` come here when nothing is logged
# (``log_events`` off: playouts, the search bots' worlds). Each function below does what the
# reference does for its case, fused into fewer calls and reads; tests/core/test_two_paths.py
# plays every game and preset both ways, move by move, and compares the states.


def legal_cards(state, seat: int) -> list:
    """``legal_moves()`` at a card to play: the reference's ``bits(_legal_mask(seat))`` (and
    the claim where it is right), with the reply to a lead looked up per card led and trump
    (``CompiledPhase.replies``, :func:`cardcore.tricks.replies_to_lead`) and a one-pack mask's
    bits found by three table look-ups in place (:func:`cardcore.cards.bits`)."""
    mask = state.hands[seat] | state.tableaus[seat] if state.from_tableau else state.hands[seat]
    trick = state.trick
    if trick and not state.follow.free:
        if len(trick) == 1:
            trump = state.trump
            led, if_led, if_void = state.cphase.replies[trick[0]][-1 if trump is None else trump]
            for allowed in (if_led if mask & led else if_void):
                if mask & allowed:
                    mask &= allowed
                    break
        else:
            mask = legal_plays(state.game.trick_decks[state.phase], state.follow, mask, trick, state.trump)
    if state.cphase.claims and state.claim_is_right(seat):
        return bits(mask) + [state.rules.claim.action]
    if mask < 0x200000000:
        return [*_L0[mask & 2047], *_L1[mask >> 11 & 2047], *_L2[mask >> 22]]
    return bits(mask)


def play_card(state, card: int) -> None:
    """``apply_move(card)`` in a phase of plain play (``CompiledPhase.plain_play``: none of
    ``_before_card``'s rarer rules but a void shown): the card leaves the holding, joins the
    trick, and a whole trick is won (two seats: one comparison, as
    :func:`cardcore.tricks.trick_winner` finds it) and the steps after it run (:func:`advance`)."""
    seat = state.current_player
    phase = state.cphase
    trick = state.trick
    bit = phase.bit[card]
    if trick and phase.shows_voids and phase.suit_of[card] != phase.suit_of[trick[0]]:
        state._note_voids(seat, card, phase.follow)
    if state.tableaus[seat] & bit:
        if state.waiting[seat]:
            state.lapse_waiting(seat, bit)
        state.tableaus[seat] ^= bit
    else:
        state.hands[seat] ^= bit
    trick.append(card)
    seats = state.trick_seats
    seats.append(seat)
    state.actions.append(phase.play_action[card])
    if len(trick) < state.n:
        state.current_player = phase.after[seat]
        return
    suit_of = phase.suit_of
    if len(trick) == 2:
        top = trick[0]
        suit = suit_of[card]
        wins = (phase.strength[card] > phase.strength[top]) if suit == suit_of[top] else suit == state.trump
        state._take_trick(phase, seat if wins else seats[0], phase.bit[top] | bit)
    else:
        strength, trump, bit_of = phase.strength, state.trump, phase.bit
        best, top = 0, trick[0]
        mask = bit_of[top]
        for pos in range(1, len(trick)):
            other = trick[pos]
            mask |= bit_of[other]
            suit = suit_of[other]
            if (strength[other] > strength[top]) if suit == suit_of[top] else suit == trump:
                best, top = pos, other
        state._take_trick(phase, seats[best], mask)
    if state.result is None and state.first_to_target is None:
        advance(state)
    if state.first_to_target is not None and state.result is None:
        state._end_game()


def advance(state) -> None:
    """``TrickPlayMixin._advance`` in a quiet state: the steps after a trick taken in one loop
    (:func:`_quiet_steps`), then the phase's end asked as ``TricksPhase.over`` says it, or the
    next trick's lead. With a draw gate or a carte blanche showing, the reference's loop."""
    pending = state.pending
    if pending and state.decision == PLAY:
        if state.draw_gate is not None or state.blank_hands:
            state._advance()
            return
        if _quiet_steps(state, pending):
            return
    if state.decision != PLAY or state.trick:
        return
    phase = state.cphase
    if phase.tricks:
        over = (state.stock_pos >= len(state.stock) if phase.until_stock_empty
                else not any(state.hands) and not any(state.tableaus))
    else:
        over = state.phase_kind.over(state)
    if not over or state._next_phase():
        state.current_player = state.leader


def _quiet_steps(state, pending: list) -> bool:
    """The steps of ``pending`` in turn; True when a decision is due. Taken here, without their
    handler: a draw of a stock card that is not the last (``steps._draw``: nothing to log, no
    card to show), and a plain declaration turn where no turn-up lies and the game adds no
    declarations of its own (``steps._declare``: the meld search, then the melds not refused,
    else the turn passed as ``_end_step`` passes it). The steps taken are cut from ``pending``
    at once, when a decision is due or another step's handler runs."""
    stock, hands, bit_of = state.stock, state.hands, state.cphase.bit
    plain_turns = state.faced is None and state.game_hooks[1] is None
    done = 0
    while done < len(pending):
        step, seat, run = pending[done]
        if step.draws:
            pos = state.stock_pos
            if pos + 1 < len(stock):
                state.stock_pos = pos + 1
                hands[seat] |= bit_of[stock[pos]]
                done += 1
                continue
        elif step.plain and plain_turns:
            if state.winner_passed or not step.winner_passed_only:
                hand = hands[seat]
                holding = hand | state.tableaus[seat]
                masks = step.search(holding, hand | state.step_shown if step.fresh_from_hand else holding, step.allowed)
                moves = state._options_of(seat, step, masks, False) if masks else None
                if moves:
                    del pending[:done]
                    state.decision = DECLARE
                    state.current_player = seat
                    state._turn_moves = moves
                    return True
                if step.by_winner:
                    state.winner_passed = True
                state.step_melds = 0
            done += 1
            continue
        del pending[:done]  # the step's own handler takes it
        done = 0
        if run(state, step, seat) or state.decision != PLAY:
            return True
        pending = state.pending
    pending.clear()
    return False
