"""``yomi watch``: a self-contained HTML replay viewer for traces and agent games.

* :mod:`integration.tools.watch.page`: builds the page (template, CSS, JavaScript, match data as JSON);
* :mod:`integration.tools.watch.diff`: the first divergence between two runs (also for parity tools);
* :mod:`integration.tools.watch.boxes`: approximate boxes from the frame-data tables, for traces that
  do not record them;
* :mod:`integration.tools.watch.cli`: the command line.
"""
