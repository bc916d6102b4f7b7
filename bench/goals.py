"""Issue 18's goals table (``issues show 18``, "Goals"), filled from one ``make bench`` run.

Each row: the figure, the issue's "today" (its baseline, as the issue states it: hard-coded here),
the figure at this session's start (bench/RESULTS.md of 2026-12-01 23:23, hard-coded too), this
run's figure (computed from this run's benchmarks), the goal, whether it is met, and which
benchmark measured it."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable

ISSUE_BASELINE = "the issue's \"today\" (its baseline, as filed)"
SESSION_START = "this session's start (RESULTS.md of 2026-12-01 23:23)"


@dataclass(frozen=True)
class Goal:
    figure: str
    issue_today: str
    session_start: str
    goal: str
    source: str
    value: Callable[[dict], float | None]  # this run's figure, from run_all's collected results
    shown: Callable[[float], str]
    met: Callable[[float], bool]
    extra: Callable[[dict], str] | None = None  # more of this run's figures for the cell (e.g. the wall time)


def _ms(v: float) -> str:
    return f"{v:,.0f} ms" if v < 1000 else f"{v / 1000:,.2f} s"


def _get(path: Callable[[dict], float | None]) -> Callable[[dict], float | None]:
    def value(run: dict) -> float | None:
        try:
            return path(run)
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            return None  # that benchmark did not run or failed: the row says so
    return value


def growth_exponent(run: dict) -> float:
    """M → L: from bench_resolve_ab.py's CPU times with the bot's collector settings (side by side, steadier
    on the loaded machine), else from bench_turns.py's wall-time medians."""
    if run.get("ab"):
        sizes = run["ab"]["sizes"]
        m, big = sizes["M"]["new+gc"], sizes["L"]["new+gc"]
        return math.log(big["median"] / m["median"]) / math.log(big["units"] / m["units"])
    m, big = run["sizes"]["M"], run["sizes"]["L"]
    return math.log(big["resolve"]["median"] / m["resolve"]["median"]) / math.log(big["units"] / m["units"])


def l_resolve_ms(run: dict) -> float:
    """The L resolution's CPU time (bench_resolve_ab.py, the bot's collector settings): on the loaded
    machine its wall time counts the other jobs' turns on the two cores too; else the wall-time median."""
    if run.get("ab"):
        return run["ab"]["sizes"]["L"]["new+gc"]["median"]
    return run["sizes"]["L"]["resolve"]["median"]


def l_resolve_wall(run: dict) -> str:
    return f"wall {_ms(run['sizes']['L']['resolve']['median'])}" if run.get("ab") else ""


def seto_warm_ms(render_text: str) -> float:
    """The warm median of bench/bench_render.py's text ("warm, mean of N  X ms  (median Y, ...")."""
    found = re.search(r"warm, mean of \d+\s+[\d.]+ ms\s+\(median ([\d.]+)", render_text)
    if not found:
        raise ValueError("no warm median in bench_render.py's output")
    return float(found.group(1))


def _rss_shown(run: dict) -> str:
    rss = run["rss"]
    workers = rss["workers"]["drawn"] or rss["workers"]["warmed"]
    each = ", ".join(f"{w['rss']:.0f}" for w in workers)
    who = (f"per worker (of {rss['workers']['workers']}) {each} MiB" if rss["workers"]["workers"]
           else f"a would-be worker (no pool: a child that imports bot.render and draws a map) {each} MiB")
    return (f"bot {rss['after']['rss']:.0f} MiB with {rss['campaigns']} campaigns loaded "
            f"({rss['started']['rss']:.0f} MiB after start-up); {who}")


GOALS = [
    Goal("L resolve (1,000 units, 3 sub-phases)", "3.45 s", "640 ms", "≤ 250 ms",
         "bench_resolve_ab.py L, CPU time, the bot's GC settings (wall: bench_turns.py L)",
         _get(l_resolve_ms), _ms, lambda v: v <= 250, extra=_get(l_resolve_wall)),
    Goal("growth from M to L", "units^1.9", "units^1.20 (bench_resolve_ab: ^1.12)", "≤ units^1.2",
         "bench_resolve_ab.py M and L, CPU time, the bot's GC settings", _get(growth_exponent),
         lambda v: f"units^{v:.2f}", lambda v: v <= 1.2),
    Goal("22-unit turn ÷ `diplomacy` spring 1901", "3.1×", "3.0×", "≤ 1×", "bench_peer.py, one sub-phase",
         _get(lambda r: r["peer"]["ratio_1sp"]), lambda v: f"{v:.1f}×", lambda v: v <= 1.0),
    Goal("one L map, warm", "~3 s", "~2.5 s", "≤ 250 ms", "bench_map_l.py, public map, warm median",
         _get(lambda r: r["map_l"]["warm"]["median"]), _ms, lambda v: v <= 250),
    Goal("Seto map, warm", "248 ms", "127 ms", "≤ 40 ms", "bench_render.py, warm median",
         _get(lambda r: seto_warm_ms(r["render"])), _ms, lambda v: v <= 40),
    Goal("17 L maps of one turn", "53 s", "42.8 s", "≤ 2.5 s", "bench_turns.py L, full turn, render",
         _get(lambda r: r["sizes"]["L"]["full_turn"]["render"]["median"]), _ms, lambda v: v <= 2500),
    Goal("whole L turn (load, resolve, reports, persist, 17 maps)", "57 s", "45.5 s", "≤ 3 s",
         "bench_turns.py L, full turn, total", _get(lambda r: r["sizes"]["L"]["full_turn"]["total"]["median"]),
         _ms, lambda v: v <= 3000),
    Goal("order submission p99 while an L turn resolves and renders", "596 ms", "1,003 ms", "≤ 50 ms",
         "bench_load.py, under load, p99", _get(lambda r: r["load"]["under_load"]["p99"]), _ms, lambda v: v <= 50),
    Goal("worst event-loop stall meanwhile", "184 ms", "227 ms", "≤ 30 ms", "bench_load.py, under load",
         _get(lambda r: r["load"]["under_load"]["worst_stall"]), _ms, lambda v: v <= 30),
]
RSS_ROW = ("bot RSS with 100 campaigns loaded, and per worker", "–", "not measured", "report both", "bench_rss.py")


def goals_table(run: dict) -> list[str]:
    """The table's lines: every row of the issue's goals, side by side with this run's figures."""
    lines = [f"| figure | {ISSUE_BASELINE} | at {SESSION_START} | this run | goal | met | measured by |",
             "|---|---|---|---|---|---|---|"]
    for g in GOALS:
        value = g.value(run)
        now, met = ("not measured (that benchmark failed)", "–") if value is None else \
            (g.shown(value), "**yes**" if g.met(value) else "no")
        if value is not None and g.extra and (more := g.extra(run)):
            now += f" ({more})"
        lines.append(f"| {g.figure} | {g.issue_today} | {g.session_start} | {now} | {g.goal} | {met} | {g.source} |")
    figure, today, start, goal, source = RSS_ROW
    try:
        now, met = _rss_shown(run), "**yes** (reported)"
    except (KeyError, TypeError):
        now, met = "not measured (bench_rss.py failed)", "no"
    lines.append(f"| {figure} | {today} | {start} | {now} | {goal} | {met} | {source} |")
    return lines
