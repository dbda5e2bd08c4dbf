"""bench/bench_all.py's page of figures: `make bench` puts its one table in docs/PERFORMANCE.md,
between the markers, and leaves the rest of the page as it is; without the markers it writes
nothing and says so (the page is not the benchmark's to make)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bench import bench_all
from bench.bench_all import BEGIN, END

ROWS = [("load", "home page, cold", "2110 ms", "<= 1.10x bare", "met"),
        ("engine", "fendo:2 playouts | s", "900/s", ">= 2000/s", "NOT MET")]
META = {"machine": "Linux x86_64, 2 cores", "chromium": "Chromium 140 headless", "pyodide": "pyodide 0.29",
        "node": "v20", "python": "3.11.7", "args": "--sw"}
PAGE = f"# Performance\n\nWhat is measured, and how.\n\n{BEGIN}\nold figures\n{END}\n\nWhat the goals mean.\n"


@pytest.fixture
def folder():
    """A folder of the repository's build/ for this test alone (tests write nothing outside)."""
    path = Path(__file__).resolve().parents[1] / "build" / "tests" / f"bench_all-{os.getpid()}"
    path.mkdir(parents=True, exist_ok=True)
    yield path
    shutil.rmtree(path)


def test_the_table_goes_between_the_markers_and_the_rest_stays():
    figures = bench_all.figures_md(ROWS, META)
    new = bench_all.with_figures(PAGE, figures)
    before, after = new.split(BEGIN)[0], new.split(END)[1]
    assert before == PAGE.split(BEGIN)[0] and after == PAGE.split(END)[1]
    inside = new.split(BEGIN)[1].split(END)[0]
    assert "old figures" not in inside and inside.strip() == figures.strip()
    assert "| engine | fendo:2 playouts \\| s | 900/s | >= 2000/s | **NOT MET** |" in inside.splitlines()
    assert "Chromium 140 headless" in inside and "`make bench --sw`" in inside
    assert bench_all.with_figures(new, figures) == new          # the next run's: the same page


@pytest.mark.parametrize("page", ["# Performance\n", f"{BEGIN} only\n", f"{END}\n{BEGIN}\n",
                                  f"{BEGIN}\n{END}\n{BEGIN}\n{END}\n"])
def test_a_page_without_its_two_markers_takes_nothing(page):
    assert bench_all.with_figures(page, "figures") is None


def test_the_page_is_written_and_without_markers_the_table_is_printed_instead(folder, capsys):
    page = folder / "PERFORMANCE.md"
    page.write_text(PAGE)
    figures = bench_all.figures_md(ROWS, META)
    assert bench_all.write_figures(page, figures)
    assert page.read_text() == bench_all.with_figures(PAGE, figures) and capsys.readouterr().out == ""

    page.write_text("# Performance\n")
    assert not bench_all.write_figures(page, figures)
    assert page.read_text() == "# Performance\n"
    out = capsys.readouterr().out
    assert figures.strip() in out and "lacks the markers" in out
    assert not bench_all.write_figures(folder / "absent.md", figures)     # no page: no failure either
    assert not (folder / "absent.md").exists()
