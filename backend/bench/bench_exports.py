"""Export rendering time and size (`make bench`; standalone: cd backend && ../.venv/bin/python bench/bench_exports.py).

Renders a proposal with a 200-line BOM (goal: median <= 2 s on this machine) and, as the baseline
measured in the same run, a one-page PDF with one paragraph; prints medians, sizes and ratios.
No database: the document is synthetic (reports.tests.samples).
"""

from __future__ import annotations

import io
import pathlib
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # run from anywhere

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate

from reports import render_bom_csv, render_bom_pdf, render_bom_xlsx, render_proposal_pdf
from reports.tests.samples import sample_proposal, synthetic_lines

RUNS = 7
GOAL_S = 2.0


def baseline_pdf() -> bytes:
    buf = io.BytesIO()
    style = ParagraphStyle("b", fontName="Helvetica", fontSize=10)
    SimpleDocTemplate(buf, pagesize=A4).build([Paragraph("One paragraph on one page.", style)])
    return buf.getvalue()


def measure(fn: Callable[[], bytes], runs: int = RUNS) -> tuple[float, int]:
    fn()  # warm-up: first-call imports and font metric caches are not what a request pays
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(fn())
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def main() -> int:
    data = sample_proposal(synthetic_lines(200))
    base_t, base_size = measure(baseline_pdf)
    rows = [("baseline: 1-page PDF, 1 paragraph", base_t, base_size)]
    for label, fn in (
        ("proposal PDF, 200-line BOM", lambda: render_proposal_pdf(data)),
        ("BOM PDF, 200 lines", lambda: render_bom_pdf(data)),
        ("BOM XLSX, 200 lines", lambda: render_bom_xlsx(data)),
        ("BOM CSV, 200 lines", lambda: render_bom_csv(data)),
    ):
        t, size = measure(fn)
        rows.append((label, t, size))
    print(f"median of {RUNS} runs after one warm-up; ratios against the baseline of this run")
    print(f"{'what':38} {'median ms':>10} {'x base':>8} {'bytes':>9} {'x base':>8}")
    for label, t, size in rows:
        print(f"{label:38} {t * 1000:10.1f} {t / base_t:8.1f} {size:9d} {size / base_size:8.1f}")
    proposal_t = rows[1][1]
    verdict = "meets" if proposal_t <= GOAL_S else "MISSES"
    print(f"proposal with 200-line BOM: {proposal_t:.3f} s median, {verdict} the {GOAL_S:.0f} s goal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
