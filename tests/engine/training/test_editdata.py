"""The synthetic edit generator: every kind yields valid Python that differs exactly as instructed."""

from __future__ import annotations

import ast
import random
import re
import textwrap
from pathlib import Path

import pytest

from specdraft.engine import editprompt
from specdraft.engine.training import editdata

# Real code to edit: a few standard-library modules of the running interpreter.
MODULES = ["textwrap.py", "shlex.py", "fnmatch.py", "calendar.py", "netrc.py", "heapq.py", "string.py"]


@pytest.fixture(scope="module")
def snippets() -> list[str]:
    root = editdata.stdlib_root()
    found = []
    for name in MODULES:
        text = editdata.read_source(root, name)
        if text:
            found.extend(editdata.extract_snippets(text))
    assert len(found) > 40, "expected plenty of functions in the stdlib sample"
    return found


def quoted(instruction: str) -> list[str]:
    return re.findall(r"`([^`]+)`", instruction)


class Rename(ast.NodeTransformer):
    """Rename `new` back to `old` in names, parameters, defs and self./cls. attributes."""

    def __init__(self, new: str, old: str):
        self.new, self.old = new, old

    def visit_Name(self, node):
        if node.id == self.new:
            node.id = self.old
        return node

    def visit_arg(self, node):
        if node.arg == self.new:
            node.arg = self.old
        return self.generic_visit(node)

    def visit_FunctionDef(self, node):
        if node.name == self.new:
            node.name = self.old
        return self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Attribute(self, node):
        if node.attr == self.new:
            node.attr = self.old
        return self.generic_visit(node)


def dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=False)


def functions_named(tree: ast.AST, name: str):
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name]


def check_rename(original, instruction, edited):
    old, new = quoted(instruction)[-2:]
    assert new not in {t for t in re.findall(r"\w+", original)}
    assert re.search(rf"\b{re.escape(new)}\b", edited)
    assert dump(Rename(new, old).visit(ast.parse(edited))) == dump(ast.parse(original))


def changed_lines(original: str, edited: str) -> tuple[list[str], list[str]]:
    import difflib

    removed, added = [], []
    for line in difflib.ndiff(original.splitlines(), edited.splitlines()):
        if line.startswith("- "):
            removed.append(line[2:])
        elif line.startswith("+ "):
            added.append(line[2:])
    return removed, added


def check_change_literal(original, instruction, edited):
    body = re.sub(r"^(In the line `.*`, change|Change|Replace the literal) ", "", instruction)
    splits = [(m.start(), m.end()) for m in re.finditer(r" (?:to|with) ", body)]
    assert any(
        original.count(body[:a]) == 1 and edited == original.replace(body[:a], body[b:-1]) for a, b in splits
    ), "no reading of the instruction explains the edit"


def check_change_default(original, instruction, edited):
    param, new = quoted(instruction)[0], quoted(instruction)[-1]
    tree = ast.parse(edited)
    values = []
    for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        args = func.args.args
        pairs = list(zip(args[len(args) - len(func.args.defaults):], func.args.defaults, strict=True))
        pairs += [(a, d) for a, d in zip(func.args.kwonlyargs, func.args.kw_defaults, strict=True) if d is not None]
        values += [ast.unparse(d) for a, d in pairs if a.arg == param]
    assert ast.unparse(ast.parse(new, mode="eval").body) in values
    removed, added = changed_lines(original, edited)
    assert len(removed) == len(added) == 1


def check_add_parameter(original, instruction, edited):
    names = quoted(instruction)
    func_name, new = (names[0], names[1]) if instruction.startswith("Give") else (names[-1], names[0])
    new = new.split("=")[0]
    after = functions_named(ast.parse(edited), func_name)
    assert any(f.args.args and f.args.args[-1].arg == new for f in after)
    assert new not in [a.arg for f in functions_named(ast.parse(original), func_name) for a in f.args.args]


def check_remove_parameter(original, instruction, edited):
    name, func_name = quoted(instruction)[:2]
    before = functions_named(ast.parse(original), func_name)
    after = functions_named(ast.parse(edited), func_name)
    assert any(name in [a.arg for a in f.args.args] for f in before)
    assert all(name not in [a.arg for a in f.args.args] for f in after)
    assert re.sub(rf"\b{name}\b", "", original).replace(" ", "") != original.replace(" ", "")


def check_add_docstring(original, instruction, edited):
    text = re.search(r'"([^"]+)"', instruction).group(1)
    name = quoted(instruction)[0]
    tree = ast.parse(edited)
    nodes = [n for n in ast.walk(tree) if getattr(n, "name", None) == name]
    assert any(ast.get_docstring(n) == text for n in nodes)
    removed, added = changed_lines(original, edited)
    assert removed == [] and [a.strip() for a in added] == [f'"""{text}"""']


