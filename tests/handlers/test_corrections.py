"""Corrections re-derive, never patch: whatever results were recorded, corrected or voided,
in any order, the standings are those a fresh count of the results that stand gives."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discipline.burraco.points import ranking_points
from tests.conftest import Chat

PLAYERS = ("ann", "bob", "cat", "dan")
VP = st.integers(min_value=0, max_value=20)
chats = itertools.count()

operation = st.one_of(
    st.tuples(st.just("correct"), st.integers(0, 5), VP, st.just(None)),
    st.tuples(st.just("void"), st.integers(0, 5), st.just(0), st.just(0)),
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    matches=st.lists(
        st.tuples(st.sampled_from(list(itertools.permutations(PLAYERS, 2))), VP, st.just(None)),
        min_size=1,
        max_size=6,
    ),
    operations=st.lists(operation, max_size=6),
)
async def test_standings_are_those_of_the_results_that_stand(app, matches, operations):
    chat = await Chat(app, chat=f"club{next(chats)}").setup()
    final: dict[int, tuple[tuple[str, str], int, int] | None] = {}
    for (ns, ew), vp_ns, _ in matches:
        vp_ew = 20 - vp_ns  # a 1v1 match's Victory Points add up to 20
        [opened] = Chat.rulings(await chat.say(ns, "/open fibur 1v1 2"), "table_opened")
        table = opened["table"]
        await chat.say(ns, f"/sit {table} ns")
        await chat.say(ew, f"/sit {table} ew")
        await chat.say("mod", f"/result {table} vp {vp_ns} {vp_ew}")
        final[table] = ((ns, ew), vp_ns, vp_ew)
    for kind, index, vp_ns, _ in operations:
        vp_ew = 20 - vp_ns
        table = sorted(final)[index % len(final)]
        if kind == "void":
            out = await chat.say("mod", f"/void {table} crash")
            if Chat.rulings(out, "match_voided"):
                final[table] = None
        elif final[table] is not None:
            out = await chat.say("mod", f"/correct {table} vp {vp_ns} {vp_ew}")
            if Chat.rulings(out, "match_corrected"):
                final[table] = (final[table][0], vp_ns, vp_ew)
    expected: dict[str, tuple[Fraction, int]] = {}
    for result in final.values():
        if result is None:
            continue
        (ns, ew), vp_ns, vp_ew = result
        for player, vp in ((ns, vp_ns), (ew, vp_ew)):
            points, played = expected.get(player, (Fraction(0), 0))
            expected[player] = (points + ranking_points(vp, 2), played + 1)
    [standings] = Chat.rulings(await chat.say("ann", "/standings"), "standings")
    shown = {row["player"]: (Fraction(row["points"]), row["matches"]) for row in standings["rows"]}
    assert shown == expected
