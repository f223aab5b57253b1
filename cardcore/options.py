"""A game's options: declared in its rules file, chosen by a player.

Historical rules disagree with each other, so every variation is an option
with a citation (``source``). Options arrive from three places -- the rules
file's defaults, a game string such as ``penchant(scoring=modern)``, and
repeated ``-o key=value`` flags -- and command-line values are always
strings, so validation coerces them and, when it cannot, says exactly which
values would have been accepted.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

from cardcore.values import same_value as _same, show_value as _show
from cardcore.errors import OptionError, RulesError

OptionValue = StrictBool | StrictInt | StrictStr

_TRUE = {"true", "yes", "1"}
_FALSE = {"false", "no", "0"}
_INTEGER = re.compile(r"[+-]?[0-9]+")
# Python will not read a longer integer from text (sys.get_int_max_str_digits); no option needs one.
_MAX_DIGITS = 4300
_SHOWN = 40  # characters of a bad value quoted in a message
_GAME_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")




class FormerDefault(BaseModel):
    """The default an option had before it changed, for records that list only non-default
    options and carry no format marker (they were written under the old default)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: OptionValue
    source: str = Field(min_length=1, description="why the default changed (the rule and its source)")


class OptionSpec(BaseModel):
    """One option as the rules file declares it.

    The default of a choice or boolean option is the first of ``values``, so a
    reader of the YAML sees the default without looking anywhere else.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
    type: Literal["choice", "integer", "boolean"] = None  # type: ignore[assignment]  # derived
    values: list[OptionValue] | None = None
    default: OptionValue | None = None
    minimum: StrictInt | None = None
    maximum: StrictInt | None = None
    multiple_of: StrictInt | None = Field(None, ge=1, description="an integer option's values are its multiples "
                                                                  "(e.g. a bid, which rises in tens)")
    former_default: FormerDefault | None = None
    description: str
    source: str

    @field_validator("source")
    @classmethod
    def _cited(cls, source: str) -> str:
        if not source.strip():
            raise ValueError("source must cite where this rule comes from")
        return source

    @model_validator(mode="before")
    @classmethod
    def _derive(cls, raw: Any) -> Any:
        """Fill in ``type`` and ``default`` so the rest of the code never has to guess."""
        if not isinstance(raw, dict):
            return raw
        raw = dict(raw)
        values = raw.get("values")
        if raw.get("type") is None:
            if isinstance(values, list) and values and all(isinstance(v, bool) for v in values):
                raw["type"] = "boolean"
            elif values is not None:
                raw["type"] = "choice"
            else:
                raw["type"] = "integer"
        if raw["type"] == "boolean" and values is None and isinstance(raw.get("default"), bool):
            raw["values"] = [raw["default"], not raw["default"]]
        elif isinstance(values, list) and values and "default" not in raw:
            raw["default"] = values[0]
        return raw

    @model_validator(mode="after")
    def _check(self) -> OptionSpec:
        if self.type == "integer":
            if self.values is not None:
                raise ValueError("an integer option takes minimum/maximum, not values")
            if not isinstance(self.default, int) or isinstance(self.default, bool):
                raise ValueError("an integer option needs an integer default")
            if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
                raise ValueError(f"minimum {self.minimum} is greater than maximum {self.maximum}")
            low = self.minimum if self.minimum is not None else self.default
            high = self.maximum if self.maximum is not None else self.default
            if not low <= self.default <= high or not _in_steps(self, self.default):
                raise ValueError(f"default {self.default} is not {_range_text(self)}")
            former = self.former_default
            if former is not None and (type(former.value) is not int or not (
                    (self.minimum is None or former.value >= self.minimum)
                    and (self.maximum is None or former.value <= self.maximum) and _in_steps(self, former.value))):
                raise ValueError(f"former_default {_show(former.value)!r} is not {_range_text(self)}")
            return self
        if not self.values:
            raise ValueError(f"a {self.type} option needs a non-empty list of values, default first")
        if self.minimum is not None or self.maximum is not None or self.multiple_of is not None:
            raise ValueError(f"minimum/maximum apply only to integer options, not {self.type} (multiple_of too)")
        for i, value in enumerate(self.values):
            if any(_same(value, other) for other in self.values[:i]):
                raise ValueError(f"value {_show(value)!r} is listed twice")
        if self.type == "boolean" and not (
            len(self.values) == 2 and all(isinstance(v, bool) for v in self.values)
        ):
            raise ValueError("a boolean option has values [false, true] or [true, false], default first")
        former = self.former_default
        if former is not None and not any(_same(former.value, v) for v in self.values):
            raise ValueError(f"former_default {_show(former.value)!r} is not one of values")
        if not _same(self.default, self.values[0]):
            raise ValueError(
                f"default {_show(self.default)!r} must be the first of values "
                f"(the first value is the default)"
            )
        return self


def _brief(text: str) -> str:
    """``text``, or its start when it is too long to quote in a one-line message."""
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}... ({len(text)} characters)"


def _in_steps(spec: OptionSpec, number: int) -> bool:
    return spec.multiple_of is None or number % spec.multiple_of == 0


def _range_text(spec: OptionSpec) -> str:
    steps = f", a multiple of {spec.multiple_of}" if spec.multiple_of is not None else ""
    if spec.minimum is not None and spec.maximum is not None:
        return f"an integer from {spec.minimum} to {spec.maximum}{steps}"
    if spec.minimum is not None:
        return f"an integer >= {spec.minimum}{steps}"
    if spec.maximum is not None:
        return f"an integer <= {spec.maximum}{steps}"
    return "an integer" + steps


class OptionSet:
    """The options of one game; turns user input into a complete, typed option dict."""

    def __init__(self, specs: list[OptionSpec], game: str):
        names = [s.name for s in specs]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise RulesError(f"{game}: option {name!r} is declared twice")
        self.specs: list[OptionSpec] = list(specs)
        self.game = game
        self._by_name = {s.name: s for s in self.specs}

    def defaults(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.specs}

    def validate(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Every option, typed, in spec order; raw may hold native values or CLI strings."""
        for name in raw:
            if name not in self._by_name:
                raise OptionError(self._unknown(name))
        return {
            s.name: self._coerce(s, raw[s.name]) if s.name in raw else s.default for s in self.specs
        }

    def former_defaults(self, raw: dict[str, Any]) -> dict[str, Any]:
        """``raw`` with every option it does not mention and whose default has changed set to
        its former default: how a record without a format marker (written when records listed
        only non-default options) meant them."""
        changed = {s.name: s.former_default.value for s in self.specs if s.former_default is not None}
        return {**{k: v for k, v in changed.items() if k not in raw}, **raw}

    def non_defaults(self, values: dict[str, Any]) -> dict[str, Any]:
        """What a record or game string must mention; the defaults go without saying."""
        return {
            s.name: values[s.name]
            for s in self.specs
            if s.name in values and not _same(values[s.name], s.default)
        }

    def describe(self) -> list[dict[str, Any]]:
        """Rows for the rules listing (``minimum``/``maximum`` included for integer options)."""
        return [
            {
                "name": s.name,
                "type": s.type,
                "values": list(s.values) if s.values is not None else None,
                "default": s.default,
                "minimum": s.minimum,
                "maximum": s.maximum,
                "multiple_of": s.multiple_of,
                "description": s.description,
                "source": s.source,
            }
            for s in self.specs
        ]

    def _unknown(self, name: Any) -> str:
        if not self.specs:
            return f"unknown option {_brief(_show(name))!r} for {self.game}; {self.game} has no options"
        message = f"unknown option {_brief(_show(name))!r} for {self.game}; valid options: " + ", ".join(
            s.name for s in self.specs
        )
        close = difflib.get_close_matches(str(name), list(self._by_name), n=1)
        if close:
            message += f"; did you mean {close[0]!r}?"
        return message

    def _invalid(self, spec: OptionSpec, value: Any) -> OptionError:
        if spec.type == "integer":
            allowed = f"expected {_range_text(spec)}"
        else:
            allowed = "valid values: " + ", ".join(_show(v) for v in spec.values or [])
        return OptionError(
            f"invalid value {_brief(_show(value))!r} for option {spec.name!r} of {self.game}; {allowed}"
        )

    def _coerce(self, spec: OptionSpec, value: Any) -> Any:
        if spec.type == "integer":
            if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
                if len(value.strip().lstrip("+-")) > _MAX_DIGITS:
                    raise self._invalid(spec, value)
                number = int(value.strip())
            elif isinstance(value, int) and not isinstance(value, bool):
                number = value
            else:
                raise self._invalid(spec, value)
            if (spec.minimum is not None and number < spec.minimum) or (
                spec.maximum is not None and number > spec.maximum
            ) or not _in_steps(spec, number):
                raise self._invalid(spec, value)
            return number
        if spec.type == "boolean":
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            if isinstance(value, bool):
                return value
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise self._invalid(spec, value)
        # choice: exact typed match, then the written form, then ignoring case
        values = spec.values or []
        for allowed in values:
            if _same(allowed, value):
                return allowed
        text = _show(value).strip()
        for allowed in values:
            if _show(allowed) == text:
                return allowed
        folded = [v for v in values if _show(v).lower() == text.lower()]
        if len(folded) == 1:
            return folded[0]
        raise self._invalid(spec, value)


