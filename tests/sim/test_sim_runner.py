"""cardcore.sim.runner and play: reproducible games, the same results for any number of processes
and on a Dask cluster, alternating seats, records that replay."""

import pickle

import pytest

from cardcore.errors import OptionError
from cardcore.records import replay
from cardcore.sim import report
from cardcore.sim.play import game_seed, play_one
from cardcore.sim.runner import chunks, run

BOTS = ("random", "greedy")


def without_time(results):
    return [{k: v for k, v in r.items() if k != "elapsed"} for r in results]


@pytest.fixture(scope="module")
def serial():
    return run("penchant", BOTS, 12, seed=11)


def test_results_are_ordered_and_complete(serial):
    assert [r["index"] for r in serial] == list(range(12))
    r = serial[0]
    for key in ("winner", "seats", "game_score", "round_points", "notable", "decisions",
                "legal_moves", "stock_deals", "stock_leader_won", "lead_changes", "margin", "elapsed"):
        assert key in r
    assert r["decisions"] > 0 and r["legal_moves"] >= r["decisions"]
    assert r["game_score"][0] == -r["game_score"][1]


def test_two_processes_give_the_same_results(serial):
    parallel = run("penchant", BOTS, 12, seed=11, jobs=2)
    assert without_time(parallel) == without_time(serial)


def test_another_seed_gives_other_games(serial):
    other = run("penchant", BOTS, 12, seed=12)
    assert without_time(other) != without_time(serial)
    assert [r["seed"] for r in other] != [r["seed"] for r in serial]


def test_seats_alternate(serial):
    for r in serial:
        assert r["seats"] == [r["index"] % 2, 1 - r["index"] % 2]
    # bot A (random) is beaten by greedy from either seat
    winners_seats = {r["winner_seat"] for r in serial if r["winner"] == 1}
    assert winners_seats == {0, 1}


def test_game_seed_depends_on_seed_and_index_only():
    assert game_seed(5, 3) == game_seed(5, 3)
    assert len({game_seed(5, i) for i in range(50)}) == 50
    assert game_seed(5, 3) != game_seed(6, 3)


def test_records_replay_to_the_same_result():
    results = run("marjolet", BOTS, 4, seed=2, keep_records=True)
    for r in results:
        state = replay(r["record"])
        assert state.is_terminal()
        assert state.result["winner"] == r["winner_seat"]
        assert state.result["totals"] == [r["totals"][r["seats"].index(s)] for s in range(2)]


def test_play_one_pickles_and_its_result_too():
    assert pickle.loads(pickle.dumps(play_one)) is play_one
    r = play_one("penneech", BOTS, 0, 1)
    assert pickle.loads(pickle.dumps(r)) == r


def test_progress_is_called_once_per_game():
    seen = []
    run("penneech", BOTS, 5, seed=1, progress=lambda r: seen.append(r["index"]))
    assert sorted(seen) == list(range(5))


def test_chunks_cover_every_game_once():
    for n, workers in [(0, 1), (1, 4), (7, 2), (1000, 3)]:
        flat = [i for c in chunks(n, workers) for i in c]
        assert flat == list(range(n))


def test_bad_bot_fails_before_any_game():
    with pytest.raises(OptionError, match="unknown bot 'nobot'.*random"):
        run("penchant", ("random", "nobot"), 3, seed=1)
    with pytest.raises(OptionError, match="give 2 bots"):
        run("penchant", ("random",), 3, seed=1)


def test_aggregate_names_the_metrics(serial):
    names = [row.name for row in report.aggregate(serial)]
    assert "win rate A (random)" in names and "win rate B (greedy)" in names
    assert "points per round A: twins" in names
    assert "legal moves per decision" in names
    assert "event: blocks suffered" in names


def test_dask_cluster_gives_the_same_results(serial):
    distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        results = run("penchant", BOTS, 12, seed=11, scheduler=cluster.scheduler_address)
    assert without_time(results) == without_time(serial)
