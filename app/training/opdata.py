"""Training data for a model that reads instructions into operations: (outline + instruction, answer).

    python -m specdraft.training.opdata --out runs/ops [--examples 60000] [--seed 7]

writes ``train.jsonl`` and ``heldout.jsonl`` under ``--out``: one example a line, ``{"prompt":
the chat rendered for the model, "answer": the operations as the model writes them (or []),
"kind", "phrasing", "instruction"}``. The engine's trainer reads them (``--ops-data``) beside its
edit data; it never imports app/ (the layering), so the examples are made here, where the
operations are.

Each example starts from an edit of app/training/editdata.py (a function or class of the
standard library or a permissively licensed package, an edit of one kind, described as an
``EditSpec``, and its instruction from the phrasing grammar, whose held-out part never trains).
Its operation is read off the spec, with the outline's bindings resolving the scope, and made
with specdraft.ops; the example is kept only where that operation, as the outline names it, makes
the edit editdata made (both by specdraft.ops; the scopes the outline resolves may differ from the
ones editdata knew: counted in ``summary.json``). Kinds an outline cannot express
(statements, literals inside bodies, comparisons) answer ``[]``, and so do instructions about
names the outline does not hold: "no operation fits" is an answer the model learns. The
outline shows other definitions of the same file beside the edited one, as a file's would.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from specdraft.drafting.opreading import Outline, answer_text, outline, reading_messages
from specdraft.ops import Operation, OpError, apply_all
from specdraft.ops.docstrings import AddDocstring
from specdraft.ops.hints import AddTypeHints
from specdraft.ops.imports import AddImport
from specdraft.ops.parameters import AddParameter, RemoveParameter
from specdraft.ops.rename import Rename
from specdraft.ops.statements import DeleteStatement, InsertStatement
from specdraft.ops.values import SetValue
from specdraft.ops.wrap import WrapInTry

NONE_KINDS = {"change_literal", "swap_comparison", "remove_docstring", "change_type_hint"}  # answered [] (a text edit)
STATEMENT_KINDS = {"delete_statement", "insert_statement", "wrap_try"}  # named by a statement's text
ABSENT_SHARE = 0.06  # of the examples: the instruction of another file's edit, its names absent: []
DISTRACTORS = (0, 3)  # other definitions of the file shown in the outline, at least and at most
PATH = "module.py"


def _bindings(found: Outline, name: str, scope_tail: str | None, role: str) -> list[tuple[str, str | None]]:
    """The outline's bindings of ``name`` that fit the spec's role and scope."""
    out = []
    for old, scope in found.renames:
        if old != name:
            continue
        if role in ("function", "class", "constant") and scope is None:
            out.append((old, scope))
        elif role in ("method", "attribute") and (scope is None or "." not in scope):  # a method's snippet is dedented
            out.append((old, scope))
        elif role in ("parameter", "variable") and scope and (scope_tail is None or scope.split(".")[-1] == scope_tail):
            out.append((old, scope))
    return out


def _function(found: Outline, name: str, scope: str | None) -> str | None:
    """The dotted function of the outline named ``name`` (in class ``scope`` where given), if one."""
    fits = [f for f in found.functions if f.split(".")[-1] == name and (not scope or f.split(".")[0] == scope)]
    return fits[0] if len(fits) == 1 else None


def _parameter(text: str) -> tuple[str, str | None, str | None] | None:
    """(name, annotation, default) of a parameter as written: `x`, `x=1`, `x: int = 1`."""
    try:
        args = ast.parse(f"def f({text}): pass").body[0].args  # type: ignore[attr-defined]
    except SyntaxError:
        return None
    everything = [*args.args, *args.kwonlyargs]
    if len(everything) != 1:
        return None
    arg = everything[0]
    default = (args.defaults or [d for d in args.kw_defaults if d is not None] or [None])[0]
    return arg.arg, ast.unparse(arg.annotation) if arg.annotation else None, ast.unparse(default) if default else None


def operations(spec: dict, found: Outline) -> list[Operation] | None:
    """The operations that make the edit ``spec`` describes, or None where the outline cannot say
    which binding it is (then the example is left out)."""
    kind, name, role = spec["kind"], spec.get("name", ""), spec.get("role", "")
    if kind.startswith("rename_"):
        tail = spec.get("scope") if role in ("parameter", "variable") else None
        fits = _bindings(found, name, tail, role)
        if len(fits) != 1:
            return None
        return [Rename(old=name, new=spec["new_name"], scope=fits[0][1])]
    if kind == "change_constant":
        return [SetValue(target=name, value=spec["new"])] if name in found.targets else None
    if kind in ("change_default", "add_parameter", "remove_parameter", "add_type_hint"):
        function = _function(found, name, spec.get("scope") if spec.get("scope_role") == "class" else None)
        if function is None:
            return None
        if kind == "change_default":
            return [SetValue(target=f"{function}.{spec['param']}", value=spec["new"])]
        if kind == "remove_parameter":
            return [RemoveParameter(function=function, name=spec["param"])]
        if kind == "add_type_hint":
            hints = dict(spec.get("hints", ()))
            returns = hints.pop("return", None)
            return [AddTypeHints(function=function, parameters=hints, returns=returns)]
        parsed = _parameter(spec.get("param_text") or spec["param"])
        if parsed is None:
            return None
        param, annotation, default = parsed
        return [AddParameter(function=function, name=param, default=default, annotation=annotation)]
    if kind in STATEMENT_KINDS:
        function = _function(found, name, None) if name else None
        line = " ".join(spec.get("anchor" if kind == "insert_statement" else "old", "").split())
        if function is None or line not in found.statements.get(function, ()):
            return None  # at module level, in a nested function, or a text that names two statements
        if kind == "delete_statement":
            return [DeleteStatement(statement=line, function=function)]
        if kind == "wrap_try":
            return [WrapInTry(statement=line, exception=spec["exception"], handler=spec["handler"], function=function)]
        return [InsertStatement(code=spec["new"], function=function, where="after", anchor=line)]
    if kind == "add_docstring":
        target = _function(found, name, None) if role in ("function", "method") else name
        return [AddDocstring(text=spec["new"], target=target)] if target else None
    if kind == "add_import":
        from specdraft.training.editdata import import_operations

        return import_operations(spec["module"], spec.get("names") or ())
    return None


def _definitions(text: str) -> list[str]:
    """The top-level functions and classes of a file, as source, for the outline's neighbours."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    found = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            segment = ast.get_source_segment(text, node)
            if segment and segment.count("\n") < 200:
                found.append(segment)
    return found


