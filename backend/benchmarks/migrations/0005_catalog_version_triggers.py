# The benchmark tables move the catalog version too (catalog/versioning.py): evaluations read them.

from django.db import migrations

from catalog.versioning import install_version_triggers

BENCHMARK_TABLES = ["benchmarks_benchmarkcurve", "benchmarks_measuredpoint", "benchmarks_pointvalue"]


def install(apps, schema_editor):
    install_version_triggers(schema_editor, BENCHMARK_TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ("benchmarks", "0004_measured_points_and_values_history"),
        ("catalog", "0006_catalog_version"),
    ]

    operations = [
        migrations.RunPython(install, migrations.RunPython.noop),
    ]
