"""specdraft.drafting.requests and .flow: prompts per backend, windows of lines, in-memory application, feedback rounds."""

from __future__ import annotations

import pytest

from specdraft.core.errors import UserError
from specdraft.core.session import Decision
from specdraft.drafting.edits import EditResult, format_instructions
from specdraft.drafting.flow import EditFlow, apply_in_memory
from specdraft.drafting.requests import (
    DraftedEdits,
    EditRequester,
    SourceFile,
    feedback_text,
    read_sources,
    windows_about,
)
from specdraft.engine.editprompt import (
    blank_edges,
    build_edit_messages,
    redraft_feedback,
)
from tests.app.editkit import (
    GREET,
    GREET_EDITED,
    Reply,
    ScriptedBackend,
    make_repo,
)

LONG = "".join(f"value_{i} = {i}\n" for i in range(60))


def test_local_backend_gets_the_edit_prompt_and_the_original_as_reference(tmp_path):
    repo = make_repo(tmp_path / "repo")
    backend = ScriptedBackend([Reply(GREET_EDITED)], kind="local", model="builtin")
    draft = EditRequester(backend, repo).draft("friendlier", read_sources(repo, [str(repo / "greet.py")]))
    assert draft.complete and not draft.failures
    request = backend.requests[0]
    assert request["messages"] == build_edit_messages("friendlier", GREET, "greet.py", "python")
    assert request["reference"] == GREET
    (edit,) = draft.result.files
    assert edit.path == "greet.py" and edit.new_text == GREET_EDITED and edit.old_text == GREET


def test_local_cut_off_rewrite_is_a_failure_not_an_edit(tmp_path):
    repo = make_repo(tmp_path / "repo")
    backend = ScriptedBackend([Reply(GREET_EDITED[:40], finish_reason="length")], kind="local")
    draft = EditRequester(backend, repo).draft("friendlier", [SourceFile("greet.py", GREET.encode())])
    assert not draft.complete and draft.finish_reasons == ["length"]
    assert draft.result.files == [] and "stopped before the end" in draft.failures[0].reason


def test_an_instruct_model_is_asked_for_the_whole_file_in_a_fence(tmp_path):
    """edit_format "whole" (a local instruct checkpoint): a chat with whole-file instructions, the
    file as reference; the fenced file is read out of the chatter around it."""
    repo = make_repo(tmp_path / "repo")
    answer = f"Here is the friendlier file.\n\ngreet.py\n```python\n{GREET_EDITED}```\n\nI changed the greeting."
    backend = ScriptedBackend([Reply(answer)], kind="local", format="whole")
    draft = EditRequester(backend, repo).draft("friendlier", read_sources(repo, [str(repo / "greet.py")]))
    request = backend.requests[0]
    system, user = request["messages"]
    assert format_instructions("whole") in system["content"] and "SEARCH" not in system["content"]
    assert user["content"] == f"friendlier\n\nThe file:\n\ngreet.py\n```python\n{GREET}```"
    assert request["reference"] == GREET
    (edit,) = draft.result.files
    assert edit.new_text == GREET_EDITED and not draft.failures


def test_an_instruct_answer_without_the_file_applies_nothing_and_says_why(tmp_path):
    repo = make_repo(tmp_path / "repo")
    backend = ScriptedBackend([Reply("Sure! I would rename the function.")], kind="local", format="whole")
    draft = EditRequester(backend, repo).draft("friendlier", read_sources(repo, [str(repo / "greet.py")]))
    assert draft.complete and draft.result.files == []
    (failure,) = draft.failures
    assert failure.path == "greet.py" and "no edit specdraft can read" in failure.reason
    assert "the whole file in a code fence" in failure.reason and "--format whole" in failure.reason
    assert "begins: 'Sure! I would rename the function.'" in failure.reason
    assert failure.block == "Sure! I would rename the function."


@pytest.mark.parametrize("edit_format, answer", [
    ("search-replace", "I think the greeting is fine as it is."),  # chatter
    ("search-replace", GREET_EDITED),  # the whole file, unfenced: an answer in another shape
    ("udiff", ""),  # nothing at all
])  # fmt: skip
def test_an_answer_with_no_readable_edit_says_so_never_no_change(tmp_path, edit_format, answer):
    repo = make_repo(tmp_path / "repo")
    backend = ScriptedBackend([Reply(answer)], format=edit_format)
    draft = EditRequester(backend, repo).draft("friendlier", read_sources(repo, [str(repo / "greet.py")]))
    assert draft.complete and draft.result.files == [] and draft.result.unchanged == []
    (failure,) = draft.failures
    assert failure.path == "greet.py" and "no edit specdraft can read" in failure.reason
    assert f"--format {edit_format}" in failure.reason and failure.block == answer
    expected = "the answer is empty" if not answer else f"begins: {' '.join(answer.split())[:20]}"
    assert expected in failure.reason.replace("'", "") and len(failure.reason) < 400


