"""Option and YAML values as people write them: ``true`` is not ``1``."""

from __future__ import annotations

from typing import Any


def show_value(value: Any) -> str:
    """A value as it is typed in YAML or on the command line (``true``, not ``True``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def same_value(a: Any, b: Any) -> bool:
    """Equality that keeps true apart from 1, which Python's == would merge."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b
