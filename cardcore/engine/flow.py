"""The course of a game: a deal is dealt, its phases follow one another, the forced steps run
until a decision is due, the deal ends and the next one begins, until the game is over.

Each phase kind's own behaviour is its handler's (:mod:`.phases`), looked up by the compiled
rules (``cphase.handler``), so that the course of a game names no kind; the kinds call back
here (:func:`enter_phase`, :func:`end_round`, :func:`start_deal`).
"""

from __future__ import annotations

from ..errors import RecordError
from .chance import deal_waits
from .dealing import deal_trump, generate_cards, generate_deal
from .events import log
from .hidden_history import seen_at_deal_end
from .kinds import PLAY
from .phase_kinds import counted_deals
from .scoring import close_round_summary, count_deal, end_game, target_decides
from .sections import deal_sections


def end_round(state, counted: bool = False) -> None:
    if not counted:
        count_deal(state)
    _finish_round(state)


def _finish_round(state) -> None:
    close_round_summary(state)
    if state.log_events or state.kept_events:
        log(state, "round-end", round=len(state.rounds), points=list(state.round_points),
            scores=list(state.scores))
    end = state.game.compiled.deal
    if state.first_to_target is not None:
        end_game(state, summarized=True)
    elif end.end_rounds is not None and len(state.rounds) >= end.end_rounds and \
            counted_deals(state.rounds) >= end.end_rounds:
        end_game(state, summarized=True)
    elif end.end_target is not None and target_decides(state):
        end_game(state, summarized=True)
    elif state.stop_after_deal:  # a sampled world: its look-ahead ends here, no next deal
        end_game(state, summarized=True)
        state.result["stopped"] = True  # not the real end of the game
    else:
        start_deal(state)


