from django.db import migrations, models

UNRECORDED_REASON = "Not recorded (written before a reason was required)."  # designs.models, as of this migration


def fill_missing_reasons(apps, schema_editor):
    """Override lines written without a reason (the API accepted none until this migration) say so,
    instead of holding a blank the API would now refuse when the design is saved again."""
    DesignBomOverride = apps.get_model("designs", "DesignBomOverride")
    DesignBomOverride.objects.filter(reason__regex=r"^\s*$").update(reason=UNRECORDED_REASON)


class Migration(migrations.Migration):

    dependencies = [
        ("designs", "0004_design_list_columns"),
    ]

    operations = [
        migrations.RunPython(fill_missing_reasons, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="designbomoverride",
            name="reason",
            field=models.CharField(max_length=300),
        ),
    ]
