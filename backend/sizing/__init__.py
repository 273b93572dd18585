"""DB Sizer's sizing and performance engine.

A pure Python package: it imports neither Django nor anything of the web layer. It takes plain
dataclasses (workloads, configurations, measured points) and returns results that carry their
units and the assumptions used. The Django apps only feed it catalog rows and serialise its output.
"""

__version__ = "0.1.0"
