"""Build the self-contained HTML replay page: template + CSS + JavaScript + the match as JSON.

The page needs no network and no build step.  The match data sits in
``<script type="application/json" id="match-data">``; :func:`extract_data` reads it back.

Size: consecutive ticks differ in a few fields, so a run's ``ticks`` (and its derived boxes) are
stored as the first tick and then one *patch* per tick against the previous one
(:func:`delta_encode`; viewer.js rebuilds the ticks when the page opens).  A tick's patch is never
larger than the tick itself plus a few bytes, so the page grows with what changes, not with the
match's length times the size of a tick.
"""
from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from integration.tracefile import Trace, load
from integration.tools.watch.boxes import derive_boxes
from integration.tools.watch.diff import Divergence, first_divergence

PAGE_VERSION = 2
_DATA_RE = re.compile(r'<script type="application/json" id="match-data">(.*?)</script>', re.S)


def _asset(name: str) -> str:
    return resources.files("integration.tools.watch").joinpath(name).read_text(encoding="utf-8")


def _embed_json(value) -> str:
    """JSON that is safe inside a <script> element: ``<``, ``>`` and ``&`` only occur inside JSON
    strings, where their \\u escapes mean the same, so ``</script>`` can never close the tag."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# ---------------------------------------------------------------- delta encoding
#
# A patch turns a value into the next one: {"s": {key: new value}, "p": {key: patch of the old
# value}, "d": [deleted keys]} for a dict, or for a list of the same length (keys are then
# indices); any other change is the whole new value, set by the parent ("s").  Hand-written: the
# format is the smallest one the viewer's few lines of JavaScript can apply.

def _patch(old: Any, new: Any) -> dict | None:
    """The patch from ``old`` to ``new`` (both dicts, or lists of one length); None when equal."""
    if isinstance(old, list):
        old, new = dict(enumerate(old)), dict(enumerate(new))
    sets, subs = {}, {}
    for key, value in new.items():
        if key in old:
            before = old[key]
            if _patchable(before, value):  # compared field by field: 1 and true stay apart
                sub = _patch(before, value)
                if sub is not None:
                    subs[str(key)] = sub
                continue
            if type(before) is type(value) and before == value:
                continue
        sets[str(key)] = value
    gone = [str(k) for k in old if k not in new]
    if not (sets or subs or gone):
        return None
    out: dict = {}
    if sets:
        out["s"] = sets
    if subs:
        out["p"] = subs
    if gone:
        out["d"] = gone
    return out


def _patchable(a: Any, b: Any) -> bool:
    return (isinstance(a, dict) and isinstance(b, dict)) or (
        isinstance(a, list) and isinstance(b, list) and len(a) == len(b))


def _apply(old: Any, patch: dict) -> Any:
    if isinstance(old, list):
        out = list(old)
        for k, v in patch.get("s", {}).items():
            out[int(k)] = v
        for k, v in patch.get("p", {}).items():
            out[int(k)] = _apply(out[int(k)], v)
        return out
    out = dict(old)
    for k in patch.get("d", ()):
        out.pop(k, None)
    out.update(patch.get("s", {}))
    for k, v in patch.get("p", {}).items():
        out[k] = _apply(out[k], v)
    return out


def delta_encode(values: list) -> dict:
    """``{"first": values[0], "patches": [...]}``: patch i turns value i into value i+1 (a value that
    is not a dict, or changes kind, is carried whole as ``{"v": value}``)."""
    if not values:
        return {"first": None, "patches": [], "count": 0}
    patches = []
    for before, after in zip(values, values[1:]):
        if isinstance(before, dict) and isinstance(after, dict):
            patches.append(_patch(before, after) or {})
        else:
            patches.append({"v": after})
    return {"first": values[0], "patches": patches, "count": len(values)}


def delta_decode(encoded: dict) -> list:
    """The inverse of :func:`delta_encode` (viewer.js does the same)."""
    if not encoded["count"]:
        return []
    out = [encoded["first"]]
    for patch in encoded["patches"]:
        out.append(patch["v"] if "v" in patch else _apply(out[-1], patch))
    return out


def _run(trace: Trace, label: str | None) -> dict:
    return {
        "label": label or (trace.path.name if trace.path else "run"),
        "path": str(trace.path) if trace.path else None,
        "header": trace.header,
        "turns": trace.turns,
        "ticks": delta_encode(trace.ticks),
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
        "derived_boxes": [delta_encode(d) for d in derived],
        "boxes_source": sources,
        "compared": compared,
        "divergence": divergence.as_dict() if divergence is not None else None,
    }


def with_viewer_markup(page: str) -> str:
    """`page` with the viewer's shared markup in place of its ``<!--__PANEL__-->`` and
    ``<!--__TRANSPORT__-->`` lines (viewer_panel.html, viewer_transport.html): the side panel and
    the transport controls viewer.js drives, the same in ``yomi watch`` and ``yomi play --human``."""
    for marker, name in (("__PANEL__", "viewer_panel.html"), ("__TRANSPORT__", "viewer_transport.html")):
        fragment = _asset(name).split("\n", 1)[1]  # its first line is a comment naming it
        line = f"  <!--{marker}-->\n"
        assert line in page, f"the page lost its {marker} line"
        page = page.replace(line, fragment, 1)
    return page


def render_page(data: dict) -> str:
    """The HTML page for ``page_data``'s output."""
    run = data["runs"][0]
    header = run["header"]
    p1, p2 = str(header.get("p1", "?")), str(header.get("p2", "?"))
    title = f"yomi watch: {p1} vs {p2} (seed {header.get('seed', '?')})"
    heading = (f'<span class="p1">P1 {html.escape(p1)}</span> vs <span class="p2">P2 {html.escape(p2)}</span>')
    page = with_viewer_markup(_asset("viewer.html"))
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
    from integration.safefile import write_output

    write_output(out, render_page(data), "page")  # a regular file only: never a FIFO or a device
    return out, data


def extract_data(page: str) -> dict:
    """The match data embedded in a page built here (tests, tools), with the ticks and derived
    boxes decoded as the viewer decodes them."""
    match = _DATA_RE.search(page)
    if not match:
        raise ValueError("no match-data script in this page")
    data = json.loads(match.group(1))
    for run in data["runs"]:
        run["ticks"] = delta_decode(run["ticks"])
    data["derived_boxes"] = [delta_decode(d) for d in data["derived_boxes"]]
    return data
