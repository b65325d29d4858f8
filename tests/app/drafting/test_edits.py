"""app/drafting/edits: tables of real-looking model output in, exact file contents and failures out."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from specdraft.drafting.edits import (
    EXAMPLE_ORIGINAL,
    EXAMPLE_PATH,
    EXAMPLE_RESULT,
    EXAMPLES,
    FORMATS,
    detect_format,
    format_instructions,
    parse_edits,
    rewrite,
)


def D(text: str) -> str:
    """Dedented, without the first newline (so cases can start on the line after the quotes)."""
    return textwrap.dedent(text).lstrip("\n")


GREET = D(
    """
    import sys


    def greet(name):
        print("Hello " + name)


    def main():
        greet(sys.argv[1])
    """
)

SHAPES = D(
    """
    class Shape:
        def area(self):
            return 0

        def name(self):
            return "shape"


    class Square(Shape):
        def __init__(self, side):
            self.side = side

        def area(self):
            return self.side * self.side
    """
)

UTIL = "def add(a, b):\n    return a + b\n"


@dataclass
class Case:
    id: str
    files: dict[str, str]  # the repository before (written to disk)
    output: str  # what the model wrote
    expected: dict[str, str | None]  # path -> new text (None: deleted), changed files only
    failures: list[str] = field(default_factory=list)  # substrings of each failure's reason
    notes: list[str] = field(default_factory=list)  # substrings found among the files' notes
    format: str | None = None  # the format detected (or given, with given=True)
    context: bool = False  # pass the files as the prompt's context (originals), not only on disk


WHOLE_CASES = [
    Case(
        "whole: one file, path line, chatter around",
        {"src/greet.py": GREET},
        D(
            """
            Sure! Here is the updated file with a friendlier greeting.

            src/greet.py
            ```python
            import sys


            def greet(name):
                print(f"Hello, {name}!")


            def main():
                greet(sys.argv[1])
            ```

            Let me know if you want anything else.
            """
        ),
        {"src/greet.py": GREET.replace('"Hello " + name', 'f"Hello, {name}!"')},
        format="whole",
    ),
    Case(
        "whole: two files, heading and bold path lines",
        {"src/a.py": "a = 1\n", "src/b.py": "b = 2\n"},
        D(
            """
            ### src/a.py
            ```py
            a = 10
            ```
            And the second one:

            **src/b.py**
            ```
            b = 20
            ```
            """
        ),
        {"src/a.py": "a = 10\n", "src/b.py": "b = 20\n"},
    ),
    Case(
        "whole: tilde fence, path in backticks with a colon",
        {"util.py": UTIL},
        "`util.py`:\n~~~python\ndef add(a, b):\n    return b + a\n~~~\n",
        {"util.py": "def add(a, b):\n    return b + a\n"},
    ),
    Case(
        "whole: path in the fence's info string",
        {"src/a.py": "x = 1\n", "src/b.py": "y = 1\n"},
        "Here you go:\n```python src/b.py\ny = 2\n```\n",
        {"src/b.py": "y = 2\n"},
    ),
    Case(
        "whole: no path, one file in context",
        {"util.py": UTIL},
        "```python\ndef add(a, b):\n    return a + b + 0\n```\n",
        {"util.py": "def add(a, b):\n    return a + b + 0\n"},
        context=True,
    ),
    Case(
        "whole: no path, two files in context",
        {"a.py": "a = 1\n", "b.py": "b = 1\n"},
        "Updated:\n```python\na = 2\n```\n",
        {},
        failures=["no file path"],
        context=True,
    ),
    Case(
        "whole: truncated last file fails, the complete one applies",
        {"a.py": "a = 1\n", "b.py": "b = 1\nc = 2\nd = 3\n"},
        "a.py\n```python\na = 2\n```\n\nb.py\n```python\nb = 5\nc = 2\n",
        {"a.py": "a = 2\n"},
        failures=["no closing fence"],
    ),
    Case(
        "whole: CRLF file stays CRLF",
        {"win.py": "a = 1\r\nb = 2\r\n"},
        "win.py\n```python\na = 1\nb = 3\n```\n",
        {"win.py": "a = 1\r\nb = 3\r\n"},
    ),
    Case(
        "whole: missing final newline kept",
        {"n.txt": "one\ntwo"},
        "n.txt\n```text\none\n2\n```\n",
        {"n.txt": "one\n2"},
    ),
    Case(
        "whole: elided code is refused",
        {"src/greet.py": GREET},
        D(
            """
            src/greet.py
            ```python
            import sys


            def greet(name):
                print(f"Hello, {name}!")

            # ... rest of the file unchanged ...
            ```
            """
        ),
        {},
        failures=["leaves code out"],
    ),
    Case(
        "whole: a new file",
        {"a.py": "a = 1\n"},
        "Add a test:\n\ntests/test_a.py\n```python\nfrom a import a\n\n\ndef test_a():\n    assert a == 1\n```\n",
        {"tests/test_a.py": "from a import a\n\n\ndef test_a():\n    assert a == 1\n"},
    ),
    Case(
        "whole: DELETE line and a rewrite",
        {"old.py": "x = 1\n", "new.py": "y = 1\n"},
        "DELETE old.py\n\nnew.py\n```python\ny = 2\n```\n",
        {"old.py": None, "new.py": "y = 2\n"},
    ),
    Case(
        "whole: Markdown file with a fenced example inside",
        {"README.md": "# Title\n\nOld text.\n"},
        D(
            """
            README.md
            ```markdown
            # Title

            Run it:

            ```sh
            specdraft demo
            ```

            New text.
            ```
            """
        ),
        {"README.md": "# Title\n\nRun it:\n\n```sh\nspecdraft demo\n```\n\nNew text.\n"},
    ),
    Case(
        "whole: model output with CRLF, LF file stays LF",
        {"a.py": "a = 1\nb = 2\n"},
        "a.py\r\n```python\r\na = 1\r\nb = 22\r\n```\r\n",
        {"a.py": "a = 1\nb = 22\n"},
    ),
    Case(
        "whole: mixed line endings, unchanged lines keep theirs",
        {"m.txt": "one\r\ntwo\nthree\nfour\n"},
        "m.txt\n```\none\ntwo\nTHREE\nfour\n```\n",
        {"m.txt": "one\r\ntwo\nTHREE\nfour\n"},
    ),
    Case(
        "whole: the same file twice, the last wins",
        {"a.py": "a = 1\n"},
        "a.py\n```python\na = 2\n```\nOops, better:\n\na.py\n```python\na = 3\n```\n",
        {"a.py": "a = 3\n"},
        notes=["rewritten again"],
    ),
    Case(
        "whole: four-backtick fence around a file holding ``` lines",
        {"doc.md": "x\n"},
        "doc.md\n````markdown\n```\ncode\n```\n````\n",
        {"doc.md": "```\ncode\n```\n"},
    ),
    Case(
        "whole: Markdown with bare inner fences closes early: refused, not truncated",
        {"README.md": "# T\n\nold\n"},
        "README.md\n```\n# T\n```\ncode\n```\nend\n```\n",
        {},
        failures=["may end early", "no file path"],
    ),
    Case(
        "whole: a shell snippet after the file is reported, the file applies",
        {"a.py": "a = 1\n"},
        "a.py\n```python\na = 2\n```\nThen run:\n```bash\npython a.py\n```\n",
        {"a.py": "a = 2\n"},
        failures=["no file path"],
    ),
    Case(
        "whole: a path marked (new file) and a title= info string",
        {"a.py": "a = 1\n"},
        '**src/util.py** (new file)\n```python\nX = 1\n```\n\n```python title="a.py"\na = 3\n```\n',
        {"src/util.py": "X = 1\n", "a.py": "a = 3\n"},
    ),
    Case(
        "whole: a parent directory that is a file",
        {"a.py": "a = 1\n"},
        "a.py/b.py\n```python\nb = 1\n```\n",
        {},
        failures=["a parent directory of a.py/b.py is a file"],
    ),
    Case(
        "whole: only chatter, nothing to do",
        {"a.py": "a = 1\n"},
        "I don't think any change is needed: a.py already does this.\n",
        {},
    ),
    Case(
        "whole: a sentence above the fence naming one context file",
        {"a.py": "a = 1\n", "b.py": "b = 1\n"},
        "Here is the updated b.py, with the new value:\n\n```python\nb = 2\n```\n",
        {"b.py": "b = 2\n"},
        context=True,
    ),
    Case(
        "whole: a sentence naming two context files is not a path",
        {"a.py": "a = 1\n", "b.py": "b = 1\n"},
        "Moved the value from `a.py` into `b.py`:\n```python\nb = 2\n```\n",
        {},
        failures=["no file path"],
        context=True,
    ),
    Case(
        "whole: a list of files above one block is not a path",
        {"a.py": "a = 1\n"},
        "Files to change:\n\n- a.py\n- b.py\n\n```python\na = 2\n```\n",
        {},
        failures=["several file paths before this block (a.py, b.py)"],
        context=True,
    ),
    Case(
        "whole: the same path twice above a block is one path",
        {"a.py": "a = 1\n", "b.py": "b = 1\n"},
        "## a.py\n\n`a.py`\n```python\na = 2\n```\n",
        {"a.py": "a = 2\n"},
    ),
]

SEARCH_REPLACE_CASES = [
    Case(
        "sr: aider block in a fence with chatter",
        {"src/greet.py": GREET},
        D(
            """
            I'll make the greeting friendlier.

            src/greet.py
            ```python
            <<<<<<< SEARCH
            def greet(name):
                print("Hello " + name)
            =======
            def greet(name):
                print(f"Hello, {name}!")
            >>>>>>> REPLACE
            ```

            This uses an f-string.
            """
        ),
        {"src/greet.py": GREET.replace('"Hello " + name', 'f"Hello, {name}!"')},
        format="search-replace",
    ),
    Case(
        "sr: bare block, no fence",
        {"util.py": UTIL},
        "util.py\n<<<<<<< SEARCH\n    return a + b\n=======\n    return int(a) + int(b)\n>>>>>>> REPLACE\n",
        {"util.py": "def add(a, b):\n    return int(a) + int(b)\n"},
    ),
    Case(
        "sr: five-chevron markers",
        {"util.py": UTIL},
        "util.py\n<<<<< SEARCH\n    return a + b\n=====\n    return a - b\n>>>>> REPLACE\n",
        {"util.py": "def add(a, b):\n    return a - b\n"},
    ),
    Case(
        "sr: nine-chevron markers with a trailing word",
        {"util.py": UTIL},
        "util.py\n<<<<<<<<< SEARCH block\n    return a + b\n=========\n    return a * b\n"
        ">>>>>>>>> REPLACE block\n",
        {"util.py": "def add(a, b):\n    return a * b\n"},
    ),
    Case(
        "sr: ORIGINAL / UPDATED dialect",
        {"util.py": UTIL},
        "util.py\n```\n<<<<<<< ORIGINAL\ndef add(a, b):\n=======\ndef add(a, b=0):\n>>>>>>> UPDATED\n```\n",
        {"util.py": "def add(a, b=0):\n    return a + b\n"},
    ),
    Case(
        "sr: Cline dialect (------- SEARCH / +++++++ REPLACE)",
        {"util.py": UTIL},
        "util.py\n------- SEARCH\n    return a + b\n=======\n    return (a + b)\n+++++++ REPLACE\n",
        {"util.py": "def add(a, b):\n    return (a + b)\n"},
    ),
    Case(
        "sr: several blocks for one file, each on the result of the previous",
        {"src/greet.py": GREET},
        D(
            """
            src/greet.py
            ```python
            <<<<<<< SEARCH
            def greet(name):
            =======
            def greet(name: str) -> None:
            >>>>>>> REPLACE
            ```

            src/greet.py
            ```python
            <<<<<<< SEARCH
            def greet(name: str) -> None:
                print("Hello " + name)
            =======
            def greet(name: str) -> None:
                print("Hi " + name)
            >>>>>>> REPLACE
            ```
            """
        ),
        {
            "src/greet.py": GREET.replace(
                "def greet(name):", "def greet(name: str) -> None:"
            ).replace('"Hello "', '"Hi "')
        },
    ),
    Case(
        "sr: a block without a path uses the previous block's file",
        {"a.py": "a = 1\nb = 2\n", "c.py": "c = 3\n"},
        D(
            """
            a.py
            ```python
            <<<<<<< SEARCH
            a = 1
            =======
            a = 10
            >>>>>>> REPLACE
            ```

            ```python
            <<<<<<< SEARCH
            b = 2
            =======
            b = 20
            >>>>>>> REPLACE
            ```
            """
        ),
        {"a.py": "a = 10\nb = 20\n"},
    ),
    Case(
        "sr: SEARCH ends at a last line without a final newline",
        {"n.py": "x = 1\ny = 2"},
        "n.py\n<<<<<<< SEARCH\ny = 2\n=======\ny = 3\nz = 4\n>>>>>>> REPLACE\n",
        {"n.py": "x = 1\ny = 3\nz = 4"},
    ),
    Case(
        "sr: CRLF file keeps CRLF in replaced lines",
        {"w.py": "a = 1\r\nb = 2\r\nc = 3\r\n"},
        "w.py\n<<<<<<< SEARCH\nb = 2\n=======\nb = 20\nb2 = 21\n>>>>>>> REPLACE\n",
        {"w.py": "a = 1\r\nb = 20\r\nb2 = 21\r\nc = 3\r\n"},
    ),
    Case(
        "sr: indentation drift, the model dropped the class indentation",
        {"shapes.py": SHAPES},
        D(
            """
            shapes.py
            ```python
            <<<<<<< SEARCH
            def area(self):
                return self.side * self.side
            =======
            def area(self):
                return self.side ** 2
            >>>>>>> REPLACE
            ```
            """
        ),
        {"shapes.py": SHAPES.replace("self.side * self.side", "self.side ** 2")},
        notes=["indented by"],
    ),
    Case(
        "sr: indentation drift, the model indented too much",
        {"util.py": UTIL},
        "util.py\n<<<<<<< SEARCH\n        return a + b\n=======\n        if a is None:\n"
        "            return b\n        return a + b\n>>>>>>> REPLACE\n",
        {"util.py": "def add(a, b):\n    if a is None:\n        return b\n    return a + b\n"},
        notes=["dedented by"],
    ),
    Case(
        "sr: trailing whitespace in the file, none in the block",
        {"t.py": "x = 1   \ny = 2\n"},
        "t.py\n<<<<<<< SEARCH\nx = 1\ny = 2\n=======\nx = 1\ny = 3\n>>>>>>> REPLACE\n",
        {"t.py": "x = 1   \ny = 3\n"},
        notes=["trailing whitespace"],
    ),
    Case(
        "sr: empty SEARCH makes a new file",
        {"a.py": "a = 1\n"},
        "pkg/__init__.py\n```python\n<<<<<<< SEARCH\n=======\nfrom .core import run\n>>>>>>> REPLACE\n```\n",
        {"pkg/__init__.py": "from .core import run\n"},
    ),
    Case(
        "sr: unmatched SEARCH fails with the closest line; the other block applies",
        {"src/greet.py": GREET},
        D(
            """
            src/greet.py
            <<<<<<< SEARCH
            def greet(name):
                print("Hi " + name)
            =======
            def greet(name):
                print("Hey " + name)
            >>>>>>> REPLACE

            src/greet.py
            <<<<<<< SEARCH
            import sys
            =======
            import os
            import sys
            >>>>>>> REPLACE
            """
        ),
        {"src/greet.py": "import os\n" + GREET},
        failures=["is not in src/greet.py (closest match at line 4"],
    ),
    Case(
        "sr: ambiguous SEARCH fails and asks for more context",
        {"shapes.py": SHAPES},
        "shapes.py\n<<<<<<< SEARCH\n    def area(self):\n=======\n    def area(self) -> float:\n"
        ">>>>>>> REPLACE\n",
        {},
        failures=["matches 2 times in shapes.py (lines 2, 13); add more context"],
    ),
    Case(
        "sr: output cut off inside REPLACE: that block fails, the earlier one applies",
        {"a.py": "a = 1\nb = 2\n"},
        "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n\n"
        "a.py\n<<<<<<< SEARCH\nb = 2\n=======\nb = 3\nc = ",
        {"a.py": "a = 2\nb = 2\n"},
        failures=["no >>>>>>> REPLACE line"],
    ),
    Case(
        "sr: output cut off inside SEARCH",
        {"a.py": "a = 1\n"},
        "a.py\n```python\n<<<<<<< SEARCH\na = 1\n",
        {},
        failures=["no ======= line"],
    ),
    Case(
        "sr: empty SEARCH on an existing file is refused",
        {"a.py": "a = 1\n"},
        "a.py\n<<<<<<< SEARCH\n=======\nb = 2\n>>>>>>> REPLACE\n",
        {},
        failures=["already exists and is not empty"],
    ),
    Case(
        "sr: path inside the fence (diff-fenced)",
        {"src/a.py": "a = 1\n", "src/b.py": "b = 1\n"},
        "```python\nsrc/b.py\n<<<<<<< SEARCH\nb = 1\n=======\nb = 2\n>>>>>>> REPLACE\n```\n",
        {"src/b.py": "b = 2\n"},
    ),
    Case(
        "sr: path with File: prefix and backticks",
        {"src/a.py": "a = 1\n", "src/b.py": "b = 1\n"},
        "File: `src/a.py`\n```\n<<<<<<< SEARCH\na = 1\n=======\na = 5\n>>>>>>> REPLACE\n```\n",
        {"src/a.py": "a = 5\n"},
    ),
    Case(
        "sr: SEARCH in a file that does not exist",
        {"a.py": "a = 1\n"},
        "missing.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n",
        {},
        failures=["missing.py does not exist"],
    ),
    Case(
        "sr: DELETE line among blocks",
        {"a.py": "a = 1\n", "legacy.py": "old = True\n"},
        "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n\nDELETE legacy.py\n",
        {"a.py": "a = 2\n", "legacy.py": None},
    ),
    Case(
        "sr: blank lines around the SEARCH text that the file lacks",
        {"a.py": "a = 1\nb = 2\nc = 3\n"},
        "a.py\n<<<<<<< SEARCH\n\nb = 2\n\n=======\n\nb = 20\n\n>>>>>>> REPLACE\n",
        {"a.py": "a = 1\nb = 20\nc = 3\n"},
    ),
    Case(
        "sr: a block that changes nothing",
        {"a.py": "a = 1\n"},
        "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 1\n>>>>>>> REPLACE\n",
        {},
    ),
    Case(
        "sr: no path anywhere, two files in context",
        {"a.py": "a = 1\n", "b.py": "a = 1\n"},
        "Change this:\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n",
        {},
        failures=["no file path"],
        context=True,
    ),
    Case(
        "sr: chatter line naming one context file in backticks",
        {"a.py": "a = 1\n", "b.py": "b = 1\n"},
        "In `b.py` change the value:\n```python\n<<<<<<< SEARCH\nb = 1\n=======\nb = 9\n"
        ">>>>>>> REPLACE\n```\n",
        {"b.py": "b = 9\n"},
        context=True,
    ),
    Case(
        "sr: a path that climbs out of the repository is refused",
        {"a.py": "a = 1\n"},
        "../outside.py\n<<<<<<< SEARCH\n=======\nprint('pwned')\n>>>>>>> REPLACE\n",
        {},
        failures=["goes up a directory"],
    ),
    Case(
        "sr: a file that does not end with a newline, block replacing its only line",
        {"v.txt": "1.0"},
        "v.txt\n<<<<<<< SEARCH\n1.0\n=======\n1.1\n>>>>>>> REPLACE\n",
        {"v.txt": "1.1"},
    ),
    Case(
        "sr: a sentence starting with DELETE is not a deletion",
        {"a.py": "def helper():\n    pass\n\nx = 1\n"},
        "- DELETE the old helper below\n\na.py\n<<<<<<< SEARCH\ndef helper():\n    pass\n\n=======\n"
        ">>>>>>> REPLACE\n",
        {"a.py": "x = 1\n"},
    ),
    Case(
        "sr: CRLF file and indentation drift together",
        {"w.py": "class A:\r\n    def f(self):\r\n        return 1\r\n"},
        "w.py\n<<<<<<< SEARCH\ndef f(self):\n    return 1\n=======\ndef f(self):\n    return 2\n"
        ">>>>>>> REPLACE\n",
        {"w.py": "class A:\r\n    def f(self):\r\n        return 2\r\n"},
        notes=["indented by '    '"],
    ),
    Case(
        "sr: tab-indented file, the model dropped one tab",
        {"m.go": "func f() {\n\tif x {\n\t\treturn 1\n\t}\n}\n"},
        "m.go\n<<<<<<< SEARCH\nif x {\n\treturn 1\n}\n=======\nif x {\n\treturn 2\n}\n"
        ">>>>>>> REPLACE\n",
        {"m.go": "func f() {\n\tif x {\n\t\treturn 2\n\t}\n}\n"},
    ),
    Case(
        "sr: seven chevrons inside a tilde fence, empty REPLACE removes lines",
        {"a.py": "import os\nimport sys\n\nprint(sys.argv)\n"},
        "a.py\n~~~python\n<<<<<<< SEARCH\nimport os\n=======\n>>>>>>> REPLACE\n~~~\n",
        {"a.py": "import sys\n\nprint(sys.argv)\n"},
    ),
    Case(
        "sr: a REPLACE marker alone is not a block",
        {"a.py": "a = 1\n"},
        "a.py\n>>>>>>> REPLACE\n",
        {},
    ),
    Case(
        "sr: deleting the last lines of a file without a final newline keeps it without",
        {"t.txt": "a\nb\nc"},
        "t.txt\n<<<<<<< SEARCH\nb\nc\n=======\n>>>>>>> REPLACE\n",
        {"t.txt": "a"},
    ),
    Case(
        "sr: trailing whitespace on kept lines survives a tolerant match",
        {"t.py": "x = 1   \ny = 2\nz = 3\t\n"},
        "t.py\n<<<<<<< SEARCH\nx = 1\ny = 2\nz = 3\n=======\nx = 1\ny = 20\nz = 3\n>>>>>>> REPLACE\n",
        {"t.py": "x = 1   \ny = 20\nz = 3\t\n"},
        notes=["trailing whitespace"],
    ),
    Case(
        "sr: a whole file under a path in a SEARCH/REPLACE answer is reported, not used",
        {"a.py": "a = 1\n"},
        "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n\nAnd a new module:\n\n"
        "b.py\n```python\nb = 1\n```\n\nRun it:\n```bash\npython b.py\n```\n",
        {"a.py": "a = 2\n"},
        failures=["a code block for b.py without SEARCH/REPLACE markers"],
    ),
    Case(
        "sr: two blocks inside one fence, then chatter and another fence",
        {"a.py": "a = 1\nb = 2\n"},
        "a.py\n```python\n<<<<<<< SEARCH\na = 1\n=======\na = 3\n>>>>>>> REPLACE\n"
        "<<<<<<< SEARCH\nb = 2\n=======\nb = 4\n>>>>>>> REPLACE\n```\nNow:\n```\npytest\n```\n",
        {"a.py": "a = 3\nb = 4\n"},
    ),
    Case(
        "sr: a sentence naming the file, without backticks",
        {"a.py": "a = 1\n", "b.py": "a = 1\n"},
        "Edit a.py as follows.\n<<<<<<< SEARCH\na = 1\n=======\na = 7\n>>>>>>> REPLACE\n",
        {"a.py": "a = 7\n"},
        context=True,
    ),
    Case(
        "sr: a REPLACE that elides code with a comment is refused",
        {"u.js": "function f() {\n  a();\n  b();\n  c();\n}\n"},
        "u.js\n<<<<<<< SEARCH\nfunction f() {\n  a();\n  b();\n=======\nfunction f() {\n"
        "  // ... existing code ...\n  log();\n>>>>>>> REPLACE\n",
        {},
        failures=["the replacement leaves code out ('// ... existing code ...')"],
    ),
]

UDIFF_CASES = [
    Case(
        "udiff: fenced, right line numbers",
        {"src/greet.py": GREET},
        "Here is the patch:\n\n```diff\n--- a/src/greet.py\n+++ b/src/greet.py\n"
        '@@ -4,5 +4,5 @@ import sys\n def greet(name):\n-    print("Hello " + name)\n'
        '+    print(f"Hello, {name}!")\n \n \n def main():\n```\n',
        {"src/greet.py": GREET.replace('"Hello " + name', 'f"Hello, {name}!"')},
        format="udiff",
    ),
    Case(
        "udiff: wrong line numbers, good context",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -40,3 +40,3 @@\n     def __init__(self, side):\n"
        "-        self.side = side\n+        self.side = float(side)\n \n```\n",
        {"shapes.py": SHAPES.replace("self.side = side", "self.side = float(side)")},
    ),
    Case(
        "udiff: aider-style @@ ... @@ without numbers",
        {"util.py": UTIL},
        "```diff\n--- util.py\n+++ util.py\n@@ ... @@\n def add(a, b):\n-    return a + b\n"
        "+    return sum((a, b))\n```\n",
        {"util.py": "def add(a, b):\n    return sum((a, b))\n"},
    ),
    Case(
        "udiff: bare diff between chatter",
        {"util.py": UTIL},
        "Apply this:\n\n--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,3 @@\n+# math helpers\n"
        " def add(a, b):\n     return a + b\n\nThat's all.\n",
        {"util.py": "# math helpers\n" + UTIL},
    ),
    Case(
        "udiff: two hunks in one file",
        {"shapes.py": SHAPES},
        D(
            """
            ```diff
            --- a/shapes.py
            +++ b/shapes.py
            @@ -5,2 +5,2 @@
                 def name(self):
            -        return "shape"
            +        return type(self).__name__.lower()
            @@ -13,2 +13,2 @@
                 def area(self):
            -        return self.side * self.side
            +        return self.side ** 2
            ```
            """
        ),
        {
            "shapes.py": SHAPES.replace(
                'return "shape"', "return type(self).__name__.lower()"
            ).replace("self.side * self.side", "self.side ** 2")
        },
    ),
    Case(
        "udiff: a new file",
        {"a.py": "a = 1\n"},
        "```diff\n--- /dev/null\n+++ b/docs/notes.txt\n@@ -0,0 +1,2 @@\n+first\n+second\n```\n",
        {"docs/notes.txt": "first\nsecond\n"},
    ),
    Case(
        "udiff: a deleted file",
        {"a.py": "a = 1\n", "gone.py": "x = 1\n"},
        "```diff\ndiff --git a/gone.py b/gone.py\ndeleted file mode 100644\n--- a/gone.py\n"
        "+++ /dev/null\n@@ -1 +0,0 @@\n-x = 1\n```\n",
        {"gone.py": None},
    ),
    Case(
        "udiff: ambiguous context with wrong line numbers fails",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -30,2 +30,2 @@\n     def area(self):\n"
        "-        return 0\n+        return 0.0\n```\n",
        {"shapes.py": SHAPES.replace("return 0\n", "return 0.0\n")},
        # (unique: "def area" + "return 0" only occurs once, so this applies)
    ),
    Case(
        "udiff: context that matches twice, line numbers wrong: failure",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -30,1 +30,2 @@\n     def area(self):\n"
        "+        # the area\n```\n",
        {},
        failures=["old lines match 2 times"],
    ),
    Case(
        "udiff: context that matches twice, line number exact: applied there",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -13,1 +13,2 @@\n     def area(self):\n"
        "+        # the area\n```\n",
        {
            "shapes.py": SHAPES.replace(
                "    def area(self):\n        return self.side",
                "    def area(self):\n        # the area\n        return self.side",
            )
        },
    ),
    Case(
        "udiff: unmatched hunk fails with the closest place",
        {"util.py": UTIL},
        "```diff\n--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,2 @@\n def add(x, y):\n-    return x + y\n"
        "+    return y + x\n```\n",
        {},
        failures=["the hunk's old lines are not in util.py (closest"],
    ),
    Case(
        "udiff: indentation drift in a hunk",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -9,3 +9,3 @@\n class Square(Shape):\n"
        "-def __init__(self, side):\n+def __init__(self, side: float):\n```\n",
        {},
        failures=["not in shapes.py"],  # not a uniform shift: the class line is not indented
    ),
    Case(
        "udiff: uniform indentation drift in a hunk",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -10,2 +10,2 @@\n-def __init__(self, side):\n"
        "+def __init__(self, side: float):\n     self.side = side\n```\n",
        {"shapes.py": SHAPES.replace("(self, side)", "(self, side: float)")},
        notes=["indented by"],
    ),
    Case(
        "udiff: the model drops the final newline with the marker",
        {"v.txt": "1.0\n"},
        "```diff\n--- a/v.txt\n+++ b/v.txt\n@@ -1 +1 @@\n-1.0\n+1.1\n\\ No newline at end of file\n```\n",
        {"v.txt": "1.1"},
    ),
    Case(
        "udiff: the model adds the missing final newline",
        {"v.txt": "1.0"},
        "```diff\n--- a/v.txt\n+++ b/v.txt\n@@ -1 +1 @@\n-1.0\n\\ No newline at end of file\n+1.1\n```\n",
        {"v.txt": "1.1\n"},
    ),
    Case(
        "udiff: blank context lines written without their space",
        {"src/greet.py": GREET},
        '```diff\n--- a/src/greet.py\n+++ b/src/greet.py\n@@ -5,5 +5,5 @@\n     print("Hello " + name)\n'
        '\n\n def main():\n-    greet(sys.argv[1])\n+    greet(sys.argv[1] if len(sys.argv) > 1 else "you")\n```\n',
        {
            "src/greet.py": GREET.replace(
                "greet(sys.argv[1])", 'greet(sys.argv[1] if len(sys.argv) > 1 else "you")'
            )
        },
    ),
    Case(
        "udiff: output cut off inside the fence",
        {"util.py": UTIL},
        "```diff\n--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a + b\n",
        {},
        failures=["cut off"],
    ),
    Case(
        "udiff: CRLF file",
        {"w.txt": "a\r\nb\r\nc\r\n"},
        "```diff\n--- a/w.txt\n+++ b/w.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n```\n",
        {"w.txt": "a\r\nB\r\nc\r\n"},
    ),
    Case(
        "udiff: git header with index line, two files",
        {"a.py": "a = 1\n", "b.py": "b = 1\n"},
        "```diff\ndiff --git a/a.py b/a.py\nindex 1234567..89abcde 100644\n--- a/a.py\n+++ b/a.py\n"
        "@@ -1 +1 @@\n-a = 1\n+a = 2\ndiff --git a/b.py b/b.py\nindex 1234567..89abcde 100644\n"
        "--- a/b.py\n+++ b/b.py\n@@ -1 +1 @@\n-b = 1\n+b = 2\n```\n",
        {"a.py": "a = 2\n", "b.py": "b = 2\n"},
    ),
    Case(
        "udiff: a hunk with no context cannot be placed",
        {"util.py": UTIL},
        "```diff\n--- a/util.py\n+++ b/util.py\n@@ -3,0 +3,1 @@\n+print(add(1, 2))\n```\n",
        {},
        failures=["no context"],
    ),
    Case(
        "udiff: a path into .git is refused",
        {"a.py": "a = 1\n"},
        "```diff\n--- a/.git/hooks/pre-commit\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+rm -rf /\n```\n",
        {},
        failures=["inside .git"],
    ),
    Case(
        "udiff: a file header with no hunks fails",
        {"a.py": "a = 1\n"},
        "```diff\n--- a/a.py\n+++ b/a.py\n```\n",
        {},
        failures=["changes no line"],
    ),
    Case(
        "udiff: hunks out of order still apply where each is unique",
        {"shapes.py": SHAPES},
        "```diff\n--- a/shapes.py\n+++ b/shapes.py\n@@ -13,2 +13,2 @@\n"
        "-        return self.side * self.side\n+        return self.side ** 2\n"
        "@@ -2,2 +2,2 @@\n     def area(self):\n-        return 0\n+        return 0.0\n```\n",
        {
            "shapes.py": SHAPES.replace("self.side * self.side", "self.side ** 2").replace(
                "return 0\n", "return 0.0\n"
            )
        },
    ),
    Case(
        "udiff: deleting the last lines of a file without a final newline, as git writes it",
        {"t.txt": "a\nb\nc"},
        "```diff\n--- a/t.txt\n+++ b/t.txt\n@@ -1,3 +1,1 @@\n a\n-b\n-c\n\\ No newline at end of file\n```\n",
        {"t.txt": "a\n"},  # the kept line has its newline in the diff
    ),
    Case(
        "udiff: a whole file under a path in a diff answer is reported, not used",
        {"a.py": "a = 1\n"},
        "```diff\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n```\n\nnew.py\n```python\nn = 1\n```\n",
        {"a.py": "a = 2\n"},
        failures=["a code block for new.py that is not a diff"],
    ),
]

CASES = WHOLE_CASES + SEARCH_REPLACE_CASES + UDIFF_CASES


def write_tree(root, files: dict[str, str | bytes]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
        target.write_bytes(data)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_model_output(case: Case, tmp_path):
    write_tree(tmp_path, case.files)
    result = parse_edits(case.output, tmp_path, originals=case.files if case.context else None)
    reasons = [failure.reason for failure in result.failures]
    assert len(reasons) == len(case.failures), reasons
    for reason, expected in zip(reasons, case.failures, strict=True):
        assert expected in reason, reason
    assert {edit.path: edit.new_text for edit in result.files} == case.expected
    for edit in result.files:
        assert edit.old_text == case.files.get(edit.path)
    notes = [note for edit in result.files for note in edit.notes]
    for expected in case.notes:
        assert any(expected in note for note in notes), notes
    if case.format:
        assert result.format == case.format
    for path, text in case.files.items():  # nothing was written
        assert (tmp_path / path).read_bytes() == text.encode("utf-8", "surrogateescape")


def test_failure_keeps_the_models_block_text(tmp_path):
    write_tree(tmp_path, {"util.py": UTIL})
    block = "util.py\n<<<<<<< SEARCH\n    return a - b\n=======\n    return b - a\n>>>>>>> REPLACE"
    result = parse_edits("Try this:\n\n" + block + "\n\nDone.\n", tmp_path)
    [failure] = result.failures
    assert failure.block == block
    assert failure.path == "util.py"
    assert failure.line == 3
    assert failure.summary().startswith("util.py: the SEARCH text is not in util.py")
    assert not result.files and not result.ok


def test_unmatched_reason_names_the_differing_line(tmp_path):
    write_tree(tmp_path, {"src/greet.py": GREET})
    output = 'src/greet.py\n<<<<<<< SEARCH\ndef greet(name):\n    print("Hi " + name)\n=======\nx\n>>>>>>> REPLACE\n'
    [failure] = parse_edits(output, tmp_path).failures
    assert failure.reason == (
        "the SEARCH text is not in src/greet.py (closest match at line 4, 1 of 2 lines agree; "
        "at line 5 the file has 'print(\"Hello \" + name)', the block has 'print(\"Hi \" + name)')"
    )


def test_originals_are_the_base_not_the_disk(tmp_path):
    write_tree(tmp_path, {"a.py": "a = 1  # changed on disk since\n"})
    result = parse_edits(
        "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 2\n>>>>>>> REPLACE\n",
        tmp_path,
        originals={"a.py": b"a = 1\n"},
    )
    [edit] = result.files
    assert (edit.old_text, edit.new_text) == ("a = 1\n", "a = 2\n")


def test_bytes_that_are_not_utf8_survive(tmp_path):
    original = b"name = '\xe9t\xe9'\nx = 1\n"  # Latin-1
    write_tree(tmp_path, {"l.py": original})
    result = parse_edits("l.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n", tmp_path)
    [edit] = result.files
    assert edit.new_bytes == b"name = '\xe9t\xe9'\nx = 2\n"
    assert edit.old_bytes == original


def test_binary_file_is_refused(tmp_path):
    write_tree(tmp_path, {"blob.bin": b"\x00\x01\x02\n"})
    result = parse_edits("blob.bin\n```\nhello\n```\n", tmp_path)
    assert not result.files
    assert "binary" in result.failures[0].reason


def test_deleting_a_missing_file_fails(tmp_path):
    result = parse_edits("DELETE nothing.py\n", tmp_path, format="search-replace")
    assert "no such file" in result.failures[0].reason


def test_unchanged_files_are_listed(tmp_path):
    write_tree(tmp_path, {"a.py": "a = 1\n"})
    result = parse_edits("a.py\n```python\na = 1\n```\n", tmp_path)
    assert result.files == [] and result.unchanged == ["a.py"] and result.ok


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ("a.py\n```python\nx\n```\n", "whole"),
        ("just chatter, no blocks", "whole"),
        ("a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", "search-replace"),
        ("------- SEARCH\nx\n=======\ny\n+++++++ REPLACE\n", "search-replace"),
        ("```diff\n@@ -1 +1 @@\n-x\n+y\n```\n", "udiff"),
        ("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-x\n+y\n", "udiff"),
    ],
)
def test_detect_format(output, expected):
    assert detect_format(output) == expected


def test_format_can_be_forced(tmp_path):
    # a whole-file rewrite of a file that happens to contain diff-like lines
    write_tree(tmp_path, {"notes.txt": "old\n"})
    output = "notes.txt\n```\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n```\n"
    result = parse_edits(output, tmp_path, format="whole")
    assert result.files[0].new_text == "--- a/x\n+++ b/x\n@@ -1 +1 @@\n"
    with pytest.raises(ValueError, match="unknown edit format"):
        parse_edits(output, tmp_path, format="json")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# raw rewrites from the local engine


def test_rewrite_complete_and_cut(tmp_path):
    write_tree(tmp_path, {"n.py": "a = 1\nb = 2"})
    done = rewrite(tmp_path, "n.py", "a = 1\nb = 3\n")
    assert done.files[0].new_text == "a = 1\nb = 3"  # the missing final newline is kept
    cut = rewrite(tmp_path, "n.py", "a = 1\n", complete=False)
    assert not cut.files and "stopped before the end" in cut.failures[0].reason


def test_rewrite_refuses_a_path_outside(tmp_path):
    result = rewrite(tmp_path, "/etc/passwd", "root::0:0::/:/bin/sh\n")
    assert not result.files and "absolute path" in result.failures[0].reason


# ---------------------------------------------------------------------------------------------
# the prompt side


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_instruction_example_parses_to_its_result(fmt, tmp_path):
    text = format_instructions(fmt)
    assert EXAMPLES[fmt] in text and EXAMPLE_ORIGINAL in text
    result = parse_edits(EXAMPLES[fmt], tmp_path, originals={EXAMPLE_PATH: EXAMPLE_ORIGINAL})
    assert result.format == fmt and result.ok
    assert [(e.path, e.new_text) for e in result.files] == [(EXAMPLE_PATH, EXAMPLE_RESULT)]


def test_instructions_differ():
    assert len({format_instructions(fmt) for fmt in FORMATS}) == 3
    assert "DELETE" in format_instructions("whole")
    assert "<<<<<<< SEARCH" in format_instructions("search-replace")
    with pytest.raises(ValueError):
        format_instructions("xml")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# longer answers kept as files: tests/data/edits/<case>/{before/, output.md, after/, failures.txt}

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "edits"


def tree(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()))
def test_fixture_answers(name, tmp_path):
    case = FIXTURES / name
    before, after = tree(case / "before"), tree(case / "after")
    write_tree(tmp_path, before)
    result = parse_edits((case / "output.md").read_text(), tmp_path)
    expected_failures = (
        (case / "failures.txt").read_text().splitlines() if (case / "failures.txt").exists() else []
    )
    reasons = [failure.reason for failure in result.failures]
    assert len(reasons) == len(expected_failures), reasons
    for reason, expected in zip(reasons, expected_failures, strict=True):
        assert expected in reason
    got = dict(before)
    for edit in result.files:
        assert edit.old_bytes == before.get(edit.path)
        if edit.new_bytes is None:
            del got[edit.path]
        else:
            got[edit.path] = edit.new_bytes
    assert got == after


def test_unmatched_reason_without_any_equal_line(tmp_path):
    originals = {"util.py": "import os\ndef add(a, b):\n    return a + b\n"}
    output = (
        "util.py\n<<<<<<< SEARCH\ndef add(x, y):\n    return x + y\n=======\nx\n>>>>>>> REPLACE\n"
    )
    [failure] = parse_edits(output, tmp_path, originals=originals).failures
    assert failure.reason == (
        "the SEARCH text is not in util.py (closest line: 2: 'def add(a, b):')"
    )
    output = "util.py\n<<<<<<< SEARCH\nclass Nothing:\n    pass\n=======\nx\n>>>>>>> REPLACE\n"
    [failure] = parse_edits(output, tmp_path, originals=originals).failures
    assert failure.reason.endswith("(no line of it is in the file)")
