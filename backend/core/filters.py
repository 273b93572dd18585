"""Query filters that refuse what they cannot use.

django-filter treats `?platform=` (an empty value) as "no filter" and answers the whole list; the
schema says the parameter is one of an enum, a number, an id or a boolean, none of which is empty.
A client that sends it has a bug it should hear about, so every filter but free text refuses an
empty value with a 400 naming it (issue 17: bad input is refused, never ignored). A value that is
not empty but not valid (`?platform=nope`) was already a 400: DjangoFilterBackend raises the
form's errors as a ValidationError. A boolean filter takes true/false (or 1/0) and nothing else.
"""

from __future__ import annotations

import django_filters as filters
from django_filters.rest_framework import DjangoFilterBackend

EMPTY_VALUE_MESSAGE = "This filter may not be empty: leave it out to list everything."
BOOLEAN_MESSAGE = "Must be true or false."
_BOOLEANS = {"true", "false", "True", "False", "1", "0"}


class StrictFilterSet(filters.FilterSet):
    def is_valid(self) -> bool:
        valid = super().is_valid()
        for name, filter_ in self.filters.items():
            if isinstance(filter_, filters.CharFilter):
                continue  # free text: an empty string is a string
            if name in self.form.errors:
                continue  # already refused (a multiple choice checks each value)
            values = self.data.getlist(name) if name in self.data else []
            if any(v == "" for v in values):
                self.form.add_error(name, EMPTY_VALUE_MESSAGE)
                valid = False
            elif isinstance(filter_, filters.BooleanFilter) and any(v not in _BOOLEANS for v in values):
                # its form field reads anything else (`null`, `maybe`) as "no filter"
                self.form.add_error(name, BOOLEAN_MESSAGE)
                valid = False
        return valid


class StrictFilterBackend(DjangoFilterBackend):
    """DjangoFilterBackend whose generated filter sets (`filterset_fields`) are strict too."""

    filterset_base = StrictFilterSet
