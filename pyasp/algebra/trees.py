"""Decode: answer sets -> equation trees; their infix and postfix forms, answer and DOT picture.

An :class:`EquationTree` is an equation ``left = right`` over the quantities of a problem, with
"=" once, at the root, and the unknown exactly once (the packaged encoding also uses each constant
at most once; a user's encoding may reuse constants). Because x occurs once, the equation is
solved by undoing, with SymPy's exact rationals, the operations on the path from the root to x.
:meth:`EquationTree.check` says what keeps a token sequence from being such a tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ..asp import Func, Model
from .quantities import Quantity

OPERATORS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "eq": "="}


@dataclass(frozen=True)
class Leaf:
    index: int  # 1-based text position of the quantity


@dataclass(frozen=True)
class Node:
    op: str  # add, sub, mul, div, eq
    left: Leaf | Node
    right: Leaf | Node


@dataclass(frozen=True)
class EquationTree:
    """An equation tree over ``quantities``, stored as its postfix token sequence.

    Tokens are quantity indices (int, 1-based) and operator names (``add`` ... ``eq``).
    ``violations`` names every violated soft constraint of nonzero weight, once per violation;
    a negative weight (a reward a user's encoding may give) is listed too, so that the weights of
    the listed names add up to ``cost``.
    """

    postfix_tokens: tuple[int | str, ...]
    quantities: tuple[Quantity, ...]
    cost: int = 0
    violations: tuple[str, ...] = ()
    types: dict = field(default_factory=dict, compare=False, hash=False)  # position -> type name

    # -- structure ------------------------------------------------------------------------------
    @property
    def root(self) -> Node:
        """The "=" node; ValueError (saying what is wrong) when the postfix sequence is no tree
        with "=" at its root."""
        stack: list[Leaf | Node] = []
        for position, token in enumerate(self.postfix_tokens, start=1):
            if isinstance(token, int):
                stack.append(Leaf(token))
            else:
                if len(stack) < 2:
                    raise ValueError(f"malformed postfix sequence {self.postfix_tokens}: "
                                     f"the {_symbol(token)} at position {position} has fewer than two operands")
                right = stack.pop()
                stack.append(Node(token, stack.pop(), right))
        if not stack:
            raise ValueError(f"malformed postfix sequence {self.postfix_tokens}")
        if len(stack) > 1:
            raise ValueError(f"malformed postfix sequence {self.postfix_tokens}: "
                             f"{len(stack)} values are left at the end, not one")
        if not (isinstance(stack[0], Node) and stack[0].op == "eq"):
            top = stack[0].op if isinstance(stack[0], Node) else "a quantity"
            raise ValueError(f"malformed postfix sequence {self.postfix_tokens}: the root is {_symbol(top)}, not =")
        return stack[0]

    def check(self) -> None:
        """ValueError saying what keeps this sequence from being a single-variable equation
        tree: a token that is no operator or quantity, a malformed postfix sequence, "=" other
        than once at the root, or the unknown other than exactly once."""
        for token in self.postfix_tokens:
            quantity = isinstance(token, int) and not isinstance(token, bool) and 1 <= token <= len(self.quantities)
            if not (quantity or (isinstance(token, str) and token in OPERATORS)):
                raise ValueError(f"at/2 names {_term_text(token)}, neither an operator nor a quantity")
        self.root  # noqa: B018 - raises ValueError on a malformed postfix sequence
        equalities = self.postfix_tokens.count("eq")
        if equalities != 1:
            raise ValueError(f"= occurs {equalities} times, once expected: postfix {self.postfix}")
        unknowns = sum(1 for t in self.postfix_tokens if isinstance(t, int) and self.quantities[t - 1].is_unknown)
        if unknowns != 1:
            raise ValueError(f"the unknown x occurs {unknowns} times, once expected: postfix {self.postfix}")

    def _leaf_text(self, leaf: Leaf) -> str:
        return self.quantities[leaf.index - 1].text

    def _infix(self, node: Leaf | Node, top: bool) -> str:
        if isinstance(node, Leaf):
            return self._leaf_text(node)
        text = f"{self._infix(node.left, False)}{OPERATORS[node.op]}{self._infix(node.right, False)}"
        return text if top else f"({text})"

    @property
    def equation(self) -> str:
        """Infix form with every compound operand in parentheses: ``17+(7*x)=80``."""
        root = self.root
        return f"{self._infix(root.left, True)}={self._infix(root.right, True)}"

    @property
    def postfix(self) -> str:
        """Postfix form, space separated: ``17 7 x * + 80 =``."""
        return " ".join(
            self.quantities[t - 1].text if isinstance(t, int) else OPERATORS[t] for t in self.postfix_tokens
        )

    # -- solving ------------------------------------------------------------------------------
    def _value(self, node: Leaf | Node) -> sympy.Rational | None:
        """The value of a subtree without x (None where it divides by zero)."""
        if isinstance(node, Leaf):
            v = self.quantities[node.index - 1].value
            return sympy.Rational(v.numerator, v.denominator)
        left, right = self._value(node.left), self._value(node.right)
        if left is None or right is None:
            return None
        if node.op == "add":
            return left + right
        if node.op == "sub":
            return left - right
        if node.op == "mul":
            return left * right
        return None if right == 0 else left / right

    def _has_unknown(self, node: Leaf | Node) -> bool:
        if isinstance(node, Leaf):
            return self.quantities[node.index - 1].is_unknown
        return self._has_unknown(node.left) or self._has_unknown(node.right)

    def answer(self) -> sympy.Rational | None:
        """The value of x, or None when the equation has no unique solution.

        x occurs once, so the side holding it is peeled from the root down: at each operator
        the other operand is a number and the operation is undone on the other side of "=".
        A tree that breaks this (see :meth:`check`) raises ValueError.
        """
        self.check()
        root = self.root
        if self._has_unknown(root.left):
            side, target = root.left, self._value(root.right)
        else:
            side, target = root.right, self._value(root.left)
        while target is not None and isinstance(side, Node):
            x_left = self._has_unknown(side.left)
            other = self._value(side.right if x_left else side.left)
            if other is None:
                return None
            target = _undo(side.op, target, other, x_left)
            side = side.left if x_left else side.right
        return target

    def sympy_equation(self) -> sympy.Eq:
        """The equation as a SymPy ``Eq`` in the symbol ``x``."""
        x = sympy.Symbol("x")

        def build(node: Leaf | Node):
            if isinstance(node, Leaf):
                q = self.quantities[node.index - 1]
                return x if q.is_unknown else sympy.Rational(q.value.numerator, q.value.denominator)
            a, b = build(node.left), build(node.right)
            return {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b, "div": lambda: a / b}[node.op]()

        root = self.root
        return sympy.Eq(build(root.left), build(root.right), evaluate=False)

    # -- pictures -----------------------------------------------------------------------------
    def to_dot(self) -> str:
        """Graphviz DOT text of the tree; each node shows its symbol and its type."""
        lines = ["digraph equation_tree {", '  node [shape=box, fontname="Helvetica"];']
        counter = iter(range(1, 10**6))
        position = iter(range(1, len(self.postfix_tokens) + 1))
        ids: dict[int, str] = {}

        def visit(node: Leaf | Node) -> str:
            # postfix order: children first, then the node (matches the positions of `types`)
            if isinstance(node, Node):
                left, right = visit(node.left), visit(node.right)
            pos = next(position)
            name = f"n{next(counter)}"
            ids[pos] = name
            type_name = self.types.get(pos, "")
            suffix = f"\\n{type_name}" if type_name else ""
            if isinstance(node, Leaf):
                label = self._leaf_text(node)
                lines.append(f'  {name} [label="{_escape(label)}{_escape(suffix)}", shape=ellipse];')
            else:
                lines.append(f'  {name} [label="{OPERATORS[node.op]}{_escape(suffix)}"];')
                lines.append(f"  {name} -> {left};")
                lines.append(f"  {name} -> {right};")
            return name

        visit(self.root)
        lines.append("}")
        return "\n".join(lines) + "\n"


def _undo(op: str, target, other, x_left: bool):
    """Solve ``E op other = target`` (x_left) or ``other op E = target`` for E."""
    if op == "add":
        return target - other
    if op == "sub":
        return target + other if x_left else other - target
    if op == "mul":
        return None if other == 0 else target / other
    # div: E / other = target  ->  E = target * other;  other / E = target  ->  E = other / target
    if x_left:
        return None if other == 0 else target * other
    return None if target == 0 or other == 0 else other / target


def _escape(text: str) -> str:
    return text.replace('"', '\\"')


def _symbol(token) -> str:
    return OPERATORS.get(token, token) if isinstance(token, str) else _term_text(token)


def _term_text(value) -> str:
    """A value read from a model, written back as clingo writes it: ``q(9)``, ``(1,2)``, ``a``."""
    if isinstance(value, Func):
        return f"{value.name}({','.join(_term_text(a) for a in value.args)})"
    if isinstance(value, tuple):
        return f"({','.join(_term_text(a) for a in value)}{',' if len(value) == 1 else ''})"
    return str(value)


def tree_from_model(model: Model, quantities: list[Quantity]) -> EquationTree:
    """Read ``at/2``, ``violation/3`` and ``type/2`` atoms of a model into an EquationTree.

    ValueError when the ``at/2`` atoms are not one symbol at each position 1..L; whether the
    symbols make an equation tree is :meth:`EquationTree.check`'s question.
    """
    at = model.atoms("at", 2)
    symbols: dict[int, list] = {}
    for position, sym in at:
        if not isinstance(position, int) or isinstance(position, bool) or position < 1:
            raise ValueError(f"at/2 has position {_term_text(position)}; positions are 1, 2, ..., L")
        symbols.setdefault(position, []).append(sym)
    for position, found in sorted(symbols.items()):
        if len(found) > 1:
            raise ValueError(f"position {position} holds {len(found)} symbols, one expected: {', '.join(map(_term_text, found))}")
    expected = set(range(1, len(symbols) + 1))
    if set(symbols) != expected:
        missing = min(expected - set(symbols))
        raise ValueError(f"the positions are {', '.join(map(str, sorted(symbols)))}, not 1..{len(symbols)}: "
                         f"position {missing} holds no symbol")
    tokens: list = []
    for position in sorted(symbols):
        sym = symbols[position][0]
        quantity = isinstance(sym, Func) and sym.name == "q" and len(sym.args) == 1 and isinstance(sym.args[0], int)
        tokens.append(sym.args[0] if quantity else sym)
    violations = tuple(sorted(_term_text(name) for name, weight, _ in model.atoms("violation", 3) if weight != 0))
    types = {pos: str(t) for pos, t in model.atoms("type", 2)}
    cost = model.cost_at(0)  # lower priorities only break ties (see the encoding)
    return EquationTree(tuple(tokens), tuple(quantities), cost, violations, types)


