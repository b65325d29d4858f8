"""The diff model: parametrised diffs in, exact text out (parse, split, select, rebuild, edit)."""

from __future__ import annotations

from textwrap import dedent

import pytest

from specdraft.core.diffs import (
    Hunk,
    Span,
    build_patch,
    candidate_pairs,
    edit_text,
    format_hunk_header,
    lines_are_similar,
    parse_diff,
    parse_edited_hunk,
    quote_path,
    split_hunk,
    word_diff,
)
from specdraft.core.errors import UserError


def d(text: str) -> bytes:
    return dedent(text).encode()


TWO_CHANGES = d(
    """\
    diff --git a/f.py b/f.py
    index 6122d93..f140628 100644
    --- a/f.py
    +++ b/f.py
    @@ -3,8 +3,8 @@ def f():
       2
       3
       4
    -  5
    +  FIVE
       6
       7
    -  8
    +  EIGHT
       9
    """
)


def all_of(files) -> dict:
    return {h.id: frozenset(h.change_indices) for f in files for h in f.hunks}


def test_parse_modified_file():
    (file,) = parse_diff(TWO_CHANGES)
    assert (file.old_path, file.new_path, file.status, file.binary) == (
        "f.py",
        "f.py",
        "modified",
        False,
    )
    (hunk,) = file.hunks
    assert hunk.header_text() == "@@ -3,8 +3,8 @@ def f():"
    assert [line.kind for line in hunk.lines] == list("   -+  -+ ")
    assert hunk.lines[3].text == "  5"
    assert (hunk.lines[3].old_lineno, hunk.lines[3].new_lineno) == (6, None)
    assert (hunk.lines[4].old_lineno, hunk.lines[4].new_lineno) == (None, 6)
    assert hunk.splittable_into == 2


def test_hunk_ids_are_stable_and_unique():
    first = parse_diff(TWO_CHANGES)[0].hunks[0].id
    again = parse_diff(TWO_CHANGES)[0].hunks[0].id
    moved = parse_diff(TWO_CHANGES.replace(b"@@ -3,8 +3,8 @@", b"@@ -13,8 +13,8 @@"))
    assert first == again == moved[0].hunks[0].id  # line numbers do not change the id
    twice = TWO_CHANGES + TWO_CHANGES.replace(b"f.py", b"g.py")
    ids = [h.id for f in parse_diff(twice) for h in f.hunks]
    assert len(set(ids)) == 2


@pytest.mark.parametrize(
    ("selection", "expected"),
    [
        pytest.param(
            "all",
            """\
            diff --git a/f.py b/f.py
            --- a/f.py
            +++ b/f.py
            @@ -3,8 +3,8 @@
               2
               3
               4
            -  5
            +  FIVE
               6
               7
            -  8
            +  EIGHT
               9
            """,
            id="everything",
        ),
        pytest.param(
            {3},
            """\
            diff --git a/f.py b/f.py
            --- a/f.py
            +++ b/f.py
            @@ -3,8 +3,7 @@
               2
               3
               4
            -  5
               6
               7
               8
               9
            """,
            id="only a removed line: the other removal becomes context, additions drop",
        ),
        pytest.param(
            {4, 8},
            """\
            diff --git a/f.py b/f.py
            --- a/f.py
            +++ b/f.py
            @@ -3,8 +3,10 @@
               2
               3
               4
               5
            +  FIVE
               6
               7
               8
            +  EIGHT
               9
            """,
            id="only additions",
        ),
        pytest.param(set(), "", id="nothing"),
    ],
)
def test_line_selection(selection, expected):
    files = parse_diff(TWO_CHANGES)
    hunk = files[0].hunks[0]
    chosen = all_of(files) if selection == "all" else {hunk.id: frozenset(selection)}
    assert build_patch(files, chosen).decode() == dedent(expected)


def test_split_like_git_add_p():
    files = parse_diff(TWO_CHANGES)
    first, second = split_hunk(files[0].hunks[0])
    # git add -p prints exactly these two hunks after `s` (checked against git 2.39)
    assert first.patch_bytes().decode() == dedent(
        """\
        @@ -3,6 +3,6 @@ def f():
           2
           3
           4
        -  5
        +  FIVE
           6
           7
        """
    )
    assert second.patch_bytes().decode() == dedent(
        """\
        @@ -7,4 +7,4 @@
           6
           7
        -  8
        +  EIGHT
           9
        """
    )
    assert (first.id, second.id) == (f"{files[0].hunks[0].id}.1", f"{files[0].hunks[0].id}.2")
    assert second.parent_offset == 5
    assert split_hunk(first) == [first]  # sub-hunks do not split again


