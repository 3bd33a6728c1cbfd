"""The attempts left and used, in both languages: the verb and the noun agree with their numbers."""

from __future__ import annotations

from service.policies.rules import Standing
from service.policies.wording import used_words
from service.students.labels import attempts_left


def test_attempts_left_agree_with_their_numbers() -> None:
    assert attempts_left(2, 3)("es") == "Te quedan 2 de 3 intentos"
    assert attempts_left(1, 3)("es") == "Te queda 1 de 3 intentos"
    assert attempts_left(1, 1)("es") == "Te queda 1 de 1 intento"
    assert attempts_left(1, 3)("en") == "1 of 3 attempts left"
    assert attempts_left(1, 1)("en") == "1 of 1 attempt left"
    assert attempts_left(0, 3)("es").startswith("No te quedan intentos: usaste los 3")
    assert attempts_left(0, 1)("en").startswith("No attempts left: you used your only one")


def test_attempts_used_agree_with_their_numbers() -> None:
    def used(count: int, allowed: int | None) -> Standing:
        return Standing(count, allowed, None, None)

    assert used_words(used(1, 1))("es") == "1 de 1 intento usado"
    assert used_words(used(1, 1))("en") == "1 of 1 attempt used"
    assert used_words(used(2, 3))("es") == "2 de 3 intentos usados"
    assert used_words(used(1, None))("en") == "1 attempt used"
    assert used_words(used(4, None))("es") == "4 intentos usados"
