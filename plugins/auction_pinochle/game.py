"""The two auction games: all their rules are data; each class names its rules file."""

from cardcore.engine.phases.settle import ANNULLED, OUTCOMES
from cardcore.game import TrickGame


class _AuctionGame(TrickGame):
    notable_event_kinds = frozenset()  # the rounds' outcomes only

    def notable_events(self, state) -> dict[str, float]:
        """Per game: deals by their outcome (made, failed or set, conceded, annulled...). Every
        outcome the settlement can give is counted, 0 in a game without one, so that their means
        per game add up to the deals (a missing one would be averaged over the games it had)."""
        settle = next(p for p in self.rules.phases if p.kind == "settle")
        out: dict[str, float] = {"deals": len(state.rounds)}
        out.update({f"deals {outcome}": 0 for outcome in (*OUTCOMES[settle.per], ANNULLED)})
        for r in state.rounds:
            outcome = r.get("outcome")
            if outcome:
                out[f"deals {outcome}"] = out.get(f"deals {outcome}", 0) + 1
        return out


class AuctionPinochleGame(_AuctionGame):
    name = "auction-pinochle"
    title = "Auction Pinochle for three (Parlett, Penguin Book of Card Games)"
    rules_resource = "auction-pinochle.yaml"


class PartnershipAuctionPinochleGame(_AuctionGame):
    name = "partnership-auction-pinochle"
    title = "Partnership Auction Pinochle for four (Parlett, Penguin Book of Card Games)"
    rules_resource = "partnership-auction-pinochle.yaml"
