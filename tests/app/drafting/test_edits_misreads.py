"""app/drafting/edits: answers that used to be read as something the model did not mean.

Each test is an answer shape seen from real models: a SEARCH/REPLACE block closed by a second
divider, a snippet or a shell command where a whole file was expected, a path with a made-up
directory, a creation diff that also removes lines, and drafted text that git would call binary.
Each must be read as the model meant it, or refused with the reason; never applied wrongly.
"""

from __future__ import annotations

import pytest

from specdraft.drafting.edits import EditResult, parse_edits, rewrite

FUNCS = "def keep():\n    return 1\n\n\ndef unused():\n    pass\n"
KEPT = "def keep():\n    return 1\n\n\n"


def read(output: str, tmp_path, files: dict[str, str], **kwargs) -> EditResult:
    return parse_edits(output, tmp_path, originals=files, **kwargs)


def new_texts(result: EditResult) -> dict[str, str | None]:
    return {edit.path: edit.new_text for edit in result.files}


def notes(result: EditResult) -> list[str]:
    return [note for edit in result.files for note in edit.notes]


# ---------------------------------------------------------------------------------------------
# SEARCH/REPLACE blocks closed by a second =======


def sr(body: str, path: str = "a.py", fence: str = "```") -> str:
    return f"{path}\n{fence}python\n<<<<<<< SEARCH\n{body}{fence}\n"


def test_a_doubled_divider_before_the_replace_marker_is_an_empty_replacement(tmp_path):
    output = sr("def unused():\n    pass\n=======\n=======\n>>>>>>> REPLACE\n")
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert result.ok, result.failures
    assert new_texts(result) == {"a.py": KEPT}
    assert any("=======" in note and "empty" in note for note in notes(result)), notes(result)


def test_a_block_closed_by_a_divider_removes_its_search_text(tmp_path):
    output = sr("def unused():\n    pass\n=======\n=======\n")
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert result.ok, result.failures
    assert new_texts(result) == {"a.py": KEPT}


def test_a_block_closed_by_a_divider_keeps_its_replacement(tmp_path):
    output = sr("def unused():\n    pass\n=======\ndef used():\n    return 2\n=======\n")
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert result.ok, result.failures
    assert new_texts(result) == {"a.py": KEPT + "def used():\n    return 2\n"}


def test_blocks_closed_by_dividers_one_after_another(tmp_path):
    output = (
        "a.py\n```python\n<<<<<<< SEARCH\ndef unused():\n    pass\n=======\n=======\n"
        "<<<<<<< SEARCH\ndef keep():\n=======\ndef kept():\n=======\n```\n\n"
        "b.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n=======\n"
    )
    result = read(output, tmp_path, {"a.py": FUNCS, "b.py": "x = 1\n"})
    assert result.ok, result.failures
    assert new_texts(result) == {
        "a.py": "def kept():\n    return 1\n\n\n",
        "b.py": "x = 2\n",
    }


def test_a_markdown_replacement_keeps_its_heading_underlines(tmp_path):
    readme = "Title\n=====\n\nOld text.\n"
    output = (
        "README.md\n````markdown\n<<<<<<< SEARCH\nOld text.\n=======\nNew text.\n\n"
        "Usage\n=======\n\nRun it.\n\nFaq\n=======\n>>>>>>> REPLACE\n````\n"
    )
    result = read(output, tmp_path, {"README.md": readme})
    assert result.ok, result.failures
    expected = "Title\n=====\n\nNew text.\n\nUsage\n=======\n\nRun it.\n\nFaq\n=======\n"
    assert new_texts(result) == {"README.md": expected}
    assert not notes(result)


def test_a_markdown_block_closed_by_an_underline_shaped_divider_is_refused(tmp_path):
    # "Usage" then ======= then the fence: a heading whose block lost its REPLACE marker, or a
    # block closed by a divider? The file holds such headings, so there is no telling: refused
    readme = "Title\n=====\n\nOld text.\n"
    output = "README.md\n```\n<<<<<<< SEARCH\nOld text.\n=======\nUsage\n=======\n```\n"
    result = read(output, tmp_path, {"README.md": readme})
    assert not result.files
    [failure] = result.failures
    assert "heading" in failure.reason and ">>>>>>> REPLACE" in failure.reason


def test_a_divider_inside_a_code_replacement_is_refused(tmp_path):
    output = sr("def unused():\n    pass\n=======\na = 1\n=======\nb = 2\n>>>>>>> REPLACE\n")
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert not result.files
    [failure] = result.failures
    assert "=======" in failure.reason and "a.py" in failure.reason


def test_a_block_closed_by_a_divider_then_chatter_without_a_fence_is_refused(tmp_path):
    output = "a.py\n<<<<<<< SEARCH\ndef unused():\n    pass\n=======\nx = 1\n=======\nmore\n"
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert not result.files
    [failure] = result.failures
    assert ">>>>>>> REPLACE" in failure.reason


