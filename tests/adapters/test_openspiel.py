"""Our games inside OpenSpiel: OpenSpiel's own random simulation test, its Python ISMCTS bot, and
the properties that test cannot see (hidden information, resampling, the deal cap)."""

import math
import pickle
import random
from collections import Counter

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (pip install 'cardcore[openspiel]') is not installed here")

from cardcore.adapters import openspiel as adapter  # noqa: E402

from .cases import base_options, game_names, option_sets, played, short_options, show  # noqa: E402


def spiel_string(name: str, options: dict) -> str:
    body = ",".join(f"{k}={show(v)}" for k, v in options.items())
    return adapter.short_name(name) + (f"({body})" if body else "")


def playout(game, seed: int, visit=None):
    """A uniformly random game; ``visit(state)`` at every node before it moves."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if visit:
            visit(state)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def finished_engines(monkeypatch) -> dict:
    """The engine state of every game the adapter's states bring to its end from now on (a game
    replayed from its history, as a deserialized state is, counted once)."""
    finished = {}
    apply = adapter.CardcoreSpielState._apply_action

    def counted(state, action):
        apply(state, action)
        if state._forward is None and state._core.is_terminal():
            engine = state._core.engine
            finished[(str(engine.deals[0]), tuple(engine.actions))] = engine

    monkeypatch.setattr(adapter.CardcoreSpielState, "_apply_action", counted)
    return finished


def test_every_game_is_registered():
    registered = set(pyspiel.registered_names())
    assert {adapter.short_name(n) for n in game_names()} <= registered


def test_options_are_game_parameters():
    game = pyspiel.load_game("cardcore_penchant(scoring=19th-century)")
    assert game.chance.game.options["scoring"] == "19th-century"
    assert game.get_parameters()["scoring"] == "19th-century"
    assert game.get_parameters()["max_deals"] == 100
    with pytest.raises(Exception, match="scoring"):
        pyspiel.load_game("cardcore_penchant(scoring=ancient)")


@pytest.mark.parametrize("name,options", option_sets(), ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={show(x)}" for k, x in v.items()) or "defaults")
def test_random_sim_test(name, options, monkeypatch):
    game = pyspiel.load_game(spiel_string(name, options))
    finished = finished_engines(monkeypatch)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    played(finished.values(), name, options)  # whole games: their moves and deals, checked


@pytest.mark.parametrize("name", game_names())
def test_chance_nodes_serialization_and_hidden_cards(name):
    game = pyspiel.load_game(spiel_string(name, base_options(name)))
    seen = {"chance": 0, "decisions": 0}

    def visit(state):
        if state.is_chance_node():
            seen["chance"] += 1
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == state.legal_actions() == sorted(a for a, _ in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            return
        seen["decisions"] += 1
        if seen["decisions"] % 9 == 0:  # serialization and pickling round-trip
            copy = game.deserialize_state(state.serialize())
            assert str(copy) == str(state) and copy.history() == state.history()
            copy = pickle.loads(pickle.dumps(state))
            assert copy.information_state_string(0) == state.information_state_string(0)
        engine = state._core.engine  # the truth, which the test may look at
        deck = engine.deck
        for seat in range(game.num_players()):
            # No card another seat holds unseen is named in what this seat saw of this deal.
            # With a double pack only names whose every copy is unseen by this seat can be checked:
            # a hidden card's twin may have been played in view.
            # (the widow's cards a declarer holds or laid aside were seen, in the widow)
            info = state.information_state_string(seat).split("\ndeal ")[-1].split()
            hidden = sum(1 << c for c in engine.face_down_stock())
            for other in range(game.num_players()):
                if other != seat:
                    hidden |= engine.hands[other] & ~engine.known[other] & ~engine.held_or_aside
            for other in range(game.num_players()):
                if other != seat:
                    unseen = [name for name in deck.names_of(hidden & engine.hands[other])
                              if all(hidden >> c & 1 for c in deck.by_name[name])]
                    assert not set(unseen) & set(info), (seat, unseen)

    final = playout(game, seed=1, visit=visit)
    assert seen["chance"] >= final._core.engine.deck.size
    assert sum(final.returns()) == 0


@pytest.mark.parametrize("name", game_names())
def test_resampling_keeps_the_information_state(name):
    game = pyspiel.load_game(spiel_string(name, base_options(name)))
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)  # seeded: the same worlds every run
    changed = []

    def visit(state):
        if state.is_chance_node() or len(state.history()) % 5:
            return
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.current_player() == player
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        # The world is a real state of the game: its history replays to it.
        replayed = game.new_initial_state()
        for action in world.history():
            replayed.apply_action(action)
        assert str(replayed) == str(world)
        others = [s for s in range(game.num_players()) if s != player]
        changed.append(any(world._core.engine.hands[o] != state._core.engine.hands[o] for o in others))

    playout(game, seed=2, visit=visit)
    assert any(changed), "resampling never redrew an opponent's hand"


@pytest.mark.parametrize("name", game_names())
def test_deal_cap_cuts_the_game_off(name):
    game = pyspiel.load_game(spiel_string(name, short_options(name)))
    engines = []
    for seed in range(3):
        state = playout(game, seed)
        assert len(state._core.engine.deals) == 1
        returns = state.returns()
        assert sum(returns) == 0 and abs(returns[0]) <= game.max_utility()
        engines.append(state._core.engine)
    played(engines, name, short_options(name))  # the deal played (not ended by a wrong claim)


# One deal of each game, and one whole game of the shortest. In a deal of more than 128 cards
# (six and eight packs: some 260 and 350 decisions) ISMCTS takes the first three decisions of
# seat 0, every 20th after them and the first three once the stock is gone, uniform random the
# others, to the end of the deal: every world is still checked early in the stock, late in it
# and in the tricks after it (follow and win), and the deal ends.
LONG_DEAL_CARDS, LONG_DEAL_FIRST, LONG_DEAL_EVERY = 128, 3, 20


def _deck_size(name: str) -> int:
    from cardcore import load_game

    from .cases import seat_games_known
    with seat_games_known():
        return len(load_game(name).deck.names)


ISMCTS_GAMES = [(name, short_options(name)) for name in game_names()] + \
    [("penneech", {"returns": "win-loss"})] * ("penneech" in game_names())


@pytest.mark.parametrize("name,options", ISMCTS_GAMES, ids=lambda v: v if isinstance(v, str) else
                         "one-deal" if "max_deals" in v else "whole-game")
def test_ismcts_bot_plays_to_the_end(name, options, monkeypatch):
    """OpenSpiel's own Python ISMCTS against random; every world it samples is checked."""
    from open_spiel.python.algorithms import ismcts, mcts

    resample = adapter.CardcoreSpielState.resample_from_infostate
    worlds = {"all": 0, "free": 0, "true": 0}

    def checked_resample(state, player, sampler):
        world = resample(state, player, sampler)
        assert world.current_player() == player
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        truth, core = state._core.engine, state._core
        worlds["all"] += 1
        # the next seat's hidden cards come from a pool of every other seat's and the face-down ones
        others = [s for s in range(truth.n) if s != player]
        other = others[0]
        hidden = (truth.hands[other] & ~truth.known[other]).bit_count()
        hidden_all = sum((truth.hands[s] & ~truth.known[s]).bit_count() for s in others)
        pool = hidden_all + max(0, core.engine.face_down_end() - core.fixed)
        if hidden and math.comb(pool, hidden) >= 20:
            # At least 20 hands the opponent could hold: the world must redraw them.
            worlds["free"] += 1
            worlds["true"] += world._core.engine.hands[other] == truth.hands[other]
        return world

    monkeypatch.setattr(adapter.CardcoreSpielState, "resample_from_infostate", checked_resample)
    game = pyspiel.load_game(spiel_string(name, options))
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
                           uct_c=2.0, max_simulations=8, random_state=rs)
    # OpenSpiel's random bot plays for one seat only: one for each seat after the first
    random_bots = {p: pyspiel.make_uniform_random_bot(p, 6 + p) for p in range(1, game.num_players())}
    long_deal = _deck_size(name) > LONG_DEAL_CARDS
    state, turns, after_stock = game.new_initial_state(), 0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            turns += 1
            end_game = state._core.engine.stock_left == 0
            if long_deal and turns > LONG_DEAL_FIRST and turns % LONG_DEAL_EVERY and \
                    not (end_game and after_stock < LONG_DEAL_FIRST):
                state.apply_action(int(rs.choice(state.legal_actions())))
                continue
            after_stock += end_game
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(random_bots[state.current_player()].step(state))
    assert sum(state.returns()) == 0
    played([state._core.engine], name, options)  # the moves of the game, none a wrong claim
    if long_deal:  # the bot searched in the tricks after the stock too
        assert after_stock >= LONG_DEAL_FIRST
    assert worlds["all"] >= 8 and worlds["free"] >= 8
    # A world equal to the truth only by chance: rare where the opponent could hold many hands.
    assert worlds["true"] <= worlds["free"] // 10, worlds


