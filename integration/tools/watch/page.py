"""Build the self-contained HTML replay page: template + CSS + JavaScript + the match as JSON.

The page needs no network and no build step.  The match data sits in
``<script type="application/json" id="match-data">``; :func:`extract_data` reads it back.
"""
from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path

from integration.tracefile import Trace, load
from integration.tools.watch.boxes import derive_boxes
from integration.tools.watch.diff import Divergence, first_divergence

PAGE_VERSION = 1
_DATA_RE = re.compile(r'<script type="application/json" id="match-data">(.*?)</script>', re.S)


def _asset(name: str) -> str:
    return resources.files("integration.tools.watch").joinpath(name).read_text(encoding="utf-8")


def _embed_json(value) -> str:
    """JSON that is safe inside a <script> element: ``<``, ``>`` and ``&`` only occur inside JSON
    strings, where their \\u escapes mean the same, so ``</script>`` can never close the tag."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _run(trace: Trace, label: str | None) -> dict:
    return {
        "label": label or (trace.path.name if trace.path else "run"),
        "path": str(trace.path) if trace.path else None,
        "header": trace.header,
        "turns": trace.turns,
        "ticks": trace.ticks,
        "end": trace.end,
    }


def page_data(trace: Trace | str | Path, against: Trace | str | Path | None = None, *,
              divergence: Divergence | None = None, ignore=(), labels: tuple[str, str] | None = None) -> dict:
    """Everything the page embeds.  With ``against``, the first divergence is computed unless given."""
    a = load(trace)
    runs = [_run(a, labels[0] if labels else None)]
    derived_a, source_a = derive_boxes(a.header, a.ticks)
    derived, sources = [derived_a], [source_a]
    compared = against is not None
    if compared:
        b = load(against)
        label_b = labels[1] if labels else None
        if label_b is None and b.path is not None and a.path is not None and b.path.name == a.path.name:
            label_b = str(b.path)
        runs.append(_run(b, label_b))
        derived_b, source_b = derive_boxes(b.header, b.ticks)
        derived.append(derived_b)
        sources.append(source_b)
        if divergence is None:
            divergence = first_divergence(a, b, ignore=ignore)
    return {
        "version": PAGE_VERSION,
        "runs": runs,
        "derived_boxes": derived,
        "boxes_source": sources,
        "compared": compared,
        "divergence": divergence.as_dict() if divergence is not None else None,
    }


def render_page(data: dict) -> str:
    """The HTML page for ``page_data``'s output."""
    run = data["runs"][0]
    header = run["header"]
    p1, p2 = str(header.get("p1", "?")), str(header.get("p2", "?"))
    title = f"yomi watch: {p1} vs {p2} (seed {header.get('seed', '?')})"
    heading = (f'<span class="p1">P1 {html.escape(p1)}</span> vs <span class="p2">P2 {html.escape(p2)}</span>')
    page = _asset("viewer.html")
    # Assets first, the data last and in one piece, so nothing inside the data is ever substituted.
    page = page.replace("__TITLE__", html.escape(title), 1).replace("__HEADING__", heading, 1)
    page = page.replace("/*__CSS__*/", _asset("viewer.css"), 1).replace("/*__JS__*/", _asset("viewer.js"), 1)
    before, marker, after = page.partition("__DATA__")
    assert marker, "viewer.html lost its __DATA__ marker"
    return before + _embed_json(data) + after


def build_page(trace, against=None, **kwargs) -> str:
    """HTML for a trace (path or :class:`Trace`), optionally overlaid with a second run."""
    return render_page(page_data(trace, against, **kwargs))


def write_page(out: str | Path, trace, against=None, **kwargs) -> tuple[Path, dict]:
    """Write the page; returns its path and the embedded data (for the caller's summary)."""
    data = page_data(trace, against, **kwargs)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_page(data), encoding="utf-8")
    return out, data


def extract_data(page: str) -> dict:
    """The match data embedded in a page built here (tests, tools)."""
    match = _DATA_RE.search(page)
    if not match:
        raise ValueError("no match-data script in this page")
    return json.loads(match.group(1))
