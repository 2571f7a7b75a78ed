"""``yomi play --human``: a person plays a match against a policy in the browser (server.py, session.py, the page)."""
