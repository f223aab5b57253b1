"""The data of a game in progress, declared in one place: every field of a state, what it
holds, and how a clone copies it.

:class:`GameData` has a slot for each field of :data:`FIELDS` and nothing else (assigning an
undeclared field raises ``AttributeError``); the behaviour lives in the mixins of
:mod:`cardcore.engine` (dealing, declaring, trick play, scoring, knowledge...), which hold no
data of their own. :meth:`GameData.clone` is derived from the declarations.

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

# (field, how a clone copies it, what it is). ``rounds`` comes after ``round_points`` and
# ``meld_log``, which its last summary refers to.
FIELDS: tuple[tuple[str, str, str], ...] = (
    # the game, fixed for the whole game
    ("game", SHARED, "the game: its options, its rules file and its compiled rules (game.compiled, where each "
                     "rule value the engine reads has its one place); never written"),
    ("deck", SHARED, "the game's deck (game.compiled.deck, at hand)"),
    ("rules", SHARED, "the game's rules file (RulesFile)"),
    ("n", SHARED, "the number of seats"),
    ("table", SHARED, "the seats and sides (Table)"),
    ("card_values", SHARED, "cache: what a card scores by (card, when, trump); right for every clone"),
    ("seed", SHARED, "the seed later deals are dealt from (a sampled world gets its own)"),
    ("given_deals", SHARED, "deals given in advance (a record's); replaced, never changed in place"),
    ("seen_in_past_deals", SHARED, "per deal over, per seat: the cards that seat saw (a tuple, replaced, never changed in place)"),
    ("past_for_seat", SHARED, "memo of hidden_history: the deals over as one seat may know them (replaced, never changed in place)"),
    ("log_events", SHARED, "whether events are logged (search bots turn it off)"),
    ("stop_after_deal", SHARED, "a search's world ends with the deal it looks ahead to"),
    ("hooks", SHARED, "the game's hooks by name (game.hooks, engine.compiled.GameHooks), at hand: asked at "
                      "every declaration turn and trick"),
    ("draw_gate", SHARED, "an adapter's hook: answering False pauses the steps before a draw"),
    ("deal_gate", SHARED, "an adapter's hook: answering False pauses a deal that is due (engine.chance)"),
    ("deal_paused", SHARED, "a deal is due and waits for queue_deal() and resume() (None: not paused)"),
    # the game's history and totals
    ("deals", LIST, "every deal so far, as dealt (record format)"),
    ("actions", LIST, "every decision taken, canonical strings (record format)"),
    ("events", LIST, "the event log (when log_events)"),
    ("scores", LIST, "each seat's total; a partner shows its side's"),
    ("side_scores", LIST, "each side's total"),
    ("result", DICT_OR_NONE, "the game's result once it is over, else None"),
    ("tallies", DICT, "game-specific counts kept for statistics (e.g. Penchant's blocks)"),
    ("next_dealer", SHARED, "the dealer of the next deal when a void deal makes him deal again"),
    ("first_to_target", SHARED, "the seat that reached the target first, ending the game at once"),
    ("target", SHARED, "the target now (it may rise when several sides pass it in one deal)"),
    ("settlement", SHARED, "the result per side when a settle step decided it; replaced, never changed"),
    ("current_player", SHARED, "the seat to act, None when the game is over"),
    # the deal in progress
    ("dealer", SHARED, "this deal's dealer"),
    ("hands", LIST, "each seat's hand, a bit set of cards"),
    ("dealt_hands", SHARED, "each seat's hand as dealt this deal, a tuple of bit sets"),
    ("tableaus", LIST, "each seat's cards on the table (melded), a bit set"),
    ("widow", SHARED, "cards dealt apart from the hands, face down, a bit set"),
    ("faced", SHARED, "the turn-up lying face up under the stock (drawn last), or None"),
    ("stock", LIST, "the stock's cards, top first (the turn-up last)"),
    ("stock_pos", SHARED, "how many stock cards have been taken"),
    ("turned", SHARED, "cards turned for trump and out of play, a bit set"),
    ("scored_specials", SHARED, "turn-up-rank trumps that already scored this deal, a bit set"),
    ("trump", SHARED, "the trump suit's index, or None"),
    ("trump_fixed", SHARED, "a first-only trump is set, or trump was cancelled"),
    ("phase", SHARED, "the index of the phase in the rules file"),
    ("phase_kind", SHARED, "the phase kind's handler (engine.phases)"),
    ("cphase", SHARED, "the phase's rules as plain values (engine.compiled.CompiledPhase): its trick "
                       "obligations, whether cards are played from the table, when it ends..."),
    ("step_plans", SHARED, "cache: the after-trick steps by (phase, winner, declarer); right for every clone"),
    ("trick", LIST, "the cards of the trick in progress, in order"),
    ("trick_seats", LIST, "who played each card of the trick in progress"),
    ("tricks_played", SHARED, "tricks finished this deal"),
    ("trick_winners", LIST, "(phase, winner) of each trick this deal"),
    ("won", LISTS, "per seat, per phase: the cards won, a bit set"),
    ("round_points", LIST, "each seat's points this deal"),
    ("meld_log", LIST, "the melds declared this deal (dicts of the record's summary)"),
    ("meld_history", LISTS, "per seat: (mask, class, points, name) of each meld declared this deal"),
    ("waiting", LISTS, "per seat: (meld, index in meld_log) of each meld shown to score on a later trick"),
    ("step_shown", SHARED, "the cards put down on the table at this declaration turn (a mask)"),
    ("draw_watchers", SHARED, "what watches each card drawn from the stock this deal: functions (state, seat, card) "
                              "of the rules sections (engine.sections); replaced, never changed in place"),
    ("rounds", ROUNDS, "a summary per deal (the last one in progress)"),
    ("known", LIST, "per seat: the cards of its holding its opponents have seen, a bit set"),
    ("held_or_aside", SHARED, "the cards the others saw join the declarer's hand and have not seen leave it since "
                              "his discard: each is in his hand or among his discards, a bit set"),
    ("voids", SETS, "per seat: the suits it is known to lack"),
    ("pending", LIST, "the after-trick steps still due: (CompiledStep, seat, handler)"),
    ("step_melds", SHARED, "melds declared at this declaration step"),
    ("winner", SHARED, "who won the last trick"),
    ("loser", SHARED, "who lost it (two seats only)"),
    ("leader", SHARED, "who leads the next trick"),
    ("winner_passed", SHARED, "the trick's winner passed his declaration turn"),
    ("decision", SHARED, "the kind of decision due: play, declare or a phase kind's"),
    ("offers", SHARED, "actions a phase left open beside the decision due (a tuple)"),
    ("declarer", SHARED, "the seat that took the contract, where there is one"),
    # what a phase kind keeps, from its phase to the deal's end (e.g. the auction's bids and
    # contract, engine.phases.auction.AuctionData): its own data object, by kind
    ("phase_data", PHASE_DATA, "the data of the phase kinds (and rules sections) of this deal, by kind; empty at a "
                           "deal's start"),
    # memos of the declaration turn in progress
    ("_meld_memo", NONE, "memo: the melds of a holding, for the last holding asked"),
    ("_actions_memo", NONE, "memo: the legal actions of the position last asked, and that position"),
    ("_turn_moves", SHARED, "the declarations open at this turn (replaced, never changed in place)"),
)


def copies_source(fields=None) -> str:
    """The text of :mod:`.data_copies`: ``blank(self)``, every field None, and
    ``clone_fields(self, new)``, one assignment per field as declared. Written out (a loop of
    getattr/setattr would cost a search several times as much per sampled world) and kept as a
    module, so that tracebacks and coverage see it: ``python -m cardcore.engine.data`` writes it
    again after :data:`FIELDS` changes, and ``tests/core/test_state_data.py`` checks that it is
    current."""
    fields = FIELDS if fields is None else fields
    lines = [
        '"""Written by ``python -m cardcore.engine.data`` from ``cardcore.engine.data.FIELDS``: edit the',
        'declarations there, not this file (tests/core/test_state_data.py checks that it is current)."""',
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


from .data_copies import blank, clone_fields  # noqa: E402  (written from FIELDS above)


class GameData:
    """The fields of :data:`FIELDS`, one slot each; see the module's documentation."""

    __slots__ = tuple(name for name, _, _ in FIELDS)

    # Every field None, before a new state sets its own: a field that only some phase kinds
    # set (an auction's bids) then reads None elsewhere, and a clone copies it alike.
    _blank = blank

    def clone(self):
        new = object.__new__(type(self))
        clone_fields(self, new)
        return new


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).with_name("data_copies.py").write_text(copies_source(), encoding="utf-8")
