"""cardcore's modules import one another in layers, without a circle.

The graph is read from the source with ``ast``: every ``import`` and ``from ... import`` of a
module, those inside functions too (a lazy import dodges a circle at run time but is still one),
relative imports resolved. Importing ``a.b.c`` runs the package ``a.b``'s ``__init__`` first, so it
counts as importing that package too, unless the importer is itself inside ``a.b`` (which has then
already run); and a module that imports a package imports whatever that package's ``__init__``
imports.
"""

from __future__ import annotations

import ast
from fnmatch import fnmatchcase
from pathlib import Path

import cardcore

PACKAGE_DIR = Path(cardcore.__file__).parent

# The text model: the game in words, shared by the terminal and the web.
TEXT_MODEL = ["cardcore.text", "cardcore.text.*"]
# The terminal: the loop of a game, its rich or plain view, its Ctrl-C.
TERMINAL = ["cardcore.play", "cardcore.play.*"]
WEB = ["cardcore.web", "cardcore.web.*"]
FRONT_ENDS = [*TERMINAL, *WEB, "cardcore.cli*"]
# What a person's match needs at either front end: who plays each seat, the hint and undo.
MATCH = ["cardcore.players", "cardcore.match"]
ENGINE = ["cardcore.engine", "cardcore.engine.*", "cardcore.state", "cardcore.game"]
ABOVE_ENGINE = ["cardcore.play", "cardcore.play.*", "cardcore.web", "cardcore.web.*", "cardcore.sim",
                "cardcore.sim.*", "cardcore.cli*", "cardcore.adapters", "cardcore.adapters.*",
                "cardcore.bots", "cardcore.bots.*"]

# (who, what it must not import, why)
LAYERS = [
    (ENGINE, ABOVE_ENGINE, "the engine knows no player, front end or adapter"),
    (["cardcore.records"], FRONT_ENDS, "a record is read and written without a front end"),
    (TEXT_MODEL, FRONT_ENDS, "the text model serves every front end and imports none"),
    (MATCH, FRONT_ENDS, "a match is the same at every front end"),
    (WEB, TERMINAL, "the web shares the text model and the match with the terminal, not its loop"),
]


def _matches(name: str, patterns: list[str]) -> bool:
    return any(fnmatchcase(name, p) for p in patterns)


def _modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package's __init__)."""
    found = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = ["cardcore", *path.relative_to(PACKAGE_DIR).with_suffix("").parts]
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:k]) for k in range(1, len(parts))]


def import_graph() -> dict[str, dict[str, int]]:
    """Module -> {module it imports: line of the first such import}, cardcore's modules only."""
    modules = _modules()
    graph: dict[str, dict[str, int]] = {}
    for name, (path, package) in modules.items():
        here = name if package else name.rpartition(".")[0]
        edges: dict[str, int] = {}

        def add(target: str, line: int) -> None:
            # the packages that importing target runs first, unless name is inside them already
            for pkg in [*_ancestors(target), target]:
                if pkg in modules and pkg != name and not name.startswith(pkg + "."):
                    edges.setdefault(pkg, line)
            if target in modules and target != name:
                edges.setdefault(target, line)

        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "cardcore":
                        add(alias.name, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                if source.split(".")[0] != "cardcore":
                    continue
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    add(sub if sub in modules else source, node.lineno)
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One circle through each strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_circle_in(graph, set(group)) for group in groups]


def _circle_in(graph: dict[str, dict[str, int]], group: set[str]) -> list[str]:
    """A shortest circle from the group's first module back to it, by breadth-first search."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w not in group:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came_from:
                    came_from[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError(f"no circle in {group}")


def _imported(graph: dict[str, dict[str, int]], module: str) -> dict[str, int]:
    """What ``module`` imports, with what the ``__init__`` of each package it imports imports
    (at the line of the module's own import)."""
    found = dict(graph[module])
    todo = list(found)
    while todo:
        target = todo.pop()
        if (PACKAGE_DIR.joinpath(*target.split(".")[1:]) / "__init__.py").is_file():
            for further in graph[target]:
                if further not in found and further != module:
                    found[further] = found[target]
                    todo.append(further)
    return found


def _shown(graph, circle: list[str]) -> str:
    return " → ".join(f"{a} (line {graph[a][b]})" for a, b in zip(circle, circle[1:])) + f" → {circle[-1]}"


def test_the_graph_sees_lazy_and_relative_imports():
    graph = import_graph()
    # a relative import at the top, and one inside a function
    assert "cardcore.errors" in graph["cardcore.records"]
    assert "cardcore" in graph["cardcore.records"]  # `from . import load_game` inside replay()
    # importing a module of another package runs that package's __init__ first
    assert "cardcore.engine" not in graph["cardcore.engine.phases.auction"]
    assert "cardcore.engine" in graph["cardcore.state"]


def test_no_import_circle():
    graph = import_graph()
    circles = _cycles(graph)
    assert not circles, "import circles:\n" + "\n".join(_shown(graph, c) for c in circles)


def test_no_import_runs_back_up_the_layers():
    graph = import_graph()
    wrong = [f"{module} imports {target} (line {line}): {why}"
             for who, forbidden, why in LAYERS
             for module in sorted(graph) if _matches(module, who)
             for target, line in sorted(_imported(graph, module).items()) if _matches(target, forbidden)
             and not _matches(target, who)]
    assert not wrong, "imports up the layers:\n" + "\n".join(wrong)
