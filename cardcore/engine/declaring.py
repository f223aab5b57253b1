"""Declaring: the declaration turns after a trick, the melds a seat may declare (with the
rules file's re-use policy and the game's own refusals), the turn-up exchange, and the trump a
meld sets or cancels.
"""

from __future__ import annotations

from ..cards import iter_bits
from ..errors import IllegalAction
from ..melds import MeldScore
from ..ruleset import DeclareStep
from .dealing import set_trump
from .events import log
from .kinds import DECLARE, EXCHANGE, PLAY
from .scoring import score
from .view import view_of


def exchanges(state, seat: int) -> list[str]:
    """The turn-up exchange, where this declaration turn allows it (e.g. Marjolet's seven)."""
    step = declare_step(state)
    card = _exchange_card(state, seat) if step is not None and step.exchange else None
    return [] if card is None else [f"{EXCHANGE} {state.deck.names[card]}"]


def _exchange_card(state, seat: int) -> int | None:
    if state.faced is None or state.stock_pos >= len(state.stock) or state.trump is None:
        return None
    if state.deck.rank_letter(state.faced) == state.rules.turnup.rank:
        return None  # the faced card is the trump seven itself (turned or already exchanged)
    return state.deck.find(state.rules.turnup.rank + state.deck.suits[state.trump], state.hands[seat])


def declaration_moves(state, seat: int) -> list:
    """What ``seat`` may declare at this turn (melds, exchange, game verbs), without "pass".
    Once the turn's ``max_melds`` are declared, only melds that do not count towards it (the
    dix) and the exchange remain."""
    step = state.pending[0][0] if state.pending else None  # the compiled declare_step(), inline: every turn
    if step is not None and not step.declare:
        step = None
    limited = state.step_melds and step is not None and state.step_melds >= step.max_melds  # _meld_limit_reached()
    if step is not None and step.to_score:
        moves: list = open_melds(state, seat)
    else:  # open_melds() without a to_score step, spelled out: this runs in every playout
        if state.game.compiled.meld_table.canonical:
            options = meld_options(state, seat)
            moves = [m for m, why in options if why is None]  # declarable(), before one per action
        else:  # meld_options() without its memo (a playout asks once per position): mostly none
            masks = _meld_masks(state, seat, step)
            moves = options_of(state, seat, step, masks, False) if masks else masks  # not refused: the moves
        if state.deck.packs != 1 and len(moves) > 1:
            moves = _one_per_action(state, seat, moves)
        if limited:
            moves = [m for m in moves if not m.rule.counts_as_meld]
    return with_other_declarations(state, seat, moves, limited)


def with_other_declarations(state, seat: int, moves: list, limited) -> list:
    """The melds ``moves`` of :func:`declaration_moves`, then the exchange of the turn-up and,
    while the turn's ``max_melds`` are not reached (``limited``), a game's own declarations."""
    if state.faced is not None:
        moves = moves + exchanges(state, seat)
    if limited:
        return moves
    hook = state.hooks.extra_declarations
    extra = hook(view_of(state), seat) if hook is not None else None
    return moves + extra if extra else moves


def meld_limit_reached(state) -> bool:
    step = state.pending[0][0] if state.pending else None
    return step is not None and step.declare and state.step_melds >= step.max_melds


def open_melds(state, seat: int) -> list[MeldScore]:
    """The melds ``seat`` may declare at this point of the turn. With a ``to_score`` step,
    melds beyond the turn's limit are still open (they wait to score), and until the limit
    is reached the melds waiting from earlier turns may be scored."""
    melds = declarable(state, seat)
    step = declare_step(state)
    if step is not None and step.to_score:
        if meld_limit_reached(state):
            return melds
        ready = ready_to_score(state, seat)
        if not ready:
            return melds
        action = state.game.compiled.meld_action
        named: dict[str, MeldScore] = {}
        for m in ready:  # two waiting melds of the same cards (two packs or more): one action
            named.setdefault(action(m.mask), m)
        return list(named.values()) + [m for m in melds if action(m.mask) not in named]
    if state.step_melds and meld_limit_reached(state):
        return [m for m in melds if not m.rule.counts_as_meld]
    return melds


def ready_to_score(state, seat: int) -> list[MeldScore]:
    """The melds ``seat`` showed to score later whose cards all still lie on the table."""
    table = state.tableaus[seat]
    return [m for m, _ in state.waiting[seat] if not m.mask & ~table]


def declare_step(state) -> DeclareStep | None:
    """The rules file's declaration step in progress, or None."""
    step = state.pending[0][0] if state.pending else None
    return step.rule if step is not None and step.declare else None


