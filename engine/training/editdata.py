"""Training data for the builtin models: Python standard library source and synthetic code edits.

Everything is made here, deterministically: the source files of this machine's Python standard
library (tests, IDLE, generated tables and third-party packages excluded), a file-level held-out
split, and mechanical edits generated with `ast`/`tokenize` from functions and classes in those
files: (original snippet, instruction, edited snippet). Every edited snippet parses, and differs
from the original exactly as its instruction says (tests/engine/training/test_editdata.py checks each kind).
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import io
import keyword
import random
import re
import sysconfig
import textwrap
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from specdraft.engine.editprompt import instruction_misses

HELDOUT_PERCENT = 5  # files whose path hashes below this percentage are never trained on

# Directories (relative to the stdlib root) left out: tests, IDLE and demos, generated tables,
# bundled wheels, third-party packages, build configuration.
EXCLUDED_DIRS = {
    "test", "tests", "idle_test", "idlelib", "turtledemo", "site-packages", "dist-packages",
    "lib2to3", "ensurepip", "pydoc_data", "encodings", "__pycache__", "lib-dynload",
    "config-3.10-x86_64-linux-gnu", "config-3.11-x86_64-linux-gnu", "config-3.12-x86_64-linux-gnu",
    "config-3.13-x86_64-linux-gnu", "__phello__",
}
EXCLUDED_FILES = {
    "__hello__.py", "antigravity.py", "this.py", "stringprep.py",  # jokes and generated tables
}
MAX_FILE_BYTES = 400_000


@dataclass(frozen=True)
class EditExample:
    """One synthetic edit: the model sees `instruction` and `original`, answers with `edited`."""

    kind: str
    instruction: str
    original: str
    edited: str
    path: str  # stdlib file the snippet comes from, relative to the stdlib root
    scope: str = "snippet"  # "snippet": one function or class, dedented; "window": lines of a module

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def stdlib_root() -> Path:
    """The directory of this interpreter's pure-Python standard library."""
    return Path(sysconfig.get_paths()["stdlib"])


def list_stdlib_files(root: Path | None = None) -> list[str]:
    """Relative paths (sorted) of the standard-library .py files used for training and evaluation."""
    root = root or stdlib_root()
    paths = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root)
        if any(part in EXCLUDED_DIRS or part.startswith("test_") for part in rel.parts[:-1]):
            continue
        if rel.name in EXCLUDED_FILES or rel.name.startswith("test_") or rel.name == "__main__.py":
            continue
        if path.stat().st_size > MAX_FILE_BYTES:
            continue
        paths.append(rel.as_posix())
    return sorted(paths)


def is_heldout(relpath: str) -> bool:
    """Deterministic file-level split: about HELDOUT_PERCENT % of files are held out."""
    digest = hashlib.sha1(relpath.encode("utf-8")).hexdigest()
    return int(digest[:8], 16) % 100 < HELDOUT_PERCENT


def read_source(root: Path, relpath: str) -> str | None:
    """A file's text, or None if it is not UTF-8 or does not parse with this Python."""
    try:
        text = (root / relpath).read_text(encoding="utf-8")
        ast.parse(text)
    except (UnicodeDecodeError, SyntaxError, ValueError):
        return None
    return text


# ---------------------------------------------------------------------------------------------
# snippets


