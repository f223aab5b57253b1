"""The state of one game in progress: the state API of DESIGN.md.

Decisions are the only actions (``play C``, ``meld C C ...``, ``pass`` and game verbs); the engine
carries out forced steps itself (deals, draws, phase changes, scoring) and reports them as
events. A declaration turn at which the player has nothing to declare is skipped, since a
decision with one choice is no decision.

The work is split by job over :mod:`cardcore.engine` (dealing, declaring, trick play, scoring,
knowledge, refusals, events); this class joins them and answers the API.
"""

from __future__ import annotations

import random

from .cards import SUIT_NAMES, bits
from .engine.chance import ChanceMixin
from .engine.dealing import DealingMixin, _deal_out
from .engine.declaring import DeclaringMixin
from .engine.effects import carry_out
from .engine.events import EventsMixin
from .engine.kinds import DECLARE, EXCHANGE, PLAY, THROW_IN  # noqa: F401  (kept importable from here)
from .engine.knowledge import KnowledgeMixin
from .engine import auction, contract, discard, name_trump, settle, show_melds, widow  # noqa: F401  (phase kinds)
from .engine.phases import OFFERS, decision_handler
from .engine.refusals import RefusalsMixin
from .engine.scoring import ScoringMixin
from .engine.trickplay import TrickPlayMixin
from .errors import CardcoreError, IllegalAction
from .melds import MeldScore
from .records import RECORD_FORMAT
from .tricks import legal_plays


