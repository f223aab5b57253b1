"""Each class name of the core and the plugins means one thing: a reader who meets a name (in a
traceback, a docstring, an import) finds one class, not a rules-file schema in one module and
the behaviour of the same name in another."""

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_class_name_is_defined_twice():
    where = defaultdict(list)
    for folder in ("cardcore", "plugins"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    where[node.name].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    twice = {name: places for name, places in where.items() if len(places) > 1}
    assert twice == {}
