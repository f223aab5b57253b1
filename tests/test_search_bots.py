"""The generic search bots: the exact end of a deal once nothing is hidden, the game-outcome
reward of the last deal, reproducibility from a seed, the greedy play-outs' building melds up,
and the search guided by another bot."""

from __future__ import annotations

import copy
import random

import pytest

from cardcore import load_game
from cardcore.bots import make_bot
from cardcore.bots.counting import CountedEndgame
from cardcore.bots.search import (
    BotRollout, ExactEnd, GreedyRollout, ISMCTSBot, OutOfTime, PIMCBot, WonValues, _Horizon, single_world,
)
from cardcore.bots.check import PlayoutCheck
from cardcore.engine.kernel import blind_moves
from cardcore.engine.sections import decided_at_once
from cardcore.errors import OptionError


def _play_until(game, seed, found):
    """A random game of ``game`` (deals and moves from ``seed``) played on until ``found(state)``;
    None if it ends first."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while not state.is_terminal():
        if found(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    return None


def _to_meal(game, seed, cards_left=None, trick_len=0):
    """A random game of ``game`` played on until the Meal, at a trick of ``trick_len`` cards
    (and, if given, with ``cards_left`` cards in the leader's hand); None if it never gets there."""
    return _play_until(game, seed, lambda state: (
        state.phase == 1 and len(state.trick) == trick_len and state.decision == "play"
        and (cards_left is None or state.hands[state.current_player].bit_count() == cards_left)))


def test_single_world_once_the_stock_is_gone():
    game = load_game("penchant", options={"rounds": 1})
    state = game.new_game(seed=3)
    assert not single_world(state, state.current_player)
    meal = _to_meal(game, 3)
    assert meal is not None and meal.stock_left == 0
    assert single_world(meal, meal.current_player)
    rng = random.Random(0)
    seat = meal.current_player
    worlds = {tuple(meal.determinize(seat, rng).hands) for _ in range(5)}
    assert worlds == {tuple(meal.hands)}


def test_exact_end_takes_the_ten_with_the_ace():
    """No trump, the opponent has led TS and holds 7H; we hold AS 9S and need not win (FTr).
    AS takes TS, then our 9S lead draws 7H: three brisques for us. Ducking with 9S gives the
    opponent TS, then 7H led and AS discarded: three brisques for it."""
    game = load_game("penchant", options={"rounds": 1, "endgame_rule": "FTr"})
    state = _to_meal(game, 5, cards_left=2)
    assert state is not None
    d = state.deck
    lead, me = state.current_player, 1 - state.current_player
    cards = [d.find(n, d.full_mask) for n in ("TS", "7H", "AS", "9S")]
    for c in cards:  # take the four cards out of wherever the random game left them
        for per_seat in state.won:
            for i in range(len(per_seat)):
                per_seat[i] &= ~(1 << c)
    state.hands[lead] = 1 << cards[0] | 1 << cards[1]
    state.hands[me] = 1 << cards[2] | 1 << cards[3]
    state.tableaus = [0, 0]
    state.trump = None
    state.apply("play TS")
    assert sorted(state.legal_actions()) == ["play 9S", "play AS"]
    values = ExactEnd().values(state, me)
    assert values[cards[2]] > values[cards[3]]
    bot = ISMCTSBot(game, seed=0, iterations=1)  # one iteration: the answer is the exact search's
    assert bot.choose(state) == "play AS"


@pytest.mark.parametrize("seed", range(6))
def test_exact_end_agrees_with_the_counted_endgame(seed):
    """Move by move, the generic search values the Meal like Penchant's own counted solver
    (phase-two brisques and the book), up to a constant."""
    game = load_game("penchant", options={"rounds": 2})
    state = _to_meal(game, seed, trick_len=seed % 2)
    assert state is not None
    seat = state.current_player
    exact = ExactEnd().values(state, seat)
    bot = make_bot("heuristic", game, seed=0)
    solver = bot._solver(state, seat)
    counts = tuple(state.counter_counts("brisques"))  # per side: each player alone
    counted = solver.values(tuple(state.hands), list(zip(state.trick_seats, state.trick)), counts)
    assert isinstance(solver, CountedEndgame) and set(counted) == set(exact)
    base = next(iter(counted))
    for c in counted:
        assert exact[c] - exact[base] == pytest.approx(counted[c] - counted[base])


def test_game_outcome_weighs_in_the_last_deal():
    game = load_game("penchant", options={"rounds": 1})
    state = game.new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    winner = state.result["winner"]
    assert winner is not None
    start = [0] * state.n
    plain, weighted = _Horizon(game), _Horizon(game, game_weight=0.5)
    assert weighted.reward(state, start, winner) == pytest.approx(0.5 * plain.reward(state, start, winner) + 0.5)
    assert weighted.reward(state, start, 1 - winner) == pytest.approx(
        0.5 * plain.reward(state, start, 1 - winner) - 0.5)


def _play(game, specs, seed):
    bots = [make_bot(spec, game, seed=seed * 10 + i) for i, spec in enumerate(specs)]
    state = game.new_game(seed=seed)
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state.actions


@pytest.mark.parametrize("name", ["penchant", "marjolet", "penneech"])
def test_ismcts_is_reproducible_from_its_seed(name):
    game = load_game(name, options={"rounds": 1} if name == "penchant" else None)
    specs = ["ismcts(iterations=20)", "random"]
    assert _play(game, specs, 4) == _play(game, specs, 4)


def test_ismcts_rejects_a_bad_game_weight():
    with pytest.raises(ValueError):
        ISMCTSBot(load_game("penchant"), game_weight=1.5)


def _hold_only(state, seat, names):
    """Give ``seat`` exactly the cards ``names`` in hand and an empty table."""
    d = state.deck
    cards = [d.find(n, d.full_mask) for n in names]
    mask = 0
    for c in cards:
        mask |= 1 << c
    for s in range(state.n):
        state.hands[s] &= ~mask
        state.tableaus[s] &= ~mask
    state.hands[seat] = mask
    state.tableaus[seat] = 0
    state._meld_memo = None


@pytest.mark.parametrize("stock, expected", [(20, 2), (2, 3)])
def test_greedy_play_out_builds_sets_up_while_tricks_remain(stock, expected):
    """Three nines in hand, nothing on the table. Twins now and triplets on them at a later
    trick score 2 + 3 (Kandell's meld table: twins 2, triplets 3), the triplets alone 3: with
    tricks to come the play-out declares the twins; on the last trick of the stock, the triplets."""
    game = load_game("penchant", options={"rounds": 1})
    state = _play_until(game, 0, lambda s: s.decision == "declare")
    assert state is not None
    seat = state.current_player
    _hold_only(state, seat, ["9S", "9H", "9D", "7C", "8H", "AD"])
    state.stock_pos = len(state.stock) - stock
    melds = state.declarable(seat)
    assert sorted(m.mask.bit_count() for m in melds) == [2, 2, 2, 3]
    choice = GreedyRollout(game, epsilon=0.0).meld_choice(state, melds)
    assert choice.mask.bit_count() == expected and choice.points == expected


def test_greedy_play_out_declares_the_best_meld_when_melds_are_not_reused():
    game = load_game("penchant", options={"rounds": 1, "no_meld_reuse": True})
    state = _play_until(game, 0, lambda s: s.decision == "declare")
    assert state is not None
    seat = state.current_player
    _hold_only(state, seat, ["9S", "9H", "9D", "7C", "8H", "AD"])
    state.stock_pos = len(state.stock) - 20
    choice = GreedyRollout(game, epsilon=0.0).meld_choice(state, state.declarable(seat))
    assert choice.points == 3


def test_guided_ismcts_keeps_the_guide_unless_the_search_beats_it_by_the_margin():
    """With a margin wider than the reward range (rewards lie in [-1, 1]), no searched move can
    beat the guide's by it, so every sampled decision is the guide's; the guide sees the state
    exactly as it would on its own (a copy of it answers the same)."""
    game = load_game("penchant", options={"rounds": 1})
    bot = make_bot("ismcts(iterations=30,guide=heuristic,guide_margin=3)", game, seed=5)
    # where nothing is hidden the exact search decides, not the guide
    assert _decides_as_its_guide(bot, game.new_game(seed=5), searched=lambda s: not single_world(s, s.current_player))


def _decides_as_its_guide(bot, state, searched=lambda s: True, decisions: int = 12) -> bool:
    """Whether ``bot`` takes the guide's action at the first ``decisions`` decisions with a
    choice (those ``searched`` says it searches) of ``state`` played on at random; the guide
    asked by a copy of itself, so that it sees the state as it would on its own."""
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal() and checked < decisions:
        legal = state.legal_actions()
        if len(legal) > 1 and searched(state):
            expected = copy.deepcopy(bot.guide).choose(state)
            if bot.choose(state) != expected:
                return False
            checked += 1
        state.apply(rng.choice(legal))
    return checked == decisions


def test_a_play_out_by_the_guide_plays_its_moves_to_the_end_of_the_deal():
    # with no random moves (epsilon 0), a play-out by the heuristic is the heuristic's own deal
    game = load_game("penneech")
    state = game.new_game(seed=5)
    world = state.determinize(state.current_player, random.Random(5))
    world.quiet_for_search()
    alone = world.clone()
    BotRollout(make_bot("heuristic", game, seed=3), epsilon=0.0)(world, random.Random(0))
    bot = make_bot("heuristic", game, seed=3)
    while alone.result is None and len(alone.rounds) == 1:
        alone.apply(bot.choose(alone))
    assert world.scores == alone.scores and world.won == alone.won and not any(world.hands)


def test_play_outs_by_the_guide_need_a_guide_and_are_reproducible():
    game = load_game("penneech")
    with pytest.raises(ValueError, match="rollout=guide needs a guide"):
        ISMCTSBot(game, rollout="guide")
    specs = ["ismcts(iterations=20,guide=heuristic,rollout=guide)", "heuristic"]
    assert _play(game, specs, 4) == _play(game, specs, 4)


def test_an_unknown_guide_lists_the_bots():
    with pytest.raises(OptionError, match="unknown bot 'nosuch'.*heuristic"):
        make_bot("ismcts(guide=nosuch)", load_game("penchant"))


def test_guide_declares_leaves_bids_discards_and_concessions_to_the_guide():
    """With ``guide_declares`` the guide takes every decision that is not a card to play, with
    no search at all; the search is still asked for the cards."""
    game = load_game("auction-pinochle")
    bot = make_bot("ismcts(iterations=5,guide=heuristic,guide_declares=true)", game, seed=3)
    plain = make_bot("ismcts(iterations=5,guide=heuristic)", game, seed=3)
    rng = random.Random(3)
    state = game.new_game(seed=3)
    kinds = set()
    while not state.is_terminal() and len(state.rounds) == 1 and "play" not in kinds:
        legal = state.legal_actions()
        if len(legal) > 1:
            expected = copy.deepcopy(bot.guide).choose(state)
            choice = bot.choose(state)
            if legal[0].startswith("play "):
                kinds.add("play")
            else:
                kinds.add(state.decision)
                assert choice == expected and bot.last_iterations == 0
                plain.choose(state)
                assert plain.last_iterations > 0  # without it, the bid is searched
        state.apply(rng.choice(blind_moves(state, legal)))
    assert {"bid", "play"} <= kinds


def test_a_play_out_stops_the_tricks_asked_ahead():
    game = load_game("bezique")
    state = game.new_game(seed=4)
    world = state.determinize(state.current_player, random.Random(4))
    world.quiet_for_search()
    GreedyRollout(game)(world, random.Random(4), last_trick=world.tricks_played + 3)
    assert world.tricks_played == 3 and world.result is None and len(world.rounds) == 1


def test_a_stopped_play_out_values_the_brisques_it_has_won():
    """Brisques counted at the end of the hand (10 each, RM §5) are not in the scores yet when a
    play-out stops: seat 0 having won AS, TH and 9C has 20 points to come, seat 1 nothing."""
    game = load_game("bezique", options={"brisques": "end-of-hand"})
    state = game.new_game(seed=4)
    d = state.deck
    for name in ("AS", "TH", "9C"):
        state.won[0][0] |= 1 << d.by_name[name][0]
    assert WonValues(game)(state) == [20.0, 0.0]


def test_stopping_a_few_tricks_ahead_is_reproducible_and_plays_legal_moves():
    game = load_game("bezique")
    moves = []
    for _ in range(2):
        bot = make_bot("ismcts(iterations=30,tricks_ahead=2,guide=heuristic,guide_declares=true)", game, seed=9)
        state, played = game.new_game(seed=9), []
        for _ in range(6):
            action = bot.choose(state)
            assert action in state.legal_actions()
            played.append(action)
            state.apply(action)
        moves.append(played)
    assert moves[0] == moves[1]


def test_a_search_the_clock_stops_at_once_plays_the_guide_s_move():
    """A clock bound shorter than any search (a microsecond) stops it before its first
    iteration: the bot then plays its guide's move rather than an unsearched one."""
    game = load_game("penchant", options={"rounds": 1})
    bot = make_bot("ismcts(iterations=1000,seconds=0.000001,guide=heuristic)", game, seed=2)
    state = game.new_game(seed=2)
    rng = random.Random(2)
    while len(state.legal_actions()) < 2 or state.decision != "play":
        state.apply(rng.choice(state.legal_actions()))
    expected = copy.deepcopy(bot.guide).choose(state)
    assert bot.choose(state) == expected
    assert bot.clock_stops == 1 and bot.last_iterations == 0


def test_the_exact_search_stops_at_its_deadline():
    game = load_game("penchant", options={"rounds": 1})
    state = _to_meal(game, 5)
    exact = ExactEnd()
    with pytest.raises(OutOfTime):
        exact.values(state, state.current_player, deadline=0.0)  # long past
    values = exact.values(state, state.current_player)  # the memo kept is sound: same values
    assert values == ExactEnd().values(state, state.current_player)


def _minimax(world, seat: int, deal: int) -> float:
    """The plain minimax value of a two-seat deal's end, no memo and no pruning: ``seat``'s
    score less its opponent's when the deal ends (the reference :class:`ExactEnd` must equal); a
    game decided at once (a claim) is the game's win or loss alone."""
    if decided_at_once(world.result):
        return ExactEnd.GAME_WIN if world.result["winner"] == seat else -ExactEnd.GAME_WIN
    if world.result is not None or len(world.rounds) != deal:
        diff = world.scores[seat] - world.scores[1 - seat]
        if world.result is not None and not world.result.get("stopped"):
            diff += ExactEnd.GAME_WIN if diff > 0 else -ExactEnd.GAME_WIN if diff < 0 else 0.0
        return float(diff)
    values = []
    for m in world.legal_moves():
        child = world.clone()
        child.apply_move(m)
        values.append(_minimax(child, seat, deal))
    return max(values) if world.current_player == seat else min(values)


def _minimax_of_moves(state, seat: int) -> dict:
    """Each legal move's plain minimax value (:func:`_minimax`), from ``state`` made quiet as
    the exact search makes its root."""
    root = state.clone()
    root.quiet_for_search(forget_history=True)
    out = {}
    for m in root.legal_moves():
        child = root.clone()
        child.apply_move(m)
        out[m] = _minimax(child, seat, len(state.rounds))
    return out


def _end_of_deal(name, seed, cards):
    """A random first deal of ``name`` played on until nothing is hidden from the player to
    move and at most ``cards`` cards are left to play, with a choice to make; None if never."""
    from cardcore.bots.search import cards_left
    return _play_until(load_game(name), seed, lambda s: (
        len(s.rounds) == 1 and s.decision == "play" and cards_left(s) <= cards
        and single_world(s, s.current_player) and len(s.legal_actions()) > 1))


@pytest.mark.parametrize("name", ["bezique", "cinq-cents", "pinochle"])
@pytest.mark.parametrize("seed", range(3))
def test_alpha_beta_values_the_end_as_plain_minimax_does(name, seed):
    """The last four tricks (at most eight cards, a trick maybe begun) of random deals of the
    meld games, one of them with two packs' twin cards (Bezique, Pinochle): every move's value
    and the best move's are those of a plain minimax without memo or cut-offs."""
    state = _end_of_deal(name, seed, 8)
    assert state is not None
    seat = state.current_player
    expected = _minimax_of_moves(state, seat)
    exact = ExactEnd()
    assert exact.values(state, seat) == expected
    best, value = ExactEnd().best(state, seat)
    assert value == max(expected.values()) and expected[best] == value
    assert exact.best(state, seat)[1] == value  # again, from the memo's bounds


@pytest.mark.parametrize("seed", range(2))
def test_the_exact_end_searches_a_claim_opening_beside_the_cards(seed):
    """Pinochle's Out is among the moves once it wins (a player's count at the game's 1,000):
    with both players five short at the last four tricks, a claim opens within the search,
    beside the cards; the exact end searches it too and values the end as plain minimax does
    (a claim that wins is the game's win)."""
    state = _end_of_deal("pinochle", seed, 8)
    state.scores = [state.target - 5] * 2
    state.side_scores = list(state.scores)
    seat = state.current_player
    expected = _minimax_of_moves(state, seat)
    best, value = ExactEnd().best(state, seat)
    assert value == max(expected.values()) and expected[best] == value
    assert ExactEnd().values(state, seat) == expected


def test_twin_cards_are_keyed_by_how_many_of_each_a_player_holds():
    """Pinochle's 48 cards are two packs of 24 (card c and c + 24 are the same card): a holding
    of the second copy alone is keyed as the first copy, of both as both; a trick's card by its
    first copy's index; a pair held twice is played as one move."""
    from cardcore.bots.search import Twins
    game = load_game("pinochle")
    twins = Twins.of(game.deck)
    assert twins.per_pack == 24 and game.deck.names[3] == game.deck.names[27]
    assert twins.masks([1 << 27]) == (1 << 3,)
    assert twins.masks([1 << 3 | 1 << 27]) == (1 << 3 | 1 << 27,)
    assert twins.masks([1 << 27 | 1 << 5]) == (1 << 3 | 1 << 5,)
    assert twins.card(27) == 3 and twins.card(3) == 3
    assert twins.cards((27, 3, 5)) == (3, 3, 5)
    assert twins.distinct([3, 5, 27, 30]) == [3, 5, 30]
    assert twins.distinct([3, 27, "out"]) == [3, "out"]  # a claim open beside the cards stays
    assert Twins.of(load_game("cinq-cents").deck) is None  # one pack: nothing to merge


def test_guide_until_exact_plays_the_guide_s_cards_while_cards_are_hidden():
    """In two-hand Bezique, while the stock lasts every card is the guide's (a copy of it
    answers the same); once it is gone, the exact search's best move."""
    game = load_game("bezique")
    bot = make_bot("ismcts(iterations=3000,guide=heuristic,guide_declares=true,guide_until_exact=true)",
                   game, seed=4)
    rng = random.Random(4)
    state = game.new_game(seed=4)
    checked = 0
    while state.stock_left > 0:
        legal = state.legal_actions()
        if len(legal) > 1 and legal[0].startswith("play "):
            expected = copy.deepcopy(bot.guide).choose(state)
            assert bot.choose(state) == expected
            assert bot.last_iterations == 0  # no search
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 10
    state = _end_of_deal("bezique", 4, 8)
    seat = state.current_player
    best, _ = ExactEnd().best(state, seat)
    assert bot.choose(state) == state.move_action(best)


def test_guide_until_exact_needs_a_guide_and_the_exact_end():
    game = load_game("bezique")
    with pytest.raises(ValueError):
        ISMCTSBot(game, guide_until_exact=True)
    with pytest.raises(ValueError):
        ISMCTSBot(game, guide="heuristic", exact_end=False, guide_until_exact=True)


def _to_play(game, seed):
    """Game ``seed`` of ``game`` played at random to its first card with a choice."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while len(state.legal_actions()) < 2 or state.decision != "play":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_pimc_keeps_the_guide_unless_a_move_beats_it_by_the_margin():
    """Rewards lie in [-1, 1]: with a margin of 3 no move's mean beats the guide's by it, so
    every decision is the guide's, which sees the state as it would on its own."""
    game = load_game("penneech")
    bot = make_bot("pimc(samples=5,rollouts=1,rollout=guide,guide=heuristic,guide_margin=3)", game, seed=5)
    assert _decides_as_its_guide(bot, game.new_game(seed=5))


def test_pimc_plays_every_move_out_by_the_guide_in_the_same_worlds():
    """Each sampled world is played out once per legal card, from that world (the cards to
    come the same for every card), by the guide's play to the end of the deal."""
    game = load_game("penneech")
    state = _to_play(game, 3)
    bot = make_bot("pimc(samples=4,rollouts=1,rollout=guide,guide=heuristic)", game, seed=3)
    assert isinstance(bot.play_out, BotRollout) and bot.play_out.epsilon == 0.0
    assert bot.check.play_out is bot.play_out
    real = bot.play_out
    played = []
    bot.check.play_out = lambda world, rng, last_trick=None: (played.append(list(world.stock)), real(world, rng, last_trick))
    bot.choose(state)
    moves = len(blind_moves(state, state.legal_actions()))
    assert len(played) == 4 * moves
    worlds = [played[i * moves:(i + 1) * moves] for i in range(4)]
    assert all(all(stock == per_world[0] for stock in per_world) for per_world in worlds)


def test_pimc_values_a_deal_thrown_in_as_it_stands():
    """Thrown in, the deal is void (WP: 'for a fresh deal'): nothing of the next deal is played
    out, only staying in is."""
    game = load_game("penneech")
    state = game.new_game(seed=18)  # seat 1 may throw in
    assert state.legal_actions() == ["throw-in", "pass"]
    bot = make_bot("pimc(samples=3,rollouts=1,rollout=guide,guide=heuristic)", game, seed=18)
    real, rounds = bot.play_out, []
    bot.check.play_out = lambda world, rng, last_trick=None: (rounds.append(len(world.rounds)), real(world, rng, last_trick))
    assert bot.choose(state) in ("throw-in", "pass")
    assert rounds == [1, 1, 1]  # three worlds, the pass played out in each


def test_pimc_stopped_by_its_clock_at_once_plays_the_guide_s_move():
    game = load_game("penneech")
    state = _to_play(game, 2)
    bot = make_bot("pimc(samples=1000,seconds=0.000001,rollout=guide,guide=heuristic)", game, seed=2)
    expected = copy.deepcopy(bot.guide).choose(state)
    assert bot.choose(state) == expected


def test_pimc_play_outs_by_the_guide_need_a_guide():
    game = load_game("penneech")
    with pytest.raises(ValueError, match="rollout=guide needs a guide"):
        PIMCBot(game, rollout="guide")
    with pytest.raises(ValueError, match="rollout must be random, greedy or guide"):
        PIMCBot(game, rollout="smart")


def _bezique_first_follow():
    """Two-hand Bezique, seed 1: the first trick, JC led; the follower holds AS QS 7S AH JH TC JC
    9C, trump neither spades, hearts nor clubs."""
    game = load_game("bezique")
    state = game.new_game(seed=1)
    state.apply("play JC")
    assert state.legal_actions() == ["play AS", "play QS", "play 7S", "play AH", "play JH", "play TC",
                                     "play JC", "play 9C"]
    return game, state


def test_the_check_plays_the_card_its_play_outs_value_most():
    """Stopped at the end of the trick (one trick ahead), every world gives the same points,
    whatever the unseen cards: TC wins the trick and its own ten (+10 in brisques), AS or AH
    gives the leader a brisque (-10), any other card loses the trick and nothing with it. So a
    guide's AS is overruled, by TC; a margin beyond the reward range keeps it."""
    game, state = _bezique_first_follow()
    seat = state.current_player
    guide = BotRollout(make_bot("heuristic", game, seed=0), epsilon=0.0)
    check = PlayoutCheck(guide, _Horizon(game), 4, 0.1, random.Random(0), tricks_ahead=1, won_values=WonValues(game))
    assert check.choose(state, state.legal_actions(), "play AS", seat) == "play TC"
    assert check.overruled == 1
    kept = PlayoutCheck(guide, _Horizon(game), 4, 3.0, random.Random(0), tricks_ahead=1, won_values=WonValues(game))
    assert kept.choose(state, state.legal_actions(), "play AS", seat) == "play AS"


def test_a_stopped_check_values_the_melds_in_each_holding():
    """With ``meld_share`` a position is worth that share of the best meld a seat could declare
    from its holding, beside its won cards: four kings (80 points, research/rules.md §5) and
    four cards that make nothing with them are worth 40 at a share of one half; none of the
    cards won yet."""
    game = load_game("bezique")
    state = game.new_game(seed=1)
    seat = state.current_player
    deck = state.deck
    state.hands[seat] = sum(1 << deck.card_index(name) for name in ("KS", "KH", "KD", "KC", "8S", "8H", "9D", "9C"))
    check = PlayoutCheck(None, _Horizon(game), 1, 0.1, random.Random(0), tricks_ahead=1, won_values=WonValues(game),
                         meld_share=0.5)
    assert check._held(state)[seat] == 40.0
    plain = PlayoutCheck(None, _Horizon(game), 1, 0.1, random.Random(0), tricks_ahead=1, won_values=WonValues(game))
    assert plain._held(state)[seat] == 0.0


def test_check_samples_needs_the_guide_until_the_exact_end():
    game = load_game("bezique")
    with pytest.raises(OptionError, match="check_samples .*guide_until_exact"):
        make_bot("ismcts(guide=heuristic,check_samples=8)", game)
    with pytest.raises(OptionError, match="check_samples"):
        make_bot("ismcts(guide=heuristic,guide_until_exact=true,check_samples=-1)", game)
    with pytest.raises(OptionError, match="meld_share"):
        make_bot("ismcts(guide=heuristic,guide_until_exact=true,check_samples=8,tricks_ahead=4,meld_share=2)", game)
    with pytest.raises(OptionError, match="meld_share .*needs check_samples and tricks_ahead"):
        make_bot("ismcts(guide=heuristic,guide_until_exact=true,check_samples=8,meld_share=0.5)", game)


def test_the_checked_bot_asks_its_check_at_the_guide_s_cards():
    """With ``check_samples`` the bot's cards while the stock lasts are the check's verdict on
    the guide's card: the guide's own under a margin out of the rewards' reach, and some
    overruled under the default margin."""
    game = load_game("bezique")
    spec = "ismcts(guide=heuristic,guide_declares=true,guide_until_exact=true,check_samples=8,tricks_ahead=2{})"
    kept = make_bot(spec.format(",guide_margin=3"), game, seed=4)
    checked = make_bot(spec.format(""), game, seed=4)
    rng = random.Random(4)
    state = game.new_game(seed=4)
    decisions = 0
    while decisions < 12:
        legal = state.legal_actions()
        if len(legal) > 1 and legal[0].startswith("play "):
            expected = copy.deepcopy(kept.guide).choose(state)
            assert kept.choose(state) == expected
            assert checked.choose(state) in legal
            decisions += 1
        state.apply(rng.choice(legal))
    assert kept.check.overruled == 0 and checked.check.overruled > 0
