"""Parsers of a customer's own measurement files (AWR reports, ORION results, Swingbench results).

Pure Python, like `sizing`: no Django, no web framework. Each parser reads bytes and returns typed
values, every value with the section and row of the file it came from; a file that cannot give what
is asked is refused with a `MeasurementFileError` naming the line, element or section.
"""
