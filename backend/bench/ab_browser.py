"""Two builds of the app side by side in Debian's Chromium: the cold editor load of each, paired round by
round. Not part of `make bench` (`make bench-ab`; standalone: cd backend && ../.venv/bin/python
bench/ab_browser.py [BASE [VARIANT]]). For judging a change to the editor's load: one run of
bench_browser.py moves by tens of ms from the next (the same build read 2.05x and 2.32x the sign-in page
in two runs), which hides the 20-30 ms a single change is worth; loads made next to each other do not.

A is BASE (a git revision; default HEAD); B is VARIANT (a revision) or, without it, this checkout as it
is, uncommitted changes included. A revision is checked out in a temporary git worktree and its SPA built
there (with this checkout's node_modules); each side is served by its own scripts/e2e-server.sh (gunicorn,
DEBUG off, the built SPA as `make run` serves it) on a fresh database of its own, and
frontend/bench/editor-ab.mjs loads both in ABBA order. Printed: each side's medians (sign-in page, inputs
shown, charts drawn, charts / sign-in) and the paired differences B - A (median of the rounds'
differences, with a 95 % distribution-free interval from their order statistics): an interval that
excludes 0 says B is faster or slower beyond this run's noise. Three A/A runs (one build on both sides,
30 to 40 rounds, 29 Nov) put the charts' difference within about +-40 ms, so a change smaller than that
needs more rounds (BENCH_RUNS).

BENCH_RUNS (30) rounds. AB_DATABASE_URL_A / AB_DATABASE_URL_B: the PostgreSQL databases to create and
drop (default postgres://postgres@127.0.0.1:5432/dbsizer_ab_a and _b). CHROMIUM_PATH as bench_browser.py.
"""

from __future__ import annotations

import contextlib
import math
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator

# bench/ is this script's directory, so the benchmark's own helpers import as a module
from bench_browser import (
    FRONTEND,
    REPO,
    build_spa,
    build_spa_if_stale,
    missing_browser_tools,
    run_page_script,
    served,
    tool,
)

RUNS = int(os.environ.get("BENCH_RUNS", "30"))
DATABASES = {
    side: os.environ.get(
        f"AB_DATABASE_URL_{side}", f"postgres://postgres@127.0.0.1:5432/dbsizer_ab_{side.lower()}"
    )
    for side in ("A", "B")
}


def git(*args: str) -> str:
    return subprocess.run(  # noqa: S603 (fixed command)
        [tool("git"), *args], cwd=REPO, check=True, stdout=subprocess.PIPE, text=True
    ).stdout.strip()


@contextlib.contextmanager
def checkout(revision: str | None, tree: pathlib.Path) -> Iterator[pathlib.Path]:
    """The tree a side is served from, its SPA built: a worktree of `revision` at `tree`, or this
    checkout (None)."""
    if revision is None:
        build_spa_if_stale()
        yield REPO
        return
    git("worktree", "add", "--detach", "--quiet", str(tree), revision)
    try:
        (tree / ".venv").symlink_to(REPO / ".venv")
        (tree / "frontend" / "node_modules").symlink_to(FRONTEND / "node_modules")
        build_spa(tree / "frontend")
        yield tree
    finally:
        git("worktree", "remove", "--force", str(tree))


def median_interval(values: list[float], level: float = 0.95) -> tuple[float, float] | None:
    """A distribution-free interval of the median (the order statistics x(k), x(n-k+1), k the largest
    with P(Binomial(n, 1/2) < k) <= (1 - level) / 2: coverage at least `level` whatever the loads'
    distribution), or None when there are too few values for one (fewer than 6 at 95 %). A bootstrap
    interval was too narrow on few rounds: 4 rounds of one app on both sides read "B faster" by 130 ms."""
    xs, n = sorted(values), len(values)
    tail, below, k = (1.0 - level) / 2.0, 0.0, 0
    while k < n and below + math.comb(n, k) / 2**n <= tail:
        below += math.comb(n, k) / 2**n
        k += 1
    return (xs[k - 1], xs[n - k]) if k else None


def report(samples: dict[str, dict[str, list[float]]], names: dict[str, str]) -> None:
    rounds = len(samples["A"]["editor"])
    print(f"{rounds} rounds (ABBA) after one warm-up round; cold page loads, warm servers")
    print(f"{'side':42} {'sign-in ms':>11} {'inputs ms':>10} {'charts ms':>10} {'charts/sign-in':>15}")
    for side in ("A", "B"):
        s = {k: statistics.median(v) for k, v in samples[side].items()}
        label = f"{side}: {names[side]}"
        print(
            f"{label:42} {s['signIn']:11.1f} {s['inputs']:10.1f} {s['editor']:10.1f} {s['editor'] / s['signIn']:14.2f}x"
        )
    print("paired B - A (median of the rounds' differences, 95 % distribution-free interval):")
    for what, key in (
        ("sign-in page", "signIn"),
        ("editor inputs shown", "inputs"),
        ("editor charts drawn", "editor"),
    ):
        diffs = [b - a for a, b in zip(samples["A"][key], samples["B"][key], strict=True)]
        interval = median_interval(diffs)
        if interval is None:
            print(f"  {what:22} {statistics.median(diffs):+7.1f} ms  (too few rounds for an interval)")
            continue
        low, high = interval
        verdict = "B faster" if high < 0 else "B slower" if low > 0 else "no difference beyond the noise"
        print(f"  {what:22} {statistics.median(diffs):+7.1f} ms  [{low:+.1f}, {high:+.1f}]  {verdict}")


def main(argv: list[str]) -> int:
    if len(argv) > 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[0] if argv else "HEAD"
    variant = argv[1] if len(argv) > 1 else None
    missing = missing_browser_tools()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    names = {"A": f"{base} ({git('rev-parse', '--short', base)})",
             "B": f"{variant} ({git('rev-parse', '--short', variant)})" if variant else "this checkout"}  # fmt: skip
    print(f"building and serving A = {names['A']}, B = {names['B']}")
    with tempfile.TemporaryDirectory(prefix="dbsizer-ab-") as tmp, contextlib.ExitStack() as stack:
        trees = {"A": stack.enter_context(checkout(base, pathlib.Path(tmp) / "a")),
                 "B": stack.enter_context(checkout(variant, pathlib.Path(tmp) / "b"))}  # fmt: skip
        urls = {side: stack.enter_context(served(trees[side], DATABASES[side])) for side in ("A", "B")}
        result = run_page_script(
            "editor-ab.mjs", {"AB_A_URL": urls["A"], "AB_B_URL": urls["B"], "BENCH_RUNS": str(RUNS)}
        )
    report(result["samples"], names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
