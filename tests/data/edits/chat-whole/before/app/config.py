import os

DEFAULTS = {"theme": "dark", "context": 3}


def load():
    settings = dict(DEFAULTS)
    if "APP_THEME" in os.environ:
        settings["theme"] = os.environ["APP_THEME"]
    return settings
