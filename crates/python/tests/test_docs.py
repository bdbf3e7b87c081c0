"""The examples of the docstrings and of docs/PYTHON.md run as written, and say what they
show."""

import doctest
import pathlib

import numpy as np
import pytest

import slide
from slide import _native

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    "target",
    # The classes' docstrings are found through `slide`, their module.
    [slide, slide.tables, _native],
    ids=lambda t: getattr(t, "__name__", str(t)),
)
def test_docstring_examples(target):
    finder = doctest.DocTestFinder()
    name = getattr(target, "__name__", "slide")
    tests = finder.find(target, name, globs={"slide": slide, "np": np})
    examples = sum(len(t.examples) for t in tests)
    assert examples > 0, f"{name} has no examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} of {examples} examples failed (the output above)"


def test_every_public_function_has_an_example():
    public = [slide.solve, slide.solve_many, slide.distance, slide.analyze, slide.count, slide.play,
              slide.random_boards, slide.scramble, slide.korf100]
    assert all(">>> " in f.__doc__ for f in public)


def test_the_guide_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # it writes solution.svg
    result = doctest.testfile(
        str(ROOT / "docs" / "PYTHON.md"),
        module_relative=False,
        globs={},
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 20 and result.failed == 0, result
    assert (tmp_path / "solution.svg").read_text().startswith("<svg")
