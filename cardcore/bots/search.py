"""Search bots for every game, through the state API alone: ISMCTS and PIMC.

Both look ahead to the end of the current deal and value it by the score difference it leaves,
squashed into [-1, 1]; the deal is the natural horizon of these games, whose later deals are
fresh luck.
"""

from __future__ import annotations

import math
import random
import time

from ..cards import iter_bits, or_all
from ..engine.kernel import blind_moves
from ..engine.phases import habitual_action
from ..tricks import beating, trick_winner
from .check import PlayoutCheck
from .params import (Bias, CardsLeft, Exploration, Iterations, Margin, SampleCount, Samples, Seconds, Share,
                     bot_parameters)
from ..engine.sections import decided_at_once
from .simple import CardValues, at_once_verbs, standing_or_rest


class _Horizon:
    """Reward of a finished (or abandoned) look-ahead, from ``seat``'s point of view."""

    def __init__(self, game, game_weight: float = 0.0):
        self.scale = _reward_scale(game)
        self.game_weight = game_weight

    def reward(self, world, start_scores: list[int], seat: int, pending: list[float] | None = None) -> float:
        """The gain of ``seat``'s side less the best gain of an opposing seat (partners' scores
        are their side's, so a partner's points count as one's own). ``pending``: per seat, the
        points a play-out stopped before the deal's end has won but the deal's count has not
        scored yet (:func:`won_since`)."""
        gains = [world.scores[s] - start_scores[s] for s in range(world.n)]
        if pending is not None:
            gains = [g + p for g, p in zip(gains, pending)]
        mine = gains[seat]
        best_other = max(gains[s] for s in world.table.opponents(seat))
        if decided_at_once(world.result):  # a standing action decided the game
            return 1.0 if world.table.same_side(world.result["winner"], seat) else -1.0
        r = math.tanh((mine - best_other) / self.scale)
        if world.result is not None and not world.result.get("stopped") and self.game_weight:  # the deal ended the game
            winner = world.result["winner"]
            outcome = 0.0 if winner is None else 1.0 if world.table.same_side(winner, seat) else -1.0
            r = (1.0 - self.game_weight) * r + self.game_weight * outcome
        return r


_SCALES: dict[str, float] = {}


def _reward_scale(game) -> float:
    """A typical deal's score spread, from a few random deals: rewards then use the same range
    in every game (Penchant deals are worth tens of points, Marjolet's hundreds)."""
    key = game.game_string()
    if key not in _SCALES:
        rng = random.Random(0)
        spreads = []
        for seed in range(12):
            state = game.new_game(seed=seed)
            while len(state.rounds) == 1 and not state.is_terminal():
                _, legal = standing_or_rest(state, state.legal_actions())  # a deal played out, not ended at once
                state.apply(rng.choice(blind_moves(state, legal)))
            points = state.rounds[0]["points"]
            spreads.append(max(points) - min(points))
        _SCALES[key] = max(1.0, sum(spreads) / len(spreads))
    return _SCALES[key]


class WonValues:
    """What the cards a seat has won this deal will score at the deal's count: the counters'
    points of the scoring rules (:class:`CardValues`) and the card points under the trump in
    force. A play-out stopped a few tricks ahead values its position by them."""

    def __init__(self, game):
        self.base = CardValues(game).base
        # card points scored as each trick is won (Penneech's) are in the scores already
        self.card_points = bool(game.rules.card_points) and not game.compiled.phases[0].scores_cards_won  # the same in every phase

    def __call__(self, world) -> list[float]:
        base, value, trump, points = self.base, world.card_value, world.trump, self.card_points
        out = []
        for per_phase in world.won:
            total = 0.0
            for c in iter_bits(or_all(per_phase)):
                total += base[c] + (value(c, "won", trump) if points else 0)
            out.append(total)
        return out


def rollout(world, rng: random.Random, last_trick: int | None = None) -> None:
    """Random play to the end of the current deal (a bid among the lowest: blind_moves), or
    until ``last_trick`` tricks of the deal are played."""
    deal = len(world.rounds)
    last = 10**9 if last_trick is None else last_trick
    while world.result is None and len(world.rounds) == deal and world.tricks_played < last:
        world.apply_move(rng.choice(blind_moves(world, world.legal_moves())))


