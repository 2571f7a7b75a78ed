"""What fighters and objects do, state by state.

``machine`` (the state machine), ``state`` and ``char_state`` (the states every object and every
fighter runs), ``scene`` (fighters and objects built from the extracted tables in ``data/``),
``base/`` (the states every character shares), ``objects/`` (what a match can spawn), and one
folder per character (its fighter, its moves, its objects).
"""
