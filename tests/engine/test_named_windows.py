"""Windows of a long file start at the definitions the instruction names
(editprompt.named_definitions, window_ranges' `starts`), and the requester cuts them so."""

from __future__ import annotations

from specdraft.engine import editprompt

MODULE = (
    "import csv\n\n\n"
    "def top_rows(rows, limit=5):\n    return rows[:limit]\n\n\n"
    "@staticmethod\ndef write_report(rows, out):\n    writer = csv.writer(out)\n    writer.writerows(rows)\n\n\n"
    "class Report:\n    title = 'r'\n\n    def render(self):\n        return self.title\n\n"
    "    def save(self, path):\n        return path\n"
)


def test_the_definitions_an_instruction_names_are_found_at_their_first_line():
    lines = MODULE.splitlines()
    found = editprompt.named_definitions("write_report should take sep=',' as a keyword", MODULE, "r.py")
    assert [lines[k] for k in found] == ["@staticmethod"]  # its decorator: the statement's first line
    found = editprompt.named_definitions("in `Report.save`, rename path to target", MODULE, "r.py")
    assert [lines[k] for k in found] == ["class Report:", "    def save(self, path):"]
    # a note names one too; a name the file does not define, a word, or another language: none
    assert [lines[k] for k in editprompt.named_definitions(
        "add a docstring", MODULE, "r.py", "They rejected this change in r.py and said: on top_rows()\n```diff\n-a\n```")] == ["def top_rows(rows, limit=5):"]  # fmt: skip
    assert editprompt.named_definitions("rename missing_fn to other", MODULE, "r.py") == []
    assert editprompt.named_definitions("make the report shorter", MODULE, "r.py") == []
    assert editprompt.named_definitions("add a param to write_report", MODULE, "r.txt") == []
    assert editprompt.named_definitions("add a param to write_report", "def (", "r.py") == []


def test_a_window_starts_at_each_given_line_and_the_rest_is_cut_as_before():
    lines = MODULE.splitlines(keepends=True)
    costs = [len(line) // 3 + 1 for line in lines]
    depth = editprompt.statement_starts(MODULE, "r.py")
    plain = editprompt.window_ranges(lines, costs, 70, depth)
    start = editprompt.named_definitions("write_report should take a sep keyword", MODULE, "r.py")[0]
    assert all(begin != start for begin, _ in plain)  # cut by size alone, write_report is inside a window
    cut = editprompt.window_ranges(lines, costs, 70, depth, [start])
    assert any(begin == start for begin, _ in cut)
    assert cut[0][0] == 0 and cut[-1][1] == len(lines) and all(a[1] == b[0] for a, b in zip(cut, cut[1:], strict=False))
    assert all(sum(costs[a:b]) <= 70 for a, b in cut)
    assert editprompt.window_ranges(lines, costs, 70, depth, [0, len(lines)]) == plain  # the edges: nothing to cut
