"""The fighter every character is (the game's ``characters/BaseChar.gd``).

``fighter`` holds its resources and its tick, ``combat`` what happens when it is hit, blocks or
parries, ``actions`` the menu of moves it may choose at a decision.  A character is a subclass in
``states/<name>/fighter.py``; the engine below it is ``yomi/``.
"""