# ------------------------------------------------------------------ returns and their bounds
@pytest.mark.parametrize("game_string,bound", [
    # Penchant: a seat holds 16 of the 32 cards in a deal and each meld takes a fresh one from
    # hand, so at most 16 melds, each at most a reunion (16): 256; brisques 2 each, at most 32
    # cards counted: 64; the book bonus 2 per brisque over six, at most 64: 384 a deal. Four
    # deals, and the lurch doubles: 384 * 4 * 2.
    ("cardcore_penchant", 384 * 4 * 2),
    ("cardcore_penchant(rounds=1)", 384 * 1 * 2),
    # Marjolet to 500: the last deal starts below 500 (or level), so the margin is at most 499
    # plus one deal's most: 24 distinct sets of the meld table at a four of aces (100) = 2,400,
    # the turn-up's seven turned, exchanged and drawn last 30, the last trick 50 with all
    # tricks, 10 a counted card (320): 2,800; the trump seven's play bonus, where it is on,
    # counted at 10 for every card (320) on top.
    ("cardcore_marjolet(trump_seven_play_bonus=false)", 499 + 2800),
    ("cardcore_marjolet(trump_seven_play_bonus=true)", 499 + 2800 + 320),
    ("cardcore_marjolet(trump_seven_play_bonus=false,target=1000)", 999 + 2800),
    # Penneech to 61: card points A5 K4 Q3 J2 in four suits (56) plus the 7D's 14, and the
    # second rule's 56 plus 7; one point a counted card over the half, at most 52: 185 a deal.
    ("cardcore_penneech", 60 + 185),
])
def test_points_bounds_come_from_the_rules(game_string, bound):
    game = pyspiel.load_game(game_string)
    assert (game.min_utility(), game.max_utility()) == (-bound, bound)


