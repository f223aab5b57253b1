"""The schema of a game's rules file, after option switches are resolved.

Every rule carries ``source``: the seed document and section it comes from, so that each rule the
engine applies can be traced. Cross-field checks (ranks that exist in the deck, phases that name
known steps) live here so that a malformed file is reported with its line, not found at play time.
"""

from __future__ import annotations

from typing import Annotated, Callable, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, PrivateAttr, Tag, field_validator, model_validator

from .cards import RANK_CHARS, SUIT_CHARS
from .tricks import FollowRule
from .yamlsource import LocatedValueError


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Source = str


class DeckRule(Strict):
    ranks: list[str] = Field(description="ranks of one suit, lowest to highest in the plain order")
    suits: list[str] = ["S", "H", "D", "C"]
    packs: int = Field(1, ge=1)
    suit_order_exceptions: dict[str, list[str]] = Field(
        default_factory=dict, description="per-suit rank order, lowest first, where it differs"
    )
    source: Source

    @field_validator("ranks")
    @classmethod
    def _ranks_known(cls, v: list[str]) -> list[str]:
        bad = [r for r in v if r not in RANK_CHARS]
        if bad:
            raise ValueError(f"unknown rank(s) {bad}; ranks are written {' '.join(RANK_CHARS)}")
        if len(set(v)) != len(v):
            raise ValueError("a rank is listed twice")
        return v

    @field_validator("suits")
    @classmethod
    def _suits_known(cls, v: list[str]) -> list[str]:
        bad = [s for s in v if s not in SUIT_CHARS]
        if bad:
            raise ValueError(f"unknown suit(s) {bad}; suits are written {' '.join(SUIT_CHARS)}")
        return v

    @model_validator(mode="after")
    def _exceptions_are_permutations(self) -> "DeckRule":
        for suit, order in self.suit_order_exceptions.items():
            if suit not in self.suits:
                raise ValueError(f"suit_order_exceptions names suit {suit!r}, not in the deck")
            if sorted(order) != sorted(self.ranks):
                raise ValueError(f"the order for suit {suit} must list exactly the deck's ranks")
        return self


class CounterRule(Strict):
    """A named class of cards counted when won in tricks (e.g. brisques)."""

    ranks: list[str]
    source: Source


class DealRule(Strict):
    hand_size: int = Field(ge=1)
    widow: int = Field(0, ge=0, description="cards dealt face down apart from the hands (a widow, a blind)")
    batches: list[int | str] = Field([], description="how the book deals (e.g. 3, widow-3, 3...): a shuffled "
                                                      "pack dealt in any batches gives the same hands, so it is "
                                                      "a record of the source, not a step of the engine")
    turnup: bool = Field(False, description="a card is turned after the deal and lies under the stock, drawn last")
    # non-dealer: the seat after the dealer (eldest); declarer: the seat that took the contract
    first_leader: Literal["non-dealer", "dealer", "declarer"] = "non-dealer"
    source: Source


class TurnupRule(Strict):
    """The turn-up card and the trump card of ``rank`` that may be exchanged for it."""

    rank: str
    turned_points: int = Field(0, description="the dealer scores this when the turn-up is of that rank")
    exchange_points: int = 0
    exchange_source: Source
    last_card_points: int = Field(0, description="whoever draws the faced card last scores this")
    last_card_source: Source
    play_points: int = Field(0, description="playing the trump card of that rank, if it never scored this deal")
    play_source: Source = ""
    source: Source


class CardPointsRule(Strict):
    """Points scored at once for a card turned for trump, or won in a trick.

    ``values`` is keyed by rank (``A``) or by card (``7D``, which takes precedence).
    """

    when: Literal["turned", "won"]
    suit: Literal["trump", "any"] = "any"
    values: dict[str, int]
    source: Source