# ---------------------------------------------------------------------------------------------
# a code block that is not the file, with the format detected


@pytest.mark.parametrize(
    "output",
    [
        "Run the tests with:\n\n```bash\npython -m pytest tests/\n```\n",
        "Install it first:\n\n```\npip install requests\n```\n",
        "No change is needed: `keep` already returns 1:\n\n```python\ndef keep():\n    return 1\n```\n",
        "No changes are needed in a.py; it already has:\n\n```python\ndef unused():\n    pass\n```\n",
    ],
    ids=["shell command", "command in a bare fence", "quote of the only file", "quote naming it"],
)
def test_a_snippet_does_not_replace_the_only_file(output, tmp_path):
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert result.format == "whole"
    assert not result.files
    [failure] = result.failures
    assert failure.path == "a.py"
    assert "not applied" in failure.reason


def test_a_rewrite_without_a_path_still_applies_to_the_only_file(tmp_path):
    rewritten = FUNCS.replace("return 1", "return 2")
    result = read(f"Here it is:\n\n```python\n{rewritten}```\n", tmp_path, {"a.py": FUNCS})
    assert result.ok, result.failures
    assert new_texts(result) == {"a.py": rewritten}


def test_a_snippet_given_as_whole_format_is_the_window_it_was_asked_for(tmp_path):
    # the format given (a window of a file asked for whole): the block is that window's new text
    window = "def keep():\n    return 2\n"
    result = read(f"```python\n{window}```\n", tmp_path, {"a.py": FUNCS}, format="whole")
    assert new_texts(result) == {"a.py": window}


# ---------------------------------------------------------------------------------------------
# paths with a made-up directory, creation diffs that remove lines


def test_a_made_up_directory_before_a_given_file_reads_as_that_file(tmp_path):
    output = "path/to/sample.txt\n```\nnew line\n```\n"
    result = read(output, tmp_path, {"sample.txt": "old line\n"})
    assert result.ok, result.failures
    assert new_texts(result) == {"sample.txt": "new line\n"}
    [note] = notes(result)
    assert "path/to/sample.txt" in note and "sample.txt" in note
    assert not (tmp_path / "path").exists()


def test_a_dropped_directory_reads_as_the_given_file(tmp_path):
    output = "sample.txt\n<<<<<<< SEARCH\nold line\n=======\nnew line\n>>>>>>> REPLACE\n"
    result = read(output, tmp_path, {"docs/sample.txt": "old line\n"})
    assert new_texts(result) == {"docs/sample.txt": "new line\n"}
    assert any("docs/sample.txt" in note for note in notes(result))


def test_a_new_file_in_an_existing_directory_stays_new_with_a_note(tmp_path):
    (tmp_path / "docs").mkdir()
    output = "docs/README.md\n```\n# Docs\n```\n"
    result = read(output, tmp_path, {"README.md": "# Project\n"})
    assert new_texts(result) == {"docs/README.md": "# Docs\n"}
    [note] = notes(result)
    assert "README.md" in note and "new file" in note


def test_a_tail_that_matches_two_given_files_is_not_guessed(tmp_path):
    files = {"a/sample.txt": "a\n", "b/sample.txt": "b\n"}
    result = read("x/sample.txt\n```\nnew\n```\n", tmp_path, files)
    assert new_texts(result) == {"x/sample.txt": "new\n"}
    [note] = notes(result)
    assert "a/sample.txt" in note and "b/sample.txt" in note


def test_a_creation_diff_that_removes_lines_fails(tmp_path):
    output = (
        "```diff\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n-old = 0\n+a = 1\n+b = 2\n```\n"
    )
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert not result.files
    [failure] = result.failures
    assert "/dev/null" in failure.reason and "removes" in failure.reason


def test_a_creation_diff_that_keeps_lines_fails(tmp_path):
    output = "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n context = 0\n+a = 1\n"
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert not result.files
    [failure] = result.failures
    assert "/dev/null" in failure.reason


def test_a_creation_diff_keeps_its_blank_lines(tmp_path):
    # a blank line inside a new file, written without its "+": a line of the new file
    output = "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,3 @@\n+a = 1\n\n+b = 2\n"
    result = read(output, tmp_path, {})
    assert result.ok, result.failures
    assert new_texts(result) == {"new.py": "a = 1\n\nb = 2\n"}


def test_a_deletion_diff_that_adds_lines_fails(tmp_path):
    output = "--- a/a.py\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-def keep():\n+x = 1\n"
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert not result.files
    [failure] = result.failures
    assert "/dev/null" in failure.reason and "adds" in failure.reason