def test_an_answer_that_keeps_the_file_as_it_is_is_no_failure(tmp_path):
    repo = make_repo(tmp_path / "repo")
    backend = ScriptedBackend([Reply(f"greet.py\n```python\n{GREET}```\n")], format="whole")
    draft = EditRequester(backend, repo).draft("friendlier", read_sources(repo, [str(repo / "greet.py")]))
    assert draft.complete and draft.result.files == [] and draft.failures == []


def test_udiff_asks_for_a_unified_diff_of_all_files_in_one_request(tmp_path):
    repo = make_repo(tmp_path / "repo")
    answer = ("```diff\n--- a/greet.py\n+++ b/greet.py\n@@ -3,3 +3,3 @@\n \n def greet(name):\n"
              '-    print("Hello " + name)\n+    print(f"Hello, {name}!")\n```\n')  # fmt: skip
    backend = ScriptedBackend([Reply(answer)], format="udiff")
    draft = EditRequester(backend, repo).draft("friendlier", read_sources(repo, [str(repo / "greet.py")]))
    (request,) = backend.requests
    system, user = request["messages"]
    assert format_instructions("udiff") in system["content"] and "SEARCH" not in system["content"]
    assert request["reference"] is None and GREET in user["content"]
    (edit,) = draft.result.files
    assert edit.new_text == GREET.replace('print("Hello " + name)', 'print(f"Hello, {name}!")')


def test_an_instruct_model_rewrites_a_long_file_window_by_window(tmp_path):
    repo = make_repo(tmp_path / "repo", {"values.py": LONG})
    backend = ScriptedBackend([], kind="local", format="whole", context_length=400)
    drafter, source = EditRequester(backend, repo), SourceFile("values.py", LONG.encode())
    windows = drafter.windows("double value_30", source)
    assert len(windows) > 1
    lines = LONG.splitlines(keepends=True)
    (start, end), = [(a, b) for a, b in windows if a <= 30 < b]  # only the window with value_30 is sent
    text = "".join(lines[start:end]).replace("value_30 = 30", "value_30 = 60")
    backend.replies.append(Reply(f"Doubled.\n\nvalues.py\n```python\n{text}```\n"))
    draft = drafter.draft("double `value_30`", [source])
    (request,) = backend.requests
    assert f"(These are lines {start + 1}-{end} of values.py" in request["messages"][1]["content"]
    (edit,) = draft.result.files
    assert edit.new_text == LONG.replace("value_30 = 30", "value_30 = 60")


def _long_file(tmp_path):
    """LONG's lines, a local backend whose window holds a few of them, its drafter, the source."""
    repo = make_repo(tmp_path / "repo", {"values.py": LONG})
    backend = ScriptedBackend([], kind="local", context_length=150)
    return LONG.splitlines(keepends=True), backend, EditRequester(backend, repo), SourceFile("values.py", LONG.encode())


def test_long_file_is_rewritten_in_windows_each_its_own_request(tmp_path):
    lines, backend, drafter, source = _long_file(tmp_path)
    windows = drafter.windows("double the values", source)
    assert len(windows) > 1
    assert windows[0][0] == 0 and windows[-1][1] == len(lines)
    assert all(a[1] == b[0] for a, b in zip(windows, windows[1:], strict=False))  # contiguous, no overlap
    # each window comes back unchanged except the last line of the second window
    target = windows[1][1] - 1
    for start, end in windows:
        text = "".join(lines[start:end])
        if start <= target < end:
            text = text.replace(lines[target], lines[target].replace("= ", "= 2 * "))
        backend.replies.append(Reply(text))
    draft = drafter.draft("double the values", [source])
    assert [r["reference"] for r in backend.requests] == ["".join(lines[a:b]) for a, b in windows]
    assert all(backend.count_prompt_tokens(r["messages"]) < 150 for r in backend.requests)
    (edit,) = draft.result.files
    expected = lines[:]
    expected[target] = expected[target].replace("= ", "= 2 * ")
    assert edit.new_text == "".join(expected)


