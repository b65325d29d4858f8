"""`specdraft edit` end to end in plain mode, with a scripted backend in temporary git repositories."""

from __future__ import annotations

import json

import pytest

from tests.app.editkit import (
    GREET,
    GREET_EDITED,
    Reply,
    ScriptedBackend,
    git,
    make_repo,
    run_edit,
    search_replace,
)

FRIENDLIER = search_replace(
    "greet.py", '    print("Hello " + name)\n', '    print(f"Hello, {name}!")\n'
) + search_replace(
    "greet.py", "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1])\n"
)
CHATTY = "Here are the changes you asked for.\n\n" + FRIENDLIER + "\nLet me know if you need more.\n"
FIRST_ONLY = GREET.replace('print("Hello " + name)', 'print(f"Hello, {name}!")')


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


def test_accepted_hunks_land_rejected_do_not(repo, monkeypatch):
    backend = ScriptedBackend([Reply(CHATTY)])
    result = run_edit(monkeypatch, repo, ["make it friendlier", "greet.py", "--plain"], backend, "y\nn\n\n")
    assert result.code == 0, result.err
    assert (repo / "greet.py").read_text() == FIRST_ONLY
    assert git(repo, "diff", "--cached") == ""  # worktree only without --stage
    assert "Apply this hunk to worktree" in result.out
    assert "drafting greet.py" in result.err and "drafted greet.py" in result.err
    assert "1 accepted, 0 edited, 1 rejected" in result.out
    # the server prompt asked for SEARCH/REPLACE blocks and showed the file
    system, user = backend.requests[0]["messages"]
    assert "SEARCH" in system["content"] and "make it friendlier" in user["content"]
    assert GREET in user["content"]


