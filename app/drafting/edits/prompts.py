"""What the prompt asks for: each format's instructions, with a worked example the parsers accept."""

from __future__ import annotations

from specdraft.drafting.edits.results import FORMATS, EditFormat

EXAMPLE_PATH = "src/greet.py"
EXAMPLE_ORIGINAL = (
    'def greet(name):\n    print("Hello " + name)\n\n\ndef main():\n    greet("world")\n'
)
EXAMPLE_RESULT = (
    'def greet(name: str) -> None:\n    print(f"Hello, {name}!")\n\n\n'
    'def main():\n    greet("world")\n'
)
EXAMPLES: dict[EditFormat, str] = {
    "whole": (
        "src/greet.py\n"
        "```python\n"
        "def greet(name: str) -> None:\n"
        '    print(f"Hello, {name}!")\n'
        "\n\n"
        "def main():\n"
        '    greet("world")\n'
        "```\n"
    ),
    "search-replace": (
        "src/greet.py\n"
        "```python\n"
        "<<<<<<< SEARCH\n"
        "def greet(name):\n"
        '    print("Hello " + name)\n'
        "=======\n"
        "def greet(name: str) -> None:\n"
        '    print(f"Hello, {name}!")\n'
        ">>>>>>> REPLACE\n"
        "```\n"
    ),
    "udiff": (
        "```diff\n"
        "--- a/src/greet.py\n"
        "+++ b/src/greet.py\n"
        "@@ -1,5 +1,5 @@\n"
        "-def greet(name):\n"
        '-    print("Hello " + name)\n'
        "+def greet(name: str) -> None:\n"
        '+    print(f"Hello, {name}!")\n'
        " \n"
        " \n"
        " def main():\n"
        "```\n"
    ),
}


_INSTRUCTIONS: dict[EditFormat, str] = {
    "whole": (
        "Answer with the complete new contents of every file you change. For each file, write "
        "its path (relative to the repository root) on a line by itself, then the whole file in "
        "a code fence (a longer fence, ````, when the file itself holds ``` lines). Write "
        "every line of the file, also the ones you do not change: never "
        'leave code out with a comment such as "# ... rest of the file unchanged". To create a '
        "file, do the same with its new path. To delete a file, write `DELETE path/to/file` on a "
        "line by itself, outside any code fence."
    ),
    "search-replace": (
        "Describe each change as a SEARCH/REPLACE block: the file's path (relative to the "
        "repository root) on a line by itself, then a code fence holding a line "
        "`<<<<<<< SEARCH`, the exact lines to find in the current file, a line `=======`, the "
        "lines to put in their place, and a line `>>>>>>> REPLACE`. The SEARCH lines must match "
        "the file character for character, indentation and comments included, and match only "
        "once: include a few lines of context around the change. Keep blocks small; use several "
        "blocks for several changes, in file order, each with its path line. To create a file, "
        "leave the SEARCH part empty and put the whole file in the REPLACE part. To delete a "
        "file, write `DELETE path/to/file` on a line by itself, outside any code fence."
    ),
    "udiff": (
        "Answer with a unified diff in a ```diff code fence, as `diff -U3` writes it: for each "
        "file a `--- a/path` and a `+++ b/path` line (paths relative to the repository root), "
        "then hunks that start with `@@ -start,count +start,count @@` and hold three unchanged "
        "context lines (prefix a space) around the removed (`-`) and added (`+`) lines. Copy "
        "context and removed lines exactly, indentation included. A new file has `--- "
        "/dev/null`; a deleted file has `+++ /dev/null`."
    ),
}


def format_instructions(format: EditFormat) -> str:
    """The prompt text that asks for ``format``, with a worked example the parser accepts."""
    if format not in _INSTRUCTIONS:
        raise ValueError(f"unknown edit format {format!r}: use one of {', '.join(FORMATS)}")
    return (
        _INSTRUCTIONS[format]
        + "\n\nFor example, to add type hints to greet() and make it print "
        + '"Hello, world!" in this file:\n\n'
        + EXAMPLE_PATH
        + "\n```python\n"
        + EXAMPLE_ORIGINAL
        + "```\n\nanswer:\n\n"
        + EXAMPLES[format]
    )
