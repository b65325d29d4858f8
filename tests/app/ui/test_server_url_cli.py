"""A malformed ``--server`` URL: one line that names it and says what is accepted, exit code 2
(a usage error, README's table), never a traceback."""

from __future__ import annotations

import pytest

from specdraft.ui.cli.main import EXIT_USER_ERROR
from tests.app.reviewkit import make_repo, specdraft


@pytest.mark.parametrize("url", ["http://[::1", "http://", "javascript:alert(1)"])
def test_a_malformed_server_url_is_a_usage_error_naming_it(tmp_path, url):
    repo = make_repo(tmp_path / "r", {"a.py": b"x = 1\n"})
    code, out, err = specdraft(repo, ["edit", "--server", url, "--model", "m", "--yes",
                                      "set x to 2", "a.py"])  # fmt: skip
    assert code == EXIT_USER_ERROR == 2
    assert b"Traceback" not in err
    last = err.decode().splitlines()[-1]  # after, at most, the line that says where drafts go
    assert last.startswith(f"specdraft edit: --server {url!r} is not a server URL") and "http:// or https://" in last
    assert (repo / "a.py").read_bytes() == b"x = 1\n"