def test_windows_that_quote_nothing_of_the_instruction_are_kept_without_a_request(tmp_path):
    lines, backend, drafter, source = _long_file(tmp_path)
    windows = drafter.windows("Double `value_31`.", source)
    (about,) = [n for n, (a, b) in enumerate(windows) if a <= 31 < b]
    start, end = windows[about]
    backend.replies.append(Reply("".join(lines[start:end]).replace("value_31 = 31", "value_31 = 62")))
    events = []
    drafter.on_progress = lambda event, payload: events.append((event, payload))
    draft = drafter.draft("Double `value_31`.", [source])
    assert [r["reference"] for r in backend.requests] == ["".join(lines[start:end])]  # one request
    (edit,) = draft.result.files
    assert edit.new_text == LONG.replace("value_31 = 31", "value_31 = 62")
    kept = len(windows) - 1
    assert draft.kept_windows == {"values.py": (kept, len(windows))}
    assert draft.windows == {"values.py": (windows, [about])}  # how the file was cut, and what was sent
    assert ("kept", f"values.py: {kept} of {len(windows)} windows name nothing of the instruction and stay as they are") in events
    assert draft.summary().endswith(f"; {kept} windows naming nothing of the instruction kept as they are")


def test_the_builtin_pairs_window_starts_at_the_function_the_instruction_names(tmp_path):
    """Cut by size alone, `scale` is the second function of its window; asked about it, the
    builtin pair gets a window that starts at it (an instruct model's windows are cut as before)."""
    code = "".join(f"def f_{i}(x):\n    return x + {i}\n\n\n" for i in range(30)).replace("def f_13(", "def scale(")
    lines = code.splitlines(keepends=True)
    start = lines.index("def scale(x):\n")
    for model, window, starts_there in [("builtin", 300, True), ("scripted-coder", 400, False)]:
        repo = make_repo(tmp_path / model, {"values.py": code})
        backend = ScriptedBackend([], kind="local", context_length=window, model=model,
                                  format="builtin" if model == "builtin" else "whole")  # fmt: skip
        requester = EditRequester(backend, repo)
        source = SourceFile("values.py", code.encode())
        plain = requester.windows("add a parameter to scale", source)
        assert all(begin != start for begin, _ in plain)
        backend.replies.extend(Reply("".join(lines[a:b])) for a, b in plain + plain)
        draft = requester.draft("add a parameter to scale", [source])
        ranges, _ = draft.windows["values.py"]
        assert any(begin == start for begin, _ in ranges) is starts_there


def test_windows_about_never_skips_on_a_guess():
    windows = ["a = 1\n", "b = 2\n", "def f():\n    return a + b\n"]
    assert windows_about("Rename `a` to `x`.", windows) == {0, 2}  # substrings count: conservative
    assert windows_about("Add type hints everywhere.", windows) == {0, 1, 2}  # quotes nothing
    assert windows_about("Add `import os` at the top.", windows) == {0, 1, 2}  # found nowhere
    # the reviewer's notes widen it; the diffs quoted in the feedback do not
    feedback = "They rejected this change in m.py and said: also `b = 2`\n```diff\n-`f`\n```"
    assert windows_about("Change `a = 1`.", windows, feedback) == {0, 1}
    assert windows_about("Add type hints.", windows, feedback) == {0, 1, 2}  # notes alone never narrow


def test_windows_about_reads_names_people_write_bare():
    windows = ["import json\nTIMEOUT = 30\n", "def parse_tags(text):\n    return text.split()\n",
               "def load(path):\n    return parse_tags(open(path).read())\n", "def save(data):\n    pass\n"]  # fmt: skip
    assert windows_about("please rename parse_tags -> split_tags", windows) == {1, 2}
    assert windows_about("Increase the timeout from 30 to 60", windows) == {0}  # a number of the file
    assert windows_about("please make load() read bytes", windows) == {2}  # a call names a function
    assert windows_about("rename the path parameter to filename", windows) == {2}  # a name of the file
    assert windows_about("type hints for save, please", windows) == {3}
    assert windows_about("add a docstring to the function that splits tags", windows) == {0, 1, 2, 3}  # no name
    # an instruction about imports also goes to the window with the imports, where the new one belongs
    assert windows_about("import Path from pathlib and use it in load", windows) == {0, 2}
    assert windows_about("rename to_do to todo", ["to = 1\n", "x = 2\n"]) == {0, 1}  # "to" is the instruction's word