def meld_options(state, seat: int) -> list[tuple[MeldScore, str | None]]:
    """Every meld in ``seat``'s holding with a fresh card, and why it is refused (or None).
    Remembered for the last position asked: bots, hints and the display ask again."""
    step = state.pending[0][0] if state.pending else None
    table = state.game.compiled.meld_table
    if not table.canonical:
        # most declaration turns of a playout find nothing: the search first, before any key
        # or list is made (asked again, the search finds nothing again, as cheaply)
        masks = _meld_masks(state, seat, step)
        if not masks:
            return []
    hand, tableaus = state.hands[seat], state.tableaus
    key = (seat, hand, state.trump, step, len(state.meld_history[seat]), state.step_shown)
    memo = state._meld_memo
    if memo is not None and memo[0] == key and memo[1] == tableaus:
        return memo[2]
    if table.canonical:  # a search of many packs costs more than the key: asked once per position
        holding = hand | tableaus[seat]
        fresh = holding if not state.game.compiled.needs_fresh_card else hand | state.step_shown
        masks = table.within(holding, fresh, step.allowed if step is not None else None, loose=hand)
        if not masks:
            return []
    out = options_of(state, seat, step, masks)
    state._meld_memo = (key, list(tableaus), out)
    return out


def _meld_masks(state, seat: int, step) -> list[int]:
    """The card sets of the melds :func:`meld_options` offers ``seat`` at ``step`` (a compiled
    step; None outside a declaration), for a table of one or two packs: in its holding, with a
    fresh card, of the kinds the step admits. (A quiet playout's plain turn asks the table
    itself: engine.kernel.)"""
    hand = state.hands[seat]
    holding = hand | state.tableaus[seat]
    # the cards put down at this turn count as fresh: melds they form with table cards are
    # shown at the same time (and wait to score, where the step allows it)
    fresh = holding if not state.game.compiled.needs_fresh_card else hand | state.step_shown
    return state.game.compiled.meld_table.within(holding, fresh, step.allowed if step is not None else None)


def options_of(state, seat: int, step, masks: list[int], refused: bool = True) -> list:
    """:func:`meld_options` for the card sets ``masks`` found: each set's best meld and why it
    is refused (or None); with ``refused`` False, only the melds not refused (the moves).
    Not remembered: a playout's turn asks once (engine.kernel)."""
    game, trump = state.game, state.trump
    allowed = step.allowed if step is not None else None
    out: list = []
    # what meld_refusal asks, with the calls that cannot refuse left out (this runs at
    # every declaration turn of every playout)
    table = game.compiled.meld_table
    best, known = table.best, table.bests(trump, allowed)
    reuse = None if game.compiled.reuse_policy == "fresh-card" else state.reuse_refusal
    hook, refusable = state.hooks.meld_refusal, state.hooks.refusable_melds
    view = None  # made for the first meld the game's hook is asked about
    setter = game.compiled.deal.trump_setter if trump is None and not state.trump_fixed else None
    for mask in masks:
        meld = known[mask] if mask in known else best(mask, trump, allowed)
        if setter is not None:
            meld = _as_trump_setter(state, mask, allowed) or meld
        if meld is not None:
            why = reuse(seat, meld) if reuse is not None else None
            if not why and hook is not None and (refusable is None or mask in refusable):
                if view is None:
                    view = view_of(state)
                why = hook(view, seat, meld)
            if refused:
                out.append((meld, why))
            elif why is None:
                out.append(meld)
    return out


def _as_trump_setter(state, mask: int, allowed) -> MeldScore | None:
    """With no trump yet, the meld these cards make with the suit they would set as trumps
    (that of their ``card_rank`` card), where such a meld sets trump and the rules score it
    so (``set_by_meld.scored_as_trump``): the first marriage is royal."""
    rule = state.rules.trump.set_by_meld
    if rule is None or not rule.scored_as_trump or state.trump_fixed:
        return None
    deck = state.deck
    setter = mask & deck.rank_masks[deck.ranks.index(rule.card_rank)]
    if not setter:
        return None
    suit = deck.suit_of[(setter & -setter).bit_length() - 1]
    meld = state.game.compiled.meld_table.best(mask, suit, allowed)
    return meld if meld is not None and meld.rule.name in rule.melds else None


def declarable(state, seat: int) -> list[MeldScore]:
    melds = [m for m, why in meld_options(state, seat) if why is None]
    if state.deck.packs == 1 or len(melds) < 2:
        return melds
    return _one_per_action(state, seat, melds)


