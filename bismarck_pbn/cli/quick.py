"""Plain command-line values taken as they are, without building a pydantic validator.

Typer (0.2x) checks every value of a non-flag parameter with a pydantic ``TypeAdapter``
that it builds on first use: importing pydantic and building the adapters costs more
than the rest of ``bpn validate FILE`` put together. The values of bpn's parameters are
plain: text, lists of text, a choice of an Enum, a whole number in a range. For those,
:func:`quicken` gives a parameter a coercion that returns what typer's own would, in
the common case only: a value it does not recognise (a choice not offered, ``x`` for a
number, a number out of range) goes to typer's own coercion, so every error message
is typer's, word for word. tests/test_startup.py holds the two to the same answers.

With a typer that does not coerce this way (no ``get_runtime_param``), nothing changes.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, get_args, get_origin

_NO = object()
"""Not a value this module takes: typer's own coercion decides."""

_WHOLE = re.compile(r"-?[1-9][0-9]{0,17}|0")


def _text(value: Any) -> Any:
    return value if type(value) is str else _NO


def _choice(enum: type[Enum], info: Any, value: Any, ctx: Any) -> Any:
    if isinstance(value, enum):
        return value
    if type(value) is not str or (ctx is not None and ctx.token_normalize_func is not None):
        return _NO
    case_sensitive = getattr(info, "case_sensitive", True)
    wanted = value if case_sensitive else value.casefold()
    for member in enum:
        shown = str(member.value)
        if (shown if case_sensitive else shown.casefold()) == wanted:
            return member
    return _NO


def _whole(info: Any, value: Any) -> Any:
    if getattr(info, "clamp", False):
        return _NO
    if type(value) is str and _WHOLE.fullmatch(value):
        value = int(value)
    if type(value) is not int:
        return _NO
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    if (low is not None and value < low) or (high is not None and value > high):
        return _NO
    return value


def quick_value(descriptor: Any, value: Any, ctx: Any) -> Any:
    """``value`` coerced for a parameter of this typer type descriptor, or ``_NO``."""
    info = descriptor.parameter_info
    if getattr(descriptor, "file_annotation", None) is not None or getattr(info, "parser", None) is not None:
        return _NO
    if getattr(info, "allow_dash", False) or getattr(info, "path_type", None) is not None or getattr(info, "resolve_path", False):
        return _NO
    annotation = descriptor.annotation
    if annotation is str:
        return _text(value)
    if annotation is int:
        return _whole(info, value)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _choice(annotation, info, value, ctx)
    if get_origin(annotation) is list and get_args(annotation) == (str,) \
            and isinstance(value, (list, tuple)) and all(type(item) is str for item in value):
        return list(value)
    return _NO


class _Quick:
    """Stands in for typer's runtime coercion of one parameter: plain values here, the
    rest (and every error) by typer's own, made only when needed."""

    def __init__(self, param: Any) -> None:
        self._param = param
        self._slow: Any = None

    def slow(self) -> Any:
        if self._slow is None:
            self._slow = type(self._param).get_runtime_param(self._param)
        return self._slow

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        many = param.multiple or param.nargs == -1
        if value is None:  # as typer's: no value given, and no default
            return () if many else None
        if not (many and isinstance(value, str)):
            quick = quick_value(param.type_descriptor, value, ctx)
            if quick is not _NO:
                return quick
        return self.slow().coerce(value, param=param, ctx=ctx)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.slow(), name)


def quicken(param: Any) -> None:
    """Give ``param`` the quick coercion, once; a no-op on a typer without runtime coercion."""
    if "get_runtime_param" in vars(param) or not hasattr(type(param), "get_runtime_param") \
            or not hasattr(param, "type_descriptor"):
        return
    quick = _Quick(param)
    param.get_runtime_param = lambda: quick
