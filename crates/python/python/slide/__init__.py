"""slide: optimal sliding-puzzle solvers for Python and NumPy.

Shortest solutions, heuristic values and exact distances of millions of boards, and whole
state spaces analysed, for the 8-, 15- and 24-puzzle and every RxC tile board, the 2x4
7-puzzle, Hiroi's Goat puzzle and sliding-block puzzles such as Klotski: the same engine,
tables, records and messages as the command-line programs ``fifteen``, ``seven``, ``goat``
and ``quzzle``. The guide is docs/PYTHON.md.

>>> import slide
>>> slide.solve("8 6 7 / 2 5 4 / 3 0 1").length
31
>>> boards = slide.random_boards("3x3", 1000, seed=1)
>>> slide.distance(boards).shape
(1000,)
"""

from . import tables
from ._native import (
    Analysis,
    InternalError,
    NotFound,
    SearchStopped,
    SlideWarning,
    Solution,
    Solutions,
    TooLarge,
    Unsolvable,
    analyze,
    count,
    distance,
    korf100,
    play,
    random_boards,
    scramble,
    solve,
    solve_many,
)

__all__ = [
    "Analysis",
    "InternalError",
    "NotFound",
    "SearchStopped",
    "SlideWarning",
    "Solution",
    "Solutions",
    "TooLarge",
    "Unsolvable",
    "analyze",
    "count",
    "distance",
    "korf100",
    "play",
    "random_boards",
    "scramble",
    "solve",
    "solve_many",
    "tables",
]


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("slide-puzzles")
    except PackageNotFoundError:  # imported from a source tree
        return "0+unknown"


__version__ = _version()