@pytest.mark.parametrize(
    ("take", "expected_header"),
    [((1,), "@@ -3,6 +3,6 @@"), ((2,), "@@ -7,4 +7,4 @@"), ((1, 2), "@@ -3,8 +3,8 @@")],
)
def test_sub_hunks_rebuild_without_overlap(take, expected_header):
    files = parse_diff(TWO_CHANGES)
    subs = split_hunk(files[0].hunks[0])
    chosen = {subs[n - 1].id: frozenset(subs[n - 1].change_indices) for n in take}
    patch = build_patch(files, chosen).decode()
    assert patch.splitlines()[3] == expected_header
    assert patch.count("@@ -") == 1


def test_reverse_patch_counts_unselected_changes_as_present():
    diff = d(
        """\
        diff --git a/f b/f
        --- a/f
        +++ b/f
        @@ -1,6 +1,8 @@
         a
        +new1
        +new2
         b
         c
         d
        -e
        +E
         f
        """
    )
    files = parse_diff(diff)
    hunk = files[0].hunks[0]
    second = split_hunk(hunk)[1]
    patch = build_patch(files, {second.id: frozenset(second.change_indices)}, reverse=True)
    # the two added lines stay in the worktree, so the reverse patch counts lines with them
    assert patch.decode() == dedent(
        """\
        diff --git a/f b/f
        --- a/f
        +++ b/f
        @@ -4,5 +4,5 @@
         b
         c
         d
        -e
        +E
         f
        """
    )
    only_one_added = build_patch(files, {hunk.id: frozenset({1})}, reverse=True).decode()
    assert "\n new2\n" in only_one_added and "+new1\n" in only_one_added


NO_NEWLINE = d(
    """\
    diff --git a/t b/t
    index 422c2b7..33d5d3b 100644
    --- a/t
    +++ b/t
    @@ -1,2 +1,2 @@
     a
    -b
    \\ No newline at end of file
    +B
    \\ No newline at end of file
    """
)


def test_no_newline_at_end_of_file_round_trips():
    files = parse_diff(NO_NEWLINE)
    hunk = files[0].hunks[0]
    assert [line.missing_newline for line in hunk.lines] == [False, True, True]
    assert hunk.lines[1].raw == b"b"
    assert build_patch(files, all_of(files)) == NO_NEWLINE.replace(
        b"index 422c2b7..33d5d3b 100644\n", b""
    )


def test_crlf_and_invalid_utf8_are_kept_byte_exact():
    raw = (
        b"diff --git a/w.txt b/w.txt\n--- a/w.txt\n+++ b/w.txt\n@@ -1,2 +1,2 @@\n"
        b" caf\xe9\r\n-old\r\n+n\xffew\r\n"
    )
    files = parse_diff(raw)
    lines = files[0].hunks[0].lines
    assert lines[0].raw == b"caf\xe9\r\n" and lines[0].crlf
    assert lines[0].text == "caf\ufffd"
    assert lines[2].text == "n\ufffdew"
    assert build_patch(files, all_of(files)) == raw


@pytest.mark.parametrize(
    ("header_lines", "old", "new"),
    [
        (
            "diff --git a/sp ace.txt b/sp ace.txt\n--- a/sp ace.txt\t\n+++ b/sp ace.txt\t\n",
            "sp ace.txt",
            "sp ace.txt",
        ),
        (
            "diff --git a/é ü.txt b/é ü.txt\n--- a/é ü.txt\t\n+++ b/é ü.txt\t\n",
            "é ü.txt",
            "é ü.txt",
        ),
        (
            'diff --git "a/tab\\there" "b/tab\\there"\n--- "a/tab\\there"\n+++ "b/tab\\there"\n',
            "tab\there",
            "tab\there",
        ),
        (
            'diff --git "a/caf\\303\\251" "b/caf\\303\\251"\n--- "a/caf\\303\\251"\n+++ "b/caf\\303\\251"\n',
            "café",
            "café",
        ),
    ],
)
def test_paths_quoted_or_with_spaces(header_lines, old, new):
    raw = (header_lines + "@@ -1 +1 @@\n-a\n+b\n").encode()
    files = parse_diff(raw)
    assert (files[0].old_path, files[0].new_path) == (old, new)
    rebuilt = build_patch(files, all_of(files))
    assert parse_diff(rebuilt)[0].new_path == new


