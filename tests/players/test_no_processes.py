"""Where no process can start (the browser: Pyodide lacks the semaphores of a pool), a match
with several jobs is computed in this process instead of failing."""

from bezique.players import match


def test_in_processes_falls_back_to_one_process(monkeypatch):
    def no_pool(jobs):
        raise NotImplementedError("This Python build lacks multiprocessing.synchronize")
    monkeypatch.setattr(match, "ProcessPoolExecutor", no_pool)
    assert list(match.in_processes(abs, [(-1,), (-2,), (3,)], 2)) == [1, 2, 3]
