"""Tab completion for ``bpn record`` in a terminal: the dialogue says which words fit
the question being asked (the legal calls, the legal cards, a seat) and readline
offers those that begin with what is typed. Where readline is missing (or the input
is piped) nothing is installed and the dialogue runs the same without it."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Completer", "install"]


class Completer:
    """The words Tab offers now (:attr:`options`, set by the dialogue before each
    question); :meth:`complete` is readline's completer function."""

    def __init__(self) -> None:
        self.options: Sequence[str] = ()

    def matches(self, text: str) -> list[str]:
        """The options that begin with ``text``, without regard to case. O(options)."""
        low = text.lower()
        return [o for o in self.options if o.lower().startswith(low)]

    def complete(self, text: str, state: int) -> str | None:
        """readline's protocol: the ``state``-th match for ``text``, None after the last."""
        found = self.matches(text)
        return found[state] if state < len(found) else None


def install(completer: Completer) -> bool:
    """Make Tab complete with ``completer`` in :func:`input`; False (and nothing done)
    when the readline module is not there."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline, some embedded Pythons
        return False
    readline.set_completer(completer.complete)
    readline.set_completer_delims(" \t\n")
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline is libedit underneath
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return True
