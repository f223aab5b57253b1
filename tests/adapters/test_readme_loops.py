"""The README's OpenSpiel loops run as written, and deal by the chance outcomes' probabilities."""

import re
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (pip install 'cardcore[openspiel]') is not installed here")

from cardcore.adapters.openspiel import CardcoreSpielState  # noqa: E402

README = Path(__file__).resolve().parents[2] / "README.md"


def openspiel_blocks() -> list[str]:
    """The README's Python blocks that play an OpenSpiel game, in order."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if "state.apply_action" in b]


@pytest.fixture
def chance_checks(monkeypatch):
    """Every chance outcome applied must come from a numpy choice over ``chance_outcomes()``
    with their probabilities; returns the list of the chance nodes checked."""
    calls, checked = [], []
    real_choice, real_rng = np.random.choice, np.random.default_rng

    def choice(a, *args, p=None, **kwargs):
        calls.append((list(a), p))
        return real_choice(a, *args, p=p, **kwargs)

    class Recording:
        def __init__(self, *args, **kwargs):
            self.rng = real_rng(*args, **kwargs)

        def choice(self, a, *args, p=None, **kwargs):
            calls.append((list(a), p))
            return self.rng.choice(a, *args, p=p, **kwargs)

    apply_action = CardcoreSpielState.apply_action

    def checked_apply(state, action):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            assert calls, "a chance outcome was not chosen by numpy"
            chosen_from, p = calls[-1]
            assert chosen_from == list(outcomes) and p is not None and list(p) == pytest.approx(probs)
            checked.append(action)
        return apply_action(state, action)

    monkeypatch.setattr(np.random, "choice", choice)
    monkeypatch.setattr(np.random, "default_rng", Recording)
    monkeypatch.setattr(CardcoreSpielState, "apply_action", checked_apply)
    return checked


def test_the_readme_loop_deals_by_the_chance_probabilities(chance_checks):
    np.random.seed(3)
    exec(openspiel_blocks()[0], {})
    assert len(chance_checks) > 20  # the deals and draws


def test_the_readme_loop_in_a_two_pack_game(chance_checks):
    # where a card's copies are one outcome, as likely as the copies left: a uniform choice
    # over legal_actions() would deal wrong hands
    np.random.seed(4)
    code = openspiel_blocks()[0]
    spiel_game = re.search(r'load_game\("([^"]+)"\)', code).group(1)
    exec(code.replace(spiel_game, "cardcore_pinochle(max_deals=1)"), {})
    assert len(chance_checks) > 20


def test_the_readme_bot_loop_runs(chance_checks):
    # the second loop drives a cardcore bot through cardcore_state(); a cheap bot here
    np.random.seed(5)
    first, second = openspiel_blocks()[:2]
    namespace = {}
    exec(first.replace("scoring=19th-century", "scoring=19th-century,rounds=1"), namespace)
    bot_spec = re.search(r'make_bot\("([^"]+)"', second).group(1)
    exec(second.replace(bot_spec, "random"), namespace)
    assert namespace["state"].is_terminal()