class TrumpFromMeld(Strict):
    melds: list[str]
    card_rank: str = Field(description="trump is the suit of this rank's card in the meld")
    declared_by: list[Literal["winner", "loser"]]
    first_only: bool = True
    scored_as_trump: bool = Field(
        False, description="while no trump is set, a meld that sets it scores as a meld of trumps "
                           "(the first marriage is royal)")
    source: Source


class TrumpCancel(Strict):
    melds: list[str]
    source: Source


class TrumpRule(Strict):
    initial: Literal["none", "turnup", "stock-top"] = "none"
    score_first_turn: bool = Field(True, description="with stock-top: the dealer scores the first turned card")
    set_by_meld: TrumpFromMeld | None = None
    cancelled_by_trump_meld: TrumpCancel | None = None
    source: Source


# Who acts at an after-trick step: the trick's winner; its loser (two seats only); every seat in
# turn from the winner; the declarer (the seat that won the auction); every seat (the same as
# each-from-winner for steps one seat at a time, kept as the rule books word it).
Who = Literal["winner", "loser", "each-from-winner", "declarer", "every-seat"]


class DeclareStep(Strict):
    step: Literal["declare"]
    who: Who
    max_melds: int = Field(1, ge=1)
    exchange: bool = Field(False, description="the turn-up exchange may be made at this turn")
    only: list[str] | None = None
    exclude: list[str] = []
    when: Literal["always", "winner-passed"] = "always"
    to_score: bool = Field(
        False, description="melds shown beyond max_melds wait 'to score': their cards go to the table, and the "
                           "seat may score one of them at a later turn of this step (counting towards max_melds) "
                           "while none of its cards has been played")
    source: Source


class DrawStep(Strict):
    step: Literal["draw"]
    who: Who
    source: Source


class TurnTrumpStep(Strict):
    step: Literal["turn-trump"]
    who: Literal["winner"]
    source: Source


Step = Annotated[Union[DeclareStep, DrawStep, TurnTrumpStep], Field(discriminator="step")]


class PhaseBase(Strict):
    """The schema of a phase of some kind, as a rules file writes it. Each kind's schema is
    declared in the kind's own module (``cardcore/engine/phases/<kind>.py``, or a plugin's) and
    registered with its behaviour; :func:`cardcore.engine.phases.rules_schema` builds the
    ``phases`` field of :class:`RulesFile` from what is registered."""

    # Done as the cards are dealt, before the first phase of play, at this place among such
    # kinds (the deal 0): such a phase takes no phase index of its own. None: a phase of play.
    deal_order: ClassVar[int | None] = None
    # The rules section (a plugin's, engine.sections) a phase of this kind reads, which a rules
    # file listing such a phase must write (None: none).
    needs_section: ClassVar[str | None] = None

    def most_points(self) -> int:
        """The most a phase of this kind scores a deal by itself, for the bid ceiling: nothing,
        unless the kind says more."""
        return 0

    def scaled(self, scale) -> "PhaseBase":
        """This phase with ``score_scale`` applied to the scores it holds (``scale(points)``),
        where it holds any: a bid, a stake's bracket, an award."""
        return self


class DecisionPhase(PhaseBase):
    """A phase in which no trick is played (an auction, a widow, naming trump, a settlement).
    It answers what code listing every phase asks of a phase of tricks: no trick obligation,
    no after-trick steps."""

    name: str
    source: Source
    until: ClassVar[str] = "decided"
    play_from_tableau: ClassVar[bool] = False
    on_start: ClassVar[tuple] = ()
    after_trick: ClassVar[tuple] = ()
    show_melds: ClassVar[None] = None

    @property
    def follow_rule(self) -> FollowRule:
        return FollowRule.parse("ftr")



