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
from .engine import actions, chance, dealing, declaring, kernel, knowledge, moves, refusals, scoring, trickplay
from .engine.data import GameData
from .engine.dealing import _deal_out, check_deal
from .engine.events import keep_only
from .engine.flow import start_deal
from .engine.kinds import DECLARE, EXCHANGE, FROM_TABLE, PLAY  # noqa: F401  (kept importable from here)
from .engine.moved import Moved, left_names
from .engine.phases.auction import auction_data
from .engine.view import view_of
from .records import RECORD_FORMAT


class State(GameData):
    # every field is declared, with how a clone copies it, in engine.data.FIELDS
    __slots__ = ()

    # The state API: each call is the engine's function of that name, which takes the state
    # first (engine.actions, engine.scoring...).
    # decisions as strings (engine.actions), what a seat sees and the worlds sampled for it
    legal_actions = actions.legal_actions
    apply = actions.apply
    resume = actions.resume
    observation = knowledge.observation
    determinize = knowledge.determinize
    # moves as numbers and melds: a quiet state's cards and steps are the kernel's, which hands
    # every other move to the reference (engine.moves)
    legal_moves = kernel.legal_moves
    apply_move = kernel.apply_move
    move_action = moves.move_action
    holding = trickplay.holding
    playable = trickplay.playable
    next_step = trickplay.next_step
    counter_counts = scoring.counter_counts
    side_returns = scoring.side_returns
    returns = scoring.returns
    card_value = dealing.card_value
    # declarations (engine.declaring) and why one is refused (engine.refusals)
    declare_step = declaring.declare_step
    meld_options = declaring.meld_options
    declarable = declaring.declarable
    open_melds = declaring.open_melds
    meld_refusal = declaring.meld_refusal
    reuse_refusal = declaring.reuse_refusal
    explain_meld = refusals.explain_meld
    # the chance interface (engine.chance): cards and deals still to come, chosen or redrawn
    stock_drawn = chance.stock_drawn
    face_down_end = chance.face_down_end
    face_down_stock = chance.face_down_stock
    fix_stock_card = chance.fix_stock_card
    stock_turned_at_deal_start = staticmethod(chance.stock_turned_at_deal_start)
    queue_deal = chance.queue_deal
    deal_later_from = chance.deal_later_from
    deal_due = chance.deal_due
    next_deal_dealer = dealing.next_deal_dealer
    hidden_in_hands = chance.hidden_in_hands
    unseen_apart = chance.unseen_apart
    widow_turned = chance.widow_turned
    void_mask = chance.void_mask
    melds_shown_from_dealt_hands = chance.melds_shown_from_dealt_hands

    def __init__(self, game, seed: int | None = None, deals: list[dict] | None = None,
                 keep_events=None):
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
        self.given_deals = [check_deal(self, i, d) for i, d in enumerate(deals or [])]
        self.deals: list[dict] = []
        self.seen_in_past_deals: tuple[tuple[int, ...], ...] = ()  # per deal over, per seat (hidden_history)
        self.past_for_seat = None  # hidden_history's memo: the deals over, as one seat may know them
        self.actions: list[str] = []
        self.events: list[dict] = []
        self.log_events = True  # search bots turn this off in the worlds they sample
        self.kept_events = None
        if keep_events is not None:  # a simulation's: only the kinds it reads, on the kernel
            keep_only(self, keep_events)
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
        self.current_player: int | None = None
        self.step_plans: dict = {}
        self.hooks = game.hooks
        start_deal(self)

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
        self.log_events, self.kept_events = False, None
        self.stop_after_deal = True
        if forget_history:
            self.events, self.actions = [], []

    def summary(self) -> dict:
        """The ``cardcore replay --json`` object of DESIGN.md."""
        rounds = [_round_out(r) for r in self.rounds]
        if self.result is None and rounds:  # the round in progress: counted cards so far
            rounds[-1]["points"] = list(self.round_points)
            for name in self.rules.counters:
                rounds[-1][name] = scoring.counter_counts(self, name)
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


# The state's former private methods, now functions of the engine's modules that take the state
# first: a plugin or a script that calls one by its old name is told where it went.
_MOVED = {
    "_event": "events.log", "_finish": "ending.finish", "_score": "scoring.score",
    "_score_count": "scoring.score_count", "_settle_scores": "scoring.settle_scores", "_end_round": "flow.end_round",
    "_counted": "scoring.counted", "_count_deal": "scoring.count_deal", "_target_decides": "scoring.target_decides",
    "_close_round_summary": "scoring.close_round_summary", "_end_game": "scoring.end_game",
    "_check_deal": "dealing.check_deal", "_generate_deal": "dealing.generate_deal",
    "_generate_cards": "dealing.generate_cards", "_start_deal": "flow.start_deal", "_deal_trump": "dealing.deal_trump",
    "_set_trump": "dealing.set_trump", "_turn_trump": "dealing.turn_trump", 
    "_void_deal": "dealing.void_deal", "_deal_waits": "chance.deal_waits", "_exchanges": "declaring.exchanges",
    "_declaration_moves": "declaring.declaration_moves", "_meld_limit_reached": "declaring.meld_limit_reached",
    "ready_to_score": "declaring.ready_to_score", "_options_of": "declaring.options_of",
    "_meld_action": "actions.declare_meld", "_declare_open": "declaring.declare_open", "_declare": "declaring.declare",
    "lapse_waiting": "declaring.lapse_waiting", "_exchange": "declaring.exchange",
    "_after_declaration": "declaring.after_declaration", "_end_step": "declaring.end_step",
    "named_cards": "refusals.named_cards", "_expected": "refusals.expected",
    "_meld_out_of_turn": "refusals.meld_out_of_turn", "_enter_phase": "flow.enter_phase",
    "_legal_mask": "trickplay.legal_mask", "_legal_cards": "trickplay.legal_cards", "_play": "actions.play",
    "_score_trump_played": "trickplay.score_trump_played", "_note_voids": "trickplay.note_voids",
    "_advance": "flow.advance", "_next_phase": "flow.end_phase", "_legal_moves": "moves.legal_moves",
    "_apply_move": "moves.apply_move", "_leave_table": "moves.leave_table", "_before_card": "moves.before_card",
    "_take_trick": "moves.take_trick", "_decision_actions": "actions.decision_actions",
    "_after_action": "actions.after_action",
}
for _name, _where in _MOVED.items():
    setattr(State, _name, Moved(_name, f"call cardcore.engine.{_where}(state, ...)"))
del _name, _where


def _contract_field(state, name: str, none):
    data = auction_data(state)
    return none if data is None else getattr(data, name)


def _round_out(r: dict) -> dict:
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in r.items()}
    out["melds"] = [dict(m) for m in r["melds"]]
    return out


__getattr__ = left_names(__name__)  # a name that left for a game's plugin, told where it went
