"""Trick obligations (Parlett's letters) and trick resolution.

Letters, one per obligation of a player who is not leading; a capital means obligatory:
``F`` follow suit when able; ``T`` trump when unable to follow; ``R`` beat the card currently
winning the trick when able. ``ftr`` is free play. Each capital is a filter applied in that order,
so every mix of capitals has a meaning. ``follow_or_trump`` is the All-Fours rule the letters
cannot say: a player holding the suit led may follow *or* trump, and may discard only when void.
``win_when_trump_led`` is Pinochle's, which the letters cannot say either: R only when the card
led is a trump, so a player following a trump lead must beat the highest trump played if able,
while a plain suit led need not be headed (with ``FTr``, a void player must trump but need not
overtrump).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUIT_NAMES, SYMBOL_OF_SUIT, Deck


@dataclass(frozen=True)
class FollowRule:
    follow: bool = False
    trump: bool = False
    win: bool = False
    follow_or_trump: bool = False
    win_when_trump_led: bool = False  # R only when the card led is a trump (Pinochle's variant)

    @classmethod
    def parse(cls, letters: str, follow_or_trump: bool = False, win_when_trump_led: bool = False) -> "FollowRule":
        text = letters.replace(",", "").replace(" ", "")
        if len(text) != 3 or text.lower() != "ftr":
            raise ValueError(
                f"{letters!r} is not a trick rule: write the letters f, t, r in that order, "
                "capital for obligatory (e.g. ftr, FTR, FTr)"
            )
        return cls(text[0] == "F", text[1] == "T", text[2] == "R", follow_or_trump, win_when_trump_led)

    def __post_init__(self) -> None:
        # asked at every card played: computed once
        object.__setattr__(self, "free", not (self.follow or self.trump or self.win or self.follow_or_trump
                                                  or self.win_when_trump_led))

    @property
    def letters(self) -> str:
        return ("F" if self.follow else "f") + ("T" if self.trump else "t") + ("R" if self.win else "r")

    def describe(self) -> str:
        parts = []
        if self.follow_or_trump:
            parts.append("follow suit or trump; discard only when void in the suit led")
        elif self.follow:
            parts.append("must follow suit")
        if self.trump:
            parts.append("must trump when void in the suit led")
        if self.win:
            parts.append("must win the trick when able")
        elif self.win_when_trump_led:
            parts.append("must win the trick when able if a trump was led")
        return "; ".join(parts) if parts else "free play: any card"


def beats(deck: Deck, card: int, best: int, trump: int | None) -> bool:
    """Does ``card`` beat ``best``, the card now winning? Equal cards: the first played wins."""
    suit, best_suit = deck.suit_of[card], deck.suit_of[best]
    if suit == best_suit:
        return deck.strength[card] > deck.strength[best]
    return suit == trump


def trick_winner(deck: Deck, cards: list[int], trump: int | None) -> int:
    """Position (0 = leader) of the winning card among the cards played in order."""
    suit_of, strength = deck.suit_of, deck.strength
    best = 0
    for pos in range(1, len(cards)):
        card, top = cards[pos], cards[best]
        suit = suit_of[card]
        if (strength[card] > strength[top]) if suit == suit_of[top] else suit == trump:
            best = pos
    return best


def beating(deck: Deck, best: int, trump: int | None) -> int:
    """The cards (a bit set) that beat ``best``, the card now winning: stronger ones of its suit,
    and every trump unless it is a trump itself."""
    mask = deck.stronger[best]
    if trump is not None and deck.suit_of[best] != trump:
        mask |= deck.suit_masks[trump]
    return mask


def legal_plays(
    deck: Deck, rule: FollowRule, holding: int, trick: list[int], trump: int | None
) -> int:
    """The cards of ``holding`` (a bit set) that may be played to ``trick`` under ``rule``."""
    if not trick or rule.free:
        return holding
    led = deck.suit_masks[deck.suit_of[trick[0]]]
    trumps = deck.suit_masks[trump] if trump is not None else 0
    allowed = holding
    has_led = holding & led
    if rule.follow_or_trump and has_led:
        allowed = holding & (led | trumps)
    elif rule.follow and has_led:
        allowed = has_led
    if rule.trump and not has_led and holding & trumps:
        allowed = allowed & trumps
    if rule.win or (rule.win_when_trump_led and trumps >> trick[0] & 1):
        # the card winning so far (with one card played, the lead) and beating() of it, inline:
        # asked at every card of a phase that must win
        best = trick[0] if len(trick) == 1 else trick[trick_winner(deck, trick, trump)]
        winning = allowed & (deck.stronger[best] | (trumps if deck.suit_of[best] != trump else 0))
        if winning:
            allowed = winning
    return allowed


def replies_to_lead(deck: Deck, rule: FollowRule) -> tuple[tuple[tuple[int, tuple, tuple], ...], ...]:
    """:func:`legal_plays` for a trick of one card, worked out per card led and trump: the reply
    to a lead, at every trick of a two-seat game. ``[lead][trump]`` (``-1``: no trump) is
    ``(led, if_led, if_void)``: the suit led as a mask and two lists of masks. The cards allowed
    are the first non-empty ``holding & m`` for ``m`` in ``if_led`` when the holding has a card
    of the suit led, else in ``if_void``; the whole holding when none is."""
    suits = len(deck.suits)
    table = []
    for lead in range(deck.size):
        suit = deck.suit_of[lead]
        led = deck.suit_masks[suit]
        row = []
        for trump in [*range(suits), None]:
            trumps = deck.suit_masks[trump] if trump is not None else 0
            beats = deck.stronger[lead] | (trumps if suit != trump else 0)  # what wins the trick
            wins = rule.win or (rule.win_when_trump_led and trump == suit)
            # holding a card of the suit led: the suit (or it or trumps), then those that win
            first = (led | trumps) if rule.follow_or_trump else led if rule.follow else deck.full_mask
            if_led = [first & beats, first] if wins else [first]
            # void in it: trumps where T obliges (each wins: the suit led is not trumps), else
            # those that win where R obliges
            if_void = [trumps] if rule.trump else []
            if wins:
                if_void.append(beats)
            row.append((led, tuple(m for m in if_led if m), tuple(m for m in if_void if m)))
        table.append(tuple(row))
    return tuple(table)


def suit_words(deck: Deck, suit: int) -> str:
    """A suit in words with its symbol, ``hearts (♥)``: no letters to decode."""
    letter = deck.suits[suit]
    return f"{SUIT_NAMES[letter]} ({SYMBOL_OF_SUIT[letter]})"


def forbidding_reason(
    deck: Deck, rule: FollowRule, holding: int, trick: list[int], trump: int | None, card: int
) -> str | None:
    """Why ``card`` may not be played now, naming the obligation in words (the suits with their
    symbols) and Parlett's letters as its citation; None if it may."""
    if legal_plays(deck, rule, holding, trick, trump) >> card & 1:
        return None
    led = deck.suit_of[trick[0]]
    led_words = suit_words(deck, led)
    trumps = deck.suit_masks[trump] if trump is not None else 0
    has_led = holding & deck.suit_masks[led]
    if (rule.follow or rule.follow_or_trump) and has_led and deck.suit_of[card] != led:
        if rule.follow_or_trump:
            trump_words = f" with {suit_words(deck, trump)}" if trump is not None else ""
            return (f"you hold {led_words}, the suit led: you must follow suit or trump{trump_words} "
                    f"(Parlett: {rule.letters}, follow-or-trump)")
        return f"you must follow suit: you hold {led_words}, the suit led (Parlett: {rule.letters})"
    if rule.trump and not has_led and holding & trumps and deck.suit_of[card] != trump:
        return (f"you hold no {led_words}, the suit led, but hold a trump: you must trump with "
                f"{suit_words(deck, trump)} (Parlett: {rule.letters})")
    best = trick[trick_winner(deck, trick, trump)]
    if rule.win_when_trump_led and not rule.win:
        return (f"a trump was led: you must beat {deck.names[best]}, the highest trump played, when "
                f"you can (Parlett: {rule.letters}, win when a trump is led)")
    return (f"you must win the trick when able: you hold a card that beats {deck.names[best]}, "
            f"the card winning it (Parlett: {rule.letters})")
