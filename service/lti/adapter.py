"""PyLTI1p3 adapted to Starlette and to this service's database.

The library does the OIDC login and the launch checks; what is adapted, and why:
- request, cookies and launch data: Starlette's request, cookies set on our response, values in the
  database (any API process may take the launch that another one's login started);
- a nonce is taken, not looked up: a launch replayed with its state cookie is refused, and the
  library's "state already valid for this token" shortcut is off for the same reason;
- the signature check also verifies `aud` (one of them is our client id), `azp` when present or
  when several audiences are named, `iss`, and `exp`/`iat` with a small leeway for clock skew;
  the nonce is taken only after the signature holds, so a forged token cannot burn a real one;
- the platform's key set is cached a few minutes and fetched again for an unknown key id (rotation);
- every HTTP call goes through the service's one outgoing policy (`service.outbound`): the key set
  URL is the LMS's to choose, so it is fetched only where webhooks may go, within a total deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import jwt
import requests
from pylti1p3.cookie import CookieService
from pylti1p3.deployment import Deployment
from pylti1p3.exception import LtiException, OIDCException
from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.message_launch import MessageLaunch
from pylti1p3.oidc_login import OIDCLogin
from pylti1p3.redirect import Redirect
from pylti1p3.registration import Registration
from pylti1p3.request import Request
from pylti1p3.session import SessionService
from pylti1p3.tool_config.abstract import ToolConfAbstract
from sqlalchemy.orm import Session

from service.lti import registrations, tool_keys, values
from service.lti.registration_help import Failure
from service.lti.tables import LtiRegistration
from service.storage.db import Database

LEEWAY_SECONDS = 60
KEY_SET_SECONDS = 300
LAUNCH_SECONDS = 3600  # a validated launch is kept this long (a deep-link picker is answered within it)
ALGORITHMS = ("RS256", "RS384", "RS512")
COOKIE_PREFIX = "lti1p3"
T = TypeVar("T")


class Refused(Exception):
    """A login or launch refused; `reason` names which check failed (the page says it in words)."""

    def __init__(self, reason: str, detail: str, failure: Failure | None = None) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail  # for the log
        self.failure = failure  # for the administrator's registration page: what failed, what to check


class LtiRequest(Request):
    def __init__(self, params: Mapping[str, str], secure: bool) -> None:
        self.params = params
        self.secure = secure

    @property
    def session(self) -> Any:
        raise NotImplementedError("no framework session: launch data live in the database")

    def is_secure(self) -> bool:
        return self.secure

    def get_param(self, key: str) -> str:
        return self.params.get(key, "")


class Cookies(CookieService):
    """The browser's cookies in, and those to set on our response out."""

    def __init__(self, incoming: Mapping[str, str]) -> None:
        self.incoming = incoming
        self.outgoing: list[tuple[str, str, int | None]] = []

    def get_cookie(self, name: str) -> str | None:
        return self.incoming.get(f"{COOKIE_PREFIX}-{name}")

    def set_cookie(self, name: str, value: str | int, exp: int | None = 3600) -> None:
        self.outgoing.append((f"{COOKIE_PREFIX}-{name}", str(value), exp))


class DatabaseStorage(LaunchDataStorage[Any]):
    """Launch data in the database. No session cookie: every key holds a random id already."""

    _session_cookie_name = ""

    def __init__(self, db: Database) -> None:
        super().__init__()
        self.db = db

    def can_set_keys_expiration(self) -> bool:
        return True

    def get_value(self, key: str) -> Any:
        return values.get(self.db, self._prepare_key(key))

    def set_value(self, key: str, value: Any, exp: int | None = None) -> None:
        values.put(self.db, self._prepare_key(key), value, exp or LAUNCH_SECONDS)

    def check_value(self, key: str) -> bool:
        return values.get(self.db, self._prepare_key(key)) is not None

    def take(self, key: str) -> bool:
        return values.take(self.db, self._prepare_key(key)) is not None


