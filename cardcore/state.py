"""The state of one game in progress: the state API of DESIGN.md.

Decisions are the only actions (``play C``, ``meld C C ...``, ``pass`` and game verbs); the engine
carries out forced steps itself (deals, draws, phase changes, scoring) and reports them as
events. A declaration turn at which the player has nothing to declare is skipped, since a
decision with one choice is no decision.

The work is split by job over :mod:`cardcore.engine` (moves, dealing, declaring, trick play, scoring,
knowledge, refusals, events), around the plain data of :mod:`cardcore.engine.data`, whose
declarations say every field and how a clone copies it; this class joins them and answers the API.
"""

from __future__ import annotations

import random

from .cards import SUIT_NAMES
from .engine.chance import ChanceMixin
from .engine.data import GameData
from .engine.dealing import DealingMixin, _deal_out
from .engine.declaring import DeclaringMixin
from .engine.effects import carry_out
from .engine.events import EventsMixin
from .engine.kinds import DECLARE, EXCHANGE, FROM_TABLE, PLAY  # noqa: F401  (kept importable from here)
from .engine.moved import left_names
from .engine.knowledge import KnowledgeMixin
from .engine.moves import MovesMixin
from .engine.phases import OFFERS, decision_handler, refusal_out_of_turn
from .engine.phases.auction import auction_data
from .engine.refusals import RefusalsMixin
from .engine.scoring import ScoringMixin
from .engine.sections import open_standing, standing_action
from .engine.trickplay import TrickPlayMixin
from .engine.view import view_of
from .errors import CardcoreError, IllegalAction
from .records import RECORD_FORMAT

# the verbs of trick play and its declaration turns (a game may add its own: extra_declarations)
_TRICK_VERBS = frozenset(("play", "meld", "pass", EXCHANGE))
_FROM_TABLE_WORDS = FROM_TABLE.split()