class GreedyRollout:
    """A cheap informed play-out policy: declare the best meld, win a trick worth winning with
    the cheapest card that wins it, otherwise throw the least valuable card; a random move with
    probability ``epsilon``, so that sampled futures stay varied."""

    def __init__(self, game, epsilon: float = 0.2):
        self.values = CardValues(game).base
        self.decks = [phase.deck for phase in game.compiled.phases]  # per phase: the ranks of its tricks
        self.epsilon = epsilon
        # the card to give away first: least value, then lowest in its suit
        self.costs = [[(self.values[c], deck.strength[c]) for c in range(deck.size)] for deck in self.decks]
        self.build_up = game.compiled.reuse_policy != "none"  # melded cards may serve again
        # a standing action taken at once (e.g. a call listed only when it wins the game): its
        # verbs, taken whenever they end the moves (State.legal_moves lists them last)
        self.at_once = at_once_verbs(game)

    def meld_choice(self, world, melds: list):
        """The meld to declare: the best-scoring one, except that while two more tricks are to
        come and melded cards may serve again, one holding no smaller declarable meld (twins,
        then triplets on them, score 2 + 3 where the triplets alone score 3)."""
        if self.build_up and world.stock_left >= 2 * world.n:
            masks = [m.mask for m in melds]
            melds = [m for m in melds if not any(o != m.mask and o & m.mask == o for o in masks)]
        return max(melds, key=lambda m: m.points)

    def __call__(self, world, rng: random.Random, last_trick: int | None = None) -> None:
        deal = len(world.rounds)
        last = 10**9 if last_trick is None else last_trick
        decks, values, eps, costs = self.decks, self.values, self.epsilon, self.costs
        uniform = rng.random
        legal_moves, apply_move = world.legal_moves, world.apply_move
        while world.result is None and len(world.rounds) == deal and world.tricks_played < last:
            moves = legal_moves()
            if self.at_once and moves[-1] in self.at_once:
                apply_move(moves[-1])
                continue
            if len(moves) == 1 or uniform() < eps:
                moves = blind_moves(world, moves)
                apply_move(moves[int(uniform() * len(moves))])
                continue
            if type(moves[0]) is not int:  # a declaration turn: a meld, else what comes
                melds = [m for m in moves if hasattr(m, "points")]
                apply_move(self.meld_choice(world, melds) if melds else moves[0])
                continue
            trick, phase = world.trick, world.phase
            deck, cost = decks[phase], costs[phase].__getitem__
            if trick:
                beaters = beating(deck, trick[trick_winner(deck, trick, world.trump)], world.trump)
                winners = [c for c in moves if beaters >> c & 1]
                if winners:
                    cheapest = min(winners, key=cost)
                    if values[cheapest] == 0 or sum(values[c] for c in trick) > 0:
                        apply_move(cheapest)
                        continue
            apply_move(min(moves, key=cost))


class BotRollout:
    """Play-outs by a bot of the game (the search's guide: ``rollout=guide``), with a random move
    with probability ``epsilon``: slower than :class:`GreedyRollout` but as informed as the bot,
    where the greedy policy ignores what the game rewards beyond a trick's counters (Penneech's
    turn-ups and changing trumps)."""

    def __init__(self, bot, epsilon: float = 0.1):
        self.bot = bot
        self.epsilon = epsilon

    def __call__(self, world, rng: random.Random, last_trick: int | None = None) -> None:
        deal = len(world.rounds)
        last = 10**9 if last_trick is None else last_trick
        choose, eps = self.bot.choose, self.epsilon
        while world.result is None and len(world.rounds) == deal and world.tricks_played < last:
            if rng.random() < eps:
                world.apply_move(rng.choice(blind_moves(world, world.legal_moves())))
            else:
                world.apply(choose(world))


def rollout_policy(game, name: str):
    return GreedyRollout(game) if name == "greedy" else rollout


def check_rollout(name: str, guide: str) -> None:
    """A search's ``rollout`` parameter: a policy's name, and ``guide`` only with a guide."""
    if name not in ("random", "greedy", "guide"):
        raise ValueError("rollout must be random, greedy or guide")
    if name == "guide" and guide == "none":
        raise ValueError("rollout=guide needs a guide (e.g. guide=heuristic)")