class LaunchSessions(SessionService):
    def __init__(self, storage: DatabaseStorage) -> None:
        self.data_storage = storage
        self.storage = storage
        self._launch_data_lifetime = LAUNCH_SECONDS

    def check_nonce(self, nonce: str) -> bool:
        return self.storage.take(self._get_key("nonce", nonce))

    def check_state_is_valid(self, state: str, id_token_hash: str) -> bool:
        return False  # only the browser's state cookie proves the state


class ToolRegistration(Registration):
    def __init__(self, row: LtiRegistration, key: tool_keys.SigningKey) -> None:
        self.set_issuer(row.issuer).set_client_id(row.client_id).set_key_set_url(row.jwks_url)
        self.set_auth_login_url(row.login_url).set_auth_token_url(row.token_url)
        if row.token_audience:
            self.set_auth_audience(row.token_audience)
        self.set_tool_private_key(key.private_pem)
        self._kid = key.kid
        self.row_id = row.id

    def get_kid(self) -> str:
        return self._kid

    def get_jwks(self) -> list[Mapping[str, Any]]:
        raise NotImplementedError("the tool's key set is served by tool_keys.jwks")


class DatabaseToolConf(ToolConfAbstract[LtiRequest]):
    """Registrations and deployments from the database; an issuer may have several client ids."""

    def __init__(self, db: Database) -> None:
        super().__init__()
        self.db = db

    def check_iss_has_one_client(self, iss: str) -> bool:
        return False

    def check_iss_has_many_clients(self, iss: str) -> bool:
        return True

    def find_registration_by_issuer(self, iss: str, *args: Any, **kwargs: Any) -> Registration:
        raise NotImplementedError("registrations are found by issuer and client id")

    def find_registration_by_params(  # type: ignore[override]  # None: the library tests for it
        self, iss: str, client_id: str | None, *args: Any, **kwargs: Any
    ) -> Registration | None:
        return _with_registration(self.db, iss, client_id or None, _registration)

    def find_deployment(self, iss: str, deployment_id: str) -> Deployment | None:
        raise NotImplementedError("deployments are found by issuer, client id and deployment id")

    def find_deployment_by_params(
        self, iss: str, deployment_id: str, client_id: str, *args: Any, **kwargs: Any
    ) -> Deployment | None:
        def deployment(session: Session, row: LtiRegistration) -> Deployment | None:
            known = any(d.deployment_id == deployment_id for d in row.deployments)
            return Deployment().set_deployment_id(deployment_id) if known else None

        return _with_registration(self.db, iss, client_id, deployment)


def _registration(session: Session, row: LtiRegistration) -> Registration:
    return ToolRegistration(row, tool_keys.signing_key(session))


def _with_registration(
    db: Database, iss: str, client_id: str | None, then: Callable[[Session, LtiRegistration], T | None]
) -> T | None:
    with db.transaction() as session:
        row = registrations.find(session, iss, client_id)
        return then(session, row) if row is not None else None


class ToolLogin(OIDCLogin[LtiRequest, DatabaseToolConf, LaunchSessions, Cookies, str]):
    def get_redirect(self, url: str) -> Redirect[str]:
        return _Location(url)


class _Location(Redirect[str]):
    def __init__(self, url: str) -> None:
        self.url = url

    def do_redirect(self) -> str:
        return self.url

    def do_js_redirect(self) -> str:
        return self.url

    def set_redirect_url(self, location: str) -> None:
        self.url = location

    def get_redirect_url(self) -> str:
        return self.url


_key_sets: dict[str, tuple[float, Any]] = {}


