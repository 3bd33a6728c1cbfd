"""The API's docs (Swagger UI and ReDoc) served whole by the app, so they work offline; `/` and the favicon.

The Swagger UI and ReDoc builds come from a pinned wheel (fastapi-standalone-docs), never a CDN.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from service.dashboard.app import PREFIX as DASHBOARD

ASSETS = "/docs/assets"
_BUNDLED = Path(str(files("fastapi_standalone_docs") / "static"))
_FAVICON = Path(__file__).parent / "static" / "favicon.svg"
# Swagger UI would send the document to an online validator for its badge: nothing leaves the page.
_SWAGGER_PARAMETERS = {"validatorUrl": None, "displayOperationId": True}

router = APIRouter(include_in_schema=False)


def _root(request: Request) -> str:
    root: str = request.scope.get("root_path", "")
    return root


@router.get("/docs")
def swagger_ui(request: Request) -> HTMLResponse:
    root = _root(request)
    return get_swagger_ui_html(
        openapi_url=f"{root}/openapi.json",
        title="autograder API",
        swagger_js_url=f"{root}{ASSETS}/swagger/swagger-ui-bundle.js",
        swagger_css_url=f"{root}{ASSETS}/swagger/swagger-ui.css",
        swagger_favicon_url=f"{root}/favicon.ico",
        swagger_ui_parameters=_SWAGGER_PARAMETERS,
    )


@router.get("/redoc")
def redoc(request: Request) -> HTMLResponse:
    root = _root(request)
    return get_redoc_html(
        openapi_url=f"{root}/openapi.json",
        title="autograder API",
        redoc_js_url=f"{root}{ASSETS}/redoc/redoc.standalone.js",
        redoc_favicon_url=f"{root}/favicon.ico",
        with_google_fonts=False,
    )


@router.get("/redoc/logo-mini.svg")
def redoc_logo() -> FileResponse:
    """ReDoc's own logo, which it asks for beside the page it is on (its path + /logo-mini.svg)."""
    return FileResponse(_BUNDLED / "redoc" / "logo-mini.svg", media_type="image/svg+xml")


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    return FileResponse(_FAVICON, media_type="image/svg+xml")


def _destination(accept: str) -> str:
    """A browser (it asks for HTML) goes to the dashboard; a client asking for JSON gets the OpenAPI
    document; anything else (curl's `*/*`) the docs' page."""
    types = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    if types & {"text/html", "application/xhtml+xml"}:
        return f"{DASHBOARD}/"
    if "application/json" in types:
        return "/openapi.json"
    return "/docs"


@router.get("/")
def home(request: Request) -> RedirectResponse:
    target = _destination(request.headers.get("accept", ""))
    return RedirectResponse(f"{_root(request)}{target}", status_code=307, headers={"Vary": "Accept"})


def add_docs(app: FastAPI) -> None:
    """The docs' pages and their assets (create the app with `docs_url=None, redoc_url=None`)."""
    app.include_router(router)
    app.mount(f"{ASSETS}/swagger", StaticFiles(directory=_BUNDLED / "swagger"), name="swagger_assets")
    app.mount(f"{ASSETS}/redoc", StaticFiles(directory=_BUNDLED / "redoc"), name="redoc_assets")
