"""Option sets the adapter tests run every installed game under, and the test games of three and
four seats (``seatgames``) beside them."""

import contextlib

import seatgames

from cardcore import load_game
from cardcore.adapters.encoding import adapted_game_names
from cardcore.plugins import get_games

# Beyond the defaults and the presets: variations that change the action space, the trump, the
# end of the game or the deal cap.
EXTRA_OPTIONS = {
    "penchant": [
        {"jail_free_seven": True, "pinochle_declaration": True},
        {"penchant_only_when_winner_passes": True, "each_penchant_sets_trump": True,
         "trump_marriage_cancels_trump": True, "endgame_rule": "FTr"},
    ],
    "marjolet": [{"game_end": "immediate", "turned_seven_points": 7, "trump_seven_play_bonus": False}],
    "penneech": [
        {"game_end": "end-of-deal", "target": 30, "dealer_scores_first_turnup": False},
        {"max_deals": 1},
    ],
    # the melds by agreement change the bid cap, and with it the action space
    "auction-pinochle": [{"double_flush": True, "double_pinochle": True, "king_queen_flush": True,
                          "grand_pinochle": True, "minimum_bid": 250}],
    "partnership-auction-pinochle": [{"first_leader": "declarer", "double_flush": True}],
}

# Parameters every test game of a game gets. Random bids mostly lose their contract, so a random
# Partnership Auction Pinochle to 1000 runs to the deal cap of a hundred deals, minutes long; to
# 300 it ends within a few deals, and ten are its cap.
ALWAYS = {"partnership-auction-pinochle": {"target": 300, "max_deals": 10}}


def base_options(name: str) -> dict:
    """The parameters of a test game of ``name`` where a test needs no others (see ALWAYS)."""
    return dict(ALWAYS.get(name, {}))


@contextlib.contextmanager
def seat_games_known():
    """The test games of ``seatgames`` registered, unless they are already (then left as they are)."""
    if set(seatgames.NAMES) <= set(get_games()):
        yield
    else:
        with seatgames.registered():
            yield


def game_names() -> list[str]:
    """Every game the adapters offer and the test games of three and four seats."""
    with seat_games_known():
        return sorted(adapted_game_names())


def option_sets() -> list[tuple[str, dict]]:
    """(game, options) for every game of game_names(): defaults, each preset, the extras above."""
    with seat_games_known():
        return _option_sets()


def _option_sets() -> list[tuple[str, dict]]:
    out, seen = [], set()
    for name in adapted_game_names():
        source = load_game(name).rules_source()
        candidates = [{}] + [source.option_set.non_defaults(source.presets[p]) for p in sorted(source.presets)]
        for options in candidates + EXTRA_OPTIONS.get(name, []):
            key = (name, tuple(sorted(options.items())))
            if key not in seen:
                seen.add(key)
                out.append((name, {**ALWAYS.get(name, {}), **options}))
    return out


def short_options(name: str) -> dict:
    """Options that make a whole game short: one deal."""
    options = {"max_deals": 1}
    with seat_games_known():
        defaults = load_game(name).option_set().defaults()
    for deals in ("rounds", "deals"):  # a game of a fixed number of deals: one
        if deals in defaults:
            options[deals] = 1
    return options


def played(engines, name: str, options: dict) -> str:
    """What the random games of a suite (OpenSpiel's random_sim_test, PettingZoo's api_test and
    seed_test) played, checked and told: the moves (the players' actions) and the deals of each.

    A claim (Pinochle's Out) is among the legal actions only when it is right, so no random game
    may end on a wrong one. A game of several deals is played past its first deal by one of the
    games at least, unless the deal cap is one: random games that all end in their first deal
    test little of such a game (Pinochle's 1000 is four deals' worth of the 250 that a deal's
    cards and last trick hold)."""
    engines = list(engines)
    assert engines, "no game was played"
    line = f"{name}{options or ''}: " + ", ".join(f"{len(e.actions)} moves/{len(e.rounds)} deals" for e in engines)
    print(line)
    for e in engines:
        claim = (e.result or {}).get("claim")
        assert claim is None or claim["right"], f"a random game ended on a wrong claim: {line}"
    several = engines[0].rules.game_end.rounds != 1
    if several and options.get("max_deals", 2) > 1:
        assert max(len(e.rounds) for e in engines) > 1, f"no random game went past its first deal: {line}"
    return line


def show(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