def test_win_loss_returns_follow_the_engine_result():
    game = pyspiel.load_game("cardcore_penneech(returns=win-loss)")
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.get_parameters()["returns"] == "win-loss"
    seen = set()
    for seed in range(6):
        state = playout(game, seed)
        result = state._core.engine.result
        expected = [0.0, 0.0] if result["winner"] is None else \
            [1.0 if s == result["winner"] else -1.0 for s in range(2)]
        assert state.returns() == expected
        seen.add(tuple(expected))
    assert len(seen) >= 2  # both seats won some


def test_unknown_returns_lists_the_valid_ones():
    with pytest.raises(Exception, match="points, win-loss"):
        pyspiel.load_game("cardcore_penchant(returns=margin)")


# ------------------------------------------------------------------ what outside code may see
def decision_points(game, seed: int, every: int):
    """Every ``every``-th decision state of a random game (copies)."""
    out = []

    def visit(state):
        if not state.is_chance_node() and len(state.history()) % every == 0:
            out.append(state.clone())

    playout(game, seed, visit)
    return out


@pytest.mark.parametrize("name", game_names())
def test_cardcore_state_shows_only_what_the_player_may_know(name):
    game = pyspiel.load_game(spiel_string(name, base_options(name)))
    redrawn = 0
    for state in decision_points(game, seed=3, every=7):
        truth, player = state._core.engine, state.current_player()
        view = state.cardcore_state(seed=len(state.history()))
        # The player's own knowledge is intact: the observation is the same dict.
        assert view.observation(player) == truth.observation(player)
        assert view.legal_actions() == truth.legal_actions()
        others = [s for s in range(truth.n) if s != player]
        unseen_others = 0
        for other in others:
            unseen_others |= truth.hands[other] & ~truth.known[other]
        face_down = truth.stock[truth.stock_pos:state._core.engine.face_down_end()]
        if unseen_others and (face_down or len(others) > 1):
            redrawn += any(view.hands[o] != truth.hands[o] for o in others)
            # The cards an opponent may hold, or that lie face down, are only the unseen ones.
            # (by name: with a double pack a redrawn card may be a twin of the one it stands for)
            # (and a widow not yet turned, or another seat's discards, lying apart unseen)
            unseen = unseen_others | sum(1 << c for c in face_down) | truth.unseen_apart(player)
            names = truth.deck.names_of
            for other in others:
                held = Counter(names(view.hands[other] & ~view.known[other]))
                assert not held - Counter(names(unseen)), held - Counter(names(unseen))
        # Later deals are not the real ones: the view has a seed of its own.
        assert view.seed != truth.seed
    assert redrawn >= 3


