from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import Membership, Team


class MembershipTeamSerializer(serializers.ModelSerializer[Membership]):
    """One of the user's teams with the user's role in it."""

    id = serializers.IntegerField(source="team.id", read_only=True)
    name = serializers.CharField(source="team.name", read_only=True)
    slug = serializers.CharField(source="team.slug", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "name", "slug", "role"]


class CurrentUserSerializer(serializers.ModelSerializer[Any]):
    authenticated = serializers.SerializerMethodField()
    teams = serializers.SerializerMethodField()

    class Meta:
        model = get_user_model()
        fields = ["authenticated", "id", "username", "first_name", "last_name", "is_staff", "teams"]

    @extend_schema_field({"type": "boolean", "enum": [True]})
    def get_authenticated(self, user: Any) -> bool:
        return True

    @extend_schema_field(MembershipTeamSerializer(many=True))
    def get_teams(self, user: Any) -> list[dict[str, Any]]:
        memberships = Membership.objects.filter(user=user).select_related("team")
        return list(MembershipTeamSerializer(memberships, many=True).data)


class AnonymousSessionSerializer(serializers.Serializer[Any]):
    """What /auth/me/ says to a visitor who is not signed in."""

    authenticated = serializers.SerializerMethodField()

    def get_authenticated(self, session: Any) -> bool:
        return False


class LoginSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=256, style={"input_type": "password"}, trim_whitespace=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        user = authenticate(
            request=self.context.get("request"), username=attrs["username"], password=attrs["password"]
        )
        if user is None or not user.is_active:
            raise serializers.ValidationError({"password": ["Unknown username or wrong password."]})
        attrs["user"] = user
        return attrs


class TeamMemberSerializer(serializers.ModelSerializer[Membership]):
    username = serializers.CharField(source="user.username", read_only=True)
    user_id = serializers.IntegerField(read_only=True)

    class Meta:
        model = Membership
        fields = ["user_id", "username", "role"]


class TeamSerializer(serializers.ModelSerializer[Team]):
    role = serializers.SerializerMethodField()
    members = TeamMemberSerializer(source="memberships", many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "slug", "role", "members"]

    def get_role(self, team: Team) -> str | None:
        request = self.context.get("request")
        if request is None:
            return None
        for membership in team.memberships.all():
            if membership.user_id == request.user.pk:
                return membership.role
        return None


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(read_only=True)