# ---------------------------------------------------------------- game strings


def parse_game_string(text: str, nested: bool = False) -> tuple[str, dict[str, str]]:
    """Split ``name`` or ``name(k=v, k2=v2)`` (OpenSpiel style); values stay strings. With
    ``nested``, a value may itself be such a string (``guide=heuristic(k=v,k2=v2)``), kept whole."""
    stripped = text.strip()
    name, paren, rest = stripped.partition("(")
    name = name.strip()
    if not name:
        raise OptionError(f"missing game name in {text!r}; expected name or name(option=value, ...)")
    if not _GAME_NAME.fullmatch(name):
        raise OptionError(f"invalid game name {name!r} in {text!r}; expected name or name(option=value, ...)")
    if not paren:
        return name, {}
    if not rest.endswith(")"):
        if ")" in rest:
            after = rest[rest.index(")") + 1 :].strip()
            raise OptionError(f"unexpected text {after!r} after ')' in {text!r}")
        raise OptionError(f"missing ')' at the end of {text!r}")
    body = rest[:-1]
    if nested:
        parts = split_outside_parentheses(body, f"inside the options of {text!r}")
    elif "(" in body or ")" in body:
        raise OptionError(f"unexpected parenthesis inside the options of {text!r}")
    else:
        parts = body.split(",")
    if not body.strip():
        return name, {}
    options: dict[str, str] = {}
    for part in parts:
        key, value = _split_assignment(part, f"in {text!r}")
        if key in options:
            raise OptionError(f"option {key!r} is given twice in {text!r}")
        options[key] = value
    return name, options


