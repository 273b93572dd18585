"""DB Sizer settings. Everything that differs between machines comes from the environment.

DATABASE_URL  database (default: SQLite file under backend/var/; PostgreSQL via psycopg 3 when set)
SECRET_KEY    required when DEBUG is false
DEBUG         true/false (default false)
ALLOWED_HOSTS comma-separated host names (default: 127.0.0.1,localhost)
NUM_PROXIES   reverse proxies in front of the app whose X-Forwarded-For is trusted (default 0)
LOGIN_FAILURE_LIMIT / LOGIN_FAILURE_WINDOW_SECONDS  sign-in lockout (default 5 failures in 900 s)
TOKEN_TTL_HOURS  lifetime of an API token (default 10)
The README's Configuration table lists every variable, the production ones included.
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str
from core.static_files import revalidate_html

BACKEND_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = BACKEND_DIR.parent
VAR_DIR = BACKEND_DIR / "var"
FRONTEND_DIST_DIR = REPO_DIR / "frontend" / "dist"
FIXTURES_DIR = REPO_DIR / "fixtures"

DEBUG = env_bool("DEBUG", False)
# The development key is public (it is in this file): a production process (DEBUG false) refuses to
# start without a key of its own. Development (DEBUG true), the test run and the type checker's
# Django plugin (they load these settings but serve nothing) may use it; `make run` and the e2e
# server pass a key generated for the checkout.
_INSECURE_DEV_KEY = "dev-only-insecure-key-change-me-0123456789-abcdefghijklmnopqrstuvwxyz"
SECRET_KEY = env_str("SECRET_KEY", "").strip()
if SECRET_KEY in ("", _INSECURE_DEV_KEY):
    if not (DEBUG or {"pytest", "mypy"} & set(sys.modules)):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set to a secret of your own when DEBUG is false, e.g. "
            "SECRET_KEY=$(openssl rand -hex 32); see the README's Configuration."
        )
    SECRET_KEY = _INSECURE_DEV_KEY
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
CSRF_FAILURE_VIEW = "core.views.csrf_failure"  # JSON under /api/ (the API's error shape)

INSTALLED_APPS = [
    # Django
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Third party
    "rest_framework",
    "knox",  # API tokens: hashed at rest, expiring (REST_KNOX)
    "axes",  # sign-in lockout (accounts.lockout)
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    # DB Sizer, one app per domain
    "core",
    "accounts",
    "catalog",
    "benchmarks",
    "seeds",  # loads fixtures/ into catalog and benchmarks; neither of those imports it
    "designs",
    "engine_adapter",
    "imports",  # the teams' own measurement files (AWR reports); reads measurements, writes nothing else
    "audit",  # reads the others' change logs; nothing imports it
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.middleware.common.CommonMiddleware",
    "core.nul.RejectNulInUrlMiddleware",
    # Before the CSRF check, which would parse a (multipart) body to look for the token.
    "core.parsers.RequestSizeLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last: turns a sign-in refused by the lockout into its 429 (accounts.lockout.lockout_response).
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "accounts.lockout.LockoutBackend",  # refuses a locked-out (username, address) pair first
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

VAR_DIR.mkdir(parents=True, exist_ok=True)
(VAR_DIR / "static").mkdir(exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=60,
    )
}
# A failed request leaves nothing behind: every API request runs in one transaction.
DATABASES["default"]["ATOMIC_REQUESTS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's full set: not like the username or e-mail, at least 8 characters, not one of the 20,000
# most common passwords, not all digits.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
# The built SPA (frontend/dist) is collected like any other static files; Vite builds with base /static/.
STATICFILES_DIRS = [FRONTEND_DIST_DIR] if FRONTEND_DIST_DIR.exists() else []
# collectstatic (`make run`, the e2e server and the Docker image run it) writes a gzip and a brotli copy
# beside each file; whitenoise answers with the one the browser accepts. The names stay Vite's: Vite
# already puts a content hash in them (a manifest storage would hash them a second time, and
# index.html, which Vite writes, would name the wrong files).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Without DEBUG, whitenoise serves what collectstatic wrote to STATIC_ROOT, compressed copies included
# (serving frontend/dist through the finders instead would skip them). With DEBUG (development) it
# serves the source folders as they change (its default for both settings).
# Every file Vite writes under assets/ is named by its content hash ("index-DAh7Gb-W.js"): a new build
# gives new names, so browsers may keep these for good. Other files (favicon) keep whitenoise's 60 s;
# index.html, which names the current assets, is served by core.views.spa_index with no-cache.
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/static/assets/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$"
WHITENOISE_ADD_HEADERS_FUNCTION = revalidate_html

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.authentication.SessionAuthentication",  # steps aside for `Authorization`
        "knox.auth.TokenAuthentication",  # `Authorization: Token <key>`
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": [
        "core.filters.StrictFilterBackend",  # an empty filter value is a 400
        "rest_framework.filters.SearchFilter",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.JSONParser",
        "core.parsers.FormParser",
        "core.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "core.openapi.AutoSchema",
    # Services raise core.errors; this one handler answers them (and DRF's own errors) over HTTP.
    "EXCEPTION_HANDLER": "core.exception_handler.exception_handler",
    "COERCE_DECIMAL_TO_STRING": True,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "NUM_PROXIES": env_int("NUM_PROXIES", 0),
    # Scoped rates (core.throttling.ScopedRateThrottle on the views that name a scope), per client
    # address for anonymous callers. Counted in the cache: per worker process with the default one.
    "DEFAULT_THROTTLE_RATES": {
        "share-link": env_str("THROTTLE_SHARE_LINK", "60/min"),  # every read runs a full evaluation
        "token": env_str("THROTTLE_TOKEN", "20/min"),  # password guessing (django-axes locks pairs)
        "recommend": env_str("THROTTLE_RECOMMEND", "120/min"),  # each one ~0.5-1 s of engine search
    },
}

# Request bodies (core.parsers): larger ones are refused with 413 before they are read. Django's bound
# on a body held in memory (its default, 2.5 MiB) bounds every API body; imports get less, because
# their cost grows with their rows.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
# The seed documents' largest table has 27 rows. 23,000 parts took 320 s on the 2-core dev machine
# under load (14 ms a row): 1,000 rows stay inside gunicorn's 30 s worker timeout.
IMPORT_MAX_BYTES = env_int("IMPORT_MAX_BYTES", 262_144)
IMPORT_MAX_ROWS = env_int("IMPORT_MAX_ROWS", 1_000)
# A measurement file upload (imports: AWR reports): the file itself is bounded by
# measurements.source.MAX_FILE_BYTES (10 MB, a 400 naming it); the multipart body may be this much
# larger (the form's boundaries and fields) before the body is refused unread (413). Django streams
# the file part to a temporary file past FILE_UPLOAD_MAX_MEMORY_SIZE; DATA_UPLOAD_MAX_MEMORY_SIZE
# does not count it. deploy/nginx.conf lets /api/v1/imports/ bodies this large through.
MEASUREMENT_UPLOAD_MAX_BYTES = env_int("MEASUREMENT_UPLOAD_MAX_BYTES", 10 * 1024 * 1024 + 512 * 1024)

# Deleted designs stay in their owner's trash this long (undo), then `purge_design_trash` removes them.
TRASH_RETENTION_DAYS = env_int("TRASH_RETENTION_DAYS", 30)

# Sign-in lockout (django-axes; accounts.lockout says why and what we add): LOGIN_FAILURE_LIMIT
# failures of one (username, client address) pair lock it out until LOGIN_FAILURE_WINDOW_SECONDS have
# passed since its last failure, on the API's session login and token endpoint and /admin/login/.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_FAILURE_WINDOW_SECONDS = env_int("LOGIN_FAILURE_WINDOW_SECONDS", 900)
AXES_FAILURE_LIMIT = LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(seconds=LOGIN_FAILURE_WINDOW_SECONDS)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A refused attempt while locked out is not counted: retrying cannot extend the lock for ever.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_ip"
AXES_USERNAME_CALLABLE = "accounts.lockout.attempted_username"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_VERBOSE = False

# API tokens (django-rest-knox): a new token per sign-in, stored as a SHA-512 digest, expiring after
# TOKEN_TTL_HOURS, revoked on sign-out (POST /auth/logout/ with it) and on a password change.
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=env_int("TOKEN_TTL_HOURS", 10)),
    "AUTH_HEADER_PREFIX": "Token",
    "AUTO_REFRESH": False,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "DB Sizer API",
    "DESCRIPTION": (
        "Sizing Oracle database infrastructure: hardware catalog, measured benchmark evidence, "
        "sizing rules, a calibrated performance model, designs and their bills of materials."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "WorkloadKindEnum": ["oltp", "dss"],
        "TeamRoleEnum": "accounts.choices.TeamRole",
        "PartKindEnum": "catalog.choices.PartKind",
        "DesignPermissionEnum": "designs.permissions.DesignPermission",
        "AuditObjectTypeEnum": "audit.selectors.OBJECT_TYPES",
        "AuditActionEnum": "audit.selectors.ACTIONS",
        "PriceRowStatusEnum": ["ok", "error", "skipped"],
        # Named here since a second `status` field (the price book preview's rows) would rename it.
        "StatusEnum": "designs.choices.DesignStatus",
        # The platform family (the input contract's) and the recommender's families to search.
        "FamilyEnum": ["oracle-fs1", "equallogic", "xtremio", "netapp"],
        "AwrFormatEnum": "imports.choices.AwrFormat",
        "EvidenceKindEnum": "imports.choices.EvidenceKind",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.openapi.require_response_properties",
        "core.openapi.add_error_components",
    ],
}

# Content Security Policy (django-csp 4): the Vite build needs no inline script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # the SPA reads it to send X-CSRFToken
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"

# HTTPS (production sets these; the README's production block and docker-compose.yml do, and
# core/tests/test_deploy_checks.py runs `check --deploy` on exactly those): TLS ends at the proxy,
# which says so in X-Forwarded-Proto (BEHIND_TLS_PROXY). Off by default: `make run`, the tests and
# the e2e server speak plain HTTP on loopback.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]  # the container's own health probe speaks plain HTTP
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", SECURE_HSTS_SECONDS > 0)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", SECURE_HSTS_SECONDS > 0)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_TLS_PROXY", False) else None

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
