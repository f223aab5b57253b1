"""The playout kernel: what speed needs beside the reference rules, in one place.

The rules are written once, plainly, in the reference path (:mod:`.moves`, :mod:`.flow`, the step kinds
of :mod:`.steps`, the phase kinds of :mod:`.phases`). Random playouts and the search bots'
look-ahead play the same games many thousand times, so this module keeps what makes them fast,
and nothing else does:

- :func:`blind_moves`: the moves a random player draws among (the random bot, play-outs,
  benchmarks and tests alike), and :func:`random_move`, one of them drawn;
- :func:`legal_moves` and :func:`apply_move`, the state's methods of those names: a quiet
  state's (no event log) cards to play found from a table per card led, a plain card played
  and its trick won in one function, (:func:`advance`) the steps after a trick taken in one
  loop, a plain declaration turn's melds looked up and judged in place, and a meld of such a
  turn declared in one function (:func:`_declare_plain`); every other move handed to the
  reference (:func:`.moves.legal_moves` and :func:`.moves.apply_move`). Each function says
  which reference it stands for;
  ``tests/core/test_two_paths.py`` plays every game and preset both ways side by side.

A state that keeps some kinds of events (``kept_events``: a simulation's) plays here as a quiet
one: a trick is then won by ``moves.take_trick``, which logs it, and a declaration turn taken as
a non-plain one, its tallies counted first (``steps.tally_declaration_turn``); the reference's
functions the kernel calls log the rest. Its cards, draws and passes log nothing
(``events.WHOLE_LOG_ONLY``).
"""

from __future__ import annotations

from bisect import insort

from ..cards import _L0, _L1, _L2, bits
from ..melds import MeldScore, found_in
from ..tricks import legal_plays
from . import flow, moves as reference
from .actions import melds_in_action_order
from .dealing import turn_trump
from .declaring import (after_declaration, declaration_moves, declare_open, end_step, meld_limit_reached, options_of,
                        ready_to_score, trump_after_meld, with_other_declarations)
from .kinds import DECLARE, PLAY
from .moves import before_card, leave_table, take_trick
from .phases.auction import BID, blind_bids
from .scoring import end_game, score
from .sections import open_standing
from .steps import tally_declaration_turn
from .trickplay import note_voids, score_trump_played
from .view import view_of


def random_move(state, uniform):
    """A move of ``legal_moves()`` drawn as the random bot draws it (:func:`blind_moves`), by
    ``uniform()``, a number in [0, 1) (``random.Random(seed).random``). ``blind_moves`` inline:
    one test of the decision at every move of a playout, the moves cut only at a bid."""
    moves = legal_moves(state)
    if state.decision == BID:
        moves = blind_bids(moves)
    return moves[int(uniform() * len(moves))]


def blind_moves(state, moves: list) -> list:
    """The moves (of ``legal_moves()``) or actions (of ``legal_actions()``) that a player who
    does not weigh its hand draws among, each as likely: all of them, except at a bid, where
    only ``pass`` and the lowest bids are (:func:`.phases.auction.blind_bids`). Drawn from every bid up
    to the ceiling, nearly every contract fails, and a partnership auction's totals fall for
    ever short of its target: the game never ends."""
    return blind_bids(moves) if state.decision == BID else moves


def moves_in_action_order(state, moves: list) -> list:
    """The moves of ``legal_moves()`` at a card to play or a declaration, one per action of
    ``legal_actions()`` and in their order: the cards in the deck's order (``legal_moves()``
    lists them lowest index first), of several copies named by one action the first (the
    engine plays the copy the action would play: ``_before_card``), then the melds as
    ``legal_actions()`` sorts them (:func:`cardcore.engine.actions.melds_in_action_order`), then the
    rest (an exchange, a game's own declarations, ``pass``, a standing action) as they come.
    ``simulate``'s random bot draws among these as it would among the actions
    (:func:`.actions.decision_actions` is the order's reference; tests/sim/test_sim_public_path.py
    checks them position by position in every game)."""
    one_pack = state.deck.packs == 1
    if one_pack and type(moves[-1]) is int:  # cards to play, and nothing else: most decisions
        return state.deck.sorted_cards(moves)
    cards = state.deck.sorted_cards([m for m in moves if type(m) is int])
    if not one_pack:
        first: dict = {}
        move_action = state.move_action
        for card in cards:
            action = move_action(card)
            if action not in first:
                first[action] = card
        cards = list(first.values())
    if state.decision == PLAY:  # the cards, a standing action after them
        return cards if type(moves[-1]) is int else cards + [m for m in moves if type(m) is not int]
    melds = [m for m in moves if type(m) is MeldScore]
    rest = [m for m in moves if type(m) is not int and type(m) is not MeldScore]
    return cards + [m for _, m in melds_in_action_order(state.game, melds)] + rest


