"""A password change revokes every API token of the user (sessions end by themselves: Django checks
the password hash each session carries)."""

from __future__ import annotations

from typing import Any

from knox.models import get_token_model


def revoke_tokens_on_password_change(
    sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any
) -> None:
    """pre_save of the user model: compares the stored password hash with the one being saved."""
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        get_token_model().objects.filter(user_id=instance.pk).delete()
