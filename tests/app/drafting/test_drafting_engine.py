"""The edit flow wired to the real local engine: a tiny random checkpoint, and the builtin model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specdraft.drafting.requests import EditRequester, read_sources
from tests.app.editkit import ScriptedBackend, git, make_repo, run_edit

pytestmark = pytest.mark.slow
BUILTIN = Path(__file__).resolve().parents[3] / "engine" / "builtin"


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    """Small models run fastest on one thread on this shared machine (see tests/engine/conftest.py)."""
    torch = pytest.importorskip("torch")
    torch.set_num_threads(1)


def with_config(path: Path, name: str, **values) -> None:
    config = json.loads((path / name).read_text())
    (path / name).write_text(json.dumps({**config, **values}))


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> Path:
    """A random model in the builtin pair's format (its chat template is the edit prompt's)."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from specdraft.engine.editprompt import CHAT_TEMPLATE
    from tests.engine.conftest import make_checkpoint

    path = make_checkpoint(tmp_path_factory.mktemp("tiny") / "tiny-llama", "llama")
    with_config(path, "tokenizer_config.json", chat_template=CHAT_TEMPLATE)
    return path


@pytest.fixture(scope="module")
def tiny_instruct(tmp_path_factory) -> Path:
    """A random model with a chat template of its own, as an instruct checkpoint has."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tests.engine.conftest import make_checkpoint

    path = make_checkpoint(tmp_path_factory.mktemp("tiny") / "tiny-chat", "qwen2")
    with_config(path, "config.json", max_position_embeddings=4096)  # room for the whole-file instructions
    return path


def test_the_model_chooses_how_it_is_asked(tiny_model, tiny_instruct):
    """The builtin pair's format for a checkpoint with its template, else the model's own chat."""
    from specdraft.engine.backends import open_backend

    assert open_backend(model=str(tiny_model)).edit_format == "builtin"
    assert open_backend(model=str(tiny_instruct)).edit_format == "whole"
    if (BUILTIN / "config.json").is_file():
        assert open_backend(model="builtin").edit_format == "builtin"


def test_a_local_instruct_model_gets_a_chat_asking_for_the_whole_file(tmp_path, tiny_instruct):
    """Its own chat template, whole-file instructions, the file as the edit drafter's reference;
    lossless like every local draft, and an answer without the file in a fence applies nothing."""
    from specdraft.drafting.edits import format_instructions
    from specdraft.engine.backends import open_backend

    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    sources = read_sources(repo, [str(repo / "a.py")])
    outputs = []
    for drafter in ("edit", "none"):
        backend = Recording(open_backend(model=str(tiny_instruct), drafter=drafter))
        draft = EditRequester(backend, repo, max_new_tokens=24).draft("rename x to y", sources)
        (stats,) = draft.stats
        assert stats.drafter == drafter
        outputs.append(backend.texts[0])
        assert draft.result.files == []  # random text holds no fenced file: nothing to apply
        assert draft.failures
    system, user = backend.messages[0]
    assert system["role"] == "system" and format_instructions("whole") in system["content"]
    assert user["content"].startswith("rename x to y") and "a.py\n```python\nx = 1\n```" in user["content"]
    assert backend.render(backend.messages[0]).startswith("<|im_start|>system")  # the model's own template
    assert outputs[0] == outputs[1]


def test_tiny_engine_drafts_through_the_edit_prompt_losslessly(tmp_path, tiny_model, unread_instructions):
    from specdraft.engine.backends import open_backend

    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    sources = read_sources(repo, [str(repo / "a.py")])
    new_tokens, drafts = [], []
    for drafter in ("edit", "none"):
        backend = open_backend(model=str(tiny_model), drafter=drafter)
        said: list[tuple[str, object]] = []
        drafter_ = EditRequester(backend, repo, max_new_tokens=24, on_progress=lambda e, p, seen=said: seen.append((e, p)))
        draft = drafter_.draft("rename x to y", sources)
        (stats,) = draft.stats
        assert stats.backend == "local" and stats.model == "tiny-llama" and stats.prompt_tokens > 0
        # the tiny model's window holds no operation-reading prompt: said, then the text edit
        assert said[0] == ("kept", "the operation-reading prompt does not fit tiny-llama's window; it drafts a text edit")
        events = [event for event, _ in said[1:]]
        assert stats.drafter == drafter and events[0] == "start" and events[-1] == "done"
        new_tokens.append(stats.new_tokens)
        drafts.append(draft)
    # speculative edits are lossless: the same tokens with and without the drafter
    assert new_tokens[0] == new_tokens[1] and new_tokens[0] > 0
    assert [f.block for f in drafts[0].failures] == [f.block for f in drafts[1].failures]
    assert [e.new_text for e in drafts[0].result.files] == [e.new_text for e in drafts[1].result.files]
    if not drafts[0].complete:  # a random model rarely ends by itself: the cut rewrite is a failure
        assert "stopped before the end" in drafts[0].failures[0].reason
        assert drafts[0].failures[0].block  # the model's cut text is kept for the review to show


def test_edit_command_with_the_tiny_engine_applies_nothing_from_a_cut_draft(tmp_path, tiny_model, monkeypatch):
    import specdraft.ui.cli.edit

    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    real = specdraft.ui.cli.edit.make_backend  # the real open_backend path, only the model directory given
    from specdraft.core.config import Settings

    backend = real(Settings(model=str(tiny_model), dtype="float32"))  # every other setting at its default
    assert backend.weights_dtype() == "float32"  # the setting reaches the engine
    result = run_edit(monkeypatch, repo, ["make x bigger", "a.py", "--yes", "--max-new-tokens", "8"], backend)
    assert backend.kind == "local" and backend.loaded
    if result.code == 3:  # nothing could be applied
        assert "did not finish (length)" in result.err and "nothing was applied" in result.err
        assert git(repo, "status", "--porcelain") == ""
    else:  # the model happened to end its answer: what it wrote is what landed
        assert result.code == 0, result.err


class Recording:
    """A backend that passes everything through and keeps the text it streamed."""

    def __init__(self, backend):
        self.backend = backend
        self.texts: list[str] = []
        self.stats: list = []
        self.messages: list = []

    def __getattr__(self, name):
        return getattr(self.backend, name)

    def stream(self, messages, **options):
        from specdraft.engine.interface import DraftStats

        self.messages.append(messages)
        pieces: list[str] = []
        self.texts.append("")
        for piece in self.backend.stream(messages, **options):
            if isinstance(piece, DraftStats):
                self.texts[-1] = "".join(pieces)
                self.stats.append(piece)
            else:
                pieces.append(piece)
            yield piece


def test_builtin_model_drafts_through_the_whole_loop(tmp_path, monkeypatch):
    """--no-read: the model drafts, and what lands is exactly what it wrote, nothing changed after it."""
    from specdraft.drafting.edits import rewrite
    from specdraft.engine.backends import open_backend

    source = "def area(w, h):\n    return w * h\n"
    repo = make_repo(tmp_path / "repo", {"geometry.py": source})
    backend = Recording(open_backend(model="builtin"))
    result = run_edit(monkeypatch, repo, ["Rename the parameter `w` to `width`.", "geometry.py", "--yes", "--no-read",
                                          "--max-new-tokens", "200"], backend)  # fmt: skip
    (stats,) = backend.stats
    assert stats.model == "builtin" and stats.drafter in ("edit", "hybrid")  # the original as the draft
    if not stats.complete:
        assert result.code == 3 and "did not finish" in result.err and git(repo, "status", "--porcelain") == ""
        return
    expected = rewrite(repo, "geometry.py", backend.texts[0], originals={"geometry.py": source.encode()})
    if expected.files:
        assert result.code == 0, result.err
        assert (repo / "geometry.py").read_text() == expected.files[0].new_text
    else:  # it rewrote nothing, or wrote something the parser refused: nothing lands
        assert git(repo, "status", "--porcelain") == ""


def test_an_instruction_read_as_an_operation_runs_no_model(tmp_path, monkeypatch):
    """The rename is read from the instruction and made by specdraft.ops: the backend is never asked."""
    source = "def area(w, h):\n    return w * h\n"
    repo = make_repo(tmp_path / "repo", {"geometry.py": source})
    backend = ScriptedBackend([], kind="local", model="builtin")  # no reply: asked, it would fail
    result = run_edit(monkeypatch, repo, ["Rename the parameter `w` to `width`.", "geometry.py", "--yes"], backend)
    assert result.code == 0, result.err
    assert backend.requests == []
    assert (repo / "geometry.py").read_text() == "def area(width, h):\n    return width * h\n"
    assert "rename `w` -> `width` in `area`, read from your instruction" in result.err


# What the shipped weights write for each of the demo's suggestions, as (old, new) replacements
# of the demo's module: written by hand from the instruction, so a model that misses one fails here.
DEMO_EDITS = {
    "Wrap `json.dump(data, f, indent=2)` in a try/except TypeError that ignores the error.": [(
        "        json.dump(data, f, indent=2)\n",
        "        try:\n            json.dump(data, f, indent=2)\n        except TypeError:\n            pass\n",
    )],
    "Annotate the parameter `data` of `dumps` as `dict`.": [("def dumps(data):\n", "def dumps(data: dict):\n")],
    "Change 2 to 4.": [("json.dumps(data, indent=2)", "json.dumps(data, indent=4)"),
                       ("json.dump(data, f, indent=2)", "json.dump(data, f, indent=4)")],
}  # fmt: skip
MULTI_HUNK = "Change 2 to 4."  # the suggestion whose draft is two hunks (a newcomer accepts one, rejects one)


def test_the_demo_suggests_only_edits_it_is_checked_for():
    from specdraft.ui.cli import demo

    assert demo.SUGGESTIONS[0] == demo.SUGGESTED_INSTRUCTION and set(demo.SUGGESTIONS) == set(DEMO_EDITS)


@pytest.mark.parametrize("instruction", list(DEMO_EDITS))
def test_builtin_model_makes_the_demos_edits(tmp_path, monkeypatch, instruction):
    """The shipped weights make each of the demo's suggested edits right (greedy, so the same every
    time): `specdraft edit --yes` lands exactly the expected module. Retrained weights that miss one
    fail here, and the demo's suggestions (app/ui/cli/demo.py) should then change with them."""
    from specdraft.engine.backends import open_backend
    from specdraft.ui.cli import demo

    repo = make_repo(tmp_path / "repo", {demo.SUGGESTED_FILE: demo.SAMPLE})
    result = run_edit(monkeypatch, repo, [instruction, demo.SUGGESTED_FILE, "--yes"], open_backend(model="builtin"))
    assert result.code == 0, result.err
    expected = demo.SAMPLE
    for old, new in DEMO_EDITS[instruction]:
        assert expected.count(old) == 1
        expected = expected.replace(old, new)
    assert (repo / demo.SUGGESTED_FILE).read_text() == expected


