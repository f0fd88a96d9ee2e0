"""Durable storage: SQLite (aiosqlite, the embedded default) or PostgreSQL (asyncpg)."""
