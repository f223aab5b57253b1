"""The OpenSpiel information state: what a player has seen, all of it (perfect recall), and
nothing more; built as the game goes."""

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (pip install 'cardcore[openspiel]') is not installed here")

from cardcore.adapters import openspiel as adapter  # noqa: E402  (registers the games)


def choose(state, name: str) -> None:
    """At a chance node dealing or drawing a card: the outcome that is a card named ``name``."""
    deck = state._core.g.deck
    card = next(c for c, _ in state.chance_outcomes() if deck.names[c] == name)
    state.apply_action(card)


def dealt(spiel_game: str, hands: list[list[str]]):
    """A state just after a deal by P1 with these hands (P0's dealt first); any other chance
    node of the deal (a number to guess) takes its first outcome."""
    state = pyspiel.load_game(spiel_game).new_initial_state()
    state.apply_action(1)  # the first dealer: P1
    for hand in hands:
        for name in hand:
            choose(state, name)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


# P0 holds courts; P1 either no court (carte blanche, shown to P0) or the same with a King.
# Rubicon deals nine cards (PB94, table), six-pack Bezique twelve.
CARTE_BLANCHE = {
    "rubicon-bezique": (["KS", "QS", "JS", "KH", "QH", "JH", "KD", "QD", "JD"],
                        ["7S", "8S", "9S", "TS", "AS", "7H", "8H", "9H", "TH"]),
    "six-pack-bezique": (["KS", "QS", "JS", "KH", "QH", "JH", "KD", "QD", "JD", "KC", "QC", "JC"],
                         ["7S", "8S", "9S", "TS", "AS", "7H", "8H", "9H", "TH", "AH", "7D", "8D"]),
}


@pytest.mark.parametrize("name", sorted(CARTE_BLANCHE))
def test_a_carte_blanche_shown_is_in_the_others_information_state(name):
    # A hand dealt without a court is shown to the opponent as it scores carte blanche (PB94,
    # Carte blanche): the opponent's information state holds those cards, and differs from the
    # one where the hand had a court and nothing was shown.
    courts, blank = CARTE_BLANCHE[name]
    spiel_game = f"cardcore_{name}(max_deals=1)"
    shown = dealt(spiel_game, [courts, blank])
    hidden = dealt(spiel_game, [courts, blank[:-1] + ["KC"]])
    lines = shown.information_state_string(0).splitlines()
    line = next(line for line in lines if line.startswith("P1 shows carte blanche "))
    assert sorted(line.split()[4:]) == sorted(blank)
    assert shown.information_state_string(0) != hidden.information_state_string(0)
    assert not any("carte blanche" in line for line in hidden.information_state_string(0).splitlines())


def test_each_card_drawn_to_a_carte_blanche_is_shown_to_the_opponent():
    # carte_blanche=repeated: each further card drawn that is not a court is shown and scores
    # again (PB94, Carte blanche); P0 sees which card it was, not only that P1 drew.
    courts, blank = CARTE_BLANCHE["rubicon-bezique"]
    state = dealt("cardcore_rubicon-bezique(max_deals=1)", [courts, blank])
    while not state.is_chance_node():  # the first trick, and a declaration if one is due
        legal = state.legal_actions()
        passes = [a for a in legal if state.action_to_string(a) == "pass"]
        state.apply_action(passes[0] if passes else legal[0])
    for _ in range(2):  # both players draw a Seven of clubs, not a court
        choose(state, "7C")
    assert "P1 shows carte blanche 7C" in state.information_state_string(0).splitlines()


class CountedEntry(tuple):
    """A log entry that counts how often it is read."""

    reads = 0

    def __iter__(self):
        CountedEntry.reads += 1
        return super().__iter__()


def test_the_information_state_is_not_rebuilt_from_the_whole_log_at_each_call():
    # OpenSpiel asks for the information state at every step: rebuilding it from the whole log
    # each time makes a long game quadratic. A call reads at most the entries logged since the
    # last text kept, which is kept every SEEN_EVERY entries, in the state and in its clones;
    # and the text is the one built from scratch.
    from cardcore.adapters.chance import SEEN_EVERY

    game = pyspiel.load_game("cardcore_partnership-auction-pinochle")
    rng = random.Random(5)
    state = game.new_initial_state()
    most = 0
    while not state.is_terminal() and len(state._core.log) < 4 * SEEN_EVERY:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        core = state._core
        core.log[:] = [CountedEntry(entry) for entry in core.log]
        CountedEntry.reads = 0
        copy = state.clone()
        for seat in range(4):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
        most = max(most, CountedEntry.reads)
    assert len(state._core.log) >= 4 * SEEN_EVERY
    # four seats, in the state and its clone; a step logs a deal's few lines at most
    assert most <= 4 * 2 * (SEEN_EVERY + 10)
    fresh = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    for seat in range(4):
        assert fresh.information_state_string(seat) == state.information_state_string(seat)


def test_the_information_state_tensor_is_refused_not_empty():
    # No fixed-size tensor holds a whole game of up to max_deals deals with perfect recall: the
    # game type says so, and asking for one raises, rather than answer an empty vector.
    game = pyspiel.load_game("cardcore_penchant")
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for ask in (lambda: state.information_state_tensor(0), game.information_state_tensor_shape,
                game.information_state_tensor_size):
        with pytest.raises(ValueError, match="no information state tensor.*information_state_string"):
            ask()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size() > 0
