"""Create the fictional demo price book (catalog.demo_prices); `make run` calls it with the demo users.

Idempotent: running it again adds only the parts the book lacks. The compose deployment never runs it.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from catalog.demo_prices import seed_demo_price_book


class Command(BaseCommand):
    help = "Create the demo price book (fictional prices, not a quote) covering every catalog part."

    def handle(self, *args: Any, **options: Any) -> None:
        book, added = seed_demo_price_book()
        if options["verbosity"] >= 1:
            self.stdout.write(f"demo price book ready: {book} ({added} prices added)")
