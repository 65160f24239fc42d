"""Read constants and example solutions (JSON) into integer numpy tensors, checked against a
schema, and classify each tensor as ARNOLD does (Section 3.5).

Constants are one JSON object ``{"W": 4, "demand": [30, 20, 35, 20]}``; examples are a JSON list of
such objects, one per solution, giving the variable tensors (constants may be repeated there if
they agree). Every tensor's shape must follow its declared indices.

Kinds, from the values a tensor takes over all examples:

- ``good``: every value >= 1 -- multiplying a non-negative term by it never decreases the term;
- ``bad``: every value is 0 or 1 -- multiplying by it never increases a term;
- ``ugly``: non-negative, neither of the above (both 0 and values above 1);
- ``signed``: some value is negative -- no monotonicity at all.
"""

from __future__ import annotations

import numbers

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, read_json_file
from .dsl import INT_LIMIT, Program

__all__ = ["Instance", "classify", "load_constants", "load_examples", "make_instance", "stack_examples"]

KINDS = ("good", "bad", "ugly", "signed")


@dataclass(frozen=True)
class Instance:
    """A schema with its constants: index sizes resolved, constant tensors as int64 arrays."""

    program: Program
    sizes: dict[str, int]
    constants: dict[str, np.ndarray]

    def shape(self, name: str) -> tuple[int, ...]:
        return tuple(self.sizes[i] for i in self.program.tensor(name).indices)


def _json_text(value) -> str:
    """A value as its JSON file writes it (``null``, ``true``, ``"a"``), not as Python's repr."""
    import json

    if value is None or isinstance(value, (bool, str, float, int)):
        try:
            return json.dumps(value, ensure_ascii=False)
        except ValueError:  # nan, inf
            return repr(value)
    return repr(value)


def shape_error(what: str, decl, got: tuple, want: tuple) -> InputError:
    """A tensor of the wrong shape: ``x has shape [3, 3], but x[f,w] needs [3, 4]``; for a scalar,
    that it takes one number."""
    if not decl.indices:
        return InputError(f"{what}: {decl.name} is a scalar (declared without indices): give one number, not a list "
                          f"of shape {list(got)}")
    return InputError(f"{what}: {decl.name} has shape {list(got)}, but {decl.name}[{','.join(decl.indices)}] needs "
                      f"{list(want)}")


def _as_int_array(value, what: str) -> np.ndarray:
    def bad(detail: str) -> InputError:
        return InputError(f"{what}: {detail}")

    if isinstance(value, bool):
        raise bad("true/false is not an integer")
    try:
        arr = np.array(value, dtype=object)
    except ValueError:
        raise bad("rows of different lengths (ragged nesting)") from None
    if arr.dtype == object and arr.size and any(isinstance(v, dict) for v in arr.flat):
        raise bad("a JSON object where a number or a list of numbers belongs")
    if arr.dtype == object and arr.size and any(isinstance(v, list) for v in arr.flat):
        raise bad("rows of different lengths (ragged nesting)")
    for v in arr.flat:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):  # numpy's integers pass
            raise bad(f"{_json_text(v)} is not an integer")
        if isinstance(v, float) and not float(v).is_integer():
            raise bad(f"{_json_text(v)} is not an integer")
        if not -INT_LIMIT <= v <= INT_LIMIT:
            raise bad(f"{v} is too large (integers up to 2**62 in absolute value)")
    return arr.astype(np.int64)


def make_instance(program: Program, constants: Mapping[str, object], source: str = "constants") -> Instance:
    """Check the constants against the schema and resolve index sizes."""
    if not isinstance(constants, Mapping):
        raise InputError(f"{source}: expected a JSON object of constants, e.g. {{\"W\": 4}}")
    declared = set(program.tensor_names)
    for name in constants:
        if name not in declared:
            raise InputError(f"{source}: {name} is not declared in the program")
        if program.tensor(name).variable:
            raise InputError(f"{source}: {name} is a var tensor; its values belong in the examples, not the constants")
    sizes: dict[str, int] = {}
    for d in program.indices:
        if isinstance(d.size, int):
            sizes[d.name] = d.size
            continue
        if d.size not in constants:
            raise InputError(f"{source}: index {d.name} has size {d.size}, but the constants do not give {d.size}")
        value = _as_int_array(constants[d.size], f"{source}: {d.size}")
        if value.shape != () or int(value) < 1:
            raise InputError(f"{source}: {d.size} (the size of index {d.name}) must be a positive integer")
        sizes[d.name] = int(value)
    arrays: dict[str, np.ndarray] = {}
    for decl in program.constants:
        if decl.name not in constants:
            raise InputError(f"{source}: constant {decl.name} is missing")
        arr = _as_int_array(constants[decl.name], f"{source}: {decl.name}")
        want = tuple(sizes[i] for i in decl.indices)
        if arr.shape != want:
            raise shape_error(source, decl, arr.shape, want)
        arrays[decl.name] = arr
    return Instance(program, sizes, arrays)