def test_draft_summary_adds_up_the_requests():
    from specdraft.engine.interface import DraftStats

    one = DraftStats("m", "local", "stop", 10, 100, 2.0, drafted_tokens=120, accepted_tokens=90)
    two = DraftStats("m", "local", "length", 10, 50, 0.5, drafted_tokens=30, accepted_tokens=30)
    draft = DraftedEdits(EditResult(format="whole"), [one, two])
    assert draft.summary() == ("text edit by the model: 2 requests, 150 tokens in 2.5 s (60.0 tokens/s), drafted 150, "
                               "accepted 120 (80%), length")
    assert DraftedEdits(EditResult(format="whole"), [one]).summary() == "text edit by the model: " + one.summary()


FUNCTIONS = "import os\n\n\n" + "".join(
    f"def step_{i}(value):\n    total = value + {i}\n    if total > {i * 10}:\n        total -= 1\n    return total\n\n\n"
    for i in range(12)
)


@pytest.mark.parametrize("path", ["steps.py", "steps.txt"])
def test_windows_end_between_functions_not_inside_them(tmp_path, path):
    """A long file is cut where a top-level statement starts (after a blank line), as the builtin
    model saw windows in training; with no parse (not Python) the least indented line wins."""
    repo = make_repo(tmp_path / "repo", {path: FUNCTIONS})
    lines = FUNCTIONS.splitlines(keepends=True)
    backend = ScriptedBackend([], kind="local", context_length=220)
    windows = EditRequester(backend, repo).windows("rename value", SourceFile(path, FUNCTIONS.encode()))
    assert len(windows) >= 3
    assert windows[0][0] == 0 and windows[-1][1] == len(lines)
    assert all(a[1] == b[0] for a, b in zip(windows, windows[1:], strict=False))
    for start, _end in windows[1:]:
        assert lines[start].startswith("def step_"), (start, lines[start])
    for start, end in windows:  # and every window still fits
        messages = build_edit_messages("rename value", "".join(lines[start:end]), path)
        assert backend.count_prompt_tokens(messages) + backend.count_tokens("".join(lines[start:end])) < 220


def test_blank_lines_at_window_edges_are_not_sent_and_stay_as_they_were(tmp_path):
    """Windows end where a function starts, after blank lines; the model sees each window from
    its first to its last line of code (as in the builtin models' training) and the blank lines
    go back around its answer, which may also lack its final newline."""
    text = "\n\n" + FUNCTIONS + "\n\n"
    repo = make_repo(tmp_path / "repo", {"steps.py": text})
    backend = ScriptedBackend([], kind="local", context_length=220)
    drafter = EditRequester(backend, repo)
    source = SourceFile("steps.py", text.encode())
    lines = text.splitlines(keepends=True)
    windows = drafter.windows("add one", source)
    bodies = [blank_edges("".join(lines[a:b]))[1] for a, b in windows]
    assert len(windows) >= 3 and all(bodies)
    assert sum(body != "".join(lines[a:b]) for body, (a, b) in zip(bodies, windows, strict=True)) >= 3
    for body in bodies:
        backend.replies.append(Reply(body.replace("+ ", "+ 1 + ").rstrip("\n")))
    draft = drafter.draft("add one", [source])
    sent = [r["reference"] for r in backend.requests]
    assert sent == bodies
    assert all(not body.startswith("\n") and not body.endswith("\n\n") for body in sent)
    assert backend.requests[0]["messages"] == build_edit_messages("add one", bodies[0], "steps.py", "python")
    (edit,) = draft.result.files
    assert edit.new_text == text.replace("+ ", "+ 1 + ")


def test_a_line_longer_than_any_window_is_a_clear_error(tmp_path):
    repo = make_repo(tmp_path / "repo", {"wide.py": "x = [" + ", ".join(["1"] * 200) + "]\n"})
    backend = ScriptedBackend([], kind="local", context_length=120)
    with pytest.raises(UserError, match="wide.py:1 is longer"):
        EditRequester(backend, repo).draft("edit", read_sources(repo, [str(repo / "wide.py")]))
    assert backend.requests == []


