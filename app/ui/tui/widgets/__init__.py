"""Widgets of the review screen: the file list, the diff view, the status bar."""
