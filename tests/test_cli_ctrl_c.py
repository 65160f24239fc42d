"""Ctrl-C in the long commands a user's test ran: ``tables eval`` reports the questions answered
before it (as ``answer --file`` does), and ``--jobs 2`` leaves no worker process running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clitools import run, write

ROOT = Path(__file__).resolve().parent.parent
STORE = str(ROOT / "examples" / "tables")
QUESTIONS = (ROOT / "examples" / "tables_questions.tsv").read_text().splitlines()


def _interrupted_after(done: int):
    """A stand-in for tables.evaluate's map_chunks that answers ``done`` questions, then is
    interrupted as Ctrl-C interrupts the real one."""
    import importlib

    evaluate = importlib.import_module("pyasp.tables.evaluate")  # the module (pyasp.tables.evaluate is also a function)

    def map_chunks(func, items, *args, into=None, **kwargs):
        into.extend(func(items[:done], *args))
        raise KeyboardInterrupt

    return evaluate, map_chunks


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_in_tables_eval_prints_the_figures_of_the_questions_answered(tmp_path, monkeypatch, as_json):
    """Until now a Ctrl-C in `tables eval` (minutes on WorldTree) printed `pyasp: aborted` and
    nothing of the questions it had answered; `tables answer --file` printed them."""
    from pyasp import interrupt

    evaluate, fake = _interrupted_after(3)
    monkeypatch.setattr(evaluate, "map_chunks", fake)
    monkeypatch.setattr(interrupt, "_reported", False)  # the abort line is printed once a process
    questions = write(tmp_path, "q.tsv", "\n".join(QUESTIONS[:6]) + "\n")
    predictions = tmp_path / "p.json"
    result = run("tables", "eval", "--tables", STORE, "--questions", questions, "--predictions", str(predictions),
                 *(["--json"] if as_json else []))
    assert result.exit_code == 130, result.output
    if as_json:
        data = json.loads(result.stdout)
        assert data["n"] == 3 and data["interrupted"] is True and data["questions_given"] == 6
        assert 0 <= data["accuracy"] <= 1
    else:
        assert "q.tsv (ilp; interrupted: 3 of 6 questions)" in result.stdout
        assert "│ questions       │      3 │" in result.stdout
    assert f"pyasp: interrupted: 3 of 6 questions answered; the figures above are theirs; {predictions} was not written" in result.stderr
    assert not predictions.exists()  # an output file is written whole or not at all
    assert "Traceback" not in result.output


def test_ctrl_c_in_tables_eval_before_any_answer_says_so(tmp_path, monkeypatch):
    from pyasp import interrupt

    evaluate, fake = _interrupted_after(0)
    monkeypatch.setattr(evaluate, "map_chunks", fake)
    monkeypatch.setattr(interrupt, "_reported", False)
    result = run("tables", "eval", "--tables", STORE, "--questions", write(tmp_path, "q.tsv", QUESTIONS[0] + "\n"))
    assert result.exit_code == 130
    assert "pyasp: interrupted before any question was answered" in result.stderr and not result.stdout


# a run of map_chunks over two worker processes whose chunks take a minute; each worker writes its
# process id to a file when its chunk starts
WORKERS = """
import os, sys, time
from pathlib import Path
from pyasp.parallel import map_chunks

def slow(part, folder):
    Path(folder, str(os.getpid())).write_text("")
    time.sleep(60)
    return part

from pyasp import interrupt
interrupt.install()  # as the console script does
try:
    map_chunks(slow, [1, 2], sys.argv[1], jobs=2, chunk=1)
except KeyboardInterrupt:
    interrupt.handled()
    sys.exit(130)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")  # a zombie has ended


