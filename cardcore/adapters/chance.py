"""Deals and draws as explicit chance nodes over the cardcore engine (for OpenSpiel).

The engine deals and draws by itself from a deal fixed in advance. OpenSpiel wants every hidden
card to be a chance node whose outcome is open until the card is dealt or drawn.
:class:`ChanceState` gets that through the state's chance interface
(:mod:`cardcore.engine.chance`), one chance node per card dealt or drawn, with nothing tried on
a copy:

- **Dealing.** A deal is dealt card by card. There is one chance node for the first dealer (over
  the seats, first deal only; later dealers are the engine's ``next_deal_dealer()``). Then come
  each hand in seat order, then the turn-up (Marjolet), then the stock cards the engine turns as
  a deal starts (``stock_turned_at_deal_start``: Penneech's trump). A widow dealt apart with no
  stock beside it (Auction Pinochle) is the cards left, so it needs no chance node of its own.
  The first deal makes the engine state (``game.new_game(deals=[deal])``); the engine's
  ``deal_gate`` pauses it before each later deal, which is dealt the same way, given with
  ``queue_deal()`` and dealt with ``resume()``. The rest of the stock lies in a placeholder
  order (deck order) that no one ever sees.
- **Drawing.** Every action is carried out on the engine state itself, with its ``draw_gate``
  set: before the engine takes a stock card that is not fixed yet, it pauses, the adapter state
  goes through a chance node whose outcome ``fix_stock_card()`` makes the card at that stock
  position, and the engine resumes. So the chance nodes come right after the action that causes
  the draw, as at the table, one per card, in the order the cards are taken.
- **Outcomes.** Chance outcomes are card indices, uniform over the cards that no one has seen:
  those not yet dealt or, for a stock position, the face-down stock cards not yet fixed. So the
  chance nodes sample exactly a shuffled deck, and each one is a card dealt or drawn. With two
  packs or more, identical copies are one outcome, the first copy left of that name, as likely
  as the copies left (:func:`first_copies`): the copies are then numbered as the replay of the
  game's record numbers them, so the game and its replay take the same copies.
- **Information.** No one ever sees the placeholder order. Information states are built from
  the engine's events: your own cards as dealt and drawn, every action (a discard, laid aside
  face down, only as a number of cards to the others), the deal and its dealer, cards turned
  face up (turned trumps, Marjolet's turn-up, the faced card when it is drawn last, the widow),
  melds shown and cards shown as they score (carte blanche). Chance nodes themselves are invisible until the engine uses their card.
- **Deal cap.** When a deal beyond the cap (``encoding.Bounds.deal_cap``) is due, the game is cut
  off instead and scored by :func:`encoding.cut_off_returns` from the scores at the end of the
  last deal; the engine state stays paused there.
- **Resampling** (for ISMCTS). Only the unseen cards of the current deal are redrawn: the other
  seats' hidden hand cards, a widow not yet turned and the face-down stock (the engine's
  ``hidden_in_hands``, ``unseen_apart``, ``face_down_stock``). Earlier deals are over, so their
  cards cannot matter. The deal's history is replayed from a snapshot taken when its dealing
  began, with the hidden cards' chance outcomes swapped for others drawn from that pool (cards
  of suits a seat is known to lack are avoided). A replay is accepted only if every recorded
  action is still legal at the same kind of node, it ends at the same player's turn and the
  player's information state comes out identical. This catches what the engine reveals only
  implicitly, such as the obligation to win a trick. One difference is allowed: another seat's
  pass at a declaration turn and a turn the engine skipped for want of anything to declare
  both tell the others "pass", so a world's hand may pass where the recorded one had nothing to
  declare, and skip where it passed (else a hand with no meld, rare in a deal of 15 cards from
  eight packs, would admit almost no world). Random tries come first; when they keep failing, a
  backtracking search finds a consistent world (see :class:`_Resampler`). The true state is
  never handed back: if even the bounded search fails, :class:`ResampleError` is raised. The
  declarer's discards lie apart unseen by the others: in a world for another seat the cards he
  was dealt are redrawn with them, and his recorded discard is replaced by one of the world's
  own legal discards, chosen at random among those that keep what that seat knows (the cards of
  his melds shown, the cards he played later; the widow's other cards may go or stay); the
  declarer's own worlds keep his discards.

A :class:`ChanceState` pickles as its game string and action history and is rebuilt by replaying
them. So OpenSpiel's serialization, which pickles the Python state, round-trips.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass, field

from .. import IllegalAction, load_game
from ..cards import iter_bits
from ..engine import drawn_number
from ..engine.phases.discard import DISCARD
from ..engine.kinds import DECLARE
from ..engine.void_fit import VoidFit
from ..melds import best_meld_set
from ..state import State
from .encoding import DEFAULT_MAX_DEALS, ActionTable, ObservationEncoder, cut_off_returns, game_bounds, \
    shows_melds

CHANCE, TERMINAL = -1, -4  # OpenSpiel's player ids for chance and terminal nodes
DEALER, HAND, TURNUP, PREFIX, STOCK = "dealer", "hand", "turnup", "prefix", "stock"
NUMBER = "number"  # a number drawn at the deal for a phase kind of its own (engine.drawn_number)
RESAMPLE_TRIES = 50  # rejection tries before the backtracking search (see _Resampler)
SEARCH_BUDGET = 50_000  # actions the backtracking search may replay
RESTART_BUDGET = 200  # actions one run of that search may replay before it starts afresh
SHOWN_TRIES = 5_000  # random deals tried against the melds shown, before any is replayed
SEEN_EVERY = 200  # log entries between the information state texts kept (ChanceState.seen)
PRIVATE_VERBS = (DISCARD,)  # actions whose cards only the actor sees (laid aside face down)


class ChanceGame:
    """What the chance states of one game and option set share: the game, its actions, bounds."""

    def __init__(self, game, max_deals: int = DEFAULT_MAX_DEALS):
        self.game = game
        self.deck = game.deck
        self.n = game.players
        self.hand_size = game.rules.deal.hand_size
        self.turnup = game.rules.deal.turnup
        self.turned_at_start = State.stock_turned_at_deal_start(game.rules)
        self.number = game.compiled.deal.drawn_number  # a number drawn after the cards, or None
        self.max_deals = max_deals
        self.actions = ActionTable(game)
        self.bounds = game_bounds(game, max_deals)
        self.stakes = game.rules.game_end.game_score == "stakes"
        self.encoder = ObservationEncoder(game, self.bounds)
        self.shows_melds = shows_melds(game.compiled)  # the engine's melds shown are information
        # per card name, the mask of its copies (for first_copies)
        self.copy_masks = [sum(1 << c for c in copies) for copies in self.deck.by_name.values()]
        self.copies_of = [sum(1 << c for c in self.deck.by_name[name]) for name in self.deck.names]

    def new_state(self) -> "ChanceState":
        return ChanceState(self)


@functools.lru_cache(maxsize=64)
def chance_game(game_string: str, max_deals: int = DEFAULT_MAX_DEALS) -> ChanceGame:
    return ChanceGame(load_game(game_string), max_deals)


@dataclass
class _Build:
    """A deal being dealt by chance nodes (card indices)."""

    dealer: int | None
    hands: list[list[int]]
    turnup: int | None = None
    prefix: list[int] = field(default_factory=list)  # the first stock cards, top first
    number: int | None = None  # the number drawn at the deal (NUMBER)

    def copy(self) -> "_Build":
        return _Build(self.dealer, [list(h) for h in self.hands], self.turnup, list(self.prefix), self.number)

    def dealt(self) -> set[int]:
        cards = {c for h in self.hands for c in h} | set(self.prefix)
        return cards | ({self.turnup} if self.turnup is not None else set())

    def deal(self, g: ChanceGame) -> dict:
        names = g.deck.names
        dealt = self.dealt()
        stock = self.prefix + [c for c in range(g.deck.size) if c not in dealt]  # placeholder order
        widow = g.game.rules.deal.widow  # dealt apart: where the widow takes every card left, exact
        out = {"dealer": self.dealer, "hands": [[names[c] for c in h] for h in self.hands],
               "stock": [names[c] for c in stock[widow:]]}
        if widow:
            out["widow"] = [names[c] for c in stock[:widow]]
        if self.turnup is not None:
            out["turnup"] = names[self.turnup]
        if g.number is not None:
            out[g.number.outcome] = self.number
        return out


class ChanceState:
    """One game in progress, with deals and draws as chance nodes. See the module docstring."""

    def __init__(self, g: ChanceGame):
        self.g = g
        self.engine = None  # the cardcore State, once the first deal is dealt
        self.build: _Build | None = None  # the deal being dealt
        self.fixed = 0  # stock positions below this are fixed this deal
        self.slot: tuple[str, int | None] | None = None  # what the current chance node decides
        self.draw_waits = False  # the engine paused before a stock card not fixed yet
        self.cut_off: list[float] | None = None
        self.history: list[int] = []
        self.players: list[int] = []  # who chose each history entry (CHANCE for chance)
        self.kinds: list[str] = []  # the slot kind of each chance entry ("" for players)
        self.log: list[tuple[int | None, str, str]] = []  # (seat or None, its text, others' text)
        # per seat, its information state up to a point of the log, and that point (see
        # information_state); clones share the texts, which are immutable
        self.seen: list[tuple[str, int]] = [(f"P{seat}", 0) for seat in range(g.n)]
        self.mark = 0  # history index where the current deal's dealing began
        self.snapshot: ChanceState | None = None  # the state at that index
        self.dealt_deal: dict | None = None  # the last deal given to the engine, as records list it
        # _outcomes() of the node at that history length, and its chance_outcomes()
        self._outcomes_at, self._outcomes_memo, self._chances_memo = -1, [], []
        self._legal_at, self._legal_memo = -1, []  # legal_ids() of the player node at that history length
        self._begin_deal(None)
        self._settle()

    # ------------------------------------------------------------------ queries
    # OpenSpiel asks these several times per action: they read the fields directly. A chance
    # node is never terminal (a cut-off game has no slot).
    def current_player(self) -> int:
        if self.slot is not None:
            return CHANCE
        if self.cut_off is not None or self.engine.result is not None:
            return TERMINAL
        return self.engine.current_player

    def is_terminal(self) -> bool:
        return self.cut_off is not None or (self.slot is None and self.engine.result is not None)

    def returns(self) -> list[float]:
        if self.cut_off is not None:
            return list(self.cut_off)
        if self.engine is None or self.slot is not None:
            return [0.0] * self.g.n
        return self.engine.returns()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self._outcomes()
        return list(self._chances_memo)

    def legal_ids(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.slot is not None:
            return list(self._outcomes())
        if self._legal_at != len(self.history):
            self._legal_memo, self._legal_at = self.g.actions.legal_ids(self.engine), len(self.history)
        return list(self._legal_memo)

    def _outcomes(self) -> list[int]:
        """The cards (or seats, or numbers) the current chance node may choose; worked out once
        per node, with their probabilities (``_chances_memo``)."""
        if self._outcomes_at != len(self.history):
            self._chances_memo, self._outcomes_at = self._work_out_outcomes(), len(self.history)
            self._outcomes_memo = [c for c, _ in self._chances_memo]
        return self._outcomes_memo

    def _work_out_outcomes(self) -> list[tuple[int, float]]:
        kind = self.slot[0]
        if kind == DEALER:
            return [(seat, 1.0 / self.g.n) for seat in range(self.g.n)]
        if kind == NUMBER:  # each number as likely
            numbers = range(self.g.number.low, self.g.number.high + 1)
            return [(number, 1.0 / len(numbers)) for number in numbers]
        deck = self.g.deck
        if kind == STOCK:
            cards = self.engine.face_down_stock(self.fixed)
            if deck.packs == 1:
                return [(c, 1.0 / len(cards)) for c in sorted(cards)]
            left = 0
            for c in cards:
                left |= 1 << c
        else:
            dealt = self.build.dealt()
            if deck.packs == 1:
                cards = [c for c in range(deck.size) if c not in dealt]
                return [(c, 1.0 / len(cards)) for c in cards]
            left = deck.full_mask
            for c in dealt:
                left &= ~(1 << c)
        # one outcome per name (its first copy left), as likely as the copies left of it
        firsts = first_copies(self.g.copy_masks, left)
        total = left.bit_count()
        return [(c, count / total) for c, count in firsts]

    # ------------------------------------------------------------------ applying
    def apply(self, action: int) -> None:
        if self.is_terminal():
            raise ValueError("the game is over")
        player = self.current_player()
        if player == CHANCE:
            if action not in self._outcomes():
                raise ValueError(f"chance outcome {action} is not possible here")
            self._apply_outcome(action)
            return
        if not 0 <= action < len(self.g.actions):
            raise ValueError(f"action {action} is not in the action space")
        text = self.g.actions.strings[action]
        if action not in self.legal_ids():  # refused before anything changes
            try:
                self.engine.clone().apply(text)
                why = "not offered here"
            except IllegalAction as exc:
                why = str(exc)
            raise ValueError(f"action {action} ({text}) is not legal: {why}")
        self._record(player, action, "")
        self._log_action(player, text)
        self._run(self.engine.apply, text)
        self._settle()

    def _apply_outcome(self, card: int) -> None:
        """The chance node's outcome ``card`` (or seat), known to be one of its outcomes."""
        self._record(CHANCE, card, self.slot[0])
        self._apply_chance(card)
        self.slot = None
        self._settle()

    def _record(self, player: int, action: int, kind: str) -> None:
        self.history.append(action)
        self.players.append(player)
        self.kinds.append(kind)

    def _apply_chance(self, card: int) -> None:
        kind, seat = self.slot
        b = self.build
        if kind == DEALER:
            b.dealer = card
        elif kind == HAND:
            b.hands[seat].append(card)
        elif kind == TURNUP:
            b.turnup = card
        elif kind == PREFIX:
            b.prefix.append(card)
        elif kind == NUMBER:
            b.number = card
        else:  # the stock card the engine waits for
            self.engine.fix_stock_card(self.fixed, card)
            self.fixed += 1
            self._run(self.engine.resume)

    def _begin_deal(self, dealer: int | None) -> None:
        """The dealing of a deal begins: a snapshot is kept for resampling."""
        self.build = _Build(dealer, [[] for _ in range(self.g.n)])
        self.slot = self._build_slot(self.build)
        self.mark = len(self.history)
        self.snapshot = None
        self.snapshot = self.clone()

    def _settle(self) -> None:
        """After an action or outcome: the next chance node, or a player's turn, or the end."""
        while True:
            if self.build is not None:
                self.slot = self._build_slot(self.build)
                if self.slot is not None:
                    return
                self._deal_built()
                continue
            e = self.engine
            if self.draw_waits:
                self.slot = (STOCK, None)
                return
            if e.deal_due():
                if len(e.deals) >= self.g.bounds.deal_cap:
                    self.cut_off = cut_off_returns(e.scores, e.table, self.g.stakes)
                    self._public(f"cut off after {len(e.deals)} deals at {'/'.join(map(str, e.scores))}")
                    return
                self._begin_deal(e.next_deal_dealer())
                continue
            return

    def _build_slot(self, b: _Build) -> tuple[str, int | None] | None:
        if b.dealer is None:
            return (DEALER, None)
        for seat, hand in enumerate(b.hands):
            if len(hand) < self.g.hand_size:
                return (HAND, seat)
        if self.g.turnup and b.turnup is None:
            return (TURNUP, None)
        if len(b.prefix) < self.g.turned_at_start:
            return (PREFIX, None)
        if self.g.number is not None and b.number is None:
            return (NUMBER, None)
        return None

    def _deal_built(self) -> None:
        """Every card of the deal being dealt is chosen: the engine deals it."""
        deal = self.dealt_deal = self.build.deal(self.g)
        self.fixed = len(self.build.prefix)
        self.build = None
        if self.engine is None:
            self.engine = self.g.game.new_game(deals=[deal])
            self._log_events(0)
            return
        self.engine.queue_deal(deal)
        self._run(self.engine.resume)

    def _run(self, step, *args) -> None:
        """Run ``step`` on the engine with both gates set: it pauses before a stock card not
        fixed yet and before a deal, for their chance nodes."""
        e = self.engine
        start = len(e.events)
        self.draw_waits = False

        def draw_gate() -> bool:
            self.draw_waits = self.fixed <= e.stock_drawn() < e.face_down_end()
            return not self.draw_waits

        e.draw_gate, e.deal_gate = draw_gate, _no_deal_yet
        try:
            step(*args)
        finally:
            e.draw_gate = e.deal_gate = None
        self._log_events(start)

    # ------------------------------------------------------------------ information
    def _public(self, text: str) -> None:
        self.log.append((None, text, text))

    def _log_action(self, seat: int, action: str) -> None:
        verb = action.split()[0]
        if verb in PRIVATE_VERBS:  # the others learn it from its event, without the cards
            self.log.append((seat, f"P{seat} {action}", ""))
        elif action != "pass":  # passes are logged from their events (see _log_events)
            self._public(f"P{seat} {action}")

    def _log_events(self, start: int) -> None:
        state, deck = self.engine, self.g.deck
        for event in state.events[start:]:
            kind = event["type"]
            if kind == "deal":
                deal = self.dealt_deal
                turnup = f", turn-up {deal['turnup']}" if deal.get("turnup") else ""
                self._public(f"deal {event['round']}, dealer P{event['dealer']}{turnup}")
                for seat, hand in enumerate(deal["hands"]):
                    hand = sorted(hand, key=lambda name: deck.sort_pos[deck.card_index(name)])
                    self.log.append((seat, "your hand " + " ".join(hand), ""))
            elif kind == "draw":
                seat, card = event["seat"], event["card"]
                if self.g.turnup and event["left"] == 0:  # the faced card, seen by all
                    self._public(f"P{seat} draws {card}")
                else:
                    self.log.append((seat, f"P{seat} draws {card}", f"P{seat} draws"))
            elif kind == "turn":
                self._public(f"P{event['seat']} turns {event['card']}")
            elif kind == "pass" or (kind == "bid" and event["bid"] is None):
                # The engine reports a declaration turn skipped for want of anything to declare
                # as a pass, so that it tells the other players no more than a pass would; the
                # information state must not tell them more either.
                self._public(f"P{event['seat']} pass")
            elif kind == "widow":
                self._public(f"P{event['seat']} takes the widow {' '.join(event['cards'])}")
            elif kind == "meld" and self.g.shows_melds:
                self._public(f"P{event['seat']} shows {event['name']} {' '.join(event['cards'])}")
            elif kind == DISCARD:
                self.log.append((event["seat"], "", f"P{event['seat']} discards"))
            elif self.g.number is not None and kind == self.g.number.kind:  # the number, shown to all
                self._public(f"{self.g.number.what}: {event['outcome']}")
            elif kind == "score" and event.get("cards"):  # cards shown as they score (carte blanche)
                self._public(f"P{event['seat']} shows {event['source']} {' '.join(event['cards'])}")

    def information_state(self, seat: int) -> str:
        """The seat's lines of the log, read on from the last text kept (``seen``): a call reads
        fewer than ``SEEN_EVERY`` entries more than were logged since that text was kept, so a
        game asked at every step is not quadratic. A text is kept only every ``SEEN_EVERY``
        entries: clones share it, and a caller that keeps every state of a long game (OpenSpiel's
        ``random_sim_test``) would otherwise keep a text per state."""
        text, read = self.seen[seat]
        if read == len(self.log):
            return text
        lines = [text]
        for owner, mine, others in self.log[read:]:
            line = mine if owner is None or owner == seat else others
            if line:
                lines.append(line)
        text = "\n".join(lines)
        if len(self.log) - read >= SEEN_EVERY:
            self.seen[seat] = (text, len(self.log))
        return text

    def observation_string(self, seat: int) -> str:
        if self.engine is None:
            return f"P{seat} | dealing"
        text = self.g.encoder.text(self.engine.observation(seat))
        return text + " | cut off" if self.cut_off is not None else text

    def action_string(self, player: int, action: int) -> str:
        if player != CHANCE:
            return self.g.actions.strings[action]
        kind = self.slot[0] if self.slot is not None else None
        if kind == DEALER:
            return f"first dealer P{action}"
        if kind == NUMBER:
            return f"{self.g.number.outcome} {action}"
        name = self.g.deck.names[action] if 0 <= action < self.g.deck.size else f"#{action}"
        if self.g.deck.packs > 1:
            name += f"/{action}"
        if kind == HAND:
            return f"deal {name} to P{self.slot[1]}"
        return {TURNUP: f"turn-up {name}", PREFIX: f"stock {name}", STOCK: f"stock {name}"}.get(kind, name)

    def __str__(self) -> str:
        e = self.engine
        if e is None:
            b = self.build
            return f"dealing: dealer {b.dealer if b else None}, {len(b.dealt()) if b else 0} cards dealt"
        d = e.deck
        lines = [f"deal {len(e.deals)} dealer P{e.dealer} trump {e.describe_trump()} "
                 f"stock {e.stock_left} (fixed {max(0, self.fixed - e.stock_drawn())})"]
        for s in range(self.g.n):
            lines.append(f"P{s} hand {' '.join(d.names_of(e.hands[s]))} | table {' '.join(d.names_of(e.tableaus[s]))}")
        lines.append("trick " + " ".join(d.names[c] for c in e.trick))
        lines.append(f"scores {e.scores} to play {self.current_player()}"
                     + (f" cut off {self.cut_off}" if self.cut_off else ""))
        return "\n".join(lines)

    # ------------------------------------------------------------------ copies
    def clone(self) -> "ChanceState":
        new = object.__new__(ChanceState)
        new.__dict__.update(self.__dict__)
        new.engine = self.engine.clone() if self.engine is not None else None
        new.build = self.build.copy() if self.build is not None else None
        new.history, new.players, new.kinds = list(self.history), list(self.players), list(self.kinds)
        new.log, new.seen = list(self.log), list(self.seen)
        return new

    def __deepcopy__(self, memo) -> "ChanceState":
        return self.clone()

    def __reduce__(self):
        return (_replayed, (self.g.game.game_string(), self.g.max_deals, list(self.history)))

    # ------------------------------------------------------------------ resampling
    def resample(self, seat: int, rng: random.Random, _number_drawn: bool = False) -> "ChanceState":
        """A state with the same information state for ``seat``, the unseen cards redrawn.

        Raises :class:`ResampleError` when no consistent world is found within the search budget;
        it never falls back to the true state.
        """
        e = self.engine
        if e is None or self.slot is not None or self.is_terminal() or self.snapshot is None:
            return self.clone()
        if not _number_drawn:
            redrawn = self._number_redrawn(rng)
            if redrawn is not None:
                return redrawn.resample(seat, rng, _number_drawn=True)
        hidden_of = e.hidden_in_hands(seat)
        # The widow before it is turned. The declarer's discards, for another seat: the cards he
        # was dealt are redrawn, discards among them, and the replay makes a discard of its own
        # from the world's hand (see _Resampler.discard_in), where the widow's cards he holds
        # may go or not.
        apart = 0 if e.widow_turned() else e.unseen_apart(seat)
        discards = e.widow if e.widow_turned() and e.unseen_apart(seat) else 0
        hidden = apart | discards
        for mask in hidden_of.values():
            hidden |= mask
        steps = [i for i in range(self.mark, len(self.history))
                 if self.kinds[i] in (HAND, STOCK, PREFIX, TURNUP) and hidden >> self.history[i] & 1]
        # a widow not yet turned is the cards no chance node dealt: they join the pool, and the
        # cards left over after the redrawn hands are the world's widow
        at_steps = {self.history[i] for i in steps}
        leftover = [c for c in iter_bits(apart) if c not in at_steps]
        if not steps:
            return self.clone()
        owner = {c: q for q, mask in hidden_of.items() for c in iter_bits(mask)}
        void_masks = {q: e.void_mask(q) for q in hidden_of}
        avoid = [void_masks[owner[self.history[i]]] if self.history[i] in owner else 0 for i in steps]
        pool = sorted(at_steps | set(leftover)) + e.face_down_stock(self.fixed)
        # hands whose melds were shown as dealt: a redrawn hand must show the same points
        hand_steps = [i for i in range(self.mark, len(self.history)) if self.kinds[i] == HAND]
        size = self.g.hand_size
        shown = [(hand_steps[q * size:(q + 1) * size], points, hand_steps if with_widow else None)
                 for q, (points, with_widow) in e.melds_shown_from_dealt_hands().items() if q != seat]
        kept = e.hands[e.declarer] & e.known[e.declarer] if discards else 0  # seen in his melds, still in his hand
        world = _Resampler(self, seat, steps, avoid, shown, e.trump, bool(discards), kept).draw(pool, rng)
        world.snapshot, world.mark = self.snapshot, self.mark
        return world

    def _number_redrawn(self, rng: random.Random) -> "ChanceState | None":
        """A copy whose number drawn at the deal (NUMBER), not shown yet, is drawn again: no seat
        knows it before it is shown. None when there is none to redraw."""
        if self.g.number is None or drawn_number.shown(self.engine):
            return None
        at = next((i for i in range(self.mark, len(self.history)) if self.kinds[i] == NUMBER), None)
        if at is None:
            return None
        history = list(self.history)
        history[at] = drawn_number.draw(self.g.number, rng.getrandbits)
        world = self.snapshot.clone()
        if not world._replay(history[self.mark:], self.players[self.mark:]):  # pragma: no cover - unseen
            raise ResampleError("a redrawn number changed what was seen before it was shown")
        world.snapshot, world.mark = self.snapshot, self.mark
        return world

    def _first_copy_left(self, card: int) -> int | None:
        """At a chance node dealing or drawing a card: the first copy left of ``card``'s name,
        the outcome :meth:`chance_outcomes` offers for that name; None when none is left."""
        if not 0 <= card < self.g.deck.size:
            return None
        kind, copies = self.slot[0], self.g.copies_of[card]
        if kind == STOCK:
            e = self.engine
            return min((c for c in e.stock[self.fixed:e.face_down_end()] if copies >> c & 1), default=None)
        dealt = self.build.dealt()
        return next((c for c in self.g.deck.by_name[self.g.deck.names[card]] if c not in dealt), None)

    def _may_pass_unseen(self, seat: int) -> bool:
        """Whether the world stands at another seat's declaration turn where it may pass."""
        player = self.current_player()
        return player >= 0 and player != seat and self.engine.decision == DECLARE and \
            self.g.actions.ids["pass"] in self.legal_ids()

    def _replay(self, actions: list[int], players: list[int], discard=None, seat: int | None = None,
                to_move: int | None = None) -> bool:
        """Replay ``actions``; ``discard(world)``, when given, chooses the discard made in place
        of the recorded one (None: none fits, the replay fails).

        With ``seat`` (a world for that seat), another seat's declaration turn may go otherwise
        than recorded: the engine skips a turn with nothing to declare and tells everyone a
        pass, so a pass and a skipped turn look alike to ``seat``. Where the world's hand has a
        meld to declare at a turn the recorded hand had to skip, that seat passes; where the
        recorded hand passed and the world's has nothing to declare, the world skips the turn;
        after the last action, until ``to_move`` is to move. (The caller still checks that
        ``seat``'s information state comes out identical.)"""
        deck = self.g.deck
        passes = self.g.actions.ids["pass"]
        for action, player in zip(actions, players):
            if seat is not None:
                if player not in (CHANCE, seat) and action == passes and \
                        (self.current_player() != player or passes not in self.legal_ids()):
                    continue  # a recorded pass at a turn the world skips
                while self._may_pass_unseen(seat) and \
                        (self.current_player() != player or action not in self.legal_ids()):
                    self.apply(passes)  # a turn the recorded hand skipped
            if self.current_player() != player:
                return False
            if player == CHANCE and deck.packs > 1 and self.slot[0] not in (DEALER, NUMBER):
                # the first copy left of that name: a card's twin is the same card to every
                # player (found without listing every outcome of the node)
                card = self._first_copy_left(action)
                if card is None:
                    return False
                self._apply_outcome(card)
                continue
            if discard is not None and player != CHANCE and self.g.actions.strings[action].startswith(DISCARD + " "):
                action = discard(self)
                if action is None:
                    return False
            if action not in self.legal_ids():
                return False
            self.apply(action)
        while seat is not None and self.current_player() != to_move and self._may_pass_unseen(seat):
            self.apply(passes)  # the last turn recorded, skipped there
        return True


