"""The rulebooks as pure domain code.

Nothing in this package performs I/O, reads the clock or imports a framework: every instant is
passed in, every decision comes back as a :class:`~bot.discipline.rulings.Ruling` value.
``burraco`` holds the club rules (RULES §1), ``mcr`` the tournament rules (RULES §2).
"""
