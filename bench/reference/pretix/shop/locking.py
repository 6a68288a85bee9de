"""Locks taken while an order is created, as pretix takes them on PostgreSQL: transaction-scoped
advisory locks, exclusive on each quota with a size, shared on the event, in key order, with a
3 s lock timeout (a timeout answers 409 'busy')."""
from django.db import DatabaseError, connection

from .models import Event, Quota

KEY_SPACES = {Event: 1, Quota: 2}
LOCK_TIMEOUT_SECONDS = 3


class LockTimeout(Exception):
    pass


def lock_key(obj):
    return (obj.pk << 33) | KEY_SPACES[type(obj)]


def lock_objects(exclusive, shared=()):
    if not connection.in_atomic_block:
        raise RuntimeError("locks are taken inside a transaction")
    exclusive_keys = {lock_key(o) for o in exclusive}
    keys = sorted(exclusive_keys | {lock_key(o) for o in shared})
    if not keys:
        return
    calls = ", ".join(
        f"pg_advisory_xact_lock({k})" if k in exclusive_keys else f"pg_advisory_xact_lock_shared({k})" for k in keys
    )
    try:
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT_SECONDS}s';")
            cursor.execute(f"SELECT {calls};")
    except DatabaseError:
        raise LockTimeout()
