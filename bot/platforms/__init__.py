"""Thin adapters from chat platforms to the command layer."""