# Per one-pack deck of up to 33 cards, six tables that list a mask's cards in the players' order
# (``Deck.sort_pos``) as ``cards.bits`` lists them by index, with no sort at every card to play:
# the mask's bits moved, 11 at a time, to their places in that order, then the places read back
# as cards 11 at a time. None for a deck of several packs or more cards (the sort then).
_players_order: dict = {}


def _players_order_tables(deck) -> tuple | None:
    if deck.packs != 1 or deck.size > 33:
        return None
    size, place = deck.size, deck.sort_pos
    card_at = deck.sorted_cards(range(size))
    pieces = [range(start, min(start + 11, size)) for start in (0, 11, 22)]
    to_place = [tuple(sum(1 << place[c] for c in piece if b >> (c - piece.start) & 1) for b in range(2048))
                for piece in pieces]
    to_card = [tuple(tuple(card_at[p] for p in piece if b >> (p - piece.start) & 1) for b in range(2048))
               for piece in pieces]
    return (*to_place, *to_card)


# ---------------------------------------------------------------- a quiet playout's moves
# The state's ``legal_moves`` and ``apply_move`` are these (``State``): a quiet state's
# (``log_events`` off: playouts, the search bots' worlds) cards and steps are taken here, what the
# reference does for them fused into fewer calls and reads; tests/core/test_two_paths.py plays
# every game and preset both ways, move by move, and compares the states.


def legal_moves(state, players_order: tuple | None = None) -> list:
    """``State.legal_moves()``: like ``legal_actions()``, but a card to play is its index and a
    meld its MeldScore, with no strings to build or parse; cards lowest index first; then the
    standing actions open (:mod:`.sections`), as among ``legal_actions``. A quiet state's
    cards to play are found here: the reference's ``bits(legal_mask(state, seat))`` and standing actions, with
    the reply to a lead looked up per card led and trump (``CompiledPhase.replies``,
    :func:`cardcore.tricks.replies_to_lead`) and a one-pack mask's bits found by three table
    look-ups in place (:func:`cardcore.cards.bits`); every other move is the reference's
    (:func:`.moves.legal_moves`). Given ``players_order`` (:func:`legal_moves_in_action_order`'s
    tables), such a mask's cards come in the players' order instead."""
    if state.decision != PLAY or state.log_events or state.result is not None:
        if state.decision == DECLARE and not state.log_events and state.result is None:
            moves = state._turn_moves  # the turn's declarations, found as it opened
            standing = state.game.compiled.deal.standing
            if moves is not None and not (standing and open_standing(state, state.current_player)):
                return [*moves, "pass"]
        return reference.legal_moves(state)
    seat = state.current_player
    phase = state.cphase
    mask = state.hands[seat] | state.tableaus[seat] if phase.from_tableau else state.hands[seat]
    trick = state.trick
    if trick and not phase.free:
        if len(trick) == 1:
            trump = state.trump
            led, if_led, if_void = phase.replies[trick[0]][-1 if trump is None else trump]
            for allowed in (if_led if mask & led else if_void):
                if mask & allowed:
                    mask &= allowed
                    break
        else:
            mask = legal_plays(state.cphase.deck, state.cphase.follow, mask, trick, state.trump)
    if phase.standing:
        standing = open_standing(state, seat)
        if standing:
            return bits(mask) + standing
    if mask < 0x200000000:
        if players_order is not None:  # legal_moves_in_action_order's
            to_place0, to_place1, to_place2, card_at0, card_at1, card_at2 = players_order
            places = to_place0[mask & 2047] | to_place1[mask >> 11 & 2047] | to_place2[mask >> 22]
            return [*card_at0[places & 2047], *card_at1[places >> 11 & 2047], *card_at2[places >> 22]]
        return [*_L0[mask & 2047], *_L1[mask >> 11 & 2047], *_L2[mask >> 22]]
    if mask < 0x10000000000000000:
        return bits(mask)
    return _listed(mask, seat)


