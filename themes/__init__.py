"""The builtin colour themes, as TOML files (package data); users add their own under ~/.config/specdraft/themes/."""
