"""Plain-text views of a game for people: the table as one seat sees it, and what just happened."""

from __future__ import annotations

from .cards import SUIT_NAMES


def seat_name(seat: int, me: int | None, names: dict[int, str] | None = None) -> str:
    if names and seat in names:
        return names[seat]
    if me is None:
        return f"Seat {seat}"
    return "You" if seat == me else f"Seat {seat}"


def table_view(state, seat: int, names: dict[int, str] | None = None) -> str:
    """Everything ``seat`` may see, on a few lines that fit 80 columns."""
    obs = state.observation(seat)
    who = lambda s: seat_name(s, seat, names)  # noqa: E731
    trump = obs["trump"]
    trump_text = f"{trump} ({SUIT_NAMES[trump]})" if trump else "none yet"
    lines = [
        f"Round {obs['round']} of {state.rules.game_end.rounds} · dealer: {who(obs['dealer'])} · "
        f"phase: {obs['phase']} ({obs['follow_rule']}) · trump: {trump_text} · stock: {obs['stock_left']}",
    ]
    counters = " · ".join(
        f"{name}: " + ", ".join(f"{who(s)} {n}" for s, n in enumerate(counts))
        for name, counts in obs["counters"].items()
    )
    scores = ", ".join(f"{who(s)} {p} (round {r})" for s, (p, r) in
                       enumerate(zip(obs["scores"], obs["round_points"])))
    lines.append(f"Scores: {scores}" + (f" · {counters}" if counters else ""))
    for s, tableau in enumerate(obs["tableaus"]):
        lines.append(f"{who(s)} table: {' '.join(tableau) or '-'}")
    lines.append(f"Your hand: {' '.join(obs['hand']) or '-'}")
    if obs["trick"]:
        lines.append("Trick: " + ", ".join(f"{who(t['seat'])} {t['card']}" for t in obs["trick"]))
    return "\n".join(lines)


def describe_event(event: dict, me: int | None, deck_suits=None, names=None) -> str | None:
    """One line for an event, as seen by ``me`` (None: everything, e.g. a replay or watching)."""
    who = lambda s: seat_name(s, me, names)  # noqa: E731
    kind = event["type"]
    if kind == "deal":
        return f"— Round {event['round']}: {who(event['dealer'])} deal{'s' if who(event['dealer']) != 'You' else ''}."
    if kind == "phase":
        return f"— Phase: {event['phase']} (trick rule {event['rule']})."
    if kind == "play":
        return f"{who(event['seat'])} play{_s(who(event['seat']))} {event['card']}."
    if kind == "trick":
        return f"{who(event['winner'])} win{_s(who(event['winner']))} the trick ({' '.join(event['cards'])})."
    if kind == "meld":
        return (f"{who(event['seat'])} declare{_s(who(event['seat']))} {event['name']} "
                f"{' '.join(event['cards'])}: {event['points']} point{'s' if event['points'] != 1 else ''}.")
    if kind == "pass":
        return f"{who(event['seat'])} pass{'es' if who(event['seat']) != 'You' else ''}."
    if kind == "draw":
        seen = me is None or event["seat"] == me
        card = f" {event['card']}" if seen else " a card"
        return f"{who(event['seat'])} draw{_s(who(event['seat']))}{card} (stock: {event['left']})."
    if kind == "trump":
        if event["suit"] is None:
            return f"Trump is cancelled: {event['reason']}."
        return f"Trump is now {event['suit']} ({SUIT_NAMES[event['suit']]}), by {who(event['seat'])}'s {event['reason']}."
    if kind == "score" and event["source"] != "meld":
        return f"{who(event['seat'])} score{_s(who(event['seat']))} {event['points']} for {event['source']}."
    if kind == "round-end":
        return f"— End of round {event['round']}: round points {event['points']}, totals {event['scores']}."
    if kind == "game-end":
        if event["winner"] is None:
            return f"— Game over: a tie at {event['totals']}."
        lurch = " (lurched: doubled)" if event.get("lurched") else ""
        return f"— Game over: {who(event['winner'])} win{_s(who(event['winner']))} by {event['game_score']}{lurch}; totals {event['totals']}."
    return None


def _s(name: str) -> str:
    return "" if name == "You" else "s"