class MeldRule(Strict):
    """A meld kind. ``set``: cards of one rank; ``sequence``: consecutive cards of a suit;
    ``flush``: cards of a suit containing ``contains`` (a rank listed twice needs both copies
    of a double pack), with ``extra_one_of`` naming the ranks its further cards may be;
    ``couple``: one card of each of two ranks; ``single``: one card of a rank (e.g. a trump
    nine); ``named``: exactly the ``cards`` listed."""

    name: str
    kind: Literal["set", "sequence", "flush", "couple", "single", "named"]
    size: int | None = Field(None, ge=1)
    ranks: list[str] | None = None
    contains: list[str] = []
    extra_one_of: list[str] | None = None
    cards: list[str] = Field([], description="named: the cards of the meld, e.g. [QS, JD]")
    trump_only: bool = Field(False, description="only in the trump suit")
    non_trump_only: bool = Field(False, description="only in a plain suit")
    points_if_trump: dict[str, int] = Field(
        default_factory=dict, description="points instead when the suit named is trump, e.g. {S: 80}")
    enabled: bool = Field(True, description="false: not a meld of this game (an option's agreement)")
    trumps: list[str] | None = Field(
        None, description="a meld only while one of these suits is trump (e.g. a bezique defined by the trump)")
    counts_as_meld: bool = Field(
        True, description="false: declared besides a turn's max_melds (e.g. the dix)")
    suits: Literal["same", "different", "any"] = "same"
    first_suit: Literal["any", "trump"] = Field("any", description="couple: the first rank's card must be a trump")
    distinct_suits: bool = False
    points: int | dict[str, int]
    trump_points: int | None = None
    meld_class: str = Field(alias="class")
    description: str
    source: Source

    @model_validator(mode="after")
    def _shape(self) -> "MeldRule":
        if self.kind == "couple":
            if not self.ranks or len(self.ranks) != 2:
                raise ValueError("a couple names exactly two ranks")
            object.__setattr__(self, "size", 2)
        elif self.kind == "single":
            if not self.ranks or len(self.ranks) != 1:
                raise ValueError("a single names exactly one rank")
            object.__setattr__(self, "size", 1)
        elif self.kind == "named":
            if len(self.cards) < 1:
                raise ValueError("a named meld lists its cards")
            object.__setattr__(self, "size", len(self.cards))
        elif self.size is None:
            raise ValueError(f"a {self.kind} meld needs a size")
        if self.kind in ("sequence", "flush") and len(self.contains) > (self.size or 0):
            raise ValueError("contains lists more ranks than the meld has cards")
        if self.kind == "set" and (self.size or 0) < 2:
            raise ValueError("a set has at least two cards (one card is a single)")
        if self.trump_only and self.non_trump_only:
            raise ValueError("a meld cannot be both trump_only and non_trump_only")
        return self


class MeldReuseLaws(Strict):
    """The laws on cards used in more than one meld, as data. Each law is one sentence of the
    sources: ``fresh_card``: every new meld needs a card from hand (not from the table);
    ``same-class``: only a meld one of whose cards already served in a meld of its class (a
    meld of table cards alone, none of them yet in its class, may be declared);
    ``same_meld``: a card once in a meld may not serve in another meld of the same name;
    ``same_class``: ``higher-only``, a card may serve again in its class only in a meld scoring
    more than every meld of that class it was in (marriage then sequence, not the reverse);
    ``broken_melds``: ``reform``, a meld broken by playing one of its cards may be formed and
    scored again with replacement cards, which lifts ``same_meld`` and ``same_class`` for it."""

    fresh_card: bool | Literal["same-class"] = True
    same_meld: Literal["allowed", "forbidden"] = "forbidden"
    same_class: Literal["any", "higher-only"] = "higher-only"
    broken_melds: Literal["no-reform", "reform"] = "no-reform"
    source: Source


class ScoringRule(Strict):
    """End-of-deal scoring. per-card: points per counted card won; majority-bonus: the player with
    most counted cards scores per card over ``over``; excess: each player scores per card over
    ``over``; last-trick: the winner of the deal's last trick scores, ``all_tricks_points``
    instead if he won every trick of ``phase``."""

    kind: Literal["per-card", "majority-bonus", "excess", "last-trick"]
    counter: str | None = None
    phase: str | None = Field(None, description="count only cards (or tricks) of this phase")
    points: int
    over: int = 0
    all_tricks_points: int | None = None
    label: str
    source: Source

    @model_validator(mode="after")
    def _needs_counter(self) -> "ScoringRule":
        if self.kind != "last-trick" and self.counter is None:
            raise ValueError(f"a {self.kind} rule needs a counter")
        return self


