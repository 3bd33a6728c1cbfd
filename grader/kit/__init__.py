"""The authoring kit: a challenge's error model from its reference.py and its lesson's own mistakes.

mistakes.py exports `LESSON = Lesson()` with the lesson-specific choices (lesson.py); the kit
finds the places in reference.py (anchors.py), derives the mistakes every NumPy challenge can
have there (derived.py), keeps those the hidden tests can tell (pruning.py) and builds the
`ErrorModel` the grader searches (build.py); a family's constant is fitted one call at a time
(fits.py).
"""

from grader.kit.build import Built, Context, KitError, build
from grader.kit.fits import per_call
from grader.kit.lesson import Lesson

__all__ = ["Built", "Context", "KitError", "Lesson", "build", "per_call"]