def legal_moves_in_action_order(state) -> list:
    """``moves_in_action_order(state, legal_moves())``: at a quiet state's card to play of a
    one-pack deck of up to 33 cards with no standing action open (most of ``simulate``'s
    decisions), the cards listed straight from the mask of those it may play, in the players'
    order (:func:`_players_order_tables`), with no list by index to make and then sort."""
    tables = _players_order.get(state.deck, False)
    if tables is False:
        tables = _players_order[state.deck] = _players_order_tables(state.deck)
    if tables is None or state.decision != PLAY or state.log_events or state.result is not None \
            or state.cphase.standing and open_standing(state, state.current_player):
        return moves_in_action_order(state, legal_moves(state))
    return legal_moves(state, tables)


# per seat, the mask of more than 64 bits it last listed for play and its cards (a tuple)
_last_listed: dict[int, tuple[int, tuple[int, ...]]] = {}


def _listed(mask: int, seat: int) -> list[int]:
    """``bits(mask)`` for a mask of more than two packs, patched from the mask the seat listed
    last: from one turn to the next a seat's cards change by a few (the card played, the card
    drawn, a table card melded again changes nothing), whereas listing a 256-bit mask looks at
    each of its 32 bytes. Any mask gives the same list (a memo of a value, not of a state), so
    the memo is shared by every state of every game."""
    last, cards = _last_listed.get(seat, (0, ()))
    changed = mask ^ last
    if changed.bit_count() > _PATCHED:
        listed = bits(mask)
    else:
        listed = [*cards]
        while changed:
            low = changed & -changed
            changed ^= low
            if mask & low:
                insort(listed, low.bit_length() - 1)
            else:
                listed.remove(low.bit_length() - 1)
    _last_listed[seat] = (mask, tuple(listed))
    return listed


_PATCHED = 4  # cards changed past which a listing is made afresh


def apply_move(state, move) -> None:
    """``State.apply_move()``: apply a move of ``legal_moves()`` (a card index is trusted to be
    legal). A quiet state's card is played here: it leaves the holding (the rarer rules of
    ``_before_card`` asked only in a phase that has them: ``CompiledPhase.plain_play``), joins
    the trick, and a whole trick is won (two seats: one comparison, as
    :func:`cardcore.tricks.trick_winner` finds it) and the steps after it run (:func:`advance`);
    so is a pass at a declaration turn, and a meld at a plain one (:func:`_declare_plain`) or
    where the table is of many packs (:func:`_declare`). Every other move is the reference's
    (:func:`.moves.apply_move`)."""
    if type(move) is not int or state.log_events:
        if type(move) is str and move == "pass" and state.decision == DECLARE and not state.log_events:
            state.actions.append("pass")  # the turn ends (_end_step), the steps go on
            end_step(state)
            advance(state)
        elif type(move) is MeldScore and not state.log_events:
            compiled = state.game.compiled
            if compiled.meld_table.canonical:
                _declare(state, move)
            elif (not compiled.has_to_score and not state.kept_events and state.pending
                  and state.pending[0][0].plain):  # (kept_events: the meld's score event in full)
                _declare_plain(state, compiled, move)
            else:
                reference.apply_move(state, move, advance)
        else:
            reference.apply_move(state, move, flow.advance if state.log_events else advance)
        return
    seat = state.current_player
    phase = state.cphase
    trick = state.trick
    if phase.plain_play:
        if trick and phase.shows_voids and phase.suit_of[move] != phase.suit_of[trick[0]]:
            note_voids(state, seat, move, phase.follow)
        action = phase.play_action[move]
    else:
        move, action = before_card(state, phase, seat, move)  # the card played, of identical copies
    bit = phase.bit[move]
    hands = state.hands
    if hands[seat] & bit:
        hands[seat] ^= bit
    else:
        leave_table(state, seat, bit)
    trick.append(move)
    seats = state.trick_seats
    seats.append(seat)
    state.actions.append(action)
    if len(trick) < state.n:
        state.current_player = phase.after[seat]
        if phase.plain_play:
            return  # nothing scored
        if phase.play_points:
            score_trump_played(state, seat, move, bit)
            if state.first_to_target is not None and state.result is None:
                end_game(state)  # its points reached the target: the game ends at once
        return
    if phase.play_points:  # scored as it is played, before its trick is won
        score_trump_played(state, seat, move, bit)
    plans = phase.pair_plans
    if plans is not None and not state.kept_events:  # two seats, no trick extras: moves.take_trick of a quiet state, the plan known
        top = trick[0]
        suit_of = phase.suit_of
        suit = suit_of[move]
        wins = (phase.strength[move] > phase.strength[top]) if suit == suit_of[top] else suit == state.trump
        winner = seat if wins else seats[0]
        state.won[winner][phase.index] |= phase.bit[top] | bit
        state.trick_winners.append(phase.won_by[winner])
        state.tricks_played += 1
        state.winner = state.leader = winner
        state.loser = phase.loser_of[winner]
        state.trick, state.trick_seats = [], []
        state.pending = list(plans[winner])
        state.winner_passed = False
        state.step_melds = 0
        if state.result is None and state.first_to_target is None:
            advance(state)
        if state.first_to_target is not None and state.result is None:
            end_game(state)
        return
    suit_of = phase.suit_of
    if len(trick) == 2:
        top = trick[0]
        suit = suit_of[move]
        wins = (phase.strength[move] > phase.strength[top]) if suit == suit_of[top] else suit == state.trump
        take_trick(state, phase, seat if wins else seats[0], phase.bit[top] | bit)
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
        take_trick(state, phase, seats[best], mask)
    if state.result is None and state.first_to_target is None:
        advance(state)
    if state.first_to_target is not None and state.result is None:
        end_game(state)


