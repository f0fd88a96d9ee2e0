"""Operating the bot: Prometheus metrics, ``/healthz`` and ``/metrics`` on a port of their
own (``ARBITRO_OPS_PORT``), and ``python -m bot status`` reading the database."""

from bot.operations.metrics import Metrics
from bot.operations.server import serve_operations
from bot.operations.status import status_report

__all__ = ["Metrics", "serve_operations", "status_report"]
