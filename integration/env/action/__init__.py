"""The environment's action layout by responsibility; :mod:`integration.env.encoding` gathers it
in one namespace and documents it."""
