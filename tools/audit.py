#!/usr/bin/env python3
"""`make audit`: Lighthouse's accessibility and best-practices scores of the site, served locally.

    python3 -m tools.audit [--min 95] [--json build/audit/audit.json]

Serves the repository (tools/serve.py) on a free port, runs tools/audit.mjs (Lighthouse's
user flow: the home page, the rules page, the new-game form, each landed game's table),
prints one line per screen and the audits that failed, and exits 1 when a score is under
``--min``.  Lighthouse 12 has no PWA category any more: installability is checked by
tests/e2e/test_installable.py instead.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tools import serve

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min", type=float, default=95, help="lowest score accepted, 0-100")
    ap.add_argument("--json", default=str(ROOT / "build/audit/audit.json"), help="where to write the results")
    args = ap.parse_args()
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    srv = serve.make_server(ROOT).start()
    t0 = time.monotonic()
    try:
        games = ",".join(serve.build.playable(ROOT))     # every game of the catalogue the page offers
        subprocess.run(["node", str(ROOT / "tools/audit.mjs"), srv.url, str(out), games],
                       check=True, env=env, cwd=ROOT)
    finally:
        srv.stop()
    data = json.loads(out.read_text(encoding="utf-8"))
    low = []
    print(f"Lighthouse {data['lighthouse']} ({time.monotonic() - t0:.0f} s); at least {args.min:g} wanted")
    print(f"{'screen':<26} {'accessibility':>13} {'best-practices':>15}")
    for step in data["steps"]:
        sc = {k: round(100 * v) if v is not None else None for k, v in step["scores"].items()}
        print(f"{step['name']:<26} {str(sc.get('accessibility')):>13} {str(sc.get('best-practices')):>15}")
        low += [(step["name"], k, v) for k, v in sc.items() if v is not None and v < args.min]
        for f in step["failed"]:
            print(f"    {f['category']}: {f['id']} ({f['title']})")
            for item in f["items"]:
                print(f"        {str(item)[:160]}")
    if low:
        print("under the minimum: " + "; ".join(f"{n} {k} {v}" for n, k, v in low))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
