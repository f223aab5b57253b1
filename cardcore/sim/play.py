"""One game between bots, reduced to a plain dict of per-game metrics.

``play_one`` is a top-level function of plain arguments, so that it pickles for worker processes
and Dask workers. Everything about game ``index`` follows from ``(master_seed, index)``: the game
seed, who sits where, and the bots' seeds. So a game comes out the same in any process, and two
arms of a comparison that share a game get the same deals (common random numbers).
"""

from __future__ import annotations

import functools
import random
import time
from hashlib import blake2b

from .. import load_game
from ..bots import make_bot
from ..engine.kernel import legal_moves_in_action_order
from ..engine.kinds import DECLARE, PLAY
from ..engine.phases import void_deal_kind
from ..game import TrickGame
from ..seats import Table

MELD = "meld"
# A settled deal's points (melds, cards, last trick) reach the scores only through its settlement
# (a score event of this source, per side): a class of its own, not a further source of points.
SETTLEMENT = "settlement"
# The kinds of events the summary reads (``summarize``).
SUMMARY_EVENT_KINDS = frozenset({"deal", "phase", "score", "deal-points", "round-end"})


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``master_seed``."""
    return random.Random(f"{master_seed}:{index}").getrandbits(31)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot sitting in ``seat`` of the game seeded ``seed``."""
    return random.Random(f"{seed}:bot:{seat}").getrandbits(31)


def seats_of(index: int, bots: int, players: int) -> list[int]:
    """The seat of each bot in game ``index``: the seats rotate from game to game.

    With two players bot A sits in seat ``index % 2``, bot B in the other.
    """
    return _table(players).order_from(index % players)[:bots]


@functools.lru_cache(maxsize=8)
def _table(players: int) -> Table:
    return Table(players)  # (immutable: made once, not for every game)


@functools.lru_cache(maxsize=32)
def cached_game(game_string: str):
    """One game object per game string and process (games are immutable once built)."""
    return load_game(game_string)


def check(game_string: str, bot_specs: tuple[str, ...]):
    """Load the game and build each bot once, so that bad input fails before any work starts."""
    from ..errors import OptionError

    game = cached_game(game_string)
    if len(bot_specs) != game.players:
        raise OptionError(
            f"{game.name} is played by {game.players}; give {game.players} bots with --bots, "
            f"e.g. {','.join(['random'] * game.players)}, or one for every seat (got {len(bot_specs)})"
        )
    for spec in bot_specs:
        make_bot(spec, game, seed=0)
    return game


def play_one(game_string: str, bot_specs: tuple[str, ...], index: int, master_seed: int,
             keep_record: bool = False) -> dict:
    """Play game ``index`` of a run and return its metrics (see the module docstring of report)."""
    started = time.perf_counter()
    game = cached_game(game_string)
    seed = game_seed(master_seed, index)
    seats = seats_of(index, len(bot_specs), game.players)
    bot_at = {seat: b for b, seat in enumerate(seats)}
    players = [make_bot(bot_specs[bot_at[seat]], game, seed=bot_seed(seed, seat))
               for seat in range(game.players)]
    state, decisions, legal_moves = play_game(game, players, seed)
    elapsed = time.perf_counter() - started
    return summarize(state, index=index, seed=seed, bot_specs=bot_specs, seats=seats,
                     decisions=decisions, legal_moves=legal_moves, elapsed=elapsed,
                     keep_record=keep_record)


def events_read(game) -> frozenset[str] | None:
    """The kinds of events a simulation of ``game`` reads: the summary's and those its
    ``notable_events`` reads (``TrickGame.notable_event_kinds``; none where the game keeps
    TrickGame's, which reads none). None, the whole log, where a game's own ``notable_events``
    does not say which."""
    kinds = game.notable_event_kinds
    if kinds is None:
        if type(game).notable_events is not TrickGame.notable_events:
            return None
        kinds = frozenset()
    return SUMMARY_EVENT_KINDS | kinds


