"""A model reads the instruction into operations: the outline it reads, the grammar it writes under.

The model does not see the files whole (a 300-line file is more than the builtin pair's context):
it sees their *outline* (imports, module constants with their values, classes, functions with
their signatures, their locals and attributes) and the instruction, and answers a JSON list of
operations, ``[]`` where no operation fits (then the text edit is drafted as before). The
answer is decoded under a grammar (Lark, compiled by llguidance in the engine) that admits only
well-formed operations whose names exist in the files: ``old`` and ``scope`` of a rename are
one of the bindings the outline lists, a ``set_value`` target is a constant, attribute, default
or literal local, a removed parameter is one the function has, and a statement deleted, wrapped in
try/except or inserted beside is named by a text that names exactly one statement of its function
(``Outline.statements``: the outline does not show bodies, so the model copies the statement from
the instruction, and the grammar lets it write only a real one). New names, values, code,
docstrings and annotations are free text of bounded length.

* ``outline(files)``: the ``Outline`` of (path, text) pairs (Python files; the others are left out).
* ``reading_messages(outline, instruction)``: the chat the model answers.
* ``answer_grammar(outline)``: the Lark grammar of the answer.
* ``answer_text(operations)`` / ``parse_answer(text)``: operations as the model writes them, and back.

The training data (``specdraft.training.opdata``) is rendered by these same functions, so the
model is asked at run time exactly as it was taught. Pure Python: no torch, no textual.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from specdraft.ops import KINDS, Operation, OpError, from_json, to_json
from specdraft.ops.locate import collapse

SYSTEM = ("Read the instruction into operations on the files outlined. Answer a JSON list of operations, "
          "or [] when no operation makes the edit.")  # fmt: skip
VALUE_WIDTH = 40  # a constant's value shown in the outline: at most this many characters
# The most characters of outline a prompt holds (about 700 of the builtin pair's tokens, in its
# 1,024-token window): beyond it the locals and attributes lines of what the instruction does not
# name go first, then the other lines from the end (the grammar still admits every name).
OUTLINE_CHARS = 2100
_CONSTANT = re.compile(r"_?[A-Z][A-Z0-9_]*")  # a module constant by its name's convention
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a Python name, as the instruction and the outline write it
FREE_TEXT = 160  # the longest value, annotation or docstring the grammar admits, in characters
# The order each kind's fields are written in: the names the grammar ties together come first.
FIELD_ORDER = {
    "rename": ("old", "scope", "new"),
    "set_value": ("target", "value"),
    "add_parameter": ("function", "name", "default", "annotation", "keyword_only", "argument"),
    "remove_parameter": ("function", "name"),
    "add_import": ("module", "name", "alias"),
    "remove_import": ("module", "name"),
    "add_docstring": ("target", "text", "replace"),
    "add_type_hints": ("function", "parameters", "returns"),
    "delete_statement": ("function", "statement"),
    "wrap_try": ("function", "statement", "exception", "name", "handler"),
    "insert_statement": ("function", "where", "anchor", "code"),
}
READ_KINDS = tuple(FIELD_ORDER)  # the kinds a model reads from an outline
STATEMENT_WIDTH = 100  # a statement named by more characters than this is named by its first line


@dataclass
class Outline:
    """What the model reads of the files, and the names the grammar lets it write."""

    text: str = ""
    lines: list[tuple[int, str]] = field(default_factory=list)  # (0: a definition, 1: locals or attributes), text
    renames: list[tuple[str, str | None]] = field(default_factory=list)  # (old, scope) of each binding
    targets: list[str] = field(default_factory=list)  # set_value: constants, Cls.ATTR, f.param (default), f.local
    functions: dict[str, list[str]] = field(default_factory=dict)  # dotted function -> its parameters
    definitions: list[str] = field(default_factory=list)  # functions and classes, dotted (docstrings)
    imports: list[tuple[str, str | None]] = field(default_factory=list)  # (module, name or None)
    # dotted function -> the texts that name one statement of its body each (delete, wrap, anchor)
    statements: dict[str, list[str]] = field(default_factory=dict)

    def names(self) -> int:
        return len(self.renames) + len(self.targets) + len(self.functions) + len(self.imports)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= VALUE_WIDTH else text[: VALUE_WIDTH - 3] + "..."


def _literal(node: ast.AST) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _add(items: list, item: Any) -> None:
    if item not in items:
        items.append(item)


def _parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, bool]]:
    """(name, has a default) of each parameter, self and cls left out."""
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    defaults = [False] * (len(positional) - len(args.defaults)) + [True] * len(args.defaults)
    found = list(zip((a.arg for a in positional), defaults, strict=True))
    if args.vararg:
        found.append((args.vararg.arg, False))
    found += [(a.arg, d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if args.kwarg:
        found.append((args.kwarg.arg, False))
    if found and found[0][0] in ("self", "cls"):
        found = found[1:]
    return found


def _locals(func: ast.AST) -> dict[str, ast.AST | None]:
    """The names a function's own body binds (not nested functions'), with their literal value
    where the one assignment is a literal."""
    found: dict[str, ast.AST | None] = {}
    counts: dict[str, int] = {}

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                counts[child.id] = counts.get(child.id, 0) + 1
                found.setdefault(child.id, None)
            visit(child)

    for statement in getattr(func, "body", []):
        visit(statement)
    for statement in getattr(func, "body", []):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            name = statement.targets[0].id
            if counts.get(name) == 1 and _literal(statement.value):
                found[name] = statement.value
    return found


def _self_attributes(cls: ast.ClassDef) -> list[str]:
    names: list[str] = []
    for node in ast.walk(cls):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):  # fmt: skip
            _add(names, node.attr)
    return names


def _statement_texts(func: ast.FunctionDef | ast.AsyncFunctionDef, source: str) -> list[str]:
    """The texts, whitespace collapsed, that each name one statement of ``func``'s body as
    specdraft.ops finds a statement (the innermost of those whose text holds it; nested
    definitions' statements included): a simple statement's whole text (its first line where
    long), a compound statement's first line. A text that names two statements, a docstring and a
    header whose body shares its line are left out."""
    nodes: list[tuple[ast.stmt, str, str]] = []  # (statement, its source, that collapsed)
    one_line: set[int] = set()  # ids of statements in a body on its header's line (`else: return`)
    lines = source.splitlines()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            segment = ast.get_source_segment(source, node) or ""
            nodes.append((node, segment, collapse(segment)))  # as ops finds a statement by its text
            before = lines[node.lineno - 1].encode()[: node.col_offset] if node.lineno <= len(lines) else b""
            end = node.end_lineno or node.lineno
            after = lines[end - 1].encode()[node.end_col_offset or 0 :].strip() if end <= len(lines) else b""
            if before.strip() or (after and not after.startswith(b"#") and not isinstance(getattr(node, "body", None), list)):
                one_line.add(id(node))  # a line it shares with a header or, past a `;`, another statement
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(node, name, None)
                if isinstance(inner, list):
                    visit(inner)
            for handler in getattr(node, "handlers", []):
                visit(handler.body)
            for case in getattr(node, "cases", []):
                visit(case.body)

    visit(func.body)
    texts: list[str] = []
    for index, (node, segment, text) in enumerate(nodes):
        if isinstance(node, ast.Pass) or id(node) in one_line:
            continue  # a block left empty gets `pass` again; ops names no one-line body's statement
        if index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            continue  # the docstring: add_docstring's
        inner = getattr(node, "body", None)
        if isinstance(inner, list) and inner and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if inner[0].lineno == node.lineno:
                continue  # `if x: return` on one line
            text = collapse(_without_comment(segment.splitlines()[0])) if segment else ""
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        elif len(text) > STATEMENT_WIDTH:
            text = collapse(segment.splitlines()[0])
        if not text or len(text) > STATEMENT_WIDTH:
            continue
        holders = [other for other, _, other_text in nodes if text in other_text]
        innermost = [h for h in holders if not any(o is not h and _within_node(h, o) for o in holders)]
        if innermost == [node]:
            _add(texts, text)
    return texts


def _without_comment(line: str) -> str:
    """A compound statement's first line without its trailing comment."""
    import io
    import tokenize

    if "#" not in line:
        return line
    try:
        for token in tokenize.generate_tokens(io.StringIO(line.lstrip() + "\n").readline):
            if token.type == tokenize.COMMENT:
                return line.lstrip()[: token.start[1]]
    except (tokenize.TokenError, SyntaxError):
        pass
    return line


def _within_node(outer: ast.AST, inner: ast.AST) -> bool:
    """Whether ``inner`` is a statement nested in ``outer``."""
    return any(child is inner for child in ast.walk(outer) if child is not outer)


class _Builder:
    def __init__(self, result: Outline) -> None:
        self.out = result
        self.lines: list[tuple[int, str]] = []  # (priority: 0 kept first, 1 locals), text

    def line(self, text: str, priority: int = 0) -> None:
        self.lines.append((priority, text))

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, prefix: str, indent: str, source: str) -> None:
        dotted = prefix + node.name
        params = _parameters(node)
        signature = ast.unparse(node.args)
        returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
        keyword = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
        self.line(f"{indent}{keyword} {node.name}({signature}){returns}:")
        self.out.functions.setdefault(dotted, [p for p, _ in params])
        self.out.statements.setdefault(dotted, _statement_texts(node, source))
        _add(self.out.definitions, dotted)
        _add(self.out.renames, (node.name, prefix[:-1] or None))
        for name, has_default in params:
            _add(self.out.renames, (name, dotted))
            if has_default:
                _add(self.out.targets, f"{dotted}.{name}")
        local = {name: value for name, value in _locals(node).items() if name not in dict(params)}
        if local:
            self.line(f"{indent}    # locals: {', '.join(local)}", 1)
        for name, value in local.items():
            _add(self.out.renames, (name, dotted))
            if value is not None:
                _add(self.out.targets, f"{dotted}.{name}")

    def klass(self, node: ast.ClassDef, source: str) -> None:
        bases = ", ".join(ast.unparse(b) for b in [*node.bases, *node.keywords])
        self.line(f"class {node.name}({bases}):" if bases else f"class {node.name}:")
        _add(self.out.definitions, node.name)
        _add(self.out.renames, (node.name, None))
        for item in node.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(item, node.name + ".", "    ", source)
            elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                if len(targets) == 1 and isinstance(targets[0], ast.Name) and item.value is not None:
                    name = targets[0].id
                    self.line(f"    {name} = {_short(ast.get_source_segment(source, item.value) or '...')}")
                    _add(self.out.renames, (name, node.name))
                    _add(self.out.targets, f"{node.name}.{name}")
        attributes = [a for a in _self_attributes(node) if (a, node.name) not in self.out.renames]
        if attributes:
            self.line(f"    # attributes: {', '.join(attributes)}", 1)
        for name in attributes:
            _add(self.out.renames, (name, node.name))

    def module(self, path: str, source: str, tree: ast.Module) -> None:
        self.line(f"# file: {path}")
        for node in tree.body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.line(f"import {alias.name}" + (f" as {alias.asname}" if alias.asname else ""))
                    _add(self.out.imports, (alias.name, None))
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                self.line(f"from {node.module} import {', '.join(a.name for a in node.names)}")
                for alias in node.names:
                    _add(self.out.imports, (node.module, alias.name))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(node, "", "", source)
            elif isinstance(node, ast.ClassDef):
                self.klass(node, source)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if len(targets) == 1 and isinstance(targets[0], ast.Name) and node.value is not None:
                    name = targets[0].id
                    if name.startswith("__") and name.endswith("__"):
                        continue
                    self.line(f"{name} = {_short(ast.get_source_segment(source, node.value) or '...')}")
                    _add(self.out.renames, (name, None))
                    if _literal(node.value) or _CONSTANT.fullmatch(name):  # `FEE = Decimal("1.50")` too
                        _add(self.out.targets, name)



