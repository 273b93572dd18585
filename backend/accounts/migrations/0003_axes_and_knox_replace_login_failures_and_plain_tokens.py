"""django-axes replaces the LoginFailure table; django-rest-knox's hashed tokens replace DRF's
plaintext ones, whose table (rest_framework.authtoken, no longer installed) is dropped with its keys."""

from django.db import migrations

DROP_PLAINTEXT_TOKENS = [
    "DROP TABLE IF EXISTS authtoken_token",
    "DELETE FROM django_migrations WHERE app = 'authtoken'",
]


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_login_failure"),
    ]

    operations = [
        migrations.DeleteModel(name="LoginFailure"),
        migrations.RunSQL(DROP_PLAINTEXT_TOKENS, reverse_sql=migrations.RunSQL.noop),
    ]