def test_read_sources_refuses_what_cannot_be_drafted(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "bin.dat": "x\x00y"})
    monkeypatch.chdir(repo)
    assert [s.path for s in read_sources(repo, ["a.py", "./a.py"])] == ["a.py"]
    for name, message in [("missing.py", "does not exist"), ("bin.dat", "binary"), (".", "refused|directory"),
                          ("../x.py", "refused the path"), (".git/config", "refused the path")]:  # fmt: skip
        with pytest.raises(UserError, match=message):
            read_sources(repo, [name])


def test_apply_in_memory_matches_git_and_reports_written_lines(tmp_path):
    from specdraft.drafting.edits import FileEdit, edits_patch

    edit = FileEdit("greet.py", GREET, GREET_EDITED, base_hash=None)
    patch = edits_patch([edit], context=1)
    texts, written = apply_in_memory({"greet.py": GREET.encode()}, patch)
    assert texts["greet.py"] == GREET_EDITED.encode()
    new_lines = GREET_EDITED.splitlines(keepends=True)
    assert [new_lines[a:b] for a, b in written["greet.py"]] == [
        ['    print(f"Hello, {name}!")\n'], ["    shout(sys.argv[1])\n"]]  # fmt: skip
    with pytest.raises(UserError, match="does not fit"):
        apply_in_memory({"greet.py": GREET_EDITED.encode()}, patch)


def test_feedback_text_holds_notes_and_edits():
    from specdraft.core.diffs import parse_diff
    from specdraft.drafting.edits import FileEdit, edits_patch

    (file,) = parse_diff(edits_patch([FileEdit("greet.py", GREET, GREET_EDITED, None)]))
    text = feedback_text([(file.hunks[0], "keep the comma out")], [])
    assert "rejected this change in greet.py and said: keep the comma out" in text
    assert '+    print(f"Hello, {name}!")' in text
    assert text.startswith("The reviewer went through your previous draft of this edit.\n\n")
    assert text.endswith("\n\nDraft the edit again with their corrections in mind.")
    assert feedback_text([], []) == ""
    # in the very words the builtin models were trained on for a redraft (app/training/editdata.py)
    from specdraft.engine.editprompt import redraft_feedback

    hunk = file.hunks[0]
    patch = hunk.patch_bytes().decode()
    assert feedback_text([(hunk, "keep the comma out")], [hunk]) == redraft_feedback(
        [(hunk.path, patch, "keep the comma out")], [(hunk.path, patch)]
    )


def test_flow_redraft_only_drafts_files_with_open_hunks(tmp_path):
    repo = make_repo(tmp_path / "repo", {"a.py": "a = 1\n", "b.py": "b = 1\n"})
    backend = ScriptedBackend([Reply("a = 2\n"), Reply("b = 2\n"), Reply("b = 3\n")], kind="local")
    flow = EditFlow(EditRequester(backend, repo), "bump", read_sources(repo, [str(repo / "a.py"), str(repo / "b.py")]))
    first = flow.first()
    assert len(first.session.units) == 2
    first.session.set_decisions([0], Decision.ACCEPTED)
    first.session.set_decisions([1], Decision.REJECTED)
    second = flow.redraft("three, not two")
    assert second is not None and second.redraft
    assert [r["reference"] for r in backend.requests] == ["a = 1\n", "b = 1\n", "b = 1\n"]
    assert "three, not two" in backend.requests[2]["messages"][-1]["content"]
    second.session.set_decisions([0], Decision.ACCEPTED)
    edits = {edit.path: edit.new_text for edit in flow.final_edits()}
    assert edits == {"a.py": "a = 2\n", "b.py": "b = 3\n"}
    assert flow.totals() == {"accepted": 2, "edited": 0, "rejected": 1, "pending": 0, "total": 3}
    assert flow.redraft("") is None  # everything accepted: nothing to redraft


def test_lines_accepted_in_an_earlier_round_stay_protected_after_lines_are_accepted_above_them(tmp_path):
    lines = [f"v{i} = 0\n" for i in range(10)]
    def text(changes: dict[int, str], top: str = "") -> str:
        return top + "".join(changes.get(i, line) for i, line in enumerate(lines))
    repo = make_repo(tmp_path / "repo", {"a.py": text({})})
    replies = [text({8: "v8 = 1\n"}), text({8: "v8 = 1\n"}, top="x = 0\n"), text({8: "v8 = 2\n"}, top="x = 0\n")]
    backend = ScriptedBackend([Reply(reply) for reply in replies], kind="local")
    flow = EditFlow(EditRequester(backend, repo), "bump", read_sources(repo, [str(repo / "a.py")]))
    flow.first().session.set_decisions([0], Decision.ACCEPTED)  # `v8 = 1`
    second = flow.redraft("one more line at the top")
    assert second is not None and len(second.session.units) == 1
    second.session.set_decisions([0], Decision.ACCEPTED)  # `x = 0`, well above `v8 = 1`
    third = flow.redraft("and v8 again")
    assert third is not None and third.dropped and not third.session.units  # `v8 = 1` moved down, still accepted
    assert {edit.path: edit.new_text for edit in flow.final_edits()} == {"a.py": text({8: "v8 = 1\n"}, top="x = 0\n")}


