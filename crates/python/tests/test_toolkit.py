"""The rest of the toolkit: whole spaces analysed, optimal solutions counted, moves played,
boards made as the binaries make them, and the tables."""

import json
import os

import numpy as np
import pytest

import slide
from conftest import DATA_DIR, without_times


def test_the_8_puzzle_space_is_the_binarys(binary):
    a = slide.analyze("3x3")
    assert (a.states, a.max_depth, int(a.histogram[31])) == (181_440, 31, 2)
    assert a.histogram.dtype == np.uint64 and int(a.histogram.sum()) == a.states
    [expected] = binary.records("fifteen", "analyze", "--size", "3x3")
    assert without_times(a.to_dict()) == without_times(expected)
    assert a._repr_svg_().startswith("<svg") and a.plot(log=True) != a.plot()


def test_spaces_of_other_metrics_and_puzzles():
    assert slide.analyze("3x3", metric="mtm").max_depth == 24
    assert slide.analyze(puzzle="seven").max_depth == 36
    small = slide.analyze(board="small", puzzle="quzzle")
    assert small.states == int(small.histogram.sum()) > 0
    with pytest.raises(slide.TooLarge) as e:
        slide.analyze("4x4", max_memory="1G")
    assert isinstance(e.value, ValueError) and str(e.value).endswith("over the 1.0 GiB allowed (--max-memory)")


def test_counting_and_listing_optimal_solutions(binary):
    c = slide.count(puzzle="seven", list=3)
    assert (c["length"], c["count"], len(c["solutions"])) == (36, 24, 3)
    [expected] = binary.records("seven", "count", "--list", "--limit", "3")
    assert without_times(c) == without_times(expected)
    for listed in c["solutions"]:
        assert slide.play(c["start"], listed["notation"], puzzle="seven")["solved"]


def test_play_names_an_illegal_move_as_the_binary_does(binary):
    expected = binary.error("fifteen", "play", "--from", "1 2 3 / 4 5 6 / 0 7 8", "LLL")
    with pytest.raises(ValueError) as e:
        slide.play("1 2 3 / 4 5 6 / 0 7 8", "LLL")
    assert str(e.value) == expected
    [expected] = binary.records("fifteen", "play", "--size", "3x3", "R2 D2 L U")
    assert slide.play(None, "R2 D2 L U", size="3x3") == expected


@pytest.mark.parametrize("size, n, seed", [("3x3", 5, 7), ("4x4", 3, 1), ("2x5", 4, 0), ("12x12", 2, 3)])
def test_random_boards_are_the_binarys(binary, size, n, seed):
    lines = binary.run("fifteen", "random", "--size", size, "--seed", str(seed), "--count", str(n)).stdout.splitlines()
    boards = slide.random_boards(size, n, seed=seed)
    assert boards.shape == (n, len(lines[0].replace("/", " ").split()))
    assert [" ".join(map(str, b)) for b in boards.tolist()] == [" ".join(l.replace("/", " ").split()) for l in lines]
    assert boards.dtype == (np.uint8 if boards.shape[1] <= 256 else np.uint16)


def test_scrambles_are_the_binarys(binary):
    out = binary.run("fifteen", "scramble", "--size", "4x4", "--moves", "30", "--seed", "9", "--count", "3").stdout
    boards = slide.scramble("4x4", 30, 3, seed=9)
    assert [" ".join(map(str, b)) for b in boards.tolist()] == [" ".join(l.replace("/", " ").split()) for l in out.splitlines()]
    assert all(slide.solve(b).length <= 30 for b in boards)


def test_tables_are_listed_built_and_verified_as_the_binary_does(binary, tmp_path):
    listed = slide.tables.list(data_dir=tmp_path)
    expected = binary.records("fifteen", "tables", "list", "--data-dir", str(tmp_path))
    assert listed == expected
    seen = []
    built = slide.tables.build("exact-3x3", data_dir=tmp_path, progress=False)
    assert len(built) == 1 and built[0]["file"].startswith("fifteen-exact-3x3") and built[0]["set"] == "exact-3x3"
    assert (tmp_path / built[0]["file"]).is_file()
    built = slide.tables.build("exact-3x3", data_dir=tmp_path, force=True)
    assert built[0]["entries"] > 0
    slide.tables.show_progress(lambda *a: seen.append(a))
    try:
        slide.tables.build("exact-2x5", data_dir=tmp_path)
    finally:
        slide.tables.show_progress(False)
    assert seen, "the build reported its progress"
    checks = slide.tables.verify(data_dir=tmp_path)
    assert checks and all(c["ok"] for c in checks)
    assert [c["table"] for c in checks] == [c["table"] for c in binary.records("fifteen", "tables", "verify", "--data-dir", str(tmp_path))]
    with pytest.raises(ValueError) as e:
        slide.tables.build("nonesuch", data_dir=tmp_path)
    assert str(e.value).startswith('fifteen has no table set "nonesuch"; known: exact-3x3')


def test_the_table_directory_is_the_binaries():
    assert os.fspath(slide.tables.data_dir()) == DATA_DIR
    assert os.fspath(slide.tables.data_dir("/somewhere")) == "/somewhere"


def test_a_default_that_gives_way_says_so_as_a_warning(tmp_path):
    with pytest.warns(slide.SlideWarning, match="pdb78"):
        s = slide.solve("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / 0 10 14 12", data_dir=tmp_path)
    assert s.length == 15 and s.heuristic == "pdb663"


def test_korfs_100_are_the_published_instances():
    boards, lengths = slide.korf100()
    assert boards.shape == (100, 16) and int(lengths.sum()) == 5305
    assert sorted(boards[0].tolist()) == list(range(16))
