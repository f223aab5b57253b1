"""A game written outside the repository, installed the way pip would install it.

The package ``tinytricks`` and its ``tinytricks-0.1.dist-info`` (METADATA, entry_points.txt) are
written to a temp dir, which becomes PYTHONPATH of a fresh interpreter: importlib.metadata then
finds its entry point in the group ``cardcore`` next to the installed penchant plugin. The game
must be listed by ``cardcore games``, described by ``cardcore rules`` and playable to the end.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

TINY_YAML = """\
schema: 1
game: tinytricks
meta:
  title: Tiny Tricks
  summary: A test game of sixteen cards, two phases and no melds.
  sources:
    T: "tests/test_third_party_game.py"
players: 2
deck:
  ranks: [J, Q, K, A]
  suits: [S, H, D, C]
  source: "T, deck: sixteen cards"
counters:
  aces:
    ranks: [A]
    source: "T, counters"
options:
  - name: ace_points
    type: integer
    default: 1
    minimum: 0
    description: points for each ace won in tricks
    source: "T, options"
deal:
  hand_size: 4
  source: "T, deal: four each, eight in the stock"
trump:
  source: "T, trump: never any"
phases:
  - name: draw
    until: stock-empty
    follow: ftr
    after_trick:
      - step: draw
        who: winner
        source: "T, draw: winner first"
      - step: draw
        who: loser
        source: "T, draw: then the loser"
    source: "T, phase one: free play"
  - name: end
    until: hands-empty
    follow: FTR
    source: "T, phase two: follow and win"
scoring:
  - kind: per-card
    counter: aces
    points: {option: ace_points}
    label: aces
    source: "T, scoring"
game_end:
  rounds: 1
  source: "T, end: one deal"
"""

TINY_GAME = """\
import cardcore.game


class TinyGame(cardcore.game.TrickGame):
    name = "tinytricks"
    title = "Tiny Tricks (a third-party test game)"
    rules_package = "tinytricks"
    rules_resource = "tiny.yaml"
"""

TINY_PLUGIN = """\
import cardcore

from tinytricks.game import TinyGame


@cardcore.hookimpl
def register_games(register):
    register(TinyGame)
"""


def install_dist(site: Path, name: str, entry_points: dict[str, str]) -> None:
    info = site / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[cardcore]\n" + "".join(f"{k} = {v}\n" for k, v in entry_points.items()))


def make_tiny_plugin(site: Path, yaml_text: str = TINY_YAML) -> Path:
    """Install the tinytricks game in ``site`` (a directory for PYTHONPATH); returns its rules file."""
    pkg = site / "tinytricks"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "game.py").write_text(TINY_GAME)
    (pkg / "plugin.py").write_text(TINY_PLUGIN)
    (pkg / "tiny.yaml").write_text(yaml_text)
    install_dist(site, "tinytricks", {"tinytricks": "tinytricks.plugin"})
    return pkg / "tiny.yaml"


def run_python(site: Path, *args: str, code: str = "from cardcore.cli import main; main()") -> subprocess.CompletedProcess:
    """A fresh interpreter with ``site`` on its path, run outside the repository."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("CARDCORE_STRICT_PLUGINS", "CARDCORE_BLOCK_PLUGINS")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), *filter(None, [os.environ.get("PYTHONPATH")])])
    return subprocess.run([sys.executable, "-c", code, *args], cwd=site, env=env,
                          capture_output=True, text=True, timeout=60)