OLD_LINES = "a\nb\nc\nd\ne\nf\n"


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        ("x\ny\n" + OLD_LINES, (6, 7)),  # two lines inserted at the top
        (OLD_LINES[2:], (3, 4)),  # the first line removed
        (OLD_LINES.replace("f", "F"), (4, 5)),  # a change below the range: no move
        (OLD_LINES.replace("d\n", "d\nnew\n"), (5, 6)),  # inserted right above the range
        (OLD_LINES.replace("b\nc\n", "bc\n"), (3, 4)),  # two lines above made one
    ],
)
@pytest.mark.parametrize("context", [0, 3])
def test_protected_ranges_follow_the_lines_above_them(new, expected, context):
    from specdraft.drafting.edits import FileEdit, edits_patch
    from specdraft.drafting.flow import shift_ranges

    patch = edits_patch([FileEdit("f.txt", OLD_LINES, new, None)], context=context)
    assert shift_ranges([(4, 5)], patch, "f.txt") == [expected]  # the range holds "e" (0-based line 4)
    texts, _ = apply_in_memory({"f.txt": OLD_LINES.encode()}, patch)
    start, end = expected
    assert texts["f.txt"].splitlines()[start:end] == [b"e"]


def test_clean_commit_message_cuts_and_refuses_what_is_no_message():
    from specdraft.drafting.commit_message import COMMIT_BODY_MAX_LINES, clean_commit_message

    assert clean_commit_message("```\nSubject: Add hints\n\nWhy.\n```\ncode after") == "Add hints\n\nWhy."
    long = clean_commit_message("x" * 200)
    assert long is not None and len(long) == 72 and long.endswith("…")
    body = clean_commit_message("Fix it\n\n" + "\n".join(f"line {i}" for i in range(50)))
    assert body is not None and len(body.splitlines()) == 2 + COMMIT_BODY_MAX_LINES
    assert clean_commit_message("") is None and clean_commit_message("  \n```\n") is None
    assert clean_commit_message("diff --git a/x b/x\n") is None
    assert clean_commit_message('def _get(a, b):\n    """Return the b.\n') is None  # a small model's code
    assert clean_commit_message("Rename add to plus\n\n    return plus(a, b)\n") == "Rename add to plus"


def test_commit_message_prompt_cuts_a_long_diff():
    from specdraft.drafting.commit_message import commit_message_prompt

    messages = commit_message_prompt("bump", "+x\n" * 5000, max_chars=100)
    user = messages[-1]["content"]
    assert "bump" in user and "left out" in user and user.count("+x") == 33  # whole lines only
    assert "\n+\n" not in user


def test_a_redraft_whose_hunks_leave_no_room_goes_with_the_notes_alone(tmp_path):
    """A small model's window (150 tokens here) cannot hold the file's lines beside a feedback
    quoting long rejected hunks: the redraft goes with the reviewer's notes alone, and says so."""
    lines, backend, drafter, source = _long_file(tmp_path)
    hunk = "".join(f"-value_{i} = {i}\n+value_{i} = {2 * i}\n" for i in range(40))
    feedback = redraft_feedback([("values.py", hunk, "triple `value_31`, not double it")])
    with pytest.raises(UserError):
        drafter.windows("triple `value_31`\n\n" + feedback, source)  # with the hunks: no room
    events = []
    drafter.on_progress = lambda event, payload: events.append((event, payload))
    backend.replies.extend(Reply(text) for text in [LONG] * 20)
    draft = drafter.draft("triple `value_31`", [source], feedback)
    assert draft.complete and backend.requests
    asked = backend.requests[0]["messages"][-1]["content"]
    assert "said: triple `value_31`, not double it" in asked and "```diff" not in asked
    assert ("kept", "values.py: the reviewer's notes go without the rejected hunks (with them, "
                    "scripted-coder's window has no room for the file)") in events  # fmt: skip




