"""Wrap a statement in try/except: a source before, the operation, the exact source after
(modules written for these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.wrap import WrapInTry


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def check(op: WrapInTry, before: str, after: str) -> None:
    assert apply(op, {"m.py": src(before)}) == {"m.py": src(after)}


LOADER = """
    def load(path):
        # read the whole file
        with open(path) as handle:
            text = handle.read()
        return text.split()
    """


def test_a_simple_statement_wrapped_with_pass():
    check(
        WrapInTry("text = handle.read()", "OSError", function="load"),
        LOADER,
        """
        def load(path):
            # read the whole file
            with open(path) as handle:
                try:
                    text = handle.read()
                except OSError:
                    pass
            return text.split()
        """,
    )


def test_a_compound_statement_wrapped_keeps_its_comment_above_the_try():
    check(
        WrapInTry(
            "with open(path)",
            "(OSError, UnicodeError)",
            name="error",
            handler="log(error)\nreturn []",
            function="load",
        ),
        LOADER,
        """
        def load(path):
            # read the whole file
            try:
                with open(path) as handle:
                    text = handle.read()
            except (OSError, UnicodeError) as error:
                log(error)
                return []
            return text.split()
        """,
    )


def test_a_bare_tuple_of_exceptions_gets_parentheses():
    check(
        WrapInTry("risky()", "KeyError, IndexError"),
        """
        risky()
        """,
        """
        try:
            risky()
        except (KeyError, IndexError):
            pass
        """,
    )


def test_a_method_statement_in_a_four_space_file_with_a_two_space_handler():
    check(
        WrapInTry(
            "self.sock.close()",
            "OSError",
            handler="if self.strict:\n  raise",
            function="Conn.close",
        ),
        """
        class Conn:
            def close(self):
                self.sock.close()
                self.open = False
        """,
        """
        class Conn:
            def close(self):
                try:
                    self.sock.close()
                except OSError:
                    if self.strict:
                        raise
                self.open = False
        """,
    )


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (
            WrapInTry("write()", "OSError", function="load"),
            "no statement in `load` of m.py contains `write\\(\\)`",
        ),
        (WrapInTry("text", "OSError", function="load"), "quote more"),
        (
            WrapInTry("handle.read()", "OSError", name="not a name", function="load"),
            "is not a Python name",
        ),
        (
            WrapInTry("handle.read()", "OSError", name="class", function="load"),
            "is not a Python name",
        ),
        (
            WrapInTry("handle.read()", "OSError)", function="load"),
            "the exception `OSError\\)` is not a Python expression",
        ),
        (WrapInTry("handle.read()", "OSError", handler="return (", function="load"), "the handler"),
        (WrapInTry("handle.read()", "OSError", function="save"), "no function or class `save`"),
    ],
)
def test_errors(op: WrapInTry, message: str):
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(LOADER)})


def test_describe_and_json_round_trip():
    op = WrapInTry(
        "handle.read()",
        "OSError",
        name="error",
        handler="return None",
        function="load",
        path="m.py",
    )
    assert op.describe() == "wrap `handle.read()` in try/except OSError"
    data = to_json(op)
    assert data == {
        "kind": "wrap_try",
        "statement": "handle.read()",
        "exception": "OSError",
        "name": "error",
        "handler": "return None",
        "function": "load",
        "path": "m.py",
    }
    assert from_json(data) == op
    assert from_json({"kind": "wrap_try", "statement": "x()", "exception": "E"}) == WrapInTry(
        "x()", "E"
    )
