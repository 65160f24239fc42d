"""Read: quantities of an algebra word problem, as plain dataclasses.

A quantity is a number of the text (or the unknown ``x``) with a type: the entity it counts
("dollar", "hour"). Where the type is uncertain it is a weighted set of types.

The JSON form, one object per quantity in text order::

    [{"value": 17, "type": "dollar"},
     {"value": "x", "type": "hour"},
     {"value": 7.5, "type": [{"type": "dollar", "weight": 0.8}, {"type": "hour", "weight": 0.2}]}]

(a type set may also be written as an object: ``{"dollar": 0.8, "hour": 0.2}``). An optional
``"side": 1`` or ``2`` says on which side of the text's "is" / "equals" a quantity stands ("A
number increased by 7 is 19": x and 7 on side 1, 19 on side 2); quantities with a side keep to it
in every candidate tree; an optional ``"operation"`` says what the text does with it: ``"add"`` or
``"mul"`` (an operand of + or *: "increased by 7", "3 times"), ``"sub"`` or ``"div"`` (the
right operand of - or /: "5 less than", "divided by 3"); an optional ``"whole": K`` says that the
quantity is a fraction of the set quantity K counts ("48 students ... half of them": K = 1): it
multiplies a part of the equation that holds quantity K; the unknown may have ``"asks": "sub"`` (or
another operation): the question asks for a difference ("How many fewer cards does Ali have than
Hugo?"), so x, solved for, is a difference; a constant may have ``"irrelevant": true``: the text
says it takes no part in the equation ("Jack is 10 years old. He has 14 toy trucks ..."), so no
tree uses it; a quantity may have ``"result": true``: it says how a story ends ("Now he has 22
marbles", when x is where the story starts; or x, when the question asks how it ends), so it
stands alone on one side of "=".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..errors import InputError, check_input_file, read_json_file

#: At most this many quantities: the number of equation trees grows faster than factorially in
#: the number of quantities (n! orderings x Catalan(n-1) shapes x 4^(n-2) operators), so ranking
#: them is no longer interactive beyond it; the gold equations of SingleEq and AddSub have at most 9.
MAX_QUANTITIES = 12

UNKNOWN = "x"
#: The type of a fraction of a set ("half of the fish"): it does not make an answer fractional.
FRACTION = "fraction"
#: What the text may say is done with a quantity (Quantity.operation).
OPERATIONS = ("add", "sub", "mul", "div")


@dataclass(frozen=True)
class Quantity:
    """A number of the problem (``value`` None for the unknown) and its weighted types."""

    value: Fraction | None
    types: tuple[tuple[str, float], ...]  # (type, weight), likeliest first
    text: str = ""  # how the value is written ("17", "7.5", "x")
    relevance: float = 1.0  # in [0, 1]: how much leaving it out costs, relative to w_unused
    links: tuple[str, ...] = ()  # types the text links to this quantity's (its container, its rate unit)
    per: str = ""  # a rate's unit ("25 cents per quarter": quarter): what it multiplies
    side: int = 0  # 1 or 2: the side of the text's "is" / "equals" it stands on (0: not known)
    operation: str = ""  # add / mul: an operand of + / *; sub / div: what is subtracted / divided by
    whole: int = 0  # 1..N: a fraction of the set that quantity counts, it multiplies it (0: none)
    asks: str = ""  # the unknown's: the operation whose result the question asks ("how many fewer ... than": sub)
    irrelevant: bool = False  # the text says this constant takes no part ("Jack is 10 years old" when trucks are asked)
    result: bool = False  # how a story ends ("now he has 22 marbles", or x when asked so): one side of "=" alone

    @property
    def is_unknown(self) -> bool:
        return self.value is None

    @property
    def type(self) -> str:
        """The likeliest type."""
        return self.types[0][0]


def _parse_value(raw: object, where: str) -> tuple[Fraction | None, str]:
    if isinstance(raw, str) and raw.strip().lower() == UNKNOWN:
        return None, UNKNOWN
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise InputError(f"{where}: value {raw!r} is not a number (write \"x\" for the unknown)")
    if isinstance(raw, float) and math.isinf(raw):  # JSON's 1e400 arrives as infinity
        raise InputError(f"{where}: value is out of range (a number beyond about 1.8e308, read as infinity)")
    text = raw.strip().replace(",", "") if isinstance(raw, str) else repr(raw)
    try:
        if isinstance(raw, float) and not math.isfinite(raw):
            raise ValueError
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{where}: value {raw!r} is not a number (write \"x\" for the unknown)") from None
    if value.denominator == 1 and isinstance(raw, float):
        text = str(value.numerator)
    return value, text


def _parse_types(raw: object, where: str) -> tuple[tuple[str, float], ...]:
    if isinstance(raw, str):
        if not raw.strip():
            raise InputError(f"{where}: type is empty")
        return ((raw.strip(), 1.0),)
    if isinstance(raw, dict):
        pairs = list(raw.items())
    elif isinstance(raw, list):
        pairs = []
        for item in raw:
            if not isinstance(item, dict) or "type" not in item or "weight" not in item:
                raise InputError(f"{where}: a weighted type is written {{\"type\": ..., \"weight\": ...}}, got {item!r}")
            pairs.append((item["type"], item["weight"]))
    else:
        raise InputError(f"{where}: type must be a string or a list of weighted types, got {raw!r}")
    if not pairs:
        raise InputError(f"{where}: the list of types is empty")
    types: dict[str, float] = {}
    for name, weight in pairs:
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"{where}: type name {name!r} is not a non-empty string")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight <= 0:
            raise InputError(f"{where}: weight of type {name!r} must be a positive number, got {weight!r}")
        types[name.strip()] = types.get(name.strip(), 0.0) + float(weight)
    return tuple(sorted(types.items(), key=lambda kv: (-kv[1], kv[0])))


def quantities_from_json(data: object, source: str = "input") -> list[Quantity]:
    """Validate decoded JSON and build the quantities; errors name the index and the field."""
    if not isinstance(data, list):
        raise InputError(f"{source}: expected a JSON list of quantities, got {type(data).__name__}")
    quantities = []
    for i, item in enumerate(data, start=1):
        where = f"{source}: quantity {i}"
        if not isinstance(item, dict):
            raise InputError(f"{where}: expected an object with \"value\" and \"type\", got {item!r}")
        for key in ("value", "type"):
            if key not in item:
                raise InputError(f"{where}: missing \"{key}\"")
        value, text = _parse_value(item["value"], where)
        side = item.get("side", 0)
        if side not in (0, 1, 2) or isinstance(side, bool):
            raise InputError(f"{where}: side must be 1 or 2 (the side of the text's \"is\" it stands on), got {side!r}")
        operation = item.get("operation", "")
        if operation not in ("", *OPERATIONS):
            raise InputError(f"{where}: operation must be one of {', '.join(OPERATIONS)}, got {operation!r}")
        whole = item.get("whole", 0)
        if isinstance(whole, bool) or not isinstance(whole, int) or not 0 <= whole <= len(data) or whole == i:
            raise InputError(f"{where}: whole must be the number (1..{len(data)}) of another quantity, the set it is "
                             f"a fraction of, got {whole!r}")
        asks = item.get("asks", "")
        if asks not in ("", *OPERATIONS) or asks and value is not None:
            raise InputError(f"{where}: asks is said of the unknown only, one of {', '.join(OPERATIONS)}, got {asks!r}")
        irrelevant = item.get("irrelevant", False)
        if not isinstance(irrelevant, bool) or irrelevant and value is None:
            raise InputError(f"{where}: irrelevant is true or false, and said of a constant only, got {irrelevant!r}")
        result = item.get("result", False)
        if not isinstance(result, bool):
            raise InputError(f"{where}: result is true or false, got {result!r}")
        quantities.append(Quantity(value, _parse_types(item["type"], where), text, side=side, operation=operation,
                                   whole=whole, asks=asks, irrelevant=irrelevant, result=result))
    validate(quantities, source)
    return quantities


def validate(quantities: list[Quantity], source: str = "input") -> None:
    """The conditions every problem must meet: one unknown, a constant, at most 12 in all."""
    if not isinstance(quantities, (list, tuple)) or not all(isinstance(q, Quantity) for q in quantities):
        raise InputError(f"{source}: the quantities are a list of pyasp.algebra Quantity (load_quantities or "
                         f"quantities_from_json makes them), not {type(quantities).__name__}"
                         + (" of " + ", ".join(sorted({type(q).__name__ for q in quantities}))
                            if isinstance(quantities, (list, tuple)) else ""))
    unknowns = [i for i, q in enumerate(quantities, start=1) if q.is_unknown]
    if not unknowns:
        raise InputError(f"{source}: no unknown: mark the quantity asked for with \"value\": \"x\"")
    if len(unknowns) > 1:
        raise InputError(f"{source}: {len(unknowns)} unknowns (quantities {', '.join(map(str, unknowns))}); an equation tree has exactly one")
    if len(quantities) < 2:
        raise InputError(f"{source}: only the unknown is given; an equation needs at least one constant")
    if len(quantities) > MAX_QUANTITIES:
        raise InputError(
            f"{source}: {len(quantities)} quantities, at most {MAX_QUANTITIES} are supported: the number "
            "of equation trees grows faster than factorially with the number of quantities"
        )


def load_quantities(path: str | Path) -> list[Quantity]:
    """Read a JSON file of quantities (see the module docstring)."""
    path = check_input_file(path, "quantities file")
    data = read_json_file(path, "quantities file")
    return quantities_from_json(data, str(path))