def advance(state) -> None:
    """:func:`.flow.advance` in a quiet state: the steps of ``pending`` in turn, then the
    phase's end asked as ``TricksPhase.over`` says it, or the next trick's lead. Taken here,
    without their handler: a draw of a stock card that is not the last (``steps._draw``:
    nothing to log, no card to show), and a plain declaration turn where no turn-up lies and
    the game adds no declarations of its own (``steps._declare``: the meld search, its answers
    looked up in place (``MeldTable.answers``), then the melds not refused (where only the
    game's hook refuses, :func:`_melds_not_refused`), else the turn passed as ``_end_step``
    passes it), any other declaration
    turn (its declarations asked of the reference, or passed so), and a trump turned
    (``steps._turn_trump``). The steps taken are
    cut from ``pending`` at once, when a decision is due or another step's handler runs. With
    a draw gate or a rules section watching the draws (a carte blanche showing), the
    reference's loop."""
    pending = state.pending
    if pending and state.decision == PLAY:
        if state.draw_gate is not None or state.draw_watchers:
            flow.advance(state)
            return
        while pending:
            for step, seat, run in pending:
                if step.draws:
                    stock, pos = state.stock, state.stock_pos
                    if pos < len(stock) - 1:  # not the last card: the turn-up, shown as it is drawn
                        state.stock_pos = pos + 1
                        state.hands[seat] |= state.cphase.bit[stock[pos]]
                        continue
                elif step.plain and state.faced is None and state.hooks.extra_declarations is None \
                        and not state.kept_events:
                    if state.winner_passed or not step.winner_passed_only:  # melds only: the search
                        hand = state.hands[seat]
                        holding = hand | state.tableaus[seat]
                        fresh = hand | state.step_shown if step.fresh_from_hand else holding
                        answers = step.answers
                        if answers is None:
                            answers = step.answers = state.game.compiled.meld_table.answers(step.allowed)
                        if answers:  # MeldTable._searched without its dispatch
                            masks = found_in(answers, holding, fresh)
                        else:
                            masks = step.search(holding, fresh, step.allowed)
                        if not masks:
                            moves = None
                        elif step.plain_options:
                            moves = _melds_not_refused(state, seat, step, masks)
                        else:
                            moves = options_of(state, seat, step, masks, False)
                        if moves:
                            del pending[:pending.index((step, seat, run))]
                            state.decision = DECLARE
                            state.current_player = seat
                            state._turn_moves = moves
                            return
                        if step.by_winner:
                            state.winner_passed = True
                        state.step_melds = 0
                    continue
                elif step.declare:
                    if state.winner_passed or not step.winner_passed_only:
                        del pending[:pending.index((step, seat, run))]  # the turn first, as it asks
                        if state.kept_events:  # a simulation's statistics (steps._declare's)
                            tally_declaration_turn(state, seat)
                        moves = (declarations(state, seat) if state.game.compiled.meld_table.canonical
                                 else declaration_moves(state, seat))
                        if moves:
                            state.decision = DECLARE
                            state.current_player = seat
                            state._turn_moves = moves
                            return
                        del pending[0]
                        if step.by_winner:
                            state.winner_passed = True
                        state.step_melds = 0
                        break  # pending was cut: the loop goes on with what is left
                    continue
                elif step.kind == "turn-trump":
                    turn_trump(state, seat)  # steps._turn_trump: no decision follows
                    continue
                del pending[:pending.index((step, seat, run))]  # the step's own handler takes it
                if run(state, step, seat) or state.decision != PLAY:
                    return
                pending = state.pending
                break
            else:
                pending.clear()
    elif state.decision != PLAY or state.trick:
        return  # (steps are due only after a trick, and the loop above returns at a decision)
    phase = state.cphase
    if phase.tricks:
        over = (state.stock_pos >= len(state.stock) if phase.until_stock_empty
                else not any(state.hands) and not any(state.tableaus))
    else:
        over = state.phase_kind.over(state)
    if not over or flow.end_phase(state):
        state.current_player = state.leader


