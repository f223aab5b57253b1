"""The data of a game in progress, declared in one place: :class:`GameData`, a slotted dataclass
whose fields are every field of a state, each typed, with what it holds and how a clone copies
it (its ``metadata``: ``copy`` and ``doc``).

A state is this data and nothing else (assigning an undeclared field raises
``AttributeError``); what a state does is plain functions of it in the modules of
:mod:`cardcore.engine` (dealing, declaring, trick play, scoring, knowledge...), each taking the
state first. :meth:`GameData.clone` is derived from the declarations.

How a clone copies a field:

- ``SHARED``: the same object. Immutable values, the game and its rules, values a state only
  ever replaces (never changes in place), and caches that are right for every clone.
- ``LIST``: a new list of the same items (the items are ints, strings or tuples, or are not
  changed in place).
- ``LISTS``: a new list of new lists (per seat, lists that grow).
- ``SETS``: a new list of new sets.
- ``DICT``: a new dict of the same values.
- ``DICT_OR_NONE``: a new dict of the same values, or None (an empty dict too).
- ``NONE``: starts empty in the clone (a memo the clone fills again when asked).
- ``PHASE_DATA``: the data of the phase kinds live this deal, by kind: a new dict of each
  one's ``copy()``.
- ``ROUNDS``: the round summaries: only the last one changes, so only it is copied, and it
  refers to the clone's ``round_points`` and ``meld_log``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Callable

from .data_copies import blank, clone_fields

if TYPE_CHECKING:
    from ..cards import Deck
    from ..melds import MeldScore
    from ..ruleset import RulesFile
    from ..seats import Table

SHARED = "shared"
LIST = "list"
LISTS = "lists"
SETS = "sets"
DICT = "dict"
DICT_OR_NONE = "dict-or-none"
NONE = "none"
ROUNDS = "rounds"
PHASE_DATA = "phase-data"

# How each kind of copy is written, ``{v}`` being the original's value.
_COPY_EXPRESSIONS = {
    SHARED: "{v}",
    LIST: "list({v})",
    LISTS: "[list(x) for x in {v}]",
    SETS: "[set(x) for x in {v}]",
    DICT: "dict({v})",
    DICT_OR_NONE: "dict({v}) if {v} else None",
    NONE: "None",
    ROUNDS: "copy_rounds({v}, new.round_points, new.meld_log)",
    PHASE_DATA: "{{kind: d.copy() for kind, d in {v}.items()}} if {v} else {{}}",
}


def _declared(copy: str, doc: str):
    """A field of the state: how a clone copies it and what it holds."""
    return field(metadata={"copy": copy, "doc": doc})


@dataclass(slots=True, init=False, repr=False, eq=False)
class GameData:
    """Every field of a state, one slot each; see the module's documentation. A state compares
    and hashes as itself (``eq=False``), as a game in progress, not as its value. ``rounds``
    comes after ``round_points`` and ``meld_log``, which its last summary refers to."""

    # the game, fixed for the whole game
    game: Any = _declared(SHARED, "the game (cardcore.game.TrickGame): its options, its rules file and its compiled "
                                  "rules (game.compiled, where each rule value the engine reads has its one place); "
                                  "never written")
    deck: Deck = _declared(SHARED, "the game's deck (game.compiled.deck, at hand)")
    rules: RulesFile = _declared(SHARED, "the game's rules file")
    n: int = _declared(SHARED, "the number of seats")
    table: Table = _declared(SHARED, "the seats and sides")
    card_values: dict[tuple[int, str, int | None], int] = _declared(
        SHARED, "cache: what a card scores by (card, when, trump); right for every clone")
    seed: int | None = _declared(SHARED, "the seed later deals are dealt from (a sampled world gets its own)")
    given_deals: list[dict] = _declared(SHARED, "deals given in advance (a record's); replaced, never changed in place")
    seen_in_past_deals: tuple[tuple[int, ...], ...] = _declared(
        SHARED, "per deal over, per seat: the cards that seat saw (a tuple, replaced, never changed in place)")
    past_for_seat: Any = _declared(
        SHARED, "memo of hidden_history: the deals over as one seat may know them (replaced, never changed in place)")
    log_events: bool = _declared(SHARED, "whether events are logged (search bots turn it off)")
    kept_events: frozenset[str] | None = _declared(
        SHARED, "with log_events off, the kinds of events logged all the same (a simulation's, which "
                "plays on the kernel); None: none (engine.events.keep_only)")
    stop_after_deal: bool = _declared(SHARED, "a search's world ends with the deal it looks ahead to")
    hooks: Any = _declared(SHARED, "the game's hooks by name (game.hooks, engine.compiled.GameHooks), at hand: asked "
                                   "at every declaration turn and trick")
    draw_gate: Callable[[], bool] | None = _declared(
        SHARED, "an adapter's hook: answering False pauses the steps before a draw")
    deal_gate: Callable[[], bool] | None = _declared(
        SHARED, "an adapter's hook: answering False pauses a deal that is due (engine.chance)")
    deal_paused: bool | None = _declared(
        SHARED, "a deal is due and waits for queue_deal() and resume() (None: not paused)")
    # the game's history and totals
    deals: list[dict] = _declared(LIST, "every deal so far, as dealt (record format)")
    actions: list[str] = _declared(LIST, "every decision taken, canonical strings (record format)")
    events: list = _declared(LIST, "the event log (when log_events, or of the kinds kept_events names): "
                                   "engine.events.Event each")
    scores: list[int] = _declared(LIST, "each seat's total; a partner shows its side's")
    side_scores: list[int] = _declared(LIST, "each side's total")
    result: dict | None = _declared(DICT_OR_NONE, "the game's result once it is over, else None")
    tallies: dict[str, int] = _declared(DICT, "game-specific counts kept for statistics (e.g. Penchant's blocks)")
    next_dealer: int | None = _declared(
        SHARED, "the dealer of the next deal when a void deal makes him deal again")
    first_to_target: int | None = _declared(
        SHARED, "the seat that reached the target first, ending the game at once")
    target: int | None = _declared(SHARED, "the target now (it may rise when several sides pass it in one deal)")
    current_player: int | None = _declared(SHARED, "the seat to act, None when the game is over")
    # the deal in progress
    dealer: int = _declared(SHARED, "this deal's dealer")
    hands: list[int] = _declared(LIST, "each seat's hand, a bit set of cards")
    dealt_hands: tuple[int, ...] = _declared(SHARED, "each seat's hand as dealt this deal, a tuple of bit sets")
    tableaus: list[int] = _declared(LIST, "each seat's cards on the table (melded), a bit set")
    widow: int = _declared(SHARED, "cards dealt apart from the hands, face down, a bit set")
    faced: int | None = _declared(SHARED, "the turn-up lying face up under the stock (drawn last), or None")
    stock: list[int] = _declared(LIST, "the stock's cards, top first (the turn-up last)")
    stock_pos: int = _declared(SHARED, "how many stock cards have been taken")
    turned: int = _declared(SHARED, "cards turned for trump and out of play, a bit set")
    scored_specials: int = _declared(SHARED, "turn-up-rank trumps that already scored this deal, a bit set")
    trump: int | None = _declared(SHARED, "the trump suit's index, or None")
    trump_fixed: bool = _declared(SHARED, "a first-only trump is set, or trump was cancelled")
    phase: int = _declared(SHARED, "the index of the phase in the rules file")
    phase_kind: Any = _declared(SHARED, "the phase kind's handler (engine.phases)")
    cphase: Any = _declared(SHARED, "the phase's rules as plain values (engine.compiled.CompiledPhase): its trick "
                                    "obligations, whether cards are played from the table, when it ends...")
    step_plans: dict = _declared(
        SHARED, "cache: the after-trick steps by (phase, winner, declarer); right for every clone")
    trick: list[int] = _declared(LIST, "the cards of the trick in progress, in order")
    trick_seats: list[int] = _declared(LIST, "who played each card of the trick in progress")
    tricks_played: int = _declared(SHARED, "tricks finished this deal")
    trick_winners: list[tuple[int, int]] = _declared(LIST, "(phase, winner) of each trick this deal")
    won: list[list[int]] = _declared(LISTS, "per seat, per phase: the cards won, a bit set")
    round_points: list[int] = _declared(LIST, "each seat's points this deal")
    meld_log: list[dict] = _declared(LIST, "the melds declared this deal (dicts of the record's summary)")
    meld_history: list[list[tuple[int, str, int, str]]] = _declared(
        LISTS, "per seat: (mask, class, points, name) of each meld declared this deal")
    waiting: list[list[tuple[MeldScore, int]]] = _declared(
        LISTS, "per seat: (meld, index in meld_log) of each meld shown to score on a later trick")
    step_shown: int = _declared(SHARED, "the cards put down on the table at this declaration turn (a mask)")
    draw_watchers: tuple[Callable, ...] = _declared(
        SHARED, "what watches each card drawn from the stock this deal: functions (state, seat, card) of the rules "
                "sections (engine.sections); replaced, never changed in place")
    rounds: list[dict] = _declared(ROUNDS, "a summary per deal (the last one in progress)")
    known: list[int] = _declared(LIST, "per seat: the cards of its holding its opponents have seen, a bit set")
    held_or_aside: int = _declared(
        SHARED, "the cards the others saw join the declarer's hand and have not seen leave it since his discard: "
                "each is in his hand or among his discards, a bit set")
    voids: list[set[int]] = _declared(SETS, "per seat: the suits it is known to lack")
    pending: list[tuple] = _declared(LIST, "the after-trick steps still due: (CompiledStep, seat, handler)")
    step_melds: int = _declared(SHARED, "melds declared at this declaration step")
    winner: int | None = _declared(SHARED, "who won the last trick")
    loser: int | None = _declared(SHARED, "who lost it (two seats only)")
    leader: int = _declared(SHARED, "who leads the next trick")
    winner_passed: bool = _declared(SHARED, "the trick's winner passed his declaration turn")
    decision: str = _declared(SHARED, "the kind of decision due: play, declare or a phase kind's")
    offers: tuple[str, ...] = _declared(SHARED, "actions a phase left open beside the decision due (a tuple)")
    declarer: int | None = _declared(SHARED, "the seat that took the contract, where there is one")
    # what a phase kind keeps, from its phase to the deal's end (e.g. the auction's bids and
    # contract, engine.phases.auction.AuctionData): its own data object, by kind
    phase_data: dict[str, Any] = _declared(
        PHASE_DATA, "the data of the phase kinds (and rules sections) of this deal, by kind; empty at a deal's start")
    # memos of the declaration turn in progress
    _meld_memo: tuple | None = _declared(NONE, "memo: the melds of a holding, for the last holding asked")
    _actions_memo: tuple | None = _declared(NONE, "memo: the legal actions of the position last asked, and that position")
    _turn_moves: list | None = _declared(
        SHARED, "the declarations open at this turn (replaced, never changed in place)")

    # Every field None, before a new state sets its own: a field that only some phase kinds
    # set (an auction's bids) then reads None elsewhere, and a clone copies it alike.
    _blank = blank

    def clone(self):
        new = object.__new__(type(self))
        clone_fields(self, new)
        return new


# (field, how a clone copies it, what it is), in the order declared
FIELDS: tuple[tuple[str, str, str], ...] = tuple(
    (f.name, f.metadata["copy"], f.metadata["doc"]) for f in fields(GameData))


def copies_source(fields=None) -> str:
    """The text of :mod:`.data_copies`: ``blank(self)``, every field None, and
    ``clone_fields(self, new)``, one assignment per field as declared. Written out (a loop of
    getattr/setattr would cost a search several times as much per sampled world) and kept as a
    module, so that tracebacks and coverage see it: ``python -m cardcore.engine.data`` writes it
    again after the fields change, and ``tests/core/test_state_data.py`` checks that it is
    current."""
    fields = FIELDS if fields is None else fields
    lines = [
        '"""Written by ``python -m cardcore.engine.data`` from the fields of ``cardcore.engine.data.GameData``:',
        'edit the declarations there, not this file (tests/core/test_state_data.py checks that it is current)."""',
        "",
        "from .copying import copy_rounds",
        "",
        "",
        "def blank(self):",
        '    """Every field None."""',
    ]
    lines += [f"    self.{name} = None" for name, _, _ in fields]
    lines += ["", "", "def clone_fields(self, new):", '    """Each field copied into ``new`` as declared."""']
    lines += [f"    new.{name} = {_COPY_EXPRESSIONS[how].format(v='self.' + name)}" for name, how, _ in fields]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).with_name("data_copies.py").write_text(copies_source(), encoding="utf-8")