# the same workers, started from a thread while the main thread grounds a program for minutes:
# Ctrl-C cannot stop the grounding, so the watcher ends the process after its grace period
GROUNDING = """
import os, sys, threading, time
from pathlib import Path
from pyasp import interrupt
from pyasp.asp import Program
from pyasp.parallel import map_chunks

def slow(part, folder):
    Path(folder, str(os.getpid())).write_text("")
    time.sleep(60)
    return part

interrupt.install(grace_s=0.5)
threading.Thread(target=map_chunks, args=(slow, [1, 2], sys.argv[1]), kwargs={"jobs": 2, "chunk": 1}, daemon=True).start()
while len(list(Path(sys.argv[1]).iterdir())) < 2:  # both workers at work
    time.sleep(0.1)
Program.from_text("p(1..3000). q(X,Y,Z) :- p(X), p(Y), p(Z), X+Y+Z = 8000.").ground()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2,
                    reason="worker processes found in /proc; two CPUs for two workers")
@pytest.mark.parametrize("script", ["workers", "grounding"])
def test_ctrl_c_with_jobs_leaves_no_worker_process_running(tmp_path, script):
    """`pyasp tables answer --file F --jobs 2` (or any --jobs run) ended by Ctrl-C could leave its
    worker processes running their chunks, about 400 MB each, for minutes: joblib ends them in
    a thread of its own, which the exiting process does not wait for, and when the process is
    ended by the watcher (a second Ctrl-C, `timeout -s INT`'s signal to the process and then to
    its group, or a grounding that outlives the grace period) no clean-up runs at all."""
    process = subprocess.Popen([sys.executable, "-c", WORKERS if script == "workers" else GROUNDING, str(tmp_path)],
                               start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            workers = [int(p.name) for p in tmp_path.iterdir()]
        assert len(workers) == 2, process.stderr.read() if process.poll() is not None else "no worker started"
        process.send_signal(signal.SIGINT)  # to pyasp's process only, as kill -INT does
        _, stderr = process.communicate(timeout=30)
        assert process.returncode == 130, stderr
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in workers), "a worker process outlived the run"
        # the forced exit skips joblib's clean-up: loky's resource tracker removes the semaphores and
        # memory-mapped folders, and printed "UserWarning: resource_tracker: There appear to be 8
        # leaked semlock objects to clean up at shutdown" (and one for the folders) as it did
        assert "leaked" not in stderr and "Warning" not in stderr, stderr
        shm = Path("/dev/shm")
        left = lambda: [p.name for p in shm.iterdir() if f"-{process.pid}-" in p.name or f"_{process.pid}_" in p.name] if shm.is_dir() else []  # noqa: E731
        deadline = time.monotonic() + 5
        while left() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not left(), "the run's semaphores or memory-mapped folders were left behind"
    finally:
        if process.poll() is None:
            process.kill()
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


STAFF = """index p = 1..P;
index d = 1..D;
const P;
const D;
const need[d];
var work[p,d] in 0..1;
sum[p] work[p,d] >= need[d];
"""


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_in_acquire_eval_prints_the_rows_done(tmp_path, monkeypatch, as_json):
    """A Ctrl-C in `acquire eval` (a grid takes minutes) printed `pyasp: aborted` and none of the
    (n, s, p) rows it had finished."""
    import importlib

    from pyasp import interrupt

    module = importlib.import_module("pyasp.acquire.evaluate")
    real = module.evaluate_program

    def first_point_then_ctrl_c(*args, grid, into, **kwargs):
        real(*args, grid=grid[:1], into=into, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "evaluate_program", first_point_then_ctrl_c)
    monkeypatch.setattr(interrupt, "_reported", False)
    program = write(tmp_path, "staff.ip", STAFF)
    constants = write(tmp_path, "c.json", {"P": 2, "D": 3, "need": [1, 2, 1]})
    result = run("acquire", "eval", "--program", program, "--constants", constants, "--examples", "1,2",
                 "--fold-size", "2", "--folds", "2", "--precision-samples", "5", "--grid", "1,1 2,1",
                 *(["--json"] if as_json else []))
    assert result.exit_code == 130, result.output
    if as_json:
        assert [(r["n"], r["s"], r["p"]) for r in json.loads(result.stdout)["results"]] == [(1, 1, 1), (2, 1, 1)]
    else:
        assert "│ 1 │ 1 │ 1 │" in result.stdout and "│ 2 │ 1 │ 1 │" in result.stdout  # s=1, p=1: done
        assert "│ 1 │ 2 │ 1 │" not in result.stdout  # s=2, p=1: not reached
    assert "pyasp: interrupted: 2 of 4 rows (n, s, p) done, printed above" in result.stderr
    assert "Traceback" not in result.output


def test_ctrl_c_in_answer_file_before_any_answer_says_none_was_printed(tmp_path, monkeypatch):
    """`interrupted: 0 of 420 questions done, printed above`, when nothing was."""
    from pyasp import interrupt

    evaluate, fake = _interrupted_after(0)
    monkeypatch.setattr(evaluate, "map_chunks", fake)
    monkeypatch.setattr(interrupt, "_reported", False)
    result = run("tables", "answer", "--file", write(tmp_path, "q.txt", QUESTIONS[0] + "\n"), "--tables", STORE)
    assert result.exit_code == 130
    assert "pyasp: interrupted: 0 of 1 question done" in result.stderr and "printed above" not in result.stderr