def _melds_not_refused(state, seat: int, step, masks: list[int]) -> list:
    """:func:`.declaring.options_of` of a plain turn (``masks`` found, ``refused`` off) where
    nothing but the game's refusal hook can refuse a meld or change it
    (``CompiledStep.plain_options``: no rule of re-use, no meld scored as the trump it sets):
    each set's best meld, the hook asked where it may refuse."""
    trump, allowed = state.trump, step.allowed
    table = state.game.compiled.meld_table
    known = step.bests[-1 if trump is None else trump]
    if known is None:  # the table's answers so far for these kinds and this trump, kept by the step
        known = step.bests[-1 if trump is None else trump] = table.bests(trump, allowed)
    hooks = state.hooks
    hook, refusable = hooks.meld_refusal, hooks.refusable_melds
    out: list = []
    view = None  # made for the first meld the game's hook is asked about
    for mask in masks:
        meld = known[mask] if mask in known else table.best(mask, trump, allowed)
        if meld is not None:
            if hook is not None and (refusable is None or mask in refusable):
                if view is None:
                    view = view_of(state)
                if hook(view, seat, meld) is not None:
                    continue
            out.append(meld)
    return out


# ---------------------------------------------------------------- a declaration turn of many packs


def declarations(state, seat: int) -> list:
    """:func:`.declaring.declaration_moves` where the meld table is of more than two packs
    (``MeldTable.canonical``): there the reference judges every physical set of each meld found
    (:func:`.declaring.meld_options`) and keeps one per action, the one that keeps most
    cards in hand (``declaring._one_per_action``). Here each action's sets are judged in that order of
    preference (:meth:`cardcore.melds.MeldTable.within_by_names`) until one is not refused: a
    turn judges about one set per action, however many copies lie on the table. The rest is
    ``declaration_moves`` and ``open_melds`` as they read."""
    pending = state.pending
    step = pending[0][0] if pending else None
    if step is not None and not step.declare:
        step = None
    reached = step is not None and state.step_melds >= step.max_melds  # _meld_limit_reached()
    limited = state.step_melds and reached
    moves = _declarable(state, seat, step)
    if step is not None and step.to_score:  # open_melds(): the melds waiting to score first
        ready = ready_to_score(state, seat) if not reached else None
        if ready:
            action = state.game.compiled.meld_action
            named: dict = {}
            for m in ready:
                named.setdefault(action(m.mask), m)
            moves = [*named.values(), *(m for m in moves if action(m.mask) not in named)]
    elif limited:
        moves = [m for m in moves if not m.rule.counts_as_meld]
    return with_other_declarations(state, seat, moves, limited)