def start_deal(state) -> None:
    if state.deal_gate is not None and deal_waits(state):  # a caller chooses the deal first (engine.chance)
        return
    index = len(state.deals)
    if index:  # the deal that ends: what each seat saw of it, for the worlds sampled later
        state.seen_in_past_deals = state.seen_in_past_deals + (seen_at_deal_end(state),)
    rules = state.game.compiled.deal
    d = state.deck
    dealt = None  # the cards as dealt, by number, where they need not be read from their names
    if index < len(state.given_deals):
        deal = state.given_deals[index]
        if state.next_dealer is not None and deal["dealer"] != state.next_dealer:
            raise RecordError(f"deal {index + 1}: the dealer must be seat {state.next_dealer} (the deal before was void: the same dealer deals again)")
        number = rules.drawn_number
        if number is not None and number.outcome not in deal:  # a record from before the option
            deal = {**deal, number.outcome: generate_deal(state, index)[number.outcome]}
    else:
        # without a seed (a game begun from given deals) the next deals are dealt from the
        # seed None: the same ones every time, so that such a game still replays identically
        deal, cards = generate_cards(state, index)
        if d.packs == 1:
            dealt = cards
    state.deals.append(deal)
    state.dealer = deal["dealer"]
    size = rules.hand_size
    if dealt is not None:  # one pack, dealt here: the numbers are at hand
        state.hands = []
        for seat in range(state.n):
            mask = 0
            for card in dealt[seat * size:(seat + 1) * size]:
                mask |= 1 << card
            state.hands.append(mask)
        at = state.n * size
        state.widow = 0  # the cards dealt apart from the hands, face down
        for card in dealt[at:at + rules.widow]:
            state.widow |= 1 << card
        at += rules.widow
        if rules.turnup:  # the turn-up lies face up under the stock and is drawn last
            state.faced = dealt[at]
            state.stock = dealt[at + 1:]
            state.stock.append(state.faced)
        else:
            state.faced = None
            state.stock = dealt[at:]
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

        state.hands = []
        for names in deal["hands"]:
            mask = 0
            for name in names:
                mask |= 1 << take(name)
            state.hands.append(mask)
        state.widow = 0  # the cards dealt apart from the hands, face down
        for name in deal.get("widow", ()):
            state.widow |= 1 << take(name)
        # The turn-up lies face up under the stock and is drawn last.
        state.faced = take(deal["turnup"]) if deal.get("turnup") else None
        state.stock = [take(c) for c in deal["stock"]]
        if state.faced is not None:
            state.stock.append(state.faced)
    state.dealt_hands = tuple(state.hands)
    state.tableaus = [0] * state.n
    state.next_dealer = None
    state.stock_pos = 0
    state.turned = 0  # cards turned for trump and out of play
    state.scored_specials = 0  # turn-up-rank trump cards that already scored this deal
    state.trump: int | None = None
    state.trump_fixed = False  # a first-only trump has been set, or trump was cancelled
    state.phase = 0
    state.trick: list[int] = []
    state.trick_seats: list[int] = []
    state.tricks_played = 0
    state.trick_winners: list[tuple[int, int]] = []  # (phase, winner) per trick
    phases = rules.phase_count
    # per seat, each a new list or set: the cards won in each phase; (cards, class, points,
    # meld name) of every meld declared this deal; the melds shown to score at a later turn,
    # with their meld_log index; the suits it is known to lack. One loop for the four (a
    # comprehension each would cost a call at every deal).
    won: list[list[int]] = []
    meld_history: list[list[tuple[int, str, int, str]]] = []
    waiting: list[list[tuple]] = []
    voids: list[set[int]] = []
    for _ in range(state.n):
        won.append([0] * phases)
        meld_history.append([])
        waiting.append([])
        voids.append(set())
    state.won, state.meld_history, state.waiting, state.voids = won, meld_history, waiting, voids
    state.round_points = [0] * state.n
    state.meld_log: list[dict] = []
    state.step_shown = 0  # cards put down on the table at this declaration turn
    state.known = [0] * state.n  # cards of a seat's holding its opponents have seen
    state.held_or_aside = 0  # the declarer's cards seen, in his hand or among his discards
    state.pending: list = []
    state._meld_memo = None
    state._turn_moves: list | None = None  # the declarations open at this turn
    state.step_melds = 0
    state.winner = state.loser = None
    state.declarer: int | None = None  # the seat that took the contract, where there is one
    state.phase_data: dict = {}  # the phase kinds' own (engine.data PHASE_DATA)
    state.offers: tuple[str, ...] = ()  # actions a phase left open beside the decision due
    state.winner_passed = False
    state.decision = PLAY
    state.leader = state.dealer if rules.dealer_leads else state.table.after[state.dealer]
    state.current_player = state.leader
    summary = {"dealer": state.dealer, "trump": None, "points": state.round_points, "melds": state.meld_log}
    state.rounds.append(summary)
    if state.log_events or state.kept_events:
        log(state, "deal", dealer=state.dealer, round=len(state.rounds))
    # the first phase of play is set up (and logged) first, as it always was, so that the log
    # reads: the deal, the phase, then what the deal turned up
    enter_phase(state, 0)
    listed = state.game.compiled.deal_kinds  # the deal's own phases: trump found, a plugin's
    if listed:
        for kind, phase in listed:
            kind.enter(state, phase)
    else:  # a rules file that lists no deal phase: its deal is implied
        deal_trump(state)
    state.draw_watchers = ()  # until a rules section watches the draws of this deal
    deal_sections(state)
    if state.first_to_target is not None:  # a turn-up reached an immediate target: game over
        end_game(state)


def enter_phase(state, index: int) -> None:
    state.phase = index
    state.cphase = compiled = state.game.compiled.phases[index]
    state.phase_kind = compiled.handler
    state.phase_kind.enter(state, compiled.rule)


def advance(state) -> None:
    """Run forced steps until a decision is due or the game ends. (A quiet playout's
    ``apply_move`` runs :func:`.kernel.advance` instead, the same steps fused.)"""
    pending = state.pending
    while pending and state.decision == PLAY:
        step, seat, run = pending[0]
        if step.stock and state.draw_gate is not None and not state.draw_gate():
            return  # paused before a stock card is taken: resume() goes on
        if run(state, step, seat):
            return  # a decision is due
        pending = state.pending
    if state.decision != PLAY or state.trick:
        return
    if not state.phase_kind.over(state) or end_phase(state):
        state.current_player = state.leader


def end_phase(state) -> bool:
    """The phase of tricks is over: the next phase begins, or the deal ends after the last.
    True when the next phase opens with a lead (it asks no decision of its own and has not
    ended the deal or the game)."""
    if state.phase + 1 < state.game.compiled.deal.phase_count:
        enter_phase(state, state.phase + 1)
        return state.decision == PLAY and state.result is None
    end_round(state)
    return False
