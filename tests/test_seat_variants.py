"""Every shipped rules file with its seat count changed, as a new user would first try it.

A copy of ``rules/<game>.yaml`` with ``players:`` set to 2, 3 or 4 (and ``sides:`` one seat a
side, except the partnership file at four) is loaded the documented way (a ``TrickGame``
subclass whose rules source is the user's file; here the shipped game's class, so that its
code and bots come along). Two tries per copy:

- ``as-is``: only ``players`` (and ``sides``) changed;
- ``per-seat``: also the steps that assume two players rewritten as the load error advises
  (a winner's draw paired with the loser's becomes ``each-from-winner``; the loser's
  declaration turn is dropped), written out as one file (a file that extends another with it
  merged in).

A copy of a file that ``extends`` another names its base by package (``cardrules:...``), as a
copy kept outside cardcore must.

Each copy either plays correct games with the random and the heuristic bots (a card from
every seat in every trick, the draws after a trick taken once by each seat in turn from the
winner until the stock is out at the end of a round, then the next phase; each full deal plays
every card dealt and drawn; zero-sum returns, the winners' the highest) or is refused at load
with ``file:line:col`` and the arithmetic that fails. The expectations were worked out from
the files' deal sections by hand (e.g. Marjolet for three: 32 - 3 x 6 = 14 cards of stock,
3 drawn after each trick, 14 is no multiple of 3).
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from importlib import resources

import pytest
import yaml

from cardcore.bots import make_bot
from cardcore.errors import RulesError
from cardcore.extends import load_rules_yaml
from cardcore.game import read_rules
from cardcore.plugins import find_bot, get_games

from watchdog import watchdog

SHIPPED = ("penchant", "marjolet", "penneech", "pinochle", "auction-pinochle",
           "partnership-auction-pinochle", "bezique", "cinq-cents")
MAX_ACTIONS = 20_000  # far beyond any game here; only a game that never ends reaches it


def _per_seat_steps(steps: list) -> list:
    loser_draws = any(isinstance(s, dict) and s.get("step") == "draw" and s.get("who") == "loser" for s in steps)
    out = []
    for step in steps:
        if isinstance(step, dict) and step.get("who") == "loser":
            continue
        if isinstance(step, dict) and step.get("step") == "draw" and step.get("who") == "winner" and loser_draws:
            step = {**step, "who": "each-from-winner"}
        out.append(step)
    return out


def _rewritten(node):
    if isinstance(node, dict):
        return {key: _rewritten(value) for key, value in node.items()}
    if isinstance(node, list):
        node = [_rewritten(item) for item in node]
        return _per_seat_steps(node) if any(isinstance(i, dict) and "step" in i for i in node) else node
    return node


@functools.cache
def user_copy(game: str, players: int, rewrite: str) -> str:
    text = resources.files("cardrules").joinpath(f"{game}.yaml").read_text(encoding="utf-8")
    # a copy kept outside cardcore names the shipped file it extends by its package
    text = re.sub(r"(?m)^extends: (?!\w+:)", "extends: cardrules:", text)
    text = re.sub(r"(?m)^players: \d+$", f"players: {players}", text)
    if not (game == "partnership-auction-pinochle" and players == 4):
        alone = "[" + ", ".join(f"[{seat}]" for seat in range(players)) + "]"
        text = re.sub(r"(?m)^sides: .*$", f"sides: {alone}", text)
    if rewrite == "per-seat":
        # the whole game, the file it extends merged in, written out as one file
        data = load_rules_yaml(text, filename(game)).data
        text = yaml.safe_dump(_rewritten(data), sort_keys=False, allow_unicode=True)
    return text


def filename(game: str) -> str:
    return f"my-{game}.yaml"


@functools.cache
def user_game_class(game: str, players: int, rewrite: str):
    source = read_rules(user_copy(game, players, rewrite), filename(game), game)
    shipped = get_games()[game].game_class
    return type(f"My{shipped.__name__}", (shipped,), {"rules_source": classmethod(lambda cls: source)})


# Refused copies: (game, players, rewrite) -> (the line's text, what the message must say).
LOSER = ("who: loser", ["'who: loser' means the one other player"])
REFUSED = {
    **{(g, n, "as-is"): LOSER for g in ("penchant", "marjolet", "pinochle", "bezique", "cinq-cents")
       for n in (3, 4)},
    # 32 - 3 x 6 = 14 in the stock, 3 drawn a trick
    ("penchant", 3, "per-seat"): ("hand_size:", ["32 cards cannot be dealt as 3 hands of 6", "stock holds 14 cards",
                                                 "3 are taken after each trick", "multiple of 3"]),
    ("marjolet", 3, "per-seat"): ("hand_size:", ["32 cards cannot be dealt as 3 hands of 6", "stock holds 14 cards",
                                                 "(the turn-up drawn last)", "multiple of 3"]),
    # 64 - 3 x 8 = 40; 32 - 3 x 8 = 8
    ("bezique", 3, "per-seat"): ("hand_size:", ["64 cards cannot be dealt as 3 hands of 8", "stock holds 40 cards"]),
    ("cinq-cents", 3, "per-seat"): ("hand_size:", ["32 cards cannot be dealt as 3 hands of 8", "stock holds 8 cards"]),
    # 4 x 8 + 1 = 33 > 32; 4 x 12 + 1 = 49 > 48
    ("cinq-cents", 4, "per-seat"): ("hand_size:", ["4 hands of 8 and a turn-up need 33 cards; the deck has 32"]),
    ("pinochle", 4, "per-seat"): ("hand_size:", ["4 hands of 12 and a turn-up need 49 cards; the deck has 48"]),
    **{("auction-pinochle", 4, r): ("hand_size:", ["4 hands of 15 and a widow of 3 need 63 cards; the deck has 48"])
       for r in ("as-is", "per-seat")},
    # 48 - 2 x 15 - 3 = 15 and 48 - 2 x 12 = 24, 48 - 3 x 12 = 12 cards that no step ever takes
    **{("auction-pinochle", 2, r): ("hand_size:", ["2 hands of 15 and a widow of 3 leave 15 of the 48 cards undealt"])
       for r in ("as-is", "per-seat")},
    **{("partnership-auction-pinochle", n, r): ("hand_size:", [f"{n} hands of 12 leave {48 - 12 * n} of the 48 cards "
                                                               "undealt", "no rule takes them"])
       for n in (2, 3) for r in ("as-is", "per-seat")},
}
CASES = [(g, n, r) for g in SHIPPED for n in (2, 3, 4) for r in ("as-is", "per-seat")
         if not (r == "per-seat" and user_copy(g, n, "as-is") == user_copy(g, n, "per-seat"))]
PLAYABLE = [c for c in CASES if c not in REFUSED]


def test_the_grid_covers_every_outcome():
    """The copies that play and those refused, as worked out by hand: a three-seat Penneech,
    Auction Pinochle and (with one draw each) Pinochle play; so do Penchant, Marjolet and
    Bezique for four, whose stocks (8, 8, 32 cards) divide by four."""
    plays = {(g, n) for g, n, _ in PLAYABLE}
    assert plays == {(g, 2) for g in ("penchant", "marjolet", "penneech", "pinochle", "bezique", "cinq-cents")} | {
        ("penneech", 3), ("penneech", 4), ("auction-pinochle", 3), ("partnership-auction-pinochle", 4),
        ("pinochle", 3), ("penchant", 4), ("marjolet", 4), ("bezique", 4)}


@pytest.mark.parametrize("game,players,rewrite", [c for c in CASES if c in REFUSED])
def test_refused_at_load_with_its_line_and_reason(game, players, rewrite):
    text = user_copy(game, players, rewrite)
    with pytest.raises(RulesError) as caught:
        read_rules(text, filename(game), game)
    message = str(caught.value)
    where = re.match(rf"{re.escape(filename(game))}:(\d+):(\d+): ", message)
    assert where, message
    line_text, phrases = REFUSED[(game, players, rewrite)]
    assert line_text in text.splitlines()[int(where.group(1)) - 1], message
    for phrase in phrases:
        assert phrase in message


def _check_deal(state, deal: dict, events: list, n: int) -> None:
    """The tricks and draws of one deal, from its events."""
    hand_size = state.rules.deal.hand_size
    played: Counter = Counter()
    tricks = draws = 0
    after_trick: list[int] = []
    winner = None
    stock_out = False
    for event in events:
        kind = event["type"]
        if kind == "trick":
            if winner is not None and after_trick:
                assert after_trick == state.table.order_from(winner), (winner, after_trick)
            assert len(event["cards"]) == n, event
            played.update(event["cards"])
            tricks += 1
            winner, after_trick = event["winner"], []
        elif kind == "draw":
            assert not stock_out, "a draw after the stock ran out"
            after_trick.append(event["seat"])
            draws += 1
            if event["left"] == 0:
                stock_out = True
                assert after_trick == state.table.order_from(winner), "the stock ran out in the middle of a round"
    dealt = Counter(deal["hands"][0])
    for hand in deal["hands"][1:]:
        dealt.update(hand)
    # the turn-up lies under the stock and is drawn last (an exchanged trump card in its place)
    stock = deal["stock"] + ([deal["turnup"]] if deal.get("turnup") else [])
    drawn = Counter(stock[:draws])
    if tricks * n == n * hand_size + draws:  # a deal played to its end (not won without play, thrown in...)
        if not deal.get("widow"):
            assert played == dealt + drawn, "the cards played are not those dealt and drawn"
        assert stock_out or draws == 0 or not state.rules.deal.turnup
    assert tricks * n <= n * hand_size + draws


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("game,players,rewrite", PLAYABLE)
def test_plays_whole_games(game, players, rewrite, bot):
    cls = user_game_class(game, players, rewrite)
    g = cls()
    seed = 7
    spec = bot if find_bot(bot, g.name) else "random"
    bots = [make_bot(spec, g, seed=seed + seat) for seat in range(players)]
    state = g.new_game(seed=seed)
    with watchdog(120, (game, players, rewrite, bot)):
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal, f"no legal action for seat {state.current_player} in a game not over"
            state.apply(bots[state.current_player].choose(state))
        else:
            pytest.fail(f"no end after {MAX_ACTIONS} actions")
    starts = [i for i, e in enumerate(state.events) if e["type"] == "deal"] + [len(state.events)]
    assert len(starts) - 1 == len(state.deals)
    for k, deal in enumerate(state.deals):
        _check_deal(state, deal, state.events[starts[k]:starts[k + 1]], players)
    returns = state.returns()
    assert len(returns) == players
    assert sum(returns) == pytest.approx(0), returns  # every side's gain is another's loss
    winners = state.result.get("winners") or [state.result["winner"]]
    if state.result["winner"] is not None:
        assert min(returns[w] for w in winners) == max(returns), (returns, state.result)
        assert max(returns) > 0
