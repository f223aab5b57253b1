"""Penchant's own rules: blocking (Kandell, Blocking; research/rules.md §2.6) and the jail-free seven."""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, ValidationInfo, model_validator

from cardcore.cards import RANK_NAMES
from cardcore.engine.effects import DeclareMeld
from cardcore.game import TrickGame
from cardcore.melds import MeldScore
from cardcore.yamlsource import LocatedValueError

JAIL_FREE = "jail-free"


class BlockingRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    elder: list[str]
    minor: list[str]
    sets: dict[int, str]
    tie: Literal["unblocks", "strict", "equal-score"]
    source: str


class PenchantData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    blocking: BlockingRules
    jail_free_seven: bool

    @model_validator(mode="after")
    def _names_exist(self, info: ValidationInfo) -> "PenchantData":
        rules = (info.context or {}).get("rules")
        if rules is None:  # validated on its own, as PenchantGame does once the file is checked
            return self
        for field in ("elder", "minor"):
            unknown = set(getattr(self.blocking, field)) - set(rules.deck.ranks)
            if unknown:
                raise LocatedValueError(f"rank(s) not in the deck: {sorted(unknown)}", "blocking", field)
        melds = {m.name for m in rules.melds}
        for size, name in self.blocking.sets.items():
            if name not in melds:
                raise LocatedValueError(f"{name!r} is not a meld of this file", "blocking", "sets", size)
        return self


class TableSet(NamedTuple):
    """A set found among one player's table cards, ordered as blocking compares them."""

    score: int
    rank: int  # index in the plain rank order
    count: int
    elder: bool


