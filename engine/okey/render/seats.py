"""The seats of an Okey diagram, as its analysis and its words number them (a module of their own: the board's words
use them without loading the diagrams' analysis)."""

#: You (0), the opponent after you (1), your partner or the opponent opposite (2), the player before you (3), whose
#: discard you may take.
YOU, NEXT, ACROSS, BEFORE = 0, 1, 2, 3