def single_world(state, seat: int) -> bool:
    """Whether every world ``state.determinize(seat, rng)`` can deal is ``state`` itself: no
    face-down stock card or unseen discard is left, and at most one other seat holds cards
    ``seat`` has not seen (their number is public, so those cards are exactly the ones ``seat``
    has not seen)."""
    faced_in_stock = state.faced is not None and state.stock_pos < len(state.stock)
    if state.stock_left - faced_in_stock > 0 or state.unseen_apart(seat):  # or a declarer's discards
        return False
    hidden = sum(1 for s in range(state.n) if s != seat and state.hands[s] & ~state.known[s])
    return hidden <= 1


def cards_left(state) -> int:
    """Cards still to be played in the deal: in the hands and on the tables."""
    return sum(h.bit_count() for h in state.hands) + sum(t.bit_count() for t in state.tableaus)


def _position_key(world, twins: "Twins | None" = None) -> tuple:
    """What the rest of a deal depends on: the cards in hand, on the tables, in the trick and
    won, whose turn it is, trump, the scores and the declarations made; with ``twins``, a card's
    copies told apart no more (:class:`Twins`)."""
    winners: dict = {}
    for pw in world.trick_winners:
        winners[pw] = winners.get(pw, 0) + 1
    masks = (*world.hands, *world.tableaus, *(w for per_seat in world.won for w in per_seat))
    trick = tuple(world.trick)
    if twins is not None:
        masks, trick = twins.masks(masks), twins.cards(trick)
    return (world.current_player, world.decision, world.phase, world.trump, world.stock_pos,
            masks, trick, tuple(world.trick_seats), tuple(world.scores),
            tuple(sorted(winners.items())), tuple((id(step), seat) for step, seat, _ in world.pending), world.step_melds,
            world.winner_passed, tuple(len(h) for h in world.meld_history), world.first_to_target,
            tuple(len(w) for w in world.waiting), world.step_shown)