def check_remove_docstring(original, instruction, edited):
    name = quoted(instruction)[0]
    before = [n for n in ast.walk(ast.parse(original)) if getattr(n, "name", None) == name]
    after = [n for n in ast.walk(ast.parse(edited)) if getattr(n, "name", None) == name]
    assert any(ast.get_docstring(n) for n in before)
    assert sum(1 for n in after if ast.get_docstring(n)) < sum(1 for n in before if ast.get_docstring(n))
    removed, added = changed_lines(original, edited)
    assert added == [] and removed


def check_delete_statement(original, instruction, edited):
    line = quoted(instruction)[0]
    removed, added = changed_lines(original, edited)
    assert added == [] and [r.strip() for r in removed] == [line]


def check_insert_statement(original, instruction, edited):
    names = quoted(instruction)
    after_line, new_stmt = (names[0], names[1]) if instruction.startswith("After") else (names[1], names[0])
    lines = edited.splitlines()
    index = [i for i, line in enumerate(lines) if line.strip() == after_line]
    assert len(index) == 1 and lines[index[0] + 1].strip() == new_stmt
    removed, added = changed_lines(original, edited)
    assert removed == [] and [a.strip() for a in added] == [new_stmt]


def check_swap_comparison(original, instruction, edited):
    names = quoted(instruction)
    if instruction.startswith("In "):
        seg, new_op, old_op = names
        assert f" {old_op} " in seg and original.count(seg) == 1
        assert edited == original.replace(seg, seg.replace(f" {old_op} ", f" {new_op} ", 1))
    else:
        old, new = names[:2]
        assert original.count(old) == 1 and edited == original.replace(old, new)


def check_wrap_try(original, instruction, edited):
    line = quoted(instruction)[0]
    exc = re.search(r"(?:try/except |^Ignore )(\w+)", instruction).group(1)
    tries = [n for n in ast.walk(ast.parse(edited)) if isinstance(n, ast.Try)]
    assert any(
        len(t.body) == 1 and ast.unparse(t.body[0]) == ast.unparse(ast.parse(line).body[0])
        and ast.unparse(t.handlers[0].type) == exc and isinstance(t.handlers[0].body[0], ast.Pass)
        for t in tries
    )
    removed, added = changed_lines(original, edited)
    assert [r.strip() for r in removed] == [line]


