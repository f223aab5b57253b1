"""What a player types, and what each legal move would do: input interpretation and move previews.

``interpret`` turns an answer at the prompt into a legal action, or says why it is not one: a
number from the printed list, a card (``QS``, ``q♠``, ``10h``; ``KS from table`` for the table's
copy where the hand holds the other), several cards (a meld, in any order), or a whole action
(``meld QS JH``, ``pass``, ``exchange 7H``; a standing action's verb even where it is not listed, being
wrong). ``preview`` says what a legal move would score now
and, for a card, whether it wins the trick when that is certain from what the player may know.
Nothing here looks at hidden cards: previews stop at the first forced step that
would reveal one (a draw, a turned card, a new deal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import SUIT_CHARS, SUIT_NAMES, SUIT_SYMBOLS, SYMBOL_OF_SUIT, iter_bits
from ..engine.kinds import FROM_TABLE
from ..engine.phases import out_of_turn_verbs, void_deal_kind
from ..engine.sections import standing_action
from ..errors import CardcoreError, IllegalAction
from ..tricks import beats, trick_winner
from .lines import Card

CORE_VERBS = ("play", "meld", "pass", "exchange")
_NUMBER = re.compile(r"[0-9]+")
# events after which a preview would see hidden cards; and the event of a kind that shows a number
# drawn by chance at the deal (engine.drawn_number: what a guess scores is what the number is)
HIDDEN_STEPS = ("draw", "turn", "deal")


@dataclass(frozen=True)
class Answer:
    """A legal action, or why the text is not one (``action`` None). Both None: nothing typed."""

    action: str | None = None
    error: str | None = None


def interpret(text: str, state) -> Answer:
    """The legal action meant by ``text`` for the player to move in ``state``."""
    legal = state.legal_actions()
    text = text.strip()
    if not text:
        return Answer()
    number = text.rstrip(".")
    if _NUMBER.fullmatch(number):  # ASCII digits only: str.isdigit() also passes '²' and '①'
        i = int(number) if len(number) <= 6 else None  # no list is that long; int() refuses 4,301 digits
        if i is not None and 1 <= i <= len(legal):
            return Answer(legal[i - 1])
        amounts = [a for a in legal if a.split()[1:] == [number]]  # a bid by its amount: 250
        if len(amounts) == 1:
            return Answer(amounts[0])
        verbs = amount_verbs(legal)
        if len(verbs) == 1 and len(number) <= 9:  # an amount above those listed: bid 400
            return _amount(state, verbs[0], int(number))
        shown = number if i is not None else f"{number[:6]}... ({len(number)} digits)"
        return Answer(error=f"There is no move {shown}: the moves are numbered 1..{len(legal)} (? lists them).")
    words = [w for w in re.split(r"[\s,]+", text) if w]
    if not words:  # only separators, e.g. ","
        return Answer(error=f"{text!r} is neither a card nor a move: {_how_to_answer(legal)}")
    verb = words[0].lower()
    typed = " ".join(words).lower()
    same = [a for a in legal if a.lower() == typed]  # a game's own action as listed: bid 250, trump h
    if same:
        return Answer(same[0])
    if standing_action(state, typed) is not None:  # a standing action not listed: taken only on purpose,
        return Answer(typed)  # by its word (e.g. a call that would lose)
    if len(words) == 2 and verb in amount_verbs(legal) and _NUMBER.fullmatch(words[1]):
        if len(words[1]) > 9:
            return Answer(error=f"{verb} {words[1][:9]}...: no amount is that long ({len(words[1])} digits).")
        return _amount(state, verb, int(words[1]))
    suits = _suit_moves(legal, verb)
    if suits:  # a move naming a suit (trump H): the suit in any form, or which suits there are
        return _suit_answer(verb, words[1:], suits)
    where = []  # "k♠ from table": the table's copy of a card whose twin is in hand
    if len(words) > 2 and [w.lower() for w in words[-2:]] == FROM_TABLE.split():
        words, where = words[:-2], FROM_TABLE.split()
    # (a kind's own verb is read as one while it is not due too, for the engine to say why)
    verbs = {a.split()[0] for a in legal} | set(CORE_VERBS) | set(_game_verbs(state)) | out_of_turn_verbs()
    deck = state.deck
    # a verb: one of the moves', or a word that is no card before others (a number after it, as
    # in a bid, makes even a short one a verb)
    if verb in verbs or (len(words) > 1 and (not _card_like(deck, words[0]) or _NUMBER.fullmatch(words[-1]))):
        if verb not in verbs:  # another phase's verb (a bid, a guess once made): what is due now
            return Answer(error=_why_not(state, " ".join(words), verb, []))
        names = words[1:]  # a verb, perhaps one not offered now: the engine will say why
    else:
        verb, names = None, words
    try:
        cards = [deck.parse(w) for w in names]
    except CardcoreError as exc:
        if verb is None and len(words) == 1 and len(words[0]) > 3:
            return Answer(error=f"{words[0]!r} is neither a card nor a move: {_how_to_answer(legal)}")
        return Answer(error=f"{exc}.")
    if verb is None:
        verb, cards, error = _verb_for_cards(state, legal, cards)
        if error:
            return Answer(error=error)
    action = " ".join([verb, *_canonical_order(deck, verb, cards), *where])
    if action in legal:
        return Answer(action)
    if not where and f"{action} {FROM_TABLE}" in legal:  # the card is on the table only
        return Answer(f"{action} {FROM_TABLE}")
    same_cards = [a for a in legal if a.split()[0] == verb and sorted(a.split()[1:]) == sorted(cards)]
    if same_cards and not where:  # cards in any order (a discard)
        return Answer(same_cards[0])
    return Answer(error=_why_not(state, action, verb, cards))


def amount_verbs(legal: list[str]) -> list[str]:
    """The verbs whose moves take an amount (``bid 250``). The moves list every legal amount;
    any amount typed is the engine's to accept or refuse."""
    verbs: dict[str, bool] = {}
    for action in legal:
        verb, *args = action.split()
        if args:
            verbs[verb] = verbs.get(verb, True) and len(args) == 1 and _NUMBER.fullmatch(args[0]) is not None
    return [v for v, takes in verbs.items() if takes]