def _with_neighbours(snippet: str, neighbours: list[str], rng: random.Random) -> str:
    """The snippet among up to DISTRACTORS[1] other definitions of its file whose names differ."""
    try:
        own = {n.name for n in ast.walk(ast.parse(snippet)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    except SyntaxError:
        return snippet
    chosen = []
    for text in rng.sample(neighbours, min(len(neighbours), rng.randint(*DISTRACTORS))):
        try:
            names = {n.name for n in ast.walk(ast.parse(text)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
        except SyntaxError:
            continue
        if names & own:
            continue
        own |= names
        chosen.append(text)
    parts = chosen + [snippet]
    rng.shuffle(parts)
    return "\n\n\n".join(part.rstrip("\n") for part in parts) + "\n"


def _same(a: str, b: str) -> bool:
    return [line.rstrip() for line in a.strip("\n").splitlines()] == [line.rstrip() for line in b.strip("\n").splitlines()]


def render(found: Outline, instruction: str, answer: str, rejected: Sequence[tuple[str, str]] = ()) -> dict[str, str]:
    from specdraft.engine.editprompt import EOS_TOKEN, render_chat

    return {"prompt": render_chat(reading_messages(found, instruction, rejected)), "answer": answer + EOS_TOKEN}


REDRAFT_SHARE = 0.15  # of the examples whose operation names a new name or value: also asked again after a note
# the field of the operation a note corrects, and the EditSpec fields that carry it
_CORRECTED = {"rename": ("new", ("new_name",), "name"), "set_value": ("value", ("new",), "value"),
              "add_parameter": ("name", ("param", "param_text"), "name")}  # fmt: skip


def redraft(example, ops: list[Operation], found: Outline, rng: random.Random) -> dict | None:
    """The same edit asked again: the instruction asked for another name or value, the model's
    operation used it, the reviewer rejected it with a note naming the one they want; the answer
    is the operation with that one. None where the edit has no such field."""
    import dataclasses

    from specdraft.training import editdata, phrasing

    if len(ops) != 1 or ops[0].kind not in _CORRECTED:
        return None
    field, spec_fields, what = _CORRECTED[ops[0].kind]
    wanted = getattr(ops[0], field)
    other = editdata.open_name(rng) if what == "name" else editdata.open_value(rng)
    if not other or other == wanted or (what == "name" and not other.isidentifier()):
        return None
    spec_data = dict(example.spec)
    spec_data["hints"] = tuple(tuple(pair) for pair in spec_data.get("hints", ()))
    spec_data["names"] = tuple(spec_data.get("names", ()))
    spec = phrasing.EditSpec(**spec_data)
    changes = {name: (other if name != "param_text" else str(getattr(spec, name)).replace(wanted, other, 1))
               for name in spec_fields}  # fmt: skip
    try:
        first = phrasing.instruction(dataclasses.replace(spec, **changes), rng, example.phrasing == "heldout")
    except Exception:  # noqa: BLE001  a shape the changed spec does not fit
        return None
    rejected = dataclasses.replace(ops[0], **{field: other})
    note = phrasing.redraft_note(what, wanted, other, rng, example.phrasing == "heldout")
    return {**render(found, first.text, answer_text(ops), [(answer_text([rejected]), note.text)]),
            "kind": f"redraft {ops[0].kind}", "phrasing": example.phrasing, "instruction": first.text,
            "source": example.original, "rejected": answer_text([rejected]), "note": note.text}  # fmt: skip


def examples(files: list[tuple[str, str]], seed: int, count: int, heldout_phrasing: float, counts: Counter):
    """Up to ``count`` examples from ``files`` ((relpath, text)); ``counts`` tallies what was kept."""
    from specdraft.training import editdata

    rng = random.Random(seed)
    texts = dict(files)
    neighbours_of: dict[str, list[str]] = {}
    previous: list[tuple[str, str]] = []  # (instruction, kind) of earlier edits, for absent-name examples
    made = 0
    for example in editdata.generate_edits(files, seed=seed, per_snippet=1, heldout_phrasing=heldout_phrasing,
                                           constants_share=editdata.CONSTANTS_SHARE,
                                           neighbours_share=editdata.NEIGHBOURS_SHARE):  # fmt: skip
        if made >= count:
            return
        if example.scope != "snippet" or "reviewer" in example.instruction:  # redrafts: not this task
            counts["redraft skipped"] += 1
            continue
        if example.path not in neighbours_of:
            neighbours_of[example.path] = _definitions(texts.get(example.path, ""))
        shown = _with_neighbours(example.original, neighbours_of[example.path], rng)
        for record in _records(example, shown, rng, previous, counts):
            made += 1
            yield record


def module_examples(files: list[tuple[str, str]], seed: int, rounds: int, heldout_phrasing: float, counts: Counter):
    """Examples from whole modules (``files``: (relpath, text)): each edit is made in the whole
    module and the prompt outlines all of it, as the app's prompt outlines the file a person edits."""
    from specdraft.training import editdata

    rng = random.Random(seed)
    previous: list[tuple[str, str]] = []
    for example in editdata.whole_module_edits(files, seed=seed, rounds=rounds, heldout_phrasing=heldout_phrasing):
        yield from _records(example, example.original, rng, previous, counts)


def _records(example, shown: str, rng: random.Random, previous: list[tuple[str, str]], counts: Counter):
    """The examples of one edit of editdata, its text ``shown`` in the outline (the edit's own text,
    or it among other definitions): its operations (or []), sometimes asked again after a note, and
    sometimes in its place an instruction about names the file lacks (answer []). ``previous``:
    (instruction, kind) of the edits before it, kept up to date here."""
    found = outline([(PATH, shown)])
    kind = example.kind
    if previous and rng.random() < ABSENT_SHARE:  # an instruction about names this file lacks
        instruction, _ = rng.choice(previous)
        spec_names = set(instruction.replace("`", " ").replace("(", " ").replace(")", " ").split())
        if not spec_names & ({old for old, _ in found.renames} | set(found.functions)):
            counts["absent []"] += 1
            yield {**render(found, instruction, "[]"), "kind": "absent", "phrasing": example.phrasing,
                   "instruction": instruction, "source": shown}  # fmt: skip
            return
    previous.append((example.instruction, kind))
    del previous[:-200]
    if kind in NONE_KINDS:
        counts[f"{kind} []"] += 1
        yield {**render(found, example.instruction, "[]"), "kind": kind, "phrasing": example.phrasing,
               "instruction": example.instruction, "source": shown}  # fmt: skip
        return
    ops = operations(example.spec, found)
    if ops is None:
        counts[f"{kind}: scope not resolved"] += 1
        return
    try:
        changed = apply_all(ops, {PATH: example.original})
    except (OpError, Exception) as error:  # noqa: BLE001  libcst/rope failures are counted, not fatal
        counts[f"{kind}: op failed ({type(error).__name__})"] += 1
        return
    if not _same(changed.get(PATH, example.original), example.edited):
        counts[f"{kind}: the outline's operation makes another edit"] += 1
        return
    if shown != example.original:  # the neighbours shown may call it (a parameter without a default)
        try:
            apply_all(ops, {PATH: shown})
        except (OpError, Exception):  # noqa: BLE001  counted, as above
            counts[f"{kind}: op fails beside the neighbours shown"] += 1
            return
    counts[f"{kind} ok"] += 1
    yield {**render(found, example.instruction, answer_text(ops)), "kind": kind, "phrasing": example.phrasing,
           "instruction": example.instruction, "source": shown}  # fmt: skip
    if rng.random() < REDRAFT_SHARE:
        again = redraft(example, ops, found, rng)
        if again is not None:
            again["source"] = shown
            counts[f"redraft {ops[0].kind}"] += 1
            yield again


# ------------------------------------------------------------------------------------ task sets


def _facts(text: str) -> dict[str, Any] | None:
    """What an operation can change, by name: values (constants, class attributes, defaults, literal
    locals), parameters (name -> (annotation, default, keyword only)), returns, docstrings, imports."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    values: dict[str, str] = {}
    params: dict[str, dict[str, tuple[str | None, str | None, bool]]] = {}
    returns: dict[str, str | None] = {}
    docs: dict[str | None, str | None] = {None: ast.get_docstring(tree)}
    imports: set[tuple[str, str | None]] = set()

    def assigned(node: ast.AST, prefix: str) -> None:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name):
                values[prefix + targets[0].id] = ast.get_source_segment(text, node.value) or ""

    def function(node: ast.FunctionDef | ast.AsyncFunctionDef, prefix: str) -> None:
        dotted = prefix + node.name
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        entries = [(a, d, False) for a, d in zip(positional, defaults, strict=True)] + [(a, d, True) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
        params[dotted] = {}
        for arg, default, keyword in entries:
            annotation = ast.unparse(arg.annotation) if arg.annotation else None
            shown = ast.get_source_segment(text, default) if default is not None else None
            params[dotted][arg.arg] = (annotation, shown, keyword)
            if shown is not None:
                values[f"{dotted}.{arg.arg}"] = shown
        returns[dotted] = ast.unparse(node.returns) if node.returns else None
        docs[dotted] = ast.get_docstring(node)
        for statement in node.body:
            assigned(statement, dotted + ".")

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function(node, "")
        elif isinstance(node, ast.ClassDef):
            docs[node.name] = ast.get_docstring(node)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    function(item, node.name + ".")
                else:
                    assigned(item, node.name + ".")
        elif isinstance(node, ast.Import):
            imports |= {(a.name, None) for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            imports |= {(node.module, a.name) for a in node.names}
        else:
            assigned(node, "")
    return {"values": values, "params": params, "returns": returns, "docs": docs, "imports": imports}


def _spans(text: str) -> list[tuple[str, int, int]]:
    """(dotted function, first line, last line) of each function and method the outline lists."""
    found = []
    for node in ast.parse(text).body:
        for item, prefix in [(node, "")] + [(i, node.name + ".") for i in getattr(node, "body", []) if isinstance(node, ast.ClassDef)]:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((prefix + item.name, item.lineno, item.end_lineno or item.lineno))
    return found


def _statement_edits(before: str, after: str, found: Outline, instruction: str) -> list[Operation]:
    """Candidates for an edit of one statement in a function: the one run of lines the edit
    deletes, inserts or wraps in try/except, the statement named by one of the outline's texts.
    Of inserts, those whose anchor the instruction quotes come first, then the function's start
    and end, then other anchors (several can make the same file; the instruction says which)."""
    import difflib
    import re
    import textwrap

    old, new = before.splitlines(), after.splitlines()
    runs = [r for r in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes() if r[0] != "equal"]
    if len(runs) != 1:
        return []
    tag, i1, i2, j1, j2 = runs[0]
    spans = [(f, a, b) for f, a, b in _spans(before) if a <= i1 + (tag != "insert") and i1 <= b]
    if not spans:
        return []
    function = max(spans, key=lambda span: span[1])[0]  # the innermost: a method starts after its class
    texts = found.statements.get(function, [])
    gone = " ".join(" ".join(old[i1:i2]).split())
    said = " ".join(instruction.split())
    if tag == "delete":
        return [DeleteStatement(statement=t, function=function) for t in texts if t in gone]
    if tag == "insert":
        code = textwrap.dedent("\n".join(new[j1:j2]))
        above = " ".join(old[i1 - 1].split()) if i1 > 0 else ""
        below = " ".join(old[i1].split()) if i1 < len(old) else ""
        anchored = [InsertStatement(code=code, function=function, where=w, anchor=t)
                    for t in texts for w, line in (("after", above), ("before", below)) if t and t in line]  # fmt: skip
        edges = [InsertStatement(code=code, function=function, where=w) for w in ("start", "end")]
        return [op for op in anchored if op.anchor in said] + edges + [op for op in anchored if op.anchor not in said]
    if tag == "replace" and new[j1].strip() == "try:":
        handler = next((k for k in range(j1, j2) if new[k].strip().startswith("except")), None)
        caught = re.fullmatch(r"except\s+(.+?)(?:\s+as\s+(\w+))?\s*:", new[handler].strip()) if handler else None
        if caught is None:
            return []
        body = textwrap.dedent("\n".join(new[handler + 1 : j2]))
        return [WrapInTry(statement=t, exception=caught[1], name=caught[2], handler=body, function=function)
                for t in texts if t in gone]  # fmt: skip
    return []


def lift(before: str, after: str, instruction: str = "") -> list[Operation] | None:
    """The operations that make ``after`` from ``before`` (a task's source and expected file), as
    specdraft.ops makes them: candidates read off the two files' names, values, signatures,
    docstrings, imports and one statement's lines, kept only where made they give ``after``
    exactly; None where no set of them does (a body change). ``instruction``, where given, orders
    the candidates that make the same file (an insert after one line or before the next)."""
    from specdraft.ops.imports import RemoveImport

    old, new = _facts(before), _facts(after)
    if old is None or new is None:
        return None
    old_outline, new_outline = outline([(PATH, before)]), outline([(PATH, after)])
    for op in _statement_edits(before, after, old_outline, instruction):
        try:
            if _same(apply_all([op], {PATH: before}).get(PATH, before), after):
                return [op]
        except Exception:  # noqa: BLE001  a candidate that does not fit is simply not the edit
            continue
    candidates: list[Operation] = []
    gone = [b for b in old_outline.renames if b not in new_outline.renames]
    came = [b for b in new_outline.renames if b not in old_outline.renames]
    for name, scope in gone:
        for other, other_scope in came:
            same_scope = scope == other_scope or (scope and other_scope and scope.rsplit(".", 1)[0] == other_scope.rsplit(".", 1)[0])
            if same_scope and other != name:
                candidates.append(Rename(old=name, new=other, scope=scope))
    for target, value in new["values"].items():
        if target in old["values"] and old["values"][target] != value and target in old_outline.targets:
            candidates.append(SetValue(target=target, value=value))
    for function, params in new["params"].items():
        before_params = old["params"].get(function)
        if before_params is None:
            continue
        for name, (annotation, default, keyword) in params.items():
            if name not in before_params:
                candidates.append(AddParameter(function=function, name=name, default=default, annotation=annotation,
                                               keyword_only=keyword))  # fmt: skip
        for name in before_params:
            if name not in params:
                candidates.append(RemoveParameter(function=function, name=name))
        hints = {n: a for n, (a, _, _) in params.items() if a and n in before_params and before_params[n][0] is None}
        returns = new["returns"].get(function) if old["returns"].get(function) is None else None
        if hints or returns:
            candidates.append(AddTypeHints(function=function, parameters=hints, returns=returns))
    for target, doc in new["docs"].items():
        if doc and old["docs"].get(target) is None and target in old["docs"]:
            candidates.append(AddDocstring(text=doc, target=target))
    for module, name in sorted(new["imports"] - old["imports"], key=str):
        candidates.append(AddImport(module=module, name=name))
    for module, name in sorted(old["imports"] - new["imports"], key=str):
        candidates.append(RemoveImport(module=module, name=name))
    for chosen in [candidates, *([c] for c in candidates)] if len(candidates) > 1 else [candidates]:
        if not chosen:
            continue
        try:
            made = apply_all(chosen, {PATH: before}).get(PATH, before)
        except Exception:  # noqa: BLE001  a candidate that does not fit is simply not the edit
            continue
        if _same(made, after):
            return list(chosen)
    return None


def task_examples(directories: Sequence[Path], counts: Counter) -> Iterator[dict]:
    """Examples from the project's hand-written task sets (read already; they may train the model):
    each task's instruction with the operations ``lift`` finds, [] for a literal's change, and its
    redraft (the first answer rejected with the task's note) where it has one."""
    from specdraft.drafting.evaltasks import load_tasks

    literal_kinds = {"change_literal"}  # a literal inside an expression: a text edit
    for directory in directories:
        try:
            task_set = load_tasks(directory)
        except Exception as error:  # noqa: BLE001  counted in the summary printed
            counts[f"{directory}: not a task set ({error})"] += 1
            continue
        for task in task_set.tasks:
            source = task.source.read_text(encoding="utf-8")
            found = outline([(PATH, source)])
            ops = lift(source, task.expected.read_text(encoding="utf-8"), task.instruction)
            if ops is None and task.kind not in literal_kinds:
                counts[f"task {task.kind}: not lifted"] += 1
                continue
            answer = answer_text(ops or [])
            counts[f"task {task.kind}{' []' if not ops else ''}"] += 1
            yield {**render(found, task.instruction, answer), "kind": f"task {task.kind}", "phrasing": task.phrasing,
                   "instruction": task.instruction, "source": source}  # fmt: skip
            if task.note and task.after_note is not None and ops:
                corrected = lift(source, task.after_note.read_text(encoding="utf-8"))
                if corrected:
                    counts["task redraft"] += 1
                    yield {**render(found, task.instruction, answer_text(corrected), [(answer, task.note)]),
                           "kind": "task redraft", "phrasing": task.phrasing, "instruction": task.instruction,
                           "source": source, "rejected": answer, "note": task.note}  # fmt: skip


# ------------------------------------------------------------------------ written instructions


def written_examples(files: Sequence[Path], corpus: Path, counts: Counter) -> Iterator[tuple[bool, dict]]:
    """Instructions written by people for the corpus's modules, each with the operations it asks
    for: JSON lines ``{"module": a file name under ``corpus``, "instruction": ..., "operations":
    [operation, ...]}`` (``[]``: no operation makes it, a text edit), and for a redraft also
    ``"rejected": [operations]`` and ``"note"``. Yields (held out, example): a module held out of
    ``--corpus`` holds its instructions out too. A line that does not fit (a module not found,
    operations that do not apply or that the outline's grammar does not admit) is counted, with
    its file and line, and left out: the answer a model learns is always one the app could make."""
    from specdraft.drafting.opreading import answer_grammar, parse_answer
    from specdraft.ops import from_json

    modules: dict[str, tuple[str, Outline, str]] = {}  # name -> its text, outline and answer grammar
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                item = json.loads(line)
                module, instruction = item["module"], item["instruction"]
                ops = [from_json(op) for op in item["operations"]]
                rejected = [from_json(op) for op in item.get("rejected", [])]
                if module not in modules:
                    text = (corpus / module).read_text(encoding="utf-8")
                    found = outline([(PATH, text)])
                    modules[module] = (text, found, answer_grammar(found))
                source, found, grammar = modules[module]
                if ops:
                    apply_all(ops, {PATH: source})
                answer = answer_text(ops)
                if parse_answer(answer) != ops or not admits(grammar, answer):
                    raise OpError("the outline's grammar does not admit the answer (a name or scope it does not list)")
            except (OSError, KeyError, TypeError, ValueError, OpError) as error:
                counts[f"not fitted: {where}: {type(error).__name__}: {str(error)[:160]}"] += 1
                continue
            kind = f"written {ops[0].kind if ops else '[]'}"
            note = item.get("note")
            if rejected and note:
                kind = f"written redraft {ops[0].kind if ops else '[]'}"
                record = {**render(found, instruction, answer, [(answer_text(rejected), note)]),
                          "rejected": answer_text(rejected), "note": note}  # fmt: skip
            else:
                record = render(found, instruction, answer)
            counts[kind] += 1
            yield corpus_heldout(module), {**record, "kind": kind, "phrasing": "written", "instruction": instruction,
                                           "source": source}  # fmt: skip


@functools.cache
def _builtin_tokenizer() -> tuple[str, Any]:
    """The builtin pair's tokenizer: its JSON (for the grammar) and itself, read once."""
    from tokenizers import Tokenizer

    from specdraft.engine.checkpoint import BUILTIN_DIR

    text = (BUILTIN_DIR / "tokenizer.json").read_text(encoding="utf-8")
    return text, Tokenizer.from_str(text)


def admits(grammar: str, text: str) -> bool:
    """Whether the Lark ``grammar`` admits ``text`` whole, spelled in the builtin pair's tokens, as
    the engine decodes under it (llguidance)."""
    from specdraft.engine.grammar import GrammarConstraint

    tokenizer_json, tokenizer = _builtin_tokenizer()
    constraint = GrammarConstraint(grammar, tokenizer_json, eos_token=2)
    ids = tokenizer.encode(text, add_special_tokens=False).ids
    if constraint.admitted_prefix(ids) < len(ids):
        return False
    for token in ids:
        constraint.advance(token)
    return constraint.finished


def evaluate(model_dir: str, examples_path: Path, limit: int | None = None, min_prob: float = 0.5) -> dict:
    """The model's reading of held-out examples, decoded under their grammar as the app decodes it:
    per kind, exact (the operations expected), wrong (other operations, sure enough to be shown: a
    confident wrong draft), withheld (unsure: no draft) and none (answered [] where operations were
    expected); and the model time per example."""
    import time

    from specdraft.drafting.opreading import answer_grammar, fitting_messages, parse_answer
    from specdraft.drafting.requests import ANSWER_TOKENS, answer_fits
    from specdraft.engine.interface import collect
    from specdraft.engine.local import LocalBackend

    backend = LocalBackend(model_dir)

    fits = functools.partial(answer_fits, backend)
    rows: dict[str, Counter] = {}
    sureness: list[tuple[float, bool]] = []
    seconds = 0.0
    lines = examples_path.read_text(encoding="utf-8").splitlines()[:limit]
    for line in lines:
        record = json.loads(line)
        found = outline([(PATH, record["source"])])
        expected = parse_answer(record["answer"].removesuffix("<|end|>"))
        rejected = [(record["rejected"], record["note"])] if record.get("rejected") else []  # a redraft
        messages = fitting_messages(found, record["instruction"], fits, rejected)
        row = rows.setdefault(record["kind"] if expected else "none expected", Counter())
        if messages is None:  # as the app: no reading where the prompt does not fit the window
            row["tasks"] += 1
            row["did not fit"] += 1
            continue
        started = time.perf_counter()
        text, stats = collect(backend.stream(messages, max_new_tokens=ANSWER_TOKENS, grammar=answer_grammar(found)))
        seconds += time.perf_counter() - started
        try:
            answer = parse_answer(text)
        except OpError:
            answer = None
        unsure = stats.least_token_prob is not None and stats.least_token_prob < min_prob
        if answer and stats.least_token_prob is not None:  # how sure it was, by outcome: where to set the bar
            sureness.append((round(stats.least_token_prob, 3), answer == expected))
        row["tasks"] += 1
        row[f"{record['phrasing']} tasks"] += 1
        if answer == expected:
            row["exact"] += 1
            row[f"{record['phrasing']} exact"] += 1
        elif not answer:
            row["none"] += 1
        elif unsure:
            row["withheld"] += 1
        else:
            row["wrong"] += 1
    total: Counter = Counter()
    for row in rows.values():
        total.update(row)
    return {"model": model_dir, "examples": str(examples_path), "seconds_per_example": round(seconds / max(1, len(lines)), 3),
            "total": dict(total), "kinds": {k: dict(v) for k, v in sorted(rows.items())},
            "by_bar": {bar: {"shown": sum(p >= bar for p, _ in sureness), "wrong": sum(p >= bar and not ok for p, ok in sureness)}
                       for bar in (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)}}  # fmt: skip


CORPUS_HELDOUT = 5  # one module in this many (by the hash of its name) is held out of --corpus


def corpus_heldout(name: str) -> bool:
    import hashlib

    return int(hashlib.sha1(name.encode("utf-8")).hexdigest()[:8], 16) % CORPUS_HELDOUT == 0


def write_corpus(args: argparse.Namespace) -> int:
    """--corpus: train.jsonl and heldout.jsonl from whole modules (held-out modules: half the
    instructions from the held-out part of the grammar, as the snippets' held-out split)."""
    def modules(folders: Sequence[Path]) -> list[tuple[str, str]]:
        found = []
        for folder in folders:
            if not folder.is_dir():
                raise SystemExit(f"--corpus/--modules: {folder} is not a folder")
            found += [(str(path), path.read_text(encoding="utf-8")) for path in sorted(folder.rglob("*.py"))]
        return found

    corpus, extra = modules(args.corpus), modules(args.modules)
    splits = {"train": [f for f in corpus if not corpus_heldout(Path(f[0]).name)] + extra,
              "heldout": [f for f in corpus if corpus_heldout(Path(f[0]).name)]}  # fmt: skip
    args.out.mkdir(parents=True, exist_ok=True)
    summary = {}
    for split, files in splits.items():
        if split not in args.splits.split(","):
            continue
        counts: Counter = Counter()
        phrasing = 0.5 if split == "heldout" else 0.0
        path = args.out / f"{split}.jsonl"
        with open(path, "w", encoding="utf-8") as out:
            for record in module_examples(files, args.seed + (split == "heldout"), args.rounds, phrasing, counts):
                out.write(json.dumps(record) + "\n")
        summary[split] = {"modules": len(files), **dict(sorted(counts.items()))}
        print(f"{split}: {sum(v for k, v in counts.items() if k.endswith(('ok', '[]')))} examples from {len(files)} modules -> {path}",
              file=sys.stderr)  # fmt: skip
    (args.out / f"summary.{'-'.join(summary)}.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


def write_written(args: argparse.Namespace) -> int:
    """--written: the examples of instructions written for the corpus, split as its modules are;
    with --check, only the lines that do not fit (exit 1 where any)."""
    if len(args.corpus) != 1:
        raise SystemExit("--written: give the one --corpus folder its modules are in")
    counts: Counter = Counter()
    splits: dict[bool, list[dict]] = {False: [], True: []}
    for heldout, record in written_examples(args.written, args.corpus[0], counts):
        splits[heldout].append(record)
    unfitted = sorted(key for key in counts if key.startswith("not fitted"))
    for key in unfitted:
        print(key, file=sys.stderr)
    print(json.dumps({"train": len(splits[False]), "heldout": len(splits[True]), "not fitted": len(unfitted),
                      **{k: v for k, v in sorted(counts.items()) if not k.startswith("not fitted")}}, indent=1))  # fmt: skip
    if args.check:
        return 1 if unfitted else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for heldout, records in splits.items():
        path = args.out / f"written_{'heldout' if heldout else 'train'}.jsonl"
        path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    from specdraft.engine.training import corpus

    parser = argparse.ArgumentParser(prog="python -m specdraft.training.opdata", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, help="the folder written to (needed but with --written --check)")
    parser.add_argument("--examples", type=int, default=60000, help="training examples (held out: a tenth)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-files", type=int)
    parser.add_argument("--splits", default="train,heldout", help="which splits to write (train, heldout)")
    parser.add_argument("--tasks", nargs="*", type=Path, metavar="DIR",
                        help="write tasks.jsonl from these task sets (the project's, read already) instead")
    parser.add_argument("--evaluate", metavar="MODEL_DIR", help="read --out's heldout.jsonl with this model instead")
    parser.add_argument("--limit", type=int, help="with --evaluate: the first N examples")
    parser.add_argument("--min-prob", type=float, default=0.5,
                        help="with --evaluate: answers whose least likely token is under this are withheld")
    parser.add_argument("--corpus", nargs="*", type=Path, default=[], metavar="DIR",
                        help="examples from the whole modules under these folders (engine/builtin/corpus) instead of "
                             "the standard library's snippets; a fifth of the modules, by name, are held out")  # fmt: skip
    parser.add_argument("--modules", nargs="*", type=Path, default=[], metavar="DIR",
                        help="with --corpus: whole modules that only train (the project's task sets' modules/, read already)")
    parser.add_argument("--rounds", type=int, default=3, help="with --corpus: each edit kind tried this many times a module")
    parser.add_argument("--written", nargs="*", type=Path, default=[], metavar="FILE",
                        help="with one --corpus folder: instructions written for its modules (JSON lines, "
                             "engine/builtin/corpus/instructions/) -> written_train.jsonl, written_heldout.jsonl")  # fmt: skip
    parser.add_argument("--check", action="store_true", help="with --written: only say which lines do not fit")
    args = parser.parse_args(argv)
    if args.out is None and not (args.written and args.check):
        parser.error("--out is required")
    if args.written:
        return write_written(args)
    if args.corpus:
        return write_corpus(args)
    if args.tasks:
        counts: Counter = Counter()
        args.out.mkdir(parents=True, exist_ok=True)
        with open(args.out / "tasks.jsonl", "w", encoding="utf-8") as out:
            for record in task_examples(args.tasks, counts):
                out.write(json.dumps(record) + "\n")
        print(json.dumps(dict(sorted(counts.items())), indent=1))
        return 0
    if args.evaluate:
        print(json.dumps(evaluate(args.evaluate, args.out / "heldout.jsonl", args.limit, args.min_prob), indent=1))
        return 0
    root = corpus.stdlib_root()
    relpaths = corpus.list_stdlib_files(root)[: args.max_files]
    files = [(p, corpus.read_source(root, p)) for p in relpaths]
    site = corpus.site_packages()
    files += [(e.relpath, corpus.read_source(site, e.relpath)) for e in corpus.list_package_files(site)[: args.max_files]]
    files = [(p, t) for p, t in files if t]
    rng = random.Random(args.seed)
    rng.shuffle(files)
    args.out.mkdir(parents=True, exist_ok=True)
    summary = {}
    for split, share, phrasing in (("train", 1.0, 0.0), ("heldout", 0.1, 0.5)):
        if split not in args.splits.split(","):
            continue
        chosen = [(p, t) for p, t in files if corpus.is_heldout(p) == (split == "heldout")]
        counts: Counter = Counter()
        path = args.out / f"{split}.jsonl"
        with open(path, "w", encoding="utf-8") as out:
            for n, record in enumerate(examples(chosen, args.seed + (split == "heldout"), int(args.examples * share), phrasing, counts)):
                out.write(json.dumps(record) + "\n")
                if n % 2000 == 0:
                    print(f"{split}: {n} examples", file=sys.stderr, flush=True)
        summary[split] = dict(sorted(counts.items()))
        print(f"{split}: {sum(v for k, v in counts.items() if k.endswith(('ok', '[]')))} examples -> {path}", file=sys.stderr)
    (args.out / f"summary.{'-'.join(summary)}.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
