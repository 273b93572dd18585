from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
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
            request=django_request(self.context), username=attrs["username"], password=attrs["password"]
        )
        if user is None or not user.is_active:
            raise serializers.ValidationError({"password": ["Unknown username or wrong password."]})
        attrs["user"] = user
        return attrs


def django_request(context: Mapping[str, Any]) -> Any:
    """The Django request under DRF's: the sign-in lockout (django-axes) marks a refused attempt on
    it, and its middleware answers from that mark (accounts.lockout)."""
    request = context.get("request")
    return getattr(request, "_request", request)


class PasswordChangeSerializer(serializers.Serializer[Any]):
    old_password = serializers.CharField(
        max_length=256, style={"input_type": "password"}, trim_whitespace=False
    )
    new_password = serializers.CharField(
        max_length=256, style={"input_type": "password"}, trim_whitespace=False
    )

    def validate_old_password(self, value: str) -> str:
        # Through authenticate(), so that a wrong old password counts as a failed sign-in (lockout).
        user = self.context["request"].user
        if (
            authenticate(request=django_request(self.context), username=user.get_username(), password=value)
            is None
        ):
            raise serializers.ValidationError("Wrong password.")
        return value

    def validate_new_password(self, value: str) -> str:
        try:
            validate_password(value, user=self.context["request"].user)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(list(exc.messages)) from exc
        return value


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
    token = serializers.CharField(read_only=True, help_text="send it as `Authorization: Token <token>`")
    expiry = serializers.DateTimeField(read_only=True, help_text="the token stops working then")


class TeamBrandingSerializer(serializers.Serializer[Any]):
    """A team's branding for its proposals' cover (accounts.branding)."""

    team = serializers.CharField(read_only=True, help_text="the team's slug")
    team_name = serializers.CharField(read_only=True)
    company_name = serializers.CharField(read_only=True, help_text="printed on the proposal's cover")
    logo = serializers.CharField(
        read_only=True, allow_null=True, help_text="the logo as a data: URL (PNG or JPEG), null without one"
    )
    logo_content_type = serializers.CharField(read_only=True, allow_null=True)
    logo_bytes = serializers.IntegerField(read_only=True)
    can_edit = serializers.BooleanField(
        read_only=True, help_text="the caller may change it (manager or staff)"
    )


class TeamBrandingUpdateSerializer(serializers.Serializer[Any]):
    """PATCH body (multipart/form-data for a logo, or JSON for the name alone)."""

    company_name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    logo = serializers.FileField(required=False, help_text="PNG or JPEG, at most 512 KB and 2,000 px a side")
    clear_logo = serializers.BooleanField(required=False, default=False, help_text="remove the logo")
