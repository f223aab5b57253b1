"""Helpers every game's scenario tests share: one deal builder, one trick player for any number
of seats, and the last event of a kind. Each game's conftest only names its deck and hand size."""

from __future__ import annotations

import random
from pathlib import Path

import cardcore
from cardcore.engine.kernel import blind_moves


def cards(text) -> list[str]:
    """``"AS KH"`` or a list of card names, as a list."""
    return text.split() if isinstance(text, str) else list(text)


def build_deal(deck: list[str], hands, stock_top=(), dealer: int = 1, hand_size: int | None = None,
               turnup: str | None = None, widow=(), rest=None) -> dict:
    """A deal of exactly ``deck``: the given hands (one per seat), the ``widow`` and ``turnup``
    where the game has them, and the stock: ``stock_top`` first (drawn or turned first, in that
    order), then the other cards in the order of ``rest`` (default: ``deck``'s order)."""
    hands = [cards(h) for h in hands]
    top, widow = cards(stock_top), cards(widow)
    if hand_size is not None:
        assert all(len(h) == hand_size for h in hands), f"hands of {hand_size} cards expected: {hands}"
    used = [c for h in hands for c in h] + top + widow + ([turnup] if turnup else [])
    assert len(set(used)) == len(used), f"a card is used twice: {used}"
    stock = top + [c for c in (cards(rest) if rest else deck) if c not in used]
    assert sorted(used + stock[len(top):]) == sorted(deck), "not exactly one deck"
    out = {"dealer": dealer, "hands": hands, "stock": stock}
    if turnup:
        out["turnup"] = turnup
    if widow:
        out["widow"] = widow
    return out


def last(s, kind: str) -> dict:
    return next(e for e in reversed(s.events) if e["type"] == kind)


def play_trick(s, *plays: str, winner: int | None = None) -> int:
    """Play one trick, a card for each seat in turn from the player to move. Returns the winner,
    checked against ``winner`` when given. Stops at the first step after the trick that asks for
    a decision (e.g. the winner's declaration turn)."""
    assert s.decision == "play" and not s.trick, (s.decision, s.legal_actions())
    assert len(plays) == s.n, f"a trick of {s.n} seats needs {s.n} cards, got {plays}"
    for card in plays:
        s.apply("play " + card)
    won = last(s, "trick")["winner"]
    if winner is not None:
        assert won == winner, f"trick {' '.join(plays)} won by seat {won}, expected seat {winner}"
    return won


def play(s, lead, follow, winner=None) -> int:
    """A two-seat trick: ``lead`` by the player to move, ``follow`` by the other."""
    return play_trick(s, lead, follow, winner=winner)


def trick(s, lead, follow, winner):
    """One trick of two seats by the player to move and his opponent; the winner is then to move
    (to declare, or, with nothing to declare, to lead the next trick after the draws)."""
    s.apply("play " + lead)
    s.apply("play " + follow)
    assert s.current_player == winner, f"{lead} {follow}: seat {s.current_player} to move, expected {winner}"


def finish_turn(s):
    """End the winner's declaration turn if it is still open (`pass` ends it)."""
    if not s.is_terminal() and "pass" in s.legal_actions():
        s.apply("pass")


def random_action(state, rng) -> str:
    """A uniformly random legal action, as the random bot draws it: at a bid among pass and the
    two lowest bids (engine.kernel.blind_moves). Drawn from every bid up to the ceiling, nearly
    every contract fails, and in Partnership Auction Pinochle both sides' totals then fall for
    ever, short of the target."""
    legal = state.legal_actions()
    return rng.choice(blind_moves(state, legal))


def random_game(game, seed: int):
    """A whole game of ``game`` dealt from ``seed`` and played by random legal actions
    (:func:`random_action`, drawn from a generator of the same seed)."""
    s = game.new_game(seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(random_action(s, rng))
    return s


def random_moves(state, seed: int):
    """Play ``state`` to its end through the fast path (``legal_moves``/``apply_move``), each
    move drawn uniformly by a generator seeded with ``seed`` (a bid as :func:`random_action`
    draws it), yielding the state after each."""
    rng = random.Random(seed)
    while state.result is None:
        moves = blind_moves(state, state.legal_moves())
        state.apply_move(moves[rng.randrange(len(moves))])
        yield state


def core_files_naming(named, suffixes=(".py",), exempt=("moved.py",)) -> list[str]:
    """The core's files (``cardcore/``, of those suffixes, less the ``exempt`` names, whose
    messages name the old places) whose text ``named`` finds: a rule a plugin now holds must be
    named nowhere in the core. ``named`` is a compiled pattern or a tuple of plain strings."""
    def names(text: str) -> bool:
        return bool(named.search(text)) if hasattr(named, "search") else any(n in text for n in named)
    return [str(path) for path in sorted(Path(cardcore.__file__).parent.rglob("*"))
            if path.suffix in suffixes and path.name not in exempt and names(path.read_text(encoding="utf-8"))]
