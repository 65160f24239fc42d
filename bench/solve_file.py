"""Benchmark: one `pyasp ENGINE solve --file` over N problems against N `pyasp ENGINE solve` runs.

    python bench/solve_file.py [--engine arith|algebra] [--data examples/wordproblems/grade_school.json]
        [--limit 20] [--out bench/results/solve_file.json]

Both go through the console script in a subprocess, as a user runs them, on the first
``--limit`` problems of the file: the baseline starts ``pyasp ENGINE solve TEXT --json`` once a
problem (each run loads spaCy, WordNet and the model again); the batch starts ``pyasp ENGINE
solve --file F --json`` once. It checks that both give the same answers, and prints the seconds
of each and their ratio (baseline / batch).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pyasp(*args: str) -> subprocess.CompletedProcess:
    command = [shutil.which("pyasp") or sys.executable, *([] if shutil.which("pyasp") else ["-m", "pyasp.cli"]), *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=("arith", "algebra"), default="arith")
    parser.add_argument("--data", default=str(ROOT / "examples" / "wordproblems" / "grade_school.json"))
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    records = json.loads(Path(args.data).read_text(encoding="utf-8"))[: args.limit]
    texts = [" ".join(r["sQuestion"].split()) for r in records]
    start = time.perf_counter()
    one_by_one = []
    for text in texts:
        done = pyasp(args.engine, "solve", text, "--json")
        one_by_one.append(json.loads(done.stdout)["answer"] if done.returncode == 0 else None)
    baseline = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "problems.txt"
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
        start = time.perf_counter()
        done = pyasp(args.engine, "solve", "--file", str(path), "--json")
        batch = time.perf_counter() - start
    together = [r["answer"] for r in json.loads(done.stdout)]
    report = {"engine": args.engine, "data": args.data, "problems": len(texts), "baseline_s": round(baseline, 2),
              "batch_s": round(batch, 2), "ratio": round(baseline / batch, 2), "same_answers": together == one_by_one,
              "machine": {"python": platform.python_version(), "cpus": os.cpu_count()}}
    print(json.dumps(report, indent=2))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if report["same_answers"] else 1


if __name__ == "__main__":
    sys.exit(main())
