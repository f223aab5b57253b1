"""Conceding or playing on: PB95, Auction Pinochle for three, Widow: 'If not, and he doubts he can
fulfil it in play, he may concede immediately for a smaller penalty' (one stake to each opponent,
against two for a contract failed in play; Score). A contract the cards cannot make is conceded.

Seed 0 of the Penguin game: seat 0 deals, both others pass, seat 0 bids 400 and names clubs. His
eighteen cards (TS QS 9S TH QH QH JH AD TD QD 9D AC AC KC QC JC 9C 9C) meld the royal marriage
K♣ Q♣ 40, queens around 60 and two dix 20 (PB95, Melds): 120. He needs 280 more, and all the
cards and the last trick are worth 250 (PB95, Object): no play can make the contract."""

from cardcore import load_game
from cardcore.play.session import DEFAULT_HINT_BOT, Session
from cardcore.play.text import plain

from .conftest import registered

pytestmark = registered


class Said:
    """A view that keeps what it is told."""

    rich = False

    def __init__(self):
        self.lines = []

    def say(self, line):
        self.lines.append(plain(line))

    def busy(self, text, work):
        return work()


def hopeless_400():
    s = load_game("auction-pinochle").new_game(seed=0)
    for action in ("pass", "pass", "bid 400", "trump C"):
        s.apply(action)
    assert s.current_player == 0 and s.round_points[0] == 120
    assert "concede" in s.legal_actions()
    return s


def test_the_default_hint_concedes_a_contract_no_play_can_make(tmp_path):
    view = Said()
    session = Session(hopeless_400(), ["human", "heuristic", "heuristic"], view, str(tmp_path / "r.json"),
                      hint_spec=DEFAULT_HINT_BOT)
    session.hint(0)
    (line,) = view.lines
    assert "concede" in line, line
