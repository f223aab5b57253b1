import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden", action="store_true",
        help="rewrite the golden playthroughs in tests/golden/ from their records (review the diff!)",
    )


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Records written by the CLI go to a temporary home, never the developer's."""
    monkeypatch.setenv("CARDCORE_HOME", str(tmp_path / "cardcore-home"))
