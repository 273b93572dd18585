"""Numbers as AWR prints them: suffixes, exponents, no leading zero, separators, duration units."""

import pytest

from measurements.awr.numbers import parse_duration_ms, parse_number, read_number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1.2K", 1200.0),
        ("3.4M", 3_400_000.0),
        ("2G", 2e9),
        ("1.5E+03", 1500.0),
        ("1.E+03", 1000.0),
        ("4.8E+08", 4.8e8),
        (".98", 0.98),
        ("12,345.6", 12345.6),
        ("1,380,142,923", 1380142923.0),
        ("-74.60", -74.6),
        ("0", 0.0),
    ],
)
def test_counts_and_rates(text, value):
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "   ", "N/A", "####", "0.0(1)", "abc", "1.2X"])
def test_a_cell_without_a_number_is_absent_not_zero(text):
    assert parse_number(text) is None


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("219.94us", 0.21994),
        (".98ms", 0.98),
        ("1098.84ms", 1098.84),
        ("792.80ns", 0.0007928),
        ("1.5s", 1500.0),
        ("21", 21.0),  # 11.2: a bare number under an "(ms)" heading
        (".00ns", 0.0),
    ],
)
def test_durations_in_milliseconds(text, ms):
    assert parse_duration_ms(text) == pytest.approx(ms)


def test_bare_duration_unit_can_be_seconds():
    assert parse_duration_ms("2", bare_unit="s") == 2000.0


def test_resolution_is_half_the_last_printed_digit():
    assert read_number("12,345.6").resolution == pytest.approx(0.05)  # type: ignore[union-attr]
    assert read_number("35K").resolution == pytest.approx(500)  # type: ignore[union-attr]
    assert read_number("1.5E+03").resolution == pytest.approx(50)  # type: ignore[union-attr]
