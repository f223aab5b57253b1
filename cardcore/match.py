"""What a person's match needs besides the game, the same at the terminal and on the web: the
hint (which bot answers it, its advice and that advice in words) and what undo takes back."""

from __future__ import annotations

import random

from .players import level_bot
from .plugins import bot_names
from .records import replay
from .text.lines import Line, card_actions
from .text.move_list import preview_text
from .text.moves import preview

DEFAULT_HINT_BOT = "ismcts(iterations=500)"
# The default hint is the game's --level hard bot where the game has a heuristic: a search
# guided by it, with the game's own iteration cap and a clock bound of 2 s, so that a hint on
# eight packs takes no longer than one at Penchant. Alone, 500 iterations spread over a
# decision of many moves (a discard of three from eighteen cards: 138) pick almost at random,
# even a hopeless contract played on rather than conceded.


def hint_spec_for(spec: str, game) -> str:
    """The bot spec that answers `hint` in ``game``: the default, the game's --level hard bot
    where the game has a heuristic to guide its search; any other spec as given."""
    if spec == DEFAULT_HINT_BOT and "heuristic" in bot_names(game.name):
        return level_bot("hard", game)
    return spec


def last_own_move(record: dict, seat: int) -> int | None:
    """The number of ``seat``'s last action in ``record`` (what undo takes back, with every
    action after it), or None when that seat has not moved yet."""
    probe = replay({**record, "actions": []})
    mine = []
    for number, action in enumerate(record["actions"]):
        if probe.current_player == seat:
            mine.append(number)
        probe.apply(action)
    return mine[-1] if mine else None


def hint_action(state, seat: int, bot) -> str:
    """``bot``'s choice for ``seat``, made in a world sampled from what that seat may know (the
    same world for the same position, so that asking twice gives the same advice)."""
    rng = random.Random(f"{state.seed}:hint:{len(state.actions)}")
    return bot.choose(state.determinize(seat, rng))


def hint_line(state, action: str, spec: str) -> Line:
    """The hint in words: its number in the list of moves, the action, and what it does now."""
    legal = state.legal_actions()
    number = f"[{legal.index(action) + 1}] " if action in legal else ""
    p = preview(state, action) if action in legal else None
    line: Line = [f"Hint ({spec}): {number}", *card_actions(action)]
    extra = preview_text(p) if p else []
    if extra:
        line += ["  — ", *extra]
    return line