def test_an_operation_read_from_the_instruction_is_made_without_the_model_and_says_so(tmp_path):
    code = "RATE = 0.2\n\n\ndef tax(amount):\n    return amount * RATE\n"
    use = "from prices import tax\n\nprint(tax(10))\n"
    repo = make_repo(tmp_path / "repo", {"prices.py": code, "shop.py": use})
    backend = ScriptedBackend([], kind="local", model="builtin")  # no reply: asked, it would fail
    draft = EditRequester(backend, repo).draft("rename tax to vat", read_sources(repo, [str(repo / "prices.py"), str(repo / "shop.py")]))
    assert backend.requests == [] and draft.complete and draft.stats == []
    assert {edit.path: edit.new_text for edit in draft.result.files} == {
        "prices.py": code.replace("def tax(", "def vat("), "shop.py": use.replace("tax", "vat")}
    assert draft.made_by == "rename `tax` -> `vat`, read from your instruction"
    assert draft.summary() == "rename `tax` -> `vat`, read from your instruction; no model ran"


def test_what_no_reader_reads_is_the_models_answer_as_it_wrote_it(tmp_path):
    """No put-back: a change the model made beside the one asked stays, for the reviewer to judge."""
    code = "RATE = 0.2\n\n\ndef tax(amount):\n    return amount * RATE\n"
    answer = code.replace("amount * RATE", "round(amount * RATE, 2)").replace("RATE = 0.2", "RATE = 0.25")
    repo = make_repo(tmp_path / "repo", {"prices.py": code})
    backend = ScriptedBackend([Reply(answer)], kind="local", model="builtin")
    draft = EditRequester(backend, repo).draft("round the tax to cents", read_sources(repo, [str(repo / "prices.py")]))
    assert len(backend.requests) == 1 and draft.operation is None
    assert draft.result.files[0].new_text == answer
    assert draft.made_by == "text edit by builtin"


def test_an_operation_that_does_not_fit_falls_to_the_model_and_is_said(tmp_path):
    code = "def tax(amount):\n    return amount * 0.2 + 0.2\n"
    repo = make_repo(tmp_path / "repo", {"prices.py": code})
    backend = ScriptedBackend([Reply(code)], kind="local", model="builtin")
    said: list[str] = []
    requester = EditRequester(backend, repo, on_progress=lambda event, payload: said.append(str(payload)))
    draft = requester.draft("change 0.2 to 0.25 in tax", read_sources(repo, [str(repo / "prices.py")]))
    assert len(backend.requests) == 1 and draft.operation is None
    assert any("does not fit" in line and "the model drafts instead" in line for line in said)


def test_no_read_has_the_model_draft_what_a_reader_would_read(tmp_path):
    code = "def tax(amount):\n    return amount * 0.2\n"
    repo = make_repo(tmp_path / "repo", {"prices.py": code})
    backend = ScriptedBackend([Reply(code)], kind="local", model="builtin")
    EditRequester(backend, repo, read=False).draft("rename tax to vat", read_sources(repo, [str(repo / "prices.py")]))
    assert len(backend.requests) == 1


def test_a_file_that_is_not_utf8_is_refused_with_what_to_do(tmp_path):
    repo = make_repo(tmp_path / "repo")
    (repo / "menu.py").write_bytes(b"# caf\xe9\nPRICE = 2\n")
    with pytest.raises(UserError, match=r"menu.py is not UTF-8 \(byte 0xe9 on line 1\).*convert it first"):
        read_sources(repo, [str(repo / "menu.py")])