class Twins:
    """The two copies of each card of a two-pack deck (cards ``c`` and ``c + per_pack``), as one
    card: once only tricks remain, which copy a player holds, plays or has won changes nothing
    (the first played of two equal cards wins either way), so an exact search keys a position by
    how many of each card lie where, and plays one copy of a pair a player holds. (In the
    two-pack games, two-hand Bezique and the Pinochles, nothing is declared once the exact
    search can begin: the stock is gone, or the melds were shown before the tricks.)"""

    def __init__(self, per_pack: int):
        self.per_pack = per_pack
        self.low = (1 << per_pack) - 1

    def masks(self, masks) -> tuple:
        """Each mask with its copies moved to the first pack where they fit: a card held once
        is its first copy, a card held twice both (a position's key asks this at every node of
        the exact search, so a whole key's masks at once)."""
        low, p = self.low, self.per_pack
        return tuple((m & low) | (m >> p) | ((m & low) & (m >> p)) << p for m in masks)

    def card(self, c: int) -> int:
        return c % self.per_pack

    def cards(self, cards) -> tuple:
        p = self.per_pack
        return tuple(c % p for c in cards)

    def distinct(self, moves: list) -> list:
        """The cards of ``moves`` less the second copy of a card whose first is among them; a
        standing action open among them (a call listed when it wins the game) stays."""
        held = set(moves)
        p = self.per_pack
        return [c for c in moves if type(c) is not int or c < p or c - p not in held]

    @staticmethod
    def of(deck) -> "Twins | None":
        return Twins(deck.size // 2) if deck.packs == 2 else None


class OutOfTime(Exception):
    """The exact search's deadline passed before it finished."""


class ExactEnd:
    """Exact play of the rest of the deal once nothing is hidden from the searching seat.

    Alpha-beta over ``clone`` and ``apply_move`` to the end of the deal, ``seat``'s partners
    with it and its opponents against it; a position is worth ``seat``'s score minus the best
    opponent's score when the deal ends, plus ``GAME_WIN`` for winning the game (minus it for
    losing) when the game ends with the deal. Positions are memoised with the bounds on their
    value a search proved (exact where it was), and the move that proved them, which is searched
    first next time; so one solve serves the later decisions of the deal. Other moves are
    searched winning cards first (the cheapest), and a lead highest first, so the cut-offs come
    early; with two packs a card's two copies count as one (:class:`Twins`). Two-hand
    Bezique's and Cinq Cents's last eight tricks took 0.4 to 4.7 s of CPU by the plain minimax,
    0.02 to 0.3 s so; Pinochle's last ten (20 cards) 0.3 to 0.9 s, its twelve 1.5 to 21 s.
    """

    GAME_WIN = 10_000.0

    def __init__(self):
        self.memo: dict = {}  # position key -> (lower bound, upper bound, best move)
        self.memo_for = None
        self.deadline, self.nodes = None, 0
        self.worth = None  # per trump: what winning each card is worth (move ordering)

    def _start(self, state, seat: int, deadline: float | None):
        self.deadline = deadline
        self.nodes = 0
        tag = (seat, len(state.rounds), id(state.deals[-1]))
        if tag != self.memo_for:
            self.memo, self.memo_for = {}, tag
        if self.worth is None or self.worth[0] is not state.game:
            self.worth = (state.game, CardValues(state.game), {})
        root = state.clone()
        root.quiet_for_search(forget_history=True)
        self.seat, self.deal = seat, len(state.rounds)
        self.twins = Twins.of(state.deck)
        return root

    def values(self, state, seat: int, deadline: float | None = None) -> dict:
        """The exact value of each legal move of the current player, keyed by ``move_key``.
        OutOfTime when ``deadline`` (a ``time.perf_counter`` reading) passes first; the
        positions solved by then stay memoised."""
        root = self._start(state, seat, deadline)
        out = {}
        for m in root.legal_moves():
            child = root.clone()
            child.apply_move(m)
            out[move_key(m)] = self._value(child, -math.inf, math.inf)
        return out

    def best(self, state, seat: int, deadline: float | None = None):
        """A best legal move of ``seat`` (the current player's side), the first of equal ones in
        the search's order, and its value; cheaper than :meth:`values`, which proves every move's
        exact value where this one only proves the others no better. OutOfTime as there."""
        root = self._start(state, seat, deadline)
        maximize = root.table.same_side(root.current_player, seat)
        best_move, best_value = None, -math.inf if maximize else math.inf
        for m in self._ordered(root, self._moves(root), None):
            child = root.clone()
            child.apply_move(m)
            if maximize:
                v = self._value(child, best_value, math.inf)
                if v > best_value or best_move is None:
                    best_move, best_value = m, v
            else:
                v = self._value(child, -math.inf, best_value)
                if v < best_value or best_move is None:
                    best_move, best_value = m, v
        return best_move, best_value

    def _ordered(self, world, moves: list, first) -> list:
        """``moves`` in the order to search them: ``first`` (the memo's best move) first, then
        for a card to a trick the winning cards cheapest first and the others cheapest first, for
        a lead the most valuable and strongest first; a standing action open beside the cards (a
        call listed when it wins the game) after them."""
        if len(moves) > 1 and type(moves[0]) is int:
            standing = [m for m in moves if type(m) is not int]
            if standing:
                moves = [m for m in moves if type(m) is int]
            game, values, per_trump = self.worth
            trump = world.trump
            worth = per_trump.get(trump)
            if worth is None:
                worth = per_trump[trump] = [values.value(world, c) for c in range(world.deck.size)]
            deck = game.compiled.phases[world.phase].deck
            strength = deck.strength
            trick = world.trick
            if trick:
                beaters = beating(deck, trick[trick_winner(deck, trick, trump)], trump)
                moves = sorted(moves, key=lambda c: (not beaters >> c & 1, worth[c], strength[c]))
            else:
                moves = sorted(moves, key=lambda c: (-worth[c], -strength[c]))
            if standing:
                moves += standing
        if first is not None:
            twins = self.twins
            if twins is not None and type(first) is int:  # the memo's move may be the other copy
                first = next((m for m in moves if type(m) is int and twins.card(m) == twins.card(first)), None)
            if first in moves:
                moves = [first] + [m for m in moves if m != first]
        return moves

    def _moves(self, world) -> list:
        """The legal moves, one copy of a card held twice (:class:`Twins`)."""
        moves = world.legal_moves()
        if self.twins is not None and moves and type(moves[0]) is int:
            moves = self.twins.distinct(moves)
        return moves

    def _value(self, world, alpha: float, beta: float) -> float:
        """The position's value if it lies strictly between ``alpha`` and ``beta``; else a
        bound on it beyond the one it passed (at most ``alpha``, or at least ``beta``)."""
        seat = self.seat
        if decided_at_once(world.result):  # a standing action decided the game
            return self.GAME_WIN if world.table.same_side(world.result["winner"], seat) else -self.GAME_WIN
        if world.result is not None or len(world.rounds) != self.deal:
            mine = world.scores[seat]
            diff = mine - max(world.scores[s] for s in world.table.opponents(seat))
            if world.result is not None and not world.result.get("stopped"):
                diff += self.GAME_WIN if diff > 0 else -self.GAME_WIN if diff < 0 else 0.0
            return float(diff)
        key = _position_key(world, self.twins)
        lower, upper, first = self.memo.get(key, (-math.inf, math.inf, None))
        if lower >= beta:
            return lower
        if upper <= alpha or lower == upper:
            return upper
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfTime
        a, b = max(alpha, lower), min(beta, upper)
        maximize = world.table.same_side(world.current_player, seat)
        best, best_move = (-math.inf if maximize else math.inf), None
        for m in self._ordered(world, self._moves(world), first):
            child = world.clone()
            child.apply_move(m)
            if maximize:
                v = self._value(child, max(a, best), b)
                if v > best:
                    best, best_move = v, m
                    if best >= b:
                        break
            else:
                v = self._value(child, a, min(b, best))
                if v < best:
                    best, best_move = v, m
                    if best <= a:
                        break
        if best <= a:  # failed low: an upper bound
            upper = best
        elif best >= b:  # failed high: a lower bound
            lower = best
        else:
            lower = upper = best
        self.memo[key] = (lower, upper, best_move)
        return best


def move_key(move):
    """A move's identity across sampled worlds: a card index, a meld's card set, or the action."""
    return ("meld", move.mask) if hasattr(move, "mask") else move


def move_action(state, move) -> str:
    return state.move_action(move)  # a card on the table is `play C from table` (engine.moves)


class _Node:
    __slots__ = ("player", "children", "visits", "total", "avail")

    def __init__(self, player):
        self.player = player  # who chose the action leading here
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class _SearchBot:
    """What both search bots share: a seeded generator, the reward horizon, and no search at
    all when there is only one legal action."""

    def __init__(self, game, seed: int | None, game_weight: float = 0.0):
        self.rng = random.Random(seed)
        self.horizon = _Horizon(game, game_weight)
        self.guide = None
        self.guide_declares = False
        self.bidding = None  # bids and concessions by simulation (ISMCTSBot's bid_samples)
        self.seconds: float | None = None  # the clock bound of a decision, where the bot has one

    def choose(self, state) -> str:
        self.started = time.perf_counter()  # a clock bound counts the guide's time too
        taken, legal = standing_or_rest(state, state.legal_actions())
        if taken is not None:
            return taken
        if len(legal) == 1:
            return legal[0]
        habitual = habitual_action(state)  # e.g. a guess needs no search: every number is as likely
        if habitual is not None:
            return habitual
        if self.bidding is not None:
            deadline = None if self.seconds is None else self.started + self.seconds
            decided = self.bidding.choose(state, legal, deadline)
            if decided is not None:
                self.last_iterations = 0
                return decided
        if self.guide_declares and self.guide is not None and not legal[0].startswith("play "):
            self.last_iterations = 0
            return self.guide.choose(state)  # bids, trumps, discards, declarations: the guide's
        legal = blind_moves(state, legal)  # a jump bid gains nothing a raise does not: the lowest are searched
        return self.search(state, legal, state.current_player)

    def search(self, state, legal: list[str], seat: int) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


class ISMCTSBot(_SearchBot):
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

    Each iteration samples a world consistent with what the player knows, walks the one tree of
    information sets with UCB over the actions available in that world, expands one action,
    plays out to the end of the deal, and backs up the reward of each node's mover.
    Budget: ``iterations``, and ``seconds`` if given (whichever ends first). Play-outs follow
    the greedy policy by default (``rollout=random`` for uniform ones, ``rollout=guide`` for the
    guide's own play, :class:`BotRollout`): against Penchant's
    heuristic bot, 1,000 iterations won 0.39 of 100 games with random play-outs and 0.55-0.575
    of 40 with greedy ones; ``exploration`` 0.4 did much worse (0.25), 1.2 no worse than 0.7.

    Once nothing is hidden from the player (no face-down stock card left, and the unseen cards
    are exactly one opponent's hand), every sampled world is the same, so the rest of the deal
    is searched exactly instead (:class:`ExactEnd`, ``exact_end=True``, the default): minimax to
    the end of the deal on the score difference, winning the game first when the deal ends it.
    In Penchant that is the Meal, once per deal in well under a second (memoised). Only with at
    most ``exact_cards`` (16) cards left to play: a longer end game is searched by sampling.
    ``game_weight`` (0 to 1, default 0) mixes the game's outcome into the reward of play-outs
    that reach the end of the game.

    ``guide`` names another bot (e.g. ``guide=heuristic``, the game's own) whose choice the
    search starts from, as a player checks a habit against a calculation: at the root that move
    gets ``guide_bias / (visits + 1)`` on top of its UCB score, so it is tried early, and it is
    kept unless the most visited move's mean reward beats its own by ``guide_margin`` (rewards
    lie in [-1, 1]). The guide is asked once per decision, so it costs next to nothing. Default
    ``none``: the plain search.

    ``guide_declares`` (default false): the guide takes every decision that is not a card to
    play (bids, trumps, discards, concessions, declarations, a phase at the deal) without a search: the
    play-outs bid and declare crudely, so a search over those decisions mostly measures them.
    ``guide_until_exact`` (default false): the guide plays every card until the exact search
    can take over (nothing hidden, at most ``exact_cards`` left), which then plays the rest of
    the deal: no worse than the guide where the sampled search plays the first tricks worse.
    ``bid_samples`` (default 0: off): bids and the concession are decided by simulation
    (:mod:`.bidding`): that many worlds dealt from what the seat knows, each played out by the
    guide with the seat as declarer, and a bid made while its mean stakes beat passing; in
    auctions settled between the declarer and each opponent only. It takes those decisions
    before ``guide_declares`` does; the guide still names trumps and discards, unless
    ``sample_trumps`` (default false): trumps then go to the suit whose worlds (``bid_samples``
    shared among the suits) are worth the most stakes.
    ``check_samples`` (default 0: off), with ``guide_until_exact``: the guide's card is
    checked against the other cards by play-outs before it is played (:class:`.check.PlayoutCheck`:
    that many worlds dealt once, every card played in each and the deal played on by the guide
    in every seat), and another card is played when its mean reward beats the guide's by
    ``guide_margin``; with ``tricks_ahead`` the play-outs stop that many tricks ahead, valued as
    below plus ``meld_share`` (0 to 1, default 0) of the best meld each seat could declare from
    its holding: a few tricks' points alone miss the melds to come.
    ``tricks_ahead`` (default 0: to the end of the deal): play-outs stop that many tricks
    after the decision's, and the position is valued by the points scored since plus what the
    cards won will score at the deal's count (:class:`WonValues`): in the Bezique games a
    play-out of the whole deal is hundreds of moves, most of them far from the decision.
    ``seconds`` bounds the decision's time (the guide's included) on the wall clock; the
    iteration cap alone keeps games reproducible from the seed, while a search the clock stops
    depends on the machine's speed (``clock_stops`` counts them).

    Measured with ``bench/strength.py penchant SPEC heuristic`` (one process, seats alternate):
    at 300 iterations on seeds 1000..1039 (40 games) ``exact_end=false`` won 0.250 [0.142,
    0.402] (mean game score -22.9), the exact end 0.375 [0.242, 0.530] (-23.1), and the exact
    end with ``game_weight=0.5`` 0.225 [0.123, 0.375] (-25.6), so the weight stays off.
    At the default 1,000 iterations, seeds 0..79 (80 games, in four runs of 20): 0.5375 [0.429,
    0.643] (43 of 80 with ties as halves; mean game score +3.3). Over 400 games
    (``cardcore simulate penchant --bots "ismcts(iterations=1000),heuristic" -n 400 --seed 2026
    --jobs 2``): 194 won, 9 tied, 197 lost, 0.496 [0.448, 0.545] with ties as halves, mean game
    score -0.6 [-4.7, +3.5]: level with the heuristic bot (these figures predate the play-outs'
    building melds up). Guided by the heuristic (``ismcts(iterations=1000,guide=heuristic)``,
    same command, with the build-up play-outs): 241 won, 8 tied, 151 lost, 0.613 [0.564, 0.659]
    with ties as halves (0.603 won outright), mean game score +9.9 [+5.8, +13.9]. It scores
    more from the Meal's brisques and the book than the heuristic (7.3 points a round against
    5.1) and less from sets (5.5 against 6.3).
    """

    @bot_parameters
    def __init__(self, game, seed: int | None = None, iterations: Iterations = 1000,
                 seconds: Seconds | None = None, exploration: Exploration = 1.2, rollout: str = "greedy",
                 exact_end: bool = True, game_weight: Share = 0.0, guide: str = "none",
                 guide_bias: Bias = 1.0, guide_margin: Margin = 0.1, exact_cards: CardsLeft = 16,
                 guide_declares: bool = False, tricks_ahead: CardsLeft = 0, guide_until_exact: bool = False,
                 bid_samples: SampleCount = 0, sample_trumps: bool = False, check_samples: SampleCount = 0,
                 meld_share: Share = 0.0):
        super().__init__(game, seed, game_weight)
        self.iterations = iterations
        self.seconds = seconds
        self.c = exploration
        check_rollout(rollout, guide)
        self.play_out = rollout_policy(game, rollout) if rollout != "guide" else None
        self.exact = ExactEnd() if exact_end else None
        # the exact search grows exponentially with the cards left: Penchant's and Marjolet's
        # last six tricks (12 cards) take well under a second, Pinochle's twelve (24) would not
        self.exact_cards = exact_cards
        self.last_iterations = 0  # of the last search (none when the exact search decided)
        self.guide = None
        if guide != "none":
            from .spec import make_bot
            self.guide = make_bot(guide, game, seed=self.rng.randrange(2**32))
            if self.play_out is None:  # the guide's own play, its ties broken by a generator of its own
                self.play_out = BotRollout(make_bot(guide, game, seed=self.rng.randrange(2**32)))
        self.guide_bias = guide_bias
        self.guide_margin = guide_margin
        self.guide_declares = guide_declares
        if guide_until_exact and (guide == "none" or not exact_end):
            raise ValueError("guide_until_exact needs a guide and the exact end")
        self.guide_until_exact = guide_until_exact
        self.check = None
        if meld_share and not (check_samples and tricks_ahead):
            raise ValueError("meld_share values the check's stopped play-outs: it needs check_samples and tricks_ahead")
        if check_samples:
            if not guide_until_exact:
                raise ValueError("check_samples checks the guide's cards before the exact end: it needs guide_until_exact")
            from .spec import make_bot
            player = make_bot(guide, game, seed=self.rng.randrange(2**32))
            # the guide plays every seat of the play-outs, without random moves: they draw from
            # a generator of their own, which the worlds dealt never see
            self.check = PlayoutCheck(BotRollout(player, epsilon=0.0), self.horizon, check_samples, guide_margin,
                                      random.Random(self.rng.randrange(2**32)), tricks_ahead=tricks_ahead,
                                      won_values=WonValues(game) if tricks_ahead else None, meld_share=meld_share,
                                      playout_rng=random.Random(0))
        self.tricks_ahead = tricks_ahead
        self.won_values = WonValues(game) if tricks_ahead else None
        self.clock_stops = 0  # searches the clock ended before the iteration cap
        if bid_samples:
            if self.guide is None:
                raise ValueError("bid_samples needs a guide to play the samples out (e.g. guide=heuristic)")
            from .bidding import SimulatedBidding
            from .spec import make_bot
            player = make_bot(guide, game, seed=self.rng.randrange(2**32))
            self.bidding = SimulatedBidding(game, player, bid_samples, random.Random(self.rng.randrange(2**32)),
                                            trumps=sample_trumps)
        elif sample_trumps:
            raise ValueError("sample_trumps names trumps with the samples of bid_samples, which is 0")

    def search(self, state, legal: list[str], seat: int) -> str:
        deadline = None if self.seconds is None else self.started + self.seconds
        if self.exact is not None and single_world(state, seat) and cards_left(state) <= self.exact_cards:
            self.last_iterations = 0  # no sampling: the exact search decides
            try:
                best, _ = self.exact.best(state, seat, deadline)
            except OutOfTime:  # the clock stopped it: the guide's move, or the first
                self.clock_stops += 1
                return self.guide.choose(state) if self.guide is not None else legal[0]
            return move_action(state, best)
        if self.guide_until_exact:
            self.last_iterations = 0
            habit = self.guide.choose(state)
            if self.check is not None and habit.startswith("play "):
                return self.check.choose(state, legal, habit, seat, deadline)
            return habit
        root = _Node(None)
        allowed = set(legal)
        key_of = {a: move_key(m) for m in state.legal_moves() if (a := move_action(state, m)) in allowed}
        habit = self.guide.choose(state) if self.guide is not None else None
        guided = key_of.get(habit)  # the guide's move, favoured at the root
        bias = self.guide_bias
        rng = self.rng
        deal = len(state.rounds)
        start_scores = list(state.scores)
        c, sqrt, log = self.c, math.sqrt, math.log
        self.last_iterations = 0
        last_trick = state.tricks_played + self.tricks_ahead if self.tricks_ahead else None
        won_values = self.won_values
        won_before = won_values(state) if won_values is not None else None
        for _ in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                self.clock_stops += 1
                break
            world = state.determinize(seat, rng)
            world.quiet_for_search()
            node, path = root, [root]
            while world.result is None and len(world.rounds) == deal:
                moves = blind_moves(world, world.legal_moves())
                keys = [m if type(m) is int else move_key(m) for m in moves]
                children = node.children
                untried = [i for i, k in enumerate(keys) if k not in children]
                mover = world.current_player
                if untried:
                    i = rng.choice(untried)
                    node = children[keys[i]] = _Node(mover)
                    world.apply_move(moves[i])
                    path.append(node)
                    break
                best, best_score = 0, -1e18
                for i, k in enumerate(keys):
                    ch = children[k]
                    ch.avail += 1
                    score = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if node is root and k == guided:
                        score += bias / (ch.visits + 1)
                    if score > best_score:
                        best, best_score = i, score
                world.apply_move(moves[best])
                node = children[keys[best]]
                path.append(node)
            self.play_out(world, rng, last_trick)
            self.last_iterations += 1
            pending = None
            if won_values is not None and world.result is None and len(world.rounds) == deal:
                pending = [a - b for a, b in zip(won_values(world), won_before)]  # stopped early
            reward = self.horizon.reward(world, start_scores, seat, pending)
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.total += reward if state.table.same_side(n.player, seat) else -reward
        tried = {a: root.children[k] for a, k in key_of.items() if k in root.children}
        if not tried:  # the clock stopped the search before its first iteration
            return habit if habit is not None else legal[0]
        choice = max(legal, key=lambda a: tried[a].visits if a in tried else -1)
        if habit in tried and choice != habit:
            best, kept = tried[choice], tried[habit]
            if best.total / best.visits - kept.total / kept.visits < self.guide_margin:
                choice = habit  # the search did not beat the guide's move by the margin
        return choice


class PIMCBot(_SearchBot):
    """Perfect-information Monte Carlo: for each of ``samples`` worlds consistent with what the
    player knows, every legal action is played out ``rollouts`` times to the end of the deal; the
    action with the best mean reward is chosen. Every action is played out in the same worlds, so
    their comparison is paired: a world's luck (the cards still to come) falls on each alike.

    Play-outs are random by default (``rollout=greedy`` for the greedy policy, ``rollout=guide``
    for the guide's own play, :class:`BotRollout` without random moves: the guide's play improved
    by one move's look-ahead). With a ``guide`` its move is kept unless another's mean reward beats
    it by ``guide_margin`` (rewards lie in [-1, 1]). ``seconds`` bounds the decision's time (the
    guide's included) on the wall clock: the worlds played by then decide."""

    @bot_parameters
    def __init__(self, game, seed: int | None = None, samples: Samples = 20, rollouts: Samples = 2,
                 rollout: str = "random", guide: str = "none", guide_margin: Margin = 0.0,
                 seconds: Seconds | None = None):
        super().__init__(game, seed)
        self.samples = samples
        self.rollouts = rollouts
        self.seconds = seconds
        self.guide_margin = guide_margin
        check_rollout(rollout, guide)
        if guide != "none":
            from .spec import make_bot
            self.guide = make_bot(guide, game, seed=self.rng.randrange(2**32))
        if rollout == "guide":
            from .spec import make_bot
            self.play_out = BotRollout(make_bot(guide, game, seed=self.rng.randrange(2**32)), epsilon=0.0)
        else:
            self.play_out = rollout_policy(game, rollout)
        self.check = PlayoutCheck(self.play_out, self.horizon, samples, guide_margin, self.rng, rollouts=rollouts)

    def search(self, state, legal: list[str], seat: int) -> str:
        deadline = None if self.seconds is None else self.started + self.seconds
        habit = self.guide.choose(state) if self.guide is not None else None
        if habit not in legal:  # e.g. a jump bid, of which only the lowest are searched
            habit = None
        return self.check.choose(state, legal, habit, seat, deadline)
