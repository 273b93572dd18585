"""The audit feed's query parameters (validated: a bad filter is a 400 naming the field) and entries."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from audit.selectors import ACTIONS, OBJECT_TYPES, AuditFilter, Cursor

MAX_LIMIT = 200


class AuditQuerySerializer(serializers.Serializer[dict[str, Any]]):
    """Paging of every trail: `limit` entries, continuing after `cursor` (the previous page's `next_cursor`)."""

    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=50)
    cursor = serializers.CharField(required=False, max_length=200)

    def validate_cursor(self, value: str) -> Cursor:
        return Cursor.decode(value)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # DRF reads an empty query value of an optional field as "not sent" (`?cursor=`): say it is
        # wrong instead, as the list filters do (core.filters).
        blank: dict[str, list[str]] = {
            name: ["May not be blank."]
            for name in list(self.fields.keys())
            if hasattr(self.initial_data, "getlist") and "" in self.initial_data.getlist(name)
        }
        if blank:
            raise serializers.ValidationError(blank)
        return attrs


class AuditFilterSerializer(AuditQuerySerializer):
    object_type = serializers.ChoiceField(choices=OBJECT_TYPES, required=False)
    actor = serializers.CharField(required=False, max_length=150, help_text="username")
    since = serializers.DateTimeField(required=False, help_text="at or after (ISO 8601)")
    until = serializers.DateTimeField(required=False, help_text="at or before (ISO 8601)")
    object_id = serializers.IntegerField(required=False, min_value=1)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        since, until = attrs.get("since"), attrs.get("until")
        if since is not None and until is not None and since > until:
            raise serializers.ValidationError({"until": "Must not be before `since`."})
        return attrs

    def to_filter(self) -> AuditFilter:
        data = self.validated_data
        return AuditFilter(
            object_type=data.get("object_type"),
            actor=data.get("actor"),
            since=data.get("since"),
            until=data.get("until"),
            object_id=data.get("object_id"),
        )


class ChangeSerializer(serializers.Serializer[Any]):
    field = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class AuditEntrySerializer(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="stable: the source and the row's key there")
    at = serializers.DateTimeField()
    actor = serializers.CharField(allow_null=True, help_text="username; null when not recorded")
    action = serializers.ChoiceField(choices=ACTIONS)
    object_type = serializers.ChoiceField(choices=OBJECT_TYPES)
    object_id = serializers.CharField()
    object_label = serializers.CharField()
    summary = serializers.CharField(allow_blank=True)
    changes = ChangeSerializer(many=True)


class AuditPageSerializer(serializers.Serializer[Any]):
    next = serializers.URLField(allow_null=True, help_text="the next (older) page, or null at the end")
    next_cursor = serializers.CharField(allow_null=True)
    results = AuditEntrySerializer(many=True)
