"""The balance and load-response charts as ReportLab vector drawings.

Drawn with reportlab.graphics shapes (paths and text in the PDF, no raster image), with "nice" ticks,
so a printed proposal stays sharp and its labels stay searchable. The value axes are the screen's
focused axes (frontend/src/features/designs/lib/axes.ts, focusedAxis): up to a little above the
highest line that must show (SLA, limits, design point), logarithmic where a linear axis would flatten
the design point onto the axis line (a disk platform: tens of ms under an SLA of seconds).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors

from reports.model import BalanceChart, LoadResponseChart, Zone
from reports.text import clean, fmt_number, fmt_percent

FONT = "Helvetica"
ZONE_FILL = {
    "ok": colors.Color(0.83, 0.94, 0.83),
    "warning": colors.Color(1.0, 0.93, 0.75),
    "critical": colors.Color(0.99, 0.86, 0.86),
}
SERIES_COLOURS = (
    colors.Color(0.12, 0.35, 0.65),
    colors.Color(0.85, 0.45, 0.10),
    colors.Color(0.20, 0.55, 0.25),
    colors.Color(0.55, 0.25, 0.60),
    colors.Color(0.45, 0.45, 0.45),
    colors.Color(0.10, 0.60, 0.65),
)
SLA_COLOUR = colors.Color(0.80, 0.10, 0.10)
# The design load's marker: the same on both charts, apart from the black SLA point of the balance.
DESIGN_COLOUR = colors.Color(0.10, 0.10, 0.45)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 2.5, 5 x 10^k steps) covering [lo, hi]."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        hi = lo + 1.0
    raw = (hi - lo) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    value = start
    while value < hi + step * 0.999:
        ticks.append(round(value, 10))
        value += step
    return ticks


@dataclass(frozen=True)
class ValueAxis:
    """A chart's value axis as the screen builds it: linear from zero or logarithmic, and its range."""

    type: Literal["linear", "logarithmic"]
    min: float
    max: float