class LurchRule(Strict):
    below: int
    multiplier: int = 2
    source: Source


class GameEndRule(Strict):
    """A fixed number of rounds, or deals until a player reaches ``target``."""

    rounds: int | None = Field(None, ge=1)
    target: int | None = Field(None, ge=1)
    check: Literal["end-of-deal", "immediate"] = Field(
        "end-of-deal", description="with a target: at the end of the deal, or the moment it is reached"
    )
    game_score: Literal["difference", "one-game", "stakes"] = Field(
        "difference", description="the winner's margin, one game won (1) whatever the margin, or stakes: the "
        "scores are stake units settled deal by deal, and they are the returns")
    both_over: Literal["higher-wins", "raise-target"] = Field(
        "higher-wins", description="with a target, when a deal ends with several sides at or over it: "
        "the higher total wins, or the target rises by raise_by and play goes on")
    raise_by: int | None = Field(None, ge=1)
    # bidding-side-first: a settle phase counts the bidding side first (it alone may then win)
    order: Literal["totals", "bidding-side-first"] = "totals"
    lurch: LurchRule | None = None
    source: Source

    @model_validator(mode="after")
    def _one_end(self) -> "GameEndRule":
        if (self.rounds is None) == (self.target is None):
            raise ValueError("give exactly one of rounds and target")
        if self.both_over == "raise-target" and self.raise_by is None:
            raise ValueError("both_over: raise-target needs raise_by")
        return self


class ScoreScale(Strict):
    """A factor on the scores of melds, the turn-up, end-of-deal counts and the target (e.g.
    every score divided by 10 with a smaller card count); card points keep their own values."""

    factor: float = Field(gt=0)
    source: Source


class Note(Strict):
    topic: str
    text: str
    source: Source


class Meta(Strict):
    title: str
    summary: str
    sources: dict[str, str]


