"""The rulebooks the bot plays by, each declared by one module of this package and installed
through the port (:mod:`bot.ports.rulebooks`).

This is the one place that lists them: adding a rulebook is its own modules (its domain
package, its commands, its kinds, its locale files, its declaration) and one line here.
"""

from __future__ import annotations

import importlib

INSTALLED = ("bot.rulebooks.burraco", "bot.rulebooks.mcr")  # the first: a new chat's default

for _module in INSTALLED:
    importlib.import_module(_module)
