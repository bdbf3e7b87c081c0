# The types of slide's native module (crates/python/src), for type checkers and editors.
# Each function's docstring, at run time, says what it does and shows an example.

import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Board = Union[str, "os.PathLike[str]", Sequence[int], Sequence[Sequence[int]], npt.NDArray[np.integer]]
Boards = Union[npt.NDArray[np.integer], Sequence[Board]]
PathLike = Union[str, "os.PathLike[str]"]
Record = Dict[str, Any]

class SearchStopped(RuntimeError):
    reason: str
    lower_bound: Optional[int]
    nodes: int
    seconds: float

class Unsolvable(ValueError): ...
class TooLarge(ValueError): ...

class NotFound(RuntimeError):
    nodes: int

class InternalError(RuntimeError): ...
class SlideWarning(UserWarning): ...

class Solution:
    @property
    def puzzle(self) -> str: ...
    @property
    def length(self) -> int: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def lower_bound(self) -> Optional[int]: ...
    @property
    def moves(self) -> Optional[str]: ...
    @property
    def pieces(self) -> List[Union[int, str]]: ...
    @property
    def directions(self) -> List[str]: ...
    @property
    def steps(self) -> List[str]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def heuristic(self) -> str: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def stopped(self) -> Optional[str]: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> Record: ...
    def svg(self) -> Optional[str]: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def __len__(self) -> int: ...

class Solutions:
    @property
    def length(self) -> npt.NDArray[np.int32]: ...
    @property
    def optimal(self) -> npt.NDArray[np.bool_]: ...
    @property
    def lower_bound(self) -> npt.NDArray[np.int32]: ...
    @property
    def nodes(self) -> npt.NDArray[np.uint64]: ...
    @property
    def seconds(self) -> npt.NDArray[np.float64]: ...
    @property
    def stopped(self) -> List[Optional[str]]: ...
    def to_dicts(self) -> List[Optional[Record]]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Optional[Solution]: ...

class Analysis:
    @property
    def histogram(self) -> npt.NDArray[np.uint64]: ...
    @property
    def states(self) -> int: ...
    @property
    def max_depth(self) -> int: ...
    @property
    def antipodes(self) -> List[Any]: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> Record: ...
    def plot(self, *, log: bool = False) -> str: ...
    def _repr_svg_(self) -> str: ...

def solve(
    board: Optional[Board] = None,
    *,
    puzzle: str = "fifteen",
    heuristic: Optional[str] = None,
    metric: Optional[str] = None,
    goal: Optional[str] = None,
    size: Optional[str] = None,
    algorithm: Optional[str] = None,
    weight: Optional[float] = None,
    max_depth: Optional[int] = None,
    walks: Optional[int] = None,
    informed: bool = False,
    greedy: bool = False,
    seed: Optional[int] = None,
    best_so_far: bool = False,
    duplicates: Optional[int] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    notation: Optional[str] = None,
    convention: Optional[str] = None,
    apply: Optional[str] = None,
    data_dir: Optional[PathLike] = None,
) -> Solution: ...
def solve_many(
    boards: Boards,
    *,
    puzzle: str = "fifteen",
    heuristic: Optional[str] = None,
    metric: Optional[str] = None,
    goal: Optional[str] = None,
    size: Optional[str] = None,
    algorithm: Optional[str] = None,
    weight: Optional[float] = None,
    max_depth: Optional[int] = None,
    walks: Optional[int] = None,
    informed: bool = False,
    greedy: bool = False,
    seed: Optional[int] = None,
    best_so_far: bool = False,
    duplicates: Optional[int] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    notation: Optional[str] = None,
    convention: Optional[str] = None,
    data_dir: Optional[PathLike] = None,
) -> Solutions: ...
def distance(
    boards: Boards,
    heuristic: Optional[str] = None,
    *,
    size: Optional[str] = None,
    goal: Optional[str] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    data_dir: Optional[PathLike] = None,
) -> npt.NDArray[np.int32]: ...
def analyze(
    size: Optional[str] = None,
    *,
    board: Optional[Board] = None,
    puzzle: str = "fifteen",
    metric: Optional[str] = None,
    goal: Optional[str] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    data_dir: Optional[PathLike] = None,
) -> Analysis: ...
def count(
    board: Optional[Board] = None,
    *,
    puzzle: str = "fifteen",
    list: Optional[int] = None,
    heuristic: Optional[str] = None,
    metric: Optional[str] = None,
    goal: Optional[str] = None,
    size: Optional[str] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    notation: Optional[str] = None,
    convention: Optional[str] = None,
    data_dir: Optional[PathLike] = None,
) -> Record: ...
def play(
    board: Optional[Board],
    moves: str,
    *,
    puzzle: str = "fifteen",
    size: Optional[str] = None,
    goal: Optional[str] = None,
    metric: Optional[str] = None,
    convention: Optional[str] = None,
    notation: Optional[str] = None,
) -> Record: ...
def random_boards(
    size: str = "4x4", n: int = 1, seed: Optional[int] = None, *, goal: Optional[str] = None
) -> npt.NDArray[np.unsignedinteger]: ...
def scramble(
    size: str = "4x4", moves: int = 100, n: int = 1, seed: Optional[int] = None, *, goal: Optional[str] = None
) -> npt.NDArray[np.unsignedinteger]: ...
def korf100() -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]: ...
def data_dir(data_dir: Optional[PathLike] = None) -> str: ...
def tables_list(*, puzzle: str = "fifteen", data_dir: Optional[PathLike] = None) -> List[Record]: ...
def tables_build(
    name: str,
    *,
    puzzle: str = "fifteen",
    data_dir: Optional[PathLike] = None,
    force: bool = False,
    max_memory: Optional[int] = None,
    watch: Optional[Callable[[str, int, int, bool], None]] = None,
) -> List[Record]: ...
def tables_verify(
    names: Optional[List[str]] = None, *, puzzle: str = "fifteen", data_dir: Optional[PathLike] = None
) -> List[Record]: ...
def _set_progress(callback: Optional[Callable[[str, int, int, bool], None]] = None) -> None: ...
def _panic(worker: bool = False) -> None: ...
