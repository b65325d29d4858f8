"""What the given Python files define, as the readers look names up: each binding with its role and owner.

Pure Python (``ast``; nothing of the files is run). A ``Binding`` is one name bound somewhere: a
function, a class, a method, a module constant or variable, a class attribute, an instance
attribute (``self.x = ...``), a parameter, a local. Its ``owner`` is the dotted scope
specdraft.ops names it by: the class of a method or an attribute, the function of a parameter or
a local, None at module level.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

ROLES = ("function", "class", "method", "constant", "variable", "attribute", "parameter", "local")


@dataclass(frozen=True)
class Binding:
    name: str
    role: str  # one of ROLES
    owner: str | None  # dotted: "Garage" (a method, an attribute), "load" or "Garage.leave" (a parameter, a local)
    path: str
    node: ast.AST  # the definition, the assignment's value, the parameter

    @property
    def dotted(self) -> str:
        return f"{self.owner}.{self.name}" if self.owner else self.name

    def owned_by(self, owner: str | None) -> bool:
        """Whether ``owner`` (dotted, or its last part alone) owns the binding; None: any does."""
        return owner is None or (self.owner is not None and owner in (self.owner, self.owner.split(".")[-1]))


class Names:
    """Every binding of the Python files given (path, text); files that do not parse are left out."""

    def __init__(self, files: Sequence[tuple[str, str]]) -> None:
        self.bindings: list[Binding] = []
        self.trees: dict[str, ast.Module] = {}
        # the scope an instruction opens with ("In load, rename ..."): the owner of what it names
        # where it names none itself
        self.focus: str | None = None
        self.texts = dict(files)
        for path, text in files:
            if not path.endswith((".py", ".pyi")):
                continue
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue
            self.trees[path] = tree
            self.bindings.extend(_bindings(tree, path))

    def named(self, name: str, roles: Sequence[str] = ROLES) -> list[Binding]:
        """The bindings of ``name`` in ``roles``, one per place."""
        unique: dict[tuple[str, str | None, str], Binding] = {}
        for binding in self.bindings:
            if binding.name == name and binding.role in roles:
                unique.setdefault((binding.role, binding.owner, binding.path), binding)
        return list(unique.values())

    def functions(self, dotted: str) -> list[Binding]:
        """The functions and methods whose dotted name is ``dotted`` ("load", "Garage.leave"), or
        whose own name is (a bare method name)."""
        return [b for b in self.bindings if b.role in ("function", "method") and dotted in (b.dotted, b.name)]

    def scopes(self, dotted: str) -> list[Binding]:
        """The functions, methods and classes ``dotted`` names."""
        return [b for b in self.bindings if b.role in ("function", "method", "class") and dotted in (b.dotted, b.name)]

    def the_scope(self, dotted: str) -> Binding | None:
        """The one function, method or class ``dotted`` names; None where none or several do."""
        found = self.scopes(dotted)
        return found[0] if len(found) == 1 else None

    def the_function(self, dotted: str) -> Binding | None:
        """The one function or method ``dotted`` names; None where none or several do."""
        found = self.functions(dotted)
        return found[0] if len(found) == 1 else None

    @cached_property
    def spelled(self) -> frozenset[str]:
        """Every name the files' code binds or uses (an import's, a parameter's, a name read or
        written): what code written bare in an instruction may name."""
        return frozenset(node.id if isinstance(node, ast.Name) else node.arg if isinstance(node, ast.arg)
                         else (node.asname or node.name).split(".")[0]
                         for tree in self.trees.values() for node in ast.walk(tree)
                         if isinstance(node, ast.Name | ast.arg | ast.alias))  # fmt: skip

    def parameters(self, function: Binding) -> list[ast.arg]:
        node = function.node
        assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        return _parameters(node.args)


def _bindings(tree: ast.Module, path: str) -> Iterator[Binding]:
    yield from _in_body(tree.body, None, "module", path)


def _in_body(body: Sequence[ast.stmt], owner: str | None, kind: str, path: str) -> Iterator[Binding]:
    """The bindings of a module, class or function body (``kind``), owned by ``owner``."""
    for statement in _flat(body):
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            role = "method" if kind == "class" else "function" if kind == "module" else "local"
            yield Binding(statement.name, role, owner, path, statement)
            dotted = f"{owner}.{statement.name}" if owner else statement.name
            for arg in _parameters(statement.args):
                if arg.arg not in ("self", "cls"):
                    yield Binding(arg.arg, "parameter", dotted, path, arg)
            yield from _in_body(statement.body, dotted, "function", path)
            if kind == "class":
                for node in ast.walk(statement):
                    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                            isinstance(node.value, ast.Name) and node.value.id == "self":  # fmt: skip
                        yield Binding(node.attr, "attribute", owner, path, node)
        elif isinstance(statement, ast.ClassDef):
            yield Binding(statement.name, "class" if kind != "function" else "local", owner, path, statement)
            dotted = f"{owner}.{statement.name}" if owner else statement.name
            yield from _in_body(statement.body, dotted, "class", path)
        else:
            for name, value in _assigned(statement):
                if kind == "module":
                    role = "constant" if name.lstrip("_").isupper() else "variable"
                else:
                    role = "attribute" if kind == "class" else "local"
                yield Binding(name, role, owner, path, value if value is not None else statement)


def _parameters(args: ast.arguments) -> list[ast.arg]:
    """Every parameter of a def, in order: positional, keyword-only, then ``*args`` and ``**kwargs``."""
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    return every + [a for a in (args.vararg, args.kwarg) if a is not None]


def _flat(body: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body, with those inside its if/for/while/with/try blocks (same scope)."""
    for statement in body:
        yield statement
        if isinstance(statement, ast.If | ast.For | ast.AsyncFor | ast.While | ast.With | ast.AsyncWith):
            yield from _flat(statement.body)
            yield from _flat(getattr(statement, "orelse", []))
        elif isinstance(statement, ast.Try):
            for block in (statement.body, *(h.body for h in statement.handlers), statement.orelse, statement.finalbody):
                yield from _flat(block)


def _assigned(statement: ast.stmt) -> Iterator[tuple[str, ast.expr | None]]:
    """(name, value) for each plain name a statement binds by assignment or a loop."""
    if isinstance(statement, ast.Assign):
        for target in statement.targets:
            for name in _target_names(target):
                yield name, statement.value if isinstance(target, ast.Name) else None
    elif isinstance(statement, ast.AnnAssign | ast.AugAssign) and isinstance(statement.target, ast.Name):
        yield statement.target.id, statement.value if isinstance(statement, ast.AnnAssign) else None
    elif isinstance(statement, ast.For | ast.AsyncFor):
        for name in _target_names(statement.target):
            yield name, None
    elif isinstance(statement, ast.With | ast.AsyncWith):
        for item in statement.items:
            if item.optional_vars is not None:
                for name in _target_names(item.optional_vars):
                    yield name, None


def _target_names(target: ast.expr) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _target_names(element)


def literal(node: ast.AST | None) -> object:
    """The value of a literal node (numbers, strings, True/False/None, a negative number); a
    sentinel ``NOT_LITERAL`` where it is not one."""
    try:
        return ast.literal_eval(node) if node is not None else NOT_LITERAL
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_LITERAL


NOT_LITERAL = object()
