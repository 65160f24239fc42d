"""The ``pyasp`` command line: thin wrappers around the Python API, one sub-app per engine.

Exit codes: 0 success, 1 no answer, 2 bad input (one line on stderr, no traceback).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from pyasp.errors import PyaspError

app = typer.Typer(
    help="pyasp: reasoning over text and data with answer-set programming.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
algebra_app = typer.Typer(help="Equation trees for algebra word problems (ALGES).", no_args_is_help=True)
app.add_typer(algebra_app, name="algebra")

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(error: PyaspError) -> typer.Exit:
    err.print(f"pyasp: error: {error}", markup=False)
    return typer.Exit(error.exit_code)


def _parse_settings(weights: list[str] | None, max_depth: int | None, allow_unused: bool) -> dict[str, int]:
    settings: dict[str, int] = {}
    for item in weights or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise PyaspError(f"--weight takes NAME=VALUE, got {item!r}")
        try:
            settings[name.strip()] = int(value)
        except ValueError:
            raise PyaspError(f"--weight {name.strip()}: {value!r} is not a whole number") from None
    if max_depth is not None:
        settings["max_depth"] = max_depth
    if allow_unused:
        settings["allow_unused"] = 1
    return settings


EncodingOpt = Annotated[
    Optional[Path],
    typer.Option("--encoding", help="Use this .lp file instead of the packaged encodings/equation_trees.lp."),
]


@algebra_app.command("candidates")
def algebra_candidates(
    quantities: Annotated[Path, typer.Option("--quantities", "-q", help="JSON list of quantities in text order.")],
    top: Annotated[int, typer.Option("--top", "-m", help="How many candidates (M).")] = 10,
    max_depth: Annotated[Optional[int], typer.Option("--max-depth", help="Maximum stack depth (default: the encoding's).")] = None,
    weight: Annotated[
        Optional[list[str]],
        typer.Option("--weight", "-w", help="Override a weight or bound of the encoding: NAME=VALUE (repeatable)."),
    ] = None,
    allow_unused: Annotated[bool, typer.Option("--allow-unused", help="Let trees leave quantities out (at a cost).")] = False,
    encoding: EncodingOpt = None,
    time_limit: Annotated[
        Optional[float], typer.Option("--time-limit", help="Seconds; the best trees found by then are returned, marked partial.")
    ] = 30.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    dot: Annotated[Optional[Path], typer.Option("--dot", help="Write the first tree as Graphviz DOT (.svg if dot is installed).")] = None,
) -> None:
    """List the top-M equation trees for a set of quantities, best (lowest ILP cost) first.

    Example: [bold]pyasp algebra candidates --quantities examples/algebra/bike.json --top 5[/bold]

    FILE holds e.g. [{"value": 17, "type": "dollar"}, {"value": "x", "type": "hour"}, ...];
    "x" marks the unknown. At most 12 quantities.
    """
    from pyasp.algebra.candidates import generate_candidates
    from pyasp.algebra.quantities import load_quantities
    from pyasp.dot import write_dot

    try:
        settings = _parse_settings(weight, max_depth, allow_unused)
        result = generate_candidates(
            load_quantities(quantities), top=top, settings=settings, encoding=encoding, time_limit_s=time_limit
        )
        if dot is not None and result.candidates:
            written = write_dot(result.candidates[0].tree.to_dot(), dot)
            if written != dot:
                err.print(f"pyasp: the dot program is not installed: wrote DOT text to {written}", markup=False)
    except PyaspError as error:
        raise _fail(error) from None
    if as_json:
        out.print_json(json.dumps(result.as_dict()))
    else:
        table = Table(title=f"top {len(result.candidates)} equation trees" + (" (partial: time limit)" if result.partial else ""))
        for column in ("#", "equation", "x", "cost", "postfix", "violated soft constraints"):
            table.add_column(column)
        for rank, cand in enumerate(result.candidates, start=1):
            d = cand.as_dict()
            table.add_row(str(rank), d["equation"], str(d["answer"]), str(d["cost"]), d["postfix"], ", ".join(d["violations"]) or "-")
        out.print(table)
        s = result.stats
        out.print(
            f"{s['models']} trees ranked in {s['ground_s'] + s['solve_s']:.3f} s "
            f"(ground {s['ground_s']:.3f} s, solve {s['solve_s']:.3f} s, {s['atoms']} atoms, {s['rules']} rules); "
            f"dropped: {result.filtered['negative']} negative, {result.filtered['fractional']} fractional, "
            f"{result.filtered['no_solution']} without a solution"
        )
    if not result.candidates:
        err.print("pyasp: no equation tree satisfies the constraints" + (" (time limit reached)" if result.partial else ""))
        raise typer.Exit(1)


@algebra_app.command("weights")
def algebra_weights(
    encoding: EncodingOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show the weights and bounds of the equation-tree encoding (its #const lines).

    Example: [bold]pyasp algebra weights[/bold]; override one with [bold]--weight w_type=5[/bold].
    """
    from pyasp.algebra.candidates import weight_names

    try:
        consts = weight_names(encoding)
    except (PyaspError, OSError) as error:
        raise _fail(error if isinstance(error, PyaspError) else PyaspError(str(error))) from None
    if as_json:
        out.print_json(json.dumps({name: {"default": v, "meaning": c} for name, (v, c) in consts.items()}))
        return
    table = Table(title="equation_trees.lp settings")
    for column in ("name", "default", "meaning"):
        table.add_column(column)
    for name, (value, comment) in consts.items():
        table.add_row(name, value, comment)
    out.print(table)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