def _declare(state, meld: MeldScore) -> None:
    """:func:`.moves.apply_move` of a meld where the table is of many packs: declared
    (``declaring.declare_open``), then the turn's declarations left found by :func:`declarations`
    (``declaring.after_declaration``), and the steps go on."""
    state.actions.append(state.game.compiled.meld_action(meld.mask))
    declare_open(state, state.current_player, meld)
    compiled = state.game.compiled
    if (state.faced is None and not compiled.has_uncounted_melds and not compiled.has_to_score
            and meld_limit_reached(state)):
        state._turn_moves = None  # nothing can follow the turn's last meld: no search
        end_step(state)
    else:
        state._turn_moves = declarations(state, state.current_player)
        if not state._turn_moves:
            end_step(state)
    if state.result is None and state.first_to_target is None:
        advance(state)
    if state.first_to_target is not None and state.result is None:
        end_game(state)


def _declare_plain(state, compiled, meld: MeldScore) -> None:
    """:func:`.moves.apply_move` of a meld at a plain declaration turn (``CompiledStep.plain``)
    of a game where no meld waits to score (``CompiledRules.has_to_score`` off: none is ever
    waiting, and the meld is declared, not shown): ``declaring.declare`` as it reads then, and
    the turn ended at once where ``declaring.after_declaration`` ends it (its last meld, no
    turn-up, no meld beside the turn's count), as ``declaring.end_step`` ends it; else
    ``after_declaration`` itself. Then the steps go on."""
    seat = state.current_player
    mask = meld.mask
    rule = meld.rule  # a rules model, slow to read: each field once
    name, points = rule.name, meld.points
    state.actions.append(compiled.meld_action(mask))
    hands = state.hands
    state.step_shown |= mask & hands[seat]  # the cards put down from hand
    hands[seat] &= ~mask
    state.tableaus[seat] |= mask
    state.known[seat] |= mask
    state.meld_log.append({"player": seat, "cards": compiled.meld_cards(mask), "name": name, "points": points})
    state.meld_history[seat].append((mask, rule.meld_class, points, name))
    score(state, seat, points, "meld", None)  # its event's detail: none in a quiet state
    if name in compiled.trump_melds:  # most melds neither set nor cancel trump
        trump_after_meld(state, seat, meld)
    if rule.counts_as_meld:
        state.step_melds += 1
    pending = state.pending
    if (state.faced is None and not compiled.has_uncounted_melds and state.step_melds
            and state.step_melds >= pending[0][0].max_melds):
        del pending[0]  # the turn's last meld: end_step, a meld declared (no pass to note)
        state._turn_moves = None
        state.step_melds = 0
        state.step_shown = 0
        state.decision = PLAY
    else:
        after_declaration(state)
    if state.result is None and state.first_to_target is None:
        advance(state)
    if state.first_to_target is not None and state.result is None:
        end_game(state)


def _declarable(state, seat: int, step) -> list:
    """:func:`.declaring.declarable`: per action, the first set not refused, in the order
    ``_one_per_action`` prefers (fewest cards from hand, then the lowest), in one call of
    ``declaring.options_of`` for the turn."""
    hand = state.hands[seat]
    holding = hand | state.tableaus[seat]
    compiled = state.game.compiled
    fresh = holding if not compiled.needs_fresh_card else hand | state.step_shown
    found = compiled.meld_table.within_by_names(holding, fresh, step.allowed if step is not None else None, hand)
    if not found:
        return found
    masks: list[int] = []
    action_of: dict[int, int] = {}  # a set's action, numbered
    for action, sets in enumerate(found):
        if len(sets) > 1:
            sets = sorted(sets, key=lambda m: ((m & hand).bit_count(), m))
        for mask in sets:
            action_of[mask] = action
        masks += sets
    chosen: dict[int, object] = {}
    for meld in options_of(state, seat, step, masks, False):  # not refused, in the order asked
        chosen.setdefault(action_of[meld.mask], meld)
    return list(chosen.values())