class RulesFile(Strict):
    """A whole rules file. ``options`` and ``presets`` are read separately, before switches.

    The file lists its phases in the order of the rule book; those done as the cards are dealt
    (``PhaseBase.deal_order``: the deal, a plugin's), which come first, are ``deal_phases``,
    and ``phases`` are the rest, the phases of play (``State.phase`` indexes them)."""

    schema_version: Literal[1] = Field(alias="schema")
    game: str
    meta: Meta
    players: int = Field(ge=2, le=4)
    sides: list[list[int]] | None = Field(
        None, description="fixed partnerships, e.g. [[0, 2], [1, 3]]; by default every seat plays alone")
    sides_source: Source = ""
    deck: DeckRule
    sequence_order: list[str] | None = None
    counters: dict[str, CounterRule] = {}
    options: list[dict] = []
    presets: dict[str, dict] = {}
    deal: DealRule
    turnup: TurnupRule | None = None
    card_points: list[CardPointsRule] = []
    trump: TrumpRule
    # each phase as its kind's schema says: the registered kinds fill in this field's type and
    # phase_schemas (engine.phases.rules_schema); this base class knows none
    phases: list[PhaseBase] = Field(min_length=1)
    phase_schemas: ClassVar[dict[str, type[PhaseBase]]] = {}
    # the rules sections registered (engine.sections), each a field of the schema built: its
    # path (("name",), or ("game_end", "key") within a section) -> its handler's check(rules, rule)
    section_checks: ClassVar[dict[tuple[str, ...], Callable]] = {}
    score_scale: ScoreScale | None = None
    melds: list[MeldRule] = []
    # each-class-once: melds are shown as a best set, a card in at most one meld of each class
    # or the laws one by one (MeldReuseLaws)
    meld_reuse: Annotated[
        Union[Annotated[Literal["fresh-card", "none", "new-class-or-higher", "new-set", "each-class-once"],
                        Tag("policy")],
              Annotated[MeldReuseLaws, Tag("laws")]],
        Discriminator(lambda v: "laws" if isinstance(v, (dict, MeldReuseLaws)) else "policy")] = "fresh-card"
    meld_reuse_source: Source = ""
    scoring: list[ScoringRule] = []
    game_end: GameEndRule
    notes: list[Note] = []
    levels: dict[Literal["easy", "normal", "hard"], str] = Field(
        default_factory=dict, description="a strength level's bot where the general one does not suit the game "
                                          "(e.g. a smaller search budget for a deck of hundreds of cards)")
    plugin: dict = Field(default_factory=dict, description="data only this game's plugin reads")
    _deal_phases: tuple = PrivateAttr(default=())

    @property
    def deal_phases(self) -> tuple:
        """The phases done as the cards are dealt, as the file lists them (a file that lists none
        still deals: its deal is implied)."""
        return self._deal_phases

    @model_validator(mode="after")
    def _cross_checks(self) -> "RulesFile":
        # Each complaint names the value at fault (LocatedValueError), so that it is reported with
        # that value's line rather than the first line of the file.
        ranks = set(self.deck.ranks)
        names: set[str] = set()
        for i, p in enumerate(self.phases):
            if getattr(p, "ranks", None) is not None and sorted(p.ranks) != sorted(ranks):
                raise LocatedValueError("a phase's ranks reorder the deck's ranks, each once", "phases", i, "ranks")
        for i, m in enumerate(self.melds):
            if m.name in names:
                raise LocatedValueError(f"two melds are named {m.name!r}", "melds", i, "name")
            names.add(m.name)
        for i, m in enumerate(self.melds):
            bad_cards = [c for c in m.cards if len(c) != 2 or c[0] not in ranks or c[1] not in self.deck.suits]
            if bad_cards:
                raise LocatedValueError(f"meld {m.name!r} names card(s) not in the deck: {bad_cards}",
                                        "melds", i, "cards")
            fields = {"ranks": set(m.ranks or []), "contains": set(m.contains),
                      "extra_one_of": set(m.extra_one_of or []),
                      "points": set(m.points) if isinstance(m.points, dict) else set()}
            for field, used in fields.items():
                if used - ranks:
                    raise LocatedValueError(
                        f"meld {m.name!r} uses rank(s) not in the deck: {sorted(used - ranks)}",
                        "melds", i, field)
        for c, counter in self.counters.items():
            if set(counter.ranks) - ranks:
                raise LocatedValueError(f"counter {c!r} uses rank(s) not in the deck", "counters", c, "ranks")
        self._check_deal_phases()
        phase_names = {p.name for p in self.phases}
        for i, s in enumerate(self.scoring):
            if s.counter is not None and s.counter not in self.counters:
                raise LocatedValueError(f"scoring {s.label!r} counts {s.counter!r}, which is not a counter",
                                        "scoring", i, "counter")
            if s.phase is not None and s.phase not in phase_names:
                raise LocatedValueError(
                    f"scoring {s.label!r} names phase {s.phase!r}; phases: {sorted(phase_names)}",
                    "scoring", i, "phase")
        melds_on_table = False  # melded cards lie on the tableau (engine.declaring.declare)
        for i, p in enumerate(self.phases):
            declares = any(isinstance(step, DeclareStep) for step in p.after_trick)
            taken_back = "tableau-to-hand" in p.on_start and not declares
            if (melds_on_table or declares) and not (p.play_from_tableau or taken_back):
                raise LocatedValueError(
                    f"phase {p.name!r} has melded cards on the tableau but cannot play them: give it "
                    "play_from_tableau: true" + ("" if declares else " or on_start: [tableau-to-hand]"),
                    "phases", i)
            melds_on_table = melds_on_table or declares
            for j, step in enumerate(p.after_trick):
                if isinstance(step, TurnTrumpStep) and self.trump.initial != "stock-top":
                    raise LocatedValueError("a turn-trump step turns the stock's top card for trump: it needs "
                                            f"trump.initial: stock-top, not {self.trump.initial}",
                                            "phases", i, "after_trick", j)
                if isinstance(step, DeclareStep):
                    unknown = (set(step.only or []) | set(step.exclude)) - names
                    if unknown:
                        raise LocatedValueError(f"phase {p.name!r} declares unknown meld(s) {sorted(unknown)}",
                                                "phases", i, "after_trick", j)
        if self.sides is not None:
            seats = sorted(s for side in self.sides for s in side)
            if seats != list(range(self.players)) or not all(self.sides):
                raise LocatedValueError(
                    f"sides must list every seat 0..{self.players - 1} exactly once, e.g. [[0, 2], [1, 3]]", "sides")
        if self.players != 2:
            for i, p in enumerate(self.phases):
                for j, step in enumerate(p.after_trick):
                    if step.who == "loser":
                        raise LocatedValueError(
                            f"phase {p.name!r}: 'who: loser' means the one other player of a two-player "
                            f"game; with {self.players} players write each-from-winner or every-seat",
                            "phases", i, "after_trick", j, "who")
        if self.trump.set_by_meld and set(self.trump.set_by_meld.melds) - names:
            raise LocatedValueError("trump.set_by_meld names an unknown meld", "trump", "set_by_meld", "melds")
        deck_size = len(self.deck.ranks) * len(self.deck.suits) * self.deck.packs
        dealt = self.deal.hand_size * self.players + self.deal.widow + (1 if self.deal.turnup else 0)
        if dealt > deck_size:
            raise LocatedValueError(
                f"{self.players} hands of {self.deal.hand_size}"
                + (f" and a widow of {self.deal.widow}" if self.deal.widow else "")
                + (" and a turn-up" if self.deal.turnup else "")
                + f" need {dealt} cards; the deck has {deck_size}", "deal", "hand_size")
        self._check_stock_draws(deck_size)
        rank_fields = [
            (self.turnup and [self.turnup.rank], ("turnup", "rank")),
            (self.trump.set_by_meld and [self.trump.set_by_meld.card_rank], ("trump", "set_by_meld", "card_rank")),
        ]
        for used, loc in rank_fields:
            if used and set(used) - ranks:
                raise LocatedValueError(f"rank(s) not in the deck: {sorted(set(used) - ranks)}", *loc)
        if self.deal.turnup != (self.turnup is not None):
            raise LocatedValueError("deal.turnup and the turnup section go together", "deal", "turnup")
        if self.trump.initial == "turnup" and not self.deal.turnup:
            raise LocatedValueError("trump.initial: turnup needs deal.turnup: true", "trump", "initial")
        for i, cp in enumerate(self.card_points):
            for key in cp.values:
                rank = key[:-1] if len(key) == 2 else key
                if rank not in ranks or (len(key) == 2 and key[-1] not in self.deck.suits):
                    raise LocatedValueError(f"card_points names {key!r}, neither a rank nor a card of the deck",
                                            "card_points", i, "values", key)
        if self.sequence_order is not None and sorted(self.sequence_order) != sorted(self.deck.ranks):
            raise LocatedValueError("sequence_order must list exactly the deck's ranks", "sequence_order")
        for path, check in self.section_checks.items():  # a plugin's sections, against the whole file
            rule = self
            for key in path:
                rule = getattr(rule, key)
            if rule is not None:
                check(self, rule)
        # last, so that every complaint above names a phase by its place in the file
        dealt = 0  # the phases listed as done at the deal, a disabled one among them
        while dealt < len(self.phases) and self.phases[dealt].deal_order is not None:
            dealt += 1
        object.__setattr__(self, "phases", self.phases[dealt:])
        return self

    def _check_stock_draws(self, deck_size: int) -> None:
        """The deal's arithmetic against the draws after each trick. A trick takes one card from
        every hand, so the draws after it must give every seat the same number of cards, and a
        phase of tricks until the stock is empty must empty it at the end of a round of draws:
        otherwise the last round leaves the hands unequal and a seat would be asked to play from
        an empty hand. The sources deal so that the stock divides evenly (two-hand Bezique,
        Marjolet, Pinochle); a rules file that does not is refused here, saying why."""
        n = self.players
        stock = deck_size - self.deal.hand_size * n - self.deal.widow  # the turn-up lies in it
        if self.trump.initial == "stock-top":
            stock -= 1  # turned for trump as the deal starts
        takes = self.trump.initial == "stock-top" or any(
            getattr(p, "until", None) == "stock-empty" or getattr(p, "after_trick", None) for p in self.phases)
        if stock > 0 and not takes:
            raise LocatedValueError(
                f"{n} hands of {self.deal.hand_size}" + (f" and a widow of {self.deal.widow}" if self.deal.widow else "")
                + f" leave {stock} of the {deck_size} cards undealt, and no rule takes them (no phase of tricks "
                "until the stock is empty, no draw, no turned trump): the points in the cards could not all be "
                "won; deal the whole pack", "deal", "hand_size")
        for i, p in enumerate(self.phases):
            if getattr(p, "kind", None) != "tricks":
                continue
            single = {"winner": 0, "loser": 0, "declarer": 0}
            each = turned = 0
            for step in p.after_trick:
                if isinstance(step, TurnTrumpStep):
                    turned += 1
                elif isinstance(step, DrawStep):
                    if step.who in single:
                        single[step.who] += 1
                    else:
                        each += 1
            drawn = each * n + sum(single.values())
            even = single["declarer"] == 0 and (
                single["winner"] == single["loser"] if n == 2 else single["winner"] == 0)
            if not even:
                raise LocatedValueError(
                    f"phase {p.name!r}: each trick takes a card from every hand, so the draws after it must "
                    f"give every seat the same number of cards; here the "
                    + ", ".join(f"{who} draws {k}" for who, k in single.items() if k)
                    + (f" and every seat {each}" if each else "")
                    + " (write each-from-winner for a draw by each seat in turn)", "phases", i, "after_trick")
            if p.until != "stock-empty":
                continue
            per_trick = drawn + turned
            where = ", ".join([f"{n} hands of {self.deal.hand_size}"]
                              + ([f"a widow of {self.deal.widow}"] if self.deal.widow else [])
                              + (["a turned trump"] if self.trump.initial == "stock-top" else []))
            if stock > 0 and per_trick == 0:
                raise LocatedValueError(
                    f"phase {p.name!r} lasts until the stock is empty, but no step after a trick draws from "
                    f"the stock of {stock} cards left by {where}", "phases", i, "until")
            if per_trick and stock % per_trick:
                raise LocatedValueError(
                    f"{deck_size} cards cannot be dealt as {where} with a stock that the draws empty evenly: "
                    f"the stock holds {stock} cards"
                    + (" (the turn-up drawn last)" if self.deal.turnup else "")
                    + f" and {per_trick} are taken after each trick of phase {p.name!r}, so the stock would "
                    f"run out in the middle of a round of draws and leave the hands unequal; choose a hand "
                    f"size that leaves a multiple of {per_trick} in the stock", "deal", "hand_size")
            break  # the stock is empty after this phase

    @classmethod
    def deal_phase_kinds(cls) -> tuple[str, ...]:
        """The kinds done as the cards are dealt, in their order (``PhaseBase.deal_order``)."""
        dealt = [(schema.deal_order, kind) for kind, schema in cls.phase_schemas.items()
                 if schema.deal_order is not None]
        return tuple(kind for _, kind in sorted(dealt))

    def _check_deal_phases(self) -> None:
        """The phases done as the cards are dealt come first, the deal first, each at most once;
        such a phase whose kind reads a rules section (``needs_section``) needs it written."""
        kinds = [p.kind for p in self.phases]
        deal_kinds = self.deal_phase_kinds()
        dealt = 0
        while dealt < len(kinds) and kinds[dealt] in deal_kinds:
            dealt += 1
        for i, kind in enumerate(kinds):
            if kind in deal_kinds and i >= dealt:
                raise LocatedValueError(f"a {kind} phase is done as the cards are dealt: list it before the "
                                        "phases of play", "phases", i, "kind")
        if kinds[:dealt] != [k for k in deal_kinds if k in kinds[:dealt]] or (dealt and kinds[0] != "deal"):
            raise LocatedValueError(f"the phases done as the cards are dealt come in this order, each once: "
                                    f"{', '.join(deal_kinds[:-1])} (the deal first), then a "
                                    f"{deal_kinds[-1]}", "phases", 0, "kind")
        if dealt == len(kinds):
            raise LocatedValueError("no phase of play: a deal needs a phase of tricks or decisions after it",
                                    "phases")
        for i in range(dealt):  # a kind that reads a rules section of its own (a plugin's) needs it written
            section = self.phases[i].needs_section
            if section is not None and getattr(self, section, None) is None:
                raise LocatedValueError(f"a {kinds[i]} phase needs the {section} section", "phases", i, "kind")
        asking = [i for i in range(dealt) if self.phases[i].deal_order]  # all but the deal itself
        if len(asking) > 1:
            first, second = (kinds[i] for i in asking[:2])
            raise LocatedValueError(f"a {first} and a {second} in one deal are not supported: each asks its "
                                    "decision before the first lead", "phases", asking[1], "kind")
        # a phase not agreed (enabled: false: one by agreement, not agreed) is no phase of this game
        self._deal_phases = tuple(p for p in self.phases[:dealt] if getattr(p, "enabled", True))


