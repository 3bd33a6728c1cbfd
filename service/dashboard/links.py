"""Links to pages whose path holds ids a platform chose: each id percent-encoded as one path segment.

Starlette's `url_for` puts a path parameter in as it is, so a student `a/b` broke the page (500)
and `who?me` or `tag#2` linked elsewhere. Encoding every character outside the unreserved set
(`/` included) keeps an id one segment; the server decodes it back before routing, which is why a
route whose last parameter may hold `/` declares it `{name:path}`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from jinja2 import pass_context
from jinja2.runtime import Context
from starlette.datastructures import URL
from starlette.requests import Request

UNENCODED = frozenset({"static"})  # routes whose parameters are the site's own paths


def url(request: Request, name: str, /, **path_params: Any) -> URL:
    if name not in UNENCODED:
        path_params = {key: quote(str(value), safe="") for key, value in path_params.items()}
    return request.url_for(name, **path_params)


@pass_context
def url_for(context: Context, name: str, /, **path_params: Any) -> URL:
    """The templates' `url_for`, with every id encoded."""
    return url(context["request"], name, **path_params)
