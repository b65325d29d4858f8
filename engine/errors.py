"""The engine's exception for problems a user can act on (missing file, bad config, too long)."""


class EngineError(Exception):
    """What went wrong and what to do about it, in one line; shown without a traceback."""
