"""What gets installed is what the repo holds: packages, rules data, entry points, the script."""

import configparser
import fnmatch
import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

REPO = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
PACKAGES = set(SETUPTOOLS["packages"])
PACKAGE_DIR = SETUPTOOLS.get("package-dir", {})
PACKAGE_DATA = SETUPTOOLS.get("package-data", {})


def source_tree():
    """Yield (package name, directory, file names) for every directory under a top-level package."""
    for top in sorted(p for p in PACKAGES if "." not in p):
        root = REPO / PACKAGE_DIR.get(top, top)
        for directory, subdirs, files in os.walk(root):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__" and not d.startswith("."))
            rel = Path(directory).relative_to(root)
            yield ".".join((top, *rel.parts)), Path(directory), files


def test_every_python_directory_is_a_listed_package():
    # setuptools installs only the packages listed in pyproject.toml: a new plugin
    # directory that is not listed works in the repo and is missing from the wheel.
    unlisted = {pkg for pkg, _, files in source_tree()
                if any(f.endswith(".py") for f in files) and pkg not in PACKAGES}
    assert not unlisted, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(unlisted)}"


def covered(pkg: str, name: str) -> bool:
    """Is file ``name`` of directory ``pkg`` (dotted) matched by a package-data glob? A glob is
    relative to its package's directory, so a package's ``templates/*.html`` covers a data
    directory below it."""
    parts = pkg.split(".")
    for k in range(len(parts), 0, -1):
        owner, below = ".".join(parts[:k]), parts[k:]
        path = "/".join([*below, name])
        if any(fnmatch.fnmatch(path, g) for g in PACKAGE_DATA.get(owner, []) + PACKAGE_DATA.get("*", [])):
            return True
    return False


def test_every_data_file_is_package_data():
    missed = []
    for pkg, directory, files in source_tree():
        missed += [str((directory / f).relative_to(REPO)) for f in files
                   if not f.endswith((".py", ".pyc")) and not f.startswith(".") and not covered(pkg, f)]
    assert not missed, f"not installed; add to [tool.setuptools.package-data]: {missed}"


def run(cmd, **kwargs):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kwargs)
    assert proc.returncode == 0, f"{cmd} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.mark.slow
def test_wheel_installs_and_runs_outside_the_repo(tmp_path):
    # Build from a copy, so no stale build/ or *.egg-info in the repo leaks into the wheel.
    src = tmp_path / "src"
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    wheels = tmp_path / "wheels"
    if importlib.util.find_spec("build"):
        built = run([sys.executable, "-m", "build", "--wheel", "--outdir", wheels, src], cwd=tmp_path)
    else:
        built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", wheels, src], cwd=tmp_path)
    # a data directory that setuptools could import but is not listed costs ~40 lines of
    # warning on every install (make play's too)
    assert "is absent from the `packages` configuration" not in built.stdout + built.stderr
    [wheel] = wheels.glob("cardcore-*.whl")

    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        [name] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        entry_points = configparser.ConfigParser(delimiters="=", interpolation=None)
        entry_points.read_string(zf.read(name).decode())
    for name in ("cardrules/penchant.yaml", "cardplugins/penchant/plugin.py", "cardcore/cli.py",
                 "cardcore/web/templates/table.html", "cardcore/web/static/play.js"):
        assert name in names
    assert entry_points["cardcore"]["penchant"] == "cardplugins.penchant.plugin"
    assert entry_points["console_scripts"]["cardcore"] == "cardcore.cli:main"

    # A fresh venv outside the repo. It sees the base interpreter's site-packages, so
    # the dependencies are usually there already and pip does not download them (it
    # would on a machine whose base Python lacks them, so they are not --no-deps'ed).
    # Clean environment and a cwd outside the repo: only the wheel can provide cardcore.
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "CARDCORE_", "VIRTUAL_ENV", "__PYVENV"))}
    run([sys.executable, "-m", "venv", "--system-site-packages", venv], cwd=tmp_path, env=env)
    bin_dir = venv / "bin"
    run([bin_dir / "python", "-m", "pip", "install", "--quiet", "--no-input", wheel], cwd=tmp_path, env=env)

    where = run([bin_dir / "python", "-c", "import cardcore, cardplugins, cardrules as m; "
                 "print(cardcore.__file__, cardplugins.__file__, m.__file__)"],
                cwd=tmp_path, env=env).stdout.split()
    assert where and all(Path(f).is_relative_to(venv) for f in where), where

    games = run([bin_dir / "cardcore", "games"], cwd=tmp_path, env=env)
    assert "penchant" in games.stdout
    assert "warning" not in games.stderr.lower(), games.stderr
    rules = run([bin_dir / "cardcore", "rules", "penchant"], cwd=tmp_path, env=env)
    assert "twins" in rules.stdout.lower()