def test_cardcore_state_is_for_a_players_turn():
    game = pyspiel.load_game("cardcore_penchant")
    state = game.new_initial_state()
    assert state.cardcore_state() is None  # the first deal is being dealt
    while not state._core.engine:
        state.apply_action(state.legal_actions()[0])
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="player's turn"):
        state.cardcore_state()


def test_a_cardcore_bot_plays_through_cardcore_state():
    from cardcore.bots import make_bot

    game = pyspiel.load_game("cardcore_marjolet(max_deals=1)")
    bot = make_bot("greedy", game.chance.game, seed=1)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        elif state.current_player() == 0:
            action = state.string_to_action(bot.choose(state.cardcore_state(seed=rng.randrange(99))))
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == 0


# ------------------------------------------------------------------ resampling never hands back the truth
def test_the_search_finds_worlds_when_random_tries_are_spent(monkeypatch):
    """The path that used to return the true state: rejection tries all fail (here: none allowed)."""
    from cardcore.adapters import chance

    monkeypatch.setattr(chance, "RESAMPLE_TRIES", 0)
    game = pyspiel.load_game("cardcore_penchant")
    differs = checked = 0
    for state in decision_points(game, seed=4, every=6):
        core, player = state._core, state.current_player()
        truth = core.engine
        if not (truth.hands[1 - player] & ~truth.known[1 - player]) or truth.stock_left == 0:
            continue
        world = core.resample(player, random.Random(checked))
        assert world.information_state(player) == core.information_state(player)
        assert world.current_player() == player and world.legal_ids() == core.legal_ids()
        checked += 1
        differs += world.engine.hands[1 - player] != truth.hands[1 - player]
    assert checked >= 5 and differs >= checked - 1


def test_resampling_raises_rather_than_return_the_truth(monkeypatch):
    from cardcore.adapters import chance

    monkeypatch.setattr(chance, "RESAMPLE_TRIES", 0)
    monkeypatch.setattr(chance, "SEARCH_BUDGET", 0)
    game = pyspiel.load_game("cardcore_penchant")
    state = decision_points(game, seed=4, every=6)[2]
    with pytest.raises(chance.ResampleError, match="P[01]'s information state"):
        state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0, 0.0, 1.0))


