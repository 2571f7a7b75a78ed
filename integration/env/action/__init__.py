"""Each character's action encoding by responsibility; :mod:`integration.env.encoding` gathers its
public names in one namespace and documents it (the layout every character shares:
:mod:`integration.env.action_layout`)."""
