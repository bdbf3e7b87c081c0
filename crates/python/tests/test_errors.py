"""What crosses into Python is an exception, never a crash: panics (on the calling thread
and on the work's), bad options, and the binaries' messages."""

import subprocess
import sys

import pytest

import slide
from slide import _native


def test_a_panic_on_a_worker_is_an_internal_error():
    with pytest.raises(slide.InternalError) as e:
        _native._panic(worker=True)
    assert str(e.value).startswith("internal error (a bug): a panic asked for by _panic, on a worker")
    assert slide.solve("1 2 3 / 4 5 6 / 0 7 8").length == 2, "the module still works"


def test_a_panic_on_the_calling_thread_is_an_exception_not_an_abort():
    script = (
        "import slide\n"
        "from slide import _native\n"
        "try:\n"
        "    _native._panic()\n"
        "except BaseException as e:\n"
        "    print(type(e).__name__, e)\n"
        "print(slide.solve('1 2 3 / 4 5 6 / 0 7 8').length)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["PanicException a panic asked for by _panic", "2"]


@pytest.mark.parametrize(
    "program, args, call",
    [
        ("fifteen", ["--size", "3x3", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"], lambda: slide.solve("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0", size="3x3")),
        ("fifteen", ["--timeout=-1", "1 2 3 / 4 5 6 / 0 7 8"], lambda: slide.solve("1 2 3 / 4 5 6 / 0 7 8", timeout=-1)),
        ("fifteen", ["--goal", "1 2 3 / 4 5 6 / 7 7 0", "1 2 3 / 4 5 6 / 0 7 8"], lambda: slide.solve("1 2 3 / 4 5 6 / 0 7 8", goal="1 2 3 / 4 5 6 / 7 7 0")),
        ("fifteen", ["--heuristic", "pdb663", "1 2 3 / 4 5 6 / 0 7 8"], lambda: slide.solve("1 2 3 / 4 5 6 / 0 7 8", heuristic="pdb663")),
        ("fifteen", ["--algorithm", "idastar", "1 2 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 17 18 / 19 20 21 22 23 24 / 25 26 27 28 29 30 / 31 32 33 34 0 35"], lambda: slide.solve("1 2 3 4 5 6 / 7 8 9 10 11 12 / 13 14 15 16 17 18 / 19 20 21 22 23 24 / 25 26 27 28 29 30 / 31 32 33 34 0 35")),
        ("goat", ["1 2 3"], lambda: slide.solve("1 2 3", puzzle="goat")),
        ("quzzle", ["nonesuch"], lambda: slide.solve("nonesuch", puzzle="quzzle")),
        ("quzzle", ["./missing.txt"], lambda: slide.solve("./missing.txt", puzzle="quzzle")),
    ],
)
def test_bad_input_is_the_binarys_message(binary, program, args, call):
    expected = binary.error(program, "solve", *args)
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == expected


def test_options_the_binaries_refuse_before_reading_them_are_said_by_the_library():
    # The binaries' argument parser refuses these with its own words; here the library does.
    with pytest.raises(ValueError, match="fifteen does not offer the nonesuch heuristic"):
        slide.solve("1 2 3 / 4 5 6 / 0 7 8", heuristic="nonesuch")
    with pytest.raises(ValueError, match="--weight 0.5 is not 1 to 1000"):
        slide.solve("1 2 3 / 4 5 6 / 0 7 8", algorithm="weighted", weight=0.5)
    with pytest.raises(ValueError, match="no metric xyz"):
        slide.solve("1 2 3 / 4 5 6 / 0 7 8", metric="xyz")
    with pytest.raises(ValueError, match="unknown notation"):
        slide.solve("1 2 3 / 4 5 6 / 0 7 8", notation="xyz")


def test_a_goal_that_cannot_be_reached_is_unsolvable(binary):
    # A block walled in its corner, asked to the opposite one.
    with pytest.raises(slide.Unsolvable) as e:
        slide.solve("A#/#.", puzzle="quzzle", goal="../.A")
    assert isinstance(e.value, ValueError)
    assert str(e.value) == binary.error("quzzle", "solve", "--goal", "../.A", "A#/#.")
    # Two tiles swapped: unreachable by parity, with the binary's reason.
    with pytest.raises(slide.Unsolvable) as e:
        slide.solve("1 2 3 / 4 5 6 / 8 7 0")
    assert str(e.value) == binary.error("fifteen", "solve", "1 2 3 / 4 5 6 / 8 7 0")


def test_what_is_not_a_board_is_a_type_error():
    with pytest.raises(TypeError):
        slide.solve(3.5)
    with pytest.raises(TypeError):
        slide.solve([1.5, 2, 3, 0])
    with pytest.raises(TypeError):
        slide.solve_many("1 2 3 / 4 5 6 / 0 7 8")
    with pytest.raises(ValueError):
        slide.solve("1 2 3 / 4 5 6 / 0 7 8", puzzle="nonesuch")
    with pytest.raises(ValueError):
        slide.solve("1 2 3 / 4 5 6 / 0 7 8", algorithm="dfs", weight=2)
