"""Plugins and bots use the documented interface only: a game's hooks get a read-only view of the
state and return what happens; no plugin or bot calls a private method of a state or writes a
state's fields (DESIGN.md, Advice: the whole family; issue 12 §1)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from cardcore import game_names, load_game
from cardcore.engine.data import FIELDS
from cardcore.engine.view import VIEW_FIELDS, VIEW_METHODS, StateView

ROOT = Path(__file__).resolve().parents[2]
STATE_FIELDS = {name for name, _, _ in FIELDS}


def _own(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``super()``: an object's own attributes, not a state's."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _written(target: ast.expr):
    """The attributes a target of an assignment writes: ``x.f =``, ``x.f[i] =``, ``a, x.f =``."""
    if isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _written(element)
        return
    if isinstance(target, ast.Starred):
        yield from _written(target.value)
        return
    while isinstance(target, ast.Subscript):
        target = target.value
    if isinstance(target, ast.Attribute):
        yield target


def violations(source: str, filename: str) -> list[str]:
    """Uses of a private attribute of another object (``state._x``), and writes of a state
    field (by name, e.g. ``world.hands[1] = ...``, ``state.tallies[k] += 1``) on anything but
    the code's own object."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and not _own(node.value)):
            out.append(f"{filename}:{node.lineno}: private {ast.unparse(node)}")
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        else:
            continue
        for target in targets:
            for attribute in _written(target):
                if attribute.attr in STATE_FIELDS and not _own(attribute.value):
                    out.append(f"{filename}:{node.lineno}: writes {ast.unparse(attribute)}")
    return out


def test_the_scan_finds_private_calls_and_field_writes():
    code = (
        "def hook(self, state, seat):\n"
        "    state._declare(seat, None)\n"
        "    state.trump = 2\n"
        "    state.hands[seat] |= 4\n"
        "    a, state.tallies['x'] = 1, 2\n"
        "    self._memo = {}\n"  # the hook's own object: allowed
        "    hands = list(state.hands)\n"
        "    hands[state.table.other(seat)] = 0\n"  # a local copy: allowed
        "    return state.meld_options(seat)\n"
    )
    found = violations(code, "x.py")
    assert sorted(f.split(": ", 1)[1] for f in found) == [
        "private state._declare", "writes state.hands", "writes state.tallies", "writes state.trump"]


@pytest.mark.parametrize("folder", ["plugins", "cardcore/bots"])
def test_plugins_and_bots_neither_call_private_state_methods_nor_write_state_fields(folder):
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files
    found = [v for path in files for v in violations(path.read_text(), str(path.relative_to(ROOT)))]
    assert found == []


def test_the_view_reads_through_and_refuses_writes():
    state = load_game("penchant").new_game(seed=4)
    view = state.view()
    assert view.hands == tuple(state.hands) and view.trump == state.trump
    assert view.holding(0) == state.hands[0] | state.tableaus[0]
    assert view.stock_left == state.stock_left
    with pytest.raises(AttributeError, match="read-only.*return what happens"):
        view.trump = 1
    with pytest.raises(AttributeError, match="read-only"):
        view.hands = [0, 0]
    with pytest.raises(AttributeError, match="read-only"):
        del view.hands
    with pytest.raises(AttributeError):
        view.clone  # not part of the view: a hook copies nothing and plays nothing
    with pytest.raises(AttributeError):
        view.apply_move
    assert not hasattr(view, "__dict__")
    assert state.trump is None and list(view.hands) == state.hands


def test_the_views_containers_cannot_be_changed_in_place():
    """A hook that tries to change what the view shows fails, and the state is unchanged."""
    state = load_game("penchant").new_game(seed=4)
    state.apply(state.legal_actions()[0])
    hands, won, voids = list(state.hands), [list(w) for w in state.won], [set(v) for v in state.voids]
    view = state.view()
    with pytest.raises(TypeError):
        view.hands[0] = 0
    with pytest.raises(TypeError):
        view.won[0][0] = 1
    with pytest.raises(AttributeError):
        view.voids[0].add(0)
    with pytest.raises(AttributeError):
        view.trick.append(0)
    with pytest.raises(TypeError):
        view.tallies["blocks suffered"] = 3
    with pytest.raises(TypeError):
        view.rounds[-1]["trump"] = "S"
    assert (state.hands, state.won, state.voids, state.tallies) == (hands, won, voids, {})


@pytest.mark.parametrize("name", game_names())
def test_every_name_of_the_view_reads_in_every_game(name):
    state = load_game(name).new_game(seed=2)
    rng = random.Random(2)
    for _ in range(12):
        if state.result is None:
            state.apply(rng.choice(state.legal_actions()))
    view = state.view()
    for field in VIEW_FIELDS:
        shown, own = getattr(view, field), getattr(state, field)
        if isinstance(own, list):  # shown as a tuple, one level deep
            assert isinstance(shown, tuple) and len(shown) == len(own), field
            assert all(a == b or (isinstance(b, dict) and dict(a) == b) or tuple(b) == a
                       for a, b in zip(shown, own)), field
        elif isinstance(own, dict):
            assert dict(shown) == own, field
        else:
            assert shown is own, field
    for query in VIEW_METHODS:
        getattr(view, query)


def test_hooks_are_given_a_view(monkeypatch):
    game = load_game("penchant(jail_free_seven=true)")
    seen: dict[str, set] = {}
    for hook in ("meld_refusal", "extra_declarations", "apply_extra", "on_declaration_turn"):
        original = getattr(game, hook)

        def recording(state, *args, _hook=hook, _original=original):
            seen.setdefault(_hook, set()).add(type(state))
            return _original(state, *args)

        monkeypatch.setattr(game, hook, recording)
    for seed in range(6):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while state.result is None:
            actions = state.legal_actions()
            jail_free = [a for a in actions if a.startswith("jail-free")]
            state.apply(jail_free[0] if jail_free else rng.choice(actions))
    assert {"meld_refusal", "extra_declarations", "on_declaration_turn"} <= set(seen)
    assert all(types == {StateView} for types in seen.values()), seen