def outline(files: Sequence[tuple[str, str]]) -> Outline:
    """The outline of the Python files among ``files`` ((path, text) pairs); others are left out."""
    result = Outline()
    builder = _Builder(result)
    for path, text in files:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            continue
        builder.module(path, text, tree)
    result.lines = builder.lines
    result.text = "\n".join(text for _, text in builder.lines)
    return result


def _within(outline: Outline, instruction: str, budget: int = OUTLINE_CHARS) -> str:
    """The outline's text in at most ``budget`` characters: whole where it fits; else without the
    locals and attributes lines that name nothing the instruction does, then cut from the end."""
    if len(outline.text) <= budget:
        return outline.text
    words = set(IDENTIFIER.findall(instruction))
    kept = [text for priority, text in outline.lines
            if priority == 0 or words & set(IDENTIFIER.findall(text.split(":", 1)[-1]))]  # fmt: skip
    while kept and sum(len(line) + 1 for line in kept) > budget:
        kept.pop()
    return "\n".join(kept)


# The names of the outline the instruction names, by the name or by all of its words, listed
# after the instruction (at most this many). A small model reads a 100-line module's outline
# (60 names) poorly: told "add `force` to `sell`" in one, it wrote the parameter into another
# function (opdata's whole-module held-out split: 0 of 12 parameters added exactly, run 24). The
# list is a lookup, not a reading: the model still chooses, among these or any name of the outline.
NAMED_AT_MOST = 8
# Whether prompts (the app's and the training examples') carry that list. Off: the shipped pair
# (run 23) was trained without it and reads worse with it (whole-module held-out split: 69 of 189
# operations exact with it, 90 without). Runs 25-27 (2026-12-07, session 4) trained with it read
# 112 of 189, and runs 28-31 (session 5, statements too) more, but none passed the builtin's
# text-edit tests (the demo's "Change 2 to 4." unsure), so none shipped: switch it on with the
# weights that are trained with it.
NAMED_IN_PROMPT = False
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _stem(word: str) -> str:
    """A word without its s, ed or ing: needs, needed, needing -> need (a lookup's stem, no more)."""
    word = word.lower().removesuffix("s")
    for ending in ("ed", "ing"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _words(name: str) -> set[str]:
    """The words of a name, stemmed: HandicapCommittee -> handicap, committee; needs_sugar -> need, sugar."""
    return {_stem(w) for part in name.split("_") for w in _WORD.findall(part) if len(w) > 1 or w.isdigit()}


def named(outline: Outline, instruction: str) -> list[str]:
    """The outline's names (dotted: functions, classes, values, parameters, locals, attributes)
    that ``instruction`` names: by the name itself, then (names of two words or more) by all
    their words, then by two of them or more, most first; at most NAMED_AT_MOST, in the
    outline's order within each."""
    tokens = set(IDENTIFIER.findall(instruction))
    words: set[str] = set().union(*(_words(t) for t in tokens)) if tokens else set()
    lowered = {t.lower() for t in tokens}
    candidates: list[str] = []
    for dotted in [*outline.definitions, *outline.targets, *(f"{scope}.{old}" if scope else old for old, scope in outline.renames)]:
        if dotted not in candidates:
            candidates.append(dotted)
    ranked = []
    for order, dotted in enumerate(candidates):
        name = dotted.rsplit(".", 1)[-1]
        own = _words(name)
        shared = len(own & words)
        if name in tokens:
            ranked.append((0, 0, order, dotted))
        elif name.lower() in lowered:
            ranked.append((0, 1, order, dotted))
        elif len(own) >= 2 and shared == len(own):
            ranked.append((1, 0, order, dotted))
        elif shared >= 2:
            ranked.append((2, -shared, order, dotted))
    return [dotted for *_, dotted in sorted(ranked)[:NAMED_AT_MOST]]


def reading_messages(outline: Outline, instruction: str, rejected: Sequence[tuple[str, str]] = (),
                     budget: int = OUTLINE_CHARS, names: bool | None = None) -> list[dict[str, str]]:  # fmt: skip
    """The chat the model answers with operations (training renders its examples with it too).
    ``rejected``: (an answer the reviewer rejected, as the model wrote it; their note), for a
    redraft: the model answers anew with the note in mind. ``budget``: the outline's characters.
    ``names``: the outline's names the instruction names, listed after it (default
    NAMED_IN_PROMPT)."""
    instruction = " ".join(instruction.split())
    text = f"{_within(outline, instruction, budget)}\n\nInstruction: {instruction}"
    if (NAMED_IN_PROMPT if names is None else names) and (mentioned := named(outline, instruction)):
        text += f"\nNamed: {', '.join(mentioned)}"
    for answer, note in rejected:
        text += f"\nRejected: {answer}\nNote: {' '.join(note.split())}"
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": text}]


def fitting_messages(outline: Outline, instruction: str, fits: Callable[[list[dict[str, str]]], bool],
                     rejected: Sequence[tuple[str, str]] = ()) -> list[dict[str, str]] | None:  # fmt: skip
    """``reading_messages`` with the outline shortened (to 3/4, then 1/2 of OUTLINE_CHARS) until
    ``fits`` says the prompt and its answer fit the model's window; None where none does."""
    for budget in (OUTLINE_CHARS, OUTLINE_CHARS * 3 // 4, OUTLINE_CHARS // 2):
        messages = reading_messages(outline, instruction, rejected, budget)
        if fits(messages):
            return messages
    return None


# ------------------------------------------------------------------------------------ answers


def answer_text(operations: Sequence[Operation]) -> str:
    """The operations as the model writes them: compact JSON, fields in FIELD_ORDER, no path."""
    written = []
    for op in operations:
        data = to_json(op)
        data.pop("path", None)
        order = FIELD_ORDER.get(op.kind, ())
        fields = {"kind": op.kind} | {k: data[k] for k in order if k in data} | {k: v for k, v in data.items() if k not in order}
        written.append(json.dumps(fields, separators=(",", ":"), ensure_ascii=False))
    return "[" + ",".join(written) + "]"


# What a model's operation writes that it can only have copied from the words it was given: a new
# name, a value, a parameter and its default, a docstring, an import, a statement's code. Where
# one of them is not in those words the model made it up (a name it liked, a value it worked
# out); such an operation is not made, as one it was not sure of is not (a confident wrong draft
# is worse than none).
_COPIED = {
    "rename": ("new",),
    "set_value": ("value",),
    "add_parameter": ("name", "default", "argument"),
    "add_import": ("module", "name", "alias"),
    "add_docstring": ("text",),
    "insert_statement": ("code",),
}


def _said(value: str, words: str) -> bool:
    """Whether ``value`` (a field of an operation) is written in ``words``: as it stands, or a string
    without its quotes, or True/False/None in any case; whitespace collapsed."""
    value = " ".join(value.split())
    if not value:
        return True
    candidates = {value}
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        candidates.add(value[1:-1])
    for candidate in candidates:
        left = r"(?<![\w.])" if re.match(r"\w", candidate) else ""  # a name or number: not inside another
        right = r"(?![\w])" if re.search(r"\w$", candidate) else ""
        flags = re.I if candidate in ("True", "False", "None") else 0
        if re.search(left + re.escape(candidate) + right, words, flags):
            return True
    return False


def made_up(operations: Sequence[Operation], words: str) -> list[str]:
    """What ``operations`` (a model's reading of ``words``: the instruction, and a reviewer's notes)
    write that ``words`` do not say (see _COPIED), as "field `value`" texts; [] where all is copied."""
    words = " ".join(words.split())
    found = []
    for operation in operations:
        data = to_json(operation)
        for name in _COPIED.get(data["kind"], ()):
            value = data.get(name)
            if isinstance(value, str) and not _said(value, words):
                found.append(f"{name} `{value}`")
    return found


class AnswerError(OpError):
    """The model's answer is not a list of operations (it says what was wrong)."""


def parse_answer(text: str) -> list[Operation]:
    """The operations of an answer; AnswerError naming what is malformed."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise AnswerError(f"the model's answer is not JSON ({error.msg} at character {error.pos}): {text[:120]!r}") from None
    if not isinstance(data, list):
        raise AnswerError(f"the model's answer is not a list of operations: {text[:120]!r}")
    operations = []
    for item in data:
        if isinstance(item, dict) and item.get("kind") not in READ_KINDS and item.get("kind") in KINDS:
            raise AnswerError(f"the model answered a {item['kind']} operation, which it is not asked to read")
        operations.append(from_json(item))
    return operations


# ------------------------------------------------------------------------------------ grammar


def answer_grammar(outline: Outline) -> str:
    """The Lark grammar (llguidance's dialect) of an answer on ``outline``'s files."""

    def lit(text: str) -> str:  # a Lark literal matching ``text`` exactly
        return json.dumps(text)

    def head(kind: str, first: str) -> str:  # '{"kind":"rename","old":' and so on
        return lit('{"kind":' + json.dumps(kind) + "," + json.dumps(first) + ":")

    def field(name: str) -> str:  # ',"name":'
        return lit("," + json.dumps(name) + ":")

    def choice(name: str, options: Sequence[str]) -> str:
        return name + ": " + " | ".join(options)

    close = lit("}")
    rules: list[str] = []
    kinds: list[str] = []
    if outline.renames:
        # each binding's literal runs on to the next field, so that none is a prefix of another
        # (`"load"` and `"load","scope":"Store"`): a lexer would take the longer one and never
        # admit the first (a module function named as a method could not be renamed)
        rules.append(choice("rename_binding", [
            lit(json.dumps(old) + ("," + json.dumps("scope") + ":" + json.dumps(scope) if scope else "") + ',"new":')
            for old, scope in outline.renames]))  # fmt: skip
        rules.append(f"rename: {head('rename', 'old')} rename_binding IDENT {close}")
        kinds.append("rename")
    if outline.targets:
        rules.append(choice("value_target", [lit(json.dumps(t)) for t in outline.targets]))
        rules.append(f"set_value: {head('set_value', 'target')} value_target {field('value')} TEXT {close}")
        kinds.append("set_value")
    if outline.functions:
        rules.append(choice("function_name", [lit(json.dumps(f)) for f in outline.functions]))
        keyword_only = lit("," + json.dumps("keyword_only") + ":true")
        rules.append(f"add_parameter: {head('add_parameter', 'function')} function_name {field('name')} IDENT"
                     f" ({field('default')} TEXT)? ({field('annotation')} TEXT)? ({keyword_only})?"
                     f" ({field('argument')} TEXT)? {close}")  # fmt: skip
        kinds.append("add_parameter")
        removable = [lit(json.dumps(f) + "," + json.dumps("name") + ":" + json.dumps(p))
                     for f, params in outline.functions.items() for p in params]  # fmt: skip
        if removable:
            rules.append(choice("parameter_of", removable))
            rules.append(f"remove_parameter: {head('remove_parameter', 'function')} parameter_of {close}")
            kinds.append("remove_parameter")
        bodies = []
        for number, (function, params) in enumerate(outline.functions.items()):
            returns = f"{field('returns')} TEXT"
            if params:
                rules.append(choice(f"hint_key_{number}", [lit(json.dumps(p) + ":") for p in params]))
                pair = f"hint_key_{number} TEXT"
                parameters = f"{lit(',' + json.dumps('parameters') + ':{')} {pair} ({lit(',')} {pair})* {close}"
                bodies.append(f"{lit(json.dumps(function))} (({parameters}) ({returns})? | {returns})")
            else:
                bodies.append(f"{lit(json.dumps(function))} {returns}")
        rules.append(choice("hinted", [f"({b})" for b in bodies]))
        rules.append(f"add_type_hints: {head('add_type_hints', 'function')} hinted {close}")
        kinds.append("add_type_hints")
    if outline.imports:
        rules.append(choice("imported", [  # each runs on to its close, as rename_binding's
            lit(json.dumps(m) + ("," + json.dumps("name") + ":" + json.dumps(n) if n else "") + "}") for m, n in outline.imports]))
        rules.append(f"remove_import: {head('remove_import', 'module')} imported")
        kinds.append("remove_import")
    places = [(function, text) for function, texts in outline.statements.items() for text in texts]
    if places:  # a statement named by its text, in the function that holds it
        def at(function: str, *fields: tuple[str, str]) -> str:
            return lit(json.dumps(function) + "".join("," + json.dumps(k) + ":" + json.dumps(v, ensure_ascii=False) for k, v in fields))

        rules.append(choice("statement_of", [at(f, ("statement", t)) for f, t in places]))
        rules.append(f"delete_statement: {head('delete_statement', 'function')} statement_of {close}")
        rules.append(f"wrap_try: {head('wrap_try', 'function')} statement_of {field('exception')} TEXT"
                     f" ({field('name')} IDENT)? ({field('handler')} TEXT)? {close}")  # fmt: skip
        kinds += ["delete_statement", "wrap_try"]
    if outline.statements:
        edges = [at(f, ("where", w)) for f in outline.statements for w in ("start", "end")]
        rules.append(choice("insert_place", edges + [at(f, ("where", w), ("anchor", t)) for f, t in places for w in ("before", "after")]))
        rules.append(f"insert_statement: {head('insert_statement', 'function')} insert_place {field('code')} TEXT {close}")
        kinds.append("insert_statement")
    docstring = lit('{"kind":"add_docstring",')
    targets = [lit(json.dumps("target") + ":" + json.dumps(d) + ",") for d in outline.definitions]
    rules.append(f"add_docstring: {docstring} ({' | '.join(targets) or lit('')})? {lit(json.dumps('text') + ':')} TEXT"
                 f" ({lit(',' + json.dumps('replace') + ':true')})? {close}")  # fmt: skip
    kinds.append("add_docstring")
    rules.append(f"add_import: {head('add_import', 'module')} DOTTED ({field('name')} IDENT)? ({field('alias')} IDENT)? {close}")
    kinds.append("add_import")
    top = [
        'start: "[" (op ("," op)*)? "]"',
        "op: " + " | ".join(kinds),
        'IDENT: /"[A-Za-z_][A-Za-z0-9_]{0,60}"/',
        'DOTTED: /"[A-Za-z_][A-Za-z0-9_]{0,40}(\\.[A-Za-z_][A-Za-z0-9_]{0,40}){0,5}"/',
        'TEXT: /"([^"\\\\\\x00-\\x1f]|\\\\["\\\\\\/bfnrt]){1,' + str(FREE_TEXT) + '}"/',
    ]
    return "\n".join(top + rules) + "\n"
