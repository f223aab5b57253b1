"""The table: how many seats, who plays with whom, and who comes after whom.

Every question about seats goes through a :class:`Table`: the next seat to the left, each seat in
turn from a given one, the side (partnership) of a seat, its partners and its opponents. Nothing
else in cardcore computes ``1 - seat`` or ``(seat + 1) % n``, so that a rules file may seat two,
three or four players, alone or in fixed partnerships (``sides``), without the engine, the bots or
the adapters assuming two.

Seats are numbered ``0 .. n-1`` in the order of play (play passes from a seat to ``next(seat)``).
A side is a tuple of seats that score together; by default every seat is its own side.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Table:
    n: int
    sides: tuple[tuple[int, ...], ...] = ()
    _side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    after: tuple[int, ...] = field(init=False, repr=False, compare=False)  # the next seat of each
    side_seats: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)  # each seat's side
    _partners: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _opponents: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sides = self.sides or tuple((s,) for s in range(self.n))
        seats = sorted(s for side in sides for s in side)
        if seats != list(range(self.n)):
            raise ValueError(f"sides must list every seat 0..{self.n - 1} exactly once (got {list(sides)})")
        sides = tuple(tuple(sorted(side)) for side in sides)
        side_of = [0] * self.n
        for index, side in enumerate(sides):
            for s in side:
                side_of[s] = index
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "_side_of", tuple(side_of))
        # looked up at every card played and every point scored: computed once
        object.__setattr__(self, "after", tuple((s + 1) % self.n for s in range(self.n)))
        object.__setattr__(self, "side_seats", tuple(sides[side_of[s]] for s in range(self.n)))
        object.__setattr__(self, "_partners", tuple(tuple(p for p in sides[side_of[s]] if p != s)
                                                    for s in range(self.n)))
        object.__setattr__(self, "_opponents", tuple(tuple(o for o in range(self.n) if side_of[o] != side_of[s])
                                                     for s in range(self.n)))

    @property
    def seats(self) -> range:
        return range(self.n)

    def next(self, seat: int) -> int:
        """The seat that plays after ``seat`` (also ``after[seat]``)."""
        return self.after[seat]

    def order_from(self, seat: int) -> list[int]:
        """Every seat once, in turn, starting with ``seat`` ("each player in turn from the winner")."""
        return [(seat + i) % self.n for i in range(self.n)]

    def side_of(self, seat: int) -> int:
        """The index in ``sides`` of the side ``seat`` plays for."""
        return self._side_of[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (none when everyone plays alone)."""
        return self._partners[seat]

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every seat not on ``seat``'s side, in seat order."""
        return self._opponents[seat]  # asked at every meld a blocking rule looks at: computed once

    def same_side(self, a: int, b: int) -> bool:
        return self._side_of[a] == self._side_of[b]

    def other(self, seat: int) -> int:
        """The one opponent of a two-seat game ("the other"); an error at a bigger table."""
        if self.n != 2:
            raise ValueError(f"'the other seat' means nothing at a table of {self.n}")
        return 1 - seat

    def per_side(self, per_seat: list[int]) -> list[int]:
        """Per-seat amounts summed per side (won cards, points)."""
        out = [0] * len(self.sides)
        for s, v in enumerate(per_seat):
            out[self._side_of[s]] += v
        return out

    def settle_against(self, side: int, amount: int) -> list[int]:
        """Solo settlement: ``side`` (the declarer's) wins ``amount`` from each other side (loses
        it to each, when negative). Zero-sum: ``side`` gets ``amount`` times the others' number."""
        others = len(self.sides) - 1
        return [amount * others if i == side else -amount for i in range(len(self.sides))]

    def settle(self, side_totals: list[int]) -> list[int]:
        """Each side's result against every other side: the sum of its differences with each.
        Zero-sum; with two sides it is simply the margin, won by one and lost by the other."""
        return [sum(mine - theirs for theirs in side_totals) for mine in side_totals]