class PenchantGame(TrickGame):
    name = "penchant"
    title = "Penchant (McTear 1893, after Kandell)"
    rules_resource = "penchant.yaml"
    plugin_model = PenchantData

    def __init__(self, options=None):
        super().__init__(options)
        data = PenchantData.model_validate(self.rules.plugin)
        self.blocking = data.blocking
        self.jail_free = data.jail_free_seven
        self.offers_extra_declarations = self.jail_free  # the jail-free seven is its only extra
        ranks = self.deck.ranks
        self.elder_ranks = {ranks.index(r) for r in data.blocking.elder}
        self.minor_ranks = {ranks.index(r) for r in data.blocking.minor}
        self.set_meld_names = set(data.blocking.sets.values())
        self.set_points = {n: self.compiled.meld_by_name[name].points for n, name in data.blocking.sets.items()}
        self._elder_cards = 0  # every card of an elder rank
        for rank in self.elder_ranks:
            self._elder_cards |= self.deck.rank_masks[rank]
        self._table_sets: dict[int, list[TableSet]] = {}
        self._best_elder: dict[int, TableSet | None] = {}
        # the minor sets (sets of a minor rank), the only melds a block concerns (Kandell,
        # Blocking: "just Sets"; elder sets are never blocked): the engine asks meld_refusal
        # about no other meld, and block() answers the others first, with one look-up
        table = self.meld_table
        self.refusable_melds = frozenset(
            mask for mask, patterns in table.items
            if any(table.rules[p.kind].name in self.set_meld_names for p in patterns)
            and self.deck.rank_of[(mask & -mask).bit_length() - 1] in self.minor_ranks)

    # -- blocking ---------------------------------------------------------------------------
    def table_sets(self, tableau: int) -> list[TableSet]:
        known = self._table_sets.get(tableau)
        if known is not None:
            return known
        if len(self._table_sets) > 100_000:  # a bound for very long simulations
            self._table_sets.clear()
        out = self._table_sets[tableau] = []
        for rank, rank_mask in enumerate(self.deck.rank_masks):
            count = (tableau & rank_mask).bit_count()
            if count in self.set_points:
                out.append(TableSet(self.set_points[count], rank, count, rank in self.elder_ranks))
        return out

    def best_elder_set(self, tableau: int) -> TableSet | None:
        """The elder set of this table that blocks most (the highest as blocking compares them),
        or None. Remembered with :meth:`table_sets`."""
        try:
            return self._best_elder[tableau]
        except KeyError:
            if len(self._best_elder) > 100_000:  # a bound for very long simulations
                self._best_elder.clear()
            best = self._best_elder[tableau] = max((s for s in self.table_sets(tableau) if s.elder), default=None)
            return best

    def block(self, state, seat: int, meld: MeldScore) -> str | None:
        """Why the opponent's elder set blocks this minor set, or None (Kandell, Blocking)."""
        if meld.mask not in self.refusable_melds:  # not a minor set
            return None
        tableaus = state.tableaus
        elder = self._elder_cards
        found = None  # the best (elder set, seat) of the opponents' tables
        for other in state.table.opponents(seat):
            tableau = tableaus[other]
            if tableau & elder:  # no elder card: no elder set (most tables)
                best = self.best_elder_set(tableau)
                if best is not None and (found is None or (best, other) > found):
                    found = (best, other)
        if found is None:
            return None
        blocker, other = found
        if meld.points > blocker.score:
            return None
        if any(self._lifts(own, blocker) for own in self.table_sets(state.tableaus[seat])):
            return None
        tie = self.blocking.tie
        lift = {
            "unblocks": "an own set on your table equal to it or better",
            "strict": "an own set on your table strictly better than it",
            "equal-score": "an own set equal or better, or any own elder set of equal score",
        }[tie]
        return (
            f"blocked: seat {other}'s table holds {self._describe(blocker)}, an elder set that blocks "
            f"your minor {meld.rule.name}; a bigger set, an elder set, or {lift} lifts the block "
            f"(blocking_tie={tie}; {self.blocking.source})"
        )

    def _lifts(self, own: TableSet, blocker: TableSet) -> bool:
        tie = self.blocking.tie
        if tie == "strict":
            return (own.score, own.rank) > (blocker.score, blocker.rank)
        if (own.score, own.rank) >= (blocker.score, blocker.rank):
            return True
        return tie == "equal-score" and own.elder and own.score >= blocker.score

    def _describe(self, s: TableSet) -> str:
        kind = next(n for c, n in self.blocking.sets.items() if c == s.count)
        return f"{kind} of {RANK_NAMES[self.deck.ranks[s.rank]]}s ({s.score} points)"

    meld_refusal = block  # the game's one refusal, asked without a call more at every declaration turn

    def on_declaration_turn(self, state, seat: int) -> dict[str, int]:
        for _, why in state.meld_options(seat):
            if why and why.startswith("blocked"):
                return {f"blocks suffered by seat {seat}": 1, "blocks suffered": 1}
        return {}

    notable_event_kinds = frozenset({"deal", "trick", "meld", "trump", "round-end"})

    def notable_events(self, state) -> dict[str, float]:
        """Quadruplets and reunions declared, when trump is set, blocks, lurches (per game)."""
        tricks, trump_tricks, no_trump_rounds, big = 0, [], 0, 0
        trump_set = False
        for e in state.events:
            kind = e.type  # by attribute: this reads every event of the game
            if kind == "deal":
                tricks, trump_set = 0, False
            elif kind == "trick":
                tricks += 1
            elif kind == "meld" and e.name in ("quadruplets", "reunion"):
                big += 1
            elif kind == "trump" and e.suit is not None and not trump_set:
                trump_set = True
                trump_tricks.append(tricks)
            elif kind == "round-end" and not trump_set:
                no_trump_rounds += 1
        out = {
            "quadruplets or reunions declared": big,
            "rounds without trump": no_trump_rounds,
            "blocks suffered": state.tallies.get("blocks suffered", 0),
            "lurched": int(bool(state.result and state.result["lurched"])),
        }
        if trump_tricks:
            out["trick on which trump is set"] = sum(trump_tricks) / len(trump_tricks)
        return out

    def describe_rules(self) -> list[dict]:
        b = self.blocking
        lift = {
            "unblocks": "an own set on the table equal to the blocker or better lifts the block",
            "strict": "only an own set on the table strictly better than the blocker lifts the block",
            "equal-score": "an own set equal or better, or any own elder set of equal score, lifts the block",
        }[b.tie]
        rules = [{
            "title": "Blocking",
            "text": (
                f"Sets of {', '.join(b.minor)} are minor, of {', '.join(b.elder)} elder. A player may not "
                "meld a minor set while the opponent's table holds an elder set (declared as such or not) "
                "scoring more, or scoring the same with a higher rank, unless the new set scores more "
                f"than that elder set; {lift}. Elder sets, runs and couplings are never blocked."
            ),
            "source": b.source,
        }]
        if self.jail_free:
            rules.append({
                "title": "Get out of jail free",
                "text": "With trump set, laying the seven of trumps from hand beside a blocked set "
                        "(`jail-free 7X <meld cards>`) overrides the block for that turn.",
                "source": "K, Variations, UnBlocking",
            })
        return rules

    # -- get out of jail free (Kandell, Variations, UnBlocking) -----------------------------
    def _trump_seven(self, state, seat: int) -> int | None:
        if not self.jail_free or state.trump is None:
            return None
        return self.deck.find("7" + self.deck.suits[state.trump], state.hands[seat])

    def _jail_free_melds(self, state, seat: int) -> list[MeldScore]:
        seven = self._trump_seven(state, seat)
        if seven is None:
            return []
        out = []
        for meld, why in state.meld_options(seat):
            if why is None or meld.mask >> seven & 1:
                continue
            if state.reuse_refusal(seat, meld) is None and self.block(state, seat, meld) is not None:
                out.append(meld)
        return out

    def extra_declarations(self, state, seat: int) -> list[str]:
        if not self.jail_free:
            return []
        seven = self._trump_seven(state, seat)
        return [
            " ".join([JAIL_FREE, self.deck.names[seven], *self.deck.names_of(m.mask)])
            for m in self._jail_free_melds(state, seat)
        ]

    def action_space_extras(self) -> list[str]:
        """Every `jail-free 7X <set>`: each seven with each set meld that does not contain it."""
        if not self.jail_free:
            return []
        deck, table = self.deck, self.meld_table
        sets = [m for m, patterns in table.items
                if any(table.rules[p.kind].name in self.set_meld_names for p in patterns)]
        return [f"{JAIL_FREE} {deck.names[seven]} " + " ".join(deck.names_of(m))
                for suit in deck.suits for seven in deck.by_name.get("7" + suit, ())
                for m in sets if not m >> seven & 1]

    def apply_extra(self, state, seat: int, verb: str, cards: list[str]) -> DeclareMeld | str:
        if verb != JAIL_FREE:
            return f"unknown action {verb!r}: Penchant's actions are play, meld, pass and {JAIL_FREE}"
        if not self.jail_free:
            return "jail-free needs the variation jail_free_seven=true (K, Variations, UnBlocking)"
        seven = self._trump_seven(state, seat)
        if seven is None:
            return "jail-free needs trump set and the seven of trumps in your hand (K, Variations, UnBlocking)"
        if not cards or cards[0] != self.deck.names[seven]:
            return f"write the seven of trumps first: {JAIL_FREE} {self.deck.names[seven]} <meld cards>"
        mask = self.deck.mask_of_names(cards[1:], state.holding(seat) & ~(1 << seven))
        if mask is None:
            return "you do not hold those meld cards"
        for meld in self._jail_free_melds(state, seat):
            if meld.mask == mask:
                return DeclareMeld(meld, also_to_table=1 << seven)
        return "the seven of trumps overrides only a block: " + state.explain_meld(seat, mask)
