"""A player's profile chart: ranking points accumulated, and each match's VP, over time."""

from __future__ import annotations

import io
from datetime import datetime, tzinfo
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: draw to memory

import matplotlib.dates as mdates
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from bot.i18n import Translator
from bot.pictures.fonts import REGULAR


def profile_chart(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes:
    timeline = sorted(ruling["timeline"], key=lambda e: e["at"])
    when: list[Any] = [datetime.fromisoformat(e["at"]).astimezone(zone) for e in timeline]
    total, running = [], 0.0
    for entry in timeline:
        running += float(entry["points"])
        total.append(running)
    figure = Figure(figsize=(9, 6), dpi=100)  # 900×600, sized for phones
    figure.set_facecolor("#fafaf7")
    matplotlib.font_manager.fontManager.addfont(str(REGULAR))
    with matplotlib.rc_context({"font.family": "DejaVu Sans", "font.size": 13}):
        points_axis = figure.add_subplot()
        vp_axis = points_axis.twinx()
        vp_axis.bar(
            when,
            [e["vp"] for e in timeline],
            width=0.6,
            color="#fde047",
            edgecolor="#a16207",
            label=translator.format(lang, "picture-chart-vp"),
        )
        vp_axis.set_ylim(0, 20)
        vp_axis.yaxis.set_major_locator(MaxNLocator(integer=True))
        points_axis.set_ylim(bottom=0, top=max(total) * 1.1 + 1)
        points_axis.plot(
            when,
            total,
            color="#166534",
            marker="o",
            linewidth=2.5,
            label=translator.format(lang, "picture-chart-points"),
        )
        points_axis.set_zorder(vp_axis.get_zorder() + 1)
        points_axis.patch.set_visible(False)
        points_axis.set_ylabel(translator.format(lang, "picture-chart-points"))
        vp_axis.set_ylabel(translator.format(lang, "picture-chart-vp"))
        points_axis.xaxis.set_major_formatter(mdates.DateFormatter("%d/%m", tz=zone))
        player = names.get(ruling["player"], ruling["player"])
        points_axis.set_title(translator.format(lang, "picture-chart-title", {"player": player}))
        figure.autofmt_xdate()
        figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
