# The catalog version (catalog/versioning.py): one row, moved by a trigger on every catalog table.

from django.db import migrations, models

from catalog.versioning import install_version_function, install_version_triggers

CATALOG_TABLES = [
    "catalog_sourcedocument",
    "catalog_manufacturer",
    "catalog_part",
    "catalog_pricebook",
    "catalog_pricebookentry",
    "catalog_configuration",
    "catalog_configurationcomponent",
    "catalog_configurationlayout",
    "catalog_storageprofile",
    "catalog_configurationparameter",
    "catalog_sizingrule",
]


def install(apps, schema_editor):
    install_version_function(schema_editor)
    install_version_triggers(schema_editor, CATALOG_TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ("catalog", "0005_price_book_validity_demo_discounts"),
    ]

    operations = [
        migrations.CreateModel(
            name="CatalogVersion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("version", models.BigIntegerField(default=0)),
            ],
            options={
                "constraints": [models.CheckConstraint(condition=models.Q(("id", 1)), name="catalogversion_single_row")],
            },
        ),
        migrations.RunPython(install, migrations.RunPython.noop),
    ]
