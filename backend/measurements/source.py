"""Bytes to text for every parser: size limit, encoding detection, line ends.

Real files arrive as UTF-8 (with or without a byte-order mark), Windows-1252 or Latin-1 (AWR
reports spooled by SQL*Plus on Windows), with CRLF or CR line ends; a binary file must be refused
before any parser sees it.
"""

from __future__ import annotations

from dataclasses import dataclass

from measurements.errors import MeasurementFileError

# Real AWR reports run to 2 MB (the ten samples: 0.23-1.99 MB); 10 MB leaves room for a RAC global
# report of many instances. docs/imports.md states the same figure.
MAX_FILE_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class DecodedText:
    text: str  # line ends normalised to "\n"
    encoding: str  # "utf-8", "utf-8-sig", "cp1252" or "latin-1"


def decode(data: bytes, *, max_bytes: int = MAX_FILE_BYTES) -> DecodedText:
    """Decode a measurement file's bytes into text with "\\n" line ends, or refuse it."""
    if len(data) > max_bytes:
        raise MeasurementFileError(
            f"the file is {len(data):,} bytes; the limit is {max_bytes:,} bytes ({max_bytes // (1024 * 1024)} MB)"
        )
    if not data.strip():
        raise MeasurementFileError("the file is empty")
    if data.startswith(b"%PDF"):
        raise MeasurementFileError("this is a PDF file, not a text, HTML, CSV or XML measurement file")
    # NUL bytes never occur in these text formats; a share of control bytes marks a binary file.
    sample = data[:65536]
    control = sum(1 for b in sample if b < 9 or 13 < b < 32)
    if b"\x00" in sample or control > len(sample) // 100:
        raise MeasurementFileError("this is a binary file, not a text, HTML, CSV or XML measurement file")
    text: str
    encoding: str
    if data.startswith(b"\xef\xbb\xbf"):
        text, encoding = data[3:].decode("utf-8", errors="strict"), "utf-8-sig"
    else:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            try:
                text, encoding = data.decode("cp1252"), "cp1252"
            except UnicodeDecodeError:
                text, encoding = data.decode("latin-1"), "latin-1"
    return DecodedText(text=text.replace("\r\n", "\n").replace("\r", "\n"), encoding=encoding)