class ResampleError(RuntimeError):
    """No world consistent with a player's information state was found within the budget."""


class _Resampler:
    """Redraws the hidden cards of the current deal so that a player's information state holds.

    First by rejection: the hidden cards are dealt at random (avoiding known voids, and never so
    that the cards left cannot fill the later steps: ``engine.void_fit.VoidFit``) and the deal
    is replayed; a world is accepted only if every recorded action is still legal at the same kind
    of node and the information state comes out identical. What the engine reveals only
    implicitly (a declaration turn skipped because the opponent had no meld, a trick it could
    not win) can make consistent worlds rare, so after ``RESAMPLE_TRIES`` rejections a
    randomised backtracking search takes over. It replays the deal once, choosing each hidden
    card at random among those that keep the replay consistent up to the next hidden card, and
    backtracks on a dead end. Its worlds are consistent but not exactly uniform (nor, where
    voids are known, are those of the random tries). The search is bounded (``SEARCH_BUDGET``
    actions replayed); should it fail, :class:`ResampleError` is raised rather than the true
    state returned.
    """

    def __init__(self, state: ChanceState, seat: int, steps: list[int], avoid: list[int],
                 shown: list[tuple] = (), trump: int | None = None, rediscard: bool = False, kept: int = 0):
        self.state, self.seat, self.steps, self.avoid = state, seat, steps, avoid
        self.fit = VoidFit(state.g.deck, avoid)
        # (history indices of a hand, the points of the melds shown from it, and the indices of
        # every hand when the widow, the cards left, had joined it)
        self.shown, self.trump = shown, trump
        self.target = state.information_state(seat)
        self.observed = state.engine.observation(seat)
        self.budget = 0
        self.rng = random.Random(0)
        self.discard = None
        if rediscard:  # the cards the declarer is known to keep: seen in his hand, or played later
            names = state.g.deck.names
            strings, at = state.g.actions.strings, next(
                i for i in range(state.mark, len(state.history)) if state.players[i] != CHANCE
                and strings_of(state, i).startswith(DISCARD + " "))
            later = Counter(strings[a].split()[1] for a, p in zip(state.history[at:], state.players[at:])
                            if p == state.engine.declarer and strings[a].startswith("play "))
            self.keep = later | Counter(names[c] for c in iter_bits(kept))  # by name: twins alike
            # what he has played since: the rest of his hand is what he holds now, which has no
            # card of a suit he is known to lack (a card he kept of it would have had to be
            # played where he showed the void)
            self.later = later
            deck, voids = state.g.deck, state.engine.voids[state.engine.declarer]
            self.lacked = {name for name in deck.by_name if deck.suit_of[deck.card_index(name)] in voids}
            self.discard = self.discard_in

    def discard_in(self, world: ChanceState) -> int | None:
        """A discard of the world's hand at random, of none of the cards the declarer is known to
        keep, and of every card he would otherwise still hold of a suit he is known to lack:
        what the other seats know of his discard is only that it was made (the widow's cards
        not in his melds may be among it or not: ``State.held_or_aside``)."""
        strings, deck = self.state.g.actions.strings, self.state.g.deck
        held = Counter(deck.names_of(world.engine.hands[world.engine.declarer]))
        fits = []
        for a in world.legal_ids():
            discard = Counter(strings[a].split()[1:])
            kept = held - discard
            if not self.keep - kept and \
                    not any(name in self.lacked for name in kept - self.later):
                fits.append(a)
        return self.rng.choice(fits) if fits else None

    def draw(self, pool: list[int], rng: random.Random) -> ChanceState:
        self.rng = rng
        replays = 0
        for _ in range(SHOWN_TRIES):  # a deal whose shown melds differ is refused before replay
            if replays == RESAMPLE_TRIES:
                break
            history = self._drawn(pool, rng)
            if history is None or not self._shows_the_same(history):
                continue
            replays += 1
            world = self._replayed(history)
            if world is not None:
                return world
        s = self.state
        start = s.snapshot.clone()
        if start._replay(s.history[s.mark:self.steps[0]], s.players[s.mark:self.steps[0]], self.discard, self.seat):
            total = SEARCH_BUDGET
            # one run may replay at least two actions per card of the deck: a deal of several
            # packs (256 cards) has more actions than RESTART_BUDGET
            restart = max(RESTART_BUDGET, 2 * s.g.deck.size)
            while total > 0:  # restarts: a search stuck below a bad early card is abandoned
                self.budget = min(restart, total)
                total -= self.budget
                found = self._search(start, 0, list(pool), rng)
                if found is not None:
                    return found
        raise ResampleError(f"no deal consistent with P{self.seat}'s information state found in "
                            f"{RESAMPLE_TRIES} random tries and a search of {SEARCH_BUDGET} actions")

    def _drawn(self, pool: list[int], rng: random.Random) -> list[int] | None:
        """The history with the hidden cards dealt at random (None: a void could not be kept)."""
        s = self.state
        rng.shuffle(pool)
        left = list(pool)
        counts = self.fit.suit_counts(left)
        history = list(s.history)
        for k, (i, avoid) in enumerate(zip(self.steps, self.avoid)):
            card = next((c for c in left if not avoid >> c & 1 and self.fit.fits(k, counts, c)), None)
            if card is None:
                return None
            left.remove(card)
            counts[self.fit.suit_of[card]] -= 1
            history[i] = card
        return history

    def _shows_the_same(self, history: list[int]) -> bool:
        """Whether each hand whose melds were shown as dealt would show the same points."""
        table, deck = self.state.g.game.meld_table, self.state.g.deck
        for indices, points, every_hand in self.shown:
            mask = 0
            for i in indices:
                mask |= 1 << history[i]
            if every_hand is not None:  # with the widow: the cards no hand was dealt
                dealt = 0
                for i in every_hand:
                    dealt |= 1 << history[i]
                mask |= deck.full_mask & ~dealt
            if sum(m.points for m in best_meld_set(table, mask, self.trump)) != points:
                return False
        return True

    def _replayed(self, history: list[int]) -> ChanceState | None:
        s = self.state
        world = s.snapshot.clone()
        if world._replay(history[s.mark:], s.players[s.mark:], self.discard, self.seat, s.current_player()) \
                and self._accepts(world):
            return world
        return None

    def _accepts(self, world: ChanceState) -> bool:
        # the observation too: with a double pack, which copy of a card a meld took decides what
        # the engine counts as known, which the information state (by name) does not show
        return world.current_player() == self.state.current_player() and \
            world.information_state(self.seat) == self.target and \
            world.engine.observation(self.seat) == self.observed

    def _search(self, world: ChanceState, k: int, left: list[int], rng: random.Random) -> ChanceState | None:
        """``world`` stands just before hidden step ``k``; choose its card and go on."""
        s = self.state
        i = self.steps[k]
        stop = self.steps[k + 1] if k + 1 < len(self.steps) else len(s.history)
        counts = self.fit.suit_counts(left)
        candidates = [c for c in left if not self.avoid[k] >> c & 1 and self.fit.fits(k, counts, c)]
        rng.shuffle(candidates)
        for card in candidates:
            if self.budget <= 0:
                return None
            self.budget -= stop - i
            branch = world.clone()
            if not branch._replay([card] + s.history[i + 1:stop], s.players[i:stop], self.discard, self.seat,
                                  s.current_player() if stop == len(s.history) else None):
                continue
            if k + 1 == len(self.steps):
                if self._accepts(branch):
                    return branch
                continue
            rest = list(left)
            rest.remove(card)
            found = self._search(branch, k + 1, rest, rng)
            if found is not None:
                return found
        return None


