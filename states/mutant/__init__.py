from fighter.fighter import Fighter


class Mutant(Fighter):
    CHARACTER = "Mutant"


FIGHTER_CLASS = Mutant
SCRIPTS: dict = {}
OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
