"""Builds expected/ and tasks.toml for this held-out set from plain string/token edits."""

import ast
import difflib
import io
import json
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"


def src(name):
    return (MOD / name).read_text()


def sub(text, old, new, count=1):
    n = text.count(old)
    assert n == count, (old, n, count)
    return text.replace(old, new)


def edits(*pairs):
    def apply(text):
        for pair in pairs:
            text = sub(text, *pair)
        return text
    return apply


def rename(old, new, mode="all", expect=None):
    """Token rename of NAME tokens; mode 'attr' = only after a dot."""
    def apply(text):
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
        lines = text.splitlines(keepends=True)
        hits = []
        for i, tok in enumerate(toks):
            if tok.type != tokenize.NAME or tok.string != old:
                continue
            prev = toks[i - 1].string if i else ""
            if mode == "attr" and prev != ".":
                continue
            hits.append(tok.start)
        if expect is not None:
            assert len(hits) == expect, (old, len(hits), expect)
        for row, col in sorted(hits, reverse=True):
            line = lines[row - 1]
            assert line[col:col + len(old)] == old
            lines[row - 1] = line[:col] + new + line[col + len(old):]
        return "".join(lines)
    return apply


def scopes_for(tree, text):
    """line -> scope name (innermost def / Class.method / class / <imports>) or None."""
    owner = {}
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for ln in range(node.lineno, node.end_lineno + 1):
                owner[ln] = "<imports>"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            for ln in range(start, node.end_lineno + 1):
                owner[ln] = node.name
        elif isinstance(node, ast.ClassDef):
            for ln in range(node.lineno, node.end_lineno + 1):
                owner[ln] = node.name
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for ln in range(item.lineno, item.end_lineno + 1):
                        owner[ln] = f"{node.name}.{item.name}"
    return owner


def compute_scope(before, after):
    a_lines = before.splitlines()
    b_lines = after.splitlines()
    a_own = scopes_for(ast.parse(before), before)
    b_own = scopes_for(ast.parse(after), after)
    found = set()
    sm = difflib.SequenceMatcher(None, a_lines, b_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        for ln in range(i1 + 1, i2 + 1):
            found.add(a_own.get(ln))
        if tag == "insert":
            for ln in range(j1 + 1, j2 + 1):
                found.add(b_own.get(ln))
    if None in found:
        return None
    return sorted(found)


def count_tok(text, spelled):
    return sum(
        1 for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.string == spelled
    )


TASKS = []


def task(id, module, kind, instruction, edit, tokens=None, note=None, after=None):
    TASKS.append(dict(id=id, module=module, kind=kind, instruction=instruction, edit=edit,
                      tokens=tokens, note=note, after=after))


exec((ROOT / "task_defs.py").read_text())


def toml_str(value):
    return json.dumps(value, ensure_ascii=False)


def main():
    EXP.mkdir(exist_ok=True)
    out = []
    show = "--show" in sys.argv
    ids = set()
    for t in TASKS:
        assert t["id"] not in ids, t["id"]
        ids.add(t["id"])
        before = src(t["module"])
        after = t["edit"](before)
        assert after != before, t["id"]
        ast.parse(after)
        exp_rel = f"expected/{t['id']}.py"
        (ROOT / exp_rel).write_text(after)
        lines = [
            "[[task]]",
            f"id = {toml_str(t['id'])}",
            f"kind = {toml_str(t['kind'])}",
            'phrasing = "heldout"',
            f"source = {toml_str('modules/' + t['module'])}",
            f"instruction = {toml_str(t['instruction'])}",
            f"expected = {toml_str(exp_rel)}",
        ]
        if t["tokens"]:
            old, new = t["tokens"]
            lines.append(f"tokens = [{toml_str(old)}, {toml_str(new)}]")
            lines.append(f"keep = {count_tok(after, old)}")
        scope = compute_scope(before, after)
        if scope:
            lines.append("scope = [" + ", ".join(toml_str(s) for s in scope) + "]")
        if t["note"]:
            redraft = t["after"](before)
            ast.parse(redraft)
            an_rel = f"expected/{t['id']}.after-note.py"
            (ROOT / an_rel).write_text(redraft)
            lines.append(f"note = {toml_str(t['note'])}")
            lines.append(f"after_note = {toml_str(an_rel)}")
        out.append("\n".join(lines))
        if show:
            print("=" * 70)
            print("\n".join(lines))
            diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            print("\n".join(list(diff)[2:]))
            if t["note"]:
                print("--- after note:")
                diff = difflib.unified_diff(before.splitlines(), redraft.splitlines(), lineterm="", n=0)
                print("\n".join(list(diff)[2:]))
    header = "# Held-out edit tasks (eval53), written by a helper session; see README.md.\n\n"
    (ROOT / "tasks.toml").write_text(header + "\n\n".join(out) + "\n")
    print(len(TASKS), "tasks")


main()
