"""`specdraft hook install | uninstall | status | repair | run | post-commit`: specdraft as a git pre-commit hook."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from specdraft.core.visible import visible

if TYPE_CHECKING:
    from specdraft.core.git import GitRepo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from specdraft.engine.helptext import add_examples

    add_examples(parser, "specdraft hook install      # in a repository: check drafted lines at each commit",
                 "specdraft hook status")  # fmt: skip
    sub = parser.add_subparsers(dest="hook_command", metavar="ACTION", required=True)
    install = sub.add_parser(
        "install",
        help="install the pre-commit and post-commit hooks (a hook already there still runs first)",
    )
    install.add_argument(
        "--review-all",
        action="store_true",
        help="at commit time, review every staged hunk (not only the AI-drafted ones)",
    )
    add_examples(install, "%(prog)s", "%(prog)s --review-all    # review every staged hunk at commit time")
    add_examples(sub.add_parser("uninstall", help="remove the hooks and put back the ones they chained"),
                 "%(prog)s    # the hooks that were there before come back")  # fmt: skip
    add_examples(sub.add_parser("status", help="say where the hooks are and whether they are installed"),
                 "%(prog)s")  # fmt: skip
    repair = sub.add_parser(
        "repair",
        help="move the unreadable lines of a damaged review record aside and keep the rest",
    )
    add_examples(repair, "%(prog)s    # after a commit stopped on a damaged review record")
    run = sub.add_parser(
        "run", help="the pre-commit check (what the hook runs): AI-drafted lines were reviewed"
    )
    run.add_argument("--review-all", action="store_true", help="review every staged hunk")
    add_examples(run, "%(prog)s    # what the pre-commit hook runs, by hand, on the staged changes")
    post_commit = sub.add_parser("post-commit", help="write the git note of HEAD (what the post-commit hook runs)")
    add_examples(post_commit, "%(prog)s    # then: git notes --ref specdraft show HEAD")


def run(args: argparse.Namespace) -> int:
    from specdraft.core.config import load_settings
    from specdraft.core.git import GitRepo
    from specdraft.drafting import hook

    repo = GitRepo(".")
    if args.hook_command == "install":
        for line in hook.install(repo, review_all=args.review_all):
            print(f"specdraft hook: {visible(line, keep_newlines=False)}")
        return 0
    if args.hook_command == "uninstall":
        for line in hook.uninstall(repo):
            print(f"specdraft hook: {visible(line, keep_newlines=False)}")
        return 0
    if args.hook_command == "status":
        for line in hook.status(repo).lines():
            print(visible(line, keep_newlines=False))
        inside = hook.hooks_in_worktree(repo)
        if inside is not None:
            print(f"warning: {visible(str(inside), keep_newlines=False)} is inside the working tree: an AI "
                  "draft can rewrite the hook there; set core.hooksPath outside it")  # fmt: skip
        settings = load_settings(repo.root)
        for name, value in settings.hook.items():
            source = visible(settings.source("hook." + name), keep_newlines=False)
            print(f"hook.{name} = {value!r} ({source})")
        from specdraft.drafting.provenance import RecordDamaged, load_store

        try:
            store = load_store(repo)
        except RecordDamaged as damage:
            print(f"review record: {visible(damage.reason(), keep_newlines=False)}")
            print(f"  {damage.remedy()}")
            return 1
        drafts = [r for r in store.records if r.kind == "draft"]
        print(f"review record: {len(drafts)} drafted hunk{'s' if len(drafts) != 1 else ''}")
        if drafts:
            check = hook.check_staged(repo, settings, store)
            count = sum(len(f.lines) for f in check.classification.findings)
            print(f"staged now: {count} AI-drafted line{'s' if count != 1 else ''} not reviewed")
        return 0
    if args.hook_command == "repair":
        return _repair(repo)
    settings = load_settings(repo.root)
    if args.hook_command == "run":
        return hook.run_pre_commit(repo, settings, review_all=args.review_all)
    from specdraft.drafting.provenance import RecordDamaged

    try:
        note = hook.write_note(repo, settings)
    except RecordDamaged as damage:
        print(
            f"specdraft: no note written for this commit: {visible(damage.reason(), keep_newlines=False)}; "
            f"{damage.remedy()}",
            file=sys.stderr,
        )
        return 1
    if note is not None and note["lines"]["unreviewed"]:
        count = note["lines"]["unreviewed"]
        print(
            f"specdraft: {count} AI-drafted line{'s' if count != 1 else ''} landed unreviewed "
            "in this commit (see specdraft log)",
            file=sys.stderr,
        )
    return 0


def _repair(repo: GitRepo) -> int:
    """`specdraft hook repair`: move the unreadable lines of the record aside; say what was done."""
    from specdraft.drafting.provenance import repair_record

    done = repair_record(repo)
    path = visible(str(done.path), keep_newlines=False)
    if done.lost:
        print(f"specdraft hook: the review record {path} {visible(done.lost, keep_newlines=False)}")
        print(
            "specdraft hook: the loss is accepted: the record is taken as it is now "
            f"({done.kept} readable line{'s' if done.kept != 1 else ''}); what it held is gone, so "
            "review the staged changes (`specdraft review --staged`) before you commit"
        )
        return 0
    if done.aside is None:
        print(f"specdraft hook: the review record {path} reads whole; nothing to repair")
        return 0
    count = len(done.problems)
    print(f"specdraft hook: the review record {path} was damaged:")
    for problem in done.problems:
        print(f"  {visible(problem.describe(), keep_newlines=False)}")
    print(
        f"specdraft hook: moved {count} unreadable line{'s' if count != 1 else ''} aside to "
        f"{visible(str(done.aside), keep_newlines=False)}; kept {done.kept} readable "
        f"line{'s' if done.kept != 1 else ''}"
    )
    print(
        "specdraft hook: what the moved lines recorded is lost: review the staged changes "
        "(`specdraft review --staged`) before you commit"
    )
    return 0
