import ast, io, tokenize, difflib, json, re
from pathlib import Path
ROOT = Path("/tmp/fresh8/eval62")
M = {"rally": "rally_bus_entries.py", "jam": "preserving_pans.py", "peal": "peal_boards.py",
     "fossil": "fossil_finds_ledger.py", "pool": "rockpool_counts.py", "maple": "maple_boil_log.py"}
RENAMES = {"rename_function", "rename_method", "rename_class", "rename_variable", "rename_parameter",
           "rename_constant", "rename_attribute"}
VALUES = {"change_literal", "change_constant", "change_default"}

def apply(src, edits):
    s = src
    for e in edits:
        a, b = e[0], e[1]
        n = e[2] if len(e) > 2 else 1
        assert s.count(a) == n, (a, s.count(a), n)
        s = s.replace(a, b)
    return s

def toks(s):
    return [t.string for t in tokenize.generate_tokens(io.StringIO(s).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT, tokenize.ENDMARKER)]

def spans(s):
    tree = ast.parse(s)
    out = []  # (start, end, name)
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append((node.lineno, node.end_lineno, "<imports>"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((node.lineno, node.end_lineno, node.name))
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    st = min([sub.lineno] + [d.lineno for d in sub.decorator_list])
                    out.append((st, sub.end_lineno, f"{node.name}.{sub.name}"))
            out.append((node.lineno, node.end_lineno, node.name))
    return out

def owner(sp, line):
    best = None
    for a, b, n in sp:
        if a <= line <= b and (best is None or b - a < best[1] - best[0]):
            best = (a, b, n)
    return best[2] if best else None

def scope_of(old, new):
    so = spans(old)
    ol, nl = old.splitlines(), new.splitlines()
    names = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ol, nl, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        lns = list(range(i1 + 1, i2 + 1)) if i2 > i1 else [i1]
        for ln in lns:
            o = owner(so, ln)
            if o is None and i2 == i1:
                o = owner(so, ln + 1)
            if o is None:
                return None
            if o not in names:
                names.append(o)
    return names

def tq(s):
    return json.dumps(s, ensure_ascii=False)

import sys; sys.path.insert(0, str(Path(__file__).parent)); from tasks62 import TASKS
out = []
seen = set()
for t in TASKS:
    tid = t["id"]; assert tid not in seen; seen.add(tid)
    srcp = ROOT / "modules" / M[t["mod"]]
    src = srcp.read_text()
    exp = apply(src, t["edits"])
    assert exp != src
    ast.parse(exp)
    ep = ROOT / "expected" / f"{tid}.py"
    ep.write_text(exp)
    lines = ["[[task]]", f"id = {tq(tid)}", f"kind = {tq(t['kind'])}", 'phrasing = "heldout"',
             f"source = {tq('modules/' + M[t['mod']])}", f"instruction = {tq(t['instr'])}",
             f"expected = {tq('expected/' + tid + '.py')}"]
    k = t["kind"]
    if k in RENAMES or k in VALUES:
        a, b = t["tokens"]
        # verify every differing token is a->b
        ta, tb = toks(src), toks(exp)
        assert len(ta) == len(tb), tid
        diffs = {(x, y) for x, y in zip(ta, tb) if x != y}
        assert diffs == {(a, b)}, (tid, diffs)
        keep = tb.count(a)
        lines.append(f"tokens = [{tq(a)}, {tq(b)}]")
        lines.append(f"keep = {keep}")
    sc = scope_of(src, exp)
    if sc:
        lines.append("scope = [" + ", ".join(tq(x) for x in sc) + "]")
    if "note" in t:
        after = apply(src, t["after_edits"])
        ast.parse(after)
        ap = ROOT / "expected" / f"{tid}.after-note.py"
        ap.write_text(after)
        lines.append(f"note = {tq(t['note'])}")
        lines.append(f"after_note = {tq('expected/' + tid + '.after-note.py')}")
    out.append("\n".join(lines))
    print(tid, k, sc, t.get("tokens"))
(ROOT / "tasks.toml").write_text("# held-out edit tasks (eval62), written by a helper session\n\n" + "\n\n".join(out) + "\n")
from collections import Counter
print(Counter(t["kind"] for t in TASKS)); print(Counter(t["mod"] for t in TASKS)); print(len(TASKS))
