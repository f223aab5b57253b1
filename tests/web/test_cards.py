"""Cards drawn as SVG and lines rendered as HTML."""

import pytest

pytest.importorskip("markupsafe")

from cardcore.text.lines import Card, Points, Strong  # noqa: E402
from cardcore.web.cards import card_svg  # noqa: E402
from cardcore.web.render import line_html  # noqa: E402


def test_a_ten_of_hearts_is_drawn_red_with_its_index_and_named_in_words():
    svg = str(card_svg("TH"))
    assert ">10<" in svg and "♥" in svg and 'fill="#b3121b"' in svg
    assert "ten of hearts (TH)" in svg


def test_a_black_card_is_black():
    svg = str(card_svg("QS"))
    assert 'fill="#111"' in svg and ">Q<" in svg and "♠" in svg and "queen of spades (QS)" in svg


def test_a_line_keeps_the_terminals_words_and_escapes_text():
    html = str(line_html(["You play ", Card("QS"), " ", Points(10), " ", Strong("<b>")]))
    assert html.startswith("You play ") and "Q♠" in html and "+10" in html and "&lt;b&gt;" in html