def test_third_party_game_is_listed_next_to_penchant(tmp_path):
    make_tiny_plugin(tmp_path)
    proc = run_python(tmp_path, "games", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    games = {g["name"]: g for g in json.loads(proc.stdout)}
    assert {"penchant", "tinytricks"} <= set(games)
    assert "tinytricks" in games["tinytricks"]["plugin"]
    assert games["tinytricks"]["title"] == "Tiny Tricks (a third-party test game)"

    text = run_python(tmp_path, "games")
    assert text.returncode == 0, text.stderr
    names = [line.split()[0] for line in text.stdout.splitlines() if line.strip()]
    assert "penchant" in names and "tinytricks" in names


def test_third_party_game_rules(tmp_path):
    rules_file = make_tiny_plugin(tmp_path)
    proc = run_python(tmp_path, "rules", "tinytricks", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["game"] == "tinytricks"
    assert [o["name"] for o in data["options"]] == ["ace_points"]
    assert [(p["name"], p["follow"]) for p in data["phases"]] == [("draw", "ftr"), ("end", "FTR")]
    assert data["melds"] == []
    assert Path(data["rules_file"]) == rules_file

    text = run_python(tmp_path, "rules", "tinytricks(ace_points=3)")
    assert text.returncode == 0, text.stderr
    assert "Tiny Tricks" in text.stdout
    assert "ace_points = 3" in text.stdout

    bad = run_python(tmp_path, "rules", "tinytricks", "-o", "ace_points=-1")
    assert bad.returncode == 1 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert "ace_points" in bad.stderr


PLAY_TO_THE_END = textwrap.dedent("""
    import json, random, sys
    from cardcore import load_game
    options = json.loads(sys.argv[1])
    state = load_game("tinytricks", options).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    print(json.dumps({"result": state.result, "scores": state.scores, "record": state.record(),
                      "summary": state.summary()}))
""")


def test_third_party_game_is_playable_to_the_end(tmp_path):
    make_tiny_plugin(tmp_path)
    for ace_points in (1, 3):
        proc = run_python(tmp_path, json.dumps({"ace_points": ace_points}), code=PLAY_TO_THE_END)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        record = out["record"]
        # 16 cards, one action each; no melds, so no declaration turns; draws are not actions
        assert len(record["actions"]) == 16
        assert all(a.startswith("play ") for a in record["actions"])
        assert len(record["deals"]) == 1
        deal = record["deals"][0]
        assert [len(h) for h in deal["hands"]] == [4, 4] and len(deal["stock"]) == 8
        # every ace is won by someone, worth ace_points each
        assert sum(out["scores"]) == 4 * ace_points
        assert out["summary"]["finished"] is True
        high, low = max(out["scores"]), min(out["scores"])
        assert out["result"]["game_score"] == high - low
        assert out["result"]["winner"] == (None if high == low else out["scores"].index(high))

        # and the record replays through the CLI of a fresh interpreter
        path = tmp_path / f"tiny-{ace_points}.json"
        path.write_text(json.dumps(record))
        replayed = run_python(tmp_path, "replay", str(path), "--json")
        assert replayed.returncode == 0, replayed.stderr
        summary = json.loads(replayed.stdout)
        assert summary["finished"] is True
        assert summary["scores"] == out["scores"]
        assert summary["options"] == {"ace_points": ace_points}


def test_broken_third_party_plugin_costs_a_warning_not_the_program(tmp_path):
    make_tiny_plugin(tmp_path)
    (tmp_path / "brokentricks.py").write_text('raise ImportError("brokentricks needs the frobnicate module")\n')
    install_dist(tmp_path, "brokentricks", {"brokentricks": "brokentricks"})
    proc = run_python(tmp_path, "games")
    assert proc.returncode == 0, proc.stderr
    names = [line.split()[0] for line in proc.stdout.splitlines() if line.strip()]
    assert "penchant" in names and "tinytricks" in names
    assert "Traceback" not in proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if "brokentricks" in line]
    assert warnings, proc.stderr
    assert "warning" in warnings[0].lower()
    assert "frobnicate" in proc.stderr  # says why

    played = run_python(tmp_path, "rules", "penchant", "--json")
    assert played.returncode == 0
    assert json.loads(played.stdout)["game"] == "penchant"


def _knocking_bezique():
    from cardplugins.bezique.game import BeziqueGame

    class KnockingBezique(BeziqueGame):
        """A variant written as a plugin's game class was before the rules were compiled into
        ``game.compiled``: its hooks are methods of the class, found by name."""

        name = "knocking-bezique"

        def meld_refusal(self, state, seat, meld):
            return "no common marriage in this variant" if meld.rule.name == "common-marriage" else None

        def extra_declarations(self, state, seat):
            return ["knock"]

        def apply_extra(self, state, seat, verb, cards):
            return None if verb == "knock" and not cards else f"unknown action {verb!r}"

    return KnockingBezique


def test_a_game_class_written_for_the_hooks_as_they_were_still_plays():
    game = _knocking_bezique()()
    assert game.hooks.meld_refusal == game.meld_refusal
    assert game.hooks.extra_declarations == game.extra_declarations
    rng = random.Random(5)
    for seed in range(2):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            if "knock" in actions and rng.random() < 0.5:
                state.apply("knock")  # the game's own verb, as its hooks offer and carry it out
            else:
                state.apply(rng.choice([a for a in actions if a != "knock"] or actions))
        assert "knock" in state.actions
        assert all(m["name"] != "common-marriage" for r in state.rounds for m in r["melds"])


def test_a_game_class_reading_a_table_that_moved_is_told_where_it_is_now():
    class OldStyle(_knocking_bezique()):
        def __init__(self, options=None):
            super().__init__(options)
            self.brisques = self.counter_masks["brisques"]  # a game's own table before game.compiled

    with pytest.raises(AttributeError, match=r"OldStyle\.counter_masks is gone: read game\.compiled\.counter_masks"):
        OldStyle()
