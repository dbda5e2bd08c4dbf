"""The project's tools, a package run from the repository's root: ``python3 -m tools.build
runtime``, ``python3 -m tools.serve``, ``python -m tools.fuzz_app`` (the Makefile's targets).

Run so, the root is on ``sys.path``: a tool imports the app (``game``, ``ui``) and the other
tools (``from tools import build``) as packages, and so do the tests and the benchmarks.
tools/build.py and tools/serve.py need the standard library alone: ``make runtime`` runs the
build with the machine's python3, before any venv exists.  tools/ensure.sh (bash) installs what
the Makefile needs; tools/*.mjs run under Node.
"""
