"""Where the CPU of a cold page load goes, by process (`make bench-cpu`; standalone: cd backend &&
../.venv/bin/python bench/cpu_browser.py). A diagnostic for the cold editor goal of issue 16, not part
of `make bench`.

Serves this checkout as bench_browser.py does (scripts/e2e-server.sh: gunicorn and the built SPA, a
fresh database of its own) and runs frontend/bench/editor-cpu.mjs, which loads the sign-in page and a
cold editor BENCH_RUNS (15) times each and reads every process's CPU time from /proc around each load
(navigation start to the thing editor-pages.mjs times). Prints, for each page, the mean CPU ms of each
group of processes (Chromium's by type, the server's, the driver), the machine's busy time against
its capacity (cores x the load's wall time) and the editor's excess over the sign-in page. With
BENCH_CPU_THREADS=1, Chromium's processes by thread: the renderer's main thread is the one that draws
the page, so its excess bounds how much faster the editor can get while the rest fits on the other
cores. Linux only.

BENCH_CPU_DATABASE_URL  PostgreSQL database to create and drop
                        (default postgres://postgres@127.0.0.1:5432/dbsizer_bench_cpu)
"""

from __future__ import annotations

import os
import statistics
import sys

from bench_browser import (
    REPO,
    build_spa_if_stale,
    missing_browser_tools,
    run_page_script,
    served,
)

RUNS = int(os.environ.get("BENCH_RUNS", "15"))


def main() -> int:
    missing = missing_browser_tools()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    build_spa_if_stale()
    database_url = os.environ.get(
        "BENCH_CPU_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/dbsizer_bench_cpu"
    )
    with served(REPO, database_url) as base_url:
        result = run_page_script("editor-cpu.mjs", {"BENCH_BASE_URL": base_url, "BENCH_RUNS": str(RUNS)})
    pages = result["samples"]
    cores = result["cores"]

    def mean_of(page: str, group: str) -> float:
        return statistics.fmean(s["byGroup"].get(group, 0) for s in pages[page])

    groups = sorted({g for page in pages.values() for s in page for g in s["byGroup"]})
    groups = [g for g in groups if mean_of("signIn", g) >= 1 or mean_of("editor", g) >= 1]
    print(
        f"{RUNS} loads of each page after one warm-up; {cores} cores; CPU ms per load (mean), /proc ticks of 10 ms"
    )
    print(f"{'process group':50} {'sign-in':>9} {'editor':>9} {'excess':>9}")
    for g in sorted(groups, key=lambda g: -mean_of("editor", g)):
        s, e = mean_of("signIn", g), mean_of("editor", g)
        print(f"{g:50} {s:9.0f} {e:9.0f} {e - s:+9.0f}")
    total = {p: sum(mean_of(p, g) for g in groups) for p in pages}
    print(
        f"{'all of the above':50} {total['signIn']:9.0f} {total['editor']:9.0f} {total['editor'] - total['signIn']:+9.0f}"
    )
    for page, label in (("signIn", "sign-in page"), ("editor", "cold editor")):
        wall = statistics.median(s["wall"] for s in pages[page])
        busy = statistics.median(s["busy"] / s["capacity"] for s in pages[page] if s["capacity"])
        print(
            f"{label}: {wall:.0f} ms from navigation to shown (median, driver-side); machine busy {busy:.0%} of its capacity"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
