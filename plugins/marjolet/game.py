"""Marjolet: all its rules are data; the class names the rules file."""

from cardcore.game import TrickGame


class MarjoletGame(TrickGame):
    name = "marjolet"
    title = "Marjolet (Parlett, Penguin Book of Card Games)"
    rules_resource = "marjolet.yaml"
    notable_event_kinds = frozenset({"meld", "exchange", "score"})

    def notable_events(self, state) -> dict[str, float]:
        """Exchanges of the trump seven, fours declared, sweeps of the end game (per game)."""
        fours = sum(1 for e in state.events if e.type == "meld" and e.name.startswith("four-"))
        exchanges = sum(1 for e in state.events if e.type == "exchange")
        sweeps = sum(1 for e in state.events if e.type == "score" and e.all_tricks)
        sevens = sum(1 for e in state.events if e.type == "score" and e.source == "turn-up")
        return {"fours declared": fours, "seven exchanges": exchanges, "end-game sweeps": sweeps,
                "turned sevens": sevens, "deals": len(state.rounds)}