def play_game(game, players: list, seed: int) -> tuple:
    """The game seeded ``seed`` played to its end by ``players`` (a bot per seat): the finished
    state, the decisions taken and the legal actions counted over them.

    A bot that answers ``choose_among`` (the random bot) is handed the legal actions, which are
    counted anyway; at a card to play or a declaration, the moves of ``legal_moves()`` one per
    action and in the order of the actions instead (:func:`cardcore.engine.kernel.legal_moves_in_action_order`): it draws the move
    of the action it would have drawn, and ``apply_move`` carries it out without an action to
    build, read and check. The game logs only the events the simulation reads
    (:func:`events_read`), and so plays its cards and steps on the playout kernel. The game,
    those events and its actions are those the actions would have made
    (tests/sim/test_sim_public_path.py)."""
    choosers = [getattr(p, "choose_among", None) for p in players]
    by_moves = (PLAY, DECLARE)
    state = game.new_game(seed=seed, keep_events=events_read(game))
    decisions = legal_moves = 0
    while state.result is None:  # is_terminal(), without a call at every decision
        decisions += 1
        seat = state.current_player
        choose_among = choosers[seat]
        if choose_among is None:
            legal_moves += len(state.legal_actions())
            state.apply(players[seat].choose(state))
        elif state.decision in by_moves:
            moves = legal_moves_in_action_order(state)
            legal_moves += len(moves)
            state.apply_move(choose_among(state, moves))
        else:
            legal = state.legal_actions()
            legal_moves += len(legal)
            state.apply(choose_among(state, legal))
    return state, decisions, legal_moves


def play_chunk(game_string: str, bot_specs: tuple[str, ...], indices: list[int],
               master_seed: int, keep_record: bool = False) -> list[dict]:
    """``play_one`` for several games: the unit of work sent to a process or a Dask worker."""
    return [play_one(game_string, bot_specs, i, master_seed, keep_record) for i in indices]


# ------------------------------------------------------------------------------ the metrics
def moves_digest(actions: list[str]) -> int:
    """A game's moves in one 64-bit number: two games with the same digest played the same moves
    (two different games share one by a chance of 2^-64)."""
    text = "\n".join(actions).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "little", signed=True)


def _strict_leader(values) -> int | None:
    """The index of the one highest value, None when several share it (asked at every score)."""
    top = max(values)
    return values.index(top) if values.count(top) == 1 else None


def point_classes(game) -> dict[str, str]:
    """The score sources the rules name: each meld kind, and the labels that come from tricks
    (counters, last trick, cards won). Any other label that scores is of class ``other``."""
    classes = {m.name: MELD for m in game.rules.melds if m.enabled}
    classes.update({rule.label: "tricks" for rule in game.rules.scoring})
    if any(rule.when == "won" for rule in game.rules.card_points):
        classes["card won"] = "tricks"
    if game.compiled.settles_deals:
        classes[SETTLEMENT] = SETTLEMENT
    return classes


# How a deal's contract ended, as a round's summary says it (``outcome``): made, or set (the
# declarer failed, or conceded before play); an annulled auction (everyone passed) is no contract.
MADE_OUTCOMES = ("made", "made-without-play")
SET_OUTCOMES = ("failed", "set", "conceded")


def contract_of(round_summary: dict, bot_at: dict[int, int]) -> dict | None:
    """A deal's contract from its summary, for games with an auction: the declarer's bot, the
    winning bid and whether it was made; None for a deal without one (no auction, all passed)."""
    declarer = round_summary.get("declarer", round_summary.get("bidder"))
    bid = round_summary.get("contract", round_summary.get("bid"))
    if isinstance(bid, dict):  # a contract given as a record of its own
        bid = bid.get("bid", bid.get("value"))
    outcome = round_summary.get("outcome")
    if type(declarer) is not int or type(bid) is not int or outcome == "annulled":
        return None
    made = round_summary.get("made")
    if not isinstance(made, bool):
        made = outcome in MADE_OUTCOMES if outcome in MADE_OUTCOMES + SET_OUTCOMES else None
    return {"declarer": bot_at[declarer], "declarer_seat": declarer, "bid": bid, "made": made}


