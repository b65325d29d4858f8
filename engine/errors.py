"""The engine's exception for problems a user can act on (missing file, bad config, too long)."""


class EngineError(Exception):
    """What went wrong and what to do about it, in one line; shown without a traceback."""


class IncompleteDraft(EngineError):
    """The model's answer broke off after it began (a cut stream, a time-out, an error mid-stream,
    the request's deadline): nothing of the draft may be used."""