# The schemas of the phase kinds moved to their kinds' modules (cardcore/engine/phases/<kind>.py);
# a plugin written before still finds them here by name, with a warning naming the new place.
_MOVED_SCHEMAS = {
    "PhaseRule": "tricks", "ShowMeldsAtPlay": "tricks", "DealPhase": "deal",
    "Opening": "auction", "AuctionPhase": "auction", "WidowPhase": "widow", "NameTrumpPhase": "name_trump",
    "ShowMeldsPhase": "show_melds", "ConcedeRule": "contract", "ContractPhase": "contract",
    "DiscardPhase": "discard", "StakeRule": "settle", "BiddingSideRule": "settle", "OpponentsRule": "settle",
    "SettlePhase": "settle",
}




def __getattr__(name: str):
    import importlib
    import warnings

    from .engine.moved import SCHEMAS_LEFT_FOR_A_PLUGIN as _LEFT_FOR_A_PLUGIN

    if name in _LEFT_FOR_A_PLUGIN:  # an ImportError, which `from cardcore.ruleset import` tells as it is
        raise ImportError(f"cardcore.ruleset.{name} is no longer part of cardcore: its rules section or phase "
                          f"kind is registered by a game's plugin (the hook register_rules_sections or "
                          f"register_phase_kinds); it is now "
                          f"{_LEFT_FOR_A_PLUGIN[name]}.{name}", name=name)
    if name in _MOVED_SCHEMAS:
        module = f"cardcore.engine.phases.{_MOVED_SCHEMAS[name]}"
        warnings.warn(f"cardcore.ruleset.{name} is now {module}.{name}: each phase kind's schema is in its "
                      "kind's module", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(module), name)
    if name in ("AnyPhase", "DEAL_PHASE_KINDS"):
        schema = importlib.import_module("cardcore.engine.phases").rules_schema()
        warnings.warn(f"cardcore.ruleset.{name} is built from the kinds registered now: "
                      "cardcore.engine.phases.rules_schema() (its phases field, its deal_phase_kinds())",
                      DeprecationWarning, stacklevel=2)
        if name == "DEAL_PHASE_KINDS":
            return schema.deal_phase_kinds()
        return schema.model_fields["phases"].annotation.__args__[0]
    raise AttributeError(f"module 'cardcore.ruleset' has no attribute {name!r}")
