"""The footer: Textual's, but redrawn only when the keys it shows change.

Textual's Footer rebuilds all its key widgets whenever the screen's bindings are refreshed,
which happens on every dialog opened or closed; that rebuild was most of the cost of ``q``
and ``?``. The keys shown rarely change, so compare first.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class ReviewFooter(Footer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown_keys: tuple | None = None

    def _keys_signature(self, screen: Screen) -> tuple:
        return tuple(
            (binding.key, binding.description, enabled)
            for (_node, binding, enabled, _tooltip) in screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            signature = self._keys_signature(screen)
            if signature == self._shown_keys:
                self._bindings_ready = True
                return
            self._shown_keys = signature
        super().bindings_changed(screen)