def test_a_builtin_draft_the_model_was_not_sure_of_is_withheld_with_its_text_and_the_reason(tmp_path):
    code = "def tax(amount):\n    return amount * 0.2\n"
    answer = code.replace("0.2", "0.3")
    repo = make_repo(tmp_path / "repo", {"prices.py": code})
    sources = read_sources(repo, [str(repo / "prices.py")])
    backend = ScriptedBackend([Reply(answer, least_token_prob=0.31)], kind="local", model="builtin")
    draft = EditRequester(backend, repo).draft("make the tax higher", sources)
    assert draft.result.files == [] and len(draft.failures) == 1
    (failure,) = draft.failures
    assert failure.block == answer and "not sure of this draft (its least likely token had p=0.31" in failure.reason
    backend = ScriptedBackend([Reply(answer, least_token_prob=0.31)], kind="local", model="builtin")
    draft = EditRequester(backend, repo, show_unsure=True).draft("make the tax higher", sources)
    assert draft.result.files[0].new_text == answer and not draft.failures
    backend = ScriptedBackend([Reply(answer, least_token_prob=0.93)], kind="local", model="builtin")
    assert EditRequester(backend, repo).draft("make the tax higher", sources).result.files[0].new_text == answer
    backend = ScriptedBackend([Reply(answer, least_token_prob=0.31)], kind="local", model="other", format="whole")
    answer_fenced = "prices.py\n```python\n" + answer + "```\n"
    backend.replies[0] = Reply(answer_fenced, least_token_prob=0.31)  # another model: not calibrated, not withheld
    assert EditRequester(backend, repo).draft("make the tax higher", sources).result.files[0].new_text == answer


def test_a_text_edit_that_leaves_the_python_file_broken_is_withheld_with_its_text_and_the_reason(tmp_path):
    code = "import math\n\n\ndef area(r):\n    return math.pi * r * r\n"
    repo = make_repo(tmp_path / "repo", {"shapes.py": code})
    sources = read_sources(repo, [str(repo / "shapes.py")])
    for answer, says in ((code.replace("def area(r)", "def area of(r)"), "does not parse as Python (line 4"),
                         (code.replace("import math\n", ""), "`math` used where nothing in the file defines")):
        backend = ScriptedBackend([Reply(answer, least_token_prob=0.97)], kind="local", model="builtin")
        draft = EditRequester(backend, repo, read=False).draft("use a rounder pi", sources)
        assert draft.result.files == [] and len(draft.failures) == 1
        (failure,) = draft.failures
        assert failure.block == answer and says in failure.reason and "--show-unsure" in failure.reason
        backend = ScriptedBackend([Reply(answer, least_token_prob=0.97)], kind="local", model="builtin")
        shown = EditRequester(backend, repo, read=False, show_unsure=True).draft("use a rounder pi", sources)
        assert shown.result.files[0].new_text == answer and not shown.failures
    sound = code.replace("math.pi", "3.14159")  # math unused now: sound
    backend = ScriptedBackend([Reply(sound, least_token_prob=0.97)], kind="local", model="builtin")
    assert EditRequester(backend, repo, read=False).draft("use a rounder pi", sources).result.files[0].new_text == sound


def test_a_servers_search_replace_edit_that_breaks_a_file_is_withheld_and_the_others_kept(tmp_path):
    repo = make_repo(tmp_path / "repo", {"shapes.py": "import math\n\n\ndef area(r):\n    return math.pi * r * r\n",
                                         "greet.py": GREET})  # fmt: skip
    answer = ("shapes.py\n```python\n<<<<<<< SEARCH\nimport math\n\n=======\n\n>>>>>>> REPLACE\n```\n"
              "greet.py\n```python\n<<<<<<< SEARCH\n    print(\"Hello \" + name)\n=======\n"
              "    print(f\"Hello, {name}!\")\n>>>>>>> REPLACE\n```\n")  # fmt: skip
    backend = ScriptedBackend([Reply(answer)])
    sources = read_sources(repo, [str(repo / "shapes.py"), str(repo / "greet.py")])
    draft = EditRequester(backend, repo).draft("tidy up", sources)
    assert [edit.path for edit in draft.result.files] == ["greet.py"]
    (failure,) = draft.failures
    assert failure.path == "shapes.py" and "`math` used" in failure.reason


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        ("x\n" + OLD_LINES, (2, 3)),  # one line inserted at the top, its context reaching into the range
        (OLD_LINES[2:], (0, 1)),  # the line above removed
        (OLD_LINES.replace("d\n", "D\n"), (1, 2)),  # a change below whose context reaches up to the range
    ],
)
def test_a_range_a_hunk_s_context_reaches_into_still_follows_its_lines(new, expected):
    from specdraft.drafting.edits import FileEdit, edits_patch
    from specdraft.drafting.flow import shift_ranges

    patch = edits_patch([FileEdit("f.txt", OLD_LINES, new, None)], context=3)
    assert shift_ranges([(1, 2)], patch, "f.txt") == [expected]  # the range holds "b"
    texts, _ = apply_in_memory({"f.txt": OLD_LINES.encode()}, patch)
    assert texts["f.txt"].decode().splitlines()[expected[0]] == "b"