def _one_per_action(state, seat: int, melds: list[MeldScore]) -> list[MeldScore]:
    """``melds`` with one physical set per action. With a double pack the same named cards
    may be several physical sets (a king on the table or its twin in hand): one of them is
    offered, the one that keeps most cards in hand, so that an action names one meld and a
    replay finds the same one."""
    hand, action = state.hands[seat], state.game.compiled.meld_action
    chosen: dict[str, MeldScore] = {}
    for m in melds:
        key = action(m.mask)
        other = chosen.get(key)
        if other is None or ((m.mask & hand).bit_count(), m.mask) < ((other.mask & hand).bit_count(), other.mask):
            chosen[key] = m
    return list(chosen.values())


def meld_refusal(state, seat: int, meld: MeldScore) -> str | None:
    """Why ``seat`` may not declare ``meld`` now; None if it may. Generic rules first."""
    return reuse_refusal(state, seat, meld) or state.game.meld_refusal(view_of(state), seat, meld)


def reuse_refusal(state, seat: int, meld: MeldScore) -> str | None:
    """The rules file's policy on using table cards again in new melds."""
    policy = state.game.compiled.reuse_policy
    if policy == "laws":
        return _reuse_law_refusal(state, seat, meld)
    if policy == "fresh-card":
        return None  # the search already asks for a card from hand
    reused = meld.mask & state.tableaus[seat]
    src = state.rules.meld_reuse_source
    if policy == "none" and reused:
        return f"melded cards may not be used again in new melds ({src})"
    if policy == "new-set" and any(mask == meld.mask for mask, *_ in state.meld_history[seat]):
        return f"you have already scored this very set of cards ({src})"
    if policy == "new-class-or-higher" and reused:
        for mask, cls, pts, old_name in state.meld_history[seat]:
            if mask & reused and cls == meld.rule.meld_class and meld.points <= pts:
                scored = " ".join(state.deck.names_of(mask & reused))
                return (f"{scored} scored in your {old_name} ({pts}), and a melded card may be used again "
                        f"only in a meld of another class or in one of the same class ({cls}) that scores "
                        f"more: {meld.rule.name} scores {meld.points} ({src})")
    return None


def _reuse_law_refusal(state, seat: int, meld: MeldScore) -> str | None:
    """The rules file's re-use laws (``MeldReuseLaws``), each refusal naming its law."""
    laws = state.game.compiled.reuse_laws
    table = state.tableaus[seat]
    reused = meld.mask & table
    if not reused:
        return None
    name, cls = meld.rule.name, meld.rule.meld_class
    # fresh_card same-class: a meld of table cards alone is a new announcement in its class
    # only if none of its cards served in that class yet
    table_only = state.game.compiled.fresh_in_class and reused == meld.mask and not reused & state.step_shown
    for mask, old_cls, pts, old_name in state.meld_history[seat]:
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


def declare_open(state, seat: int, meld: MeldScore) -> None:
    """Declare ``meld``, one of :func:`open_melds`, on `meld ...` and the fast path alike: a
    meld shown at an earlier turn to score later scores now (once); any other is declared."""
    for waiting in state.waiting[seat]:
        if waiting[0] == meld:  # equal, not only the same object: a move of a copied state
            _score_waiting(state, seat, waiting)
            return
    declare(state, seat, meld)


def declare(state, seat: int, meld: MeldScore, extra_to_tableau: int = 0) -> None:
    step = state.pending[0][0] if state.pending else None  # the compiled declare_step(), inline: every meld
    game = state.game
    rule = meld.rule  # a rules model, slow to read: each field once
    name, meld_class, counts_as_meld = rule.name, rule.meld_class, rule.counts_as_meld
    # shown now, to score later: where the step lets melds wait, once the turn's limit is reached
    to_score = step is not None and step.to_score and counts_as_meld and meld_limit_reached(state)
    moved = meld.mask | extra_to_tableau
    hands = state.hands
    state.step_shown |= moved & hands[seat]  # the cards put down from hand
    hands[seat] &= ~moved
    state.tableaus[seat] |= moved
    state.known[seat] |= moved
    cards = game.compiled.meld_cards(meld.mask)
    entry = {"player": seat, "cards": cards, "name": name, "points": meld.points}
    if game.compiled.has_to_score:
        entry["class"] = meld_class
        entry["status"] = "waiting" if to_score else "scored"
    state.meld_log.append(entry)
    state.meld_history[seat].append((meld.mask, meld_class, meld.points, name))
    if to_score:
        # shown now, scored after a later trick won while its cards stay on the table
        state.waiting[seat] = [*state.waiting[seat], (meld, len(state.meld_log) - 1)]
        if state.log_events or state.kept_events:
            log(state, "meld", seat=seat, cards=list(cards), name=name, points=meld.points,
                to_score=True)
        if name in game.compiled.trump_melds:
            trump_after_meld(state, seat, meld)
        return
    if state.log_events or state.kept_events:
        log(state, "meld", seat=seat, cards=list(cards), name=name, points=meld.points)
    score(state, seat, meld.points, "meld", {"meld": name})
    if name in game.compiled.trump_melds:  # most melds neither set nor cancel trump
        trump_after_meld(state, seat, meld)
    if counts_as_meld:
        state.step_melds += 1


