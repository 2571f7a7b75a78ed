"""Plain-text tables whose columns are as wide as their widest cell, for the benchmarks' output."""
from __future__ import annotations

from typing import Sequence


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1, gap: int = 2) -> list[str]:
    """The lines of a table: ``header`` then ``rows`` (cells already formatted as text, each row as
    long as the header).  Every column is as wide as its widest cell, header included, so no value
    pushes the columns after it; the first ``left`` columns are aligned left (labels), the others
    right (figures); columns are ``gap`` spaces apart and lines carry no trailing spaces."""
    table = [list(header), *(list(row) for row in rows)]
    if any(len(row) != len(header) for row in table):
        raise ValueError("every row needs one cell per header")
    widths = [max(len(row[k]) for row in table) for k in range(len(header))]
    return [(" " * gap).join(cell.ljust(w) if k < left else cell.rjust(w)
                             for k, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in table]