def test_one_suggestion_is_several_hunks(tmp_path, monkeypatch):
    """Section 5 of issue 21: among the demo's suggestions, one the builtin model gets right gives
    several hunks; accepting the first and rejecting the second lands exactly the first."""
    from specdraft.engine.backends import open_backend
    from specdraft.ui.cli import demo

    repo = make_repo(tmp_path / "repo", {demo.SUGGESTED_FILE: demo.SAMPLE})
    result = run_edit(monkeypatch, repo, [MULTI_HUNK, demo.SUGGESTED_FILE, "--plain"], open_backend(model="builtin"),
                      "y\nn\n")  # fmt: skip
    assert result.code == 0, result.err
    (first, second) = DEMO_EDITS[MULTI_HUNK]
    assert (repo / demo.SUGGESTED_FILE).read_text() == demo.SAMPLE.replace(*first)
    assert second[0] in demo.SAMPLE


def builtin_draft(tmp_path: Path, instruction: str, path: str, source: str) -> str:
    """What the builtin model drafts for this edit (greedy: the same every time), as the new text."""
    from specdraft.engine.backends import open_backend

    root = make_repo(tmp_path / "oracle", {path: source})
    draft = EditRequester(open_backend(model="builtin"), root).draft(instruction, read_sources(root, [str(root / path)]))
    assert draft.complete, draft.finish_reasons
    return draft.result.files[0].new_text if draft.result.files else source


