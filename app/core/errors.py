"""The one exception type for problems a user can act on; the CLI prints it as one line.

Also the exit codes of `specdraft` (the entry point maps exceptions to them; `specdraft edit
--help` and `specdraft review --help` list them)."""

EXIT_OK = 0  # done: applied, or nothing to apply by the reviewer's choice
EXIT_STALE = 1  # edit: a file changed since its draft; its accepted hunks were not applied
EXIT_USER_ERROR = 2  # a usage or user error (as argparse's own), a refused server: nothing done
EXIT_NOTHING_APPLIED = 3  # edit: the draft gave nothing to apply (all failed, or incomplete)
EXIT_NOT_COMMITTED = 4  # edit --commit: the accepted hunks were applied and staged, the commit refused
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as shells report it)


class UserError(Exception):
    """What went wrong and what to do about it, in one line; shown without a traceback."""


class NothingApplied(UserError):
    """The draft was made but nothing of it could be applied (it did not finish, or broke off):
    exit code EXIT_NOTHING_APPLIED instead of EXIT_USER_ERROR."""
