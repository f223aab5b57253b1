"""Helpers the game scenario tests share: the last event of a kind, and one trick played."""


def last(s, kind: str) -> dict:
    return next(e for e in reversed(s.events) if e["type"] == kind)


def play(s, lead, follow, winner=None) -> int:
    """Play one trick: ``lead`` by the player to move, ``follow`` by the other. Returns the
    winner, checked against ``winner`` when given. Stops at the winner's declaration turn."""
    assert s.decision == "play" and not s.trick, (s.decision, s.legal_actions())
    s.apply("play " + lead)
    s.apply("play " + follow)
    won = last(s, "trick")["winner"]
    if winner is not None:
        assert won == winner, f"trick {lead} {follow} won by seat {won}, expected seat {winner}"
    return won
