"""Deals and draws as explicit chance nodes over the cardcore engine (for OpenSpiel).

The engine deals and draws by itself from a deal fixed in advance. OpenSpiel wants every hidden
card to be a chance node whose outcome is open until the card is dealt or drawn.
:class:`ChanceState` gets that without changing the engine:

- **Dealing.** A deal is dealt card by card. There is one chance node for the first dealer (over
  the seats, first deal only). Then come each hand in seat order, then the turn-up (Marjolet),
  then as many stock cards as the engine uses when a deal starts (Penneech turns the first stock
  card for trump at once). The engine state is then built with ``game.new_game(deals=[deal])``;
  later deals are appended to its ``given_deals``. The rest of the stock lies in a placeholder
  order (deck order).
- **Drawing.** Most actions are carried out on the engine state itself, with its
  ``draw_gate`` set: before the engine takes a stock card that is not fixed yet, it pauses, the
  adapter state goes through a chance node that fixes that stock position (the chosen card is
  swapped into it), and the engine resumes. So the chance nodes come right after the action
  that causes the draw, as at the table, one per card, in the order the cards are taken.
  Actions that may start a deal (a play of the last card held, a step after it, a throw-in, or
  any action where the last phase ends with the stock) are first tried on a clone instead: if
  the clone draws or turns cards not fixed yet, they get their chance nodes; if it starts a new
  deal, the new deal is dealt as above. Then the clone tried with every card it uses fixed
  becomes the new engine state.
- **Outcomes.** Chance outcomes are card indices, uniform over the cards that no one has seen:
  those not yet dealt or, for a stock position, the face-down stock cards not yet fixed. So the
  chance nodes sample exactly a shuffled deck.
- **Information.** No one ever sees the placeholder order. Information states are built from
  the engine's events: your own cards as dealt and drawn, every action, the deal and its
  dealer, and cards turned face up (turned trumps, Marjolet's turn-up, and the faced card when
  it is drawn last). Chance nodes themselves are invisible until the engine uses their card.
- **Deal cap.** When an action would start a deal beyond the cap (``encoding.Bounds.deal_cap``),
  the game is cut off instead and scored by :func:`encoding.cut_off_returns`. This uses the
  scores at the end of the last deal, and the engine state is left as it was before that
  action.
- **Resampling** (for ISMCTS). Only the unseen cards of the current deal are redrawn: the other
  seats' hidden hand cards and the face-down stock. Earlier deals are over, so their cards
  cannot matter. The deal's history is replayed from a snapshot taken when its dealing began,
  with the hidden hand cards swapped for others drawn from that pool (cards of suits a seat is
  known to lack are avoided). A replay is accepted only if every recorded action is still legal
  at the same kind of node, it ends at the same player's turn and the player's information
  state comes out identical. This catches what the engine reveals only implicitly: a
  declaration turn skipped because the opponent had no meld, the obligation to win a trick.
  Random tries come first; when they keep failing, a backtracking search finds a consistent
  world (see :class:`_Resampler`). The true state is never handed back: if even the bounded
  search fails, :class:`ResampleError` is raised.

A :class:`ChanceState` pickles as its game string and action history and is rebuilt by replaying
them. So OpenSpiel's serialization, which pickles the Python state, round-trips.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field, replace

from .. import IllegalAction, load_game
from ..cards import iter_bits
from .encoding import DEFAULT_MAX_DEALS, ActionTable, ObservationEncoder, cut_off_returns, game_bounds, \
    observation_text, scores_before_deal

CHANCE, TERMINAL = -1, -4  # OpenSpiel's player ids for chance and terminal nodes
START = "<start>"  # the pseudo-action that deals the first deal
DEALER, HAND, TURNUP, PREFIX, STOCK = "dealer", "hand", "turnup", "prefix", "stock"
RESAMPLE_TRIES = 50  # rejection tries before the backtracking search (see _Resampler)
SEARCH_BUDGET = 50_000  # actions the backtracking search may replay
RESTART_BUDGET = 200  # actions one run of that search may replay before it starts afresh


class ChanceGame:
    """What the chance states of one game and option set share: the game, its actions, bounds."""

    def __init__(self, game, max_deals: int = DEFAULT_MAX_DEALS):
        self.game = game
        self.deck = game.deck
        self.n = game.players
        self.hand_size = game.rules.deal.hand_size
        self.turnup = game.rules.deal.turnup
        self.max_deals = max_deals
        self.actions = ActionTable(game)
        self.bounds = game_bounds(game, max_deals)
        self.encoder = ObservationEncoder(game, self.bounds)
        last = game.rules.phases[-1]
        self.stock_ends_last_phase = last.until == "stock-empty"

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

    def copy(self) -> "_Build":
        return _Build(self.dealer, [list(h) for h in self.hands], self.turnup, list(self.prefix))

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
        return out


@dataclass(frozen=True)
class _Trial:
    """What trying the pending action on a clone showed."""

    state: object | None  # the engine state after it (None: nothing could be tried yet)
    old_end: int  # the old deal's stock is used up to this position
    new_deal: bool
    dealer: int | None = None
    start_used: int = 0  # stock cards the new deal used as it started


class ChanceState:
    """One game in progress, with deals and draws as chance nodes. See the module docstring."""

    def __init__(self, g: ChanceGame):
        self.g = g
        self.engine = None  # the cardcore State, once the first deal is dealt
        self.pending: str | None = START  # the action waiting for its chance nodes
        self.build: _Build | None = None
        self.fixed = 0  # stock positions below this are fixed (in the engine's stock list)
        self.probe: _Trial | None = None  # the last trial of the pending action, without its state
        self.slot: tuple[str, int | None] | None = None  # what the current chance node decides
        self.cut_off: list[float] | None = None
        self.history: list[int] = []
        self.players: list[int] = []  # who chose each history entry (CHANCE for chance)
        self.kinds: list[str] = []  # the slot kind of each chance entry ("" for players)
        self.log: list[tuple[int | None, str, str]] = []  # (seat or None, its text, others' text)
        self.mark = 0  # history index where the current deal's dealing began
        self.snapshot: ChanceState | None = None  # the state at that index
        self._new_build = False
        self._outcomes_at, self._outcomes_memo = -1, []  # _outcomes() of the node at that history length
        self._legal_at, self._legal_memo = -1, []  # legal_ids() of the player node at that history length
        self._pending_legal = False  # whether the pending player action is legal
        self.paused: tuple[int, int] | None = None  # (seat, first event) of an action the engine runs in place
        self._advance()

    # ------------------------------------------------------------------ queries
    # OpenSpiel asks these several times per action: they read the fields directly. A chance
    # node is never terminal (a cut-off game has no slot), and while an action is pending the
    # state stands at one of its chance nodes.
    def current_player(self) -> int:
        if self.slot is not None:
            return CHANCE
        if self.cut_off is not None or self.engine.result is not None:
            return TERMINAL
        return self.engine.current_player

    def is_terminal(self) -> bool:
        return self.cut_off is not None or (self.pending is None and self.engine.result is not None)

    def returns(self) -> list[float]:
        if self.cut_off is not None:
            return list(self.cut_off)
        if self.engine is None or self.pending is not None:
            return [0.0] * self.g.n
        return self.engine.returns()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self._outcomes()
        if self.g.deck.packs > 1 and self.slot[0] not in (DEALER, STOCK):
            # one outcome per name (its first undealt copy), as likely as the copies left of it
            names, dealt = self.g.deck.names, self.build.dealt()
            left = [names[c] for c in range(self.g.deck.size) if c not in dealt]
            return [(c, left.count(names[c]) / len(left)) for c in cards]
        return [(c, 1.0 / len(cards)) for c in cards]

    def legal_ids(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.slot is not None:
            return list(self._outcomes())
        if self._legal_at != len(self.history):
            self._legal_memo, self._legal_at = self.g.actions.legal_ids(self.engine), len(self.history)
        return list(self._legal_memo)

    def _outcomes(self) -> list[int]:
        """The cards (or seats) the current chance node may choose; worked out once per node."""
        if self._outcomes_at != len(self.history):
            self._outcomes_memo, self._outcomes_at = self._work_out_outcomes(), len(self.history)
        return self._outcomes_memo

    def _work_out_outcomes(self) -> list[int]:
        kind = self.slot[0]
        if kind == DEALER:
            return list(range(self.g.n))
        if kind == STOCK:
            return sorted(self.engine.stock[self.fixed:self._face_down_end()])
        dealt = self.build.dealt()
        cards = [c for c in range(self.g.deck.size) if c not in dealt]
        if self.g.deck.packs > 1:
            # With a double pack the engine takes, for each name it is dealt, the first copy not
            # yet taken (hands in seat order, the turn-up, the stock): dealing here the first
            # undealt copy of a name, in that same order, gives the engine's own card indices.
            first: dict[str, int] = {}
            for c in cards:
                first.setdefault(self.g.deck.names[c], c)
            cards = sorted(first.values())
        return cards

    def _face_down_end(self) -> int:
        e = self.engine
        return len(e.stock) - (1 if e.faced is not None and e.stock_pos < len(e.stock) else 0)

    # ------------------------------------------------------------------ applying
    def apply(self, action: int) -> None:
        if self.is_terminal():
            raise ValueError("the game is over")
        player = self.current_player()
        if player == CHANCE:
            if action not in self._outcomes():
                raise ValueError(f"chance outcome {action} is not possible here")
            self._record(player, action, self.slot[0])
            self._apply_chance(action)
            self.slot = None
            if self.paused is not None:  # the engine waits in the middle of the pending action
                self._run_in_place(self.engine.resume)
            else:
                self._advance()
            return
        if not 0 <= action < len(self.g.actions):
            raise ValueError(f"action {action} is not in the action space")
        self._pending_legal = action in self.legal_ids()  # before the history grows: the memo holds
        self._record(player, action, "")
        self.pending = text = self.g.actions.strings[action]
        try:
            self._advance()  # tries the action on a clone first: an illegal one changes nothing
        except IllegalAction as exc:
            self.pending = None
            del self.history[-1], self.players[-1], self.kinds[-1]
            raise ValueError(f"action {action} ({text}) is not legal: {exc}") from None

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
        else:
            stock = self.engine.stock
            j = stock.index(card, self.fixed)
            stock[self.fixed], stock[j] = stock[j], stock[self.fixed]
            self.fixed += 1

    def _advance(self) -> None:
        """Carry out the pending action once every card it uses is fixed; else stop at a chance node."""
        if self.pending is not None and self.probe is None and self._in_place(self.pending):
            e = self.engine
            self.paused = (e.current_player, len(e.events))
            self._run_in_place(e.apply, self.pending)
            return
        while self.pending is not None:
            stale = self.probe is not None
            trial = self.probe if stale else self._trial()
            slot = self._slot_for(trial)
            if slot is None and stale:  # planned cards fixed: try it for real
                trial = self._trial()
                slot = self._slot_for(trial)
            if slot is None:
                self._accept(trial)
                continue
            self.probe, self.slot = (trial if stale else replace(trial, state=None)), slot
            if self._new_build:  # the dealing of a deal begins: keep a snapshot for resampling
                self._new_build = False
                self.mark = len(self.history)
                self.snapshot = None
                self.snapshot = self.clone()
            return

    def _in_place(self, action: str) -> bool:
        """Whether ``action`` may be carried out on the engine state itself, without a trial.

        It may when it is legal and cannot start a deal: the engine then pauses before each
        stock card it takes that is not fixed yet (``State.draw_gate``), for its chance node. A
        deal can end only once no seat holds a card (a play of the last card held, or a step
        after it), or by a throw-in; those, the first deal and a last phase that ends when the
        stock is empty go through the trial on a clone.
        """
        e = self.engine
        if e is None or self.build is not None or self.g.stock_ends_last_phase or action == "throw-in":
            return False
        held = 0
        for hand, table in zip(e.hands, e.tableaus):
            held += (hand | table).bit_count()
        if held == 0 or (held == 1 and action.startswith("play ")):
            return False
        return self._pending_legal

    def _run_in_place(self, step, *args) -> None:
        """Run ``step`` on the engine; stop at a chance node if it pauses before an unfixed card."""
        e = self.engine
        paused = False

        def gate() -> bool:
            nonlocal paused
            paused = self.fixed <= e.stock_pos < self._face_down_end()
            return not paused

        e.draw_gate = gate
        try:
            step(*args)
        finally:
            e.draw_gate = None
        if paused:
            self.slot = (STOCK, None)
            return
        seat, start = self.paused
        self._log_action(seat)
        self._log_events(e, start)
        self.pending = self.paused = None

    def _trial(self) -> _Trial:
        b = self.build
        complete = b is not None and self._build_slot(b, None) is None
        e = self.engine
        if e is None:  # the first deal
            if not complete:
                return _Trial(None, 0, True)
            state = self.g.game.new_game(deals=[b.deal(self.g)])
            return _Trial(state, 0, True, b.dealer, state.stock_pos)
        t = e.clone()
        if complete:
            t.given_deals = e.given_deals + [b.deal(self.g)]
        else:
            t.seed = 0  # a placeholder deal, should the action start one
        t.apply(self.pending)
        if len(t.deals) == len(e.deals):
            return _Trial(t, t.stock_pos, False)
        used = 0
        for event in t.events[len(e.events):]:
            if event["type"] == "deal":
                break
            used += event["type"] in ("draw", "turn")
        return _Trial(t, e.stock_pos + used, True, t.deals[-1]["dealer"], t.stock_pos)

    def _slot_for(self, trial: _Trial) -> tuple[str, int | None] | None:
        e = self.engine
        if e is not None:
            if self.fixed < min(trial.old_end, self._face_down_end()):
                return (STOCK, None)
            if not trial.new_deal or len(e.deals) >= self.g.bounds.deal_cap:
                return None
        if self.build is None:
            self.build = _Build(trial.dealer, [[] for _ in range(self.g.n)])
            self._new_build = True
        return self._build_slot(self.build, trial)

    def _build_slot(self, b: _Build, trial: _Trial | None) -> tuple[str, int | None] | None:
        if b.dealer is None:
            return (DEALER, None)
        for seat, hand in enumerate(b.hands):
            if len(hand) < self.g.hand_size:
                return (HAND, seat)
        if self.g.turnup and b.turnup is None:
            return (TURNUP, None)
        if trial is not None and len(b.prefix) < trial.start_used:
            return (PREFIX, None)
        return None

    def _accept(self, trial: _Trial) -> None:
        e = self.engine
        if e is not None:
            seat = e.current_player
            self._log_action(seat)
            if trial.new_deal and len(e.deals) >= self.g.bounds.deal_cap:
                scores = scores_before_deal(e.scores, trial.state.events[len(e.events):], e.table)
                self.cut_off = cut_off_returns(scores, e.table)
                self._public(f"cut off after {len(e.deals)} deals at {'/'.join(map(str, scores))}")
                self.pending = self.probe = None
                return
        self._log_events(trial.state, len(e.events) if e is not None else 0)
        self.engine = trial.state
        if trial.new_deal:
            self.fixed = len(self.build.prefix)
            self.build = None
        self.pending = self.probe = None

    # ------------------------------------------------------------------ information
    def _public(self, text: str) -> None:
        self.log.append((None, text, text))

    def _log_action(self, seat: int) -> None:
        if self.pending != "pass":  # passes are logged from their events (see _log_events)
            self._public(f"P{seat} {self.pending}")

    def _log_events(self, state, start: int) -> None:
        deck = self.g.deck
        for event in state.events[start:]:
            kind = event["type"]
            if kind == "deal":
                deal = state.deals[-1]
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
            elif kind == "pass":
                # The engine reports a declaration turn skipped for want of anything to declare
                # as a pass, so that it tells the other players no more than a pass would; the
                # information state must not tell them more either.
                self._public(f"P{event['seat']} pass")

    def information_state(self, seat: int) -> str:
        lines = [f"P{seat}"]
        for owner, mine, others in self.log:
            text = mine if owner is None or owner == seat else others
            if text:
                lines.append(text)
        return "\n".join(lines)

    def observation_string(self, seat: int) -> str:
        if self.engine is None:
            return f"P{seat} | dealing"
        text = observation_text(self.engine.observation(seat))
        return text + " | cut off" if self.cut_off is not None else text

    def action_string(self, player: int, action: int) -> str:
        if player != CHANCE:
            return self.g.actions.strings[action]
        kind = self.slot[0] if self.slot is not None else None
        if kind == DEALER:
            return f"first dealer P{action}"
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
                 f"stock {e.stock_left} (fixed {max(0, self.fixed - e.stock_pos)})"]
        for s in range(self.g.n):
            lines.append(f"P{s} hand {' '.join(d.names_of(e.hands[s]))} | table {' '.join(d.names_of(e.tableaus[s]))}")
        lines.append("trick " + " ".join(d.names[c] for c in e.trick))
        lines.append(f"scores {e.scores} to play {self.current_player()}"
                     + (f" pending {self.pending!r}" if self.pending else "")
                     + (f" cut off {self.cut_off}" if self.cut_off else ""))
        return "\n".join(lines)

    # ------------------------------------------------------------------ copies
    def clone(self) -> "ChanceState":
        new = object.__new__(ChanceState)
        new.__dict__.update(self.__dict__)
        new.engine = self.engine.clone() if self.engine is not None else None
        new.build = self.build.copy() if self.build is not None else None
        new.history, new.players, new.kinds = list(self.history), list(self.players), list(self.kinds)
        new.log = list(self.log)
        return new

    def __deepcopy__(self, memo) -> "ChanceState":
        return self.clone()

    def __reduce__(self):
        return (_replayed, (self.g.game.game_string(), self.g.max_deals, list(self.history)))

    # ------------------------------------------------------------------ resampling
    def resample(self, seat: int, rng: random.Random) -> "ChanceState":
        """A state with the same information state for ``seat``, the unseen cards redrawn.

        Raises :class:`ResampleError` when no consistent world is found within the search budget;
        it never falls back to the true state.
        """
        e = self.engine
        if e is None or self.pending is not None or self.is_terminal() or self.snapshot is None:
            return self.clone()
        hidden_of = {q: e.hands[q] & ~e.known[q] for q in range(self.g.n) if q != seat}
        hidden = 0
        for mask in hidden_of.values():
            hidden |= mask
        steps = [i for i in range(self.mark, len(self.history))
                 if self.kinds[i] in (HAND, STOCK, PREFIX, TURNUP) and hidden >> self.history[i] & 1]
        if not steps:
            return self.clone()
        owner = {c: q for q, mask in hidden_of.items() for c in iter_bits(mask)}
        void_masks = {q: _suits_mask(e, e.voids[q]) for q in hidden_of}
        avoid = [void_masks[owner[self.history[i]]] for i in steps]
        pool = sorted(iter_bits(hidden)) + e.stock[self.fixed:self._face_down_end()]
        world = _Resampler(self, seat, steps, avoid).draw(pool, rng)
        world.snapshot, world.mark = self.snapshot, self.mark
        return world

    def _replay(self, actions: list[int], players: list[int]) -> bool:
        deck = self.g.deck
        for action, player in zip(actions, players):
            if self.current_player() != player:
                return False
            legal = self.legal_ids()
            if action not in legal:
                # with a double pack a card's twin is the same card to every player
                twin = next((c for c in legal if player == CHANCE and deck.packs > 1 and 0 <= action < deck.size
                             and deck.names[c] == deck.names[action]), None)
                if twin is None:
                    return False
                action = twin
            self.apply(action)
        return True


class ResampleError(RuntimeError):
    """No world consistent with a player's information state was found within the budget."""


