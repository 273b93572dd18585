"""The one error a measurement-file parser raises: what is wrong and where in the file."""

from __future__ import annotations


class MeasurementFileError(ValueError):
    """The file cannot give what was asked of it.

    `where` names the place a user can find in the file: a line ("line 212"), an XML element
    ("<TransactionResults>"), a report section ("Load Profile"). The API maps this error to a 400
    whose message is `str(error)` and whose `where` field is this value.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
