from fighter.fighter import Fighter


class Wizard(Fighter):
    CHARACTER = "Wizard"


FIGHTER_CLASS = Wizard
SCRIPTS: dict = {}
OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
