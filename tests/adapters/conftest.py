"""The adapter tests run over every registered game and the test games of three and four seats
(``seatgames``), which are registered for the length of each test module."""

import pytest

from .cases import seat_games_known


@pytest.fixture(autouse=True, scope="module")
def _seat_games():
    with seat_games_known():
        try:
            from cardcore.adapters import openspiel
        except ImportError:  # the openspiel extra is not installed: its tests skip
            pass
        else:
            openspiel.register_all()  # OpenSpiel learns the test games' names too
        yield