def _score_waiting(state, seat: int, waiting: tuple[MeldScore, int]) -> None:
    """Score a meld shown at an earlier turn: this turn's meld."""
    meld, index = waiting
    state.waiting[seat] = [w for w in state.waiting[seat] if w is not waiting]
    state.meld_log[index] = {**state.meld_log[index], "status": "scored"}  # copies share the old entry
    if state.log_events or state.kept_events:
        log(state, "meld", seat=seat, cards=list(state.meld_log[index]["cards"]), name=meld.rule.name,
            points=meld.points, scored_later=True)
    score(state, seat, meld.points, "meld", {"meld": meld.rule.name})
    state.step_melds += 1


def lapse_waiting(state, seat: int, cards: int) -> None:
    """The waiting melds of ``seat`` that lose a card (``cards``) can no longer score."""
    keep = []
    for meld, index in state.waiting[seat]:
        if meld.mask & cards:
            state.meld_log[index] = {**state.meld_log[index], "status": "lapsed"}
        else:
            keep.append((meld, index))
    state.waiting[seat] = keep


def trump_after_meld(state, seat: int, meld: MeldScore) -> None:
    t = state.rules.trump
    role = "winner" if seat == state.winner else "loser"
    cancel = t.cancelled_by_trump_meld
    if cancel and state.trump is not None and meld.rule.name in cancel.melds and meld.suit == state.trump:
        set_trump(state, None)  # also clears rounds[-1]["trump"] (null while no trump is set)
        state.trump_fixed = True
        log(state, "trump", suit=None, seat=seat, reason=f"{meld.rule.name} in trumps cancels trump")
        return
    rule = t.set_by_meld
    if rule is None or meld.rule.name not in rule.melds or role not in rule.declared_by:
        return
    if state.trump_fixed:
        return
    rank = state.deck.ranks.index(rule.card_rank)
    card = next(c for c in iter_bits(meld.mask) if state.deck.rank_of[c] == rank)
    state.trump = state.deck.suit_of[card]
    state.trump_fixed = rule.first_only
    state.rounds[-1]["trump"] = state.deck.suits[state.trump]
    if state.log_events or state.kept_events:
        log(state, "trump", suit=state.deck.suits[state.trump], seat=seat, reason=meld.rule.name)


def exchange(state, seat: int, cards: list[str], action: str) -> None:
    card = _exchange_card(state, seat) if state.decision == DECLARE and declare_step(state).exchange else None
    if card is None or cards != [state.deck.names[card]]:
        rank = state.rules.turnup.rank if state.rules.turnup else "?"
        raise IllegalAction(action, f"only the {rank} of trumps in hand may be exchanged for the turn-up, by a "
                                    f"trick winner before drawing, while the turn-up is under the stock "
                                    f"({state.rules.turnup.exchange_source if state.rules.turnup else 'not a rule of this game'})")
    faced = state.faced
    state.hands[seat] = state.hands[seat] & ~(1 << card) | (1 << faced)
    state.known[seat] |= 1 << faced
    state.stock[-1] = card
    state.faced = card
    state.scored_specials |= 1 << card
    state.actions.append(action)
    state.rounds[-1]["exchanges"].append({"player": seat, "card": state.deck.names[card],
                                         "for": state.deck.names[faced]})
    log(state, "exchange", seat=seat, card=state.deck.names[card], turnup=state.deck.names[faced])
    score(state, seat, state.rules.turnup.exchange_points, "exchange", {"card": state.deck.names[card]})
    after_declaration(state)


def after_declaration(state) -> None:
    game = state.game
    if (state.faced is None and not game.compiled.has_uncounted_melds and not game.compiled.has_to_score
            and meld_limit_reached(state)):
        state._turn_moves = None  # nothing can follow the turn's last meld: no search
        end_step(state)
        return
    state._turn_moves = declaration_moves(state, state.current_player)
    if not state._turn_moves:
        end_step(state)


def end_step(state) -> None:
    step, seat, _ = state.pending.pop(0)
    if state.step_melds == 0:
        # The same public event whether the player passed or had nothing to declare, so
        # that a skipped turn tells the opponent no more than a pass would.
        if state.log_events:
            log(state, "pass", seat=seat)
        if step.by_winner:
            state.winner_passed = True
    state.step_melds = 0
    state.step_shown = 0
    state.decision = PLAY
