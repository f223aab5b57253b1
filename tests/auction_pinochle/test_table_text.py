"""What the table says of a contract while it is played: what the declarer still needs, and whom
the others defend against (PB95, Auction Pinochle for three, Object: the bidder wins if melds,
counters won and the last trick reach his bid; the other two play together against him)."""

from cardcore.text import facts
from cardcore.text.lines import plain, seat_names

from .conftest import MELDS_A, auction, new_state, registered, won_by_seat0

pytestmark = registered


def rows(state, seat) -> dict[str, str]:
    table = facts.table_facts(state, seat, seat_names(3, seat, state.table))
    return {label: plain(line) for label, line in table.rows}


def test_the_declarer_is_told_what_his_melds_make_and_what_is_still_to_take():
    s = won_by_seat0(400)  # HAND_A's melds with hearts trump: 150 + 10 + 100 + 40 + 20 = 320
    assert MELDS_A == 320
    assert rows(s, 0)["Contract"] == "400: 320 in melds, 80 still to take"


def test_a_defender_is_told_whom_he_defends_against_and_with_whom():
    s = won_by_seat0(400)
    # seen from seat 1, the next seats in the order of play are seat 2 (West) and seat 0 (East)
    assert rows(s, 1)["Declarer"] == "East — you and West defend against East"
    assert rows(s, 0)["Declarer"] == "You"


def test_before_trump_is_named_the_contract_is_only_the_bid():
    # the melds are shown once trumps are named (PB95, Widow): nothing to count them yet
    s = new_state()
    auction(s, "bid 400", "pass", "pass")
    assert rows(s, 0)["Contract"] == "400"