def extract_snippets(source: str, min_lines: int = 4, max_lines: int = 60) -> list[str]:
    """Top-level functions and classes, and methods (dedented), of `min_lines`..`max_lines` lines.

    Only ASCII snippets are kept, so that `ast` column offsets (bytes) equal string offsets.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    nodes: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            nodes.append(node)
            if isinstance(node, ast.ClassDef):
                nodes.extend(
                    n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                )
    snippets = []
    for node in nodes:
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        end = node.end_lineno
        if not min_lines <= end - start + 1 <= max_lines:
            continue
        text = textwrap.dedent("".join(lines[start - 1 : end]))
        if not text.endswith("\n"):
            text += "\n"
        if not text.isascii() or "\t" in text or "\f" in text or "\\\n" in text:
            continue
        try:
            ast.parse(text)
        except SyntaxError:
            continue
        snippets.append(text)
    return snippets


def extract_windows(source: str, rng: random.Random, min_lines: int = 6, max_lines: int = 36) -> list[str]:
    """Windows of a module's lines such as the app sends a local model for a long file.

    Runs of two or more consecutive statements, at the top level or in a class body (indented
    as in the file), with the blank lines and comments between them, `min_lines`..`max_lines`
    lines long (a random size per window), tiling the module: imports, constants, several
    functions or methods in one window. ASCII only, like the snippets.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    bodies = [tree.body] + [node.body for node in tree.body if isinstance(node, ast.ClassDef)]
    windows = []
    for body in bodies:
        starts = [min([s.lineno] + [d.lineno for d in getattr(s, "decorator_list", [])]) for s in body]
        ends = [s.end_lineno or s.lineno for s in body]
        i = 0
        while i < len(body):
            size = rng.randint(min_lines, max_lines)
            j = i
            while j + 1 < len(body) and ends[j + 1] - starts[i] + 1 <= size:
                j += 1
            if j == i or ends[j] - starts[i] + 1 < min_lines:
                i += 1
                continue
            text = "".join(lines[starts[i] - 1 : ends[j]])
            if not text.endswith("\n"):
                text += "\n"
            if _window_ok(text):
                windows.append(text)
            i = j + 1
    return windows


def _window_ok(text: str) -> bool:
    if not text.isascii() or "\t" in text or "\f" in text or "\\\n" in text or re.search(r"^[ ]+$", text, re.M):
        return False
    prefix = _indent_of(text)
    return textwrap.indent(textwrap.dedent(text), prefix) == text


def _indent_of(text: str) -> str:
    """The whitespace textwrap.dedent takes off every line of `text`."""
    dedented = textwrap.dedent(text)
    for line, original in zip(dedented.splitlines(), text.splitlines(), strict=True):
        if line.strip():
            return original[: len(original) - len(line)]
    return ""


def make_window_edit(window: str, kind: str, rng: random.Random) -> tuple[str, str] | None:
    """make_edit on a window that may be indented (methods of a class): edited at column 0,
    indented back as in the file."""
    prefix = _indent_of(window)
    result = make_edit(textwrap.dedent(window), kind, rng)
    if result is None:
        return None
    return result[0], textwrap.indent(result[1], prefix)


def generate_window_edits(files: list[tuple[str, str]], seed: int, unchanged_share: float = 0.15,
                          passes: int = 1) -> Iterator[EditExample]:  # fmt: skip
    """One edit per window of each file (kinds kept roughly balanced; `passes` tilings of each
    file, with other window sizes each), and for about `unchanged_share` of the windows also the
    instruction of another window of the same file that quotes nothing in this one, answered with
    the window unchanged (kind "no_change"): a long file is rewritten window by window, and most
    windows must come back as they were.
    """
    rng = random.Random(seed)
    counts = dict.fromkeys(EDIT_KINDS, 0)
    for relpath, text in (item for _ in range(passes) for item in files):
        windows = extract_windows(text, rng)
        made: list[tuple[int, str]] = []
        for number, window in enumerate(windows):
            for kind in sorted(EDIT_KINDS, key=lambda k: (counts[k], rng.random())):
                result = make_window_edit(window, kind, rng)
                if result is not None:
                    counts[kind] += 1
                    made.append((number, result[0]))
                    yield EditExample(kind, result[0], window, result[1], relpath, "window")
                    break
        for number, window in enumerate(windows):
            if rng.random() >= unchanged_share:
                continue
            others = [instruction for n, instruction in made if n != number and instruction_misses(instruction, window)]
            if others:
                yield EditExample("no_change", rng.choice(others), window, window, relpath, "window")


# ---------------------------------------------------------------------------------------------
# helpers over positions


