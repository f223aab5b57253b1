"""The plain text of `cardcore replay FILE`: the state a record reaches, in the words of `play`.

Seats are called as `cardcore play` called them when the record's ``players`` says who sat where
(You and Bot), else Seat 0, Seat 1...; values per seat read ``You 34, Bot 72``, never as a Python
list. The JSON form (``--json``) is the state API's summary and is not made here.
"""

from __future__ import annotations

from ..engine.phases import void_deal_kind
from ..players import HUMAN
from ..values import show_value
from .facts import CONTRACT_KEYS, contract_facts, game_score_text
from .lines import Names, plain, seat_names

ROUND_KEYS_SHOWN = ("dealer", "trump", "points", "melds")  # said in the round's first lines
CONTRACT_FACTS = {key for key, _label in CONTRACT_KEYS}  # said as the auction's lines


def record_names(players, n: int, table=None) -> Names:
    """You and the bots as `cardcore play` called them when a person played (the record's
    ``players``), else Seat 0, Seat 1..."""
    valid = isinstance(players, list) and len(players) == n and all(isinstance(p, str) for p in players)
    me = players.index(HUMAN) if valid and HUMAN in players else None
    return seat_names(n, me, table)


def replay_json(state) -> dict:
    """The object of `cardcore replay --json`: the state's summary, and who plays with whom
    (``sides``, the seats of each) with each side's total (``side_scores``)."""
    summary = state.summary()
    at = list(summary).index("rounds")  # beside the scores
    items = list(summary.items())
    extra = [("sides", [list(side) for side in state.table.sides]), ("side_scores", list(state.side_scores))]
    return dict(items[:at] + extra + items[at:])


def replay_lines(state, players=None) -> list[str]:
    names = record_names(players, state.n, state.table)
    summary = replay_json(state)
    count = len(state.actions)
    out = [f"{state.game.title} — {state.game.game_string()} · seed {state.seed} · "
           f"{count} action{'' if count == 1 else 's'}"]
    if names.me is not None:
        out.append("Players: " + ", ".join(
            f"{names(s)} (seat {s}{'' if p == HUMAN else ': ' + p})" for s, p in enumerate(players)))
    for i, r in enumerate(summary["rounds"], start=1):
        out.append(f"Round {i}: {names.subject(r['dealer'], 'deal')}; trump {r['trump'] or 'none'}; "
                   f"points {names.per_seat(r['points'])}")
        for label, line in contract_facts(state, r, None, names):  # the auction: all of it
            out.append(f"    {label.lower()}: {plain(line)}")
        for key, value in r.items():
            if key in CONTRACT_FACTS:
                continue
            voided = void_deal_kind({key: value})
            if voided is not None:  # a void deal, in its kind's words (the seat that threw its hand in)
                out.append(f"    {voided.void_told(names, value)}")
            elif key not in ROUND_KEYS_SHOWN:
                out.append(f"    {key.replace('_', ' ')}: {_fact(value, names, state.n)}")
        for m in r["melds"]:
            # where melds may wait to score: say which did not score (still waiting, or lapsed)
            status = {"waiting": ", to score", "lapsed": ", lapsed unscored"}.get(m.get("status"), "")
            out.append(f"    {names.subject(m['player'], 'declare')} {m['name']} {' '.join(m['cards'])} "
                       f"({m['points']}{status})")
    out.append(f"Scores: {names.per_seat(summary['scores'])}")
    if names.partnerships:
        out.append(f"Sides: {names.per_side(summary['side_scores'])}")
    if state.is_terminal():
        out.append(result_line(state.result, names, game_score_text(state)))
    else:
        mover = state.current_player
        out.append(f"In progress: {names(mover)} to move (seat {mover}); legal: "
                   f"{', '.join(summary['legal_actions'])}")
    return out


def result_line(res: dict, names: Names, settled: str = "") -> str:
    """The result in words; ``settled``: how a game settled on rounded totals added up, if so."""
    totals = f"totals {names.per_seat(res['totals'])}" if res.get("totals") else ""
    if res["winner"] is None:
        return "Finished: a tie" + (f"; {totals}." if totals else ".")
    lurched = " (lurched)" if res.get("lurched") else ""
    if res.get("lurched_seats"):  # three sides or more: say who
        lurched = f" ({', '.join(names(s) for s in res['lurched_seats'])} lurched)"
    lurched += settled or (" (rubiconed)" if res.get("rubiconed") else "")
    return (f"Finished: {names.winners(res)} by {res['game_score']}{lurched}"
            + (f"; {totals}." if totals else "."))


def _fact(value, names: Names, n: int) -> str:
    """A round's own fact (counted cards, turned cards, exchanges...) in words."""
    if isinstance(value, list):
        if not value:
            return "none"
        if len(value) == n and all(isinstance(v, int) for v in value):
            return names.per_seat(value)
        return (", " if any(isinstance(v, dict) for v in value) else " ").join(_fact(v, names, n) for v in value)
    if isinstance(value, dict):
        rest = dict(value)
        seat = rest.pop("player", rest.pop("seat", None))
        words = [names(seat)] if isinstance(seat, int) else []
        points = rest.pop("points", None)
        for key, v in rest.items():
            words += [str(v)] if key == "card" else [key, show_value(v)]
        if points:
            words.append(f"({points:+d})" if words else f"{points:+d}")
        return " ".join(words)
    return show_value(value)
