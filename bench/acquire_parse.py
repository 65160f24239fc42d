"""How long ``parse_program`` (the constraint DSL of ``pyasp acquire``) takes on a large program,
such as the one ``pyasp acquire learn`` prints after a Ctrl-C (``pyasp acquire solve learned.ip``
parses it before solving).

The program is a DSL file (``--program``), or ``--constraints N`` constraints of the shape the
learner prints (sums of products of up to ``--factors`` tensors; an integer or a tensor on the
right; some equations), drawn with ``--seed`` over the declarations of a shipped program
(``--schema``, knapsack by default); ``--write FILE`` keeps that text. Each run is a new Python
process that imports pyasp and times one ``parse_program`` call (what a command pays: Lark's
parser is built in it when that version needs it). With ``--baseline DIR`` (a checkout of another
version, e.g. ``git archive HEAD pyasp grammars encodings | tar -x -C DIR``) every run is made with
both, interleaved, on the same text, and the ratio is the baseline's seconds to the working tree's;
both must read the same program (the script compares the constraints, their lines and their text).

    python bench/acquire_parse.py [--program FILE | --constraints 17540 --seed 0 --schema knapsack]
                                  [--repeat 3] [--baseline DIR] [--write FILE] [--json out.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def learned_like(schema_path: Path, n: int, seed: int, factors: int) -> str:
    """``n`` constraints of the shape ``acquire learn`` prints, over the declarations of ``schema_path``."""
    sys.path.insert(0, str(ROOT))
    from pyasp.acquire.dsl import Constraint, Term, format_program, load_program

    schema = load_program(schema_path).with_constraints(())
    rng = random.Random(seed)
    indices_of = {t.name: set(t.indices) for t in schema.tensors}
    names = sorted(indices_of)
    frees = [set()] + [set(s) for s in {frozenset(i) for i in indices_of.values() if i}]
    constraints = []
    while len(constraints) < n:
        free = rng.choice(frees)  # every term leaves these indices free
        terms = []
        for _ in range(rng.randint(1, 3)):
            chosen = [rng.choice(names) for _ in range(rng.randint(1, factors))]
            used = set().union(*(indices_of[f] for f in chosen))
            if not free <= used:
                chosen.append(next(t for t in names if indices_of[t] == free))
                used |= free
            terms.append(Term.of(chosen, used - free, rng.choice([1, 1, 1, 1, 2])))
        pos = [t for t in terms if rng.random() < 0.6]
        neg = [t for t in terms if t not in pos]
        right = [t for t in names if indices_of[t] <= free]
        rhs = rng.choice([rng.randint(-5, 5), rng.choice(right)]) if right else rng.randint(-5, 5)
        constraints.append(Constraint.of(pos, neg, rhs, rng.random() < 0.3))
        if rng.random() < 0.05 and len(constraints) < n:
            constraints.append(constraints[-1].reversed_reading())  # printed with it as one equation
    return format_program(schema.with_constraints(constraints))


def worker(path: str, dump: str | None) -> None:
    """One run, in the pyasp that PYTHONPATH names: seconds of one parse_program call (JSON)."""
    import time

    import pyasp
    from pyasp.acquire.dsl import parse_program

    text = Path(path).read_text(encoding="utf-8")
    start = time.perf_counter()
    program = parse_program(text, path)
    seconds = time.perf_counter() - start
    if dump:
        with open(dump, "w", encoding="utf-8") as out:
            for c in program.constraints:
                print(repr(c), c.line, program.text(c), file=out)
    print(json.dumps({"seconds": seconds, "constraints": len(program.constraints), "pyasp": pyasp.__file__}))


def run(root: Path, path: Path, dump: Path | None = None) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root)}
    cmd = [sys.executable, __file__, "--worker", str(path)] + (["--dump", str(dump)] if dump else [])
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert Path(result["pyasp"]).resolve().is_relative_to(root.resolve()), f"imported {result['pyasp']}, not {root}"
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", type=Path, help="a DSL file to parse (else one is generated)")
    parser.add_argument("--constraints", type=int, default=17540)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--factors", type=int, default=3, help="at most this many tensors in a term")
    parser.add_argument("--schema", default="knapsack", help="the shipped program (examples/acquire/NAME) declaring the tensors")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="a checkout of another version to compare with")
    parser.add_argument("--write", type=Path, help="keep the generated program in this file")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--dump", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.dump)
        return
    with tempfile.TemporaryDirectory() as tmp:
        if args.program:
            path = args.program
        else:
            path = args.write or Path(tmp) / "learned.ip"
            path.write_text(learned_like(ROOT / "examples" / "acquire" / args.schema / "program.ip", args.constraints,
                                         args.seed, args.factors), encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        print(f"{path}: {len(text.splitlines())} lines, {len(text)} characters, "
              f"sha256 {hashlib.sha256(text.encode()).hexdigest()[:12]}")
        versions = {"tree": ROOT} | ({"baseline": args.baseline} if args.baseline else {})
        if args.baseline:  # both must read the same program
            dumps = {name: Path(tmp) / f"{name}.txt" for name in versions}
            for name, root in versions.items():
                run(root, path, dumps[name])
            same = dumps["tree"].read_text() == dumps["baseline"].read_text()
            print(f"same constraints, lines and text in both: {same}")
            if not same:
                sys.exit("the two versions read different programs")
        seconds: dict[str, list[float]] = {name: [] for name in versions}
        count = 0
        for _ in range(args.repeat):
            for name, root in versions.items():
                result = run(root, path)
                seconds[name].append(result["seconds"])
                count = result["constraints"]
        report = {"program": str(path), "constraints": count, "repeat": args.repeat}
        for name, values in seconds.items():
            median = statistics.median(values)
            report[name] = {"seconds": values, "median": median, "per_1000": 1000 * median / max(count, 1)}
            print(f"{name:9s} {count} constraints: median {median:.2f} s ({1000 * median / max(count, 1):.3f} s per "
                  f"1,000 constraints); runs {', '.join(f'{s:.2f}' for s in values)}")
        if args.baseline:
            report["ratio"] = report["baseline"]["median"] / report["tree"]["median"]
            print(f"ratio (baseline / tree): {report['ratio']:.1f}")
        if args.json:
            args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
