"""User text is literal and rendering fetches nothing (no file, no URL, no font, no image)."""

from __future__ import annotations

import builtins
import io
import os
import socket
import string
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
import reportlab.lib.utils as rl_utils
import reportlab.platypus.flowables as rl_flowables
import reportlab.platypus.paraparser as rl_paraparser
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import Paragraph, SimpleDocTemplate

from reports import render_annex_pdf, render_bom_csv, render_bom_pdf, render_bom_xlsx, render_proposal_pdf
from reports.model import Check, WarningItem, build_bom
from reports.tests.readback import image_xobjects, pdftotext, pypdf_pages
from reports.tests.samples import sample_proposal, table11_lines
from reports.text import clean, markup

HOSTILE = '<img src="file:///etc/passwd"> & <script>'


@contextmanager
def recording_fetches() -> Iterator[list[tuple[str, str]]]:
    """Record every file open, URL fetch, socket connect and ReportLab resource read while active."""
    calls: list[tuple[str, str]] = []
    saved: list[tuple[Any, str, Any]] = []

    def wrap(owner: Any, attr: str, kind: str) -> None:
        original = getattr(owner, attr)

        def recorder(*args: Any, **kwargs: Any) -> Any:
            shown = args[1:2] if kind == "reportlab.ImageReader" else args[:1]  # skip `self`
            calls.append((kind, repr(shown)))
            return original(*args, **kwargs)

        saved.append((owner, attr, original))
        setattr(owner, attr, recorder)

    wrap(builtins, "open", "open")
    wrap(io, "open", "io.open")
    wrap(os, "open", "os.open")
    wrap(urllib.request, "urlopen", "urlopen")
    wrap(socket.socket, "connect", "connect")
    for module in (rl_utils, rl_paraparser, rl_flowables):
        for name in ("open_for_read", "open_and_read", "rlUrlRead"):
            if hasattr(module, name):
                wrap(module, name, f"reportlab.{name}")
    # The class itself must stay a class (isinstance checks); its constructor is what reads.
    wrap(rl_utils.ImageReader, "__init__", "reportlab.ImageReader")
    try:
        yield calls
    finally:
        for owner, attr, original in reversed(saved):
            setattr(owner, attr, original)


def _hostile_data():
    data = sample_proposal(table11_lines("quarter"), name=HOSTILE)
    meta = data.meta.__class__(
        **{
            **data.meta.__dict__,
            "customer": '<a href="http://example.com/x">c</a>',
            "author": "<font name='/etc/passwd'>x</font>",
        }
    )
    # Engine and catalog text too (warnings, rule slugs, BOM descriptions) goes through the same escaping.
    line = replace(data.bom.lines[0], description=HOSTILE, part_number="<b>7110316</b>")
    return replace(
        data,
        meta=meta,
        bom=build_bom([line, *data.bom.lines[1:]], currency="USD"),
        warnings=(WarningItem("critical", HOSTILE, '<img src="/etc/hostname">', 1, "<i>&</i>"),),
        checks=(Check(HOSTILE, True, "<u>x</u>", 2, "<a>"),),
    )


def test_the_recorder_sees_what_an_unescaped_img_tag_would_fetch(tmp_path) -> None:
    # Positive control: without escaping, ReportLab's Paragraph markup opens the file named in
    # <img src> and the recorder catches it; so the `calls == []` assertions below can fail.
    from PIL import Image

    target = tmp_path / "secret.png"
    Image.new("RGB", (1, 1)).save(target)
    with recording_fetches() as calls:
        story = [Paragraph(f'<img src="{target}" width="10" height="10"/>')]
        SimpleDocTemplate(io.BytesIO()).build(story)
    assert any(str(target) in arg for _kind, arg in calls)


