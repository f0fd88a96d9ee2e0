"""The console chat and the replay runner: the command language without any network."""
