"""Add and remove an import: a source before, the operation, the exact source after (modules
written for these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.imports import AddImport, RemoveImport


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


GROUPED = '''
    """Reports."""
    from __future__ import annotations

    import os
    import sys
    from typing import Any, Dict

    import requests

    from reports import render

    OUT = os.path.join(sys.prefix, "out")
    '''


def placed(op: AddImport | RemoveImport, after: str, before: str = GROUPED) -> None:
    """``op`` on ``before`` (as m.py, beside a first-party package ``reports``) gives ``after``."""
    given = {"m.py": src(before), "reports/__init__.py": ""}
    assert apply(op, given) == {"m.py": src(after)}


def grouped_with(old: str, new: str) -> str:
    assert GROUPED.count(old) == 1
    return GROUPED.replace(old, new)


@pytest.mark.parametrize(
    ("op", "old", "new"),
    [
        (AddImport("math", path="m.py"), "import os\n", "import math\n    import os\n"),
        (AddImport("zlib", path="m.py"), "import sys\n", "import sys\n    import zlib\n"),
        (
            AddImport("collections", "OrderedDict", path="m.py"),
            "from typing",
            "from collections import OrderedDict\n    from typing",
        ),
        (AddImport("typing", "Optional", path="m.py"), "Any, Dict", "Any, Dict, Optional"),
        (
            AddImport("typing", "TYPE_CHECKING", path="m.py"),
            "Any, Dict",
            "TYPE_CHECKING, Any, Dict",
        ),
        (AddImport("typing", "cast", path="m.py"), "Any, Dict", "Any, Dict, cast"),
        (
            AddImport("numpy", alias="np", path="m.py"),
            "import requests\n",
            "import numpy as np\n    import requests\n",
        ),
        (
            AddImport("reports.html", "page", path="m.py"),
            "import render\n",
            "import render\n    from reports.html import page\n",
        ),
        (
            AddImport(".helpers", "slug", path="m.py"),
            "import render\n",
            "import render\n\n    from .helpers import slug\n",
        ),
        (
            AddImport("__future__", "division", path="m.py"),
            "import annotations",
            "import annotations, division",
        ),
        (
            AddImport("typing", "Any", alias="AnyType", path="m.py"),
            "Any, Dict\n",
            "Any, Dict\n    from typing import Any as AnyType\n",
        ),
    ],
)
def test_add_placed_as_isort_would(op: AddImport, old: str, new: str):
    placed(op, grouped_with(old, new))


def test_add_to_a_parenthesised_from_line_keeps_its_layout():
    before = """
        from flask import (
            Flask,
            request,
        )
        """
    placed(
        AddImport("flask", "jsonify", path="m.py"),
        """
        from flask import (
            Flask,
            jsonify,
            request,
        )
        """,
        before,
    )
    placed(
        AddImport("flask", "url_for", path="m.py"),
        """
        from flask import (
            Flask,
            request,
            url_for,
        )
        """,
        before,
    )


def test_add_a_first_section_before_the_others():
    placed(
        AddImport("json", path="m.py"),
        """
        import json

        import requests


        def get(url):
            return requests.get(url)
        """,
        """
        import requests


        def get(url):
            return requests.get(url)
        """,
    )


def test_add_the_first_import_after_the_docstring_with_blank_lines_before_code():
    placed(
        AddImport("dataclasses", "dataclass", path="m.py"),
        '''
        """Points."""

        from dataclasses import dataclass


        class Point:
            pass
        ''',
        '''
        """Points."""
        class Point:
            pass
        ''',
    )
    placed(AddImport("math", path="m.py"), "import math\n\nX = 1\n", "X = 1\n")


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (AddImport("os", path="m.py"), r"`import os` is already in m.py \(line 4\)"),
        (
            AddImport("typing", "Dict", path="m.py"),
            r"`from typing import Dict` is already in m.py \(line 6\)",
        ),
        (
            AddImport("collections", "Dict", path="m.py"),
            "`Dict` is already imported in m.py at line 6 .*give an alias",
        ),
        (AddImport(".helpers", path="m.py"), "a relative module .* is imported with a name"),
        (AddImport("os..path", path="m.py"), "is not a dotted module name"),
        (AddImport("os", alias="1x", path="m.py"), "the alias '1x' is not a Python name"),
        (
            AddImport("math"),
            r"say which file gets `import math` \(path: one of m.py, reports/__init__.py\)",
        ),
    ],
)
def test_add_errors(op: AddImport, message: str):
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(GROUPED), "reports/__init__.py": ""})


def test_remove_a_whole_line_and_a_name_from_a_from_line():
    text = """
        import json
        import os
        from typing import Any, Dict

        X = os.sep
        Y: Dict = {}
        """
    placed(RemoveImport("json"), src(text).replace("import json\n", ""), text)
    placed(RemoveImport("typing", "Any"), src(text).replace("Any, Dict", "Dict"), text)


def test_remove_the_last_name_of_a_parenthesised_line_keeps_the_trailing_comma_layout():
    placed(
        RemoveImport("flask", "request"),
        """
        from flask import (
            Flask,
        )

        app = Flask(__name__)
        """,
        """
        from flask import (
            Flask,
            request,
        )

        app = Flask(__name__)
        """,
    )


def test_remove_the_only_import_of_a_block_leaves_pass():
    placed(
        RemoveImport("typing", "Sequence"),
        """
        if TYPE_CHECKING:
            pass
        """,
        """
        if TYPE_CHECKING:
            from typing import Sequence
        """,
    )


def test_remove_a_section_of_one_line_keeps_one_blank_line_between_groups():
    placed(
        RemoveImport("requests"),
        """
        import os

        from reports import render
        """,
        """
        import os

        import requests

        from reports import render
        """,
    )


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (RemoveImport("os"), r"`os` is still used in m.py at line 12: change those first"),
        (RemoveImport("typing", "Any"), r"`from typing import Any` is not in m.py"),
        (
            RemoveImport("typing"),
            r"`import typing` is not in m.py \(line 6 imports names from it: give the name\)",
        ),
        (RemoveImport("os", "path"), r"line 4 imports the module itself: leave out the name"),
    ],
)
def test_remove_errors(op: RemoveImport, message: str):
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(GROUPED).replace("Any, Dict", "Dict")})


def test_remove_a_dotted_import_still_used_and_an_alias_still_used():
    text = src("""
        import os.path
        import numpy as np


        def f(x):
            return os.path.join(np.sum(x))
        """)
    with pytest.raises(OpError, match="`os.path` is still used in m.py at line 6"):
        apply(RemoveImport("os.path"), {"m.py": text})
    with pytest.raises(OpError, match="`np` is still used in m.py at line 6"):
        apply(RemoveImport("numpy"), {"m.py": text})


def test_remove_finds_the_file_that_imports_it_and_refuses_two():
    given = {"a.py": "import json\n", "b.py": "import os\n\nprint(os.sep)\n"}
    assert apply(RemoveImport("json"), given) == {"a.py": ""}
    twice = src("""
        import json


        def f():
            import json
        """)
    with pytest.raises(OpError, match=r"`import json` is in m.py 2 times \(lines 1 and 5\)"):
        apply(RemoveImport("json"), {"m.py": twice})


def test_describe():
    assert AddImport("math").describe() == "add `import math`"
    assert AddImport("typing", "Any").describe() == "add `from typing import Any`"
    assert AddImport("numpy", alias="np").describe() == "add `import numpy as np`"
    assert RemoveImport("typing", "Any").describe() == "remove `from typing import Any`"


@pytest.mark.parametrize(
    "op",
    [
        AddImport("math"),
        AddImport("typing", "Any", alias="A", path="m.py"),
        RemoveImport("os"),
        RemoveImport("typing", "Any"),
    ],
)
def test_json_round_trip(op: AddImport | RemoveImport):
    assert from_json(to_json(op)) == op


def test_a_name_listed_in_all_is_still_used_and_a_plain_import_may_not_shadow_a_name():
    with pytest.raises(OpError, match="`slug` is still used in m.py at line 3"):
        apply(
            RemoveImport("text", "slug"), {"m.py": 'from text import slug\n\n__all__ = ["slug"]\n'}
        )
    with pytest.raises(OpError, match="`json` is already imported in m.py at line 1"):
        apply(AddImport("json"), {"m.py": "from fast import json\n"})


def test_relative_imports_are_read_with_their_dots():
    given = {"m.py": "from . import a\nfrom .. import b\n\nprint(a)\n"}
    assert apply(RemoveImport("..", "b"), given) == {"m.py": "from . import a\n\nprint(a)\n"}
    assert apply(AddImport(".", "c"), given) == {
        "m.py": "from . import a, c\nfrom .. import b\n\nprint(a)\n"
    }


@pytest.mark.parametrize(
    ("op", "old", "new"),
    [
        # right after the line named, where isort would put it elsewhere
        (AddImport("zlib", path="m.py", after="import os"), "import os\n", "import os\n    import zlib\n"),
        (
            AddImport("abc", path="m.py", after="from typing import Any, Dict"),
            "Dict\n",
            "Dict\n    import abc\n",
        ),
        # before the line named, taking the blank line above it; a `from` line of the module is not joined
        (
            AddImport("reports", "style", path="m.py", before="import requests"),
            "\n    import requests\n",
            "\n    from reports import style\n    import requests\n",
        ),
        (AddImport("math", path="m.py", before="import  sys"), "import sys\n", "import math\n    import sys\n"),
    ],
)
def test_an_import_goes_beside_the_line_named(op: AddImport, old: str, new: str) -> None:
    placed(op, grouped_with(old, new))


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (AddImport("zlib", path="m.py", after="import json"), "no import line `import json`"),
        (AddImport("zlib", path="m.py", after="OUT = os.path.join"), "no import line"),
        (AddImport("zlib", path="m.py", after="import os", before="import sys"), "not both"),
        (AddImport("zlib", path="m.py", before="from __future__ import annotations"), "must come first"),
    ],
)
def test_a_line_named_that_is_not_one_import_line_is_refused(op: AddImport, message: str) -> None:
    with pytest.raises(OpError, match=message):
        apply(op, {"m.py": src(GROUPED)})


def test_the_place_is_part_of_the_operation_as_json() -> None:
    op = AddImport("zlib", path="m.py", before="import sys")
    assert to_json(op) == {"kind": "add_import", "module": "zlib", "path": "m.py", "before": "import sys"}
    assert from_json(to_json(op)) == op
    assert op.describe() == "add `import zlib` before `import sys`"


def test_the_line_named_is_found_with_its_comment_said_or_left_out() -> None:
    text = src('''
        import os  # paths
        import sys
        ''')
    for said in ("import os", "import os  # paths"):
        assert apply(AddImport("zlib", path="m.py", after=said), {"m.py": text}) == {
            "m.py": "import os  # paths\nimport zlib\nimport sys\n"}