def load_constants(program: Program, path) -> Instance:
    return make_instance(program, read_json_file(path, "constants file"), str(path))


def check_examples(instance: Instance, examples: Sequence[Mapping[str, object]], source: str = "examples", *,
                   domains: bool = True) -> list[dict[str, np.ndarray]]:
    """Each example as ``{variable: int64 array}``, shapes checked; names the example and tensor.
    The JSON that ``pyasp acquire solve --json`` prints (``{"solutions": [...], ...}``) stands for
    its list of solutions (unless the program has a tensor named ``solutions``). ``domains``: a
    value outside its variable's domain is an error (without: the caller reports it,
    :func:`outside_domains`)."""
    if isinstance(examples, Mapping) and isinstance(examples.get("solutions"), list) \
            and "solutions" not in instance.program.tensor_names:
        examples = examples["solutions"]
    if isinstance(examples, Mapping) and not examples:
        raise InputError(f"{source}: an empty JSON object; expected a JSON list of examples (objects of tensors)")
    if isinstance(examples, Mapping):
        examples = [examples]
    if not isinstance(examples, Sequence) or isinstance(examples, (str, bytes)):
        raise InputError(f"{source}: expected a JSON list of examples (objects of tensors)")
    program = instance.program
    out: list[dict[str, np.ndarray]] = []
    for k, example in enumerate(examples):
        where = f"{source}: example {k + 1}"
        if not isinstance(example, Mapping):
            raise InputError(f"{where}: expected a JSON object of tensors")
        for name in example:
            if name not in program.tensor_names:
                raise InputError(f"{where}: {name} is not declared in the program")
        row: dict[str, np.ndarray] = {}
        for decl in program.tensors:
            if decl.name not in example:
                if decl.variable:
                    raise InputError(f"{where}: variable {decl.name} is missing")
                continue
            arr = _as_int_array(example[decl.name], f"{where}: {decl.name}")
            want = instance.shape(decl.name)
            if arr.shape != want:
                raise shape_error(where, decl, arr.shape, want)
            if domains and decl.variable and decl.domain is not None:
                low, high = decl.domain
                outside = (arr < low) | (arr > high)
                if outside.any():
                    value = int(arr[outside].ravel()[0])
                    raise InputError(f"{where}: {decl.name} takes {value}, outside its domain {low}..{high}")
            if not decl.variable:
                if not np.array_equal(arr, instance.constants[decl.name]):
                    raise InputError(f"{where}: constant {decl.name} differs from the constants file")
                continue
            row[decl.name] = arr
        out.append(row)
    return out


def load_examples(instance: Instance, path, *, domains: bool = True) -> list[dict[str, np.ndarray]]:
    return check_examples(instance, read_json_file(path, "examples file"), str(path), domains=domains)


def outside_domains(program, solution: Mapping[str, np.ndarray]) -> list[dict]:
    """The variables of ``solution`` with a cell outside their domain, each once (its first such
    cell): ``{"variable", "text", "line" (of its declaration), "at": {index: value}, "value"}``."""
    out = []
    for decl in program.variables:
        if decl.domain is None or decl.name not in solution:
            continue
        low, high = decl.domain
        arr = np.asarray(solution[decl.name])
        cells = np.argwhere((arr < low) | (arr > high))
        if len(cells):
            cell = tuple(int(i) for i in cells[0])
            at = {index: position + 1 for index, position in zip(decl.indices, cell)}
            out.append({"variable": decl.name, "text": f"{decl.name} in {low}..{high}", "line": decl.line, "at": at,
                        "value": int(arr[cell] if cell else arr)})
    return out


def stack_examples(instance: Instance, examples: Sequence[Mapping[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """Every tensor as one array with the examples on axis 0 (constants repeated)."""
    n = len(examples)
    stacked: dict[str, np.ndarray] = {}
    for decl in instance.program.tensors:
        if decl.variable:
            stacked[decl.name] = np.stack([np.asarray(e[decl.name], dtype=np.int64) for e in examples]) if n else np.zeros((0, *instance.shape(decl.name)), np.int64)
        else:
            stacked[decl.name] = np.broadcast_to(instance.constants[decl.name], (n, *instance.shape(decl.name)))
    return stacked


def classify(values: np.ndarray) -> str:
    """ARNOLD's tensor kinds (module docstring) from every value a tensor takes."""
    if values.size == 0:
        return "ugly"
    low, high = int(values.min()), int(values.max())
    if low < 0:
        return "signed"
    if low >= 1:
        return "good"
    if high <= 1:
        return "bad"
    return "ugly"
