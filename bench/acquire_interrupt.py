"""How long ``pyasp acquire learn`` takes to end after Ctrl-C, printing what it had learned.

For each delay it starts ``pyasp acquire learn`` on a shipped program (25 solutions sampled with
seed 0, at (s, p), s = p = 3 by default: a search of minutes), sends SIGINT DELAY seconds in, and
measures the seconds from the signal to the end of the process (whose standard output is read
all along, as a terminal would), the CPU seconds it used meanwhile (which a busy machine does not
stretch), the exit code and the lines printed. With ``--baseline DIR`` (a checkout of another
version, e.g. ``git archive COMMIT pyasp cli.py grammars encodings | tar -x -C DIR``) every run is
made with both, interleaved, and the ratio is the baseline's seconds to the working tree's. The
search reaches another level by a given delay on a busy machine, so the programs printed differ.
With ``--levels`` instead, the Ctrl-C (a KeyboardInterrupt raised in the process) comes as the
search asks clingo for that level, so both versions stop in the same state of the search; the
seconds are then measured in the process, from the interrupt to the end of the command.

    python bench/acquire_interrupt.py [--program knapsack] [--s 3] [--p 3] [--delays 3 8 15 25]
                                      [--levels 4 5 6] [--repeat 2] [--baseline DIR] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = "import sys; sys.argv[0] = 'pyasp'; from pyasp.cli import main; main()"
#: ``pyasp ARGS`` with a KeyboardInterrupt raised as the search asks clingo for the
#: ``PYASP_BENCH_LEVEL``-th time; the seconds from it to the end go to stderr as the last line
RUN_AT_LEVEL = """
import json, os, sys, time
from pyasp.asp import Program
level, calls, at = int(os.environ["PYASP_BENCH_LEVEL"]), [], {}
solve = Program.optimal_models
def optimal_models(self, *args, **kwargs):
    calls.append(1)
    if len(calls) == level:
        at["wall"], at["cpu"] = time.perf_counter(), time.process_time()
        raise KeyboardInterrupt
    return solve(self, *args, **kwargs)
Program.optimal_models = optimal_models
sys.argv[0] = "pyasp"
from pyasp.cli import main
try:
    main()
except SystemExit as e:
    code = e.code
sys.stdout.flush()
if at:
    print(json.dumps({"stop_s": round(time.perf_counter() - at["wall"], 3),
                      "cpu_s": round(time.process_time() - at["cpu"], 3), "exit": code}), file=sys.stderr)
