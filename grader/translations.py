"""Python's and NumPy's common error messages, said in Spanish.

A student who reads Spanish should not have to decode "axis 2 is out of bounds for array of
dimension 2" to learn what went wrong. Each message the interpreter or NumPy commonly raises in
these challenges has a pattern and its Spanish wording; the original text is kept beside it
for the curious (and for searching the web). A message no pattern knows is shown as it is.
"""

from __future__ import annotations

import re

from grader.text import Text

_SPANISH: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), spanish)
    for pattern, spanish in (
        # Syntax
        (r"^expected ':'$", "falta «:»"),
        (r"^invalid syntax$", "sintaxis no válida"),
        (r"^invalid syntax\. Perhaps you forgot a comma\?$", "sintaxis no válida. ¿Falta una coma?"),
        (
            r"^invalid syntax\. Maybe you meant '==' or ':=' instead of '='\?$",
            "sintaxis no válida. ¿Querías «==» en lugar de «=»?",
        ),
        (r"^unexpected indent$", "sangría inesperada"),
        (
            r"^expected an indented block after (.+) on line (\d+)$",
            r"falta un bloque con sangría después de \1 de la línea \2",
        ),
        (r"^expected an indented block$", "falta un bloque con sangría"),
        (
            r"^unindent does not match any outer indentation level$",
            "la sangría no coincide con ningún nivel exterior",
        ),
        (
            r"^inconsistent use of tabs and spaces in indentation$",
            "mezcla de tabuladores y espacios en la sangría",
        ),
        (r"^'(.)' was never closed$", r"«\1» no se cierra nunca"),
        (r"^unmatched '(.)'$", r"«\1» sin pareja"),
        (
            r"^closing parenthesis '(.)' does not match opening parenthesis '(.)'$",
            r"el «\1» no cierra el «\2» abierto",
        ),
        (
            r"^unterminated string literal \(detected at line (\d+)\)$",
            r"cadena sin cerrar (vista en la línea \1)",
        ),
        (
            r"^unterminated triple-quoted string literal \(detected at line (\d+)\)$",
            r"cadena de triple comilla sin cerrar (vista en la línea \1)",
        ),
        (r"^'return' outside function$", "«return» fuera de una función"),
        (r"^cannot assign to (.+)$", r"no se puede asignar a \1"),
        (r"^invalid character '(.)' \((U\+[0-9A-F]+)\)$", r"carácter no válido «\1» (\2)"),
        (r"^invalid decimal literal$", "número decimal no válido"),
        # Names and attributes
        (r"^name '(\w+)' is not defined$", r"el nombre «\1» no está definido"),
        (
            r"^name '(\w+)' is not defined\. Did you mean: '(\w+)'\?$",
            r"el nombre «\1» no está definido. ¿Querías «\2»?",
        ),
        (
            r"^cannot access local variable '(\w+)' where it is not associated with a value$",
            r"se usa la variable local «\1» antes de darle un valor",
        ),
        (r"^module '(\w+)' has no attribute '(\w+)'$", r"el módulo «\1» no tiene el atributo «\2»"),
        (
            r"^module '(\w+)' has no attribute '(\w+)'\. Did you mean: '(\w+)'\?$",
            r"el módulo «\1» no tiene el atributo «\2». ¿Querías «\3»?",
        ),
        (r"^'([\w.]+)' object has no attribute '(\w+)'$", r"un objeto «\1» no tiene el atributo «\2»"),
        (
            r"^'([\w.]+)' object has no attribute '(\w+)'\. Did you mean: '(\w+)'\?$",
            r"un objeto «\1» no tiene el atributo «\2». ¿Querías «\3»?",
        ),
        (r"^No module named '([\w.]+)'$", r"no hay ningún módulo llamado «\1»"),
        # Calls
        (
            r"^(\w+)\(\) missing (\d+) required positional arguments?: (.+)$",
            r"a \1() le faltan \2 argumentos posicionales: \3",
        ),
        (
            r"^(\w+)\(\) takes (\d+) positional arguments? but (\d+) (?:was|were) given$",
            r"\1() recibe \2 argumentos posicionales, pero se le dieron \3",
        ),
        (
            r"^(\w+)\(\) got an unexpected keyword argument '(\w+)'$",
            r"\1() no tiene ningún argumento llamado «\2»",
        ),
        (r"^'([\w.]+)' object is not callable$", r"un objeto «\1» no se puede llamar como una función"),
        (r"^'([\w.]+)' object is not subscriptable$", r"un objeto «\1» no admite índices"),
        (r"^'([\w.]+)' object is not iterable$", r"un objeto «\1» no se puede recorrer"),
        (
            r"^unsupported operand type\(s\) for (.+): '([\w.]+)' and '([\w.]+)'$",
            r"la operación \1 no admite «\2» y «\3»",
        ),
        (r"^maximum recursion depth exceeded(.*)$", r"se superó la profundidad máxima de recursión\1"),
        (r"^division by zero$", "división entre cero"),
        (r"^float division by zero$", "división entre cero"),
        (r"^math domain error$", "fuera del dominio de la función matemática"),
        # NumPy
        (
            r"^axis (-?\d+) is out of bounds for array of dimension (\d+)$",
            r"el eje \1 no existe en un array de \2 dimensiones",
        ),
        (
            r"^operands could not be broadcast together with shapes (.+)$",
            r"los operandos no se pueden combinar (broadcasting) con formas \1",
        ),
        (
            r"^operands could not be broadcast together with remapped shapes (.+)$",
            r"los operandos no se pueden combinar (broadcasting) con formas \1",
        ),
        (
            r"^matmul: Input operand (\d) has a mismatch in its core dimension (\d), with gufunc signature (.+) \(size (\d+) is different from (\d+)\)$",
            r"matmul: el operando \1 no encaja en su dimensión \2 (tamaño \4 distinto de \5)",
        ),
        (
            r"^shapes (\(.*?\)) and (\(.*?\)) not aligned: (\d+) \(dim (\d)\) != (\d+) \(dim (\d)\)$",
            r"las formas \1 y \2 no encajan: \3 (dim \4) ≠ \5 (dim \6)",
        ),
        (
            r"^index (-?\d+) is out of bounds for axis (\d+) with size (\d+)$",
            r"el índice \1 se sale del eje \2, de tamaño \3",
        ),
        (
            r"^too many indices for array: array is (\d+)-dimensional, but (\d+) were indexed$",
            r"demasiados índices: el array tiene \1 dimensiones y se indexaron \2",
        ),
        (
            r"^cannot reshape array of size (\d+) into shape (.+)$",
            r"un array de tamaño \1 no se puede reorganizar con forma \2",
        ),
        (
            r"^could not broadcast input array from shape (.+) into shape (.+)$",
            r"no se puede copiar un array de forma \1 en uno de forma \2",
        ),
        (
            r"^Cannot cast ufunc '(\w+)' output from (.+) to (.+) with casting rule 'same_kind'$",
            r"la operación «\1» en el sitio no puede guardar \2 en un array de \3",
        ),
        (
            r"^setting an array element with a sequence\.(.*)$",
            r"se intenta guardar una secuencia en un solo elemento del array.\1",
        ),
        (
            r"^The truth value of an array with more than one element is ambiguous\. Use a\.any\(\) or a\.all\(\)$",
            "el valor de verdad de un array de varios elementos es ambiguo: usa a.any() o a.all()",
        ),
        (
            r"^only integer scalar arrays can be converted to a scalar index$",
            "solo un array entero de un elemento sirve como índice",
        ),
        (
            r"^only integers, slices \(`:`\), ellipsis \(`\.\.\.`\), numpy\.newaxis \(`None`\) and integer or boolean arrays are valid indices$",
            "como índice solo valen enteros, cortes (:), ..., None y arrays de enteros o booleanos",
        ),
        (
            r"^einstein sum subscripts string contains too many subscripts for operand (\d+)$",
            r"los índices de einsum tienen demasiadas letras para el operando \1",
        ),
        (
            r"^Unable to allocate (.+) for an array with shape (.+) and data type (\w+)$",
            r"no se pueden reservar \1 para un array de forma \2 y tipo \3",
        ),
    )
)


def spanish(message: str) -> str:
    """The message in Spanish, when a pattern knows it; otherwise the message itself."""
    for pattern, wording in _SPANISH:
        found = pattern.match(message)
        if found is not None:
            return found.expand(wording)
    return message


def known(message: str) -> bool:
    return any(pattern.match(message) for pattern, _ in _SPANISH)


def said(message: str) -> Text:
    """The message in each language: Spanish translated, English as the interpreter wrote it."""
    return Text(spanish(message), message)
