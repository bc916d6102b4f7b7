"""bench/RESULTS.md from the figures bench/run_all.py collects."""

from __future__ import annotations

import math
import platform
from datetime import datetime, timezone
from pathlib import Path

STEPS = ["load", "resolve", "reports", "persist", "render", "other"]
STEP_WHAT = {"load": "state + settings from SQLite into the models, map", "resolve": "the rules (pure core)",
             "reports": "report texts for every audience", "persist": "commit_resolution (one transaction)",
             "render": "public map + one map per clan", "other": "the rest of resolve_turn (turn row, "
             "orders, campaign updates)"}


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in _read("/proc/cpuinfo").splitlines()
                if line.startswith("model name")), platform.processor() or "unknown CPU")
    cores = sum(1 for line in _read("/proc/cpuinfo").splitlines() if line.startswith("processor"))
    mem = next((int(line.split()[1]) // 1024 for line in _read("/proc/meminfo").splitlines()
                if line.startswith("MemTotal")), 0)
    return (f"{cpu}, {cores} cores, {mem / 1024:.0f} GiB RAM, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}; a shared VM (other jobs ran at the same time, so "
            f"max values are noisy; medians are the figures to quote)")


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _ms(s: dict) -> str:
    return f"{s['median']:.1f} ms ({s['min']:.1f}–{s['max']:.1f}, {s['runs']} runs)"


def slowest(steps: dict) -> tuple[str, float]:
    name = max(STEPS, key=lambda k: steps[k]["median"])
    return name, steps[name]["median"] / steps["total"]["median"]


def growth(sizes: dict) -> tuple[list[str], str]:
    lines = [f"| {k} | {v['units']} | {v['resolve']['median']:.1f} | {v['resolve']['median'] / v['units']:.3f} |"
             for k, v in sizes.items()]
    s, m, big = (sizes[k] for k in ("S", "M", "L"))
    exponent = math.log(big["resolve"]["median"] / m["resolve"]["median"]) / math.log(big["units"] / m["units"])
    per = [v["resolve"]["median"] / v["units"] for v in (s, m, big)]
    verdict = ("about linear" if exponent < 1.2 else
               f"not linear: the time per unit grows {per[2] / per[1]:.1f}× from M to L "
               f"(time ∝ units^{exponent:.2f} between M and L)")
    return lines, verdict


def _hotspots(sizes: dict) -> list[str]:
    spots = sizes.get("L", {}).get("hotspots")
    if not spots:
        return []
    lines = ["Where an L resolution spends its time (cProfile of one run; own time, and time including callees):",
             "", "| function | calls | own | with callees |", "|---|---|---|---|"]
    lines += [f"| `{s['function']}` | {s['calls']} | {100 * s['own_share']:.0f} % | {100 * s['cumulative_share']:.0f} % |"
              for s in spots]
    return lines + [""]


def resolve_ab(ab: dict | None) -> list[str]:
    """Issue 18: the resolution before and after, measured side by side (bench/bench_resolve_ab.py)."""
    if not ab:
        return []
    from bench.bench_resolve_ab import table
    return ["## Resolution before and after issue 18 (bench/bench_resolve_ab.py)", "",
            f"The code before (commit `{ab['baseline']}`, unpacked with `git archive`) and this code, one worker "
            "process each per size, taking turns resolution by resolution on the same campaign; \"start-up GC "
            "settings\" is this code with the bot's collector settings (bot/runtime.py).  The GC share is the "
            "collector's time (gc.callbacks) over the resolution's, with the number of collections.  Results are "
            "byte-identical (bench/resolution_hashes.py).", "", table(ab["sizes"]), ""]