class _Resampler:
    """Redraws the hidden cards of the current deal so that a player's information state holds.

    First by rejection: the hidden cards are dealt at random (avoiding known voids) and the deal
    is replayed; a world is accepted only if every recorded action is still legal at the same
    kind of node and the information state comes out identical. That samples the consistent
    worlds uniformly. What the engine reveals only implicitly (a declaration turn skipped because
    the opponent had no meld, a trick it could not win) can make consistent worlds rare, so after
    ``RESAMPLE_TRIES`` rejections a randomised backtracking search takes over. It replays the
    deal once, choosing each hidden card at random among those that keep the replay consistent
    up to the next hidden card, and backtracks on a dead end. Its worlds are consistent but not
    exactly uniform. The search is bounded (``SEARCH_BUDGET`` actions replayed); should it fail,
    :class:`ResampleError` is raised rather than the true state returned.
    """

    def __init__(self, state: ChanceState, seat: int, steps: list[int], avoid: list[int]):
        self.state, self.seat, self.steps, self.avoid = state, seat, steps, avoid
        self.target = state.information_state(seat)
        self.budget = 0

    def draw(self, pool: list[int], rng: random.Random) -> ChanceState:
        for _ in range(RESAMPLE_TRIES):
            world = self._rejection_try(pool, rng)
            if world is not None:
                return world
        s = self.state
        start = s.snapshot.clone()
        if start._replay(s.history[s.mark:self.steps[0]], s.players[s.mark:self.steps[0]]):
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

    def _rejection_try(self, pool: list[int], rng: random.Random) -> ChanceState | None:
        s = self.state
        rng.shuffle(pool)
        left = list(pool)
        history = list(s.history)
        for i, avoid in zip(self.steps, self.avoid):
            card = next((c for c in left if not avoid >> c & 1), None)
            if card is None:
                return None
            left.remove(card)
            history[i] = card
        world = s.snapshot.clone()
        if world._replay(history[s.mark:], s.players[s.mark:]) and self._accepts(world):
            return world
        return None

    def _accepts(self, world: ChanceState) -> bool:
        return world.current_player() == self.state.current_player() and \
            world.information_state(self.seat) == self.target

    def _search(self, world: ChanceState, k: int, left: list[int], rng: random.Random) -> ChanceState | None:
        """``world`` stands just before hidden step ``k``; choose its card and go on."""
        s = self.state
        i = self.steps[k]
        stop = self.steps[k + 1] if k + 1 < len(self.steps) else len(s.history)
        candidates = [c for c in left if not self.avoid[k] >> c & 1]
        rng.shuffle(candidates)
        for card in candidates:
            if self.budget <= 0:
                return None
            self.budget -= stop - i
            branch = world.clone()
            if not branch._replay([card] + s.history[i + 1:stop], s.players[i:stop]):
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


def _suits_mask(state, suits) -> int:
    mask = 0
    for s in suits:
        mask |= state.deck.suit_masks[s]
    return mask


def _replayed(game_string: str, max_deals: int, history: list[int]) -> ChanceState:
    state = chance_game(game_string, max_deals).new_state()
    for action in history:
        state.apply(action)
    return state