def test_demo_drafts_the_suggested_edit_with_the_builtin_model(tmp_path):
    """The README's run command, without a terminal: the builtin model drafts the suggested
    instruction on the sample module, every hunk is accepted in plain mode, exactly the draft lands."""
    from specdraft.ui.cli import demo
    from tests.app.reviewkit import specdraft_subprocess

    target = tmp_path / "demo"
    result = specdraft_subprocess(tmp_path, ["demo", "--dir", str(target), "--plain"], stdin=b"y\n" * 20,
                                  env={"OMP_NUM_THREADS": "1"})  # fmt: skip
    assert result.returncode == 0, result.stderr.decode()
    assert demo.SUGGESTED_INSTRUCTION.encode() in result.stderr
    expected = builtin_draft(tmp_path, demo.SUGGESTED_INSTRUCTION, demo.SUGGESTED_FILE, demo.SAMPLE)
    assert expected != demo.SAMPLE  # the model changed something: there was a hunk to review
    assert b"Apply this hunk to worktree" in result.stdout  # the plain review asked about the draft
    assert (target / demo.SUGGESTED_FILE).read_text() == expected
    assert git(target, "log", "--oneline").count("\n") == 1  # applied to the worktree, not committed


async def test_builtin_model_drafts_into_the_review_tui(tmp_path):
    """Pilot, end to end: the builtin model drafts into the review while it streams; the status
    line reports the speculative decoder's drafted and accepted tokens; a accepts; it lands."""
    from specdraft.core.config import Settings
    from specdraft.drafting.flow import EditFlow
    from specdraft.engine.backends import open_backend
    from specdraft.ui.cli import demo
    from specdraft.ui.cli.edit import EditTui
    from tests.app.tui_support import THEMES, shown

    repo = make_repo(tmp_path / "repo", {demo.SUGGESTED_FILE: demo.SAMPLE})
    drafter = EditRequester(open_backend(model="builtin"), repo)
    sources = read_sources(repo, [str(repo / demo.SUGGESTED_FILE)])
    flow = EditFlow(drafter, demo.SUGGESTED_INSTRUCTION, sources)
    tui = EditTui(flow, drafter, Settings(editor="internal"), themes=THEMES, environ={})
    async with tui.app.run_test(size=(120, 40)) as pilot:
        for _ in range(1500):  # loading the model and drafting: seconds on a loaded machine
            if "drafted:" in shown(tui.app, "#status") or "failed" in shown(tui.app, "#status"):
                break
            await pilot.pause(0.05)
        status = shown(tui.app, "#status")
        assert "drafted:" in status and "accepted" in status, status
        await pilot.press("a")  # this hunk and the rest of the file
        tui.app.exit(True)
    assert tui.finished(tui.app.return_value) is True
    expected = builtin_draft(tmp_path, demo.SUGGESTED_INSTRUCTION, demo.SUGGESTED_FILE, demo.SAMPLE)
    assert [edit.new_text for edit in flow.final_edits()] == [expected]