def _amount(state, verb: str, amount: int) -> Answer:
    """``verb amount`` when the engine accepts it now, else the rule that refuses it (tried on a copy)."""
    action = f"{verb} {amount}"
    if action in state.legal_actions():
        return Answer(action)
    probe = state.clone()
    try:
        probe.apply(action)
    except IllegalAction as exc:
        return Answer(error=f"{action}: {exc.reason}.")
    return Answer(action)


def _suit_moves(legal: list[str], verb: str) -> dict[str, str]:
    """Suit letter -> move, when ``verb``'s moves each name one suit (as naming trump does)."""
    moves = {a.split()[1]: a for a in legal if a.split()[0] == verb and len(a.split()) == 2}
    return moves if moves and all(arg in SUIT_CHARS for arg in moves) else {}


def _suit_answer(verb: str, args: list[str], moves: dict[str, str]) -> Answer:
    """``trump h``, ``trump hearts``, ``trump ♥``: the move naming that suit, else the suits to name."""
    typed = args[0].lower() if len(args) == 1 else None
    for letter, action in moves.items():
        if typed in (letter.lower(), SUIT_NAMES[letter], SYMBOL_OF_SUIT[letter]) or SUIT_SYMBOLS.get(typed) == letter:
            return Answer(action)
    choices = ", ".join(f"{letter} ({SUIT_NAMES[letter]})" for letter in moves)
    said = f"{' '.join(args)!r} is not a suit" if args else "name a suit"
    return Answer(error=f"{verb} {' '.join(args)}: {said}: {verb} one of {choices}, e.g. {verb} {next(iter(moves))}.")


def _card_like(deck, word: str) -> bool:
    try:
        deck.parse(word)
    except CardcoreError:
        return len(word) <= 3
    return True