"""


def pyasp(tree: Path, *args: str, run: str = RUN, env: dict | None = None, **kwargs) -> subprocess.Popen:
    """``pyasp ARGS`` with the package of ``tree`` (a checkout: its ``pyasp/cli.py`` loads ``cli.py``)."""
    env = dict(os.environ, **(env or {}), PYTHONPATH=str(tree))
    return subprocess.Popen([sys.executable, "-c", run, *args], env=env, cwd=tempfile.gettempdir(), **kwargs)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a running process has used (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop_seconds(tree: Path, learn_args: list[str], delay: float) -> dict:
    """One run: SIGINT ``delay`` seconds in; seconds from it to the end (wall clock, and the CPU
    seconds the process used meanwhile, which a busy machine does not stretch), exit code, lines
    printed."""
    proc = pyasp(tree, "acquire", "learn", *learn_args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        proc.wait(delay)
        return {"delay": delay, "finished": True, "exit": proc.returncode}
    except subprocess.TimeoutExpired:
        pass
    sent, used = time.monotonic(), cpu_seconds(proc.pid)
    proc.send_signal(signal.SIGINT)
    chunks = []
    while chunk := proc.stdout.read(1 << 16):  # read as it comes, as a terminal would
        chunks.append(chunk)
    _, status, usage = os.wait4(proc.pid, 0)
    ended = time.monotonic()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"delay": delay, "stop_s": round(ended - sent, 3), "cpu_s": round(usage.ru_utime + usage.ru_stime - used, 3),
            "exit": proc.returncode, "lines": b"".join(chunks).decode().count("\n")}


def stop_at_level(tree: Path, learn_args: list[str], level: int) -> dict:
    """One run: Ctrl-C as the search asks for ``level``; seconds from it to the end of the command
    (wall clock and CPU, measured in the process), exit code, lines printed."""
    proc = pyasp(tree, "acquire", "learn", *learn_args, run=RUN_AT_LEVEL, env={"PYASP_BENCH_LEVEL": str(level)},
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output, errors = proc.communicate()
    last = errors.decode().strip().splitlines()[-1:] or ["{}"]
    try:
        measured = json.loads(last[0])
    except json.JSONDecodeError:
        measured = {}
    if "stop_s" not in measured:  # the search ended before that level
        return {"delay": level, "finished": True, "exit": proc.returncode}
    return {"delay": level, **measured, "lines": output.decode().count("\n")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--program", default="knapsack")
    parser.add_argument("--s", type=int, default=3)
    parser.add_argument("--p", type=int, default=3)
    parser.add_argument("--delays", type=float, nargs="+", default=[3.0, 8.0, 15.0, 25.0])
    parser.add_argument("--levels", type=int, nargs="+",
                        help="Ctrl-C as the search asks for these levels, instead of after --delays")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--baseline", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    folder = ROOT / "examples" / "acquire" / args.program
    trees = {"shipped": ROOT}
    if args.baseline is not None:
        trees["baseline"] = args.baseline.resolve()
    with tempfile.TemporaryDirectory() as scratch:
        examples = Path(scratch) / "examples.json"
        constants = str(folder / "constants.json")
        drawn = pyasp(ROOT, "acquire", "solve", str(folder / "program.ip"), "--constants", constants,
                      "--sample", "25", "--seed", "0", "--json", stdout=subprocess.PIPE)
        examples.write_text(json.dumps(json.loads(drawn.communicate()[0])["solutions"]))
        learn_args = ["--schema", str(folder / "program.ip"), "--constants", constants,
                      "--examples", str(examples), "-s", str(args.s), "-p", str(args.p)]
        runs: list[dict] = []
        points = args.levels or args.delays
        for _ in range(args.repeat):
            for point in points:
                for name, tree in trees.items():
                    run = stop_at_level(tree, learn_args, point) if args.levels else stop_seconds(tree, learn_args, point)
                    runs.append({"tree": name, **run})
                    print(json.dumps(runs[-1]), file=sys.stderr, flush=True)

    print(f"{args.program}, s={args.s}, p={args.p}: seconds from {'the Ctrl-C' if args.levels else 'SIGINT'} to the "
          f"end, wall clock and CPU (median of {args.repeat}), lines printed")
    print(f"| {'level' if args.levels else 'delay (s)'} | " + " | ".join(f"{name} s | {name} CPU s | {name} lines" for name in trees)
          + (" | ratio |" if len(trees) > 1 else " |"))
    print("|---:|" + "---:|---:|---:|" * len(trees) + ("---:|" if len(trees) > 1 else ""))
    for delay in points:
        cells, medians = [], {}
        for name in trees:
            mine = [r for r in runs if r["tree"] == name and r["delay"] == delay and "stop_s" in r]
            if not mine:
                cells += ["finished", "", ""]
                continue
            medians[name] = statistics.median(r["stop_s"] for r in mine)
            cells += [f"{medians[name]:.2f}", f"{statistics.median(r['cpu_s'] for r in mine):.2f}",
                      "/".join(str(r["lines"]) for r in mine)]
        ratio = "" if len(trees) == 1 else f" | {medians['baseline'] / medians['shipped']:.1f}" if len(medians) == 2 else " | "
        print(f"| {delay:g} | " + " | ".join(cells) + ratio + " |")
    if args.json is not None:
        args.json.write_text(json.dumps({"program": args.program, "s": args.s, "p": args.p, "runs": runs}, indent=1))


if __name__ == "__main__":
    main()