class State(DealingMixin, DeclaringMixin, TrickPlayMixin, ScoringMixin, KnowledgeMixin, ChanceMixin,
            RefusalsMixin, EventsMixin):
    def __init__(self, game, seed: int | None = None, deals: list[dict] | None = None):
        self.game = game
        self.deck = game.deck
        self.rules = game.rules
        self.n = game.players
        self.table = game.table
        # what each card scores when turned or won, by (card, when, trump): shared by the clones
        # of this state, and kept here rather than in the game, which a state never writes to
        self.card_values: dict[tuple[int, str, int | None], int] = {}
        if seed is None and not deals:
            seed = random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.given_deals = [self._check_deal(i, d) for i, d in enumerate(deals or [])]
        self.deals: list[dict] = []
        self.actions: list[str] = []
        self.events: list[dict] = []
        self.log_events = True  # search bots turn this off in the worlds they sample
        # ... and end those worlds with the deal they look ahead to: their result then says
        # "stopped", and its winner is only who leads at that point
        self.stop_after_deal = False
        # An adapter's hook: when it answers False, the steps pause before a stock card is
        # taken, so that the card can be chosen first (a chance node); resume() goes on.
        self.draw_gate = None
        self.scores = [0] * self.n  # per seat; a partner shows its side's total
        self.side_scores = [0] * len(self.table.sides)
        self.rounds: list[dict] = []
        self.result: dict | None = None
        self.tallies: dict[str, int] = {}  # game-specific counts kept by plugins (e.g. blocks)
        self.next_dealer: int | None = None  # a throw-in's redeal by the same dealer
        self.first_to_target: int | None = None
        # the target now: it may rise when a deal ends with several sides over it
        self.target: int | None = self.rules.game_end.target
        # the game's result per side when a settle step decides it (e.g. Table.settle_against for
        # a declarer against each opponent); otherwise side_returns works it out from the totals
        self.settlement: list[int] | None = None
        self.current_player: int | None = None
        self._start_deal()

    def is_terminal(self) -> bool:
        return self.result is not None

    # ------------------------------------------------------------------ queries
    @property
    def phase_rule(self):
        return self.rules.phases[self.phase]

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def legal_actions(self) -> list[str]:
        if self.result is not None:
            return []
        claim = self.rules.claim
        return self._decision_actions() + [claim.action] if claim is not None else self._decision_actions()

    def _decision_actions(self) -> list[str]:
        seat = self.current_player
        if self.decision == PLAY:
            names = self.game.play_action
            return list(dict.fromkeys(names[c] for c in self._legal_cards(seat)))
        if self.decision == THROW_IN:
            return [THROW_IN, "pass"]
        if self.decision != DECLARE:  # a decision of a phase kind of its own (e.g. a bid)
            return decision_handler(self.decision).legal_actions(self) + list(self.offers)
        melds = self.open_melds(seat)
        actions = [a for a, _ in sorted(
            ((self.game.meld_action(m.mask), m) for m in melds),
            key=lambda am: (-am[1].points, len(am[0]), am[0]))]
        extra = [] if self._meld_limit_reached() else self.game.extra_declarations(self, seat)
        return actions + self._exchanges(seat) + extra + ["pass"]

    def legal_moves(self) -> list:
        """Like legal_actions, but a card to play is its index and a meld its MeldScore: the
        fast path of playouts, with no strings to build or parse. A claim (Out) is among them
        only when it is right: a wrong one loses the game at once, no line worth searching."""
        if self.result is not None:
            return []
        seat = self.current_player
        if self.decision == PLAY:
            mask = self.playable(seat)
            if self.trick and not self.follow.free:
                mask = legal_plays(self.deck, self.follow, mask, self.trick, self.trump)
            claim = self.rules.claim
            if claim is not None and self.claim_is_right(seat):
                return bits(mask) + [claim.action]
            return bits(mask)
        if self.decision == DECLARE:
            moves = self._turn_moves
            if moves is None:  # e.g. in a sampled world whose hands were dealt anew
                moves = self._turn_moves = self._declaration_moves(seat)
            moves = [*moves, "pass"]
        else:  # a decision of a phase kind of its own
            moves = self._decision_actions()
        claim = self.rules.claim
        return moves + [claim.action] if claim is not None and self.claim_is_right(seat) else moves

    def apply_move(self, move) -> None:
        """Apply a move of legal_moves() (a card index is trusted to be legal)."""
        if type(move) is int:
            self._play_card(self.current_player, move)
            if self.trick and self.first_to_target is None:
                return  # a trick under way: no forced step is due
        elif type(move) is MeldScore:
            self.actions.append(self.game.meld_action(move.mask))
            self._declare(self.current_player, move)
            self._after_declaration()
        elif move == "pass" and self.decision == DECLARE:
            self.actions.append("pass")
            self._end_step()
        else:
            self.apply(move)
            return
        if self.result is None and self.first_to_target is None:
            self._advance()
        if self.first_to_target is not None and self.result is None:
            self._end_game()

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: str) -> None:
        """Carry out one decision; raise IllegalAction naming the rule that forbids it."""
        if self.result is not None:
            raise IllegalAction(action, "the game is over")
        if not isinstance(action, str) or not action.split():
            raise IllegalAction(str(action), "an action is a verb and its cards, e.g. 'play QS', 'meld QS JH', 'pass'")
        verb, *args = action.split()
        seat = self.current_player
        if self.rules.claim is not None and verb == self.rules.claim.action:
            if args:
                raise IllegalAction(action, f"{verb} takes no cards")
            self._claim(seat)
            return
        if self.decision not in (PLAY, DECLARE, THROW_IN):  # a decision of a phase kind of its own
            offers, self.offers = self.offers, ()
            if verb in offers:  # e.g. the declarer's concession instead of his discard
                OFFERS[verb](self, seat, args, action)
            else:
                try:
                    decision_handler(self.decision).apply(self, seat, verb, args, action)
                except IllegalAction:
                    self.offers = offers  # a refused action leaves the offer open
                    raise
            self._after_action()
            return
        try:
            cards = [self.deck.parse(a) for a in args]
        except CardcoreError as exc:
            raise IllegalAction(action, str(exc)) from None
        canonical = " ".join([verb, *cards])
        if verb == "play":
            if len(cards) != 1:
                raise IllegalAction(action, "play takes exactly one card")
            self._play(seat, cards[0], canonical)
            self._after_action()
            return
        elif verb == "meld":
            self._meld_action(seat, cards, canonical)
        elif verb == "pass":
            if args:
                raise IllegalAction(action, "pass takes no cards")
            if self.decision not in (DECLARE, THROW_IN):
                raise IllegalAction(action, self._expected())
            self.actions.append("pass")
            if self.decision == THROW_IN:
                self._event("pass", seat=seat)
                self._next_throw_in_offer()
            else:
                self._end_step()
        elif verb == THROW_IN:
            if args:
                raise IllegalAction(action, "throw-in takes no cards: the whole hand is thrown in")
            self._throw_in(seat, action)
            return
        elif verb == EXCHANGE:
            self._exchange(seat, cards, canonical)
        else:
            if self.decision != DECLARE:
                raise IllegalAction(action, self._expected())
            outcome = self.game.apply_extra(self, seat, verb, cards)
            if isinstance(outcome, str):
                raise IllegalAction(action, outcome)
            if outcome is not None:
                carry_out(self, seat, outcome)
            self.actions.append(canonical)
            self._after_declaration()
        self._after_action()

    def resume(self) -> None:
        """Go on with the steps that ``draw_gate`` paused."""
        self._after_action()

    def _after_action(self) -> None:
        if self.result is None and self.first_to_target is None:  # no forced steps after "at once"
            self._advance()
        if self.first_to_target is not None and self.result is None:
            self._end_game()

    # ------------------------------------------------------------------ views
    def record(self) -> dict:
        return {
            "game": self.game.name,
            "format": RECORD_FORMAT,
            "options": dict(self.game.options),  # every option: a later change of default cannot alter it
            "seed": self.seed,
            "deals": [_deal_out(d) for d in self.deals],
            "actions": list(self.actions),
        }

    def clone(self) -> "State":
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new.tableaus = list(self.tableaus)
        new.known = list(self.known)
        new.voids = [set(v) for v in self.voids]
        new.won = [list(w) for w in self.won]
        new.trick = list(self.trick)
        new._meld_memo = None
        new.trick_seats = list(self.trick_seats)
        new.pending = list(self.pending)
        new.throw_in_offers = list(self.throw_in_offers)
        new.trick_winners = list(self.trick_winners)
        new.stock = list(self.stock)
        new.scores = list(self.scores)
        new.side_scores = list(self.side_scores)
        new.round_points = list(self.round_points)
        new.meld_log = list(self.meld_log)
        new.meld_history = [list(h) for h in self.meld_history]
        new.waiting = [list(w) for w in self.waiting]
        new.actions = list(self.actions)
        new.events = list(self.events)
        new.deals = list(self.deals)
        new.rounds = self.rounds[:-1] + [_copy_round(r) for r in self.rounds[-1:]]  # only the last changes
        if new.rounds:
            new.rounds[-1]["points"] = new.round_points
            new.rounds[-1]["melds"] = new.meld_log
        new.result = dict(self.result) if self.result else None
        new.tallies = dict(self.tallies)
        return new

    def summary(self) -> dict:
        """The ``cardcore replay --json`` object of DESIGN.md."""
        rounds = [_round_out(r) for r in self.rounds]
        if self.result is None and rounds:  # the round in progress: counted cards so far
            rounds[-1]["points"] = list(self.round_points)
            for name in self.rules.counters:
                rounds[-1][name] = self.counter_counts(name)
        out = {
            "game": self.game.name,
            "options": dict(self.game.options),
            "finished": self.result is not None,
            "current_player": self.current_player,
            "legal_actions": self.legal_actions(),
            "scores": list(self.scores),
            "rounds": rounds,
            "result": self.result,
        }
        if self.rules.game_end.both_over == "raise-target":
            out["target"] = self.target
        return out

    def describe_trump(self) -> str:
        if self.trump is None:
            return "none"
        s = self.deck.suits[self.trump]
        return f"{s} ({SUIT_NAMES[s]})"


def _copy_round(r: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in r.items()}


def _round_out(r: dict) -> dict:
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in r.items()}
    out["melds"] = [dict(m) for m in r["melds"]]
    return out