def concurrency_section(c: dict) -> list[str]:
    """bench/bench_concurrency.py's figures: every clan of many campaigns submitting at once, per backend."""
    lines = ["## Many campaigns at once, SQLite and PostgreSQL (bench/bench_concurrency.py)", "",
             f"{c['campaigns']} campaigns × {c['clans']} clans: every clan submits one order at the same moment "
             f"({c['campaigns'] * c['clans']} calls of CampaignService.submit_order, all started together), spread "
             f"over {c['processes']} services with a connection (SQLite) or a pool (PostgreSQL) each, as "
             f"{c['processes']} bot processes would share one database (here in one process, on one event loop: "
             "the latency is mostly each call's validation waiting its turn for the CPU). Afterwards every "
             "order must be stored and no call may have failed (no lost write, no deadlock).", "",
             "| backend | submissions | stored | lost | failed | p50 | p99 | max | burst wall time |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in ("sqlite", "postgresql"):
        f = c[name]
        if "skipped" in f:
            lines.append(f"| {name} | not run: {f['skipped']} | | | | | | | |")
            continue
        lines.append(f"| {name} | {f['submissions']} | {f['stored']} | {f['lost']} | {f['failed']} | "
                     f"{f['p50']:.0f} ms | {f['p99']:.0f} ms | {f['max']:.0f} ms | {f['wall_s']:.1f} s |")
    return lines + [""]


def write_results(out: Path, *, sizes: dict, peer: dict, load: dict, render: str, machine: str, command: str,
                  wall_s: float, ab: dict | None = None, concurrency: dict | None = None) -> str:
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmark results", "",
        f"Produced by `{command}` (bench/run_all.py) on {when}, in {wall_s:.0f} s.", "",
        f"Machine: {machine}.", "",
        "Every figure is the median of several runs, with min–max and the run count.", "",
        "## Synthetic campaigns (bench/synth_campaign.py)", "",
        "| size | clans | provinces | units (squadrons + trade fleets) | heavy det. | orders | kinds of order |",
        "|---|---|---|---|---|---|---|",
    ]
    for k, v in sizes.items():
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(v["order_kinds"].items()))
        lines.append(f"| {k} | {v['clans']} | {v['provinces']} | {v['units']} | {v['heavy']} | {v['orders']} | "
                     f"{kinds} |")
    lines += ["", "Every unit is ordered (SP1), a third of the squadrons get new orders in SP2 and another "
              "third in SP3; all orders pass /order's validation.", "",
              "## Resolution, I/O floor, memory", "",
              "| size | resolve | I/O floor (load + save state) | state | resolve / I/O floor | resolve peak "
              "allocations | peak RSS of the process |", "|---|---|---|---|---|---|---|"]
    for k, v in sizes.items():
        lines.append(f"| {k} | {_ms(v['resolve'])} | {_ms(v['io_floor'])} | {v['state_kib']:.0f} KiB | "
                     f"{v['resolve_over_io']:.0f}× | {v['resolve_peak_mb']:.1f} MB | {v['peak_rss_mb']:.0f} MiB |")
    rows, verdict = growth(sizes)
    lines += ["", "Resolution time per unit as the campaign grows:", "",
              "| size | units | resolve median (ms) | ms per unit |", "|---|---|---|---|", *rows, "",
              f"Growth S → M → L: {verdict}.", "", *_hotspots(sizes), *resolve_ab(ab), "## Full turn (CampaignService.resolve_turn + render_maps)", ""]
    lines += ["| step | what | " + " | ".join(sizes) + " |", "|---|---|" + "---|" * len(sizes)]
    for step in STEPS + ["total"]:
        cells = [f"{v['full_turn'][step]['median']:.0f} ms ({100 * v['full_turn'][step]['median'] / v['full_turn']['total']['median']:.0f} %)"
                 for v in sizes.values()]
        lines.append(f"| {step} | {STEP_WHAT.get(step, 'the whole turn')} | " + " | ".join(cells) + " |")
    lines.append("")
    for k, v in sizes.items():
        name, share = slowest(v["full_turn"])
        lines.append(f"- {k}: slowest step **{name}**, {100 * share:.0f} % of the full turn "
                     f"({_ms(v['full_turn']['total'])} for {v['maps_per_turn']} maps).")
    lines += ["", "## Against a peer: the `diplomacy` package", "",
              "Spring 1901 movement, all 22 units ordered (set orders + `Game.process()`), against our resolution "
              "of a Sengoku turn with 22 units all ordered (pure core), in the same process, alternating.", "",
              "| adjudication | time | ratio to the peer |", "|---|---|---|",
              f"| diplomacy 1.1.2, S1901M, 22 units | {_ms(peer['peer'])} | 1 |",
              f"| Sengoku, 22 units, one sub-phase ({peer['ours_1sp_orders']} orders) | {_ms(peer['ours_1sp'])} | "
              f"{peer['ratio_1sp']:.1f}× |",
              f"| Sengoku, 22 units, three sub-phases ({peer['ours_3sp_orders']} orders) | {_ms(peer['ours_3sp'])} | "
              f"{peer['ratio_3sp']:.1f}× |", "",
              "A Sengoku turn does more per unit than a Diplomacy phase: battles of several rounds with dice, "
              "stakes and manoeuvres, piracy, blockades, landings, and an event log for every audience.", "",
              "## Event loop under load (bench/bench_load.py)", "",
              f"100 order submissions (5 bursts of 20 concurrent, 1.5 s apart) through CampaignService.submit_order "
              f"for four Seto campaigns, while the L campaign ({load['big_units']} units) resolves and renders two "
              f"maps on the same SQLite file ({load['big_turn_ms'] / 1000:.1f} s for that turn under this load).", "",
              "| | p50 | p99 | max | worst loop stall |", "|---|---|---|---|---|"]
    for label, key in (("submissions alone", "quiet"), ("while the L turn resolves and renders", "under_load")):
        f = load[key]
        lines.append(f"| {label} | {f['p50']:.0f} ms | {f['p99']:.0f} ms | {f['max']:.0f} ms | "
                     f"{f['worst_stall']:.0f} ms |")
    lines += [""] + (concurrency_section(concurrency) if concurrency else [])
    lines += ["## Rendering (bench/bench_render.py, the renderer's own benchmark)", "", "```",
              render.strip(), "```", ""]
    text = "\n".join(lines)
    out.write_text(text)
    return text
