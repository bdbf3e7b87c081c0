"""The precomputed tables (pattern databases, exact distance tables): list them, build them
with a progress bar, verify them. They are the binaries' files in the binaries' directory:
``data_dir`` when given, else ``$SLIDE_DATA_DIR``, else the per-user cache
(``~/.cache/slide`` on Linux), so a table built here serves ``fifteen`` and the reverse.

Progress bars: tqdm's (``tqdm.auto``, so a notebook shows a widget) when tqdm is installed,
else one line on stderr rewritten in place. They show for ``build`` and for the small tables
that ``solve`` and the others build on first use; ``show_progress(False)`` turns them off.

>>> [t["name"] for t in slide.tables.list()][:3]
['exact-3x3', 'exact-2x5', 'exact-5x2']
>>> slide.tables.list(puzzle="goat")[0]["on_first_use"]
True
"""

import builtins
import os
import pathlib
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from . import _native

__all__ = ["build", "data_dir", "list", "show_progress", "verify"]

Record = Dict[str, Any]
PathLike = Union[str, "os.PathLike[str]"]


class _Bars:
    """Draws the progress of table builds: one bar per table, by tqdm when it is installed,
    else one line on stderr rewritten in place and ended when the table is done."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._label: Optional[str] = None
        try:
            from tqdm.auto import tqdm

            self._tqdm: Any = tqdm
        except ImportError:
            self._tqdm = None

    def __call__(self, label: str, done: int, total: int, running: bool) -> None:
        if self._bar is None or label != self._label:
            self._close()
            if not running:
                return
            self._label = label
            self._bar = self._open(label, total)
        self._update(done, total)
        if not running:
            self._close()

    def _open(self, label: str, total: int) -> Any:
        if self._tqdm is not None:
            return self._tqdm(total=total or None, desc=label, unit=" states", unit_scale=True, leave=False)
        return [label]

    def _update(self, done: int, total: int) -> None:
        if self._tqdm is not None:
            if total and self._bar.total != total:
                self._bar.total = total
            self._bar.n = done
            self._bar.refresh()
            return
        share = f" ({100 * done // total}%)" if total else ""
        sys.stderr.write(f"\rslide: building {self._label}: {done:,} of {total:,} states{share}")
        sys.stderr.flush()

    def _close(self) -> None:
        if self._bar is None:
            return
        if self._tqdm is not None:
            self._bar.close()
        else:
            sys.stderr.write("\n")
            sys.stderr.flush()
        self._bar = None
        self._label = None


Watch = Callable[[str, int, int, bool], None]

# What table builds show their progress with (``show_progress``).
_watch: Optional[Watch] = None


def show_progress(on: Union[bool, Watch] = True) -> None:
    """Whether table builds show a progress bar (the default), or a function to call instead,
    as ``callback(label, done, total, running)``: ``done`` of ``total`` states (0: not known
    yet), ``running`` False once the table is done."""
    global _watch
    _watch = _Bars() if on is True else (on or None)
    _native._set_progress(_watch)


def data_dir(data_dir: Optional[PathLike] = None) -> pathlib.Path:
    """The table directory: ``data_dir`` when given, else ``$SLIDE_DATA_DIR``, else the
    per-user cache, as the binaries' ``--data-dir`` resolves it."""
    return pathlib.Path(_native.data_dir(data_dir))


def list(*, puzzle: str = "fifteen", data_dir: Optional[PathLike] = None) -> List[Record]:
    """Each table set of ``puzzle``, as ``fifteen tables list --json`` writes it: ``name``,
    ``summary``, ``bytes``, ``built``, ``on_first_use``, ``build_seconds``, ``build_memory``,
    ``dir`` and ``files``."""
    return _native.tables_list(puzzle=puzzle, data_dir=data_dir)


def build(
    name: str,
    *,
    puzzle: str = "fifteen",
    data_dir: Optional[PathLike] = None,
    force: bool = False,
    max_memory: Optional[int] = None,
    progress: Union[bool, Watch] = True,
) -> List[Record]:
    """Builds table set ``name`` (``"pdb78"``, ``"exact-3x4"``, ...; ``list()`` names them) in
    the data directory, as ``fifteen tables build NAME`` does: the tables it lacks or that do
    not load (all of them with ``force``). It is refused first when it needs more memory than
    ``max_memory`` bytes (by default what the machine has available). Returns the records of
    ``tables build --json``: ``set``, ``file``, ``dir``, ``entries``, ``bytes``, ``seconds``.

    ``progress``: True shows the build as ``show_progress`` says (a bar by default), False
    shows nothing, a function is called as ``show_progress`` describes.

    Ctrl-C raises KeyboardInterrupt at once; the build goes on in the background to its end
    (a table is written whole or not at all, never half)."""
    watch = _watch if progress is True else (progress or None)
    return _native.tables_build(
        name, puzzle=puzzle, data_dir=data_dir, force=force, max_memory=max_memory, watch=watch
    )


def verify(
    names: Optional[Sequence[str]] = None, *, puzzle: str = "fifteen", data_dir: Optional[PathLike] = None
) -> List[Record]:
    """Checks each built table of ``puzzle`` (or of the sets named): header, checksum, size
    and meaning, then each complete set as a whole, as ``fifteen tables verify --json``:
    ``set``, ``table``, ``ok``, ``detail``."""
    return _native.tables_verify(None if names is None else builtins.list(names), puzzle=puzzle, data_dir=data_dir)


show_progress(True)