@pytest.mark.parametrize(
    "render", [render_proposal_pdf, render_annex_pdf, render_bom_pdf], ids=["proposal", "annex", "bom"]
)
def test_hostile_text_renders_literally_and_fetches_nothing(render: Callable[..., bytes]) -> None:
    data = _hostile_data()
    with recording_fetches() as calls:
        pdf = render(data)
    assert calls == []
    text = pdftotext(pdf)
    assert HOSTILE in text
    assert '<a href="http://example.com/x">c</a>' in text
    if render is not render_annex_pdf:  # the annex has no bill of materials
        assert "<b>7110316</b>" in text
    assert "<font name='/etc/passwd'>x</font>" in text
    if render is render_annex_pdf:  # rule slugs are printed in the technical annex
        assert '<img src="/etc/hostname"> v1' in text and "<u>x</u> v2" in text
    assert "root:x:0:0" not in text  # /etc/passwd content
    # pypdf agrees, and the header of every page carries the literal name too.
    assert all(HOSTILE in page for page in pypdf_pages(pdf))


def test_hostile_text_in_csv_and_xlsx_fetches_nothing_beyond_temp_files() -> None:
    data = _hostile_data()
    with recording_fetches() as calls:
        render_bom_csv(data)
    assert calls == []
    import tempfile

    with recording_fetches() as calls:
        render_bom_xlsx(data)
    # openpyxl writes each sheet to a temporary file before zipping; nothing else is touched.
    tmp = tempfile.gettempdir()
    assert all(kind in ("open", "io.open", "os.open") and tmp in arg for kind, arg in calls), calls


def test_markup_escapes_every_tag_character() -> None:
    assert markup(HOSTILE) == '&lt;img src="file:///etc/passwd"&gt; &amp; &lt;script&gt;'
    assert markup("a\x00b\x1bc\nd") == "abc<br/>d"


@settings(max_examples=40, derandomize=True, deadline=None)
@given(name=st.text(alphabet=string.printable + "éüß€\u2013™", min_size=1, max_size=120))
def test_any_design_name_renders_and_reads_back(name: str) -> None:
    data = sample_proposal(table11_lines("quarter"), name=name)
    pdf = render_bom_pdf(data)
    visible = " ".join(clean(name).split())  # control characters dropped, whitespace runs collapse
    text = " ".join(pdftotext(pdf).split())
    if visible and len(visible) < 60 and all(c in string.printable for c in visible):
        assert visible in text


def test_text_outside_the_standard_fonts_renders_without_error() -> None:
    # Helvetica covers Latin-1 (+ a few WinAnsi signs); other scripts show as placeholder boxes,
    # never as an error or a font lookup on the system (docs/exports.md, limits).
    data = sample_proposal(table11_lines("quarter"), name="日本語 Ünïcödé design 🚀")
    with recording_fetches() as calls:
        pdf = render_proposal_pdf(data)
    assert calls == []
    assert "Ünïcödé design" in pdftotext(pdf)


def test_the_logo_is_drawn_from_memory_and_nothing_else_is_read() -> None:
    # The cover's logo reaches ReportLab as PNG bytes in a BytesIO: every read the recorder sees is
    # of such a buffer (ImageReader, and open_for_read handing the buffer back), never a path, a URL
    # or a file open.
    from PIL import Image

    png = io.BytesIO()
    Image.new("RGB", (200, 80), (20, 80, 160)).save(png, format="PNG")
    data = _hostile_data()
    data = replace(data, meta=replace(data.meta, company="Northwind <b>Systems</b>", logo_png=png.getvalue()))
    with recording_fetches() as calls:
        pdf = render_proposal_pdf(data)
    assert calls and all(
        kind in ("reportlab.ImageReader", "reportlab.open_for_read")
        and arg.startswith("(<_io.BytesIO object")
        for kind, arg in calls
    ), calls
    assert "Northwind <b>Systems</b>" in pdftotext(pdf)
    assert image_xobjects(pdf) == 1


def test_unsaved_changes_are_stamped_on_every_page() -> None:
    data = sample_proposal(table11_lines("half"), revision=6)
    data = replace(data, meta=replace(data.meta, unsaved=True))
    pages = pypdf_pages(render_proposal_pdf(data))
    assert len(pages) > 2
    assert all("Unsaved changes \u2014 not a saved revision (based on revision 6)" in page for page in pages)
    assert all(
        "Unsaved changes" not in page
        for page in pypdf_pages(render_proposal_pdf(sample_proposal(revision=6)))
    )
