"""What a failed dynamic registration tells the LMS administrator: what failed, and what to check.

The registration page is opened by the administrator registering the tool, never by a student's
launch: it may name the LMS's own URLs and what they answered (the administrator gave them), but
nothing of the grader's inside (no exception, no address it resolved).
"""

from __future__ import annotations

from dataclasses import dataclass

import requests

from grader.text import Text, text
from service.outbound.session import RefusedRequest

AGAIN = text(
    "Cuando esté corregido, registra de nuevo la herramienta con la misma dirección si la invitación "
    "sigue valiendo, o con una nueva (`autograder lti invite --name …`).",
    "Once fixed, register the tool again with the same URL while its invitation is valid, or with a "
    "new one (`autograder lti invite --name …`).",
)
NOT_REGISTERED = text("No se pudo registrar la herramienta", "The tool could not be registered")
FOR_ADMIN = text("Para quien administra la plataforma", "For the platform's administrator")
WHAT = text("Qué falló", "What failed")
CHECK = text("Qué revisar", "What to check")


@dataclass(frozen=True)
class Failure:
    what: Text
    check: Text


NO_CONFIG_URL = Failure(
    text(
        "La plataforma abrió la dirección de registro sin el parámetro openid_configuration.",
        "The platform opened the registration URL without its openid_configuration parameter.",
    ),
    text(
        "Pega la dirección donde la plataforma registra herramientas por URL (Moodle: Administración "
        "del sitio → Herramientas externas → Gestionar herramientas, «URL de la herramienta»; Canvas: "
        "Developer Keys → LTI Registration), no en la barra del navegador.",
        "Paste the URL where the platform registers tools by URL (Moodle: Site administration → "
        'External tool → Manage tools, "Tool URL"; Canvas: Developer Keys → LTI Registration), '
        "not into the browser's address bar.",
    ),
)
REACH = text(
    "Que esa dirección responda desde el servidor del corrector (DNS, cortafuegos, proxy, certificado TLS).",
    "That this address answers from the grader's server (DNS, firewall, proxy, TLS certificate).",
)
LTI_SETTINGS = text(
    "Que la plataforma tenga LTI 1.3 (LTI Advantage) y el registro dinámico activados (Moodle 4.1+).",
    "That the platform has LTI 1.3 (LTI Advantage) and dynamic registration enabled (Moodle 4.1+).",
)


def unreadable(what: str, url: str, error: requests.RequestException) -> Failure:
    said = text(
        f"El corrector no pudo leer {_es(what)} en {url}: {_cause(error).es}.",
        f"The grader could not read the {what} at {url}: {_cause(error).en}.",
    )
    return Failure(said, REACH)


def answered(what: str, url: str, status: int) -> Failure:
    said = text(
        f"La plataforma respondió HTTP {status} a la petición de {_es(what)} en {url}.",
        f"The platform answered HTTP {status} when asked for the {what} at {url}.",
    )
    return Failure(said, LTI_SETTINGS)


def malformed(what: str, problem: Text) -> Failure:
    said = text(
        f"La respuesta de la plataforma ({_es(what)}) no es válida: {problem.es}.",
        f"The platform's {what} is not valid: {problem.en}.",
    )
    return Failure(said, LTI_SETTINGS)


def other_host(issuer: str, host: str | None) -> Failure:
    said = text(
        f"El emisor de la configuración ({issuer}) no está en el servidor del que se leyó ({host}).",
        f"The configuration's issuer ({issuer}) is not on the host it was read from ({host}).",
    )
    check = text(
        "Que la dirección pública de la plataforma (en Moodle, wwwroot) sea aquella por la que se la alcanza.",
        "That the platform's public address (Moodle's wwwroot) is the one it is reached at.",
    )
    return Failure(said, check)


def not_allowed(field: str, url: str) -> Failure:
    said = text(
        f"El {field} de la plataforma ({url}) es una dirección a la que el corrector no se conecta "
        "(privada, local o no resoluble).",
        f"The platform's {field} ({url}) is an address the grader does not connect to "
        "(private, local or unresolvable).",
    )
    check = text(
        "Que la plataforma se anuncie con su dirección pública; una plataforma en una red privada debe "
        "permitirla quien administra el corrector (docs/security.md, peticiones salientes).",
        "That the platform announces its public address; a platform on a private network must be "
        "allowed by the grader's administrator (docs/security.md, outgoing requests).",
    )
    return Failure(said, check)


def _es(what: str) -> str:
    return {"openid configuration": "la configuración OpenID", "registration": "el registro"}.get(what, what)


def _cause(error: requests.RequestException) -> Text:
    if isinstance(error, RefusedRequest):
        return text(
            "el corrector no se conecta a esa dirección (privada, local o no resoluble)",
            "the grader does not connect to that address (private, local or unresolvable)",
        )
    if isinstance(error, requests.exceptions.SSLError):
        return text("su certificado TLS no es válido", "its TLS certificate was not accepted")
    if isinstance(error, requests.Timeout):
        return text("no respondió a tiempo", "it did not answer in time")
    if isinstance(error, requests.ConnectionError):
        return text(
            "la conexión fue rechazada o no llegó", "the connection was refused or did not get through"
        )
    return text("la petición falló", "the request failed")
