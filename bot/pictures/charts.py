"""A player's profile chart: each match's VP as a bar (an abandonment in red), and the
ranking points accumulated as a line, match after match.

The axis counts matches, not days: two matches of one evening stand side by side instead of
overlapping, and the axis reads the same for 1 match or 1,000 (whole numbers, a few ticks)."""

from __future__ import annotations

import io
from datetime import tzinfo

import matplotlib

matplotlib.use("Agg")  # no display: draw to memory

from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from bot.i18n import Translator
from bot.pictures.fonts import REGULAR, font
from bot.pictures.layout import fitted

SIZE = (9, 6)  # inches at 100 dpi: 900×600, sized for phones
TITLE_PIXELS = 800


def profile_figure(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> Figure:
    timeline = sorted(ruling["timeline"], key=lambda e: e["at"])
    matches = list(range(1, len(timeline) + 1))
    total, running = [], 0.0
    for entry in timeline:
        running += float(entry["points"])
        total.append(running)
    figure = Figure(figsize=SIZE, dpi=100)
    figure.set_facecolor("#fafaf7")
    matplotlib.font_manager.fontManager.addfont(str(REGULAR))
    with matplotlib.rc_context({"font.family": "DejaVu Sans", "font.size": 13}):
        points_axis = figure.add_subplot()
        vp_axis = points_axis.twinx()
        abandoned = [bool(e.get("abandoned")) for e in timeline]
        vp_axis.bar(
            matches,
            [e["vp"] for e in timeline],
            width=0.7,
            color=["#fca5a5" if a else "#fde047" for a in abandoned],
            edgecolor=["#b91c1c" if a else "#a16207" for a in abandoned],
            linewidth=0 if len(timeline) > 200 else 1,
        )
        vp_axis.set_ylim(0, 20)
        vp_axis.yaxis.set_major_locator(MaxNLocator(integer=True))
        points_axis.set_ylim(bottom=0, top=max(total, default=0) * 1.1 + 1)
        points_axis.plot(
            matches,
            total,
            color="#166534",
            marker="o" if len(timeline) <= 60 else None,
            linewidth=2.5,
        )
        points_axis.set_zorder(vp_axis.get_zorder() + 1)
        points_axis.patch.set_visible(False)
        points_axis.set_xlim(0.4, len(timeline) + 0.6)
        points_axis.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=10, min_n_ticks=1))
        points_axis.set_xlabel(translator.format(lang, "picture-chart-matches"))
        points_axis.set_ylabel(translator.format(lang, "picture-chart-points"))
        vp_axis.set_ylabel(translator.format(lang, "picture-chart-vp"))
        legend = [Patch(color="#fde047", label=translator.format(lang, "picture-chart-vp"))]
        if any(abandoned):
            label = translator.format(lang, "picture-chart-abandoned")
            legend.append(Patch(color="#fca5a5", label=label))
        points_axis.legend(handles=legend, loc="upper left", fontsize=11, framealpha=0.8)
        player = names.get(ruling["player"], ruling["player"])
        title = translator.format(lang, "picture-chart-title", {"player": player})
        # 16 pt at 100 dpi is 22 px: measured with the same font at that size
        points_axis.set_title(fitted(title, font(23), TITLE_PIXELS), fontsize=16)
        figure.tight_layout()
    return figure


def profile_chart(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes:
    buffer = io.BytesIO()
    profile_figure(ruling, lang, names, zone, translator).savefig(buffer, format="png")
    return buffer.getvalue()
