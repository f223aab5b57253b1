"""Two-hand Bezique and Cinq Cents: all their rules are data; each class names its rules file."""

from cardcore.game import TrickGame


class _BeziqueFamily(TrickGame):
    notable_event_kinds = frozenset({"meld", "exchange", "score"})

    def notable_events(self, state) -> dict[str, float]:
        """Per game: trump sevens scored (turned, exchanged, shown, played), double beziques and
        sequences declared, melds shown to score later and those of them scored, deals."""
        events = state.events
        melds = [e for e in events if e.type == "meld"]
        names = [e.name for e in melds]
        sevens = (names.count("seven-of-trumps") + sum(1 for e in events if e.type == "exchange")
                  + sum(1 for e in events if e.type == "score" and e.source in ("turn-up", "trump seven played")))
        return {"trump sevens scored": sevens,
                "double beziques": names.count("double-bezique") + names.count("double-diamond-bezique"),
                "sequences declared": names.count("sequence"),
                "melds shown to score": sum(1 for e in melds if e.to_score),
                "of them scored later": sum(1 for e in melds if e.scored_later),
                "deals": len(state.rounds)}


class BeziqueGame(_BeziqueFamily):
    name = "bezique"
    title = "Bezique, two-hand (Penguin, Hoffmann, Foster)"
    rules_resource = "bezique.yaml"


class CinqCentsGame(_BeziqueFamily):
    name = "cinq-cents"
    title = "Cinq Cents, Single Bezique (Penguin p. 94, Boussac)"
    rules_resource = "cinq-cents.yaml"
