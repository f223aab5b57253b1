"""Actions: the decisions as a player writes them (``play QS``, ``meld QS JH``, ``pass``, a game's
or a phase kind's own verbs), read, refused with the rule that forbids them, or carried out.
"""

from __future__ import annotations

from ..errors import CardcoreError, IllegalAction
from ..tricks import forbidding_reason
from .declaring import (after_declaration, declare_open, end_step, exchange, exchanges, meld_limit_reached,
                        open_melds)
from .effects import carry_out
from .flow import advance, start_deal
from .kinds import DECLARE, EXCHANGE, FROM_TABLE, PLAY
from .phases import OFFERS, decision_handler, refusal_out_of_turn
from .refusals import expected, explain_meld, meld_out_of_turn, named_cards
from .scoring import end_game
from .sections import open_standing, standing_action
from .trickplay import holding, legal_cards, playable
from .view import view_of

# the verbs of trick play and its declaration turns (a game may add its own: extra_declarations)
_TRICK_VERBS = frozenset(("play", "meld", "pass", EXCHANGE))
_FROM_TABLE_WORDS = FROM_TABLE.split()


def declare_meld(state, seat: int, cards: list[str], action: str) -> None:
    """`meld C C ...`: the meld those cards make, if it is open now (refused naming the rule)."""
    if state.decision != DECLARE:
        raise IllegalAction(action, meld_out_of_turn(state, seat, cards))
    mask = named_cards(state, seat, cards)
    if mask is None or len(cards) != mask.bit_count():
        missing = [c for c in cards if state.deck.find(c, holding(state, seat)) is None]
        raise IllegalAction(action, f"you do not hold {' '.join(missing) or 'those cards'}")
    wanted = state.game.compiled.meld_action(mask)
    for m in open_melds(state, seat):
        if state.game.compiled.meld_action(m.mask) == wanted:
            state.actions.append(action)
            declare_open(state, seat, m)
            after_declaration(state)
            return
    raise IllegalAction(action, explain_meld(state, seat, mask))


def play(state, seat: int, name: str, action: str, from_table: bool = False) -> None:
    """``play C`` takes C from hand when the hand holds one, else from the table;
    ``play C from table`` takes the table's copy (kinds.FROM_TABLE)."""
    if state.decision != PLAY:
        raise IllegalAction(action, expected(state))
    playing = playable(state, seat)
    if from_table:
        card = state.deck.find(name, playing & state.tableaus[seat])
        if card is None:
            why = ("cards on your table may not be played in this phase" if state.tableaus[seat] and
                   not state.cphase.from_tableau else f"you have no {name} on your table")
            raise IllegalAction(action, why)
    else:
        card = state.deck.find(name, state.hands[seat])
        if card is None:
            card = state.deck.find(name, playing)
    if card is None:
        where = " (cards on your table may not be played in this phase)" if \
            state.deck.find(name, holding(state, seat)) is not None else ""
        raise IllegalAction(action, f"you do not hold {name}{where}")
    rule = state.cphase.follow
    why = forbidding_reason(state.cphase.deck, rule, playing, state.trick, state.trump, card)
    if why:
        raise IllegalAction(action, f"{why} ({state.phase_rule.source})")
    state.apply_move(card)  # the kernel's for a quiet state, else engine.moves': the one place a card is played


def legal_actions(state) -> list[str]:
    """The moves of the player to move: those of the decision due, then the standing actions
    open to him (:mod:`.sections`; one not open is still taken by ``apply``, typed on purpose).
    Remembered for the position last asked: a match asks again and again at one decision
    (the bot, the count of moves, the display), each time for a list of its own."""
    if state.result is not None:
        return []
    position = _position(state)
    memo = state._actions_memo
    if memo is not None and memo[0] == position:
        return list(memo[1])
    actions = decision_actions(state)
    if state.game.compiled.deal.standing:
        actions += open_standing(state, state.current_player)
    state._actions_memo = (position, actions)
    return list(actions)


def _position(state) -> tuple:
    """What tells one position from another, cheaply: any decision taken (the actions), a
    deal, a draw, and the fields a position set up by hand (tests, an adapter's chance
    node) changes."""
    return (len(state.actions), len(state.deals), state.stock_pos, state.current_player, state.decision,
            state.phase, state.trump, state.faced, state.step_melds, state.step_shown, state.offers, state.bids,
            len(state.pending), tuple(state.hands), tuple(state.tableaus), tuple(state.trick),
            tuple(state.round_points), tuple(state.scores))


