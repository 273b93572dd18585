"""Both formats to tables: HTML cells (nested, cut, upper-case) and fixed-width text columns."""

from measurements.awr.html_tables import html_tables
from measurements.awr.tables import text_table, title_lines


def test_html_tables_survive_a_nested_table_and_a_cut():
    tables = html_tables(
        "<h2>Outer</h2><TABLE SUMMARY='outer'><TR><TH>a</TH><TH>b</TH></TR>"
        "<TR><TD>1<table summary='inner'><tr><td>x</td></tr></table></TD><TD>2</TD></TR></TABLE>"
        "<table summary='cut'><tr><td>3</td>"
    )
    outer, inner, cut = tables
    assert (outer.summary, outer.heading, outer.header_rows) == ("outer", "Outer", 1)
    assert outer.rows == [["a", "b"], ["1", "2"]] and outer.complete
    assert inner.rows == [["x"]]
    assert cut.rows == [["3"]] and not cut.complete


TEXT_REPORT = """Foreground Wait Events                        DB/Inst: X/x1  Snaps: 1-2
-> ordered by wait time desc

                                                             Avg
                                        %Time Total Wait    wait
Event                             Waits -outs   Time (s)    (ms)
-------------------------- ------------ ----- ---------- -------
cell single block physical    1,234,567     0      1,235       1
log file sync                    12,345      0        10      1
                          ------------------------------------------------------
"""
TEXT = TEXT_REPORT.splitlines()


def test_text_columns_come_from_the_dash_line():
    (start,) = title_lines(TEXT, "Foreground Wait Events")
    table = text_table(TEXT, start, "Foreground Wait Events")
    assert table is not None and table.complete
    assert table.columns == ("Event", "Waits", "%Time -outs", "Total Wait Time (s)", "Avg wait (ms)")
    assert table.label_width == 26  # names as long as this may be cut
    first, second = table.rows
    assert first.cells == ("cell single block physical", "1,234,567", "0", "1,235", "1")
    assert first.line == 8
    # a value printed one character off its column still lands in it
    assert second.cells == ("log file sync", "12,345", "0", "10", "1")


def test_a_text_table_at_the_end_of_the_file_is_incomplete():
    lines = TEXT[:9]
    (start,) = title_lines(lines, "Foreground Wait Events")
    table = text_table(lines, start, "Foreground Wait Events")
    assert table is not None and not table.complete
