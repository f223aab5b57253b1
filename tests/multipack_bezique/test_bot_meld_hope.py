"""The shared Bezique heuristic weighs the melds a card may still make by card names in the
multi-pack games, so every copy of a card counts, not only the first (six packs, 192 cards).

Worked by hand from PB94's table (six packs): with no trump yet, the bot holding Q♠ and J♦
(any copies) holds a bezique (40, Q♠ J♦ whatever the trump: PB94, Bezique) and is two cards
short of a double bezique (500: two Q♠ and two J♦), three short of four Queens (60), one
short of a common marriage K♠ Q♠ (20). The bot's odds of still making a meld short of 0, 1
or 2 cards are 0.8, 0.3, 0.08 (plugins/bezique/bots.py, the make_odds defaults), melds short of more are
left out: the best is the double bezique, 500 × 0.08 = 40 (the bezique itself: 40 × 0.8 = 32).
"""

import pytest

from cardcore import load_game
from cardcore.bots import make_bot


@pytest.fixture(scope="module")
def six_pack():
    game = load_game("six-pack-bezique")
    return game, make_bot("heuristic", game, seed=1)


def hope(bot, game, card: int, mine: int, avail: int, declared=frozenset()) -> float:
    return bot._meld_hope_by_name(game.meld_table, None, card, mine, avail, set(declared))


def copy(game, name: str, k: int) -> int:
    return game.deck.by_name[name][k]


def test_every_copy_of_a_card_counts_its_melds(six_pack):
    game, bot = six_pack
    for k in range(6):  # the fifth Q♠ with the third J♦ is as good a bezique as the first two
        qs, jd = copy(game, "QS", k), copy(game, "JD", (k + 2) % 6)
        mine = (1 << qs) | (1 << jd)
        assert hope(bot, game, qs, mine, game.deck.full_mask) == pytest.approx(500 * 0.08)


def test_melds_by_name_lists_the_multiple_beziques_for_the_jack(six_pack):
    game, _ = six_pack
    table = game.meld_table
    jd = table.name_of(copy(game, "JD", 3))
    assert table.name_of(copy(game, "JD", 0)) == jd
    by_points = sorted(pts for wanted, pts in table.melds_by_name(None)[jd]
                       if set(n for n, _ in wanted) == {jd, table.name_of(copy(game, "QS", 0))})
    # bezique, double, treble, quadruple: PB94's table (40, 500, 1500, 4500)
    assert by_points == [40, 500, 1500, 4500]


def test_a_meld_whose_cards_are_gone_is_not_hoped_for(six_pack):
    game, bot = six_pack
    qs, jd = copy(game, "QS", 4), copy(game, "JD", 1)
    mine = (1 << qs) | (1 << jd)
    # no other Q♠ or J♦ left anywhere: no double bezique; K♠ gone too: no marriage, no
    # sequence; the Queens are all gone but this one: no four Queens. The bezique in hand is
    # left: 40 × 0.8 = 32.
    gone = 0
    for name in ("QS", "JD", "KS", "QH", "QD", "QC"):
        for c in game.deck.by_name[name]:
            gone |= 1 << c
    avail = (game.deck.full_mask & ~gone) | mine
    assert hope(bot, game, qs, mine, avail) == pytest.approx(40 * 0.8)
    # and once that bezique is declared, nothing is left to hope for with this Queen
    assert hope(bot, game, qs, mine, avail, {mine}) == 0
