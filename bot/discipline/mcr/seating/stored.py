"""Designs for fields without a construction in code (``designs``): one round a line, tables
separated by spaces, players (0 to n − 1) by dots. Checked by tests/discipline/mcr/seating."""

STORED: dict[int, str] = {}
