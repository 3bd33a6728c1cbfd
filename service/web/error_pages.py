"""An error as a browser reads it: a page in the reader's language, with a title and a heading. A client that asks for JSON (any API client, a page's own script) keeps `{"detail": ...}`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader
from starlette.requests import Request

from grader.text import Text, text
from service.web.i18n import accepted, asked

# The API's own paths answer JSON whatever the client accepts: their contract says so.
API_PATHS = ("/v1/", "/healthz", "/metrics", "/openapi.json")
HTML_TYPES = ("text/html", "application/xhtml+xml")
_templates = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=True)

TITLES: dict[int, Text] = {
    401: text("Acceso no autorizado", "Not authorized"),
    403: text("Acceso denegado", "Access denied"),
    404: text("Página no encontrada", "Page not found"),
    405: text("Esta dirección no admite esa petición", "This address does not take that request"),
}
SAYS: dict[int, Text] = {
    401: text(
        "Esta página pide un acceso que la petición no trae.",
        "This page needs access the request does not carry.",
    ),
    403: text("No tienes acceso a esta página.", "You do not have access to this page."),
    404: text("No hay ninguna página en esta dirección.", "There is no page at this address."),
    405: text("Ábrela desde un enlace de la aplicación.", "Open it from a link of the application."),
}
OTHER_TITLE = text("Error {status}", "Error {status}")
OTHER_SAYS = text(
    "La petición no se pudo atender. Vuelve a intentarlo más tarde.",
    "The request could not be served. Try again later.",
)


def wants_html(request: Request) -> bool:
    """A browser's navigation: text/html accepted, and ranked no lower than JSON."""
    if request.url.path.startswith(API_PATHS):
        return False
    html, json = 0.0, 0.0
    for part in request.headers.get("accept", "").split(","):
        media, _, params = part.strip().partition(";")
        quality = _quality(params)
        if media.strip().lower() in HTML_TYPES:
            html = max(html, quality)
        elif media.strip().lower() == "application/json":
            json = max(json, quality)
    return html > 0 and html >= json


def _quality(params: str) -> float:
    for param in params.split(";"):
        name, _, value = param.strip().partition("=")
        if name == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0


def page(request: Request, status: int, headers: Mapping[str, str] | None = None) -> HTMLResponse:
    """The error page of `status` in the browser's language (or the one its link asks for); the
    details stay in the JSON answer."""
    lang = asked(request) or accepted(request)
    title = TITLES.get(status, OTHER_TITLE.format(status=status))(lang)
    says = SAYS.get(status, OTHER_SAYS)(lang)
    body = _templates.get_template("error.html").render(lang=lang, title=title, says=says, status=status)
    return HTMLResponse(body, status_code=status, headers=dict(headers or {}))
