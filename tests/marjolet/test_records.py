"""Marjolet records across the change of default of trump_seven_play_bonus.

The default was the mistigri play bonus (true) until it became the Penguin rules (false, PB94,
Trump Seven; RM §11 item 14). Records used to list only non-default options, so a record written
under the old default does not mention the option: without a format marker it replays with the
former default declared on the option in the rules file (YML, ``former_default``). Records
written now carry ``"format"`` (2, then 3 since ``play C from table``) and list every option.
Deal A (conftest): seat 0 leads the unexchanged trump seven 7H to trick 1.
"""

import pytest

from cardcore import RecordError
from cardcore.records import format_record, parse_record, replay

from .conftest import DEAL_A, DISCARDS_A, END_A, LEADS_A, game, play_deal, scores_from, sweep_deal


def deal_a_actions() -> list[str]:
    s = game(trump_seven_play_bonus=True).new_game(seed=1, deals=[sweep_deal(**DEAL_A)])
    play_deal(s, LEADS_A, DISCARDS_A, END_A)
    return s.actions


def old_record(**extra) -> dict:
    """A record as written before the format marker: only non-default options, none here."""
    return {"game": "marjolet", "options": {}, "seed": 1, "deals": [sweep_deal(**DEAL_A)],
            "actions": deal_a_actions(), **extra}


def test_old_record_without_the_option_replays_with_the_play_bonus_as_before():
    # Written when the bonus was the default: 7H led at trick 1 scores 10 (RM §3, mistigri), so
    # seat 0 = 10 + brisques 80 + all six end-game tricks 50 = 140; seat 1 the faced 8H, 10.
    s = replay(parse_record(format_record(old_record())))
    assert s.game.options["trump_seven_play_bonus"] is True
    assert [(e["seat"], e["points"]) for e in scores_from(s, "trump seven played")] == [(0, 10)]
    assert s.scores == [140, 10]


def test_old_record_naming_the_option_keeps_it():
    s = replay(old_record(options={"trump_seven_play_bonus": False}))
    assert s.game.options["trump_seven_play_bonus"] is False
    assert s.scores == [130, 10]


def test_new_record_has_the_marker_and_every_option():
    s = game().new_game(seed=3)
    record = s.record()
    assert record["format"] == 3
    assert record["options"] == {"target": 500, "turned_seven_points": 10,
                                 "trump_seven_play_bonus": False, "game_end": "end-of-deal"}


def test_new_format_record_without_the_option_takes_todays_default():
    # A format-2 record means the defaults of now for anything it leaves out: no bonus,
    # seat 0 = 130 (PB94, Trump Seven scores the seven only by the exchange).
    s = replay(old_record(format=2))
    assert s.game.options["trump_seven_play_bonus"] is False
    assert scores_from(s, "trump seven played") == []
    assert s.scores == [130, 10]


def test_a_new_record_replays_to_the_same_game():
    s = game().new_game(seed=5)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    again = replay(parse_record(format_record(s.record())))
    assert again.summary() == s.summary() and again.events == s.events


@pytest.mark.parametrize("version", [4, 0, "2"])
def test_unknown_format_is_refused_with_where(version):
    with pytest.raises(RecordError) as exc:
        replay(old_record(format=version), where="old.json")
    assert str(exc.value).startswith("old.json: record format") and "1 to 3" in str(exc.value)


def test_a_format_that_is_not_a_number_is_a_corrupt_record():
    import json
    text = json.dumps(old_record(format="2"))
    with pytest.raises(RecordError) as exc:
        parse_record(text, "old.json")
    assert str(exc.value).startswith("old.json: not a game record: format:")