# ---------------------------------------------------------------------------------------------
# binary-looking drafted text


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("x = 1\x00", "NUL"),
        ("x = '\x1b[2K'", "ESC"),
        ("x = 1\x08\x08", "BS"),
        ("x = 1\x0b", "VT"),
        ("x = '\udcff'", "not UTF-8"),
    ],
    ids=["NUL", "escape", "backspace", "vertical tab", "invalid UTF-8"],
)
def test_binary_looking_drafted_text_is_refused(line, named, tmp_path):
    output = (
        f"a.py\n<<<<<<< SEARCH\ndef unused():\n    pass\n=======\n{line}\n>>>>>>> REPLACE\n\n"
        "b.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n"
    )
    result = read(output, tmp_path, {"a.py": FUNCS, "b.py": "x = 1\n"})
    assert new_texts(result) == {"b.py": "x = 2\n"}  # the rest of the answer still reads
    [failure] = result.failures
    assert failure.path == "a.py"
    assert named in failure.reason and "not applied" in failure.reason
    assert "def unused" in failure.block


@pytest.mark.parametrize("fmt", ["whole", "udiff"])
def test_binary_looking_text_is_refused_in_every_format(fmt, tmp_path):
    output = {
        "whole": "new.txt\n```\nhello\x00world\n```\n",
        "udiff": "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\x00world\n",
    }[fmt]
    result = read(output, tmp_path, {})
    assert not result.files
    assert "NUL" in result.failures[0].reason


def test_a_raw_rewrite_with_a_nul_is_refused(tmp_path):
    result = rewrite(tmp_path, "n.py", "a = 1\x00\n", originals={"n.py": "a = 0\n"})
    assert not result.files and "NUL" in result.failures[0].reason


def test_allowed_whitespace_controls_and_kept_lines_pass(tmp_path):
    # tab, form feed and a CR inside a line are text; a control character the original already
    # had on a line the draft keeps is the user's, not the model's
    original = "a = 1\nbell = '\x07'\n"
    output = "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 2\t\x0c\n>>>>>>> REPLACE\n"
    result = read(output, tmp_path, {"a.py": original})
    assert result.ok, result.failures
    assert new_texts(result) == {"a.py": "a = 2\t\x0c\nbell = '\x07'\n"}


def test_bytes_that_were_not_utf8_in_the_original_still_round_trip(tmp_path):
    original = b"name = '\xe9t\xe9'\nx = 1\n"
    output = "l.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n"
    result = parse_edits(output, tmp_path, originals={"l.py": original})
    assert result.ok, result.failures
    assert result.files[0].new_bytes == b"name = '\xe9t\xe9'\nx = 2\n"


def test_a_new_file_that_only_shares_a_name_is_new_with_a_note(tmp_path):
    # a new package's __init__.py is no made-up directory before the shown one: not guessed
    files = {"app/__init__.py": "", "app/main.py": "x = 1\n"}
    result = read("app/sub/__init__.py\n```python\nname = 1\n```\n", tmp_path, files)
    assert new_texts(result) == {"app/sub/__init__.py": "name = 1\n"}
    [note] = notes(result)
    assert "app/__init__.py" in note and "new file" in note


def test_a_block_closed_by_a_divider_right_before_the_next_fence(tmp_path):
    output = (
        "a.py\n<<<<<<< SEARCH\ndef unused():\n    pass\n=======\n=======\n"
        "```python\n<<<<<<< SEARCH\ndef keep():\n=======\ndef kept():\n>>>>>>> REPLACE\n```\n"
    )
    result = read(output, tmp_path, {"a.py": FUNCS})
    assert result.ok, result.failures
    assert new_texts(result) == {"a.py": "def kept():\n    return 1\n\n\n"}


def test_a_control_character_the_file_already_holds_is_its_text(tmp_path):
    original = "bell = '\x07'\nx = 1\n"
    output = "a.py\n<<<<<<< SEARCH\nbell = '\x07'\n=======\nbell = '\x07\x07'\n>>>>>>> REPLACE\n"
    result = read(output, tmp_path, {"a.py": original})
    assert result.ok, result.failures
    output = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = '\x1b'\n>>>>>>> REPLACE\n"
    result = read(output, tmp_path, {"a.py": original})
    assert not result.files and "ESC" in result.failures[0].reason


def test_a_heading_in_a_docstring_keeps_its_underline(tmp_path):
    original = 'def area(side):\n    """The area."""\n    return side * side\n'
    output = sr(
        '    """The area."""\n=======\n    """The area.\n\n    Examples\n    ========\n\n'
        '    >>> area(2)\n    4\n    """\n>>>>>>> REPLACE\n'
    )
    result = read(output, tmp_path, {"a.py": original})
    assert result.ok, result.failures
    assert "    Examples\n    ========\n" in new_texts(result)["a.py"]
