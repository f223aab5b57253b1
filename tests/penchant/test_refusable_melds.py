"""Which melds the engine asks Penchant's blocking about (K l.95: "Note that Runs and Families
cannot be blocked, just Sets"; CS l.33: "Couplings and Runs never blocked. Elder sets never
blocked"; YML blocking: minor ranks 7, 8, 9, T)."""

from cardcore.cards import iter_bits
from cardplugins.penchant.game import PenchantGame

from .conftest import deal, game

EMMA = 0


def test_the_sets_blocking_may_refuse_are_the_minor_sets():
    """Twins, triplets and quadruplets of 7, 8, 9 and T: per rank C(4,2) + C(4,3) + C(4,4) =
    6 + 4 + 1 = 11 card sets, 44 for the four minor ranks."""
    g = game()
    assert len(g.refusable_melds) == 44
    for mask in g.refusable_melds:
        ranks = {g.deck.rank_letter(c) for c in iter_bits(mask)}
        assert len(ranks) == 1 and ranks <= {"7", "8", "9", "T"} and 2 <= mask.bit_count() <= 4


class _AskedGame(PenchantGame):
    """Penchant with a refusal that refuses whatever it is asked about and keeps what it was
    asked, for the engine's side of refusable_melds."""

    def __init__(self, options=None):
        super().__init__(options)
        self.asked: list[int] = []

    def meld_refusal(self, state, seat, meld):
        self.asked.append(meld.mask)
        return "refused by the test's rule"


def test_the_engine_asks_the_refusal_only_about_refusable_melds_and_keeps_its_answer():
    g = _AskedGame({"rounds": 1})
    s = g.new_game(deals=[deal("TS TH KS QS 7C 8D", "AS AH AD 9S 9H 8C")])
    tens = s.deck.mask_of_names(["TS", "TH"], s.hands[EMMA])
    marriage = s.deck.mask_of_names(["KS", "QS"], s.hands[EMMA])
    assert tens in g.refusable_melds and marriage not in g.refusable_melds
    options = {m.mask: why for m, why in s.meld_options(EMMA)}
    assert options == {tens: "refused by the test's rule", marriage: None}
    assert g.asked == [tens]  # the marriage is never a minor set: not asked
