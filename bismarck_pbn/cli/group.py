"""The ``bpn`` group and its commands' class: help that reads as prose, a broken pipe
ended quietly, and commands loaded when they are called.

A command's module is imported only when that command runs (or its own ``--help`` or
completion is asked for): ``bpn validate`` never imports the solver, the views or the
web page. What ``bpn --help`` and completion of a command's name show, the name and the
first paragraph of its help, comes from the table in :mod:`bismarck_pbn.cli`, so
listing the commands imports none of them (tests/test_startup.py holds the table to
the commands' own help). This module imports typer and nothing of the library.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from typing import Any

import typer
import typer.main
from typer.core import TyperArgument, TyperCommand, TyperGroup

from bismarck_pbn.cli.quick import quicken

# ---- help that reads as prose ---------------------------------------------------------


def _plain_params(params) -> None:
    """Show each parameter by its metavar (``FILE...``, ``N``), never as ``<bool>``,
    ``<list[str]>`` or ``<int range>``: a flag shows nothing, a choice ``text|json``,
    and a number's range is said in its help. (Overrides on the instances, so a typer
    without these hooks only loses the nicety.)"""
    for param in params:
        quicken(param)
        if isinstance(param, TyperArgument):
            name = param.metavar or param.name.upper()
            usage = name if param.required else f"[{name}]"
            _override(param, "display_type_rich", lambda ctx: None)
            _override(param, "_usage_display_name", lambda usage=usage: usage)
            _override(param, "_rich_display_name", lambda name=name: name)
            _override(param, "_get_number_range_help_str", lambda: None)
            continue
        if getattr(param, "is_flag", False) or getattr(getattr(param, "type", None), "name", "") == "boolean":
            _override(param, "display_type_rich", lambda ctx: None)
        elif param.metavar is not None:
            _override(param, "display_type_rich", lambda ctx, m=param.metavar: m)
            _override(param, "_get_number_range_help_str", lambda: None)
        else:
            shown = type(param).display_type_rich

            def plain(ctx, param=param, shown=shown):
                text = shown(param, ctx)
                return text.strip("<>") if text else text
            _override(param, "display_type_rich", plain)


def _override(param: object, method: str, replacement: Callable[..., object]) -> None:
    """Replace one of typer's methods on this parameter only (the class keeps its own)."""
    setattr(param, method, replacement)


class _Plain:
    def get_params(self, ctx):
        params = super().get_params(ctx)
        _plain_params(params)
        return params


class Command(_Plain, TyperCommand):
    """A command whose help names its parameters as a person would (see _plain_params)."""


# ---- commands loaded when called ------------------------------------------------------


def load_command(name: str, target: str, markup: Any) -> Command:
    """The click command of ``target`` (``"package.module:function"``), made by typer
    exactly as ``app.command(name, cls=Command)`` on the group would make it."""
    module, _, function = target.partition(":")
    callback = getattr(importlib.import_module(module), function)
    one = typer.Typer(add_completion=False, rich_markup_mode=markup, pretty_exceptions_enable=False)
    one.command(name, cls=Command)(callback)
    command = typer.main.get_command(one)
    assert isinstance(command, Command)  # a Typer of one command and no callback is that command
    return command


class _Commands(MutableMapping[str, Any]):
    """The group's ``commands``: every name of the table from the start, each command
    made from its module the first time it is looked up (then kept)."""

    def __init__(self, table: dict[str, tuple[str, str]], made: Mapping[str, Any], markup: Any) -> None:
        self._table = table
        self._made = dict(made)
        self._markup = markup

    def loaded(self, name: str) -> Any | None:
        return self._made.get(name)

    def __getitem__(self, name: str) -> Any:
        if name not in self._made:
            if name not in self._table:
                raise KeyError(name)
            self._made[name] = load_command(name, self._table[name][0], self._markup)
        return self._made[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        if name in self._table:
            raise KeyError(f"{name} is a command of the table; it cannot be removed")
        del self._made[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._table
        yield from (name for name in self._made if name not in self._table)

    def __len__(self) -> int:
        return len(self._table) + sum(1 for name in self._made if name not in self._table)


class Group(_Plain, TyperGroup):
    """The ``bpn`` group, with the same help style as its commands, and commands loaded
    when called: ``table`` (set by a subclass) maps each name to its function,
    ``"package.module:function"``, and the first paragraph of its help. Looking a
    command up (to run it, its own help or completion) imports its module; listing the
    commands (``bpn --help``, completing a command's name) shows the table's words.

    A reader of standard output that goes away (``bpn convert ... | head``) ends the
    command quietly with status 141, a SIGPIPE's, as git does: typer would take it for
    a failure (status 1, which a script reads as "records with errors")."""

    table: dict[str, tuple[str, str]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands(self.table, self.commands, self.rich_markup_mode)
        self._listing = 0

    @contextmanager
    def _listed(self) -> Iterator[None]:
        self._listing += 1
        try:
            yield
        finally:
            self._listing -= 1

    def get_command(self, ctx, cmd_name):
        commands = self.commands
        if self._listing and isinstance(commands, _Commands) and cmd_name in self.table:
            made = commands.loaded(cmd_name)
            if made is not None:
                return made
            return Command(name=cmd_name, help=self.table[cmd_name][1])  # name and first paragraph
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx):
        return list(self.commands)  # the names, none of the commands (typer's asks for items())

    def format_help(self, ctx, formatter):
        with self._listed():
            return super().format_help(ctx, formatter)

    def shell_complete(self, ctx, incomplete):
        with self._listed():
            return super().shell_complete(ctx, incomplete)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            import os
            import sys

            devnull = os.open(os.devnull, os.O_WRONLY)  # nothing more to flush at exit
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(141) from None