def decision_actions(state) -> list[str]:
    seat = state.current_player
    if state.decision == PLAY:
        rules = state.game.compiled
        names = rules.play_action
        table = state.tableaus[seat] if state.cphase.from_tableau and rules.names_table_plays else 0
        if not table:
            if state.deck.packs == 1:  # no twins: no name twice
                return [names[c] for c in legal_cards(state, seat)]
            return list(dict.fromkeys(names[c] for c in legal_cards(state, seat)))
        # with twins a table card is `play C from table` (`play C` takes the hand's copy)
        from_table = rules.play_from_table_action
        return list(dict.fromkeys(from_table[c] if table >> c & 1 else names[c] for c in legal_cards(state, seat)))
    if state.decision != DECLARE:  # a decision of a phase kind of its own (e.g. a bid)
        return decision_handler(state.decision).legal_actions(state) + list(state.offers)
    actions = [a for a, _ in melds_in_action_order(state.game, open_melds(state, seat))]
    extra = [] if meld_limit_reached(state) else state.game.extra_declarations(view_of(state), seat)
    return actions + exchanges(state, seat) + extra + ["pass"]


# ------------------------------------------------------------------ applying actions
def apply(state, action: str) -> None:
    """Carry out one decision; raise IllegalAction naming the rule that forbids it."""
    if state.result is not None:
        raise IllegalAction(action, "the game is over")
    if not isinstance(action, str) or not action.split():
        raise IllegalAction(str(action), "an action is a verb and its cards, e.g. 'play QS', 'meld QS JH', 'pass'")
    verb, *args = action.split()
    seat = state.current_player
    standing = standing_action(state, verb) if state.game.compiled.deal.standing else None
    if standing is not None:  # an action open beside the decision due (engine.sections)
        if args:
            raise IllegalAction(action, f"{verb} takes no cards")
        handler, rule = standing
        handler.take(state, rule, seat, verb)
        return
    if state.decision not in (PLAY, DECLARE):  # a decision of a phase kind of its own
        offers, state.offers = state.offers, ()
        try:
            if verb in offers:  # e.g. the declarer's concession instead of his discard
                OFFERS[verb](state, seat, args, action)
            else:
                decision_handler(state.decision).apply(state, seat, verb, args, action)
        except IllegalAction:
            state.offers = offers  # a refused action, the offer's own included, leaves it open
            raise
        after_action(state)
        return
    if verb not in _TRICK_VERBS and (state.decision != DECLARE or state.hooks.extra_declarations is None):
        # a verb of another phase (a bid, a guess once made) or none at all: what is due now,
        # before its words are read as cards (only a game's own declarations take others);
        # a kind's own verb may say why it is not open now
        raise IllegalAction(action, refusal_out_of_turn(state, verb, action) or expected(state))
    from_table = verb == "play" and len(args) > 1 and [a.lower() for a in args[-2:]] == _FROM_TABLE_WORDS
    if from_table:
        args = args[:-2]
    try:
        cards = [state.deck.parse(a) for a in args]
    except CardcoreError as exc:
        raise IllegalAction(action, str(exc)) from None
    canonical = " ".join([verb, *cards])
    if verb == "play":
        if len(cards) != 1:
            raise IllegalAction(action, "play takes exactly one card" + (f" ({FROM_TABLE} after it)" if from_table else ""))
        play(state, seat, cards[0], f"{canonical} {FROM_TABLE}" if from_table else canonical, from_table)
        return  # apply_move, which plays the card, has run the steps after it
    elif verb == "meld":
        declare_meld(state, seat, cards, canonical)
    elif verb == "pass":
        if args:
            raise IllegalAction(action, "pass takes no cards")
        if state.decision != DECLARE:
            raise IllegalAction(action, expected(state))
        state.actions.append("pass")
        end_step(state)
    elif verb == EXCHANGE:
        exchange(state, seat, cards, canonical)
    else:  # a game's own declaration (checked above: a declaration turn, a game that offers them)
        outcome = state.game.apply_extra(view_of(state), seat, verb, cards)
        if isinstance(outcome, str):
            raise IllegalAction(action, outcome)
        if outcome is not None:
            carry_out(state, seat, outcome)
        state.actions.append(canonical)
        after_declaration(state)
    after_action(state)


def resume(state) -> None:
    """Go on after ``draw_gate`` or ``deal_gate`` paused (see :mod:`cardcore.engine.chance`)."""
    if state.deal_paused:  # a deal was the last thing due: deal it, as it would have been
        state.deal_paused = False
        start_deal(state)
        return
    after_action(state)


def after_action(state) -> None:
    if state.result is None and state.first_to_target is None:  # no forced steps after "at once"
        advance(state)
    if state.first_to_target is not None and state.result is None:
        end_game(state)


def melds_in_action_order(game, melds) -> list[tuple[str, object]]:
    """Melds (MeldScores) as ``legal_actions()`` lists them, each with its action: most points
    first, then the shorter action, then by its letters."""
    action = game.compiled.meld_action
    return sorted(((action(m.mask), m) for m in melds), key=lambda am: (-am[1].points, len(am[0]), am[0]))
