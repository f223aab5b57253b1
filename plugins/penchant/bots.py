"""A Penchant bot that plays the way Kandell's "Tactics" advise (seeds/penchant-kandell.txt)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from cardcore.bots.counting import (
    CountedEndgame, hands_by_count, may_hold, opponent_known, p_opponents_hold_any, played_mask, rival_margin,
    side_values, still_to_play, unseen_mask,
)
from cardcore.bots.params import bot_parameters
from cardcore.bots.simple import pick_best, play_cards
from cardcore.cards import iter_bits
from cardcore.tricks import beating, beats, legal_plays, trick_winner

# Chance that a card wins a trick in the Meal, by the number of higher cards of its suit still out.
P_MEAL_WIN = (0.9, 0.55, 0.35, 0.2)


class PenchantHeuristicBot:
    """Kandell's Tactics, point by point. Each rule quotes the sentence it follows.

    Melding (the winner's one declaration after a trick, and the loser's penchant):

    1. "The order of melding takes some thought: minor combinations are easier to score at the
       beginning before they are blocked, especially 8s and 9s": a minor set (7s to 10s) gets a
       bonus over an elder set of the same score, so a minor pair is melded before an elder
       pair.
    2. "As in pinochle, combinations should be built up slowly, since they score cumulative
       points: e.g. a quad is potentially worth 13 pts if drawn out (2+3+8)": a meld is valued at
       its points plus part of the best meld it leaves for a later trick (twins before triplets,
       a marriage before its family), the part shrinking as the stock runs out ("Take careful
       note of the stock, as any melding strategy needs to finish by the time it's exhausted").
    3. "Other things being equal, you should first meld cards you intend on earlier using in
       tricks": a small bonus for melds holding the cards this bot would play away next.
    4. "Aces are most valuable, since they are simultaneously trick winners, brisques, and
       blockers. Melding aces is often best": an elder set that puts a block on the opponent
       gets a bonus, aces a little more.
    5. "The Penchant's main value is not as a scorer but in setting trump ... In short: Set trump
       when you have preponderance in a suit, are scoring badly, when it might help with
       declarations, and if the opponent will likely trump you in an unfavorable suit": a
       declaration that would set trump (found by applying it to a copy of the state) is made
       only if (a) the bot holds a preponderance in the jack's suit (three cards of it, or two
       with its ace or king), or (b) it is scoring badly (behind by 5 points in the round or 15
       in the game), or (c) the opponent threatens to set trump (a jack and a queen of another
       suit lie on the opponent's table, or the stock is nearly gone) and the suit is not a weak
       one for the bot. A strong trump is worth more the later it is set ("There is little point
       in setting trump before you know both hands for the end-game; however wait too long and
       your opponent will act"). Holding only the jack of a suit never sets it as trump otherwise.

    Play in the Gathering (free play), each card valued by what keeping it is worth:

    6. "Jacks are especially pivotal ... And of course they are the only cards which can set
       trump" and "The J in your opponent's strong suit is obviously a strong card to hold to
       prevent him trumping": while trump is unset a jack is kept, more so the jack of the bot's
       strongest suit and of the opponent's visible strong suit.
    7. "Think carefully about playing a trick from your melds if it removes your block": a table
       card whose removal would weaken the bot's best set on the table (its block, or what lifts
       the opponent's block) is costly to play.
    8. "Winning last trick very important, since that person leads in the Meal phase, where every
       brisque is worth a clean point": on the tenth trick the bot adds a large bonus for winning
       (follows with the cheapest winning card; leads the card least likely to be beaten).
    9. "The 'all or nothing' brisque bonus creates a constant pressure to reach seven brisques,
       or prevent your opponent from doing so" and "Winning 7s, the lowest rank, takes particular
       skill": every brisque in a trick is worth the book bonus to whoever takes it, sevens a
       little more; a brisque is not thrown to a trick the opponent wins.
    10. "Aces ... can be 'stored' there for future tricks, or saved even longer to control the
        end game" and "JQK ... allow domination of tricks in the end game if they are extended
        upwards": a card's keeping value includes its chance of winning a trick in the Meal
        (counted from the higher cards of its suit still out, trumps counting more), and its
        part in melds still possible with the cards not yet seen.
    11. "leave [7s] on the table too long risks having to play them in the end game, where they
        usually count against you twice" (and likewise 10s): a brisque unlikely to win its
        Meal trick has a negative keeping value, so it is used to win or lead early.
    12. "You must also decide between playing and thereby revealing, or holding and thereby
        hiding": as leader the bot weighs the chance the opponent beats the card (a card on the
        opponent's table that beats it, or the chance one is among the unseen cards) against what
        winning the trick is worth (a meld to declare, a brisque).

    The Meal (six tricks, must follow, trump, win):

    13. "It should be noted that most of the bread-and-butter trick tactics of whist, jass,
        pinochle and bridge (e.g. stoppers, squeeze plays, finesses, etc.) also apply" and "Take
        careful note of cards played": with the stock gone, the cards not yet seen are exactly
        the opponent's hand, so the bot counts it and plays the six tricks out exactly for phase-
        two brisques and the book (``count_meal=True``, the default). Ties, and the whole Meal
        when ``count_meal=False``, follow the rules of thumb: win tricks with brisques (a ten or
        seven that wins is played at once, an ace kept as a sure winner), lead sure winners from
        the longest strong suit, otherwise lead low from a short suit, and give no brisque away.

    The weights of these rules are class attributes (points of the modern scoring, scaled to
    the scoring option); only ``MEAL_WEIGHT`` was tuned by play (``bench/strength.py``).

    The bot sees only its own cards and public state (tables, tricks played, trump, stock size,
    scores); applying its own declarations to a copy of the state measures only their points and
    whether they set trump. Ties are broken by its own ``random.Random(seed)``.
    """

    # weights of the rules above, in points of the modern scoring (scaled to the option's)
    LAST_TRICK = 3.0  # rule 8
    OPP_MELD = 1.2  # what a trick won by the opponent is worth to it in melds (rule 12)
    JACK_GUARD = 1.0  # rule 6
    MINOR_FIRST = 0.7  # rule 1
    BUILD = 0.6  # rule 2
    REFUSE_TRUMP = -4.0  # rule 5, a penchant that would set a weak trump
    MEAL_WEIGHT = 1.6  # rule 10, how much a card's Meal prospects count in the Gathering
    EAGER = 0.6  # rule 12, how readily the opponent is taken to beat a card that is no brisque

    @bot_parameters
    def __init__(self, game, seed: int | None = None, count_meal: bool = True):
        self.game = game
        self.deck = deck = game.deck
        self.rng = random.Random(seed)
        self.count_meal = bool(count_meal)
        self.brisques = game.compiled.counter_masks["brisques"]
        rules = game.rules
        meal_name = rules.phases[-1].name
        self.meal_points = 0  # points per brisque won in the Meal
        self.book = (0, 6)  # (points per brisque over, over)
        for rule in rules.scoring:
            if rule.counter != "brisques":
                continue
            if rule.kind == "per-card" and rule.phase in (None, meal_name):
                self.meal_points += rule.points
            elif rule.kind == "majority-bonus":
                self.book = (rule.points, rule.over)
        self.cap1 = max(1.0, float(self.book[0]))  # a brisque taken in the Gathering (book only)
        self.cap2 = self.meal_points + self.cap1  # a brisque taken in the Meal
        self.scale = self.cap2 / 4.0
        n = deck.size
        self.higher = deck.stronger  # per card, the cards of its suit that beat it
        self.jack = deck.ranks.index("J")
        self.ace = deck.ranks.index("A")
        self.king = deck.ranks.index("K")
        self.seven = deck.ranks.index("7")
        self.elder = game.elder_ranks
        self.minor = game.minor_ranks
        self.set_names = game.set_meld_names
        # every meld pattern and its best score, indexed by card (for meld potential)
        self.patterns_of: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        table = game.meld_table
        for mask, pats in table.items:
            pts = max(table.points(p, None) for p in pats)
            for c in iter_bits(mask):
                self.patterns_of[c].append((mask, pts))
        self._meal_key = None
        self._meal_solver = None

    # ------------------------------------------------------------------ entry point
    def choose(self, state) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not legal[0].startswith("play "):
            return self._declare(state, legal)
        seat = state.current_player
        cards = play_cards(state, legal)
        if state.phase == len(state.rules.phases) - 1 and state.stock_left == 0:
            return self._meal(state, cards)
        return self._gathering(state, cards)

    def _pick(self, scored: dict[str, float]) -> str:
        return pick_best(scored, self.rng)

    # ------------------------------------------------------------------ what the seat knows
    def _context(self, state) -> SimpleNamespace:
        seat = state.current_player
        opps = state.table.opponents(seat)
        mine = state.holding(seat)
        played = played_mask(state)
        unseen = unseen_mask(state, seat)
        out = self.deck.full_mask & ~mine & ~played  # cards not mine and not gone
        suit_len = [(mine & m).bit_count() for m in self.deck.suit_masks]
        strength = []
        for s, m in enumerate(self.deck.suit_masks):
            v = suit_len[s]
            for c in iter_bits(mine & m):
                r = self.deck.rank_of[c]
                v += 0.5 if r == self.ace else 0.3 if r == self.king else 0.0
            strength.append(v)
        opp_visible = opponent_known(state, seat)
        opp_len = [(opp_visible & m).bit_count() for m in self.deck.suit_masks]
        return SimpleNamespace(
            seat=seat, opps=opps, mine=mine, hand=state.hands[seat], table=state.tableaus[seat],
            opp_tables=[state.tableaus[o] for o in opps], opp_visible=opp_visible, played=played, unseen=unseen,
            out=out, suit_len=suit_len, strength=strength, opp_len=opp_len,
            strong_suit=max(range(len(strength)), key=lambda s: (strength[s], -s)),
            trump=state.trump, stock=state.stock_left,
            declared={m for m, *_ in state.meld_history[seat]},
        )

    # ------------------------------------------------------------------ keeping values
    def _meal_value(self, c: int, ctx) -> float:
        """What holding ``c`` into the Meal is worth (rule 10, 11)."""
        hi = (self.higher[c] & ctx.out).bit_count()
        p = P_MEAL_WIN[min(hi, 3)]
        if ctx.trump is not None:
            if self.deck.suit_of[c] == ctx.trump:
                p = min(0.95, p + 0.25)
            else:
                p *= 0.85
        v = self.cap2 if self.brisques >> c & 1 else 0.0
        trump_bonus = 0.6 * self.scale if ctx.trump is not None and self.deck.suit_of[c] == ctx.trump else 0.0
        return p * (v + 0.8 * self.scale) - (1 - p) * v + trump_bonus

    def _meld_potential(self, c: int, ctx) -> float:
        """Rule 2 and 10: the best meld ``c`` may still help to make, weighted by how close it is."""
        if ctx.stock <= 0:
            return 0.0
        draws = ctx.stock // 2
        avail = ctx.mine | ctx.unseen
        best = 0.0
        for mask, pts in self.patterns_of[c]:
            if mask & ~avail or mask in ctx.declared or not mask & ~ctx.table:
                continue
            need = (mask & ~ctx.mine).bit_count()
            if need > min(2, draws):
                continue
            w = (0.8, 0.3, 0.08)[need]
            if pts * w > best:
                best = pts * w
        return best

    def _keep(self, c: int, ctx) -> float:
        """What the bot loses by parting with ``c`` in the Gathering."""
        v = self.MEAL_WEIGHT * self._meal_value(c, ctx) + self._meld_potential(c, ctx)
        deck = self.deck
        suit = deck.suit_of[c]
        if deck.rank_of[c] == self.jack and ctx.trump is None:  # rule 6
            v += self.JACK_GUARD
            if suit == ctx.strong_suit:
                v += 0.8
            if ctx.opp_len[suit] >= 2:
                v += 0.5
        if ctx.table >> c & 1 and ctx.stock > 0:  # rule 7
            before = max(self.game.table_sets(ctx.table), default=None)
            after = max(self.game.table_sets(ctx.table & ~(1 << c)), default=None)
            if before is not None and (after is None or after < before):
                v += 1.0
        return v

    def _capture(self, c: int) -> float:
        """Rule 9: a brisque taken in the Gathering counts toward the book."""
        if not self.brisques >> c & 1:
            return 0.0
        return self.cap1 + (0.3 if self.deck.rank_of[c] == self.seven else 0.0)

    def _meld_right(self, ctx, without: int) -> float:
        """Points of the best meld the bot could declare after winning, without card ``without``."""
        best = 0.0
        for meld in ctx.options:
            if meld.mask >> without & 1 or not meld.mask & ctx.hand & ~(1 << without):
                continue
            best = max(best, float(meld.points))
        return best

    # ------------------------------------------------------------------ the Gathering
    def _gathering(self, state, cards: dict[str, int]) -> str:
        ctx = self._context(state)
        ctx.options = [m for m, why in state.meld_options(ctx.seat) if why is None] if ctx.stock > 0 else []
        last = ctx.stock <= 2  # the tenth trick: its winner leads the Meal (rule 8)
        lt = self.LAST_TRICK * self.scale if last else 0.0
        opp_meld = self.OPP_MELD if ctx.stock > 0 else 0.0
        scored = {}
        if state.trick:
            pos = trick_winner(self.deck, state.trick, ctx.trump)
            best, holder = state.trick[pos], state.trick_seats[pos]
            allied = state.table.same_side(holder, ctx.seat)  # a partner is winning it
            taken = sum(self._capture(t) for t in state.trick)
            later = still_to_play(state, ctx.seat)  # opponents yet to play may still beat it
            for a, c in cards.items():
                keep = self._keep(c, ctx)
                beat = beats(self.deck, c, best, ctx.trump)
                win = taken + self._capture(c) + (self._meld_right(ctx, c) if beat else 0.0) + lt - keep
                lose = -taken - self._capture(c) - opp_meld - lt - keep
                if (beat or allied) and later:
                    p = p_opponents_hold_any(state, ctx.seat, beating(self.deck, c if beat else best, ctx.trump), later)
                    scored[a] = (1 - p) * win + p * lose
                else:
                    scored[a] = win if beat or allied else lose
            if last:  # rule 8: try hard to win the tenth trick
                winners = {a: v for a, v in scored.items() if beats(self.deck, cards[a], best, ctx.trump)}
                scored = winners or scored
            return self._pick(scored)
        for a, c in cards.items():
            p_hold = p_opponents_hold_any(state, ctx.seat, beating(self.deck, c, ctx.trump))
            eager = 0.9 if (self.brisques >> c & 1 or last) else self.EAGER
            p = p_hold * eager
            stake = self._capture(c) + lt
            v = (1 - p) * (stake + self._meld_right(ctx, c)) - p * (stake + opp_meld) - self._keep(c, ctx)
            scored[a] = v
        return self._pick(scored)

    # ------------------------------------------------------------------ declarations
    def _trump_worth(self, state, ctx, suit: int) -> float:
        """Rule 5: the value of setting trump in ``suit`` now; negative when it should not be set."""
        seat = ctx.seat
        length = ctx.suit_len[suit]
        high = any(self.deck.rank_of[c] in (self.ace, self.king)
                   for c in iter_bits(ctx.mine & self.deck.suit_masks[suit]))
        preponderance = length >= 3 or (length >= 2 and high)
        lateness = 1.0 - ctx.stock / 20.0
        if preponderance:
            return (0.5 + 1.5 * lateness + 0.3 * (length - 2)) * self.scale
        behind = (rival_margin(state, side_values(state, state.round_points, shared=True), seat) >= 5
                  or rival_margin(state, list(state.side_scores), seat) >= 15)
        if behind:
            return 0.0
        opp_threat = any(self._sets_trump_soon(opp_t) for opp_t in ctx.opp_tables)
        if (opp_threat or ctx.stock <= 6) and length >= 2:
            return 0.0
        return self.REFUSE_TRUMP

    def _sets_trump_soon(self, table: int) -> bool:
        """A jack and a queen of another suit on one opponent's table: a penchant in waiting."""
        jq = [c for c in iter_bits(table) if self.deck.rank_of[c] in (self.jack, self.jack + 1)]
        return any(
            self.deck.rank_of[j] == self.jack and any(
                self.deck.rank_of[q] == self.jack + 1 and self.deck.suit_of[q] != self.deck.suit_of[j]
                for q in jq)
            for j in jq)

    def _declare(self, state, legal: list[str]) -> str:
        seat = state.current_player
        ctx = self._context(state)
        declarable = state.declarable(seat)
        by_mask = {m.mask: m for m in declarable}
        remaining = max(0, ctx.stock // 2 - 1)  # phase-one tricks after this one
        lam = self.BUILD if remaining >= 2 else self.BUILD * 0.6 if remaining == 1 else 0.0
        # rule 3: the cards the bot would part with first
        soon = sorted(iter_bits(ctx.mine), key=lambda c: self._keep(c, ctx))[:2]
        opp_best = max((s for t in ctx.opp_tables for s in self.game.table_sets(t)), default=None)
        scored = {"pass": 0.0} if "pass" in legal else {}
        for a in legal:
            if a == "pass":
                continue
            probe = state.clone()
            before = probe.scores[seat]
            probe.apply(a)
            v = float(probe.scores[seat] - before)
            if probe.trump != state.trump and probe.trump is not None:
                v += self._trump_worth(state, ctx, probe.trump)
            meld = None
            if a.startswith("meld "):
                meld = by_mask.get(self.deck.mask_of_names(a.split()[1:], ctx.mine))
            if meld is not None:
                mask = meld.mask
                fresh_left = ctx.hand & ~mask
                future = max((float(m.points) for m in declarable
                              if m.mask != mask and m.mask & fresh_left), default=0.0)
                v += lam * future  # rule 2
                if meld.rule.name in self.set_names:
                    rank = self.deck.rank_of[(mask & -mask).bit_length() - 1]
                    if rank in self.minor and mask.bit_count() < 4:
                        v += self.MINOR_FIRST  # rule 1
                    elif rank in self.elder:
                        mine_best = max(self.game.table_sets(ctx.table | mask), default=None)
                        if opp_best is None or (mine_best is not None and mine_best > opp_best):
                            v += 0.4 + (0.2 if rank == self.ace else 0.0)  # rule 4
                v += 0.1 * sum(1 for c in soon if mask >> c & 1)  # rule 3
            scored[a] = v
        return self._pick(scored)

    # ------------------------------------------------------------------ the Meal
    def _meal(self, state, cards: dict[str, int]) -> str:
        seat = state.current_player
        ctx = self._context(state)
        possible = may_hold(state, seat)  # by count once the stock is gone (rule 13)
        opp_hand = 0
        for o in ctx.opps:
            opp_hand |= possible[o]
        thumb = self._meal_thumb(state, ctx, cards, opp_hand)
        hands = hands_by_count(state, seat) if self.count_meal else None
        if hands is None:  # nothing to count exactly (several hidden hands, cards face down)
            return self._pick(thumb)
        solver = self._solver(state, seat)
        trick = list(zip(state.trick_seats, state.trick))
        counts = tuple(side_values(state, state.counter_counts("brisques"), shared=False))
        values = solver.values(tuple(hands), trick, counts)
        scored = {a: values[c] + 0.001 * thumb[a] for a, c in cards.items()}
        return self._pick(scored)

    def _solver(self, state, seat: int) -> CountedEndgame:
        # the memo holds exact positions, so it is valid for any deal with this trump and seat;
        # it is renewed with each deal only to keep it small
        key = (seat, state.trump, len(state.rounds), id(state.deals[-1]))
        if self._meal_key != key or self._meal_solver is None:
            pts = self.meal_points
            bonus, over = self.book

            table = state.table
            mine = table.side_of(seat)

            brisques = self.brisques

            def trick_gain(ctx, plays, winner):  # ctx: brisques won per side
                taken = 0
                for _, c in plays:
                    taken |= 1 << c
                n = (taken & brisques).bit_count()
                side = table.side_of(winner)
                counts = ctx[:side] + (ctx[side] + n,) + ctx[side + 1:]
                return (pts * n if side == mine else -pts * n), counts

            def final_gain(ctx, last_winner):  # the book: the side with most brisques, over six
                top = max(ctx)
                if ctx.count(top) > 1 or top <= over:
                    return 0.0
                return bonus * (top - over) if ctx[mine] == top else -bonus * (top - over)

            rule = state.follow
            self._meal_solver = CountedEndgame(self.deck, rule, state.trump, seat, trick_gain, final_gain, table)
            self._meal_key = key
        return self._meal_solver

    def _meal_thumb(self, state, ctx, cards: dict[str, int], opp_hand: int) -> dict[str, float]:
        """Rules of thumb for the Meal (rule 13), also the tie-break of the counted play."""
        deck = self.deck
        trump = ctx.trump
        rule = state.follow
        hand = state.hands[ctx.seat]
        scored = {}
        if state.trick:
            lead = state.trick[trick_winner(deck, state.trick, trump)]  # the card to beat
            for a, c in cards.items():
                brisque = self.brisques >> c & 1
                if beats(deck, c, lead, trump):
                    v = 10.0
                    if brisque and deck.rank_of[c] != self.ace:
                        v += 3.0  # a winning ten or seven is cashed at once
                    elif deck.rank_of[c] == self.ace or (trump is not None and deck.suit_of[c] == trump):
                        v -= 1.0 + deck.strength[c] * 0.1  # keep sure winners and trumps
                    else:
                        v -= deck.strength[c] * 0.1  # the cheapest winner
                    if self.brisques >> lead & 1:
                        v += 2.0
                else:
                    v = -5.0 * brisque - deck.strength[c] * 0.1  # give no brisque away
                scored[a] = v
            return scored
        for a, c in cards.items():
            suit = deck.suit_of[c]
            reply = legal_plays(deck, rule, opp_hand, [c], trump)
            sure = not any(beats(deck, d, c, trump) for d in iter_bits(reply))
            length = (hand & deck.suit_masks[suit]).bit_count()
            if sure:
                v = 10.0 + length + 2.0 * (self.brisques >> c & 1)
            else:
                v = -length * 0.5 - 4.0 * (self.brisques >> c & 1) - deck.strength[c] * 0.1
            scored[a] = v
        return scored