def _game_verbs(state) -> list[str]:
    """Verbs of the game's own declarations offered now (e.g. Penchant's jail-free)."""
    return [a.split()[0] for a in state.game.extra_declarations(state.view(), state.current_player)] \
        if state.current_player is not None else []


def _how_to_answer(legal: list[str]) -> str:
    return (f"answer with a number 1..{len(legal)}, a card (QS, 10h, q♠), or an action "
            f"(play QS, meld QS JH, pass); ? lists the moves, help explains the rules now.")


def _verb_for_cards(state, legal: list[str], cards: list[str]) -> tuple[str, list[str], str | None]:
    """Cards typed without a verb: a card to play, a meld, or an exchange, as the turn allows."""
    decision = state.observation(state.current_player)["decision"]
    if decision == "play":
        if len(cards) != 1:
            return "play", cards, "Play one card at a time (melds are declared at a declaration turn)."
        return "play", cards, None
    if decision == "declare":
        if len(cards) == 1:
            if f"exchange {cards[0]}" in legal:
                return "exchange", cards, None
            if f"meld {cards[0]}" in legal:  # a meld of one card (the dix)
                return "meld", cards, None
            with_card = [f"[{i}] {a}" for i, a in enumerate(legal, start=1)
                         if a.startswith("meld ") and cards[0] in a.split()[1:]]
            hint = f" Melds with {cards[0]}: {', '.join(with_card)}." if with_card else ""
            singles = [f"[{i}] {a}" for i, a in enumerate(legal, start=1)
                       if a.split()[0] in ("meld", "exchange") and len(a.split()) == 2]
            if singles:  # one card may go alone now, but not this one
                return "meld", cards, (f"{cards[0]} alone is neither a meld nor an exchange now: one card goes alone "
                                       f"only as {', '.join(singles)}. A meld of more cards: type them all "
                                       f"(e.g. meld {cards[0]} ..), or pass.{hint}")
            if any(m.kind == "single" and m.enabled for m in state.rules.melds):  # the engine says why not
                return "meld", cards, None
            return "meld", cards, (f"A meld takes two or more cards: type them all (e.g. meld {cards[0]} ..), "
                                   f"or pass.{hint}")
        return "meld", cards, None
    verbs = sorted({a.split()[0] for a in legal})
    if len(verbs) == 1 and verbs[0] not in CORE_VERBS:  # one verb of a phase kind that takes cards
        return verbs[0], cards, None
    return "", cards, f"Not a card now: {_how_to_answer(legal)}"


def _canonical_order(deck, verb: str, cards: list[str]) -> list[str]:
    """Meld cards in the canonical order of the contracts (suits S H D C, rank high to low)."""
    def key(name: str) -> int:
        return deck.sort_pos[deck.card_index(name)]

    if verb == "meld":
        return sorted(cards, key=key)
    if verb not in ("play", "exchange") and len(cards) > 1:  # game verbs: a card, then a meld
        return [cards[0], *sorted(cards[1:], key=key)]
    return cards


def _why_not(state, action: str, verb: str, cards: list[str]) -> str:
    seat = state.current_player
    decision = state.observation(seat)["decision"]
    if decision == "play" and verb != "play":
        why = "not now: you must play a card to the trick; melds are declared at a declaration turn after a trick"
        if verb == "meld" and cards:
            mask = state.deck.mask_of_names(cards, state.holding(seat))
            if mask is None:
                missing = [c for c in cards if state.deck.find(c, state.holding(seat)) is None]
                why += f" (and you do not hold {' '.join(missing)})"
            else:
                refused = state.explain_meld(seat, mask)
                if refused and refused != "not allowed now":
                    why += f" (and that meld would be refused now: {refused})"
        return f"{action}: {why}."
    if decision == "declare" and verb == "play":
        return f"{action}: not now: declare a meld or pass first (the next trick comes after)."
    if decision not in ("play", "declare") and verb not in {a.split()[0] for a in state.legal_actions()}:
        verbs = " or ".join(sorted({a.split()[0] for a in state.legal_actions()}))
        return f"{action}: not now: the decision now is {decision} ({verbs}; ? lists the moves)."
    probe = state.clone()
    try:
        probe.apply(action)
    except IllegalAction as exc:
        return f"{action}: {exc.reason}."
    except CardcoreError as exc:  # pragma: no cover - apply raises IllegalAction for every refusal
        return f"{action}: {exc}."
    return f"{action}: not one of the moves now."  # pragma: no cover - legal_actions lists every legal action


