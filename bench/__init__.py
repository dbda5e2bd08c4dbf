"""The benchmarks, a package run from the repository's root: ``python -m bench.bench_load``
(``make bench-load``), ``python -m bench.bench_all`` (``make bench``), ``python -m bench.ladder``.
Run so, the root is on ``sys.path``: a benchmark imports the app, tools/ and bench/common.py (what
the benchmarks share) as packages; under Pyodide, tools/pyodide_run.mjs puts the root there.
A benchmark asserts nothing: it prints its figures (``--json`` for the raw ones).
"""
