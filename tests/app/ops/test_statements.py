"""Insert and delete a statement: a source before, the operation, the exact source after
(modules written for these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.statements import DeleteStatement, InsertStatement


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def check(op: object, before: str, after: str) -> None:
    assert apply(op, {"m.py": src(before)}) == {"m.py": src(after)}  # type: ignore[arg-type]


SHELF = """
    import json


    def save(shelf, path):
        \"\"\"Write the shelf.\"\"\"
        # the text first
        text = json.dumps(shelf)
        with open(path, "w") as handle:
            handle.write(text)
        return len(text)


    def count(shelf): return len(shelf)
    """


def test_insert_at_the_start_of_a_function_goes_after_its_docstring():
    check(
        InsertStatement("shelf = dict(shelf)", function="save", where="start"),
        SHELF,
        """
        import json


        def save(shelf, path):
            \"\"\"Write the shelf.\"\"\"
            shelf = dict(shelf)
            # the text first
            text = json.dumps(shelf)
            with open(path, "w") as handle:
                handle.write(text)
            return len(text)


        def count(shelf): return len(shelf)
        """,
    )


def test_insert_before_a_statement_keeps_the_comment_above_it_with_it_and_indents_a_block():
    check(
        InsertStatement(
            "if not shelf:\n  return 0", function="save", where="before", anchor="text = json"
        ),
        SHELF,
        """
        import json


        def save(shelf, path):
            \"\"\"Write the shelf.\"\"\"
            if not shelf:
                return 0
            # the text first
            text = json.dumps(shelf)
            with open(path, "w") as handle:
                handle.write(text)
            return len(text)


        def count(shelf): return len(shelf)
        """,
    )


def test_insert_after_a_statement_inside_a_with_block():
    check(
        InsertStatement(
            "handle.flush()", function="save", where="after", anchor="handle.write(text)"
        ),
        SHELF,
        """
        import json


        def save(shelf, path):
            \"\"\"Write the shelf.\"\"\"
            # the text first
            text = json.dumps(shelf)
            with open(path, "w") as handle:
                handle.write(text)
                handle.flush()
            return len(text)


        def count(shelf): return len(shelf)
        """,
    )


def test_insert_after_a_statement_stays_next_to_it_above_the_blank_line_that_follows():
    before = """
        import csv
        from decimal import Decimal

        RATE = Decimal("0.2")


        def total(rows):
            net = sum(row.net for row in rows)

            return net * (1 + RATE)
        """
    check(
        InsertStatement("import os", function=None, where="after", anchor="from decimal import Decimal"),
        before,
        before.replace("import Decimal\n", "import Decimal\n        import os\n"),
    )
    check(
        InsertStatement("net = round(net, 2)", function="total", where="after", anchor="net = sum(row.net for row in rows)"),
        before,
        before.replace("in rows)\n", "in rows)\n            net = round(net, 2)\n"),
    )
    check(  # before a statement: the blank line stays above the new one
        InsertStatement("net = round(net, 2)", function="total", where="before", anchor="return net * (1 + RATE)"),
        before,
        before.replace("            return", "            net = round(net, 2)\n            return"),
    )


def test_insert_at_the_start_of_a_one_line_function_makes_it_a_block():
    check(
        InsertStatement("print(shelf)", function="count", where="start"),
        SHELF,
        """
        import json


        def save(shelf, path):
            \"\"\"Write the shelf.\"\"\"
            # the text first
            text = json.dumps(shelf)
            with open(path, "w") as handle:
                handle.write(text)
            return len(text)


        def count(shelf):
            print(shelf)
            return len(shelf)
        """,
    )


def test_insert_at_the_end_of_the_module_keeps_two_blank_lines_after_a_function():
    check(
        InsertStatement("EMPTY = {}"),
        """
        def count(shelf):
            return len(shelf)
        """,
        """
        def count(shelf):
            return len(shelf)


        EMPTY = {}
        """,
    )


def test_insert_at_the_start_of_the_module_goes_after_its_docstring_and_future_imports():
    check(
        InsertStatement("import os", where="start"),
        '''
        """Shelves."""
        from __future__ import annotations
        import json
        ''',
        '''
        """Shelves."""
        from __future__ import annotations
        import os
        import json
        ''',
    )


def test_insert_at_the_end_of_a_method():
    check(
        InsertStatement("self.count += 1", function="Shelf.add", where="end"),
        """
        class Shelf:
            def add(self, book):
                self.books.append(book)
        """,
        """
        class Shelf:
            def add(self, book):
                self.books.append(book)
                self.count += 1
        """,
    )


def test_insert_at_the_end_after_a_return_is_refused():
    with pytest.raises(
        OpError, match=r"would follow the return at line 10 .*say before the return"
    ):
        apply(InsertStatement("log()", function="save"), {"m.py": src(SHELF)})


def test_insert_after_a_raise_is_refused():
    before = src("""
        def check(x):
            if x < 0:
                raise ValueError(x)
            return x
        """)
    with pytest.raises(OpError, match="would follow the raise at line 3"):
        apply(
            InsertStatement("log()", function="check", where="after", anchor="raise"),
            {"m.py": before},
        )


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (
            InsertStatement("x = 1", function="save", where="middle"),
            "where is one of start, end, before, after",
        ),
        (InsertStatement("x = 1", function="save", where="before"), "needs the anchor"),
        (InsertStatement("x = 1", function="save", where="end", anchor="text"), "takes none"),
        (
            InsertStatement("x = (", function="save", where="start"),
            r"the code `x = \(` does not parse",
        ),
        (InsertStatement("  ", function="save", where="start"), "holds no statement"),
        (
            InsertStatement("x = 1", function="sav", where="start"),
            "no function or class `sav` in m.py; did you mean `save`",
        ),
        (
            InsertStatement("x = 1", function="save", where="before", anchor="nothing like it"),
            "no statement in `save`",
        ),
        (
            InsertStatement("x = 1", function="save", where="before", anchor="text"),
            r"statements in `save` of m.py contain `text` \(lines 7, 9 and 10\): quote more",
        ),
    ],
)
def test_insert_errors(op: InsertStatement, message: str):
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(SHELF)})


def test_the_innermost_statement_holding_the_text_is_the_anchor():
    check(
        InsertStatement("y = 2", function="f", where="before", anchor="x = 1"),
        """
        def f():
            for i in range(3):
                x = 1
        """,
        """
        def f():
            for i in range(3):
                y = 2
                x = 1
        """,
    )


def test_delete_a_statement_keeps_the_rest_and_whitespace_in_the_text_is_collapsed():
    check(
        DeleteStatement("text   =  json.dumps(shelf)", function="save"),
        SHELF,
        """
        import json


        def save(shelf, path):
            \"\"\"Write the shelf.\"\"\"
            with open(path, "w") as handle:
                handle.write(text)
            return len(text)


        def count(shelf): return len(shelf)
        """,
    )


def test_deleting_the_only_statement_of_a_block_leaves_pass():
    check(
        DeleteStatement("handle.write", function="save"),
        SHELF,
        """
        import json


        def save(shelf, path):
            \"\"\"Write the shelf.\"\"\"
            # the text first
            text = json.dumps(shelf)
            with open(path, "w") as handle:
                pass
            return len(text)


        def count(shelf): return len(shelf)
        """,
    )


def test_delete_at_module_level_keeps_the_blank_lines_between_statements():
    check(
        DeleteStatement("DEBUG = True"),
        """
        import os

        DEBUG = True

        PATH = os.getcwd()
        """,
        """
        import os

        PATH = os.getcwd()
        """,
    )


def test_delete_errors():
    with pytest.raises(OpError, match="no statement in `save` of m.py contains `print`"):
        apply(DeleteStatement("print", function="save"), {"m.py": src(SHELF)})
    with pytest.raises(OpError, match="quote more"):
        apply(DeleteStatement("shelf", function="save"), {"m.py": src(SHELF)})


def test_the_file_is_the_one_that_defines_the_function():
    given = {"a.py": "def f():\n    return 1\n", "b.py": "def g():\n    return 2\n"}
    result = apply(InsertStatement("x = 0", function="g", where="start"), given)
    assert result == {"b.py": "def g():\n    x = 0\n    return 2\n"}
    with pytest.raises(OpError, match="no file given holds `h`"):
        apply(InsertStatement("x = 0", function="h", where="start"), given)
    with pytest.raises(OpError, match="say which file holds the module to edit"):
        apply(InsertStatement("x = 0"), given)
    with pytest.raises(OpError, match=r"c.py is not among the files given \(a.py, b.py\)"):
        apply(InsertStatement("x = 0", path="c.py"), given)


def test_describe():
    assert (
        InsertStatement("x = 1", function="f", where="start").describe()
        == "insert `x = 1` at the start of `f`"
    )
    assert InsertStatement("x = 1").describe() == "insert `x = 1` at the end of the module"
    assert (
        InsertStatement("x = 1", function="f", where="before", anchor="return x").describe()
        == "insert `x = 1` before `return x` in `f`"
    )
    assert DeleteStatement("x = 1", function="f").describe() == "delete `x = 1` in `f`"


@pytest.mark.parametrize(
    "op",
    [
        InsertStatement("x = 1", function="f", where="after", anchor="y = 2", path="m.py"),
        InsertStatement("x = 1"),
        DeleteStatement("x = 1", function="Cls.method"),
    ],
)
def test_json_round_trip(op: object):
    data = to_json(op)  # type: ignore[arg-type]
    assert data["kind"] in ("insert_statement", "delete_statement")
    assert from_json(data) == op


def test_text_in_a_one_line_body_is_refused_rather_than_taking_the_whole_statement():
    before = src("""
        def count(shelf): return len(shelf)
        x = 1
        """)
    with pytest.raises(OpError, match="`return len` is in the one-line body at line 1 of m.py"):
        apply(DeleteStatement("return len"), {"m.py": before})
    assert apply(DeleteStatement("def count"), {"m.py": before}) == {"m.py": "x = 1\n"}
