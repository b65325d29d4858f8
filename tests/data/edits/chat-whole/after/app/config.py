import os

DEFAULTS = {"theme": "dark", "context": 3}


def load():
    settings = dict(DEFAULTS)
    if "APP_THEME" in os.environ:
        settings["theme"] = os.environ["APP_THEME"]
    if "APP_CONTEXT" in os.environ:
        settings["context"] = int(os.environ["APP_CONTEXT"])
    return settings
