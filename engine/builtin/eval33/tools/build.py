"""Builds expected/ and tasks.toml for the held-out edit set from plain string edits."""
import ast, difflib, io, json, re, sys, tokenize
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def R(old, new, n=1):
    return ("R", old, new, n, None)
def W(old, new, n, within=None):
    return ("W", old, new, n, within)

def func_span(text, name):
    m = re.search(r"^(def|class) " + re.escape(name) + r"\b", text, re.M)
    assert m, name
    nxt = re.search(r"^(def|class) ", text[m.end():], re.M)
    return m.start(), (m.end() + nxt.start()) if nxt else len(text)

def apply(text, edits):
    for kind, old, new, n, within in edits:
        if kind == "R":
            c = text.count(old)
            assert c == n, (old, c, n)
            text = text.replace(old, new)
        else:
            a, b = (0, len(text)) if within is None else func_span(text, within)
            seg = text[a:b]
            seg, c = re.subn(r"\b" + re.escape(old) + r"\b", new, seg)
            assert c == n, (old, c, n)
            text = text[:a] + seg + text[b:]
    return text

def toks(text):
    out = []
    for t in tokenize.generate_tokens(io.StringIO(text).readline):
        if t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING, tokenize.OP):
            out.append(t.string)
    return out

def scope_map(text):
    tree = ast.parse(text)
    m = {}
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for ln in range(node.lineno, node.end_lineno + 1):
                m[ln] = "<imports>"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for ln in range(node.lineno, node.end_lineno + 1):
                m[ln] = node.name
        elif isinstance(node, ast.ClassDef):
            for ln in range(node.lineno, node.end_lineno + 1):
                m[ln] = node.name
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for ln in range(sub.lineno, sub.end_lineno + 1):
                        m[ln] = node.name + "." + sub.name
    return m

def scope_of(src, exp):
    a, b = src.splitlines(), exp.splitlines()
    ma, mb = scope_map(src), scope_map(exp)
    names = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "insert":
            lines = [mb.get(j + 1) for j in range(j1, j2)]
        else:
            lines = [ma.get(i + 1) for i in range(i1, i2)]
        for s in lines:
            if s is None:
                return None
            if s not in names:
                names.append(s)
    return names

TOKEN_KINDS = {"rename_function", "rename_method", "rename_class", "rename_variable",
               "rename_parameter", "rename_constant", "rename_attribute", "change_literal",
               "change_constant", "change_default"}

exec((ROOT / "tools" / "tasks_def.py").read_text())

def q(s):
    return json.dumps(s, ensure_ascii=False)

out = []
kinds = Counter()
ids = set()
for t in TASKS:
    tid, module, kind, instr, edits = t["id"], t["module"], t["kind"], t["instruction"], t["edits"]
    assert tid not in ids
    ids.add(tid)
    kinds[kind] += 1
    src = (MOD / module).read_text()
    exp = apply(src, edits)
    ast.parse(exp)
    (EXP / (tid + ".py")).write_text(exp)
    lines = ["[[task]]", f"id = {q(tid)}", f"kind = {q(kind)}", 'phrasing = "heldout"',
             f"source = {q('modules/' + module)}", f"instruction = {q(instr)}",
             f"expected = {q('expected/' + tid + '.py')}"]
    if kind in TOKEN_KINDS:
        old, new = t["tokens"]
        ta, tb = toks(src), toks(exp)
        diff = [(x, y) for x, y in zip(ta, tb) if x != y]
        assert len(ta) == len(tb) and diff and all(d == (old, new) for d in diff), (tid, diff[:5])
        keep = tb.count(old)
        lines.append(f"tokens = [{q(old)}, {q(new)}]")
        lines.append(f"keep = {keep}")
    sc = scope_of(src, exp)
    if sc:
        lines.append("scope = [" + ", ".join(q(s) for s in sc) + "]")
    if "note" in t:
        after = apply(src, t["after_edits"])
        ast.parse(after)
        (EXP / (tid + ".after-note.py")).write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + tid + '.after-note.py')}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("\n\n".join(out) + "\n")
print(len(TASKS), "tasks")
for k, v in sorted(kinds.items()):
    print(f"  {k}: {v}")
print("redraft:", sum(1 for t in TASKS if "note" in t))
