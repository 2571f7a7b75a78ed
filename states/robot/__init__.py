from fighter.fighter import Fighter


class Robot(Fighter):
    CHARACTER = "Robot"


FIGHTER_CLASS = Robot
SCRIPTS: dict = {}
OBJECT_CLASSES: dict = {}
OBJECT_STATE_SCRIPTS: dict = {}
