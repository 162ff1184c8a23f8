"""``bpn convert --to parquet -o DIR``: the deals and cards tables
(:mod:`bismarck_pbn.convert.tables`) as ``DIR/deals.parquet`` and ``DIR/cards.parquet``,
for pandas, DuckDB and Spark. Batches are made into rows by the executor (every core,
or a Dask cluster) and written here in file order, one row group a batch, so memory
stays bounded; each file is written under a temporary name and renamed into place
once complete, so a failed run leaves the tables before it as they were."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from bismarck_pbn.parallel import Executor, Unavailable

INSTALL = "pip install 'bismarck-pbn[dask]'"

Rows = tuple[list[dict[str, Any]], list[dict[str, Any]]]


def _rows(paths: list[str], encoding: str, executor: Executor, dd: bool, limit: int | None,
          deals_of: Callable[[str], Iterable[Any]]) -> Iterator[Rows]:
    """The rows of each batch of each input, in order: BPN files through ``executor``;
    standard input and JSON read here with ``deals_of``."""
    from bismarck_pbn.convert.tables import batch_rows, batches, rows

    for path in paths:
        if path == "-" or Path(path).suffix.lower() in (".json", ".jsonl", ".ndjson"):
            yield rows(deals_of(path), "<stdin>" if path == "-" else path, dd, limit)
            continue
        yield from executor.map(batch_rows, ((chunks, context, path, dd, limit)
                                             for chunks, context in batches(path, encoding)))


def write_parquet(paths: list[str], directory: str, encoding: str, executor: Executor, dd: bool,
                  limit: int | None, deals_of: Callable[[str], Iterable[Any]]) -> tuple[int, int]:
    """Write the two tables into ``directory`` (made if missing); returns (deals, cards).
    Raises ImportError (no pyarrow) and OSError."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from bismarck_pbn.convert.arrow import CARD_SCHEMA, DEAL_SCHEMA

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    targets = [(out / "deals.parquet", DEAL_SCHEMA), (out / "cards.parquet", CARD_SCHEMA)]
    temps = []
    writers = []
    counts = [0, 0]
    try:
        for target, schema in targets:
            fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=out)
            os.close(fd)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)  # (mkstemp's 0600 is for secrets; these are tables)
            temps.append(temp)
            writers.append(pq.ParquetWriter(temp, schema))
        for made in _rows(paths, encoding, executor, dd, limit, deals_of):
            for i, (writer, (_, schema)) in enumerate(zip(writers, targets)):
                if made[i]:
                    writer.write_table(pa.Table.from_pylist(made[i], schema=schema))
                    counts[i] += len(made[i])
        for writer in writers:
            writer.close()
        writers = []
        for temp, (target, _) in zip(temps, targets):
            os.replace(temp, target)
        temps = []
    finally:
        for writer in writers:
            writer.close()
        for temp in temps:
            if os.path.exists(temp):
                os.unlink(temp)
    return counts[0], counts[1]


def parquet_command(paths: list[str], bpn: list[str], output: str, encoding: str, dd: bool, jobs: int | None,
                    scheduler: str | None, to_parquet: bool, deals_of: Callable[[str], Iterable[Any]],
                    fault: type[Exception]) -> None:
    """``bpn convert --to parquet -o DIR`` (``bpn``: the inputs that are BPN files;
    ``deals_of``: convert's reader of an input, whose ``fault`` carries a message and a code)."""
    import typer

    from bismarck_pbn.parallel import worth_it
    from bismarck_pbn.cli.common import err_console, open_executor

    err = err_console()

    def fail(message: str, code: int = 2) -> typer.Exit:
        err.print(f"bpn: {message}", style="red", highlight=False, markup=False)
        return typer.Exit(code)

    if not to_parquet:
        raise fail("--dd adds double-dummy columns to the Parquet tables: give --to parquet")
    if output == "-" or (Path(output).exists() and not Path(output).is_dir()):
        raise fail("--to parquet writes two files, deals.parquet and cards.parquet, into a directory: give -o DIR")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise fail(f"--to parquet needs pyarrow, which is not installed: {INSTALL}") from None
    executor = open_executor(jobs, scheduler, dd or worth_it([Path(p) for p in bpn]))
    try:
        deals, cards = write_parquet(paths, output, encoding, executor, dd, None, deals_of)
    except fault as exc:
        raise fail(str(exc).removeprefix("bpn: ") + "; nothing was written", getattr(exc, "code", 2)) from None
    except Unavailable as exc:
        raise fail(str(exc)) from None
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise fail(f"{exc.filename or output}: {exc.strerror or exc}") from None
    finally:
        executor.close()
    out = Path(output)
    err.print(f"{out / 'deals.parquet'}: {deals} deals; {out / 'cards.parquet'}: {cards} cards", highlight=False)