def first_copies(copy_masks: list[int], cards: int) -> list[tuple[int, int]]:
    """Of the cards of the mask ``cards``, the first copy of each name with the number of its
    copies there, in card order; ``copy_masks`` are the masks of each name's copies
    (``ChanceGame.copy_masks``).

    A record names cards, and the engine numbers the copies of a name in the order they come
    into play: for each name it is dealt, the first copy not yet taken (hands in seat order,
    the widow, the turn-up, then the stock in the order drawn). Which copy a move takes (``play
    C``: the hand's first; ``play C from table``: the table's first) and the order of the legal
    moves follow those numbers. So each chance node deals or draws the first copy left of the
    name it chooses: the copies are then numbered as in the replay of the game's record, and the
    game under the adapter and its replay take the same copies."""
    first = []
    for mask in copy_masks:
        held = cards & mask
        if held:
            first.append(((held & -held).bit_length() - 1, held.bit_count()))
    first.sort()
    return first


def strings_of(state: ChanceState, i: int) -> str:
    """The action string of history entry ``i`` (a player's)."""
    return state.g.actions.strings[state.history[i]]


def _no_deal_yet() -> bool:
    """The engine's ``deal_gate`` in the adapter: every deal is dealt by chance nodes first."""
    return False


def _replayed(game_string: str, max_deals: int, history: list[int]) -> ChanceState:
    state = chance_game(game_string, max_deals).new_state()
    for action in history:
        state.apply(action)
    return state
