"""The parameters a bot accepts, with their ranges: a bot spec is user input like any other.

A bot's ``__init__`` is decorated with :data:`bot_parameters` and its parameters annotated with the
types below, so that ``ismcts(iterations=2.5)``, ``iterations=1e3``, ``seconds=-1`` or ``seconds=nan``
are refused when the bot is made, with the parameter named, instead of failing at its first move
or running for ever. Validation is strict: an integer parameter takes an integer, not ``1000.0``;
a boolean takes ``true`` or ``false``, not ``1``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field, validate_call

bot_parameters = validate_call(config=ConfigDict(strict=True))

#: search budgets: a million iterations is already a quarter of an hour per move
Iterations = Annotated[int, Field(ge=1, le=1_000_000)]
#: samples and play-outs per sample of a Monte Carlo bot
Samples = Annotated[int, Field(ge=1, le=100_000)]
#: the same where 0 turns the sampling off
SampleCount = Annotated[int, Field(ge=0, le=100_000)]
#: a time budget per move: finite, positive, at most an hour
Seconds = Annotated[float, Field(gt=0, le=3600, allow_inf_nan=False)]
#: UCB's exploration constant
Exploration = Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)]
#: a share, 0 to 1 (e.g. the weight of the game's outcome in a reward)
Share = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
#: the guide's head start at the root, in visits' worth of reward
Bias = Annotated[float, Field(ge=0, le=1000, allow_inf_nan=False)]
#: a reward margin; rewards lie in [-1, 1], so 2 or more means "never overrule"
Margin = Annotated[float, Field(ge=0, le=10, allow_inf_nan=False)]
#: cards left to play in a deal (an exact search's reach)
CardsLeft = Annotated[int, Field(ge=0, le=1000)]
#: a rule of thumb's weight or cost, in points of the game's count
Weight = Annotated[float, Field(ge=0, le=1000, allow_inf_nan=False)]