class _Source:
    """A snippet with its AST and helpers to turn (line, column) positions into string offsets."""

    def __init__(self, text: str):
        self.text = text
        self.tree = ast.parse(text)
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.names = {tok.string for tok in _tokens(text) if tok.type == tokenize.NAME}

    def offset(self, lineno: int, col: int) -> int:
        return self.starts[lineno - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.text[start:end]

    def line_of(self, lineno: int) -> str:
        return self.lines[lineno - 1]

    def functions(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        return [n for n in ast.walk(self.tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]

    def fresh_name(self, rng: random.Random, hint: str = "") -> str:
        """A new identifier that does not occur in the snippet and is no keyword or builtin."""
        for _ in range(50):
            style = rng.random()
            word = rng.choice(NAME_WORDS)
            if style < 0.4:
                name = word
            elif style < 0.75:
                name = f"{word}_{rng.choice(NAME_WORDS)}"
            elif hint and not hint.startswith("_"):
                name = f"{hint}_{word}" if rng.random() < 0.5 else f"{word}_{hint}"
            else:
                name = f"{rng.choice(NAME_PREFIXES)}_{word}"
            if hint.startswith("_") and not name.startswith("_"):
                name = "_" + name
            if name not in self.names and not keyword.iskeyword(name) and not hasattr(builtins, name):
                return name
        return f"renamed_{hint.strip('_') or 'name'}_{rng.randrange(1000)}"

    def header_colon(self, func: ast.AST) -> int:
        """Offset of the ':' that ends a def/class header (the first ':' at bracket depth 0)."""
        start = self.offset(func.lineno, func.col_offset)
        depth = 0
        for tok in _tokens(self.text):
            tok_start = self.offset(*tok.start)
            if tok_start < start or tok.type != tokenize.OP:
                continue
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                depth -= 1
            elif tok.string == ":" and depth == 0:
                return tok_start
        raise ValueError("no header colon")


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _replace(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply (start, end, new_text) replacements given as string offsets (non-overlapping)."""
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" "))]


def _quoted(name: str) -> str:
    return f"`{name}`"


def _func_label(func: ast.AST) -> str:
    return _quoted(func.name)


def _inside_fstring(tree: ast.AST) -> set[int]:
    """ids of nodes inside f-strings (their positions are unreliable before Python 3.12)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inside.update(id(n) for n in ast.walk(node))
    return inside


def _simple_params(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    a = func.args
    return not (a.posonlyargs or a.vararg or a.kwonlyargs or a.kwarg)


def _param_elements(func: ast.AST) -> list[tuple[ast.arg, ast.expr | None]]:
    """Positional parameters with their defaults (None when a parameter has none)."""
    args = func.args.args
    defaults = [None] * (len(args) - len(func.args.defaults)) + list(func.args.defaults)
    return list(zip(args, defaults, strict=True))


def _is_self(arg: ast.arg, index: int) -> bool:
    return index == 0 and arg.arg in ("self", "cls", "mcs", "klass")


def _single_line_statements(src: _Source) -> list[tuple[ast.stmt, list[ast.stmt]]]:
    """Simple statements alone on their line, with the body list that holds them."""
    found = []
    for node in ast.walk(src.tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for stmt in body:
                if not isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)):
                    continue
                if stmt.lineno != stmt.end_lineno:
                    continue
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    continue  # docstrings and bare constants
                line = src.line_of(stmt.lineno)
                if line.strip() != src.segment(stmt).strip():
                    continue  # shares its line (`;`) or carries a comment
                found.append((stmt, body))
    return found


def _unique_line(src: _Source, lineno: int) -> str | None:
    stripped = src.line_of(lineno).strip()
    count = sum(1 for line in src.lines if line.strip() == stripped)
    return stripped if count == 1 else None


NAME_WORDS = [
    "value", "item", "result", "data", "count", "index", "name", "key", "text", "buf", "node",
    "entry", "total", "offset", "size", "path", "line", "token", "record", "field", "target",
    "source", "config", "options", "state", "handle", "chunk", "label", "number", "flag", "limit",
    "items", "parts", "values", "prefix", "suffix", "mode", "level", "width", "height", "pos",
    "start", "end", "current", "parent", "child", "message", "payload", "header", "body", "info",
]
NAME_PREFIXES = ["new", "old", "tmp", "raw", "max", "min", "num", "is", "has", "last", "first"]
TYPE_HINTS = ["int", "str", "bool", "float", "bytes", "list", "dict", "tuple", "object",
              "int | None", "str | None", "list[str]", "dict[str, int]"]
EXCEPTIONS = ["ValueError", "KeyError", "OSError", "TypeError", "Exception", "AttributeError",
              "IndexError", "RuntimeError"]


# ---------------------------------------------------------------------------------------------
# the edit kinds: each takes a snippet and a seeded RNG and returns (instruction, edited) or None

EditFn = Callable[[_Source, random.Random], "tuple[str, str] | None"]


def edit_rename_variable(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Rename a parameter or local variable of a function: every Name/arg with that id."""
    funcs = src.functions()
    if not funcs:
        return None
    func = rng.choice(funcs)
    params = [a.arg for i, a in enumerate(func.args.args) if not _is_self(a, i)]
    params += [a.arg for a in func.args.kwonlyargs]
    stored = [n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    candidates = sorted(set(params + stored))
    if not candidates:
        return None
    old = rng.choice(candidates)
    skip = _inside_fstring(src.tree)
    for node in ast.walk(src.tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and old in node.names:
            return None
        if isinstance(node, ast.keyword) and node.arg == old:
            return None  # a call passing `old=` would also need renaming; leave those alone
        if id(node) in skip and isinstance(node, ast.Name) and node.id == old:
            return None
    new = src.fresh_name(rng, old)
    edits = []
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Name) and node.id == old:
            start, end = src.span(node)
        elif isinstance(node, ast.arg) and node.arg == old:
            start = src.offset(node.lineno, node.col_offset)
            end = start + len(old)
        else:
            continue
        if src.text[start:end] != old:
            return None
        edits.append((start, end, new))
    what = "parameter" if old in params else "variable"
    instruction = rng.choice([
        f"Rename the {what} `{old}` to `{new}`.",
        f"Rename `{old}` to `{new}`.",
        f"In {_func_label(func)}, rename the {what} `{old}` to `{new}`.",
        f"Change the name of the {what} `{old}` to `{new}` everywhere it is used.",
    ])
    return instruction, _replace(src.text, edits)


def edit_rename_function(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Rename a function or method and its uses in the snippet (calls and self./cls. attributes)."""
    funcs = src.functions()
    if not funcs:
        return None
    func = rng.choice(funcs)
    old = func.name
    if old.startswith("__") and old.endswith("__"):
        return None  # dunder methods are called by Python, not by name
    match = re.compile(r"(async\s+)?def\s+(" + re.escape(old) + r")\b").match(
        src.line_of(func.lineno), func.col_offset
    )
    if not match:
        return None
    new = src.fresh_name(rng, old)
    start = src.offset(func.lineno, match.start(2))
    edits = [(start, start + len(old), new)]
    skip = _inside_fstring(src.tree)
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Name) and node.id == old:
            if id(node) in skip:
                return None
            s, e = src.span(node)
        elif isinstance(node, ast.Attribute) and node.attr == old:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                continue
            if id(node) in skip:
                return None
            e = src.offset(node.end_lineno, node.end_col_offset)
            s = e - len(old)
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and old in node.names:
            return None
        else:
            continue
        if src.text[s:e] != old:
            return None
        edits.append((s, e, new))
    kind = "method" if func.args.args and func.args.args[0].arg in ("self", "cls") else "function"
    uses = len(edits) - 1
    instruction = rng.choice([
        f"Rename the {kind} `{old}` to `{new}`" + (" and update its uses." if uses else "."),
        f"Rename `{old}` to `{new}`.",
        f"Change the name of the {kind} `{old}` to `{new}`.",
    ])
    return instruction, _replace(src.text, edits)


def _literal_text(value: object, rng: random.Random, quote: str = "'") -> str:
    return repr(value) if not isinstance(value, str) else f"{quote}{value}{quote}"


def _new_constant(value: object, rng: random.Random) -> object | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        choices = [value + 1, value - 1, value * 2, value + 10, rng.randrange(0, 100), rng.choice([8, 16, 32, 64, 100, 256, 1000, 1024])]
        choices = [c for c in choices if c != value and c >= 0]
        return rng.choice(choices) if choices else None
    if isinstance(value, float):
        return rng.choice([value * 2, value / 2, round(value + 0.5, 3), 0.1, 1.5])
    if isinstance(value, str):
        word = rng.choice(NAME_WORDS)
        return rng.choice([word, word.upper(), f"{value}_{word}" if value.isidentifier() else word])
    return None


def edit_change_literal(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Change a number or short string literal that occurs once in the snippet."""
    skip = _inside_fstring(src.tree)
    docstrings = {
        id(n.body[0].value) for n in ast.walk(src.tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module))
        and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)
    }
    candidates = []
    for node in ast.walk(src.tree):
        if not isinstance(node, ast.Constant) or id(node) in skip or id(node) in docstrings:
            continue
        if node.lineno != node.end_lineno:
            continue
        value = node.value
        seg = src.segment(node)
        if isinstance(value, bool) or value is None or isinstance(value, (bytes, complex)):
            continue
        if isinstance(value, str):
            if not (1 <= len(value) <= 24) or not re.fullmatch(r"[\w .,:;/-]*", value):
                continue
            if seg not in (f"'{value}'", f'"{value}"'):
                continue  # prefixes, escapes, implicit concatenation
        elif isinstance(value, (int, float)) and seg != repr(value):
            continue  # hex, underscores, exponents: keep to plain decimals
        if src.text.count(seg) != 1:
            continue
        candidates.append(node)
    if not candidates:
        return None
    node = rng.choice(candidates)
    new_value = _new_constant(node.value, rng)
    if new_value is None or new_value == node.value:
        return None
    old_text = src.segment(node)
    new_text = f"{old_text[0]}{new_value}{old_text[0]}" if isinstance(node.value, str) else repr(new_value)
    start, end = src.span(node)
    line = src.line_of(node.lineno).strip()
    instruction = rng.choice([
        f"Change {old_text} to {new_text}.",
        f"Replace the literal {old_text} with {new_text}.",
        f"In the line `{line}`, change {old_text} to {new_text}." if len(line) < 80 else f"Change {old_text} to {new_text}.",
    ])
    return instruction, _replace(src.text, [(start, end, new_text)])


def edit_change_default(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Change the default value of a parameter."""
    candidates = []
    for func in src.functions():
        for arg, default in _param_elements(func):
            if default is not None:
                candidates.append((func, arg, default))
        for arg, default in zip(func.args.kwonlyargs, func.args.kw_defaults, strict=True):
            if default is not None:
                candidates.append((func, arg, default))
    candidates = [c for c in candidates if isinstance(c[2], ast.Constant) and c[2].lineno == c[2].end_lineno]
    if not candidates:
        return None
    func, arg, default = rng.choice(candidates)
    value = default.value
    if isinstance(value, bool):
        new_text = repr(not value)
    elif value is None:
        new_text = rng.choice(["0", "''", "False", "()", "-1"])
    else:
        new_value = _new_constant(value, rng)
        if new_value is None:
            return None
        seg = src.segment(default)
        if isinstance(value, str):
            if seg[0] not in "'\"" or seg[-1] != seg[0] or seg[1:-1] != value:
                return None
            new_text = f"{seg[0]}{new_value}{seg[0]}"
        else:
            new_text = repr(new_value)
    start, end = src.span(default)
    instruction = rng.choice([
        f"Change the default value of `{arg.arg}` in {_func_label(func)} to `{new_text}`.",
        f"Make `{arg.arg}` default to `{new_text}`.",
        f"Set the default of the parameter `{arg.arg}` to `{new_text}`.",
    ])
    return instruction, _replace(src.text, [(start, end, new_text)])


def edit_add_parameter(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Append a parameter (with a default when the others have one) to a function's signature."""
    funcs = [f for f in src.functions() if _simple_params(f)]
    if not funcs:
        return None
    func = rng.choice(funcs)
    elements = _param_elements(func)
    new = src.fresh_name(rng)
    need_default = any(d is not None for _, d in elements) or rng.random() < 0.5
    default = rng.choice(["None", "False", "True", "0", "1", "''", "()"]) if need_default else None
    param = f"{new}={default}" if default else new
    if elements:
        arg, dflt = elements[-1]
        end = src.offset(dflt.end_lineno, dflt.end_col_offset) if dflt else src.offset(arg.end_lineno, arg.end_col_offset)
        edits = [(end, end, f", {param}")]
    else:
        match = re.compile(r"(async\s+)?def\s+\w+\s*\(").match(src.line_of(func.lineno), func.col_offset)
        if not match:
            return None
        pos = src.offset(func.lineno, match.end())
        edits = [(pos, pos, param)]
    label = _func_label(func)
    if default:
        instruction = rng.choice([
            f"Add a parameter `{new}` with default `{default}` to {label}.",
            f"Add a keyword parameter `{new}={default}` at the end of {label}'s parameters.",
            f"Give {label} a new last parameter `{new}` defaulting to `{default}`.",
        ])
    else:
        instruction = rng.choice([
            f"Add a parameter `{new}` to {label}.",
            f"Add `{new}` as the last parameter of {label}.",
        ])
    return instruction, _replace(src.text, edits)


def edit_remove_parameter(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Remove a parameter that the function never uses (and that no call in the snippet passes)."""
    used = {n.id for n in ast.walk(src.tree) if isinstance(n, ast.Name)}
    used |= {n.arg for n in ast.walk(src.tree) if isinstance(n, ast.keyword) and n.arg}
    called = {n.func.id for n in ast.walk(src.tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    called |= {n.func.attr for n in ast.walk(src.tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
    candidates = []
    for func in src.functions():
        if not _simple_params(func) or func.name in called:
            continue
        elements = _param_elements(func)
        for i, (arg, _default) in enumerate(elements):
            if _is_self(arg, i) or arg.arg in used or arg.arg.startswith("_"):
                continue
            if sum(1 for n in ast.walk(src.tree) if isinstance(n, ast.arg) and n.arg == arg.arg) != 1:
                continue
            candidates.append((func, elements, i))
    if not candidates:
        return None
    func, elements, i = rng.choice(candidates)

    def start_of(k: int) -> int:
        return src.offset(elements[k][0].lineno, elements[k][0].col_offset)

    def end_of(k: int) -> int:
        arg, dflt = elements[k]
        node = dflt or arg
        return src.offset(node.end_lineno, node.end_col_offset)

    if i > 0:
        span = (end_of(i - 1), end_of(i))
    elif len(elements) > 1:
        span = (start_of(0), start_of(1))
    else:
        span = (start_of(0), end_of(0))
    removed = src.text[span[0] : span[1]]
    if "#" in removed:
        return None
    name = elements[i][0].arg
    label = _func_label(func)
    instruction = rng.choice([
        f"Remove the unused parameter `{name}` from {label}.",
        f"Drop the parameter `{name}` of {label}; it is never used.",
        f"Delete `{name}` from the parameters of {label}.",
    ])
    return instruction, _replace(src.text, [(span[0], span[1], "")])


def _docstring_text(name: str, rng: random.Random) -> str:
    words = [w for w in name.strip("_").split("_") if w] or ["helper"]
    phrase = " ".join(words)
    return rng.choice([
        f"{phrase[0].upper()}{phrase[1:]}.",
        f"Return the {phrase}.",
        f"Handle {phrase}.",
        f"Helper for {phrase}.",
        f"{phrase[0].upper()}{phrase[1:]} and return the result.",
        f"Compute {phrase}.",
    ])


def edit_add_docstring(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Add a given one-line docstring to a function or class that has none."""
    nodes = [
        n for n in ast.walk(src.tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and ast.get_docstring(n) is None
    ]
    if not nodes:
        return None
    node = rng.choice(nodes)
    try:
        colon = src.header_colon(node)
    except ValueError:
        return None
    header_end_line = src.text.count("\n", 0, colon) + 1
    first = node.body[0]
    if first.lineno <= header_end_line:
        return None  # body on the header line
    indent = _indent_of(src.line_of(first.lineno))
    if len(indent) <= len(_indent_of(src.line_of(node.lineno))):
        return None
    text = _docstring_text(node.name, rng)
    pos = src.starts[header_end_line]
    kind = "class" if isinstance(node, ast.ClassDef) else "function"
    instruction = rng.choice([
        f'Add the docstring "{text}" to {_func_label(node)}.',
        f'Add a docstring to the {kind} {_func_label(node)}: "{text}"',
        f'Document {_func_label(node)} with the one-line docstring "{text}".',
    ])
    return instruction, _replace(src.text, [(pos, pos, f'{indent}"""{text}"""\n')])


def edit_remove_docstring(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Remove the docstring of a function or class (whole lines)."""
    nodes = []
    for n in ast.walk(src.tree):
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if ast.get_docstring(n) is None or len(n.body) < 2:
            continue
        doc = n.body[0]
        if src.segment(doc).strip() != src.text[src.starts[doc.lineno - 1] : src.starts[doc.end_lineno]].strip():
            continue  # shares a line with something else
        nodes.append(n)
    if not nodes:
        return None
    node = rng.choice(nodes)
    doc = node.body[0]
    instruction = rng.choice([
        f"Remove the docstring of {_func_label(node)}.",
        f"Delete the docstring from {_func_label(node)}.",
    ])
    return instruction, _replace(src.text, [(src.starts[doc.lineno - 1], src.starts[doc.end_lineno], "")])


def edit_delete_statement(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Delete one single-line statement, named by its (unique) line."""
    candidates = [
        (stmt, body) for stmt, body in _single_line_statements(src)
        if len(body) > 1 and _unique_line(src, stmt.lineno) and len(src.line_of(stmt.lineno).strip()) <= 90
    ]
    if not candidates:
        return None
    stmt, _ = rng.choice(candidates)
    line = src.line_of(stmt.lineno).strip()
    instruction = rng.choice([
        f"Delete the line `{line}`.",
        f"Remove the statement `{line}`.",
        f"Remove `{line}`.",
    ])
    return instruction, _replace(src.text, [(src.starts[stmt.lineno - 1], src.starts[stmt.lineno], "")])


def _new_statement(var: str, rng: random.Random) -> str:
    return rng.choice([
        f"print({var})",
        f"assert {var} is not None",
        f'print("{var} =", {var})',
        f'logger.debug("{var}=%r", {var})',
        f"self.last_{var} = {var}" if not var.startswith("_") else f"print({var})",
        f"{var} = {var} or None",
        f"results.append({var})",
    ])


def edit_insert_statement(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Insert a given statement after a given line (an assignment to a plain name)."""
    candidates = [
        stmt for stmt, _ in _single_line_statements(src)
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and _unique_line(src, stmt.lineno) and len(src.line_of(stmt.lineno).strip()) <= 90
    ]
    if not candidates:
        return None
    stmt = rng.choice(candidates)
    var = stmt.targets[0].id
    new_stmt = _new_statement(var, rng)
    indent = _indent_of(src.line_of(stmt.lineno))
    line = src.line_of(stmt.lineno).strip()
    pos = src.starts[stmt.lineno]
    instruction = rng.choice([
        f"After the line `{line}`, insert `{new_stmt}`.",
        f"Add `{new_stmt}` right after `{line}`.",
        f"Insert the statement `{new_stmt}` after `{line}`.",
    ])
    return instruction, _replace(src.text, [(pos, pos, f"{indent}{new_stmt}\n")])


_SWAPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "is": "is not",
          "is not": "is", "in": "not in", "not in": "in"}


def edit_swap_comparison(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Change the operator of a single comparison (`<` to `<=`, `==` to `!=`, `in` to `not in`...)."""
    skip = _inside_fstring(src.tree)
    candidates = []
    for node in ast.walk(src.tree):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1 or id(node) in skip:
            continue
        if node.lineno != node.end_lineno:
            continue
        seg = src.segment(node)
        if src.text.count(seg) != 1 or len(seg) > 70:
            continue
        left_end = src.offset(node.left.end_lineno, node.left.end_col_offset)
        right_start = src.offset(node.comparators[0].lineno, node.comparators[0].col_offset)
        between = src.text[left_end:right_start]
        op = " ".join(between.split())
        if op not in _SWAPS or between != f" {op} ":
            continue
        candidates.append((node, left_end, right_start, op))
    if not candidates:
        return None
    node, left_end, right_start, op = rng.choice(candidates)
    new_op = _SWAPS[op]
    old_seg = src.segment(node)
    start, _ = src.span(node)
    new_seg = old_seg[: left_end - start] + f" {new_op} " + old_seg[right_start - start :]
    instruction = rng.choice([
        f"Change `{old_seg}` to `{new_seg}`.",
        f"Replace the condition `{old_seg}` with `{new_seg}`.",
        f"In `{old_seg}`, use `{new_op}` instead of `{op}`.",
    ])
    return instruction, _replace(src.text, [(left_end, right_start, f" {new_op} ")])


def edit_wrap_try(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Wrap one single-line statement in try/except SomeError: pass."""
    candidates = [
        stmt for stmt, _ in _single_line_statements(src)
        if isinstance(stmt, (ast.Expr, ast.Assign)) and _unique_line(src, stmt.lineno)
        and len(src.line_of(stmt.lineno).strip()) <= 80
    ]
    if not candidates:
        return None
    stmt = rng.choice(candidates)
    exc = rng.choice(EXCEPTIONS)
    line = src.line_of(stmt.lineno).strip()
    indent = _indent_of(src.line_of(stmt.lineno))
    block = f"{indent}try:\n{indent}    {line}\n{indent}except {exc}:\n{indent}    pass\n"
    instruction = rng.choice([
        f"Wrap `{line}` in a try/except {exc} that ignores the error.",
        f"Put the line `{line}` inside try/except {exc}: pass.",
        f"Ignore {exc} raised by `{line}`.",
    ])
    return instruction, _replace(src.text, [(src.starts[stmt.lineno - 1], src.starts[stmt.lineno], block)])


def edit_add_type_hint(src: _Source, rng: random.Random) -> tuple[str, str] | None:
    """Annotate a parameter (`x` -> `x: int`, `x=1` -> `x: int = 1`) or add a return annotation."""
    funcs = src.functions()
    if not funcs:
        return None
    func = rng.choice(funcs)
    hint = rng.choice(TYPE_HINTS)
    label = _func_label(func)
    params = [
        (arg, default) for i, (arg, default) in enumerate(_param_elements(func))
        if not _is_self(arg, i) and arg.annotation is None
    ]
    if params and rng.random() < 0.7:
        arg, default = rng.choice(params)
        end = src.offset(arg.lineno, arg.col_offset) + len(arg.arg)
        if default is None:
            edits = [(end, end, f": {hint}")]
        else:
            dstart = src.offset(default.lineno, default.col_offset)
            if src.text[end:dstart] != "=":
                return None
            edits = [(end, dstart, f": {hint} = ")]
        instruction = rng.choice([
            f"Annotate the parameter `{arg.arg}` of {label} as `{hint}`.",
            f"Add the type hint `{hint}` to the parameter `{arg.arg}`.",
            f"Give `{arg.arg}` in {label} the type `{hint}`.",
        ])
        return instruction, _replace(src.text, edits)
    if func.returns is not None:
        return None
    try:
        colon = src.header_colon(func)
    except ValueError:
        return None
    if src.text[colon - 1] != ")":
        return None
    hint = rng.choice(["None", "bool", "int", "str", "list", "dict", "bytes", "float"])
    instruction = rng.choice([
        f"Add the return annotation `-> {hint}` to {label}.",
        f"Annotate {label} as returning `{hint}`.",
    ])
    return instruction, _replace(src.text, [(colon, colon, f" -> {hint}")])


EDIT_KINDS: dict[str, EditFn] = {
    "rename_variable": edit_rename_variable,
    "rename_function": edit_rename_function,
    "change_literal": edit_change_literal,
    "change_default": edit_change_default,
    "add_parameter": edit_add_parameter,
    "remove_parameter": edit_remove_parameter,
    "add_docstring": edit_add_docstring,
    "remove_docstring": edit_remove_docstring,
    "delete_statement": edit_delete_statement,
    "insert_statement": edit_insert_statement,
    "swap_comparison": edit_swap_comparison,
    "wrap_try": edit_wrap_try,
    "add_type_hint": edit_add_type_hint,
}


def make_edit(snippet: str, kind: str, rng: random.Random) -> tuple[str, str] | None:
    """Apply edit `kind` to `snippet`: (instruction, edited), or None when it does not apply.

    The result is checked: it parses, and it differs from the snippet.
    """
    try:
        src = _Source(snippet)
        result = EDIT_KINDS[kind](src, rng)
    except (SyntaxError, ValueError, tokenize.TokenError, IndentationError):
        return None
    if result is None:
        return None
    instruction, edited = result
    if edited == snippet:
        return None
    try:
        ast.parse(edited)
    except SyntaxError:
        return None
    return instruction, edited


def generate_edits(
    files: list[tuple[str, str]], seed: int, per_snippet: int = 2, limit: int | None = None
) -> Iterator[EditExample]:
    """Edits from the snippets of `files` ((relpath, text) pairs), kinds kept roughly balanced.

    Deterministic for a given `seed` and file list.
    """
    rng = random.Random(seed)
    counts = dict.fromkeys(EDIT_KINDS, 0)
    produced = 0
    for relpath, text in files:
        for snippet in extract_snippets(text):
            kinds = sorted(EDIT_KINDS, key=lambda k: (counts[k], rng.random()))
            made = 0
            for kind in kinds:
                result = make_edit(snippet, kind, rng)
                if result is None:
                    continue
                counts[kind] += 1
                made += 1
                produced += 1
                yield EditExample(kind, result[0], snippet, result[1], relpath)
                if made >= per_snippet or (limit is not None and produced >= limit):
                    break
            if limit is not None and produced >= limit:
                return
