"""Screens: the review screen and its dialogs (confirm, help, the editor inside the TUI)."""
