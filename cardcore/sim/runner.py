"""Many games: in this process, in N worker processes, or on a Dask distributed cluster.

Every game is determined by ``(seed, index)`` alone (see ``play``), and the results come back
in index order, so they are the same for any ``jobs`` and on any cluster; only the measured
times differ. Work is sent in chunks of consecutive games to keep the overhead per game small.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterable, Iterator

from ..errors import CardcoreError
from .play import check, play_chunk, play_one

Progress = Callable[[dict], None]
STOP_POLL = 0.2  # seconds between two looks at whether a run was asked to stop


class SchedulerError(CardcoreError):
    """Dask is missing, or the scheduler cannot be reached."""


class Stopped(CardcoreError):
    """The run was asked to stop (its ``stop`` said so); the games under way were ended."""


def chunks(n: int, workers: int, most: int = 25) -> list[list[int]]:
    """Indices 0..n-1 in consecutive chunks: about eight per worker, at most ``most`` games each."""
    size = max(1, min(most, math.ceil(n / max(1, workers * 8))))
    return [list(range(i, min(n, i + size))) for i in range(0, n, size)]


def stream(game_string: str, bot_specs: Iterable[str], n: int, seed: int, jobs: int = 1,
           scheduler: str | None = None, keep_records: bool = False,
           stop: Callable[[], bool] | None = None) -> Iterator[dict]:
    """Play ``n`` games and give their metric dicts one by one, in index order, as they finish.

    ``jobs`` > 1 uses that many processes (spawned, so it works the same on every platform);
    ``scheduler`` (an address such as ``tcp://host:8786``) sends the work to a Dask cluster
    instead. A game that finishes before one of a lower index waits for it (a few chunks at
    most), so that what is made of the games in turn does not depend on where they were played.
    ``stop``, asked between games and every STOP_POLL seconds while processes play, ends the run
    when it says so (Stopped), the worker processes at once, in the middle of their games.
    """
    specs = tuple(bot_specs)
    check(game_string, specs)  # bad game, option or bot: fail here, before any worker starts
    if n < 0:
        raise CardcoreError("the number of games must be 0 or more")
    args = (game_string, specs)
    if scheduler:
        finished = _run_dask(scheduler, args, n, seed, keep_records)
    elif jobs <= 1:
        finished = _run_here(args, n, seed, keep_records, stop)
    else:
        finished = _run_processes(jobs, args, n, seed, keep_records, stop)
    waiting: dict[int, dict] = {}
    upcoming = 0
    for r in finished:
        waiting[r["index"]] = r
        while upcoming in waiting:
            yield waiting.pop(upcoming)
            upcoming += 1


def run(game_string: str, bot_specs: Iterable[str], n: int, seed: int, jobs: int = 1,
        scheduler: str | None = None, progress: Progress | None = None,
        keep_records: bool = False, stop: Callable[[], bool] | None = None) -> list[dict]:
    """Play ``n`` games and return their metric dicts ordered by index (see ``stream``).
    ``progress`` is called in this process with each game's dict."""
    results = []
    for r in stream(game_string, bot_specs, n, seed, jobs, scheduler, keep_records, stop):
        results.append(r)
        if progress:
            progress(r)
    return results


def _run_here(args: tuple, n: int, seed: int, keep_records: bool,
              stop: Callable[[], bool] | None) -> Iterator[dict]:
    for index in range(n):
        if stop and stop():
            raise Stopped("stopped")
        yield play_one(*args, index, seed, keep_records)


def _run_processes(jobs: int, args: tuple, n: int, seed: int, keep_records: bool,
                   stop: Callable[[], bool] | None = None) -> Iterator[dict]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_quiet_worker) as pool:
        pending = {pool.submit(play_chunk, *args, part, seed, keep_records) for part in chunks(n, jobs)}
        try:
            while pending:
                done, pending = wait(pending, timeout=STOP_POLL if stop else None, return_when=FIRST_COMPLETED)
                if stop and stop():
                    raise Stopped("stopped")
                for future in done:
                    yield from future.result()
        except BrokenProcessPool:
            raise CardcoreError("a worker process stopped (interrupted, or out of memory); "
                                "no results") from None
        except BaseException:  # also GeneratorExit: whoever reads the games stopped
            _end_workers(pool)
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End the worker processes now: shutting the pool down alone lets each finish the chunk of
    games it plays, which with slow bots lasts hours."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((pool._processes or {}).values()):
        process.terminate()


def _quiet_worker() -> None:
    """Ctrl-C reaches the workers too: let them stop at once, without a traceback each."""
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))


def _run_dask(address: str, args: tuple, n: int, seed: int, keep_records: bool) -> Iterator[dict]:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise SchedulerError(
            "--scheduler needs Dask distributed: pip install 'cardcore[dask]'"
        ) from None
    try:
        client = Client(address, timeout="30s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = chunks(n, workers)
        futures = client.map(play_chunk, *[[a] * len(parts) for a in args], parts,
                             [seed] * len(parts), [keep_records] * len(parts), pure=False)
        for _future, chunk_results in as_completed(futures, loop=client.loop, with_results=True):
            yield from chunk_results
    finally:
        client.close()