# ------------------------------------------------------------------------------ previews
@dataclass
class Preview:
    """What a legal action does now, as far as the player may know."""

    action: str
    points: int = 0
    scored: list[tuple[str, int]] = field(default_factory=list)  # (what, points) for the player
    scored_lines: list = field(default_factory=list)  # each what as a line, its card marked
    outcome: str | None = None  # "wins" / "loses" the trick, when certain
    trump: str | None = None  # the suit letter trump becomes, or "" when cancelled
    note: str | None = None


def preview(state, action: str) -> Preview:
    """Apply ``action`` to a copy of ``state`` and report the mover's gains before any hidden step."""
    seat = state.current_player
    out = Preview(action)
    if action.startswith("play ") and len(state.observation(seat)["trick"]) < state.n - 1:
        out.outcome = trick_outcome(state, seat, action.split()[1])
    probe = state.clone()
    number = state.game.compiled.deal.drawn_number
    start = len(probe.events)
    probe.apply(action)
    if len(probe.rounds) > len(state.rounds) and void_deal_kind(probe.rounds[len(state.rounds) - 1]):
        out.note = "a new deal"  # the deal was void (a hand thrown in): what it scored is taken back
    for e in probe.events[start:]:
        kind = e["type"]
        if kind in HIDDEN_STEPS or e.get("void") or (number is not None and kind == number.kind):
            break
        if kind in ("score", "deal-points") and e["seat"] == seat:
            out.points += e["points"]
            out.scored.append((score_label(e), e["points"]))
            out.scored_lines.append(score_line(e))
        elif kind == "trick" and action.startswith("play "):
            out.outcome = "wins" if e["winner"] == seat else "loses"
        elif kind == "trump":
            out.trump = e["suit"] or ""
        elif kind == "round-end":
            out.note = "ends the round"
    return out


def score_label(event: dict) -> str:
    """What a score event was for: the meld's name, or the rule's label (and its card)."""
    if event["source"] == "meld":
        return event.get("meld", "meld")
    card = event.get("card")
    return f"{event['source']} {card}" if card else event["source"]


def score_line(event: dict) -> list:
    """:func:`score_label` as a line, its card marked as a card (shown as the table shows cards)."""
    card = event.get("card")
    if event["source"] == "meld" or not card:
        return [score_label(event)]
    return [f"{event['source']} ", Card(card)]


def trick_outcome(state, seat: int, card_name: str) -> str | None:
    """"wins"/"loses" when playing ``card_name`` now settles the trick for sure; else None.

    Certain only from what ``seat`` may know: a card already beaten by one in the trick loses;
    a card no unseen or opponent's card can beat wins.
    """
    obs = state.observation(seat)
    deck = state.trick_deck  # this phase's ranks (e.g. the Ten at whist rank)
    trump = deck.suits.index(obs["trump"]) if obs["trump"] else None
    mine = deck.card_index(card_name)
    trick = [deck.card_index(t["card"]) for t in obs["trick"]]
    seq = trick + [mine]
    if trick_winner(deck, seq, trump) != len(seq) - 1:
        return "loses"
    seen = 0
    known = [obs["hand"], obs["tableaus"][seat], obs["won_cards"], [t["card"] for t in obs["trick"]],
             obs.get("turned") or [], [obs["turnup"]] if obs.get("turnup") else []]
    for names in known:
        mask = deck.mask_of_names(names, deck.full_mask & ~seen)
        seen |= mask or 0
    if any(beats(deck, c, mine, trump) for c in iter_bits(deck.full_mask & ~seen)):
        return None
    return "wins"