class ToolLaunch(MessageLaunch[LtiRequest, DatabaseToolConf, LaunchSessions, Cookies]):
    def _get_request_param(self, key: str) -> str:
        return self._request.get_param(key)

    def validate(self) -> ToolLaunch:
        if self._restored:
            raise LtiException("Can't validate restored launch")
        self._validated = True
        steps: list[tuple[str, Callable[[], object]]] = [
            ("state", self.validate_state),
            ("format", self.validate_jwt_format),
            ("registration", self.validate_registration),
            ("signature", self.validate_jwt_signature),
            ("deployment", self.validate_deployment),
            ("message", self.validate_message),
            ("nonce", self.validate_nonce),
        ]
        try:
            for reason, step in steps:
                _refuse_as(reason, step)
            self.save_launch_data()
        except Exception:
            self._validated = False
            raise
        return self

    def validate_jwt_signature(self) -> ToolLaunch:
        assert self._registration is not None  # noqa: S101 narrows for mypy
        public_key, algorithm = self.get_public_key()
        if algorithm not in ALGORITHMS:
            raise Refused("signature", f"algorithm {algorithm} not accepted")
        client_id = self._registration.get_client_id()
        try:
            claims = jwt.decode(
                self._get_id_token(),
                public_key,
                algorithms=[algorithm],
                audience=client_id,
                issuer=self._registration.get_issuer(),
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "iat", "iss", "aud", "nonce"]},
            )
        except jwt.ExpiredSignatureError as error:
            raise Refused("expired", str(error)) from error
        except jwt.ImmatureSignatureError as error:
            raise Refused("expired", str(error)) from error
        except jwt.InvalidAudienceError as error:
            raise Refused("audience", str(error)) from error
        except jwt.InvalidTokenError as error:
            raise Refused("signature", f"{type(error).__name__}: {error}") from error
        audiences = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
        if ("azp" in claims or len(audiences) > 1) and claims.get("azp") != client_id:
            raise Refused("audience", "azp is not this tool's client id")
        return self

    def fetch_public_key(self, key_set_url: str) -> Any:
        cached = _key_sets.get(key_set_url)
        if cached is not None and cached[0] > time.monotonic():
            return cached[1]
        try:
            key_set = super().fetch_public_key(key_set_url)
        except LtiException as error:  # not reachable, not allowed, or not a key set
            raise Refused("keyset", str(error)) from error
        _key_sets[key_set_url] = (time.monotonic() + KEY_SET_SECONDS, key_set)
        return key_set

    def get_public_key(self) -> tuple[str, str]:
        try:
            return super().get_public_key()
        except LtiException as error:
            if "Unable to find public key" not in str(error) or self._registration is None:
                raise
        url = self._registration.get_key_set_url()  # a key the cached set lacks: fetch it again
        _key_sets.pop(url or "", None)
        self._registration.set_key_set(None)
        return super().get_public_key()


def _refuse_as(reason: str, step: Callable[[], object]) -> None:
    try:
        step()
    except Refused:
        raise
    except (LtiException, OIDCException, requests.RequestException) as error:
        raise Refused(reason, str(error)) from error


def services(
    db: Database, params: Mapping[str, str], cookies: Mapping[str, str], secure: bool
) -> tuple[LtiRequest, DatabaseToolConf, LaunchSessions, Cookies]:
    storage = DatabaseStorage(db)
    request = LtiRequest(params, secure)
    storage.set_request(request)
    return request, DatabaseToolConf(db), LaunchSessions(storage), Cookies(cookies)


def new_launch(
    db: Database,
    params: Mapping[str, str],
    cookies: Mapping[str, str],
    secure: bool,
    outgoing: requests.Session,
) -> ToolLaunch:
    """`outgoing`: how the LMS's key set is fetched (a session of the service's outgoing policy)."""
    request, config, sessions, jar = services(db, params, cookies, secure)
    launch = ToolLaunch(request, config, sessions, jar, requests_session=outgoing)
    launch.set_launch_data_storage(sessions.storage)
    launch.set_launch_data_lifetime(LAUNCH_SECONDS)
    return launch


def restored_launch(db: Database, launch_id: str, outgoing: requests.Session) -> ToolLaunch:
    """A launch validated earlier (a deep-link picker's), by the id only its page knows."""
    request, config, sessions, jar = services(db, {}, {}, True)
    try:
        launch = ToolLaunch.from_cache(launch_id, request, config, sessions, jar, sessions.storage, outgoing)
    except LtiException as error:
        raise Refused("expired", str(error)) from error
    assert isinstance(launch, ToolLaunch)  # noqa: S101 narrows for mypy
    return launch
