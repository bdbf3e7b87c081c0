"""One board solved: every form of board, the replay of each solution, optimality against
breadth-first search, the binaries' records and messages, bounds and what they prove."""

import numpy as np
import pytest

import slide
from conftest import without_times

FAR = "8 6 7 / 2 5 4 / 3 0 1"  # one of the two 8-puzzles farthest from the goal (31 moves)
KORF_1_LENGTH = 57


def test_every_form_of_a_board_is_the_same_board():
    forms = [
        "1 2 3 / 4 5 6 / 0 7 8",
        "1,2,3,4,5,6,0,7,8",
        [1, 2, 3, 4, 5, 6, 0, 7, 8],
        [[1, 2, 3], [4, 5, 6], [0, 7, 8]],
        ((1, 2, 3), (4, 5, 6), (0, 7, 8)),
        np.array([[1, 2, 3], [4, 5, 6], [0, 7, 8]], dtype=np.int64),
        np.array([1, 2, 3, 4, 5, 6, 0, 7, 8], dtype=np.uint8),
    ]
    answers = {(s.length, s.moves, tuple(s.to_dict()["start"])) for s in map(slide.solve, forms)}
    assert answers == {(2, "LL", (1, 2, 3, 4, 5, 6, 0, 7, 8))}


def test_a_solution_replays_to_the_goal():
    boards = slide.random_boards("3x3", 20, seed=3)
    for board in boards:
        s = slide.solve(board)
        played = slide.play(board, s.moves)
        assert played["solved"] and played["length"] == s.length == len(s.pieces)
    s = slide.solve(slide.scramble("4x4", 40, seed=5)[0])
    assert slide.play(s.to_dict()["start"], s.moves, size="4x4")["solved"]


def test_optimal_lengths_agree_with_breadth_first_search():
    for board in slide.random_boards("3x3", 12, seed=11):
        ida = slide.solve(board)
        bfs = slide.solve(board, algorithm="bfs")
        manhattan = slide.solve(board, heuristic="manhattan")
        assert ida.optimal and bfs.optimal
        assert ida.length == bfs.length == manhattan.length == ida.lower_bound


@pytest.mark.parametrize(
    "program, args, kwargs",
    [
        ("fifteen", [FAR], dict(board=FAR)),
        ("fifteen", ["--metric", "mtm", "--notation", "runs", FAR], dict(board=FAR, metric="mtm", notation="runs")),
        ("fifteen", ["--algorithm", "weighted", "--weight", "1.5", FAR], dict(board=FAR, algorithm="weighted", weight=1.5)),
        ("seven", [], dict(puzzle="seven")),
        ("goat", [], dict(puzzle="goat")),
        ("quzzle", ["--metric", "block", "klotski"], dict(board="klotski", puzzle="quzzle", metric="block")),
    ],
)
def test_the_record_is_the_binarys(binary, program, args, kwargs):
    [expected] = binary.records(program, "solve", *args)
    got = slide.solve(**kwargs).to_dict()
    assert list(got) == list(expected)
    assert without_times(got) == without_times(expected)


BAD_BOARDS = [
    "1 2 3 / 4 5 6 / 7 8 8",
    "1 2 3 / 4 5 6 / 7 8",
    "1 2 3 / 4 5 6 / 7 8 9",
    "1 2 3 4 5 6 7 8",
    "1 2 x / 4 5 6 / 7 8 0",
    "1 2 3 / 4 5 6 7 / 8 0",
    "",
]


@pytest.mark.parametrize("board", BAD_BOARDS)
def test_a_bad_board_is_the_binarys_message(binary, board):
    expected = binary.error("fifteen", "solve", board)
    with pytest.raises(ValueError) as e:
        slide.solve(board)
    assert str(e.value) == expected


