from fighter.fighter import Fighter


class Cowboy(Fighter):
    CHARACTER = "Cowboy"


FIGHTER_CLASS = Cowboy
SCRIPTS: dict = {}
OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