def summarize(state, *, index: int, seed: int, bot_specs, seats: list[int], decisions: int,
              legal_moves: int, elapsed: float, keep_record: bool) -> dict:
    """The per-game metrics of a finished game, by bot (A = 0, B = 1, ...) where they belong to one.

    - ``round_points``: one dict per deal, source -> points per bot; a meld scores under its kind
      (``twins``), anything else under its label (``brisques``, ``last trick``, ``card won``...).
    - ``point_classes``: each source the rules name or that scored: ``meld``, ``tricks`` or ``other``;
      in a game whose deals are settled, ``settlement``: what each side's score changed by, counted
      for every bot of the side (the deal's own points are those of the other sources).
    - stock phase: at the start of each deal's second phase, the seat ahead on the deal's points
      (``stock_deals``: deals with a strict leader then that were played out; ``stock_leader_won``:
      how many of them that seat won on the deal's points), and the seat ahead on the game totals
      at the last such moment (``stock_game_leader``, seat or None) and whether it won the game.
    - ``lead_changes``: how often the strict leader on the running game totals changed hands.
    Leads and the margin are those of the sides (partners count as one).
    - ``winners``: the bots of the winner's side; ``sides``, ``winning_side``: the table's sides and
      the winner's (index or None); ``contracts``: each deal's contract (see ``contract_of``).
    """
    game = state.game
    table = state.table
    n = len(table.sides)  # leads and margins are the sides' (every seat alone: the seats')
    bot_at = {seat: b for b, seat in enumerate(seats)}
    classes = point_classes(game)
    rounds: list[dict[str, list[int]]] = []
    deal_points = [0] * n
    totals = [0] * n
    phases = 0
    stock_leader = None
    stock_deals = stock_won = 0
    game_leader_side = None
    saw_stock_end = False
    leader = None
    lead_changes = 0
    for e in state.events:
        kind = e.type  # events are typed (cardcore.engine.events): read by attribute
        if kind == "deal":
            rounds.append({})
            deal_points = [0] * n
            phases = 0
            stock_leader = None
        elif kind == "phase":
            phases += 1
            if phases == 2:
                stock_leader = _strict_leader(deal_points)
                game_leader_side = _strict_leader(totals)
                saw_stock_end = True
        elif kind in ("score", "deal-points"):  # deal-points: a deal's own, settled against a contract
            seat, points = e.seat, e.points
            source = e.meld if e.source == MELD else e.source
            classes.setdefault(source, MELD if e.source == MELD else "other")
            row = rounds[-1].setdefault(source, [0] * len(seats))
            for s in (table.side_seats[seat] if classes.get(source) == SETTLEMENT else (seat,)):
                row[bot_at[s]] += points
            if kind != "score":
                continue  # not (yet) in the game's scores
            deal_points[table.side_of(seat)] += points
            totals[table.side_of(seat)] += points
            now = _strict_leader(totals)
            if now is not None:
                if leader is not None and now != leader:
                    lead_changes += 1
                leader = now
        elif kind == "round-end":
            if phases >= 2 and stock_leader is not None:
                stock_deals += 1
                by_side = [e.points[side[0]] for side in table.sides]
                stock_won += int(_strict_leader(by_side) == stock_leader)
    result = state.result or {"winner": None, "game_score": 0, "lurched": False, "totals": state.scores}
    winner_seat = result["winner"]
    winning_side = None if winner_seat is None else table.side_of(winner_seat)
    returns = state.returns()
    final = list(result.get("totals") or state.scores)
    ranked = sorted(state.side_scores, reverse=True)
    out = {
        "index": index,
        "seed": seed,
        "game": game.game_string(),
        "bots": list(bot_specs),
        "seats": list(seats),
        "first_dealer": state.deals[0]["dealer"],
        "winner": None if winner_seat is None else bot_at[winner_seat],
        "winner_seat": winner_seat,
        # a partnership wins together: every bot of the winner's side (of each side sharing the
        # highest total, at a table of three sides or more)
        "winners": [] if winning_side is None else sorted(
            bot_at[s] for s in result.get("winners", table.sides[winning_side])),
        "winner_seats": [] if winning_side is None else sorted(result.get("winners", table.sides[winning_side])),
        "sides": [list(side) for side in table.sides],
        "winning_side": winning_side,
        "contracts": [c for c in (contract_of(r, bot_at) for r in state.rounds) if c is not None],
        "game_score": [returns[seat] for seat in seats],
        "totals": [final[seat] for seat in seats],
        "lurched": bool(result.get("lurched")),
        "margin": ranked[0] - ranked[1] if len(ranked) > 1 else 0,
        "rounds": len(rounds) - sum(1 for r in state.rounds if void_deal_kind(r) is not None),
        "round_points": rounds,
        "point_classes": classes,
        "notable": {k: float(v) for k, v in game.notable_events(state.view()).items()},
        "decisions": decisions,
        "legal_moves": legal_moves,
        "stock_deals": stock_deals,
        "stock_leader_won": stock_won,
        "stock_game_leader": (None if not saw_stock_end or game_leader_side is None
                              else table.sides[game_leader_side][0]),
        "stock_game_leader_won": (None if not saw_stock_end or game_leader_side is None
                                  else game_leader_side == winning_side),
        "lead_changes": lead_changes,
        "elapsed": elapsed,
        "moves": moves_digest(state.actions),  # which arms of a comparison played alike
    }
    if keep_record:
        out["record"] = state.record()
    return out
