"""The command palette's review commands: every review action, with its keys in force."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from specdraft.ui.tui.bindings import KEYS


class ReviewCommands(Provider):
    """Lists the review actions (accept, reject, split, undo, ...) on the review screen."""

    def _commands(self):
        screen = self.screen
        if not hasattr(screen, "view"):  # a dialog is open: review commands do not apply
            return []
        keymap = getattr(self.app, "keymap_in_force", {})
        read_only = getattr(screen, "read_only", False)
        commands = []
        for spec in KEYS:
            if spec.id == "leave-line-mode":
                continue
            keys = keymap.get(spec.id, spec.keys).split(",")[0].replace("question_mark", "?")
            name = spec.description
            if read_only and spec.id == "apply-quit":
                name = "finish"
            commands.append((f"{name} ({keys})", spec.help, partial(screen.run_action, spec.action)))
        return commands

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = max(matcher.match(name), matcher.match(help_text) * 0.8)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
