"""The meld engine compiled from Penchant's table: how many card sets form each meld.

Expected counts worked out from the definitions (Kandell's table; rules.md §2.5 and §10):
family = J Q K of a suit (4); clan = T-J-Q-K or J-Q-K-A (8); reunion = 9-T-J-Q-K or T-J-Q-K-A
(8); extended family = J Q K plus two of the other five ranks of the suit, C(5,2) = 10 per suit
(40); marriage and besito one per suit (4 each); penchant = Q and J of different suits, 4 x 3
(12); twins C(4,2) = 6 per rank (48); triplets 4 per rank (32); quadruplets 1 per rank (8).
"""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore import load_game


def test_pattern_counts_of_every_penchant_meld():
    game = load_game("penchant")
    table = game.meld_table
    counts = Counter(table.rules[p.kind].name for pats in table.patterns.values() for p in pats)
    assert counts == {
        "family": 4, "clan": 8, "reunion": 8, "extended-family": 40, "marriage": 4,
        "besito": 4, "penchant": 12, "twins": 48, "triplets": 32, "quadruplets": 8,
    }


def test_a_reunion_scores_as_the_better_of_reunion_and_extended_family():
    game = load_game("penchant")
    mask = sum(1 << game.deck.card_index(n) for n in ["AS", "KS", "QS", "JS", "TS"])
    best = game.meld_table.best(mask, None)
    assert (best.rule.name, best.points) == ("reunion", 16)  # modern scoring
    old = load_game("penchant(scoring=19th-century)")
    assert old.meld_table.best(mask, None).points == 25


def test_subsets_are_found_with_a_fresh_card_only():
    game = load_game("penchant")
    idx = game.deck.card_index
    pool = sum(1 << idx(n) for n in ["KS", "QS", "JS", "QH"])
    fresh = 1 << idx("QH")
    names = sorted(" ".join(game.deck.names_of(m)) for m in game.meld_table.within(pool, fresh))
    # With QH: twins QS QH and the penchant JS QH (spades before hearts in canonical order);
    # the marriage KS QS, the besito QS JS and the family KS QS JS lack the fresh QH.
    assert names == ["JS QH", "QS QH"]


def test_a_holding_s_melds_by_hand():
    """QS QH JD KS with QS fresh (the rest on the table): twins QS QH, marriage KS QS, besito
    QS JS is absent (no JS), penchant QS JD; QH JD is a penchant without a fresh card."""
    game = load_game("penchant")
    deck, table = game.deck, game.meld_table
    mask = lambda *names: sum(1 << deck.card_index(n) for n in names)  # noqa: E731
    found = {frozenset(deck.names_of(m)) for m in table.within(mask("QS", "QH", "JD", "KS"), mask("QS"))}
    assert found == {frozenset({"QS", "QH"}), frozenset({"KS", "QS"}), frozenset({"QS", "JD"})}
    only_penchant = table.within(mask("QS", "QH", "JD", "KS"), mask("QS"), frozenset({"penchant"}))
    assert [deck.names_of(m) for m in only_penchant] == [["QS", "JD"]]


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 31), max_size=14), st.sets(st.integers(0, 31), max_size=8))
def test_meld_search_finds_exactly_the_table_s_sets_inside_the_holding(pool_cards, fresh_cards):
    game = load_game("penchant")
    table = game.meld_table
    pool = sum(1 << c for c in pool_cards)
    fresh = pool & sum(1 << c for c in fresh_cards)
    expected = {m for m in table.patterns if not m & ~pool and m & fresh}
    found = table.within(pool, fresh)
    assert len(found) == len(set(found)) and set(found) == expected


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 47), max_size=20), st.sets(st.integers(0, 47), max_size=10))
def test_meld_search_of_a_double_pack_finds_exactly_the_table_s_sets_inside_the_holding(pool_cards, fresh_cards):
    """Pinochle's 48 cards: a suit's twelve cards are too many to answer in advance (the groups'
    answers are remembered as met), the same contract as Penchant's one pack."""
    game = load_game("pinochle")
    table = game.meld_table
    assert not table.canonical and table._completed(None) == ()
    pool = sum(1 << c for c in pool_cards)
    fresh = pool & sum(1 << c for c in fresh_cards)
    expected = {m for m in table.patterns if not m & ~pool and m & fresh}
    found = table.within(pool, fresh)
    assert len(found) == len(set(found)) and set(found) == expected


def test_penchant_s_table_is_answered_in_advance_two_ranks_a_look_up():
    """Penchant's groups: 8 ranks (sets), 4 suits (sequences, marriages), the queens and jacks
    (penchants); neighbouring ranks join in pairs of 8 cards, so 4 + 4 + 1 look-ups."""
    table = load_game("penchant").meld_table
    complete = table._completed(None)
    assert [support.bit_count() for support, _ in complete] == [8] * 9
    assert all(len(answers) == 256 for _, answers in complete)


def test_best_answers_are_kept_per_trump_and_meld_kinds():
    """K Q of spades: a marriage (2 points, K, Phase one meld table) in any trump; asked with
    only penchants allowed, no meld. Each answer is kept under its trump and kinds."""
    table = load_game("penchant").meld_table
    deck = table.deck
    ks_qs = deck.mask_of_names(["KS", "QS"], (1 << deck.size) - 1)
    marriage = table.best(ks_qs, None)
    assert (marriage.rule.name, marriage.points) == ("marriage", 2)
    assert table.bests(None)[ks_qs] is marriage
    assert table.best(ks_qs, None, frozenset({"penchant"})) is None
    assert table.bests(None, frozenset({"penchant"})) == {ks_qs: None}
    assert ks_qs not in table.bests(0)  # spades trump: not asked yet


