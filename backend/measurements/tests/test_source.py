import pytest

from measurements.errors import MeasurementFileError
from measurements.source import decode


def test_crlf_and_cr_become_newlines():
    assert decode(b"a\r\nb\rc\n").text == "a\nb\nc\n"


def test_windows_1252_is_read_when_utf8_fails():
    decoded = decode("Ausf\u00fchrungen \u2013 per second\n".encode("cp1252"))
    assert decoded.encoding == "cp1252"
    assert "\u2013" in decoded.text


def test_bom_is_dropped():
    assert decode(b"\xef\xbb\xbfWORKLOAD REPOSITORY").text == "WORKLOAD REPOSITORY"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "empty"),
        (b"%PDF-1.7\n...", "PDF"),
        (bytes(range(256)), "binary"),
        (b"x" * 1001, "limit is 1,000 bytes"),
    ],
)
def test_refused_files_say_why(data, words):
    with pytest.raises(MeasurementFileError, match=words):
        decode(data, max_bytes=1000)
