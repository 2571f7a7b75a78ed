"""Helpers shared by the tests, imported as ``support`` (tests/ is on the path: pytest's
``pythonpath`` setting); a test file never imports another test file."""
