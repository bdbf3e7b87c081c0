"""Many boards: solve_many and distance against one-board solves, breadth-first search and the
search's own estimate; bad boards named; Ctrl-C and the GIL."""

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import slide


def test_solve_many_gives_each_boards_solve():
    boards = slide.random_boards("3x3", 40, seed=2)
    batch = slide.solve_many(boards)
    assert len(batch) == 40 and batch.length.dtype == np.int32
    assert batch.length.tolist() == [slide.solve(b).length for b in boards]
    assert batch.optimal.all() and (batch.lower_bound == batch.length).all()
    assert all(slide.play(b, batch[i].moves)["solved"] for i, b in enumerate(boards))
    texts = [" ".join(map(str, b)) for b in boards[:3].tolist()]
    assert slide.solve_many(texts).length.tolist() == batch.length[:3].tolist()
    assert slide.solve_many(boards.reshape(40, 3, 3)).length.tolist() == batch.length.tolist()


def test_bounds_are_each_boards_and_keep_what_they_proved():
    boards, lengths = slide.korf100()
    easy = slide.scramble("4x4", 12, 3, seed=4)
    mixed = np.concatenate([easy, boards[:2]])
    batch = slide.solve_many(mixed, heuristic="manhattan", max_nodes=300_000)
    assert (batch.length[:3] >= 0).all() and (batch.length[3:] == -1).all()
    manhattan = slide.distance(boards[:2], "manhattan")
    assert (manhattan <= batch.lower_bound[3:]).all() and (batch.lower_bound[3:] <= lengths[:2]).all()
    assert batch[3] is None and batch[0].length == batch.length[0]
    assert batch.stopped[3] == "node limit of 300000 reached" and batch.stopped[0] is None


def test_a_bad_board_of_a_batch_is_named_with_the_binarys_message(binary):
    boards = slide.random_boards("3x3", 5, seed=1)
    boards[2, :2] = 4
    text = " ".join(map(str, boards[2]))
    expected = binary.error("fifteen", "solve", text)
    for call in (slide.solve_many, slide.distance):
        with pytest.raises(ValueError) as e:
            call(boards)
        assert str(e.value) == f"boards[2]: {expected}"
    unsolvable = slide.random_boards("3x3", 3, seed=1)
    unsolvable[1, [0, 1]] = unsolvable[1, [1, 0]] if 0 not in unsolvable[1, :2] else unsolvable[1, [0, 1]]
    if 0 in unsolvable[1, :2]:
        unsolvable[1, [2, 3]] = unsolvable[1, [3, 2]]
    with pytest.raises(ValueError) as e:
        slide.distance(unsolvable)
    assert str(e.value) == "boards[1]: " + binary.error("fifteen", "solve", " ".join(map(str, unsolvable[1])))
    with pytest.raises(ValueError) as e:
        slide.distance(np.array([[1, 2, 3, 4, 5, 6, 7, 8, 70000]]))
    assert str(e.value) == "boards[0]: " + binary.error("fifteen", "solve", "1 2 3 4 5 6 7 8 70000")


def solvable_8_puzzles() -> np.ndarray:
    """Every 8-puzzle board that reaches 1 2 3 / 4 5 6 / 7 8 0: by the inversion count of its
    tiles (even on a board of odd width), counted here pair by pair."""
    boards = np.array(list(itertools.permutations(range(9))), dtype=np.uint8)
    tiles = boards[boards != 0].reshape(len(boards), 8)
    inversions = sum((tiles[:, i, None] > tiles[:, i + 1 :]).sum(axis=1) for i in range(7))
    return boards[inversions % 2 == 0]


def test_exact_distances_of_every_8_puzzle_are_the_breadth_first_histogram():
    boards = solvable_8_puzzles()
    assert len(boards) == 181_440
    exact = slide.distance(boards)
    histogram = slide.analyze("3x3").histogram
    assert np.bincount(exact).tolist() == histogram.tolist()
    sample = boards[:: len(boards) // 50]
    assert slide.distance(sample).tolist() == slide.solve_many(sample, heuristic="manhattan").length.tolist()


def test_heuristic_values_are_the_searchs_own_estimates():
    boards, lengths = slide.korf100()
    manhattan = slide.distance(boards, "manhattan")
    linear = slide.distance(boards, "linear-conflict")
    pdb = slide.distance(boards, "pdb663")
    assert (manhattan <= linear).all() and (manhattan <= pdb).all()
    assert (pdb <= lengths).all() and (linear <= lengths).all()
    # A search stopped in its first iteration has proved only its start's estimate.
    for board, h in zip(boards[:5], pdb[:5]):
        with pytest.raises(slide.SearchStopped) as e:
            slide.solve(board, heuristic="pdb663", max_nodes=1)
        assert e.value.lower_bound == h
    assert slide.distance(boards[:3].reshape(3, 4, 4), "pdb663").tolist() == pdb[:3].tolist()


def test_exact_distances_past_the_tables_are_searched():
    boards = slide.scramble("4x4", 20, 4, seed=8)
    assert slide.distance(boards).tolist() == slide.solve_many(boards, heuristic="manhattan").length.tolist()


def run_and_interrupt(body: str, after: float = 1.0) -> tuple:
    """Runs `body` in a Python of its own, sends it SIGINT once it says "started" and `after`
    seconds more: its exit status, its stderr and the seconds from SIGINT to its end."""
    script = textwrap.dedent(
        """
        import signal, sys, slide
        # Python leaves SIGINT ignored when it starts with it ignored (a job put in the
        # background by a shell without job control): the test is of the package, not of that.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        slide.tables.show_progress(False)
        boards, lengths = slide.korf100()
        print("started", flush=True)
        """
    ) + textwrap.dedent(body)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(after)
    assert child.poll() is None, "the work ended before Ctrl-C: " + child.stderr.read()
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, err = child.communicate(timeout=60)
    return child.returncode, err, time.monotonic() - sent


@pytest.mark.parametrize(
    "body",
    [
        "slide.solve_many(boards, heuristic='manhattan')",
        "slide.solve(boards[59], heuristic='manhattan')",
        "slide.distance(slide.random_boards('5x5', 4, seed=1))",
    ],
)
def test_ctrl_c_stops_the_work_with_keyboard_interrupt(body):
    status, err, seconds = run_and_interrupt(body)
    assert status != 0 and "KeyboardInterrupt" in err, err
    assert seconds < 5, f"{seconds:.1f} s from Ctrl-C to the end"


def test_the_gil_is_released_while_a_batch_runs():
    boards, _ = slide.korf100()
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    start = time.monotonic()
    try:
        slide.solve_many(boards[:40], heuristic="manhattan", max_nodes=5_000_000)
    finally:
        done.set()
        thread.join()
    end = time.monotonic()
    seconds = end - start
    # Held, the GIL would stop the ticker for the whole batch: one gap as
    # long as the batch. Released, the ticker keeps its millisecond pace.
    # No absolute time is asserted: a fast machine only makes the batch short.
    during = [start] + [t for t in ticks if start < t < end] + [end]
    longest_gap = max(b - a for a, b in zip(during, during[1:]))
    assert len(during) > 10 and longest_gap < seconds / 4, (seconds, len(during), longest_gap)
