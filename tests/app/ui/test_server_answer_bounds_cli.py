"""An answer past its byte or line bound (engine/remote.py's AnswerBounds) is an incomplete draft
for `specdraft edit`: exit 3, nothing applied, and the message says the answer was cut."""

from __future__ import annotations

from specdraft.ui.cli.main import EXIT_NOTHING_APPLIED
from tests.app.reviewkit import git, make_repo, specdraft
from tests.engine.openai_server import OpenAIServer, flood


def test_300000_lines_in_30_pieces_apply_nothing(tmp_path):
    repo = make_repo(tmp_path / "r", {"a.py": b"x = 1\n"})
    with OpenAIServer() as server:
        server.script.append(flood("x\n" * 10_000, 30))
        code, out, err = specdraft(repo, ["edit", "--server", server.url, "--model", "tiny-coder", "--yes",
                                          "--max-new-tokens", "2048", "set x to 2", "a.py"])  # fmt: skip
    assert code == EXIT_NOTHING_APPLIED == 3, err
    assert err.splitlines()[-1].startswith(f"specdraft edit: the answer from {server.url} was cut at more "
                                           "than 2,048 lines".encode())  # fmt: skip
    assert b"Traceback" not in err
    assert (repo / "a.py").read_bytes() == b"x = 1\n" and git(repo, "status", "--porcelain") == b""