def test_yes_accepts_everything_and_the_record_says_unattended(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"], ScriptedBackend([Reply(FRIENDLIER)]))
    assert result.code == 0, result.err
    assert (repo / "greet.py").read_text() == GREET_EDITED
    assert "Apply this hunk" not in result.out  # nothing asked
    record = repo / ".git" / "specdraft" / "provenance.jsonl"
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(rows) == 2 and all(row["reviewed"] is False for row in rows)
    assert {row["drafter"] for row in rows} == {"scripted-coder"}


def test_stage_stages_only_the_accepted_hunk(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain", "--stage"],
                      ScriptedBackend([Reply(FRIENDLIER)]), "n\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "Apply this hunk to index and worktree" in result.out
    staged = git(repo, "diff", "--cached")
    assert "+    shout(sys.argv[1])" in staged and "Hello, {name}" not in staged
    assert git(repo, "diff") == ""  # the worktree equals the index


MESSAGE = "```\nGreet with an f-string\n\nThe greeting reads better with a comma.\n```\n"


def test_commit_with_trailers(repo, monkeypatch):
    backend = ScriptedBackend([Reply(FRIENDLIER), Reply(MESSAGE)])
    result = run_edit(monkeypatch, repo, ["Make the greeting friendlier", "greet.py", "--plain", "--commit"],
                      backend, "y\nn\n")  # fmt: skip
    assert result.code == 0, result.err
    message = git(repo, "log", "-1", "--format=%B")
    assert message.startswith("Greet with an f-string\n\nThe greeting reads better with a comma.\n\n")
    asked = backend.requests[1]["messages"][-1]["content"]  # the instruction and the accepted diff only
    assert "Make the greeting friendlier" in asked and '+    print(f"Hello, {name}!")' in asked
    assert "shout(sys.argv[1])" not in asked
    trailers = git(repo, "log", "-1", "--format=%(trailers:only,unfold)")
    assert "Drafted-by: scripted-coder" in trailers
    assert "Reviewed: 1/2 hunks accepted, 0 edited" in trailers
    assert git(repo, "show", "HEAD:greet.py") == FIRST_ONLY
    assert git(repo, "status", "--porcelain") == ""


def test_commit_refuses_when_something_is_already_staged(repo, monkeypatch):
    (repo / "other.txt").write_text("mine\n")
    git(repo, "add", "other.txt")
    backend = ScriptedBackend([Reply(FRIENDLIER)])
    result = run_edit(monkeypatch, repo, ["x", "greet.py", "--yes", "--commit"], backend)
    assert result.code == 2 and "already holds staged changes" in result.err
    assert backend.requests == []  # refused before drafting


def test_stale_file_is_never_applied(repo, monkeypatch):
    mine = GREET + "# my own work, typed while the model drafted\n"

    def edit_meanwhile():
        (repo / "greet.py").write_text(mine)

    backend = ScriptedBackend([Reply(FRIENDLIER, during=edit_meanwhile)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"], backend)
    assert result.code == 1
    assert "changed since the draft was made" in result.err and "redraft" in result.err
    assert (repo / "greet.py").read_text() == mine


@pytest.mark.parametrize("reason", ["length", "cancelled"])
def test_incomplete_draft_applies_nothing_and_exits_3(repo, monkeypatch, reason):
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"],
                      ScriptedBackend([Reply(FRIENDLIER, finish_reason=reason)]))  # fmt: skip
    assert result.code == 3 and f"did not finish ({reason})" in result.err
    assert (repo / "greet.py").read_text() == GREET


def test_broken_stream_applies_nothing_and_exits_3(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"],
                      ScriptedBackend([Reply(FRIENDLIER, raise_after=3)]))  # fmt: skip
    assert result.code == 3 and "closed the stream" in result.err
    assert (repo / "greet.py").read_text() == GREET and git(repo, "status", "--porcelain") == ""


def test_a_server_error_before_the_draft_is_still_exit_2(repo, monkeypatch):
    """2: something to fix before a draft can be made (here the server refused the request)."""
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"],
                      ScriptedBackend([Reply(FRIENDLIER, refuse="the server refused the API key")]))  # fmt: skip
    assert result.code == 2 and "refused the API key" in result.err


# -- exit codes a script can trust ---------------------------------------------------------------

WRONG_BLOCKS = (search_replace("greet.py", "def greet(person):\n", "def greet(person: str):\n")
                + search_replace("greet.py", "def wave():\n", "def wave() -> None:\n"))  # fmt: skip


@pytest.mark.parametrize("flags", [["--yes"], ["--plain"]])
def test_every_block_failed_exits_3_and_changes_nothing(repo, monkeypatch, flags):
    result = run_edit(monkeypatch, repo, ["add types", "greet.py", *flags],
                      ScriptedBackend([Reply("Here you go.\n\n" + WRONG_BLOCKS)]), "y\ny\n")  # fmt: skip
    assert result.code == 3, result.err
    assert result.out.count("failed hunk: greet.py") == 2
    assert "every block of the draft failed" in result.err and "nothing could be applied" in result.err
    assert (repo / "greet.py").read_text() == GREET and git(repo, "status", "--porcelain") == ""


def test_everything_rejected_exits_0(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"],
                      ScriptedBackend([Reply(FRIENDLIER + WRONG_BLOCKS)]), "n\nn\n\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "nothing applied (0 accepted, 0 edited, 2 rejected" in result.out
    assert (repo / "greet.py").read_text() == GREET


def test_something_applied_with_failed_blocks_beside_it_exits_0(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"],
                      ScriptedBackend([Reply(FRIENDLIER + WRONG_BLOCKS)]), "y\nn\n\n")  # fmt: skip
    assert result.code == 0, result.err
    assert (repo / "greet.py").read_text() == FIRST_ONLY


def test_the_model_proposing_no_change_exits_0(repo, monkeypatch):
    unchanged = f"greet.py\n```python\n{GREET}```\n"  # the whole file back as it was
    result = run_edit(monkeypatch, repo, ["add types", "greet.py", "--yes", "--format", "whole"],
                      ScriptedBackend([Reply(unchanged)], format="whole"))  # fmt: skip
    assert result.code == 0, result.err
    assert "text edit by scripted-coder changed nothing" in result.err


def test_an_answer_in_words_only_is_quoted_not_taken_for_no_change(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["add types", "greet.py", "--yes"],
                      ScriptedBackend([Reply("The file already does what you ask; no change is needed.\n")]))  # fmt: skip
    assert result.code == 3, result.err  # nothing could be applied
    assert "changed nothing" not in result.err and "no edit specdraft can read" in result.out
    assert "begins: 'The file already does what you ask; no change is needed.'" in result.out


@pytest.mark.parametrize("path", ["../outside.py", "/tmp/specdraft-abs.py", ".git/config", ".GIT/hooks/pre-commit"])
def test_model_paths_outside_the_repository_are_refused(repo, monkeypatch, path):
    attack = f"{path}\n```python\n<<<<<<< SEARCH\n=======\nprint('pwned')\n>>>>>>> REPLACE\n```\n" + FRIENDLIER
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"], ScriptedBackend([Reply(attack)]))
    assert result.code == 0, result.err
    assert "failed hunk" in result.out and "refused the path" in result.out
    assert not (repo.parent / "outside.py").exists()
    assert "pwned" not in (repo / ".git" / "config").read_text()
    assert (repo / "greet.py").read_text() == GREET_EDITED  # the good blocks still apply
    assert git(repo, "status", "--porcelain") == " M greet.py\n"


@pytest.mark.parametrize("path", ["../outside.py", ".git/config"])
def test_context_paths_outside_the_repository_are_refused(repo, monkeypatch, path):
    (repo.parent / "outside.py").write_text("x = 1\n")
    backend = ScriptedBackend([Reply(FRIENDLIER)])
    result = run_edit(monkeypatch, repo, ["x", path, "--yes"], backend)
    assert result.code == 2 and "refused the path" in result.err
    assert backend.requests == []


def test_failed_search_block_is_shown_with_the_model_text_and_not_applied(repo, monkeypatch):
    wrong = search_replace("greet.py", "def greet(person):\n", "def greet(person: str):\n")
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"],
                      ScriptedBackend([Reply(FRIENDLIER + wrong)]), "y\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "failed hunk: greet.py:" in result.out
    assert "| def greet(person: str):" in result.out  # the model's own text, quoted
    assert (repo / "greet.py").read_text() == GREET_EDITED


def test_rejection_note_redrafts_with_the_correction_in_context(repo, monkeypatch):
    first = search_replace("greet.py", '    print("Hello " + name)\n', '    print("Hello, " + name + "!")\n')
    second = search_replace("greet.py", '    print("Hello " + name)\n', '    print(f"Hello, {name}!")\n')
    backend = ScriptedBackend([Reply(first), Reply(second)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend,
                      "n\nuse an f-string\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert len(backend.requests) == 2
    redraft_prompt = backend.requests[1]["messages"][-1]["content"]
    assert "use an f-string" in redraft_prompt
    assert '+    print("Hello, " + name + "!")' in redraft_prompt  # the rejected hunk itself
    assert "redraft: 1 new hunk" in result.out
    assert (repo / "greet.py").read_text() == FIRST_ONLY
    assert "1 accepted, 0 edited, 1 rejected" in result.out


def test_empty_note_means_no_redraft(repo, monkeypatch):
    backend = ScriptedBackend([Reply(FRIENDLIER)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend, "n\nn\n\n")
    assert result.code == 0 and len(backend.requests) == 1
    assert (repo / "greet.py").read_text() == GREET
    assert "nothing applied" in result.out


def test_accepted_hunks_are_never_redrafted(repo, monkeypatch):
    # round 2 rewrites the accepted line again and redrafts the rejected one: only the latter counts
    redo = search_replace("greet.py", '    print(f"Hello, {name}!")\n', '    print(f"Hi, {name}!")\n') + \
        search_replace("greet.py", "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1] + '!')\n")  # fmt: skip
    backend = ScriptedBackend([Reply(FRIENDLIER), Reply(redo)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend,
                      "y\nn\nshout with an exclamation mark\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "would change lines you accepted; dropped" in result.err
    # the redraft was made from the accepted state: the model saw the accepted line
    assert 'print(f"Hello, {name}!")' in backend.requests[1]["messages"][-1]["content"]
    assert (repo / "greet.py").read_text() == FIRST_ONLY.replace(
        "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1] + '!')\n"
    )


def test_new_file_and_deletion(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "repo", {"greet.py": GREET, "old.txt": "bye\n"})
    answer = "notes.txt\n```\n<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n```\n\nDELETE old.txt\n"
    result = run_edit(monkeypatch, repo, ["add notes, drop old", "greet.py", "old.txt", "--yes", "--stage"],
                      ScriptedBackend([Reply(answer)]))  # fmt: skip
    assert result.code == 0, result.err
    assert (repo / "notes.txt").read_text() == "hello\n"
    assert not (repo / "old.txt").exists()
    assert git(repo, "diff", "--cached", "--name-status").splitlines() == ["A\tnotes.txt", "D\told.txt"]


def test_no_paths_is_a_clear_error(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["do something"], ScriptedBackend([]))
    assert result.code == 2 and "give the files to edit" in result.err


def test_context_larger_than_the_window_is_a_clear_error(repo, monkeypatch):
    backend = ScriptedBackend([Reply(FRIENDLIER)], context_length=40)
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"], backend)
    assert result.code == 2 and "window holds 40" in result.err and "greet.py" in result.err
    assert backend.requests == []


def test_edited_hunk_lands_as_edited_and_the_trailer_counts_it(repo, monkeypatch):
    monkeypatch.setenv("GIT_EDITOR", "sed -i 's/Hello, {name}!/Hi, {name}!/'")
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain", "--commit"],
                      ScriptedBackend([Reply(FRIENDLIER), Reply(MESSAGE)]), "e\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert git(repo, "show", "HEAD:greet.py") == GREET_EDITED.replace("Hello, {name}!", "Hi, {name}!")
    assert "Reviewed: 2/2 hunks accepted, 1 edited" in git(repo, "log", "-1", "--format=%B")


def test_edit_feedback_goes_into_the_redraft(repo, monkeypatch):
    monkeypatch.setenv("GIT_EDITOR", "sed -i 's/Hello, {name}!/Hi, {name}!/'")
    redo = search_replace("greet.py", "    greet(sys.argv[1])\n", "    greet(sys.argv[1])  # hi\n")
    backend = ScriptedBackend([Reply(FRIENDLIER), Reply(redo)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend, "e\nn\nkeep it short\ny\n")
    assert result.code == 0, result.err
    prompt = backend.requests[1]["messages"][-1]["content"]
    assert "only as they rewrote it" in prompt and '+    print(f"Hi, {name}!")' in prompt
    assert "keep it short" in prompt
    assert (repo / "greet.py").read_text() == GREET.replace('print("Hello " + name)', 'print(f"Hi, {name}!")').replace(
        "    greet(sys.argv[1])\n", "    greet(sys.argv[1])  # hi\n")  # fmt: skip


def test_stale_file_is_redrafted_from_its_new_contents_with_one_key(repo, monkeypatch):
    mine = GREET + "# my own work\n"

    def edit_meanwhile():
        (repo / "greet.py").write_text(mine)

    again = search_replace("greet.py", "# my own work\n", "# my own work, kept\n")
    backend = ScriptedBackend([Reply(FRIENDLIER, during=edit_meanwhile), Reply(again)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend, "y\ny\ny\ny\n")
    assert result.code == 0, result.err
    assert "changed since the draft was made; nothing of it was applied. Redraft" in result.out
    assert backend.requests[1]["messages"][-1]["content"].count("# my own work") == 1  # drafted from it
    assert (repo / "greet.py").read_text() == GREET + "# my own work, kept\n"


def test_stale_file_left_alone_when_the_redraft_is_declined(repo, monkeypatch):
    mine = GREET + "# my own work\n"

    def edit_meanwhile():
        (repo / "greet.py").write_text(mine)

    backend = ScriptedBackend([Reply(FRIENDLIER, during=edit_meanwhile)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend, "y\ny\nn\n")
    assert result.code == 1 and "run specdraft edit again to redraft it" in result.err
    assert (repo / "greet.py").read_text() == mine and len(backend.requests) == 1


def test_split_hunk_half_accepted(repo, monkeypatch):
    # with 4 lines of context the two changes make one hunk; s splits it as git add -p does
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain", "-U", "4"],
                      ScriptedBackend([Reply(FRIENDLIER)]), "s\nn\ny\n\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "Split into 2 hunks." in result.out
    assert (repo / "greet.py").read_text() == GREET.replace(
        "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1])\n")  # fmt: skip


def test_split_rejection_redraft_keeps_the_accepted_part(repo, monkeypatch):
    redo = search_replace("greet.py", '    print("Hello " + name)\n', '    print("Hello, %s!" % name)\n')
    backend = ScriptedBackend([Reply(FRIENDLIER), Reply(redo)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain", "-U", "4"], backend,
                      "s\nn\ny\nno f-strings, this runs on Python 2\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "no f-strings" in backend.requests[1]["messages"][-1]["content"]
    assert (repo / "greet.py").read_text() == GREET.replace('print("Hello " + name)', 'print("Hello, %s!" % name)').replace(
        "    greet(sys.argv[1])\n", "    greet(sys.argv[1])\n    shout(sys.argv[1])\n")  # fmt: skip


def test_commit_message_opens_in_the_editor_with_its_trailers(repo, monkeypatch):
    monkeypatch.setenv("GIT_EDITOR", "sed -i '1s/.*/Greet people kindly/'")
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain", "--commit", "--edit-message"],
                      ScriptedBackend([Reply(FRIENDLIER), Reply(MESSAGE)]), "y\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    message = git(repo, "log", "-1", "--format=%B")
    assert message.startswith("Greet people kindly\n") and "Reviewed: 2/2 hunks accepted, 0 edited" in message
    assert "The greeting reads better with a comma." in message  # the model's body, kept by the human


def test_commit_message_falls_back_to_the_instruction_when_the_backend_fails(repo, monkeypatch):
    backend = ScriptedBackend([Reply(FRIENDLIER), Reply("Never sent", raise_after=0)])
    result = run_edit(monkeypatch, repo, ["Make the greeting friendlier", "greet.py", "--yes", "--commit"], backend)
    assert result.code == 0, result.err
    assert len(backend.requests) == 2 and "no usable commit message" in result.err
    message = git(repo, "log", "-1", "--format=%B")
    assert message.startswith("Make the greeting friendlier\n\nDrafted-by: scripted-coder\n")


def test_message_flag_is_used_and_the_model_is_not_asked(repo, monkeypatch):
    backend = ScriptedBackend([Reply(FRIENDLIER)])
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes", "--commit", "-m", "Mine"], backend)
    assert result.code == 0, result.err
    assert len(backend.requests) == 1 and git(repo, "log", "-1", "--format=%s") == "Mine\n"


def test_emptied_commit_message_leaves_the_hunks_staged(repo, monkeypatch):
    monkeypatch.setenv("GIT_EDITOR", "sed -i 'd'")
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes", "--commit", "--edit-message"],
                      ScriptedBackend([Reply(FRIENDLIER), Reply(MESSAGE)]))  # fmt: skip
    assert result.code == 4 and "no commit was made" in result.err  # applied and staged: not exit 2
    assert "applied and staged" in result.err
    assert git(repo, "log", "--format=%s") == "start\n"
    assert "Hello, {name}!" in git(repo, "diff", "--cached")


def test_a_commit_the_hook_refuses_exits_4_with_every_line_the_hook_said(repo, monkeypatch):
    hooks = repo / ".git" / "test-hooks"
    hooks.mkdir()
    (hooks / "pre-commit").write_text("#!/bin/sh\necho 'first: 2 drafted lines unreviewed' >&2\n"
                                      "echo 'second: greet.py:3 \033[2Khidden' >&2\nexit 1\n")  # fmt: skip
    (hooks / "pre-commit").chmod(0o755)
    git(repo, "config", "core.hooksPath", str(hooks))
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes", "--commit", "-m", "Mine"],
                      ScriptedBackend([Reply(FRIENDLIER)]))  # fmt: skip
    assert result.code == 4, result.err
    assert "first: 2 drafted lines unreviewed" in result.err and "second: greet.py:3" in result.err
    assert "\\x1b[2Khidden" in result.err and "\x1b" not in result.err  # shown, never sent to the terminal
    assert "applied and staged" in result.err and "git commit" in result.err
    assert git(repo, "log", "--format=%s") == "start\n"
    assert "Hello, {name}!" in git(repo, "diff", "--cached") and (repo / "greet.py").read_text() == GREET_EDITED
    assert "; not committed" in result.out


def test_the_help_lists_exit_code_4(capsys):
    from specdraft.ui.cli.main import main

    with pytest.raises(SystemExit):
        main(["edit", "--help"])
    assert any(line.split()[:1] == ["4"] and "not committed" in line for line in capsys.readouterr().out.splitlines())


def _no_space(*args, **kwargs):
    import errno
    import os

    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("flags", [[], ["--stage"]])
def test_a_record_that_cannot_be_written_applies_nothing(repo, monkeypatch, flags):
    import specdraft.drafting.provenance as provenance

    monkeypatch.setattr(provenance, "_append_lines", _no_space)
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes", *flags], ScriptedBackend([Reply(FRIENDLIER)]))
    assert result.code == 2 and "cannot write the review record" in result.err  # "nothing was done": true
    assert (repo / "greet.py").read_text() == GREET
    assert git(repo, "status", "--porcelain") == ""  # once space is freed, nothing unrecorded can commit


def test_the_record_is_written_before_the_file(repo, monkeypatch):
    import specdraft.core.git as git_module
    from specdraft.core.errors import UserError

    record = repo / ".git" / "specdraft" / "provenance.jsonl"
    recorded_when_written = []

    def swap(self):  # the moment the first file would be renamed over
        recorded_when_written.append(len(record.read_text().splitlines()) if record.exists() else 0)
        raise UserError("stopped before any file was written")

    monkeypatch.setattr(git_module.WorktreeWrite, "swap", swap)
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--yes"], ScriptedBackend([Reply(FRIENDLIER)]))
    assert recorded_when_written == [2]  # both drafted hunks were on record first
    assert result.code == 2 and (repo / "greet.py").read_text() == GREET


def test_no_instruction_outside_a_terminal_is_a_clear_error(repo, monkeypatch):
    result = run_edit(monkeypatch, repo, ["--plain"], ScriptedBackend([]))
    assert result.code == 2 and "say what to change" in result.err


def test_a_redraft_that_repeats_the_rejected_hunk_says_so_and_suggests_editing_it(repo, monkeypatch):
    first = search_replace("greet.py", '    print("Hello " + name)\n', '    print("Hello, " + name + "!")\n')
    backend = ScriptedBackend([Reply(first), Reply(first)])  # the note is ignored: the same hunk again
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"], backend,
                      "n\nuse an f-string\nn\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "redraft: 1 new hunk" in result.out
    assert "the redraft is the same as the draft you rejected: the model did not follow the note; " \
           "e edits a hunk yourself" in result.out  # fmt: skip


def test_a_redraft_that_follows_the_note_says_nothing_of_repeats(repo, monkeypatch):
    first = search_replace("greet.py", '    print("Hello " + name)\n', '    print("Hello, " + name + "!")\n')
    second = search_replace("greet.py", '    print("Hello " + name)\n', '    print(f"Hello, {name}!")\n')
    result = run_edit(monkeypatch, repo, ["friendlier", "greet.py", "--plain"],
                      ScriptedBackend([Reply(first), Reply(second)]), "n\nuse an f-string\ny\n")  # fmt: skip
    assert result.code == 0, result.err
    assert "redraft: 1 new hunk" in result.out and "did not follow the note" not in result.out




def test_failed_blocks_in_plain_mode_show_their_control_characters_escaped(tmp_path, monkeypatch):
    """A model's failed block is printed with its escapes visible: it cannot erase the line above it."""
    repo = make_repo(tmp_path / "repo")
    answer = "no edit here\x1b[2K\x1b[1G but a hidden line\n"
    backend = ScriptedBackend([Reply(answer)], kind="remote")
    result = run_edit(monkeypatch, repo, ["tidy greet", "greet.py", "--plain"], backend, "q\n")
    assert "\x1b" not in result.out and "\x1b" not in result.err
    assert "\\x1b[2K" in result.out + result.err
