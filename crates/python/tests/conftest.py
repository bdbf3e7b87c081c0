"""What the tests share: a private table directory (never the user's cache), and the
binaries of this checkout, to compare records and messages with (built when missing)."""

import json
import os
import pathlib
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Before slide is imported anywhere: every call resolves its table directory from here.
DATA_DIR = tempfile.mkdtemp(prefix="slide-python-tests-")
os.environ["SLIDE_DATA_DIR"] = DATA_DIR

import slide  # noqa: E402

slide.tables.show_progress(False)


def _binaries() -> pathlib.Path:
    """The directory of this checkout's binaries: target/debug (what `cargo test --workspace`
    builds) or target/release, built in debug when neither holds them."""
    for profile in ("debug", "release"):
        folder = ROOT / "target" / profile
        if all((folder / name).is_file() for name in ("fifteen", "seven", "goat", "quzzle")):
            return folder
    subprocess.run(["cargo", "build", "-p", "slide-cli", "--bins"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug"


class Binary:
    """One of the binaries, run with the tests' table directory."""

    def __init__(self, folder: pathlib.Path):
        self.folder = folder

    def run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        data_dir = [] if "--data-dir" in args else ["--data-dir", DATA_DIR]
        command = [str(self.folder / program), *args, *data_dir, "--quiet"]
        done = subprocess.run(command, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"{command} failed ({done.returncode}): {done.stderr}")
        return done

    def records(self, program: str, *args: str) -> list:
        """The JSON records of a run that succeeds."""
        out = self.run(program, *args, "--json").stdout
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    def error(self, program: str, *args: str) -> str:
        """The message of a run that fails, without the program's name."""
        done = self.run(program, *args, check=False)
        assert done.returncode != 0, f"{program} {args} succeeded"
        line = done.stderr.strip().splitlines()[-1]
        prefix = f"{program}: "
        assert line.startswith(prefix), line
        return line[len(prefix) :]


@pytest.fixture(scope="session")
def binary() -> Binary:
    return Binary(_binaries())


def without_times(record: dict) -> dict:
    """A record without what differs from run to run: its time, and the nodes of a search
    that splits its last iteration among threads (the first solution in order is the same
    whoever finds it, the nodes generated before the others stop are not)."""
    return {k: v for k, v in record.items() if k not in ("millis", "nodes")}