def test_a_skipped_declaration_turn_reads_as_a_pass_in_the_information_state():
    # The engine skips a declaration turn with nothing to declare and reports it as a pass, so
    # that the opponent learns no more than from a pass; the information state must agree.
    game = pyspiel.load_game("cardcore_penchant(rounds=1)")
    final = playout(game, seed=3)
    engine = final._core.engine
    pass_events = [e["seat"] for e in engine.events if e["type"] == "pass"]
    passes_chosen = engine.actions.count("pass")
    assert len(pass_events) > passes_chosen  # some turns were skipped in this game
    for seat in range(2):
        lines = final.information_state_string(seat).splitlines()
        assert [int(line[1]) for line in lines if line.endswith(" pass")] == pass_events


@pytest.mark.parametrize("name", game_names())
def test_an_adapter_game_replays_from_its_record(name):
    """The engine state under the adapter writes the record a game dealt from those cards would:
    the deals with every card the chance nodes chose (the stock cards drawn so far in the order
    drawn), and replaying it reaches the same state, mid-game and at the end."""
    from cardcore.records import replay

    game = pyspiel.load_game(spiel_string(name, short_options(name)))
    checked = []

    def visit(state):
        if not state.is_chance_node() and len(state.history()) % 7 == 0:
            engine = state._core.engine
            again = replay(engine.record())
            assert again.summary() == engine.summary() and again.observation(0) == engine.observation(0)
            checked.append(len(state.history()))

    final = playout(game, seed=4, visit=visit)
    engine = final._core.engine
    if final._core.cut_off is None:
        assert replay(engine.record()).result == engine.result
    assert checked


def test_identical_copies_are_one_chance_outcome_the_first_left():
    """Eight packs hold eight of each card: a draw offers each name once, as its first copy not
    yet dealt or drawn (the copy the replay of the record gives that card), as likely as the
    copies of it left; the copies of a name come into play in index order."""
    game = pyspiel.load_game("cardcore_eight-pack-bezique(max_deals=1)")
    rng = random.Random(9)
    state = game.new_initial_state()
    stock_nodes = 0
    while stock_nodes < 40:
        if state.is_chance_node():
            core = state._core
            if core.slot[0] == "stock":
                stock_nodes += 1
                deck = core.engine.deck
                left = core.engine.face_down_stock(core.fixed)
                names_left = Counter(deck.names[c] for c in left)
                outcomes = dict(state.chance_outcomes())
                # one outcome per name left, its lowest copy among the face-down cards
                assert sorted(deck.names[c] for c in outcomes) == sorted(names_left)
                assert all(c == min(x for x in left if deck.names[x] == deck.names[c]) for c in outcomes)
                assert all(p == pytest.approx(names_left[deck.names[c]] / len(left)) for c, p in outcomes.items())
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    engine = state._core.engine
    in_play = engine.hands[0] | engine.hands[1] | engine.tableaus[0] | engine.tableaus[1]
    for s in range(2):
        in_play |= sum(engine.won[s])
    # every copy of a name in play is numbered below every copy still face down
    down = engine.face_down_stock()
    for name, copies in engine.deck.by_name.items():
        played = [c for c in copies if in_play >> c & 1]
        assert not played or all(c > max(played) for c in copies if c in down), name