def _lowest_copies_card_by_card(deck, mask: int) -> int:
    """What the lowest copies of a holding are, by their definition: each card name counted,
    and that many of its copies taken from the first."""
    held = Counter(deck.names[c] for c in range(deck.size) if mask >> c & 1)
    return sum(1 << c for name, k in held.items() for c in deck.by_name[name][:k])


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["bezique", "rubicon-bezique", "six-pack-bezique", "eight-pack-bezique"]), st.data())
def test_lowest_copies_hold_as_many_of_each_name_as_the_cards(game_name, data):
    """A holding of many packs is looked up by its names: worked out a pack at a time (a
    sorting network over the packs), each name must come out on as many copies as are held."""
    table = load_game(game_name).meld_table
    deck = table.deck
    cards = data.draw(st.sets(st.integers(0, deck.size - 1), max_size=deck.size))
    mask = sum(1 << c for c in cards)
    assert table.lowest_copies(mask) == _lowest_copies_card_by_card(deck, mask)


_MELD_NAMES = ["AS", "TS", "KS", "QS", "JS", "JD", "KH", "QH", "AH", "AD"]  # spades' sequence, beziques, fours


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["rubicon-bezique", "eight-pack-bezique"]), st.data())
def test_meld_search_of_many_packs_finds_every_set_by_its_names(game_name, data):
    """The table of four or eight packs lists each meld once by names; a holding's melds are
    then its card sets whose names form one, with a fresh card, the cards of ``loose`` (the
    hand: interchangeable) taken lowest first. Worked out here by trying every subset."""
    from itertools import combinations

    table = load_game(game_name).meld_table
    deck = table.deck
    copies = [c for name in _MELD_NAMES for c in deck.by_name[name]]
    pool_cards = data.draw(st.lists(st.sampled_from(copies), unique=True, max_size=11))
    pool = sum(1 << c for c in pool_cards)
    loose = pool & sum(1 << c for c in data.draw(st.sets(st.sampled_from(copies))))
    fresh = pool & sum(1 << c for c in data.draw(st.sets(st.sampled_from(copies))))
    sizes = {m.bit_count() for m in table.patterns}

    def lowest_loose_first(cards: int) -> bool:
        for name in {deck.names[c] for c in range(deck.size) if cards >> c & 1}:
            ours = [c for c in deck.by_name[name] if (pool & loose) >> c & 1]
            taken = [c for c in ours if cards >> c & 1]
            if taken != ours[:len(taken)]:
                return False
        return True

    expected = set()
    for size in sizes:
        for chosen in combinations(sorted(pool_cards), size):
            cards = sum(1 << c for c in chosen)
            if cards & fresh and table.lowest_copies(cards) in table.patterns and lowest_loose_first(cards):
                expected.add(cards)
    found = table.within(pool, fresh, loose=loose)
    assert len(found) == len(set(found)) and set(found) == expected


def test_a_many_pack_search_by_names_gives_each_action_its_sets_by_the_copies_held():
    """Eight packs: a King of spades in hand, its twin on the table, a Queen of spades in hand.
    The marriage KS QS is one action with two sets of cards: the table's King with the Queen,
    or the hand's King with it (the copies on the table are tried, the hand's are taken lowest
    first). The same cards with the Kings' places swapped are other sets: a search remembered
    by the names alone would give the first answer again."""
    table = load_game("eight-pack-bezique").meld_table
    deck = table.deck
    low_king, high_king = deck.by_name["KS"][:2]
    queen = deck.by_name["QS"][0]
    pool = 1 << low_king | 1 << high_king | 1 << queen

    def marriage(hand: int) -> list[int]:  # every card fresh, as where a meld needs none from hand
        groups = table.within_by_names(pool, pool, None, hand)
        assert [m for sets in groups for m in sets] == table.within(pool, pool, loose=hand)
        by_names = {" ".join(sorted(deck.names_of(sets[0]))): sets for sets in groups}
        assert len(by_names) == len(groups)  # one group per action
        for sets in groups:  # every set of a group is the same names
            assert len({table.lowest_copies(m) for m in sets}) == 1
        return by_names["KS QS"]

    # first the table's copy (every choice of the table's copies), then the hand's
    assert marriage(1 << high_king | 1 << queen) == (1 << low_king | 1 << queen, 1 << high_king | 1 << queen)
    assert marriage(1 << low_king | 1 << queen) == (1 << high_king | 1 << queen, 1 << low_king | 1 << queen)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_many_pack_set_found_by_names_scores_as_its_names_do(data):
    """Eight packs: a meld's points are its names' (RM §7.3: of identical cards any copy
    serves), whichever copies the search by names took. A table that searched the holding
    scores each physical set it found as a table that never saw it scores the same cards."""
    from cardcore.melds import MeldTable

    game = load_game("eight-pack-bezique")
    table, deck = game.meld_table, game.meld_table.deck
    fresh_table = MeldTable(deck, table.rules, tuple(game.rules.sequence_order or deck.ranks))
    copies = [c for name in _MELD_NAMES for c in deck.by_name[name]]
    pool = sum(1 << c for c in data.draw(st.lists(st.sampled_from(copies), unique=True, max_size=12)))
    hand = pool & sum(1 << c for c in data.draw(st.sets(st.sampled_from(copies))))
    trump = data.draw(st.sampled_from([None, 0, 1, 2, 3]))
    for sets in table.within_by_names(pool, pool, None, hand):
        for physical in sets:
            meld, alone = table.best(physical, trump), fresh_table.best(physical, trump)
            assert meld == alone and (meld is None or meld.mask == physical)