def test_quote_path_like_git():
    assert quote_path(b"a/plain name.txt") == b"a/plain name.txt"
    assert quote_path("a/é".encode()) == "a/é".encode()  # core.quotePath=false
    assert quote_path(b'a/q"uote\\tab\t') == b'"a/q\\"uote\\\\tab\\t"'
    assert quote_path(b"a/bell\x07") == b'"a/bell\\a"'
    assert quote_path(b"a/esc\x1b") == b'"a/esc\\033"'


FILE_KINDS = d(
    """\
    diff --git a/new.txt b/new.txt
    new file mode 100644
    index 0000000..07f33c4
    --- /dev/null
    +++ b/new.txt
    @@ -0,0 +1,2 @@
    +new
    +file
    diff --git a/gone.txt b/gone.txt
    deleted file mode 100644
    index abaddc0..0000000
    --- a/gone.txt
    +++ /dev/null
    @@ -1,2 +0,0 @@
    -del
    -eted
    diff --git a/m.sh b/m.sh
    old mode 100644
    new mode 100755
    diff --git a/empty b/empty
    new file mode 100644
    index 0000000..e69de29
    diff --git a/old name b/new name
    similarity index 90%
    rename from old name
    rename to new name
    index 587be6b..0dc1290 100644
    --- a/old name\t
    +++ b/new name\t
    @@ -1 +1,2 @@
     x
    +y
    diff --git a/img.png b/img.png
    index 87ae6b695deceaf160611414f7dcd5c7366b2e79..eaae4b15ed65b4eec2184b35e11d8aade4a1c5d7 100644
    GIT binary patch
    literal 7
    OcmYew%wxzesssQD`vQ~z

    literal 7
    OcmYew%wtF_sssQD(E^45

    diff --git a/copy.txt b/copy2.txt
    similarity index 100%
    copy from copy.txt
    copy to copy2.txt
    """
)


def test_file_kinds():
    files = parse_diff(FILE_KINDS)
    summary = [
        (f.old_path, f.new_path, f.status, f.binary, [(h.kind, h.meta) for h in f.hunks])
        for f in files
    ]
    assert summary == [
        (None, "new.txt", "added", False, [("text", "")]),
        ("gone.txt", None, "deleted", False, [("text", "")]),
        ("m.sh", "m.sh", "modified", False, [("meta", "mode")]),
        (None, "empty", "added", False, [("meta", "add")]),
        ("old name", "new name", "renamed", False, [("meta", "rename"), ("text", "")]),
        ("img.png", "img.png", "modified", True, [("binary", "")]),
        ("copy.txt", "copy2.txt", "copied", False, [("meta", "copy")]),
    ]
    assert files[2].hunks[0].description == "mode 100644 → 100755"
    assert files[4].similarity == 90


def _only(files, path, which="all"):
    file = next(f for f in files if f.path == path)
    hunks = file.hunks if which == "all" else [h for h in file.hunks if h.kind == which]
    return {h.id: frozenset(h.change_indices) for h in hunks}


@pytest.mark.parametrize(
    ("path", "which", "reverse", "expected"),
    [
        (
            "new.txt",
            "all",
            False,
            "diff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+new\n+file\n",
        ),
        (
            "new.txt",
            "all",
            True,
            "diff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+new\n+file\n",
        ),
        (
            "gone.txt",
            "all",
            False,
            "diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-del\n-eted\n",
        ),
        ("m.sh", "all", False, "diff --git a/m.sh b/m.sh\nold mode 100644\nnew mode 100755\n"),
        ("empty", "all", False, "diff --git a/empty b/empty\nnew file mode 100644\n"),
        (
            "new name",
            "all",
            False,
            "diff --git a/old name b/new name\nsimilarity index 90%\nrename from old name\nrename to new name\n--- a/old name\t\n+++ b/new name\t\n@@ -1 +1,2 @@\n x\n+y\n",
        ),
        (
            "new name",
            "text",
            False,
            "diff --git a/old name b/old name\n--- a/old name\t\n+++ b/old name\t\n@@ -1 +1,2 @@\n x\n+y\n",
        ),
        (
            "new name",
            "meta",
            False,
            "diff --git a/old name b/new name\nsimilarity index 90%\nrename from old name\nrename to new name\n",
        ),
        (
            "copy2.txt",
            "all",
            False,
            "diff --git a/copy.txt b/copy2.txt\nsimilarity index 100%\ncopy from copy.txt\ncopy to copy2.txt\n",
        ),
    ],
)
def test_rebuild_file_kinds(path, which, reverse, expected):
    files = parse_diff(FILE_KINDS)
    assert build_patch(files, _only(files, path, which), reverse=reverse).decode() == expected


