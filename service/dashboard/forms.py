"""Form bodies (application/x-www-form-urlencoded) read without a multipart parser."""

from __future__ import annotations

from urllib.parse import parse_qsl

from fastapi import Request

from service.core.errors import Invalid, TooLarge

MAX_FORM_BYTES = 16 * 1024


async def form_fields(request: Request) -> dict[str, str]:
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise TooLarge("form too large")
    try:
        return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=50))
    except (UnicodeDecodeError, ValueError) as error:
        raise Invalid("unreadable form") from error
