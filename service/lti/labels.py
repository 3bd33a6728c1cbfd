"""The words of the tool's own pages (refusals, the instructor's pages), in Spanish and English."""

from __future__ import annotations

from grader.text import Text, text

REFUSED_TITLE = text("No se pudo abrir la actividad", "The activity could not be opened")
AGAIN = text(
    "Vuelve a abrir la actividad desde tu curso. Si el problema sigue, díselo a tu profesor.",
    "Open the activity again from your course. If this keeps happening, tell your instructor.",
)
REASONS: dict[str, Text] = {
    "login": text(
        "La plataforma no envió un inicio de sesión LTI completo (falta el emisor o el usuario).",
        "The platform did not send a complete LTI login (the issuer or the user is missing).",
    ),
    "registration": text(
        "Esta plataforma no está registrada en el corrector. Quien lo administra debe añadirla.",
        "This platform is not registered with the grader. Its administrator must add it.",
    ),
    "key_revoked": text(
        "La clave de esta plataforma en el corrector fue revocada. Quien lo administra debe crear otra.",
        "This platform's key with the grader was revoked. Its administrator must issue a new one.",
    ),
    "state": text(
        "El navegador no devolvió la cookie de este inicio. Si la actividad está dentro de un marco, "
        "ábrela en una pestaña nueva o permite las cookies de este sitio.",
        "The browser did not return this launch's cookie. If the activity is shown in a frame, "
        "open it in a new tab or allow this site's cookies.",
    ),
    "format": text("El inicio no es un mensaje LTI válido.", "The launch is not a valid LTI message."),
    "signature": text(
        "La firma del inicio no corresponde a las claves de la plataforma: fue alterado o lo firmó otro.",
        "The launch's signature does not match the platform's keys: it was altered or signed by someone else.",
    ),
    "keyset": text(
        "No se pudieron leer las claves públicas de la plataforma (su dirección no responde o el "
        "corrector no puede acceder a ella). Quien administra la plataforma debe revisarla.",
        "The platform's public keys could not be read (their address does not answer, or the "
        "grader may not reach it). The platform's administrator must check it.",
    ),
    "expired": text(
        "El inicio ha caducado (o el reloj de la plataforma va muy desfasado).",
        "The launch has expired (or the platform's clock is far off).",
    ),
    "audience": text(
        "El inicio iba dirigido a otra herramienta, no a este corrector.",
        "The launch was meant for another tool, not this grader.",
    ),
    "deployment": text(
        "Este despliegue de la herramienta no está registrado: hay que añadir su identificador.",
        "This deployment of the tool is not registered: its deployment id must be added.",
    ),
    "message": text(
        "Este tipo de mensaje LTI no está soportado.", "This kind of LTI message is not supported."
    ),
    "nonce": text(
        "Este inicio ya se usó una vez y no vale de nuevo.",
        "This launch was already used once and cannot be used again.",
    ),
    "context": text("El inicio no viene de un curso.", "The launch did not come from a course."),
    "role": text(
        "Tu papel en este curso no permite ni entregar ni ver el panel del curso.",
        "Your role in this course can neither submit nor see the course's dashboard.",
    ),
    "invite": text(
        "La dirección de registro no lleva una invitación válida (caducó o ya se usó). "
        "Pide otra a quien administra el corrector.",
        "The registration URL carries no valid invitation (it expired or was used). "
        "Ask the grader's administrator for another.",
    ),
    "registration_taken": text(
        "Esta plataforma respondió con la identidad (emisor e identificador de cliente) de una "
        "plataforma ya registrada en el corrector. No se registró nada; avisa a quien lo administra.",
        "This platform answered with the identity (issuer and client id) of a platform already "
        "registered with the grader. Nothing was registered; tell the grader's administrator.",
    ),
    "registration_failed": text(
        "La plataforma no completó el registro dinámico de la herramienta.",
        "The platform did not complete the tool's dynamic registration.",
    ),
    "challenge": text(
        "Este enlace no indica un reto conocido. Pide a tu profesor que lo vuelva a añadir.",
        "This link does not name a known challenge. Ask your instructor to add it again.",
    ),
}
REGISTERED_TITLE = text("Herramienta registrada", "Tool registered")
REGISTERED = text(
    "El corrector quedó registrado en {issuer} (client id {client_id}). Ya puedes cerrar esta ventana.",
    "The grader is registered with {issuer} (client id {client_id}). You may close this window.",
)
NO_DEPLOYMENT = text(
    "La plataforma no indicó un identificador de despliegue: añádelo con `autograder lti add-deployment`.",
    "The platform sent no deployment id: add it with `autograder lti add-deployment`.",
)
OPENING = text("Abriendo la actividad…", "Opening the activity…")
NO_COOKIES = text(
    "Tu navegador no guarda cookies dentro de esta página del curso, y el inicio las necesita.",
    "Your browser keeps no cookies inside this course page, and the launch needs one.",
)
NEW_TAB = text("Abrir la actividad en una pestaña nueva", "Open the activity in a new tab")
PICK_TITLE = text("Elige un reto para este curso", "Choose a challenge for this course")
CHALLENGE = text("Reto", "Challenge")
LANGUAGE = text("Idioma de la página del estudiante", "Language of the student's page")
ADD = text("Añadir al curso", "Add to the course")
RETURNING = text("Volviendo al curso…", "Returning to the course…")
CONTINUE = text("Continuar", "Continue")
DASHBOARD_TITLE = text("Panel del curso", "Course dashboard")
DASHBOARD_OPEN = text(
    "Abrir el panel del curso en una pestaña nueva", "Open the course dashboard in a new tab"
)
DASHBOARD_HINT = text(
    "El panel no se muestra dentro de otra página. El enlace vale una vez, durante diez minutos.",
    "The dashboard is not shown inside another page. The link works once, for ten minutes.",
)
