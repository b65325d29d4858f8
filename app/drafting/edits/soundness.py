"""Whether a model's text edit leaves a Python file broken, judged from the file alone.

A draft is broken when the file parsed before it and does not after, when it defines a function
or class a second time in the same body (a def renamed to its neighbour's name: the first is
lost), or when it leaves a name used that nothing defines any more: a module-level name the draft
unbinds (a deleted import, a def renamed at its definition only) or one it brings in (a call of a
function nothing in the file defines or imports). Such a draft is never a useful suggestion: the
requester withholds it (a failed block with the model's text and this reason) as it withholds one
the model was not sure of.

Conservative by construction, so that no sound draft is held back: only .py files that parse
before are judged; a name bound anywhere in the file after the draft (any scope, any kind of
binding) counts as defined; a builtin counts as defined; a file with a star import, or where a
function declares the name global, is not judged for names; names the file already used without
defining before (injected globals) are left alone.
"""

from __future__ import annotations

import ast
import builtins

# names a module has without binding them
_MODULE_NAMES = frozenset(dir(builtins)) | {
    "__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__", "__builtins__", "__path__",
    "__annotations__", "__dict__", "__qualname__", "__module__", "__class__",
}  # fmt: skip


NOT_PARSING = "the draft does not parse as Python"  # how a reason says the file does not parse


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def _names(tree: ast.Module) -> tuple[set[str], set[str], bool]:
    """(names bound anywhere, names loaded anywhere, whether names cannot be judged: a star
    import or a global declaration)."""
    bound: set[str] = set()
    loaded: set[str] = set()
    unknowable = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    unknowable = True
                bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
            unknowable = unknowable or isinstance(node, ast.Global)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
    return bound, loaded, unknowable


def _doubled(tree: ast.Module) -> set[str]:
    """The functions and classes defined twice in one body (the first one lost), by dotted name:
    undecorated definitions only (a property's setter, an overload or a registered variant is
    meant), and only those directly in a module's, class's or function's body (a definition under
    `if` or `try` may be meant as another's alternative)."""
    found: set[str] = set()

    def visit(body: list[ast.stmt], prefix: str) -> None:
        seen: set[str] = set()
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if not node.decorator_list:
                    if node.name in seen:
                        found.add(prefix + node.name)
                    seen.add(node.name)
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return found


def broken(before: str, after: str, path: str) -> str | None:
    """Why ``after``, a model's rewrite of ``before`` (the file ``path``), is broken, or None."""
    if not path.endswith((".py", ".pyi")) or after == before:
        return None
    old = _parse(before)
    if old is None:
        return None  # it did not parse before: nothing to judge it by
    try:
        new = ast.parse(after)
    except SyntaxError as error:
        where = f"line {error.lineno}: " if error.lineno else ""
        return f"{NOT_PARSING} ({where}{error.msg}), where the file did before"
    except (ValueError, MemoryError, RecursionError) as error:
        return f"{NOT_PARSING} ({error}), where the file did before"
    doubled = sorted(_doubled(new) - _doubled(old))
    if doubled:
        return f"the draft defines `{doubled[0]}` twice, the first one lost, where the file did not"
    old_bound, old_loaded, old_unknowable = _names(old)
    new_bound, new_loaded, new_unknowable = _names(new)
    if old_unknowable or new_unknowable:
        return None
    dangling = sorted((new_loaded - new_bound - _MODULE_NAMES) - (old_loaded - old_bound))
    if not dangling:
        return None
    named = ", ".join(f"`{name}`" for name in dangling[:3]) + (" ..." if len(dangling) > 3 else "")
    return f"the draft leaves {named} used where nothing in the file defines or imports it any more"


def broken_pieces(before: str, pieces: list[str], originals: dict[int, str], path: str) -> dict[int, str]:
    """The pieces of a draft made piece by piece (a window each) to withhold, with the reason.

    ``pieces``: the file as drafted, in pieces whose concatenation is the new text; ``originals``:
    for each piece the model changed, its text before (the other pieces are as they were). A
    draft that is sound as a whole keeps every piece, even where one alone would not be (a rename
    split between two windows). Else the pieces that do not parse alone go first (a syntax error
    is local), then those broken alone, and if what is left is still broken, all of it."""
    if broken(before, "".join(pieces), path) is None:
        return {}

    def joined(kept: set[int]) -> str:
        return "".join(piece if i not in originals or i in kept else originals[i] for i, piece in enumerate(pieces))

    withheld: dict[int, str] = {}
    alone = {i: broken(before, joined({i}), path) for i in originals}
    for i, reason in alone.items():
        if reason is not None and reason.startswith(NOT_PARSING):
            withheld[i] = reason
    for rule in ("names", "all"):
        rest = set(originals) - set(withheld)
        reason = broken(before, joined(rest), path)
        if reason is None:
            break
        for i in sorted(rest):
            if rule == "all" or alone[i] is not None:
                withheld[i] = reason if rule == "all" else alone[i]
    return withheld
