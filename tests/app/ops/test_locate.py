"""Finding what an operation names (file, scope, statement), and what every kind keeps: CRLF
line endings, a missing final newline, the bytes it does not change."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply
from specdraft.ops.docstrings import AddDocstring
from specdraft.ops.hints import AddTypeHints
from specdraft.ops.imports import AddImport, RemoveImport
from specdraft.ops.locate import (
    Source,
    choose_file,
    defines,
    find_scope,
    find_statement,
    lines_text,
)
from specdraft.ops.statements import DeleteStatement, InsertStatement
from specdraft.ops.values import SetValue
from specdraft.ops.wrap import WrapInTry


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


NESTED = src("""
    def outer():
        def inner():
            return 1
        return inner


    class Shelf:
        def add(self, book):
            if book:
                self.books.append(book)  # keep it


    if FAST:
        def helper(): return 2
    else:
        def helper(): return 3
    """)


def test_dotted_names_find_nested_functions_and_methods():
    source = Source("m.py", NESTED)
    assert source.line(find_scope(source, "outer.inner")) == 2
    assert source.line(find_scope(source, "Shelf.add")) == 8
    with pytest.raises(OpError, match=r"`helper` is defined 2 times in m.py \(lines 14 and 16\)"):
        find_scope(source, "helper")
    with pytest.raises(OpError, match="no function or class `Shelf.remove` in m.py"):
        find_scope(source, "Shelf.remove")
    with pytest.raises(
        OpError, match="no function or class `inner` in m.py; did you mean `outer.inner`"
    ):
        find_scope(source, "inner")


def test_the_innermost_statement_holding_the_text_whitespace_collapsed():
    source = Source("m.py", NESTED)
    found = find_statement(
        source,
        find_scope(source, "Shelf.add"),
        "append(book)    # keep  it",
        where="in `Shelf.add`",
    )
    assert source.line(found) == 10
    found = find_statement(source, source.module, "if   book:", where="at module level")
    assert source.line(found) == 9
    with pytest.raises(
        OpError, match=r"2 statements at module level of m.py contain `return` \(lines 3 and 4\)"
    ):
        find_statement(source, find_scope(source, "outer"), "return", where="at module level")


def test_a_file_that_does_not_parse_is_named_with_its_line():
    with pytest.raises(OpError, match="broken.py does not parse at line 2"):
        Source("broken.py", "x = 1\ndef f(:\n")
    with pytest.raises(OpError, match="broken.py does not parse at line 2"):
        apply(SetValue("x", "2"), {"broken.py": "x = 1\ndef f(:\n"})


def test_choosing_the_file_skips_files_that_do_not_parse_and_says_so():
    given = {"a.py": "def f(:\n", "b.py": "X = 1\n", "notes.txt": "X = 2"}
    assert (
        choose_file(given, None, what="`X`", test=lambda source: defines(source, "X")).path
        == "b.py"
    )
    with pytest.raises(OpError, match=r"no file given holds `Y` \(a.py did not parse\)"):
        choose_file(given, None, what="`Y`", test=lambda source: defines(source, "Y"))


def test_lines_text():
    assert lines_text([4]) == "line 4"
    assert lines_text([9, 4, 12, 4]) == "lines 4, 9 and 12"


CRLF = (
    '"""Tools."""\r\n'
    "import os\r\n"
    "\r\n"
    "LIMIT = 3\r\n"
    "\r\n"
    "\r\n"
    "def run(path, mode):\r\n"
    "    data = open(path).read()\r\n"
    "    return data"
)


@pytest.mark.parametrize(
    ("op", "changed"),
    [
        (SetValue("LIMIT", "4"), ("LIMIT = 3", "LIMIT = 4")),
        (
            InsertStatement("print(data)", function="run", where="before", anchor="return"),
            ("    return", "    print(data)\r\n    return"),
        ),
        (DeleteStatement("LIMIT = 3"), ("LIMIT = 3\r\n\r\n\r\n", "\r\n")),
        (
            WrapInTry("data = open", "OSError", function="run"),
            (
                "    data = open(path).read()\r\n",
                "    try:\r\n        data = open(path).read()\r\n    except OSError:\r\n        pass\r\n",
            ),
        ),
        (
            AddDocstring("Run it.\n\nOn a path.", target="run"),
            ("mode):\r\n", 'mode):\r\n    """Run it.\r\n\r\n    On a path.\r\n    """\r\n'),
        ),
        (AddImport("sys"), ("import os\r\n", "import os\r\nimport sys\r\n")),
        (RemoveImport("os"), ("import os\r\n", "")),
        (
            AddTypeHints("run", {"path": "str"}, returns="str"),
            ("run(path, mode):", "run(path: str, mode) -> str:"),
        ),
    ],
)
def test_crlf_and_a_missing_final_newline_are_kept(op: object, changed: tuple[str, str]):
    old, new = changed
    assert CRLF.count(old) == 1
    assert apply(op, {"t.py": CRLF}) == {"t.py": CRLF.replace(old, new)}  # type: ignore[arg-type]


def test_a_statement_added_at_the_end_of_a_file_without_a_final_newline_keeps_it_missing():
    assert apply(InsertStatement("y = 2"), {"m.py": "x = 1"}) == {"m.py": "x = 1\ny = 2"}


def test_code_added_to_an_empty_file_ends_with_a_newline():
    assert apply(AddImport("os"), {"m.py": ""}) == {"m.py": "import os\n"}
    assert apply(AddDocstring("Tools."), {"m.py": ""}) == {"m.py": '"""Tools."""\n'}