# The screen's constants (axes.ts): a marker below this share of a linear axis merges with the axis
# line, so the axis turns logarithmic; the highest line that must show gets this much room above it.
MIN_VISIBLE_FRACTION = 0.1
FOCUS_HEADROOM = 1.15
FINE_STEPS = (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
COARSE_STEPS = (1, 2, 2.5, 5, 10)


def _step_ceil(value: float, steps: Sequence[float]) -> float:
    if not value > 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    return next((m * power for m in steps if m * power >= value * (1 - 1e-12)), 10 * power)


def _nice_floor(value: float) -> float:
    if not value > 0:
        return 0.0
    power = 10 ** math.floor(math.log10(value))
    return next((m * power for m in reversed(COARSE_STEPS) if m * power <= value * (1 + 1e-12)), power)


def focused_axis(must_show: Iterable[float], floor_hints: Iterable[float] = ()) -> ValueAxis:
    """The screen's focusedAxis: linear from zero when every value that must show stands clear of the
    bottom, else logarithmic from a nice value below the lowest of them and of the curve's start
    (three decades at most)."""
    values = [v for v in must_show if math.isfinite(v) and v > 0]
    if not values:
        return ValueAxis("linear", 0.0, 1.0)
    top = _step_ceil(max(values) * FOCUS_HEADROOM, FINE_STEPS)
    lowest = min(values)
    if lowest / top >= MIN_VISIBLE_FRACTION:
        return ValueAxis("linear", 0.0, top)
    hints = [v for v in floor_hints if math.isfinite(v) and v > 0]
    floor = max(min([lowest, *hints]) / 1.25, top / 1000)
    return ValueAxis("logarithmic", _nice_floor(floor), top)


def log_ticks(lo: float, hi: float) -> list[float]:
    """1, 2, 5 x 10^k between the ends of a logarithmic axis, the ends included."""
    ticks = [lo]
    k = math.floor(math.log10(lo))
    while 10**k <= hi:
        for m in (1, 2, 5):
            t = m * 10**k
            if lo * 1.0001 < t < hi / 1.0001:
                ticks.append(t)
        k += 1
    return [*ticks, hi]


def value_ticks(axis: ValueAxis) -> list[float]:
    if axis.type == "logarithmic":
        return log_ticks(axis.min, axis.max)
    ticks = [t for t in nice_ticks(axis.min, axis.max, 5) if t <= axis.max * (1 + 1e-9)]
    return ticks if ticks[-1] >= axis.max * (1 - 1e-9) else [*ticks, axis.max]


class _Axes:
    """Maps data coordinates into a plot rectangle of a Drawing (the y axis linear or logarithmic)."""

    def __init__(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        xt: Sequence[float],
        yt: Sequence[float],
        log_y: bool = False,
    ):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.xt, self.yt = list(xt), list(yt)
        self.x0, self.x1 = self.xt[0], self.xt[-1]
        self.y0, self.y1 = self.yt[0], self.yt[-1]
        self.log_y = log_y

    def px(self, v: float) -> float:
        v = min(max(v, self.x0), self.x1)
        return self.x + (v - self.x0) / (self.x1 - self.x0) * self.w

    def py(self, v: float) -> float:
        v = min(max(v, self.y0), self.y1)
        if self.log_y:
            return self.y + math.log(v / self.y0) / math.log(self.y1 / self.y0) * self.h
        return self.y + (v - self.y0) / (self.y1 - self.y0) * self.h

    def draw_frame(self, d: Drawing, x_label: str, y_label: str) -> None:
        grid = colors.Color(0.85, 0.85, 0.85)
        for t in self.xt:
            d.add(Line(self.px(t), self.y, self.px(t), self.y + self.h, strokeColor=grid, strokeWidth=0.3))
            d.add(
                String(
                    self.px(t), self.y - 10, fmt_number(t, 3), fontName=FONT, fontSize=7, textAnchor="middle"
                )
            )
        for t in self.yt:
            d.add(Line(self.x, self.py(t), self.x + self.w, self.py(t), strokeColor=grid, strokeWidth=0.3))
            d.add(
                String(
                    self.x - 4,
                    self.py(t) - 2.5,
                    fmt_number(t, 3),
                    fontName=FONT,
                    fontSize=7,
                    textAnchor="end",
                )
            )
        d.add(Rect(self.x, self.y, self.w, self.h, fillColor=None, strokeColor=colors.black, strokeWidth=0.6))
        d.add(
            String(self.x + self.w / 2, self.y - 22, x_label, fontName=FONT, fontSize=8, textAnchor="middle")
        )
        label = String(0, 0, y_label, fontName=FONT, fontSize=8, textAnchor="middle")
        # Rotated y-axis title: a group transform keeps it as text in the PDF.
        g = Group(label)
        g.transform = (0, 1, -1, 0, self.x - 30, self.y + self.h / 2)
        d.add(g)

    def shade(self, d: Drawing, zone: Zone) -> None:
        x0 = self.px(zone.x_min if zone.x_min is not None else self.x0)
        x1 = self.px(zone.x_max if zone.x_max is not None else self.x1)
        y0 = self.py(zone.y_min if zone.y_min is not None else self.y0)
        y1 = self.py(zone.y_max if zone.y_max is not None else self.y1)
        if x1 <= x0 or y1 <= y0:
            return
        fill = ZONE_FILL.get(zone.level, ZONE_FILL["warning"])
        d.add(Rect(x0, y0, x1 - x0, y1 - y0, fillColor=fill, strokeColor=None))

    def polyline(self, d: Drawing, points: Iterable[tuple[float, float]], colour: colors.Color) -> None:
        """The series cut where it leaves the top of the plot (no line drawn along the edge)."""
        pts = list(points)
        runs: list[list[tuple[float, float]]] = [[]]
        for i, (x, y) in enumerate(pts):
            inside = y <= self.y1
            if i > 0:
                (x0, y0) = pts[i - 1]
                if (y0 <= self.y1) != inside:  # crossing the top edge: end or start a run there
                    t = (self.y1 - y0) / (y - y0)
                    runs[-1].append((x0 + t * (x - x0), self.y1))
                    if not inside:
                        runs.append([])
            if inside:
                runs[-1].append((x, y))
        for run in runs:
            flat = [c for x, y in run for c in (self.px(x), self.py(y))]
            if len(flat) >= 4:
                d.add(PolyLine(flat, strokeColor=colour, strokeWidth=1.4))
        for x, y in pts:
            if y <= self.y1:
                d.add(Circle(self.px(x), self.py(y), 1.6, fillColor=colour, strokeColor=None))


def band_edges(
    points: Sequence[tuple[float, float]], pct: float
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The lower and upper edges of a band of +/- pct % around a curve (y scaled, never below 0)."""
    f = pct / 100.0
    return [(x, max(y * (1 - f), 0.0)) for x, y in points], [(x, y * (1 + f)) for x, y in points]


def _band(
    axes: _Axes, d: Drawing, points: Sequence[tuple[float, float]], pct: float | None, colour: colors.Color
) -> None:
    """A light polygon between the band's edges (the axes clamp what leaves the plot to its edge)."""
    if not pct or pct <= 0 or len(points) < 2:
        return
    lower, upper = band_edges(points, pct)
    outline = [*upper, *reversed(lower)]
    flat = [c for x, y in outline for c in (axes.px(x), axes.py(y))]
    fill = colors.Color(colour.red, colour.green, colour.blue, alpha=0.15)
    d.add(Polygon(flat, fillColor=fill, strokeColor=None, strokeWidth=0))


def _legend(d: Drawing, x: float, y: float, items: Sequence[tuple[str, colors.Color, str]]) -> None:
    """Legend rows: (label, colour, kind) with kind "line" or "box"."""
    for i, (label, colour, kind) in enumerate(items):
        yy = y - i * 11
        if kind == "box":
            d.add(Rect(x, yy - 1, 10, 7, fillColor=colour, strokeColor=None))
        else:
            d.add(Line(x, yy + 2.5, x + 10, yy + 2.5, strokeColor=colour, strokeWidth=1.6))
        d.add(String(x + 14, yy, clean(label)[:60], fontName=FONT, fontSize=7))


def _light(colour: colors.Color) -> colors.Color:
    """A band's colour in the legend: its line's colour, washed out as the shading looks on white."""
    return colors.Color(*(c + (1 - c) * 0.8 for c in (colour.red, colour.green, colour.blue)))


def _empty(d: Drawing, text: str) -> Drawing:
    d.add(String(d.width / 2, d.height / 2, text, fontName=FONT, fontSize=9, textAnchor="middle"))
    return d


def _range(values: Iterable[float], floor_zero: bool = True) -> tuple[float, float]:
    vals = [v for v in values if math.isfinite(v)]
    if not vals:
        return 0.0, 1.0
    lo = min(0.0, min(vals)) if floor_zero else min(vals)
    hi = max(vals)
    return lo, hi if hi > lo else lo + 1.0


def axis_title(text: str, unit: str, axis: ValueAxis) -> str:
    """ "Response time (ms, log scale)" on a logarithmic axis, as on the screen."""
    return f"{text} ({unit}{', log scale' if axis.type == 'logarithmic' else ''})"


def latency_axis(chart: BalanceChart) -> ValueAxis:
    """The balance chart's read-latency axis: the stress and limit lines and both markers show."""
    limits = [z.y_min for z in chart.zones if z.y_min is not None]
    markers = [m[1] for m in (chart.operating_point, chart.design_point) if m]
    return focused_axis([*limits, *markers], [p[1] for p in chart.points])


def response_axis(chart: LoadResponseChart) -> ValueAxis:
    """The load-response chart's response axis: the SLA and the design point show; the design's own
    curve sets the floor of a logarithmic axis."""
    must = [chart.sla_ms] if chart.sla_ms is not None else []
    if chart.operating_point:
        y = chart.operating_point[1]
        f = (chart.band_pct or 0.0) / 100.0
        must += [y, y * (1 - f), y * (1 + f)] if f else [y]
    chosen = [s for s in chart.series if s.rac_nodes == chart.design_nodes] or list(chart.series)
    return focused_axis(must, [p[1] for s in chosen for p in s.points])


def balance_drawing(chart: BalanceChart, width: float = 480, height: float = 250) -> Drawing:
    """CPU % (x) against read latency ms (y), stress zones shaded, operating point marked."""
    d = Drawing(width, height)
    if not chart.points:
        return _empty(d, "No balance curve for this design")
    xs = [p[0] for p in chart.points]
    markers = [m for m in (chart.operating_point, chart.design_point) if m]
    xs += [m[0] for m in markers]
    xt = nice_ticks(0.0, max(100.0, max(xs)), 5)
    axis = latency_axis(chart)
    axes = _Axes(50, 40, width - 190, height - 55, xt, value_ticks(axis), axis.type == "logarithmic")
    for zone in chart.zones:
        axes.shade(d, zone)
    axes.draw_frame(d, "Server CPU utilisation (%)", axis_title("Read latency", "ms", axis))
    colour = SERIES_COLOURS[0]
    _band(axes, d, chart.points, chart.band_pct, colour)
    axes.polyline(d, chart.points, colour)
    legend: list[tuple[str, colors.Color, str]] = [("Balance curve", colour, "line")]
    if chart.band_pct:
        legend.append((f"Latency band +/-{fmt_percent(chart.band_pct)} %", _light(colour), "box"))
    if chart.operating_point:
        ox, oy = chart.operating_point
        d.add(Circle(axes.px(ox), axes.py(oy), 4, fillColor=colors.black, strokeColor=colors.white))
        d.add(String(axes.px(ox) + 6, axes.py(oy) + 4, chart.operating_label, fontName=FONT, fontSize=7))
        legend.append((chart.operating_label, colors.black, "box"))
    if chart.design_point:
        dx, dy = chart.design_point
        d.add(Circle(axes.px(dx), axes.py(dy), 4, fillColor=DESIGN_COLOUR, strokeColor=colors.white))
        d.add(String(axes.px(dx) + 6, axes.py(dy) - 9, "Design load", fontName=FONT, fontSize=7))
        legend.append(("Design load", DESIGN_COLOUR, "box"))
    seen: set[tuple[str, str]] = set()
    for zone in chart.zones:
        key = (zone.label, zone.level)
        if key not in seen:
            seen.add(key)
            legend.append((zone.label, ZONE_FILL.get(zone.level, ZONE_FILL["warning"]), "box"))
    _legend(d, width - 130, height - 20, legend)
    return d


def curves_cut_at(chart: LoadResponseChart) -> float | None:
    """The top of the response axis when some curve goes above it (the caption says so), else None."""
    top = response_axis(chart).max
    highest = max((p[1] for s in chart.series for p in s.points), default=0.0)
    return top if highest > top else None


def load_response_drawing(chart: LoadResponseChart, width: float = 480, height: float = 260) -> Drawing:
    """Response time (ms) against TPS, one series per RAC node count, SLA line and operating point."""
    d = Drawing(width, height)
    if not any(s.points for s in chart.series):
        return _empty(d, "No load-response curves for this design")
    xs = [p[0] for s in chart.series for p in s.points]
    if chart.operating_point:
        xs.append(chart.operating_point[0])
    xt = nice_ticks(*_range(xs), count=5)
    axis = response_axis(chart)
    axes = _Axes(55, 40, width - 195, height - 55, xt, value_ticks(axis), axis.type == "logarithmic")
    if chart.sla_ms is not None:
        axes.shade(d, Zone("Above SLA", "critical", y_min=chart.sla_ms))
    axes.draw_frame(d, "Throughput (TPS)", axis_title("Response time", "ms", axis))
    legend: list[tuple[str, colors.Color, str]] = []
    for i, series in enumerate(chart.series):
        _band(axes, d, series.points, chart.band_pct, SERIES_COLOURS[i % len(SERIES_COLOURS)])
    for i, series in enumerate(chart.series):
        colour = SERIES_COLOURS[i % len(SERIES_COLOURS)]
        axes.polyline(d, series.points, colour)
        label = series.label
        if series.max_sustained_tps is not None:
            mx = axes.px(series.max_sustained_tps)
            d.add(Line(mx, axes.y, mx, axes.y + 8, strokeColor=colour, strokeWidth=1.6))
            label = f"{series.label} (max {fmt_number(series.max_sustained_tps, 3)} TPS)"
        legend.append((label, colour, "line"))
    if chart.sla_ms is not None:
        sy = axes.py(chart.sla_ms)
        d.add(
            Line(
                axes.x,
                sy,
                axes.x + axes.w,
                sy,
                strokeColor=SLA_COLOUR,
                strokeWidth=1.2,
                strokeDashArray=[4, 2],
            )
        )
        d.add(
            String(
                axes.x + 3,
                sy + 3,
                f"SLA {fmt_number(chart.sla_ms, 3)} ms",
                fontName=FONT,
                fontSize=7,
                fillColor=SLA_COLOUR,
            )
        )
        legend.append(("SLA response time", SLA_COLOUR, "line"))
    if chart.operating_point:
        ox, oy = chart.operating_point
        d.add(Circle(axes.px(ox), axes.py(oy), 4, fillColor=DESIGN_COLOUR, strokeColor=colors.white))
        d.add(String(axes.px(ox) + 6, axes.py(oy) + 4, "Design load", fontName=FONT, fontSize=7))
        legend.append(("Design load", DESIGN_COLOUR, "box"))
    if chart.band_pct:
        legend.append((f"Response band +/-{fmt_percent(chart.band_pct)} %", _light(SERIES_COLOURS[0]), "box"))
    _legend(d, width - 132, height - 20, legend)
    return d
