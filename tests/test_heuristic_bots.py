"""The three games' heuristic bots: legal, reproducible, blind to hidden cards, and following
the advice of their sources on a few telling positions."""

from __future__ import annotations

import random

import pytest
from helpers import build_deal

from cardcore import IllegalAction, load_game
from cardcore.bots import make_bot
from cardcore.bots.counting import played_mask, trick_mask
from cardcore.tricks import beats

GAMES = ["penchant", "marjolet", "penneech"]


def play_game(game, specs, seed):
    bots = [make_bot(spec, game, seed=seed * 10 + i) for i, spec in enumerate(specs)]
    state = game.new_game(seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        assert action in legal, (action, legal)
        state.apply(action)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_only_legal_actions_over_complete_games(name):
    game = load_game(name)
    for seed in range(3):
        play_game(game, ["heuristic", "random"], seed)
        play_game(game, ["random", "heuristic"], seed)
    play_game(game, ["heuristic", "heuristic"], 7)


@pytest.mark.parametrize("name", GAMES)
def test_reproducible_from_its_seed(name):
    game = load_game(name)
    first = play_game(game, ["heuristic", "heuristic"], 11).actions
    again = play_game(game, ["heuristic", "heuristic"], 11).actions
    assert first == again


def test_registered_for_its_own_game_only():
    from cardplugins.marjolet.bots import MarjoletHeuristicBot
    from cardplugins.penchant.bots import PenchantHeuristicBot
    from cardplugins.penneech.bots import PenneechHeuristicBot

    for name, cls in [("penchant", PenchantHeuristicBot), ("marjolet", MarjoletHeuristicBot),
                      ("penneech", PenneechHeuristicBot)]:
        assert type(make_bot("heuristic", load_game(name), seed=1)) is cls


# ---------------------------------------------------------------- hidden information
def _seen_by(state, seat) -> int:
    """Every card ``seat`` has seen in the current deal: its own, played, on a table, turned,
    faced, or known to be in the opponent's hand."""
    (opp,) = state.table.opponents(seat)
    seen = state.holding(seat) | played_mask(state) | trick_mask(state) | state.turned
    seen |= state.tableaus[opp] | (state.known[opp] & state.holding(opp))
    if state.faced is not None:
        seen |= 1 << state.faced
    return seen


def _shuffled_hidden(state, seat, rng) -> dict:
    """The first deal with the cards ``seat`` has not seen permuted among their places (the
    opponent's initial hand and the stock): the same game for ``seat``, other hidden cards."""
    deck = state.deck
    seen = {deck.names[c] for c in range(deck.size) if _seen_by(state, seat) >> c & 1}
    deal = state.record()["deals"][0]
    (opp,) = state.table.opponents(seat)
    slots = [("hand", i) for i, c in enumerate(deal["hands"][opp]) if c not in seen]
    slots += [("stock", i) for i, c in enumerate(deal["stock"]) if c not in seen]

    def get(slot):
        return deal["hands"][opp][slot[1]] if slot[0] == "hand" else deal["stock"][slot[1]]

    cards = [get(s) for s in slots]
    moved = cards[:]
    while len(cards) > 1 and moved == cards:
        rng.shuffle(moved)
    new = {"dealer": deal["dealer"], "hands": [list(h) for h in deal["hands"]], "stock": list(deal["stock"])}
    if deal.get("turnup"):
        new["turnup"] = deal["turnup"]
    for slot, card in zip(slots, moved):
        if slot[0] == "hand":
            new["hands"][opp][slot[1]] = card
        else:
            new["stock"][slot[1]] = card
    return new


def _replayed_twin(game, state, seat, seed, rng):
    """The same actions replayed on a deal with the hidden cards permuted. Some permutations
    cannot carry the same actions (the opponent was seen to be void in a suit, or had a
    declaration turn that only its hidden cards allow): those are drawn again."""
    for _ in range(30):
        twin = game.new_game(seed=seed, deals=[_shuffled_hidden(state, seat, rng)])
        try:
            for action in state.actions:
                twin.apply(action)
        except IllegalAction:
            continue
        if twin.current_player == seat and twin.decision == state.decision:
            return twin
    return None


@pytest.mark.parametrize("name", GAMES)
def test_blind_to_the_opponents_hand_and_the_stock_order(name):
    """Two states that differ only in the opponent's hidden cards and the stock order get the
    same action from bots with the same seed."""
    game = load_game(name)
    rng = random.Random(3)
    checked = differing = 0
    for seed in range(12):
        seat = seed % 2
        driver = [make_bot("heuristic", game, seed=seed), make_bot("random", game, seed=seed + 50)]
        drivers = [driver[0], driver[1]] if seat == 0 else [driver[1], driver[0]]
        state = game.new_game(seed=seed)
        stop = rng.randrange(0, 8 if name == "penneech" else 34)
        steps = 0
        while not state.is_terminal() and len(state.rounds) == 1:
            if state.current_player == seat and len(state.legal_actions()) > 1 and steps >= stop:
                break
            state.apply(drivers[state.current_player].choose(state))
            steps += 1
        if state.is_terminal() or len(state.rounds) != 1:
            continue
        twin = _replayed_twin(game, state, seat, seed, rng)
        if twin is None:
            continue
        assert twin.legal_actions() == state.legal_actions()
        (opp,) = state.table.opponents(seat)
        differing += twin.hands[opp] != state.hands[opp] or twin.stock != state.stock
        a = make_bot("heuristic", game, seed=99).choose(state)
        b = make_bot("heuristic", game, seed=99).choose(twin)
        assert a == b, (seed, a, b)
        checked += 1
    assert checked >= 8 and differing >= 6


# ---------------------------------------------------------------- Penchant, Kandell's Tactics
SUITS, RANKS = "SHDC", "AKQJT987"
PENCHANT_DECK = [r + s for s in SUITS for r in RANKS]


def penchant_deal(hand0, hand1, stock_top=""):
    return build_deal(PENCHANT_DECK, [hand0, hand1], stock_top, dealer=1)


def penchant_after_first_trick(hand0, hand1, lead, follow):
    game = load_game("penchant", options={"rounds": 1})
    state = game.new_game(deals=[penchant_deal(hand0, hand1)])
    state.apply("play " + lead)
    state.apply("play " + follow)
    return game, state


def test_penchant_melds_a_minor_pair_before_an_elder_pair():
    """'minor combinations are easier to score at the beginning before they are blocked'."""
    game, state = penchant_after_first_trick("9S 9H KS KH 7D AC", "8S 8H 8D TC 7C 7H", "AC", "7C")
    legal = state.legal_actions()
    assert "meld KS KH" in legal and "meld 9S 9H" in legal
    assert make_bot("heuristic", game, seed=0).choose(state) == "meld 9S 9H"


def test_penchant_builds_sets_up_slowly():
    """'combinations should be built up slowly ... a quad is potentially worth 13 pts if drawn
    out (2+3+8)': twins first when triplets are also on offer."""
    game, state = penchant_after_first_trick("KS KH KD 8C 7D AC", "8S 8H 8D TC 7C 7H", "AC", "7C")
    choice = make_bot("heuristic", game, seed=0).choose(state)
    assert choice.startswith("meld K") and len(choice.split()) == 3


def test_penchant_sets_no_trump_where_it_holds_only_the_jack():
    """'Set trump when you have preponderance in a suit ...': a lone jack does not set it."""
    game, state = penchant_after_first_trick("JS QH 8H 9D TC AC", "8S 8D 9C 7C 7H 9H", "AC", "7C")
    assert state.legal_actions() == ["meld JS QH", "pass"]
    assert make_bot("heuristic", game, seed=0).choose(state) == "pass"


def test_penchant_sets_trump_with_a_preponderance_in_the_jacks_suit():
    game, state = penchant_after_first_trick("JS AS 9S QH 8D AC", "8S 8H 9C 7C 7H 9H", "AC", "7C")
    assert "meld JS QH" in state.legal_actions()
    assert make_bot("heuristic", game, seed=0).choose(state) == "meld JS QH"


def test_penchant_wins_the_tenth_trick_when_it_can():
    """'Winning last trick very important, since that person leads in the Meal phase'."""
    game = load_game("penchant", options={"rounds": 1})
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while state.stock_left > 2 or state.decision != "play" or len(state.trick) != 1:
            state.apply(rng.choice(state.legal_actions()))
        lead = state.trick[0]
        cards = {a: state.deck.find(a[5:], state.playable(state.current_player)) for a in state.legal_actions()}
        if not any(beats(state.deck, c, lead, state.trump) for c in cards.values()):
            continue
        choice = make_bot("heuristic", game, seed=seed).choose(state)
        assert beats(state.deck, cards[choice], lead, state.trump), (seed, choice)
        found += 1
    assert found >= 10


def test_penchant_does_not_give_a_brisque_to_the_opponent_in_the_meal():
    """In the Meal the bot, unable to win, keeps its brisques when it has another card."""
    game = load_game("penchant", options={"rounds": 1})
    found = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_terminal() and not (state.phase == 1 and len(state.trick) == 1):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        deck, lead = state.deck, state.trick[0]
        cards = {a: deck.find(a[5:], state.hands[state.current_player]) for a in state.legal_actions()}
        brisques = game.compiled.counter_masks["brisques"]
        if any(beats(deck, c, lead, state.trump) for c in cards.values()):
            continue
        if all(brisques >> c & 1 for c in cards.values()) or not any(brisques >> c & 1 for c in cards.values()):
            continue
        choice = make_bot("heuristic", game, seed=seed).choose(state)
        assert not brisques >> cards[choice] & 1, (seed, choice)
        found += 1
    assert found >= 3


# ---------------------------------------------------------------- Marjolet
def test_marjolet_exchanges_the_trump_seven_as_soon_as_it_can():
    game = load_game("marjolet")
    found = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_terminal() and len(state.rounds) == 1:
            legal = state.legal_actions()
            if any(a.startswith("exchange ") for a in legal):
                exchange = next(a for a in legal if a.startswith("exchange "))
                assert make_bot("heuristic", game, seed=seed).choose(state) == exchange
                found += 1
                break
            state.apply(rng.choice(legal))
    assert found >= 10


def test_marjolet_declares_every_meld_highest_first():
    game = load_game("marjolet")
    found = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_terminal() and len(state.rounds) == 1:
            legal = state.legal_actions()
            melds = [a for a in legal if a.startswith("meld ")]
            if melds and not any(a.startswith("exchange ") for a in legal):
                assert make_bot("heuristic", game, seed=seed).choose(state) == melds[0]
                found += 1
                break
            state.apply(rng.choice(legal))
    assert found >= 20


# ---------------------------------------------------------------- Penneech
def test_penneech_wins_with_the_trump_ace_when_it_can():
    """A trick won with the ace of the trump in force scores the ace's 5 to the bot."""
    game = load_game("penneech")
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not state.is_terminal() and len(state.rounds) == 1:
            if state.decision == "play" and len(state.trick) == 1 and state.trump is not None:
                deck, seat, lead = state.deck, state.current_player, state.trick[0]
                ace = deck.find("A" + deck.suits[state.trump], state.hands[seat])
                legal = state.legal_actions()
                if ace is not None and "play " + deck.names[ace] in legal and beats(deck, ace, lead, state.trump):
                    choice = make_bot("heuristic", game, seed=seed).choose(state)
                    card = deck.find(choice[5:], state.hands[seat])
                    assert beats(deck, card, lead, state.trump), (seed, choice)
                    found += 1
                    break
            state.apply(rng.choice(state.legal_actions()))
    assert found >= 10


def test_penneech_throws_in_only_a_truly_weak_hand():
    from cardplugins.penneech.bots import PenneechHeuristicBot

    game = load_game("penneech")
    bot = PenneechHeuristicBot(game, seed=0)
    mask = lambda names: game.deck.mask_of_names(names.split(), game.deck.full_mask)  # noqa: E731
    assert bot._weak(mask("2S 3S 5H 8H 9D 4C 6C"))
    assert not bot._weak(mask("2S 3S 5H 8H 7D 4C 6C"))  # the penneech
    assert not bot._weak(mask("2S 3S 5H TH 9D 4C 6C"))  # a ten