class State(GameData, MovesMixin, DealingMixin, DeclaringMixin, TrickPlayMixin, ScoringMixin, KnowledgeMixin,
            ChanceMixin, RefusalsMixin, EventsMixin):
    # every field is declared, with how a clone copies it, in engine.data.FIELDS
    __slots__ = ()

    def __init__(self, game, seed: int | None = None, deals: list[dict] | None = None):
        self._blank()
        self.game = game
        rules = game.compiled
        self.deck = rules.deck
        self.rules = rules.file
        self.n = rules.players
        self.table = rules.table
        # what each card scores when turned or won, by (card, when, trump): shared by the clones
        # of this state, and kept here rather than in the game, which a state never writes to
        self.card_values: dict[tuple[int, str, int | None], int] = {}
        if seed is None and not deals:
            seed = random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.given_deals = [self._check_deal(i, d) for i, d in enumerate(deals or [])]
        self.deals: list[dict] = []
        self.seen_in_past_deals: tuple[tuple[int, ...], ...] = ()  # per deal over, per seat (hidden_history)
        self.past_for_seat = None  # hidden_history's memo: the deals over, as one seat may know them
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
        self.next_dealer: int | None = None  # the same dealer deals again after a void deal (deal_again)
        self.first_to_target: int | None = None
        # the target now: it may rise when a deal ends with several sides over it
        self.target: int | None = self.rules.game_end.target
        # the game's result per side when a settle step decides it (e.g. Table.settle_against for
        # a declarer against each opponent); otherwise side_returns works it out from the totals
        self.settlement: list[int] | None = None
        self.current_player: int | None = None
        self.step_plans: dict = {}
        self.hooks = game.hooks
        self._start_deal()

    def is_terminal(self) -> bool:
        return self.result is not None

    # ------------------------------------------------------------------ queries
    @property
    def phase_rule(self):
        return self.rules.phases[self.phase]

    @property
    def follow(self):
        """The trick obligations of the phase in progress (a FollowRule; None in a phase without
        tricks): its compiled rules' own (``cphase.follow``)."""
        return self.cphase.follow

    @property
    def trick_deck(self):
        """The deck whose strengths rank this phase's tricks (e.g. Bezique's Ten at whist rank
        in the end game): the one to judge which card beats which."""
        return self.cphase.deck

    # What an auction keeps for the deal (engine.phases.auction.AuctionData), read as fields of
    # the state by bots and the hooks' view: the contract (None without one), the bids, the
    # settlement's outcome and the cards of the declarer's melds shown.
    contract = property(lambda self: _contract_field(self, "contract", None))
    bids = property(lambda self: _contract_field(self, "bids", ()))
    outcome = property(lambda self: _contract_field(self, "outcome", None))
    shown = property(lambda self: _contract_field(self, "shown", 0))

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def legal_actions(self) -> list[str]:
        """The moves of the player to move: those of the decision due, then the standing actions
        open to him (:mod:`.engine.sections`; one not open is still taken by ``apply``, typed on
        purpose). Remembered for the position last asked: a match asks again and again at one decision
        (the bot, the count of moves, the display), each time for a list of its own."""
        if self.result is not None:
            return []
        position = self._position()
        memo = self._actions_memo
        if memo is not None and memo[0] == position:
            return list(memo[1])
        actions = self._decision_actions()
        if self.game.compiled.deal.standing:
            actions += open_standing(self, self.current_player)
        self._actions_memo = (position, actions)
        return list(actions)

    def _position(self) -> tuple:
        """What tells one position from another, cheaply: any decision taken (the actions), a
        deal, a draw, and the fields a position set up by hand (tests, an adapter's chance
        node) changes."""
        return (len(self.actions), len(self.deals), self.stock_pos, self.current_player, self.decision,
                self.phase, self.trump, self.faced, self.step_melds, self.step_shown, self.offers, self.bids,
                len(self.pending), tuple(self.hands), tuple(self.tableaus), tuple(self.trick),
                tuple(self.round_points), tuple(self.scores))

    def _decision_actions(self) -> list[str]:
        seat = self.current_player
        if self.decision == PLAY:
            rules = self.game.compiled
            names = rules.play_action
            table = self.tableaus[seat] if self.cphase.from_tableau and rules.names_table_plays else 0
            if not table:
                if self.deck.packs == 1:  # no twins: no name twice
                    return [names[c] for c in self._legal_cards(seat)]
                return list(dict.fromkeys(names[c] for c in self._legal_cards(seat)))
            # with twins a table card is `play C from table` (`play C` takes the hand's copy)
            from_table = rules.play_from_table_action
            return list(dict.fromkeys(from_table[c] if table >> c & 1 else names[c] for c in self._legal_cards(seat)))
        if self.decision != DECLARE:  # a decision of a phase kind of its own (e.g. a bid)
            return decision_handler(self.decision).legal_actions(self) + list(self.offers)
        actions = [a for a, _ in melds_in_action_order(self.game, self.open_melds(seat))]
        extra = [] if self._meld_limit_reached() else self.game.extra_declarations(self.view(), seat)
        return actions + self._exchanges(seat) + extra + ["pass"]

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: str) -> None:
        """Carry out one decision; raise IllegalAction naming the rule that forbids it."""
        if self.result is not None:
            raise IllegalAction(action, "the game is over")
        if not isinstance(action, str) or not action.split():
            raise IllegalAction(str(action), "an action is a verb and its cards, e.g. 'play QS', 'meld QS JH', 'pass'")
        verb, *args = action.split()
        seat = self.current_player
        standing = standing_action(self, verb) if self.game.compiled.deal.standing else None
        if standing is not None:  # an action open beside the decision due (engine.sections)
            if args:
                raise IllegalAction(action, f"{verb} takes no cards")
            handler, rule = standing
            handler.take(self, rule, seat, verb)
            return
        if self.decision not in (PLAY, DECLARE):  # a decision of a phase kind of its own
            offers, self.offers = self.offers, ()
            try:
                if verb in offers:  # e.g. the declarer's concession instead of his discard
                    OFFERS[verb](self, seat, args, action)
                else:
                    decision_handler(self.decision).apply(self, seat, verb, args, action)
            except IllegalAction:
                self.offers = offers  # a refused action, the offer's own included, leaves it open
                raise
            self._after_action()
            return
        if verb not in _TRICK_VERBS and (self.decision != DECLARE or self.hooks.extra_declarations is None):
            # a verb of another phase (a bid, a guess once made) or none at all: what is due now,
            # before its words are read as cards (only a game's own declarations take others);
            # a kind's own verb may say why it is not open now
            raise IllegalAction(action, refusal_out_of_turn(self, verb, action) or self._expected())
        from_table = verb == "play" and len(args) > 1 and [a.lower() for a in args[-2:]] == _FROM_TABLE_WORDS
        if from_table:
            args = args[:-2]
        try:
            cards = [self.deck.parse(a) for a in args]
        except CardcoreError as exc:
            raise IllegalAction(action, str(exc)) from None
        canonical = " ".join([verb, *cards])
        if verb == "play":
            if len(cards) != 1:
                raise IllegalAction(action, "play takes exactly one card" + (f" ({FROM_TABLE} after it)" if from_table else ""))
            self._play(seat, cards[0], f"{canonical} {FROM_TABLE}" if from_table else canonical, from_table)
            return  # apply_move, which plays the card, has run the steps after it
        elif verb == "meld":
            self._meld_action(seat, cards, canonical)
        elif verb == "pass":
            if args:
                raise IllegalAction(action, "pass takes no cards")
            if self.decision != DECLARE:
                raise IllegalAction(action, self._expected())
            self.actions.append("pass")
            self._end_step()
        elif verb == EXCHANGE:
            self._exchange(seat, cards, canonical)
        else:  # a game's own declaration (checked above: a declaration turn, a game that offers them)
            outcome = self.game.apply_extra(self.view(), seat, verb, cards)
            if isinstance(outcome, str):
                raise IllegalAction(action, outcome)
            if outcome is not None:
                carry_out(self, seat, outcome)
            self.actions.append(canonical)
            self._after_declaration()
        self._after_action()

    def resume(self) -> None:
        """Go on after ``draw_gate`` or ``deal_gate`` paused (see :mod:`cardcore.engine.chance`)."""
        if self.deal_paused:  # a deal was the last thing due: deal it, as it would have been
            self.deal_paused = False
            self._start_deal()
            return
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

    view = view_of  # the read-only view a game's hooks are given (engine.view)

    def quiet_for_search(self, forget_history: bool = False) -> None:
        """Make this state (a search's copy) a quiet world: no event log, and the game stops
        after the deal in progress (its result then says "stopped"). With ``forget_history``
        the events and actions so far are dropped too, so that its clones copy less."""
        self.log_events = False
        self.stop_after_deal = True
        if forget_history:
            self.events, self.actions = [], []

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


def melds_in_action_order(game, melds) -> list[tuple[str, object]]:
    """Melds (MeldScores) as ``legal_actions()`` lists them, each with its action: most points
    first, then the shorter action, then by its letters."""
    action = game.compiled.meld_action
    return sorted(((action(m.mask), m) for m in melds), key=lambda am: (-am[1].points, len(am[0]), am[0]))


def _contract_field(state, name: str, none):
    data = auction_data(state)
    return none if data is None else getattr(data, name)


def _round_out(r: dict) -> dict:
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in r.items()}
    out["melds"] = [dict(m) for m in r["melds"]]
    return out


__getattr__ = left_names(__name__)  # a name that left for a game's plugin, told where it went