def check_add_type_hint(original, instruction, edited):
    names = quoted(instruction)
    tree = ast.parse(edited)
    funcs = [f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if "return" in instruction:
        hint = next((n for n in names if n.startswith("-> ")), names[-1]).removeprefix("-> ")
        assert any(f.returns is not None and ast.unparse(f.returns) == ast.unparse(ast.parse(hint, mode="eval").body) for f in funcs)
    else:
        param, hint = (names[1], names[0]) if instruction.startswith("Add the type hint") else (names[0], names[-1])
        expected = ast.unparse(ast.parse(hint, mode="eval").body)
        annotated = [a for f in funcs for a in f.args.args if a.arg == param and a.annotation is not None]
        assert any(ast.unparse(a.annotation) == expected for a in annotated)
    removed, added = changed_lines(original, edited)
    assert len(removed) == len(added) == 1


CHECKS = {
    "rename_variable": check_rename,
    "rename_function": check_rename,
    "change_literal": check_change_literal,
    "change_default": check_change_default,
    "add_parameter": check_add_parameter,
    "remove_parameter": check_remove_parameter,
    "add_docstring": check_add_docstring,
    "remove_docstring": check_remove_docstring,
    "delete_statement": check_delete_statement,
    "insert_statement": check_insert_statement,
    "swap_comparison": check_swap_comparison,
    "wrap_try": check_wrap_try,
    "add_type_hint": check_add_type_hint,
}


def test_every_kind_has_a_check():
    assert set(CHECKS) == set(editdata.EDIT_KINDS)


@pytest.mark.parametrize("kind", sorted(editdata.EDIT_KINDS))
def test_edit_kind_is_valid_and_does_what_it_says(kind, snippets):
    rng = random.Random(kind)
    made = 0
    for snippet in snippets:
        result = editdata.make_edit(snippet, kind, rng)
        if result is None:
            continue
        instruction, edited = result
        ast.parse(edited)
        assert edited != snippet
        CHECKS[kind](snippet, instruction, edited)
        made += 1
    assert made >= (1 if kind == "remove_parameter" else 3), f"{kind} applied to only {made} snippets"


def test_rename_leaves_attributes_and_keywords_alone():
    code = textwrap.dedent('''\
        def scale(size, factor):
            total = size * factor
            obj.size = total
            return dict(size=total)
    ''')
    for seed in range(40):
        result = editdata.make_edit(code, "rename_variable", random.Random(seed))
        if result and quoted(result[0])[0] == "total":
            new = quoted(result[0])[1]
            assert result[1] == code.replace("total", new)
            return
    pytest.fail("never renamed `total`")


def test_generation_is_deterministic_and_balanced():
    root = editdata.stdlib_root()
    files = [(name, editdata.read_source(root, name)) for name in MODULES[:4]]
    first = [e.to_dict() for e in editdata.generate_edits(files, seed=3, limit=120)]
    second = [e.to_dict() for e in editdata.generate_edits(files, seed=3, limit=120)]
    assert first == second and len(first) == 120
    kinds = {e["kind"] for e in first}
    assert len(kinds) >= 10


def test_file_list_and_split():
    files = editdata.list_stdlib_files()
    assert "textwrap.py" in files and "json/decoder.py" in files
    assert not any(p.startswith(("test/", "idlelib/", "lib2to3/", "site-packages/")) for p in files)
    held = [p for p in files if editdata.is_heldout(p)]
    assert 0 < len(held) < len(files) * 0.15
    assert all(editdata.is_heldout(p) for p in held)  # stable


def test_snippets_are_ascii_and_parse():
    text = Path(editdata.stdlib_root(), "textwrap.py").read_text()
    snippets = editdata.extract_snippets(text)
    assert snippets
    for snippet in snippets:
        assert snippet.isascii() and 4 <= snippet.count("\n") <= 60
        ast.parse(snippet)


def test_windows_are_runs_of_statements_as_in_the_file():
    text = Path(editdata.stdlib_root(), "textwrap.py").read_text()
    windows = editdata.extract_windows(text, random.Random(0))
    assert len(windows) >= 5
    indented = [w for w in windows if w.startswith(" ")]
    assert indented, "methods of TextWrapper come in windows indented as in the file"
    for window in windows:
        assert window in text  # verbatim lines of the module
        assert 6 <= window.count("\n") <= 36
        ast.parse(textwrap.dedent(window))
    assert any(w.count("\ndef ") + w.startswith("def ") >= 2 for w in windows)  # several functions in one


@pytest.mark.parametrize("kind", ["rename_variable", "add_parameter", "insert_statement", "wrap_try"])
def test_window_edits_keep_the_file_indentation(kind):
    window = textwrap.indent(textwrap.dedent('''\
        def first(self, size):
            total = size * 2
            return total

        def second(self, name, default=None):
            if name is None:
                return default
            return self.lookup(name)
    '''), "    ")
    for seed in range(30):
        result = editdata.make_window_edit(window, kind, random.Random(seed))
        if result is None:
            continue
        instruction, edited = result
        CHECKS[kind](textwrap.dedent(window), instruction, textwrap.dedent(edited))
        assert all(line.startswith("    ") or not line for line in edited.splitlines())
        assert textwrap.indent(textwrap.dedent(edited), "    ") == edited
        return
    pytest.fail(f"{kind} never applied")


def test_no_change_examples_quote_nothing_in_their_window():
    assert editdata.instruction_misses("Rename `size` to `count`.", "def f(x):\n    return x\n")
    assert not editdata.instruction_misses("Rename `size` to `n`.", "def f(x):\n    return x\n")  # substrings count: conservative
    assert not editdata.instruction_misses("Rename `size` to `n`.", "def f(size):\n    return size\n")
    assert not editdata.instruction_misses("Delete the blank line.", "x = 1\n")  # quotes nothing: unknown
    assert not editdata.instruction_misses('Change "a b" to "c".', "s = 'a b'\n")
    # an apostrophe inside a word opens no quote: it must not swallow the name after it
    assert editprompt.quoted_spans("Don't touch the module's `size`, it's 'x'.") == ["size", "x"]
    assert not editdata.instruction_misses("Don't rename the module's `size`.", "def f(size):\n    pass\n")
    root = editdata.stdlib_root()
    files = [(name, editdata.read_source(root, name)) for name in MODULES[:4]]
    examples = list(editdata.generate_window_edits(files, seed=5, unchanged_share=0.5))
    assert examples == list(editdata.generate_window_edits(files, seed=5, unchanged_share=0.5))
    unchanged = [e for e in examples if e.kind == "no_change"]
    edits = [e for e in examples if e.kind != "no_change"]
    assert unchanged and len({e.kind for e in edits}) >= 8
    assert all(e.scope == "window" for e in examples)
    for example in unchanged:
        assert example.edited == example.original
        assert example.instruction in {e.instruction for e in edits}
        assert editdata.instruction_misses(example.instruction, example.original)
    for example in edits:
        assert example.edited != example.original
        ast.parse(textwrap.dedent(example.edited))