def split_outside_parentheses(text: str, where: str) -> list[str]:
    """``text`` split at the commas outside parentheses, which must pair up (``where`` ends the
    error): ``ismcts(iterations=200,seconds=1),random`` -> the two specs."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                raise OptionError(f"unbalanced ')' {where}")
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth:
        raise OptionError(f"missing ')' {where}")
    return [*parts, text[start:]]


def _split_assignment(part: str, where: str) -> tuple[str, str]:
    if not part.strip():
        raise OptionError(f"empty option {where}; expected name=value")
    key, equals, value = part.partition("=")
    key, value = key.strip(), value.strip()
    if not equals:
        raise OptionError(f"missing '=' after {part.strip()!r} {where}; expected name=value")
    if not key:
        raise OptionError(f"missing option name before '=' {where}")
    if not value:
        raise OptionError(f"missing value for option {key!r} {where}")
    return key, value


def format_game_string(name: str, options: dict[str, Any]) -> str:
    """The inverse of parse_game_string; refuses values that would not parse back."""
    parts = []
    for key, value in options.items():
        shown = _show(value)
        if not shown.strip() or any(c in shown for c in ",()=") or shown != shown.strip():
            raise OptionError(f"option {key!r} has value {shown!r}, which a game string cannot hold")
        parts.append(f"{key}={shown}")
    return f"{name}({','.join(parts)})" if parts else name


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """Collect repeated ``-o key=value`` flags; values stay strings until validated."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, value = _split_assignment(pair, f"in {'-o ' + pair!r}")
        if key in options:
            raise OptionError(f"option {key!r} is given twice with -o")
        options[key] = value
    return options
