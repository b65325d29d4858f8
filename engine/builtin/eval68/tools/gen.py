import ast, io, tokenize, json, difflib, sys
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval68")
MOD = ROOT / "modules"
EXP = ROOT / "expected"


def func_range(src, qual):
    tree = ast.parse(src)
    parts = qual.split(".")
    body = tree.body
    node = None
    for part in parts:
        node = next(n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == part)
        body = node.body
    return node.lineno, node.end_lineno


def tok_rename(src, old, new, region=None, attr_only=False, expect=None):
    lines = src.splitlines(keepends=True)
    lo, hi = (1, len(lines)) if region is None else func_range(src, region)
    toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    hits = []
    for i, t in enumerate(toks):
        if t.type == tokenize.NAME and t.string == old and lo <= t.start[0] <= hi:
            prev = toks[i - 1].string if i else ""
            if attr_only and prev != ".":
                continue
            hits.append(t.start)
    if expect is not None:
        assert len(hits) == expect, (old, len(hits), expect)
    for (row, col) in sorted(hits, reverse=True):
        line = lines[row - 1]
        assert line[col:col + len(old)] == old
        lines[row - 1] = line[:col] + new + line[col + len(old):]
    return "".join(lines)


def sub(src, old, new, count=1):
    assert src.count(old) == count, (old, src.count(old), count)
    return src.replace(old, new)


def apply(src, edits):
    for e in edits:
        if e[0] == "sub":
            src = sub(src, *e[1:])
        else:
            src = tok_rename(src, *e[1:3], **(e[3] if len(e) > 3 else {}))
    return src


def tok_strings(src):
    return [t.string for t in tokenize.generate_tokens(io.StringIO(src).readline)]

from tasks_def import TASKS

out = []
for t in TASKS:
    src_path = MOD / t["module"]
    src = src_path.read_text()
    exp = apply(src, t["edits"])
    assert exp != src, t["id"]
    ast.parse(exp)
    (EXP / f'{t["id"]}.py').write_text(exp)
    entry = {
        "id": t["id"], "kind": t["kind"], "phrasing": "heldout",
        "source": f'modules/{t["module"]}', "instruction": t["instruction"],
        "expected": f'expected/{t["id"]}.py',
    }
    if "tokens" in t:
        entry["tokens"] = t["tokens"]
        entry["keep"] = tok_strings(exp).count(t["tokens"][0])
    if "scope" in t:
        entry["scope"] = t["scope"]
    if "note" in t:
        after = apply(src, t["after_edits"])
        ast.parse(after)
        (EXP / f'{t["id"]}.after-note.py').write_text(after)
        entry["note"] = t["note"]
        entry["after_note"] = f'expected/{t["id"]}.after-note.py'
    out.append(entry)
    if "-v" in sys.argv:
        print("=" * 20, t["id"], "|", t["instruction"], "| keep", entry.get("keep"))
        sys.stdout.writelines(difflib.unified_diff(src.splitlines(True), exp.splitlines(True), n=0))


def q(v):
    return json.dumps(v, ensure_ascii=False)

with open(ROOT / "tasks.toml", "w") as f:
    f.write("# Held-out edit tasks (eval68), written by a helper session. See README.md.\n")
    for e in out:
        f.write("\n[[task]]\n")
        for k in ("id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope", "note", "after_note"):
            if k in e:
                v = e[k]
                f.write(f"{k} = {v if isinstance(v, int) else q(v)}\n")
print(len(out), "tasks")
