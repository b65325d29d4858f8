"""Add a docstring: a source before, the operation, the exact source after (modules written for
these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.docstrings import AddDocstring


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def check(op: AddDocstring, before: str, after: str) -> None:
    assert apply(op, {"m.py": src(before)}) == {"m.py": src(after)}


SHAPES = """
    import math


    class Circle:
        def area(self):
            # pi r squared
            return math.pi * self.r**2

        def grow(self, by): self.r += by
    """


def test_one_line_docstring_for_a_method_above_its_comment():
    check(
        AddDocstring("The area of the circle.", target="Circle.area"),
        SHAPES,
        """
        import math


        class Circle:
            def area(self):
                \"\"\"The area of the circle.\"\"\"
                # pi r squared
                return math.pi * self.r**2

            def grow(self, by): self.r += by
        """,
    )


def test_several_lines_indented_to_the_body_of_a_one_line_method():
    check(
        AddDocstring("Grow the circle.\n\nby: how much the radius grows.", target="Circle.grow"),
        SHAPES,
        """
        import math


        class Circle:
            def area(self):
                # pi r squared
                return math.pi * self.r**2

            def grow(self, by):
                \"\"\"Grow the circle.

                by: how much the radius grows.
                \"\"\"
                self.r += by
        """,
    )


def test_class_docstring_is_followed_by_a_blank_line_before_a_method():
    check(
        AddDocstring("A circle.", target="Circle"),
        SHAPES,
        """
        import math


        class Circle:
            \"\"\"A circle.\"\"\"

            def area(self):
                # pi r squared
                return math.pi * self.r**2

            def grow(self, by): self.r += by
        """,
    )


def test_module_docstring_goes_first_with_a_blank_line_after_it():
    check(
        AddDocstring("Shapes and their areas."),
        SHAPES,
        '''
        """Shapes and their areas."""

        import math


        class Circle:
            def area(self):
                # pi r squared
                return math.pi * self.r**2

            def grow(self, by): self.r += by
        ''',
    )


def test_module_docstring_goes_after_a_shebang():
    check(
        AddDocstring("Run it."),
        """
        #!/usr/bin/env python
        print("hi")
        """,
        '''
        #!/usr/bin/env python
        """Run it."""

        print("hi")
        ''',
    )


def test_replace_an_existing_docstring():
    before = '''
        def f():
            """Old text."""
            return 1
        '''
    check(
        AddDocstring("New text.", target="f", replace=True),
        before,
        before.replace("Old text.", "New text."),
    )
    with pytest.raises(
        OpError, match="`f` has a docstring already \\(line 2\\): say replace to rewrite it"
    ):
        apply(AddDocstring("New text.", target="f"), {"m.py": src(before)})


def test_quotes_and_backslashes_are_escaped():
    check(
        AddDocstring('Split on """ or on "\\\\", as in "a"', target="f"),
        """
        def f():
            pass
        """,
        '''
        def f():
            """Split on \\"\\"\\" or on "\\\\\\\\", as in "a\\""""
            pass
        ''',
    )


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (AddDocstring("  \n ", target="Circle"), "the docstring is empty"),
        (AddDocstring("Area.", target="Circle.size"), "no function or class `Circle.size` in m.py"),
    ],
)
def test_errors(op: AddDocstring, message: str):
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(SHAPES)})


def test_the_module_of_several_files_must_be_named():
    with pytest.raises(OpError, match="say which file holds the module to document"):
        apply(AddDocstring("Doc."), {"a.py": "x = 1\n", "b.py": "y = 2\n"})


def test_describe_and_json_round_trip():
    op = AddDocstring("Area.", target="Circle.area", replace=True, path="m.py")
    assert op.describe() == "set the docstring of `Circle.area`: `Area.`"
    assert AddDocstring("Shapes.").describe() == "add a docstring to the module: `Shapes.`"
    data = to_json(op)
    assert data == {
        "kind": "add_docstring",
        "text": "Area.",
        "target": "Circle.area",
        "replace": True,
        "path": "m.py",
    }
    assert from_json(data) == op


def test_a_tab_indented_method_gets_its_docstring_lines_indented_with_tabs():
    before = "class Box:\n\tdef open(self):\n\t\treturn 1\n"
    after = 'class Box:\n\tdef open(self):\n\t\t"""Open it.\n\n\t\tAll the way.\n\t\t"""\n\t\treturn 1\n'
    assert apply(AddDocstring("Open it.\n\nAll the way.", target="Box.open"), {"m.py": before}) == {
        "m.py": after
    }
