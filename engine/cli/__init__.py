"""The engine's command line (`specdraft generate`, `python -m specdraft.engine`); the runtime never imports it."""
