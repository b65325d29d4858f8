"""The one exception type for problems a user can act on; the CLI prints it as one line."""


class UserError(Exception):
    """What went wrong and what to do about it, in one line; shown without a traceback."""
