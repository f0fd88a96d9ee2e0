"""The bot's figures for Prometheus. Counters and the latency histogram are fed by the
command layer and the delivery layer as things happen; what lives in the database (the
outbox, the timers) is read when Prometheus asks."""

from __future__ import annotations

from datetime import datetime

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from bot.storage.database import Database
from bot.storage.health import scrape_figures
from bot.storage.store import Scope

# from a plain answer (a few ms) to a session start with pictures (a second or more)
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """One registry per process (tests make as many as they like)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.commands = Counter(
            "arbitro_commands",
            "Commands handled, by platform and outcome (done, refused, failed)",
            ("platform", "outcome"),
            registry=self.registry,
        )
        self.latency = Histogram(
            "arbitro_command_seconds",
            "Time from a command's arrival to its answer being recorded",
            ("platform",),
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.platform_errors = Counter(
            "arbitro_platform_errors",
            "Sends and platform actions that failed, by platform and kind",
            ("platform", "kind"),
            registry=self.registry,
        )
        self.outbox_waiting = Gauge(
            "arbitro_outbox_waiting", "Messages decided and not yet sent", registry=self.registry
        )
        self.outbox_oldest = Gauge(
            "arbitro_outbox_oldest_seconds",
            "Age of the oldest message waiting to be sent (0 when none waits)",
            registry=self.registry,
        )
        self.outbox_dead = Gauge(
            "arbitro_outbox_dead",
            "Messages given up after every try, kept for the retention period",
            registry=self.registry,
        )
        self.timers_pending = Gauge(
            "arbitro_timers_pending", "Timers armed and not yet fired", registry=self.registry
        )

    def command(self, platform: str, outcome: str, seconds: float) -> None:
        self.commands.labels(platform, outcome).inc()
        self.latency.labels(platform).observe(seconds)

    def platform_error(self, platform: str, kind: str) -> None:
        self.platform_errors.labels(platform, kind).inc()

    async def read_database(self, database: Database, scope: Scope | None, now: datetime) -> None:
        figures = await scrape_figures(database, scope)
        outbox = figures.outbox
        self.outbox_waiting.set(outbox.waiting)
        self.outbox_oldest.set(
            max(0.0, (now - outbox.oldest).total_seconds()) if outbox.oldest else 0.0
        )
        self.outbox_dead.set(outbox.dead)
        self.timers_pending.set(figures.timers_pending)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