def test_binary_is_one_unit_kept_verbatim():
    files = parse_diff(FILE_KINDS)
    binary = next(f for f in files if f.binary)
    patch = build_patch(files, {binary.hunks[0].id: frozenset()})
    assert (
        patch
        == FILE_KINDS[
            FILE_KINDS.index(b"diff --git a/img.png") : FILE_KINDS.index(b"diff --git a/copy.txt")
        ]
    )


def test_partial_deletion_becomes_a_modification():
    files = parse_diff(FILE_KINDS)
    gone = next(f for f in files if f.path == "gone.txt").hunks[0]
    patch = build_patch(files, {gone.id: frozenset({0})}).decode()
    assert (
        patch
        == "diff --git a/gone.txt b/gone.txt\n--- a/gone.txt\n+++ b/gone.txt\n@@ -1,2 +1 @@\n-del\n eted\n"
    )


def test_partial_addition_in_reverse_becomes_a_modification():
    files = parse_diff(FILE_KINDS)
    new = next(f for f in files if f.path == "new.txt").hunks[0]
    patch = build_patch(files, {new.id: frozenset({1})}, reverse=True).decode()
    assert (
        patch
        == "diff --git a/new.txt b/new.txt\n--- a/new.txt\n+++ b/new.txt\n@@ -1 +1,2 @@\n new\n+file\n"
    )


def test_plain_unified_diff_without_git_header():
    raw = d(
        """\
        --- a/x.c
        +++ b/x.c
        @@ -1 +1 @@
        -int a;
        +long a;
        --- a/y.c
        +++ b/y.c
        @@ -2,0 +3 @@
        +// more
        """
    )
    files = parse_diff(raw)
    assert [f.path for f in files] == ["x.c", "y.c"]
    assert files[1].hunks[0].header_text() == "@@ -2,0 +3 @@"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (
            b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n",
            r"x: the hunk @@ -1,2 \+1,2 @@ counts 2 old and 2 new lines, but the patch ends after 1 and 1",
        ),
        (
            b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n*b\n",
            r"x: the hunk @@ -1 \+1 @@ .* line 6 \('\*b'\) cuts it short after 1 and 0",
        ),
        (
            b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n+c\n",
            r"x: the hunk @@ -1 \+1 @@ counts 1 old and 1 new line, but line 7 \('\+c'\) comes after",
        ),
        (
            b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1,2 @@\n-a\n-b\n+c\n+d\n",
            r"line 6 \('-b'\) comes after them",
        ),
        (b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +x @@\n-a\n+b\n", "bad hunk header"),
    ],
)
def test_broken_diffs_raise_user_errors(raw, reason):
    with pytest.raises(UserError, match=reason):
        parse_diff(raw)


def test_text_after_the_last_hunk_is_left_out_as_git_does():
    mail = b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.2\n\n"
    assert [len(f.hunks[0].lines) for f in parse_diff(mail)] == [2]
    log = b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\ncommit 1234\n\n    text\n"
    assert [len(f.hunks[0].lines) for f in parse_diff(log)] == [2]


CHANGE = b"@@ -1 +1 @@\n-a\n+b\n"


