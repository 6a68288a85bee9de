"""Settings of the pretix-shaped reference: one PostgreSQL database from DATABASE_URL, DRF with token auth only."""
import os
from urllib.parse import urlparse

BASE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET_KEY = os.environ.get("REF_SECRET_KEY", "bench-reference-not-secret")
DEBUG = False
ALLOWED_HOSTS = ["*"]
USE_TZ = True
TIME_ZONE = "UTC"
USE_I18N = False
ROOT_URLCONF = "refpretix.urls"
WSGI_APPLICATION = "refpretix.wsgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "rest_framework",
    "shop",
]
MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]

_db = urlparse(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/excursio_sellbench_ref"))
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": _db.path.lstrip("/"),
        "USER": _db.username or "postgres",
        "PASSWORD": _db.password or "",
        "HOST": _db.hostname or "127.0.0.1",
        "PORT": str(_db.port or 5432),
        # pretix keeps connections open between requests (its default for PostgreSQL).
        "CONN_MAX_AGE": 120,
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["shop.auth.TeamTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["shop.auth.EventPermission"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "UNAUTHENTICATED_USER": None,
}
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
