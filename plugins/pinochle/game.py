"""Two-hand Pinochle: all its rules are data; the class names the rules file."""

from cardcore.game import TrickGame


class PinochleGame(TrickGame):
    name = "pinochle"
    title = "Pinochle, two-hand (Parlett, Penguin Book of Card Games)"
    rules_resource = "pinochle.yaml"
    notable_event_kinds = frozenset({"meld", "exchange", "score", "claim", "target"})

    def notable_events(self, state) -> dict[str, float]:
        """Per game: dixes scored (turned, exchanged, shown), flushes and double pinochles
        declared, calls of Out (and wrong ones), targets raised, deals."""
        events = state.events
        melds = [e.name for e in events if e.type == "meld"]
        dix = (melds.count("dix") + sum(1 for e in events if e.type == "exchange")
               + sum(1 for e in events if e.type == "score" and e.source == "turn-up"))
        claims = [e for e in events if e.type == "claim"]
        return {"dixes scored": dix, "flushes declared": melds.count("flush"),
                "double pinochles": melds.count("double-pinochle"), "outs called": len(claims),
                "wrong outs": sum(1 for e in claims if not e.right),
                "targets raised": sum(1 for e in events if e.type == "target"),
                "deals": len(state.rounds)}