@pytest.mark.parametrize(
    ("raw", "paths"),
    [
        # git diff --no-prefix: the paths as they are, folders kept
        (b"diff --git src/a.py src/a.py\n--- src/a.py\n+++ src/a.py\n" + CHANGE, ("src/a.py", "src/a.py")),
        (b"diff --git a/x a/x\nold mode 100644\nnew mode 100755\n", ("a/x", "a/x")),
        (b"diff --git a/x b/x\nold mode 100644\nnew mode 100755\n", ("x", "x")),
        (
            b"diff --git src/o.py lib/n.py\nsimilarity index 90%\nrename from src/o.py\n"
            b"rename to lib/n.py\n",
            ("src/o.py", "lib/n.py"),
        ),
        (
            b"diff --git a/src/o.py b/lib/n.py\nsimilarity index 90%\nrename from src/o.py\n"
            b"rename to lib/n.py\n",
            ("src/o.py", "lib/n.py"),
        ),
        # diff -u f.orig f, diff -u f f.new: one file, named as git apply names it
        (b"--- src/f.orig\t2024-01-02 10:00:00 +0100\n+++ src/f\t2024-01-02 10:00:01 +0100\n" + CHANGE, ("src/f", "src/f")),
        (b"--- f\n+++ f.new\n" + CHANGE, ("f", "f")),
        # diff -ru old/ new/: a first folder that differs is a prefix, as a/ and b/ are
        (b"--- old/src/f\t2024-01-02 10:00:00 +0000\n+++ new/src/f\t2024-01-02 10:00:00 +0000\n" + CHANGE, ("src/f", "src/f")),
        # diff -N: an epoch date stands for a file that is not there
        (
            b"--- old/n\t1970-01-01 00:00:00.000000000 +0000\n+++ new/n\t2024-01-02 10:00:00 +0000\n"
            b"@@ -0,0 +1 @@\n+b\n",
            (None, "n"),
        ),
        (
            b"--- old/n\t2024-01-02 10:00:00 +0000\n+++ new/n\t1970-01-01 01:00:00 +0100\n"
            b"@@ -1 +0,0 @@\n-a\n",
            ("n", None),
        ),
    ],
)
def test_prefix_level_and_names_as_git_apply_reads_them(raw, paths):
    [file] = parse_diff(raw)
    assert (file.old_path, file.new_path) == paths


def test_a_patch_mixing_prefixed_and_bare_paths_is_refused():
    mixed = (
        b"diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
        b"diff --git y y\n--- y\n+++ y\n@@ -1 +1 @@\n-a\n+b\n"
    )
    with pytest.raises(UserError, match="y: its paths have no a/ b/ prefixes"):
        parse_diff(mixed)


def test_no_diff_at_all_is_empty():
    assert parse_diff(b"") == []
    assert parse_diff(b"just some text\n") == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((1, 1, 1, 1), "@@ -1 +1 @@"),
        ((0, 0, 1, 3), "@@ -0,0 +1,3 @@"),
        ((5, 2, 4, 0, "def f():"), "@@ -5,2 +4,0 @@ def f():"),
    ],
)
def test_format_hunk_header(args, expected):
    assert format_hunk_header(*args) == expected


# -------------------------------------------------------------------------- editing


def test_edit_text_is_git_add_p_s():
    hunk = split_hunk(parse_diff(TWO_CHANGES)[0].hunks[0])[0]
    # byte for byte what git 2.39 writes to addp-hunk-edit.diff for this hunk
    assert edit_text(hunk).decode() == dedent(
        """\
        # Manual hunk edit mode -- see bottom for a quick guide.
        @@ -3,6 +3,6 @@ def f():
           2
           3
           4
        -  5
        +  FIVE
           6
           7
        # ---
        # To remove '-' lines, make them ' ' lines (context).
        # To remove '+' lines, delete them.
        # Lines starting with # will be removed.
        # If the patch applies cleanly, the edited hunk will immediately be marked for staging.
        # If it does not apply cleanly, you will be given an opportunity to
        # edit again.  If all lines of the hunk are removed, then the edit is
        # aborted and the hunk is left unchanged.
        """
    )


def test_edited_sub_hunk_merges_with_its_neighbour():
    files = parse_diff(TWO_CHANGES)
    first, second = split_hunk(files[0].hunks[0])
    edited = parse_edited_hunk(edit_text(first).replace(b"+  FIVE", b"+  5ive\n+  extra"), first)
    assert isinstance(edited, Hunk) and edited.id == first.id and edited.new_count == 7
    patch = build_patch(files, {first.id: edited, second.id: frozenset(second.change_indices)})
    assert patch.decode() == dedent(
        """\
        diff --git a/f.py b/f.py
        --- a/f.py
        +++ b/f.py
        @@ -3,8 +3,9 @@
           2
           3
           4
        -  5
        +  5ive
        +  extra
           6
           7
        -  8
        +  EIGHT
           9
        """
    )


@pytest.mark.parametrize(
    ("edited", "result"),
    [
        (b"# only comments\n", None),
        (b"", None),
        (b" a\n-b\n+c\n", "@@ -3,2 +3,2 @@ def f():"),  # header kept from the original when removed
        (
            b"@@ -9,9 +9,9 @@ x\n a\n\n-b\n",
            "@@ -9,3 +9,2 @@ x",
        ),  # counts recounted, empty line = context
    ],
)
def test_parse_edited_hunk(edited, result):
    original = parse_diff(TWO_CHANGES)[0].hunks[0]
    hunk = parse_edited_hunk(edited, original)
    assert (hunk if hunk is None else hunk.header_text()) == result


