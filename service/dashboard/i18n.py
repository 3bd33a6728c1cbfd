"""The dashboard's words: its templates' English phrases with their Spanish, and the names of
the ways an attempt fails to run. The language of a page is chosen by `service.web.i18n`: the
instructor's pick (a link that leaves the cookie `COOKIE`), else the browser's."""

from __future__ import annotations

from grader.text import Text
from service.web.i18n import Phrases

COOKIE = "dashboard_lang"

SPANISH: dict[str, str] = {
    "Students {first}–{last}": "Estudiantes {first}–{last}",
    "No student": "Ningún estudiante",
    "page {n}": "página {n}",
    "Pages of students": "Páginas de estudiantes",
    "← Previous": "← Anterior",
    "Next →": "Siguiente →",
    # similar submissions
    "Similar submissions": "Envíos parecidos",
    "Similar submissions in {course}": "Envíos parecidos en {course}",
    "Pairs of students whose programs are near-copies of each other, once what every student is given is left out (the signatures, the reference's lines, and what a tenth of the class or more writes alike). Renamed variables, reordered statements and other comments do not hide a copy; names, comments, strings and numbers that only those two use are shown as evidence. A pair is a reason to look at both programs, never a verdict or a penalty.": "Parejas de estudiantes cuyos programas son casi copias el uno del otro, una vez quitado lo que se da a todos (las firmas, las líneas de la referencia y lo que una décima parte de la clase o más escribe igual). Renombrar variables, reordenar instrucciones o cambiar los comentarios no oculta una copia; los nombres, comentarios, textos y números que solo usan esos dos se muestran como indicios. Una pareja es un motivo para mirar ambos programas, nunca un veredicto ni una penalización.",
    "Choose what to compare": "Elige qué comparar",
    "Each student's": "De cada estudiante",
    "best submission": "su mejor envío",
    "last submission": "su último envío",
    "Compare": "Comparar",
    "{n} students' programs compared: {m} pairs worth a look.": "Programas de {n} estudiantes comparados: {m} parejas que merecen una mirada.",
    "Only the first {n} students by id were compared.": "Solo se compararon los {n} primeros estudiantes por id.",
    "Groups": "Grupos",
    "{a} and {b}: {percent} % of their own code in common": "{a} y {b}: {percent} % de su código propio en común",
    "Only these two use:": "Solo estos dos usan:",
    "the name": "el nombre",
    "the comment word": "la palabra de comentario",
    "the string": "el texto",
    "the number": "el número",
    "Marked lines: the parts both programs share.": "Líneas marcadas: las partes que comparten ambos programas.",
    "Code of {student}": "Código de {student}",
    "{n} more pairs are less similar than these.": "{n} parejas más son menos parecidas que estas.",
    "{n} programs were longer than a program's budget: only a sample of each was compared.": "{n} programas pasaban del presupuesto de un programa: de cada uno se comparó solo una muestra.",
    "The class is large: each program was compared by a sample of {n} of its fingerprints.": "La clase es grande: cada programa se comparó por una muestra de {n} de sus huellas.",
    "To stay within the view's budget, fingerprints shared by more than {n} programs were left out.": "Para no pasar del presupuesto de la vista, se dejaron fuera las huellas que comparten más de {n} programas.",
    "The comparison ran out of time: some pairs may be missing.": "La comparación agotó su tiempo: pueden faltar parejas.",
    "{n} more pairs were found but not kept.": "Se encontraron {n} parejas más, que no se guardaron.",
    "{n} programs graded before fingerprints were kept are not compared yet; the next views add them.": "{n} programas calificados antes de que se guardaran las huellas aún no se comparan; las próximas vistas los añaden.",
    # roster
    "Roster": "Lista de clase",
    "Roster of {course}": "Lista de clase de {course}",
    "Asked the LMS for the roster: reload this page in a moment to see it.": "Se ha pedido la lista al LMS: vuelve a cargar esta página en un momento para verla.",
    "This course has no LMS roster to ask for.": "Este curso no tiene una lista de un LMS que pedir.",
    "The LMS was already being asked for the roster: reload this page in a moment to see it.": "Ya se le estaba pidiendo la lista al LMS: vuelve a cargar esta página en un momento para verla.",
    "This course's roster was read as often this hour as it may be: ask again later.": "La lista de este curso ya se ha leído esta hora tantas veces como se puede: vuelve a pedirla más tarde.",
    "A reading of the LMS's list is on its way.": "Una lectura de la lista del LMS está en camino.",
    "No LMS has offered this course's roster: its students appear under Students once they submit. A launch from an LMS that offers its course's names and roles (LTI Names and Role Provisioning Services) brings every enrolled learner here, those who never submitted included.": "Ningún LMS ha ofrecido la lista de este curso: sus estudiantes aparecen en Estudiantes cuando envían algo. Un lanzamiento desde un LMS que ofrezca los nombres y roles de su curso (LTI Names and Role Provisioning Services) trae aquí a cada estudiante matriculado, también a quienes nunca enviaron nada.",
    "From the LMS": "Desde el LMS",
    "{n} enrolled learners, as the LMS listed them at {time}.": "{n} estudiantes matriculados, según la lista del LMS de las {time}.",
    "The LMS has not sent its list yet.": "El LMS aún no ha enviado su lista.",
    "{n} entries of the LMS's list were not valid and were left out.": "{n} entradas de la lista del LMS no eran válidas y se dejaron fuera.",
    "The last time it was asked, the LMS's list could not be read ({error}): the roster shown is the one read before.": "La última vez que se pidió, no se pudo leer la lista del LMS ({error}): la lista que se muestra es la leída antes.",
    "Ask the LMS for the roster again": "Pedir de nuevo la lista al LMS",
    "Each launch from the LMS asks for it too, at most every ten minutes.": "Cada lanzamiento desde el LMS también la pide, como mucho cada diez minutos.",
    "Who has not submitted yet": "Quién no ha enviado todavía",
    "Per challenge, the learners of the roster who have not started it and those not yet at 100": "Por reto, los estudiantes de la lista que no lo han empezado y los que aún no llegan a 100",
    "Not started": "Sin empezar",
    "Not yet 100": "Aún no 100",
    "Enrolled": "Matriculados",
    "Filter the roster": "Filtrar la lista",
    "Show": "Mostrar",
    "every learner": "todos",
    "not started": "sin empezar",
    "not yet 100": "aún no 100",
    "Learners {first}–{last} of {total}": "Estudiantes {first}–{last} de {total}",
    "No learner": "Ningún estudiante",
    "Download the roster (CSV)": "Descargar la lista (CSV)",
    "Pages of the roster": "Páginas de la lista",
    "Each learner of the roster and their best score per challenge": "Cada estudiante de la lista y su mejor nota por reto",
    "Name": "Nombre",
    "inactive": "inactivo",
    # policies
    "Policies": "Políticas",
    "Policies of {course}": "Políticas de {course}",
    "Limits on each student's attempts and the due date. An empty field is no limit; a field set for a challenge replaces the course-wide one. An attempt that ended in an internal error of ours never counts. Late attempts are always graded and shown; the late policy says what the LMS gradebook gets. Without a due date here, an LMS's own (its line item's end date) applies.": "Límites a los intentos de cada estudiante y la fecha límite. Un campo vacío es sin límite; un campo fijado para un reto sustituye al de todo el curso. Un intento que terminó en un error interno nuestro nunca cuenta. Los intentos tardíos siempre se califican y se muestran; la política de retraso dice qué recibe el libro de calificaciones del LMS. Sin fecha límite aquí, vale la del LMS (la fecha de fin de su elemento de calificación).",
    "Saved: {what}.": "Guardado: {what}.",
    "Not saved: each field is a whole number of at least 1, a window needs both its attempts and its minutes, and a penalty goes with its percentage (0 to 100).": "No se guardó: cada campo es un número entero de al menos 1, una ventana necesita sus intentos y sus minutos, y una penalización va con su porcentaje (de 0 a 100).",
    "Extension not saved: give the student's id, a challenge and a date.": "No se guardó la prórroga: indica el id del estudiante, un reto y una fecha.",
    "Due date": "Fecha límite",
    "Late attempts in the gradebook": "Intentos tardíos en el libro de calificaciones",
    "count as any attempt": "cuentan como cualquier intento",
    "keep the best on-time score": "se guarda la mejor nota a tiempo",
    "a penalty per day late": "una penalización por día de retraso",
    "Penalty per day late (%)": "Penalización por día de retraso (%)",
    "Extensions": "Prórrogas",
    "Its effect": "Su efecto",
    "What would change": "Lo que cambiaría",
    "Went up: {up} · went down: {down} · unchanged: {same}": "Subieron: {up} · bajaron: {down} · sin cambios: {same}",
    "Would go up: {up} · would go down: {down} · unchanged: {same}": (
        "Subirían: {up} · bajarían: {down} · sin cambios: {same}"
    ),
    "Best scores before and after the regrade": "Mejores notas antes y después de la recalificación",
    "Best before": "Mejor antes",
    "Best after": "Mejor después",
    "Change": "Cambio",
    "In the LMS gradebooks": "En los libros de calificaciones del LMS",
    "1 grade would change there:": "Cambiaría 1 nota:",
    "{n} grades would change there:": "Cambiarían {n} notas:",
    "1 grade has not reached its LMS gradebook yet:": "1 nota aún no ha llegado a su libro de calificaciones:",
    "{n} grades have not reached their LMS gradebook yet:": (
        "{n} notas aún no han llegado a su libro de calificaciones:"
    ),
    "No grade in an LMS gradebook would change.": "No cambiaría ninguna nota de un libro de calificaciones del LMS.",
    "Every LMS gradebook has its grade.": "Cada libro de calificaciones del LMS tiene su nota.",
    "In the gradebook before": "En el libro antes",
    "After": "Después",
    "nothing yet": "nada aún",
    "Sent: the grades that changed are on their way to the LMS gradebooks.": (
        "Enviadas: las notas que cambiaron van camino de los libros de calificaciones del LMS."
    ),
    "Send the grades that changed to the LMS again": "Enviar otra vez al LMS las notas que cambiaron",
    "For an LMS that could not take them: only grades that differ from what its gradebook has are sent; sending again sends nothing twice.": (
        "Para un LMS que no pudo recibirlas: solo se envían las notas que difieren de lo que tiene "
        "su libro de calificaciones; enviar otra vez no envía nada dos veces."
    ),
    "Nothing is stored or sent yet. Confirming stores these results for {what} and sends the grades that changed to the LMS; sending again sends nothing twice.": (
        "Aún no se ha guardado ni enviado nada. Al confirmar se guardan estos resultados de {what} "
        "y se envían al LMS las notas que cambiaron; enviar otra vez no envía nada dos veces."
    ),
    "Confirm: store these results and send the grades that changed": (
        "Confirmar: guardar estos resultados y enviar las notas que cambiaron"
    ),
    "Saved: the extension of {student}.": "Guardada: la prórroga de {student}.",
    "No student has an extension.": "Ningún estudiante tiene prórroga.",
    "Give a student their own due date (no date: remove it)": "Dar a un estudiante su propia fecha límite (sin fecha: quitarla)",
    "Save the extension": "Guardar la prórroga",
    "Not saved: unknown challenge.": "No se guardó: reto desconocido.",
    "late": "tarde",
    "No student {student} in this course: nobody of that id has submitted, and the LMS's roster does not list them. A typo? Correct the id below, or save it as it is.": "Ningún estudiante {student} en este curso: nadie con ese id ha enviado nada y la lista del LMS no lo incluye. ¿Una errata? Corrige el id abajo, o guárdala tal cual.",
    "Save the extension of {student} anyway": "Guardar igualmente la prórroga de {student}",
    "late: counts {score}/100": "tarde: cuenta {score}/100",
    "Not saved: {time} does not exist in {zone}: the clocks skip that hour.": "No se guardó: las {time} no existen en {zone}: los relojes se saltan esa hora.",
    "Every challenge (course-wide)": "Todos los retos (todo el curso)",
    "Attempts allowed in all": "Intentos permitidos en total",
    "Minutes between two attempts": "Minutos entre dos intentos",
    "At most this many attempts…": "Como mucho estos intentos…",
    "…in any span of this many minutes": "…en cualquier lapso de estos minutos",
    "Save {what}": "Guardar {what}",
    # frame
    "Dashboard": "Panel",
    "Course": "Curso",
    "Overview": "Resumen",
    "Students": "Estudiantes",
    "Log out": "Cerrar sesión",
    "Language": "Idioma",
    "Times in {zone}": "Horas en {zone}",
    "change": "cambiar",
    "Scroll sideways to see more →": "Desliza hacia el lado para ver más →",
    "Skip to the content": "Saltar al contenido",
    # settings
    "Settings": "Ajustes",
    "Time zone": "Zona horaria",
    "The browser's ({zone})": "La del navegador ({zone})",
    "Save": "Guardar",
    "Saved: times are shown in {zone}.": "Guardado: las horas se muestran en {zone}.",
    "Back": "Volver",
    # log in and errors
    "Log in": "Iniciar sesión",
    "Instructor log in": "Acceso de docentes",
    "Email": "Correo",
    "Password": "Contraseña",
    "Wrong email or password.": "Correo o contraseña incorrectos.",
    "Error {status}": "Error {status}",
    "Not found": "No encontrado",
    "Forbidden": "Prohibido",
    "Error": "Error",
    "Back to your courses": "Volver a tus cursos",
    "There is no page at this address.": "No hay ninguna página en esta dirección.",
    "The request could not be served.": "La petición no se pudo atender.",
    "Your courses": "Tus cursos",
    # overview
    "overview": "resumen",
    "Updates by itself as submissions arrive.": "Se actualiza solo a medida que llegan entregas.",
    "Gradebook CSV (best per challenge)": "Calificaciones CSV (la mejor por reto)",
    "Every attempt CSV": "Todos los intentos CSV",
    "No graded submission in this course yet.": "Todavía no hay entregas calificadas en este curso.",
    "version {version}": "versión {version}",
    "Students who tried": "Estudiantes que lo intentaron",
    "Reached 100": "Llegaron a 100",
    "Attempts": "Intentos",
    "Did not run": "No se ejecutaron",
    "{n} submissions graded with an earlier version of this challenge.": (
        "{n} entregas calificadas con una versión anterior de este reto."
    ),
    "1 submission graded with an earlier version of this challenge.": (
        "1 entrega calificada con una versión anterior de este reto."
    ),
    "Preview the regrade of {challenge} at version {version}": (
        "Vista previa de la recalificación de {challenge} con la versión {version}"
    ),
    "Best score of each student": "Mejor nota de cada estudiante",
    "Diagnoses still to fix: students whose latest attempt has each one (share of those who tried)": (
        "Diagnósticos por corregir: quienes los tienen en su último intento (parte de quienes lo intentaron)"
    ),
    "Failure rate of each hidden test (share of the attempts that ran)": (
        "Fallos de cada test oculto (parte de los intentos que se ejecutaron)"
    ),
    "Best scores in {challenge}": "Mejores notas en {challenge}",
    "Share of students whose latest attempt still has each mistake in {challenge}": (
        "Parte de estudiantes cuyo último intento tiene aún cada diagnóstico en {challenge}"
    ),
    "Share of the attempts that ran failing each hidden test of {challenge}": (
        "Parte de los intentos ejecutados que fallan cada test oculto de {challenge}"
    ),
    "best score": "mejor nota",
    "students": "estudiantes",
    "Nothing yet.": "Nada todavía.",
    "{share} of the attempts ({count} of {of})": "{share} de los intentos ({count} de {of})",
    "Every attempt ran.": "Todos los intentos se ejecutaron.",
    "What each diagnosis means": "Qué significa cada diagnóstico",
    "{held} of the students who tried ({holders} of {of}) still have it in their latest attempt, "
    "{share} ({count}) had it in some attempt: their {function} {did}": (
        "{held} de quienes lo intentaron ({holders} de {of}) lo tienen aún en su último intento, "
        "{share} ({count}) lo tuvieron en algún intento: su {function} {did}"
    ),
    "Hidden tests": "Tests ocultos",
    "After each one, what the students shown it did next. Attempts that did not run (a syntax error, a timeout) are not counted: they say nothing of a message.": (
        "Tras cada uno, lo que hicieron después quienes lo vieron. Los intentos que no se "
        "ejecutaron (un error de sintaxis, un tiempo agotado) no cuentan: no dicen nada de un mensaje."
    ),
    "Steps of the lesson named where the code parts from it": (
        "Pasos de la lección nombrados donde el código se separa de ella"
    ),
    "Each step a message named at the line where a student's values leave the lesson's, and what the students shown it did next.": (
        "Cada paso que un mensaje nombró en la línea donde los valores del estudiante se separan de "
        "los de la lección, y lo que hicieron después quienes lo vieron."
    ),
    "Shown to 1 student.": "Se mostró a 1 estudiante.",
    "Shown to {n} students.": "Se mostró a {n} estudiantes.",
    "Of the {n} who tried again, {count} no longer had it in their next attempt ({share}).": (
        "De quienes volvieron a intentarlo ({n}), {count} ya no lo tenían en su siguiente intento ({share})."
    ),
    "Nobody has tried again yet.": "Nadie ha vuelto a intentarlo todavía.",
    "It went away for {count}, after a median of 1 attempt and {time}.": (
        "Desapareció en {count}, tras una mediana de 1 intento y {time}."
    ),
    "It went away for {count}, after a median of {attempts} attempts and {time}.": (
        "Desapareció en {count}, tras una mediana de {attempts} intentos y {time}."
    ),
    "{n} days": "{n} días",
    "What each message did CSV": "CSV de lo que logró cada mensaje",
    "Who still has it": "Quién lo tiene aún",
    "Only the students whose latest attempt at {challenge} still has this mistake: their code {did}.": (
        "Solo quienes tienen aún este error en su último intento de {challenge}: su código {did}."
    ),
    "Show every student": "Mostrar a todo el estudiantado",
    "fails in {count} of the {of} attempts that ran": "falla en {count} de los {of} intentos ejecutados",
    "Regrade every submission of the course not yet graded at the current version of its challenge: a preview first shows what would change; nothing is stored or sent until you confirm it.": (
        "Recalificar cada entrega del curso aún no calificada con la versión actual de su reto: "
        "primero una vista previa muestra lo que cambiaría; no se guarda ni se envía nada hasta "
        "que la confirmes."
    ),
    "Preview a regrade of the whole course": "Vista previa de una recalificación de todo el curso",
    # students
    "Students of {course}": "Estudiantes de {course}",
    "Filter students": "Filtrar estudiantes",
    "Student contains": "El estudiante contiene",
    "Challenge": "Reto",
    "any": "cualquiera",
    "Best score below": "Mejor nota por debajo de",
    "Filter": "Filtrar",
    "1 student": "1 estudiante",
    "{n} students": "{n} estudiantes",
    "Best score per challenge, attempts and last activity of each student": (
        "Mejor nota por reto, intentos y última actividad de cada estudiante"
    ),
    "Student": "Estudiante",
    "Last activity": "Última actividad",
    # one student
    "in {course}": "en {course}",
    "← All students": "← Todos los estudiantes",
    "No attempt by this student in this course.": "Este estudiante no tiene intentos en este curso.",
    "Score over time": "Nota a lo largo del tiempo",
    "Code of {challenge}, {time}": "Código de {challenge}, {time}",
    "Score over time of {student}": "Nota de {student} a lo largo del tiempo",
    "score": "nota",
    "Attempts, newest first": "Intentos, del más reciente al más antiguo",
    "Diagnosis": "Diagnóstico",
    "passed": "superado",
    "failed": "fallido",
    "Code": "Código",
    "The feedback below is in {language}: the attempt was graded before feedback was kept in both languages.": (
        "La retroalimentación de abajo está en {language}: el intento se calificó antes de que se "
        "guardara en los dos idiomas."
    ),
    "Spanish": "español",
    "English": "inglés",
    "line {line}": "línea {line}",
    "Did not run ({kind})": "No se ejecutó ({kind})",
    # regrade
    "Regrade {id}": "Recalificación {id}",
    "Regrade of {what} in {course}": "Recalificación de {what} en {course}",
    "Preview of the regrade of {what} in {course}": "Vista previa de la recalificación de {what} en {course}",
    "every challenge": "todos los retos",
    "Each submission is graded again at the current version of its challenge, into a preview: nothing is stored and no grade is sent until you confirm.": (
        "Cada entrega se califica de nuevo con la versión actual de su reto, en una vista previa: "
        "no se guarda nada ni se envía ninguna nota hasta que confirmes."
    ),
    "Confirmed: the previewed results are stored (earlier results stay on record), then the grades that changed go to the LMS gradebooks.": (
        "Confirmada: se guardan los resultados de la vista previa (los anteriores se conservan) y "
        "luego las notas que cambiaron van a los libros de calificaciones del LMS."
    ),
    "Preview": "Vista previa",
    "Results stored": "Resultados guardados",
    "Preview finished: {done} of {total} submissions graded.": (
        "Vista previa terminada: {done} de {total} entregas calificadas."
    ),
    "{done} of {total} submissions graded for the preview…": "{done} de {total} entregas calificadas para la vista previa…",
    "Stored: {done} of {total} results.": "Guardados: {done} de {total} resultados.",
    "{done} of {total} results stored…": "{done} de {total} resultados guardados…",
    "Back to the overview": "Volver al resumen",
    "Could not read the progress ({error}); retrying.": "No se pudo leer el progreso ({error}); se reintenta.",
    "Updated at {time}.": "Actualizado a las {time}.",
    "Live updates paused ({error}); retrying.": "Actualización en pausa ({error}); se reintenta.",
}
PHRASES = Phrases(SPANISH)

# How an attempt that did not run is named, by the Result's `error.kind`.
ERROR_KINDS: dict[str, Text] = {
    "syntax": Text("sintaxis", "syntax"),
    "missing_function": Text("falta una función", "missing function"),
    "import": Text("error al importar", "import error"),
    "timeout": Text("tiempo agotado", "timeout"),
    "memory": Text("memoria", "memory"),
    "crash": Text("el proceso terminó", "crash"),
    "output": Text("salida no válida", "output"),
    "forbidden": Text("operación prohibida", "forbidden"),
    "too_large": Text("código demasiado grande", "too large"),
    "encoding": Text("codificación", "encoding"),
    "protocol": Text("protocolo", "protocol"),
    "internal": Text("error interno", "internal"),
}
