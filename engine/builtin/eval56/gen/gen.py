import ast, difflib, io, json, re, tokenize
from pathlib import Path

ROOT = Path("/tmp/fresh7/eval56")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def R(old, new, n=1):
    def f(s):
        c = s.count(old)
        assert c == n, (old, c, n)
        return s.replace(old, new)
    return f

def W(old, new, n, attr=None, within=None):
    """word rename; attr True: only after '.', False: never after '.'; within=(start,end) markers"""
    pat = re.compile(r"(?<![\w])" + re.escape(old) + r"(?!\w)")
    def f(s):
        lo, hi = 0, len(s)
        if within:
            lo = s.index(within[0]); hi = s.index(within[1], lo) if within[1] else len(s)
        seg = s[lo:hi]
        out, cnt, last = [], 0, 0
        for m in pat.finditer(seg):
            dotted = m.start() > 0 and seg[m.start() - 1] == "."
            if attr is True and not dotted: continue
            if attr is False and dotted: continue
            out.append(seg[last:m.start()]); out.append(new); last = m.end(); cnt += 1
        out.append(seg[last:])
        assert cnt == n, (old, cnt, n)
        return s[:lo] + "".join(out) + s[hi:]
    return f

def toks(src):
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in (tokenize.NL, tokenize.COMMENT)]

def scopes(src):
    tree = ast.parse(src)
    spans = []
    def visit(node, prefix):
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + ch.name
                start = min([ch.lineno] + [d.lineno for d in ch.decorator_list])
                spans.append((start, ch.end_lineno, name))
                if isinstance(ch, ast.ClassDef):
                    visit(ch, name + ".")
    visit(tree, "")
    imports = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.update(range(node.lineno, node.end_lineno + 1))
    def at(line):
        if line in imports: return "<imports>"
        best = None
        for a, b, name in spans:
            if a <= line <= b and (best is None or b - a < best[1] - best[0]):
                best = (a, b, name)
        return best[2] if best else None
    return at

def changed_scope(old, new):
    ol, nl = old.splitlines(), new.splitlines()
    sa, sb = scopes(old), scopes(new)
    names = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ol, nl, autojunk=False).get_opcodes():
        if tag == "equal": continue
        for i in range(i1, i2): names.append(sa(i + 1))
        for j in range(j1, j2): names.append(sb(j + 1))
    if None in names: return None
    out = []
    for n in names:
        if n not in out: out.append(n)
    return out

def token_check(old, new, t0, t1):
    a, b = toks(old), toks(new)
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal": continue
        assert tag == "replace" and i2 - i1 == j2 - j1, (tag, a[i1:i2], b[j1:j2])
        for x, y in zip(a[i1:i2], b[j1:j2]):
            assert x[1] == t0 and y[1] == t1, (x, y)
    return sum(1 for t in b if t[1] == t0)

TOKEN_KINDS = {"rename_function", "rename_method", "rename_class", "rename_variable", "rename_parameter",
               "rename_constant", "rename_attribute", "change_literal", "change_constant", "change_default"}
NO_SCOPE = {"rename_function", "rename_method", "rename_class"}

TASKS = []
def T(id, kind, module, instruction, edits, tokens=None, note=None, after=None, after_tokens=None):
    TASKS.append(dict(id=id, kind=kind, module=module, instruction=instruction, edits=edits,
                      tokens=tokens, note=note, after=after, after_tokens=after_tokens))

exec(open("/tmp/fresh7/eval56/gen/tasks_def.py").read())

def tq(v):
    return json.dumps(v, ensure_ascii=False)

lines = ["# Held-out edit tasks (eval56), written by a helper session. See README.md.", ""]
from collections import Counter
kc, mc = Counter(), Counter()
for t in TASKS:
    src = (MOD / t["module"]).read_text()
    out = src
    for e in t["edits"]: out = e(out)
    assert out != src
    ast.parse(out)
    (EXP / f"{t['id']}.py").write_text(out)
    kc[t["kind"]] += 1; mc[t["module"]] += 1
    L = ["[[task]]", f"id = {tq(t['id'])}", f"kind = {tq(t['kind'])}", 'phrasing = "heldout"',
         f"source = {tq('modules/' + t['module'])}", f"instruction = {tq(t['instruction'])}",
         f"expected = {tq('expected/' + t['id'] + '.py')}"]
    if t["kind"] in TOKEN_KINDS:
        keep = token_check(src, out, *t["tokens"])
        L.append(f"tokens = {tq(list(t['tokens']))}")
        L.append(f"keep = {keep}")
    if t["kind"] not in NO_SCOPE:
        sc = changed_scope(src, out)
        if sc: L.append(f"scope = {tq(sc)}")
    if t["note"]:
        a = src
        for e in t["after"]: a = e(a)
        ast.parse(a)
        (EXP / f"{t['id']}.after-note.py").write_text(a)
        if t.get("after_tokens"):
            token_check(src, a, *t["after_tokens"])
        L.append(f"note = {tq(t['note'])}")
        L.append(f"after_note = {tq('expected/' + t['id'] + '.after-note.py')}")
    lines += L + [""]
(ROOT / "tasks.toml").write_text("\n".join(lines))
print(len(TASKS), dict(kc), dict(mc))