@pytest.mark.parametrize(
    ("edited", "reason"),
    [
        (b"@@ -x +y @@\n-a\n", "cannot be read"),
        (b" a\n*b\n", "does not start with"),
        (b" a\n b\n", "changes nothing"),
        (b"-a\n\\ No newline at end of file\n+b\n", "lines after"),
    ],
)
def test_broken_edits_say_why(edited, reason):
    original = parse_diff(TWO_CHANGES)[0].hunks[0]
    with pytest.raises(UserError, match=reason):
        parse_edited_hunk(edited, original)


# -------------------------------------------------------------------------- word level


def test_only_similar_candidate_pairs_are_word_diffed():
    raw = d(
        """\
        diff --git a/p b/p
        --- a/p
        +++ b/p
        @@ -1,3 +1,3 @@
        -total = price * count
        -xyz
        +total = price * quantity
        +completely different text here
         end
        """
    )
    hunk = parse_diff(raw)[0].hunks[0]
    assert candidate_pairs(hunk) == [(0, 2), (1, 3)]
    text = [line.text for line in hunk.lines]
    assert [lines_are_similar(text[old], text[new]) for old, new in candidate_pairs(hunk)] == [True, False]


@pytest.mark.parametrize(
    ("old", "new", "old_spans", "new_spans"),
    [
        (
            "total = price * count",
            "total = price * quantity",
            [Span("total = price * ", False), Span("count", True)],
            [Span("total = price * ", False), Span("quantity", True)],
        ),
        ("same", "same", [Span("same", False)], [Span("same", False)]),
        ("", "new", [], [Span("new", True)]),
        (
            "f(a, b)",
            "f(a, c, b)",
            [Span("f(a, b)", False)],
            [Span("f(a, ", False), Span("c, ", True), Span("b)", False)],
        ),
    ],
)
def test_word_diff(old, new, old_spans, new_spans):
    assert word_diff(old, new) == (old_spans, new_spans)
    assert "".join(s.text for s in word_diff(old, new)[0]) == old


def test_edit_text_and_parse_with_another_comment_char():
    hunk = split_hunk(parse_diff(TWO_CHANGES)[0].hunks[0])[0]
    text = edit_text(hunk, comment=";")
    comments = [line for line in text.splitlines() if not line.startswith((b" ", b"-", b"+", b"@"))]
    assert comments and all(line.startswith(b";") for line in comments)
    assert b"; Lines starting with ; will be removed.\n" in text and b"#" not in text
    edited = parse_edited_hunk(text.replace(b"+  FIVE", b"+  5ive"), hunk, comment=";")
    assert edited is not None and [line.text for line in edited.lines if line.kind == "+"] == [
        "  5ive"
    ]
    # with ";" as the comment character a "#" line is no comment: the edit is refused, as in git
    with pytest.raises(UserError, match="does not start with"):
        parse_edited_hunk(b"# note\n" + text, hunk, comment=";")
    assert parse_edited_hunk(b"; all gone\n", hunk, comment=";") is None


COPY_WITH_EDITS = dedent(
    """\
    diff --git a/a.txt b/b.txt
    similarity index 90%
    copy from a.txt
    copy to b.txt
    --- a/a.txt
    +++ b/b.txt
    @@ -1,3 +1,3 @@
     one
    -two
    +TWO
     three
    @@ -10,3 +10,3 @@
     ten
    -eleven
    +ELEVEN
     twelve
    """
).encode()


def test_a_copied_files_hunk_brings_the_copy_header():
    files = parse_diff(COPY_WITH_EDITS)
    copy, first, second = files[0].hunks
    assert (copy.meta, first.kind, second.kind) == ("copy", "text", "text")
    patch = build_patch(files, {second.id: frozenset(second.change_indices)})
    assert patch.decode() == dedent(
        """\
        diff --git a/a.txt b/b.txt
        similarity index 90%
        copy from a.txt
        copy to b.txt
        --- a/a.txt
        +++ b/b.txt
        @@ -10,3 +10,3 @@
         ten
        -eleven
        +ELEVEN
         twelve
        """
    )
    assert build_patch(files, {copy.id: frozenset()}).decode() == (
        "diff --git a/a.txt b/b.txt\nsimilarity index 90%\ncopy from a.txt\ncopy to b.txt\n"
    )