def test_a_world_may_pass_where_the_truth_had_nothing_to_declare():
    """A declaration turn skipped for want of a meld and a pass both read "pass" to the other
    seats, so a resampled hand holding a meld there passes (and one without skips a turn the
    true hand passed): the opponent's passes in the world's history differ from the truth's,
    while the information state stays the same."""
    game = pyspiel.load_game("cardcore_six-pack-bezique(max_deals=1)")
    state = decision_points(game, seed=5, every=1)[120]
    core, player = state._core, state.current_player()
    other = 1 - player
    passes = core.g.actions.ids["pass"]

    def opponent_passes(c):
        return sum(1 for a, p in zip(c.history, c.players) if p == other and a == passes)

    def declaration_turns_skipped(c):
        events = [e for e in c.engine.events if e["type"] == "pass" and e["seat"] == other]
        return len(events) - opponent_passes(c)

    assert declaration_turns_skipped(core) > 0  # the true hand had nothing to declare at some turn
    differ = 0
    for seed in range(6):
        world = core.resample(player, random.Random(seed))
        assert world.information_state(player) == core.information_state(player)
        assert world.legal_ids() == core.legal_ids()
        differ += opponent_passes(world) != opponent_passes(core)
    assert differ


def test_voids_that_leave_one_hand_possible_do_not_defeat_resampling():
    """Auction Pinochle, PB95 Play: 'If a plain suit is led, they must follow suit if possible,
    otherwise trump if possible'. In deal 3 of a random game (clubs trump, P0 the declarer) P2
    is to play to the tenth trick. P0 played JD to 9S led: he lacks spades and clubs; P1 played
    AH to the 9D led: he lacks diamonds and clubs. P2 has not seen P0's four cards, P1's four
    nor P0's three discards: AD AD TD TD 9D TC QC KS KS KH KH. So P1 holds KS KS KH KH, the only
    ones of his suits; P0 holds four of the five diamonds; his discards are the clubs TC QC and
    the fifth diamond. Only one deal of those eleven cards in 330 gives P1 the four kings, and
    the resampler used to spend its whole search on the others: with the generator seeded
    below (the one a sampler gave at this position) it found no world."""
    core = _two_voids_position()
    truth, deck = core.engine, core.engine.deck
    names = deck.names_of
    suits = {name: suit for suit, name in enumerate(deck.suits)}
    assert (len(truth.deals), truth.declarer, truth.current_player, deck.suits[truth.trump]) == (3, 0, 2, "C")
    assert {suits["S"], suits["C"]} <= truth.voids[0] and {suits["D"], suits["C"]} <= truth.voids[1]
    assert Counter(names(truth.hands[0] | truth.hands[1])) + Counter(names(truth.widow)) == \
        Counter("AD AD TD TD 9D TC QC KS KS KH KH".split())
    diamonds = Counter("AD AD TD TD 9D".split())
    for seed in [1940881826851726, *range(6)]:
        world = core.resample(2, random.Random(seed))
        e = world.engine
        assert world.information_state(2) == core.information_state(2)
        assert world.legal_ids() == core.legal_ids()
        assert Counter(names(e.hands[1])) == Counter("KS KS KH KH".split())
        held, discards = Counter(names(e.hands[0])), Counter(names(e.widow))
        assert sum(held.values()) == 4 and not held - diamonds
        assert discards == Counter(["TC", "QC"]) + (diamonds - held)


def _two_voids_position():
    """The position of the test above (the adapter's state)."""
    game = pyspiel.load_game("cardcore_auction-pinochle")
    return next(s for s in decision_points(game, seed=2, every=5) if len(s.history()) == 285)._core


def test_the_search_builds_a_consistent_world_at_its_first_try_where_voids_decide(monkeypatch):
    """The position above, by the search alone, with the budget of one run: each card it deals
    leaves the cards left enough for the later steps' voids, and the declarer's redrawn discard
    keeps none of the clubs he lacks (a club kept would have had to be played to 9S led, PB95
    Play), so the first deal it replays is a world: nothing to backtrack."""
    from cardcore.adapters import chance

    monkeypatch.setattr(chance, "RESAMPLE_TRIES", 0)
    monkeypatch.setattr(chance, "SEARCH_BUDGET", chance.RESTART_BUDGET)
    core = _two_voids_position()
    for seed in range(6):
        world = core.resample(2, random.Random(seed))
        assert world.information_state(2) == core.information_state(2)
        assert Counter(world.engine.deck.names_of(world.engine.widow)) >= Counter(["TC", "QC"])