def test_an_unsolvable_board_is_a_value_error_saying_why(binary):
    board = "1 2 3 / 4 5 6 / 8 7 0"
    with pytest.raises(ValueError) as e:
        slide.solve(board)
    assert str(e.value) == binary.error("fifteen", "solve", board)
    assert "unsolvable" in str(e.value)


def test_a_bound_raises_what_the_search_proved():
    boards, lengths = slide.korf100()
    manhattan = int(slide.distance(boards[:1], "manhattan")[0])
    with pytest.raises(slide.SearchStopped) as e:
        slide.solve(boards[0], heuristic="manhattan", max_nodes=200_000)
    stop = e.value
    assert stop.reason == "nodes" and str(stop) == "search stopped: node limit of 200000 reached"
    assert manhattan <= stop.lower_bound <= lengths[0] == KORF_1_LENGTH
    assert stop.lower_bound > manhattan, "200,000 nodes finish a few iterations past the estimate"
    assert stop.nodes >= 200_000 and stop.seconds > 0
    with pytest.raises(slide.SearchStopped) as e:
        slide.solve(boards[0], heuristic="manhattan", timeout=0.2)
    assert e.value.reason == "time" and manhattan <= e.value.lower_bound <= KORF_1_LENGTH


def test_a_solution_that_is_not_optimal_carries_a_proven_lower_bound():
    boards, lengths = slide.korf100()
    for board, optimal in zip(boards[:5], lengths[:5]):
        s = slide.solve(board, algorithm="weighted", weight=3)
        assert not s.optimal
        assert s.lower_bound <= optimal <= s.length <= 3 * optimal
        assert slide.play(board, s.moves)["solved"]
    fast = slide.solve(slide.random_boards("10x10", 1, seed=1)[0], algorithm="fast")
    assert not fast.optimal and 0 < fast.lower_bound < fast.length
    assert slide.play(fast.to_dict()["start"], fast.moves, size="10x10")["solved"]


def test_the_multi_tile_metric_and_notation_both_ways():
    s = slide.solve("1 4 7 / 2 0 8 / 3 6 5", metric="mtm", notation="runs")
    assert s.length == 24 and s.optimal
    assert slide.play("1 4 7 / 2 0 8 / 3 6 5", s.moves, metric="mtm")["length"] == 24
    tile = slide.solve(FAR)
    blank = slide.solve(FAR, convention="blank")
    flip = str.maketrans("UDLR", "DURL")
    assert blank.moves == tile.moves.translate(flip)
    assert slide.play(FAR, blank.moves, convention="blank")["solved"]
    assert slide.solve(FAR, apply=tile.moves[:5]).length == 26


def test_goat_and_block_puzzles_by_name_and_by_file(tmp_path):
    assert slide.solve(puzzle="goat").length == 20
    assert slide.solve(puzzle="seven").length == 36
    assert slide.solve("pennant", puzzle="quzzle", metric="block").length == 59
    puzzle = tmp_path / "tiny.txt"
    puzzle.write_text("name: tiny\nsize: 2x3\nstart:\nAA.\n.A.\n")
    with pytest.raises(ValueError) as e:
        slide.solve(puzzle, puzzle="quzzle")
    assert str(e.value).startswith(str(puzzle))
    puzzle.write_text("name: tiny\nsize: 2x3\nmetric: cell\nstart:\nA..\nA..\ngoal:\n..A\n..A\n")
    s = slide.solve(puzzle, puzzle="quzzle")
    assert s.to_dict()["name"] == "tiny" and s.optimal and s.moves is None
    assert s.length == len(s.directions) == len(s.pieces) == 2


def test_a_solution_draws_itself_board_by_board():
    s = slide.solve(FAR)
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and 'id="board-31"' in svg and 'id="board-32"' not in svg
    assert s.svg() == svg
    assert 'id="board-20"' in slide.solve(puzzle="goat")._repr_svg_()
    assert repr(s).startswith("Solution(puzzle='fifteen', length=31, optimal=True, moves='")
