"""Finding the data files that ship with the package: the grammar and the JSON Schema.

In the repository they live at the top level (``grammars/``, ``schemas/``); an
installed wheel carries copies inside the package (see ``pyproject.toml``). Both
layouts are looked up here, so the files are found from any working directory.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_path(folder: str, name: str) -> Path:
    """The path of ``folder/name``: inside the installed package, else the repository.
    A package on disk is looked at directly; importlib.resources (a package inside a zip
    file) is imported only when neither place has the file."""
    for path in (_PACKAGE / folder / name, _PACKAGE.parent / folder / name):
        if path.is_file():
            return path
    from importlib import resources

    packaged = resources.files("bismarck_pbn").joinpath(folder).joinpath(name)
    if packaged.is_file():
        return Path(str(packaged))
    raise FileNotFoundError(f"{folder}/{name} is missing from this installation of bismarck-pbn")


@lru_cache(maxsize=None)
def grammar_text() -> str:
    """The lark grammar of one BPN deal."""
    return data_path("grammars", "bpn.lark").read_text(encoding="utf-8")
