"""Option sets the adapter tests run every installed game under."""

from cardcore import load_game
from cardcore.adapters.encoding import adapted_game_names

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
}


def option_sets() -> list[tuple[str, dict]]:
    """(game, options) for every installed game: defaults, each preset, the extras above."""
    out, seen = [], set()
    for name in adapted_game_names():
        source = load_game(name).rules_source()
        candidates = [{}] + [source.option_set.non_defaults(source.presets[p]) for p in sorted(source.presets)]
        for options in candidates + EXTRA_OPTIONS.get(name, []):
            key = (name, tuple(sorted(options.items())))
            if key not in seen:
                seen.add(key)
                out.append((name, options))
    return out


def short_options(name: str) -> dict:
    """Options that make a whole game short: one deal."""
    options = {"max_deals": 1}
    if "rounds" in load_game(name).option_set().defaults():
        options["rounds"] = 1
    return options


def show(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
