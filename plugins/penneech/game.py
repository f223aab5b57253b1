"""Penneech: all its rules are data; the class names the rules file."""

from cardcore.game import TrickGame


class PenneechGame(TrickGame):
    name = "penneech"
    title = "Penneech (Cotton 1674, after Parlett)"
    rules_resource = "penneech.yaml"
    # a game ended in mid-deal by the score that reached the target, else at a deal's end: the
    # event before the game's end is that score or the deal's round-end, in a log of these kinds
    # as in the whole one
    notable_event_kinds = frozenset({"throw-in", "turn", "score", "round-end", "game-end"})

    def notable_events(self, state) -> dict[str, float]:
        """Throw-ins, the penneech turned or won, games decided in mid-deal (per game)."""
        throw_ins = sum(1 for e in state.events if e.type == "throw-in")
        turned = sum(1 for e in state.events if e.type == "turn" and e.card == "7D")
        won = sum(1 for e in state.events if e.type == "score" and e.source == "card won" and e.card == "7D")
        mid_deal = int(state.first_to_target is not None and state.events[-2].type != "round-end")
        return {"throw-ins": throw_ins, "penneech turned": turned, "penneech won in trumps": won,
                "ended in mid-deal": mid_deal, "deals": len(state.rounds)}
