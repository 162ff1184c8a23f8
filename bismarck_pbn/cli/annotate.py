"""``bpn annotate``: add or remove a comment, NAG or suffix without touching any other byte."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Annotated

import typer

from bismarck_pbn.format.edit import SUFFIXES, AnnotateError, NoSuchDeal, NotUTF8, Target, edit_file
from bismarck_pbn.format.reader import lf_lines
from bismarck_pbn.safewrite import ChangedOnDisk
from bismarck_pbn.sources import ReadFailure, bpn_only


def _fail(message: str, code: int) -> typer.Exit:
    typer.secho(f"bpn: {message}", err=True, fg="red")
    return typer.Exit(code)


def unified_diff(old: str, new: str, name: str) -> str:
    """A unified diff from ``old`` to ``new``, marking a last line without a line end."""
    out = []
    for line in difflib.unified_diff(list(lf_lines(old)), list(lf_lines(new)), fromfile=name, tofile=f"{name} (annotated)"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def annotate_command(
    path: Annotated[str, typer.Argument(help="The BPN file to edit (in place, atomically).",
                                        metavar="FILE", show_default=False)],
    deal: Annotated[int, typer.Option("--deal", "-d", min=1, show_default=False, metavar="N",
                                      help="The deal, numbered from 1 in the file.")],
    tag: Annotated[str | None, typer.Option(
        "--tag", show_default=False, metavar="NAME",
        help="Annotate this tag of the deal (its comments); Play: the comments before the "
             "first card; Auction: those before the first call.")] = None,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-t", min=1, show_default=False, metavar="T",
        help="Annotate a card: its trick, from 1 (with --card).")] = None,
    card: Annotated[int | None, typer.Option(
        "--card", "-c", min=1, max=4, show_default=False, metavar="C",
        help="Annotate a card: its place in the trick, in the order played, 1 to the game's seats "
             "(3 in Bismarck; with --trick).")] = None,
    call: Annotated[int | None, typer.Option(
        "--call", min=1, show_default=False, metavar="N",
        help="Annotate a call of the auction: its number, from 1, in the order called.")] = None,
    comment: Annotated[str | None, typer.Option(
        "--comment", "-m", show_default=False, metavar="TEXT", help="Add this comment, written as {TEXT}.")] = None,
    line_comment: Annotated[bool, typer.Option(
        "--line-comment", help="Write the comment as ; TEXT at the end of the line instead.")] = False,
    nag: Annotated[int | None, typer.Option(
        "--nag", min=0, max=255, show_default=False, metavar="N",
        help="Add the NAG $N to the card or call (0-255).")] = None,
    suffix: Annotated[str | None, typer.Option(
        "--suffix", show_default=False, metavar="S", help="Set the card's or call's suffix: ! ? !! ?? !? or ?!.")] = None,
    clear: Annotated[bool, typer.Option(
        "--clear", help="Remove the comments (and for a card or call its NAGs and suffix).")] = False,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", "-n", help="Print the change as a unified diff and write nothing.")] = False,
) -> None:
    """Add or remove commentary at a deal, a tag or a card, changing nothing else in
    the file: every other byte (line ends, spacing, other comments) stays as it was.

    The target: a deal (--deal N: its comments before the first tag),
    a tag of it (--tag NAME: the comments after the tag pair),
    a card (--trick T --card C: its suffix, NAGs and comments),
    or a call of the auction (--call N: its suffix, NAGs and comments).
    The edit: --comment TEXT (--line-comment for a ; comment),
    --nag N, --suffix S, or --clear.

    Exit status: 0 done (or nothing to change); 1 the edit could not be
    made (no such tag or card, a syntax error in the deal, the file
    changed on disk, a file that is not UTF-8); 2 wrong usage (no such
    deal among them), or a file that cannot be read or written.

    Examples:

        bpn annotate night.bpn --deal 3 --trick 5 --card 2 --comment "ruffs"
        bpn annotate night.bpn --deal 3 --trick 5 --card 2 --suffix ! -n
        bpn annotate night.bpn --deal 1 --tag Contract --comment "brave"
        bpn annotate israeli.bpn --deal 2 --call 5 --suffix ?
        bpn annotate night.bpn --deal 3 --clear
    """
    edits = [name for name, given in (("--comment", comment is not None), ("--nag", nag is not None),
                                      ("--suffix", suffix is not None), ("--clear", clear)) if given]
    if len(edits) != 1:
        raise _fail("give one edit: --comment TEXT, --nag N, --suffix S or --clear"
                    + (f" (not {' and '.join(edits)} together)" if edits else ""), 2)
    if comment is not None and not comment.strip():
        raise _fail("--comment needs some text: an empty comment would add only {} (to remove "
                    "comments, use --clear)", 2)
    if line_comment and comment is None:
        raise _fail("--line-comment goes with --comment", 2)
    if sum((tag is not None, trick is not None or card is not None, call is not None)) > 1:
        raise _fail("give one target: --tag, --trick and --card, or --call", 2)
    if (trick is None) != (card is None):
        raise _fail("a card is given by --trick and --card together", 2)
    if (nag is not None or suffix is not None) and trick is None and call is None:
        raise _fail(f"{edits[0]} goes with a card or a call: give --trick and --card, or --call", 2)
    if suffix is not None and suffix not in SUFFIXES:
        raise _fail(f"--suffix is one of {' '.join(SUFFIXES)}, not {suffix!r}", 2)
    if path == "-":
        raise _fail("annotate edits a file in place; it cannot edit standard input", 2)

    target = Target(deal, tag, trick, card, call)
    if Path(path).exists() and not Path(path).is_file():  # (a pipe too: it cannot be rewritten)
        raise _fail(f"{path}: not a regular file: annotate rewrites the file in place", 2)
    try:
        if Path(path).is_file():  # (what bpn convert writes would be "no deal 1")
            bpn_only(Path(path))
        old, result = edit_file(path, target, write=not dry_run, comment=comment,
                                kind=";" if line_comment else "{", nag=nag, suffix=suffix, clear=clear)
    except ReadFailure as exc:
        raise _fail(f"{exc}", exc.code) from None
    except ChangedOnDisk as exc:
        raise _fail(f"{exc}", 1) from None
    except NotUTF8 as exc:
        raise _fail(f"{exc}", 1) from None
    except NoSuchDeal as exc:  # a usage error, as in show, replay, html and analyse
        raise _fail(f"{path}: {exc}", 2) from None
    except AnnotateError as exc:
        raise _fail(f"{path}: {exc}", 1) from None
    except IsADirectoryError:
        raise _fail(f"{path}: not a regular file", 2) from None
    except FileNotFoundError:
        raise _fail(f"{path}: no such file or directory", 2) from None
    except OSError as exc:
        raise _fail(f"{path}: cannot read or write: {exc.strerror or exc}", 2) from None

    if result.notice and result.changed:
        typer.echo(f"bpn: note: {result.notice}", err=True)
    if not result.changed:
        typer.echo(f"{path}: {result.notice}; nothing written", err=True)
        return
    if dry_run:
        typer.echo(unified_diff(old, result.text, path), nl=False)
        typer.echo(f"{path}: {result.what}: not written (--dry-run)", err=True)
        return
    line_no = old.count("\n", 0, result.start) + 1
    new = result.text
    line_start = new.rfind("\n", 0, result.start) + 1
    line_end = new.find("\n", result.start + len(result.replacement))
    shown = new[line_start : len(new) if line_end < 0 else line_end]
    if clear:
        action = "cleared"
    elif comment is not None:
        action = "comment added"
    elif nag is not None:
        action = f"${nag} added"
    else:
        action = f"suffix {suffix} set"
    typer.echo(f"{path}:{line_no}: {result.what}: {action}")
    for line in shown.split("\n"):
        typer.echo(f"  {line.rstrip(chr(13))}")
