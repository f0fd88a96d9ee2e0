"""A player's profile chart, drawn to be read on a phone (390 px wide): two panels one above the
other on a shared axis, each with its own scale and its own legend, no second axis on the right.

- Burraco: above, the ranking points accumulated match after match (a line); below, each
  match's VP as a bar (an abandonment in red).
- MCR: above, the table points accumulated session after session; below, each session's table
  points as a bar.

The axis counts matches (sessions), not days: two matches of one evening stand side by side
instead of overlapping, and the axis reads the same for 1 match or 1,000."""

from __future__ import annotations

import io
from datetime import tzinfo
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: draw to memory

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from bot.i18n import Translator
from bot.pictures.fonts import REGULAR, font
from bot.pictures.layout import fitted
from bot.ports.rulebooks import of_ruling

# inches at 100 dpi: 600×760 px, shown about 360 px wide on a phone (0.6 of its size), where
# 16 pt (22 px) text reads at 13 px
SIZE = (6, 7.6)
FONT_SIZE = 16
TITLE_PIXELS = 560
LINE, BAR, BAR_EDGE = "#166534", "#fde047", "#a16207"
MARKED, MARKED_EDGE = "#fca5a5", "#b91c1c"
# each panel's legend above it, never over its line or bars
KEY: dict[str, Any] = {
    "loc": "lower left",
    "bbox_to_anchor": (0, 1.0),
    "fontsize": FONT_SIZE,
    "frameon": False,
    "borderaxespad": 0.1,
    "handlelength": 1.5,
}


def profile_figure(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> Figure:
    chart = of_ruling(ruling).chart
    assert chart is not None  # a timeline is kept only where the rulebook charts it
    if chart.by_session:
        timeline = sorted(ruling["timeline"], key=lambda e: e["session"])
        steps = [e["session"] for e in timeline]
    else:
        timeline = sorted(ruling["timeline"], key=lambda e: e["at"])
        steps = list(range(1, len(timeline) + 1))
    bars = [float(e[chart.bar]) for e in timeline]
    marked = [bool(e.get("abandoned")) for e in timeline]
    totals, running = [], 0.0
    for entry in timeline:
        running += float(entry[chart.total])
        totals.append(running)

    def say(message: str, **args: Any) -> str:
        return translator.format(lang, message, args)

    figure = Figure(figsize=SIZE, dpi=100)
    figure.set_facecolor("#fafaf7")
    matplotlib.font_manager.fontManager.addfont(str(REGULAR))
    with matplotlib.rc_context({"font.family": "DejaVu Sans", "font.size": FONT_SIZE}):
        above, below = figure.subplots(2, 1, sharex=True, height_ratios=(3, 2))
        total_label = say(chart.total_label)
        above.plot(steps, totals, color=LINE, linewidth=3, marker="o" if len(steps) <= 60 else None)
        above.set_ylim(
            bottom=min(0.0, min(totals, default=0.0)), top=max(totals, default=0) * 1.15 + 1
        )
        above.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
        above.legend(handles=[Line2D([], [], color=LINE, linewidth=3, label=total_label)], **KEY)
        bar_label = say(chart.bar_label)
        below.bar(
            steps,
            bars,
            width=0.7,
            color=[MARKED if m else BAR for m in marked],
            edgecolor=[MARKED_EDGE if m else BAR_EDGE for m in marked],
            linewidth=0 if len(steps) > 200 else 1,
        )
        below.set_ylim(0, chart.bar_top)
        below.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=4))
        legend = [Patch(facecolor=BAR, edgecolor=BAR_EDGE, label=bar_label)]
        if any(marked):
            legend.append(
                Patch(facecolor=MARKED, edgecolor=MARKED_EDGE, label=say("picture-chart-abandoned"))
            )
        below.legend(handles=legend, ncols=len(legend), **KEY)
        below.set_xlim(min(steps, default=1) - 0.6, max(steps, default=1) + 0.6)
        below.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=6, min_n_ticks=1))
        below.set_xlabel(say(chart.steps_label))
        for axis in (above, below):
            axis.grid(axis="y", color="#d9d9e0", linewidth=0.8)
            axis.set_axisbelow(True)
            axis.spines[["top", "right"]].set_visible(False)
        player = fitted(names.get(ruling["player"], ruling["player"]), font(25), TITLE_PIXELS)
        what = say(chart.title)
        # 18 pt at 100 dpi is 25 px, 16 pt 22 px: measured with the same font at those sizes
        figure.suptitle(f"{player}\n{fitted(what, font(22), TITLE_PIXELS)}", fontsize=FONT_SIZE + 2)
        figure.tight_layout()
    return figure


def profile_chart(
    ruling: dict, lang: str, names: dict[str, str], zone: tzinfo, translator: Translator
) -> bytes:
    buffer = io.BytesIO()
    profile_figure(ruling, lang, names, zone, translator).savefig(buffer, format="png")
    return buffer.getvalue()