def test_the_demo_offers_its_suggestions_in_the_instruction_box(tmp_path, monkeypatch, capsys):
    """specdraft demo hands every suggestion to specdraft edit (ctrl+n cycles them in the box), and
    in plain mode names the others; with another model or a server it suggests nothing."""
    import argparse

    from specdraft.ui.cli import demo, edit

    seen = []
    monkeypatch.setattr(edit, "run", lambda args: seen.append(args) or 0)

    def run(*extra: str, where: str) -> argparse.Namespace:
        parser = argparse.ArgumentParser()
        demo.add_arguments(parser)
        assert demo.run(parser.parse_args(["--dir", str(tmp_path / where), *extra])) == 0
        return seen[-1]

    args = run(where="tui")
    assert args.suggest == list(demo.SUGGESTIONS) and args.instruction == demo.SUGGESTED_INSTRUCTION and args.ask
    run("--plain", where="plain")
    assert "it also gets these right here" in capsys.readouterr().err
    assert run("--model", "some/dir", where="other").suggest == []


def test_a_read_operation_is_credited_to_specdraft_in_the_record_and_the_commit(tmp_path, monkeypatch):
    """Nothing is credited to a model that it did not write: the record and the Drafted-by trailer
    name specdraft for an operation it read, and the model for a text edit it wrote."""
    from specdraft.core.git import GitRepo
    from specdraft.drafting.provenance import load_store

    source = "def area(w, h):\n    return w * h\n"
    repo = make_repo(tmp_path / "repo", {"geometry.py": source})
    backend = ScriptedBackend([], kind="local", model="builtin")
    result = run_edit(monkeypatch, repo, ["Rename the parameter `w` to `width`.", "geometry.py", "--yes", "--commit",
                                          "-m", "width"], backend)  # fmt: skip
    assert result.code == 0, result.err
    assert "Drafted-by: specdraft (an operation read from the instruction)" in git(repo, "log", "-1", "--format=%B")
    drafters = {record.drafter for record in load_store(GitRepo(repo)).records}
    assert drafters == {"specdraft (an operation read from the instruction)"}
