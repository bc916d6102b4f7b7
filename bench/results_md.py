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
    return f"{s['median']:.1f} ms ({s['min']:.1f}–{s['max']:.1f}, {s['runs']} run{'s' if s['runs'] != 1 else ''})"


def _short(s: dict) -> str:
    return f"{s['median']:.0f} ms" if s["median"] >= 10 else f"{s['median']:.1f} ms"


def slowest(steps: dict) -> tuple[str, float]:
    name = max(STEPS, key=lambda k: steps[k]["median"] or 0.0)  # None: timed in a worker, not here
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


def _cell(step: dict, total: dict) -> str:
    if step["median"] is None:
        return "in a worker (in other)"
    return f"{step['median']:.0f} ms ({100 * step['median'] / total['median']:.0f} %)"


def _mode(found: dict | None) -> str:
    return (found or {}).get("workers", {}).get("mode", "threads of the bot process")


def modes_section(run: dict) -> list[str]:
    """Where each benchmark ran the turn's heavy work (FLEETWRIGHT_WORKERS; bench/workers_mode.py)."""
    lines = ["Where the turn's heavy work ran (`FLEETWRIGHT_WORKERS`, bench/workers_mode.py):", ""]
    for size, v in (run.get("sizes") or {}).items():
        lines.append(f"- full turn {size} (bench_turns.py): {_mode(v)}")
    for key, what in (("load", "event loop under load (bench_load.py)"),
                      ("rulesets", "other rulesets' turns (bench_rulesets.py)")):
        if run.get(key):
            lines.append(f"- {what}: {_mode(run[key])}")
    if run.get("rss"):
        lines.append(f"- worker memory (bench_rss.py): {run['rss']['workers']['mode']}")
    return lines + [""]


def goals_section(run: dict) -> list[str]:
    from bench.goals import goals_table
    return ["## Issue 18's goals", "",
            "Every row of the goals table of issue 18 (`issues show 18`): the issue's \"today\" is its baseline as "
            "filed (hard-coded, not measured here), the next column the figures at this session's start "
            "(hard-coded from bench/RESULTS.md of 2026-12-01 23:23), \"this run\" is computed from this run's "
            "benchmarks (medians; the sections below give min–max and run counts).  From a loaded machine: "
            "other jobs shared the two cores, so the figures are noisy; ratios measured side by side in one run "
            "(bench_resolve_ab.py, bench_peer.py) are the steadier ones, and the L resolution is judged by its CPU "
            "time (its wall time, which counts the other jobs' turns on the cores too, beside it).  Wall times of "
            "different runs differ with the machine's load (the load average above): set a row against the "
            "columns to its left with that in mind.", "", *goals_table(run), ""]


def map_l_section(m: dict | None) -> list[str]:
    if not m:
        return []
    return ["## One L map (bench/bench_map_l.py)", "",
            f"The L campaign's turn resolved in memory, its public overlay built by Sengoku's `overlay_for` "
            f"({m['markers']} markers, {m['highlights']} highlights, {m['routes']} routes), drawn by `render_map` at "
            f"{m['width']}×{m['height']} px ({m['png_kib']:.0f} KiB).", "",
            "| | time |", "|---|---|",
            f"| overlay_for (public) | {_ms(m['overlay'])} |",
            f"| render_map, cold (the generated map's static layer drawn) | {m['cold_ms']:.0f} ms (1 run) |",
            f"| render_map, warm | {_ms(m['warm'])} |", ""]


def rulesets_section(r: dict | None) -> list[str]:
    """bench/bench_rulesets.py: each ruleset's demo turn through the services."""
    if not r:
        return []
    lines = ["## Other rulesets' turns (bench/bench_rulesets.py)", "",
             "Each ruleset's demo turn (bot/demo.py `run_demo`, as `python -m bot demo --ruleset X` plays it) on a "
             "fresh SQLite file, after a warm-up (an empty render of each sheet of the map where maps are drawn: in this process, or through a pool one whole untimed run): *resolve* is the rules (`TurnSteps.resolve_step`) and "
             "*reports* the presenter's `build_reports`, summed over every step of the turn; *steps* the whole of "
             "`CampaignService.resolve_turn` for every step (load, resolve, reports, record, commit); *maps* "
             "`render_sheet_maps` for every audience and sheet; *total* the whole demo (campaign created, orders "
             "submitted, steps, maps, files written).", "",
             "Medians; the total's min–max and the run count in the last column.", "",
             "| ruleset | demo (map) | turn played | steps | map images | resolve | reports | steps (resolve_turn) "
             "| maps | total (min–max, runs) |", "|---|---|---|---|---|---|---|---|---|---|"]
    for v in r["rulesets"].values():
        timed = [("in a worker" if v[k]["median"] == 0 and r["workers"]["workers"] else _short(v[k]))
                 for k in ("resolve", "reports", "steps", "maps")]
        lines.append(f"| {v['name']} | {v['scenario']} ({v['map']}) | {v['script']} | {v['step_count']} | "
                     f"{v['map_images']} | " + " | ".join(timed) + f" | {_ms(v['total'])} |")
    return lines + [""]


def rss_section(m: dict | None, sizes: dict) -> list[str]:
    """bench/bench_rss.py, and each worker's RSS after the L turn (bench_turns.py, pool only)."""
    if not m:
        return []
    mix = ", ".join(f"{n} × {size} ({m['units'][size]} units)" for size, n in m["mix"].items())
    w = m["workers"]
    lines = ["## Memory: the bot with 100 campaigns loaded, and its workers (bench/bench_rss.py)", "",
             f"One SQLite file with {m['campaigns']} stored campaigns ({mix}; S on the Seto map, M and L on their "
             "generated coasts), built by a child process.  The measuring process starts as the bot does (its "
             "collector settings, bot.discord_app and every cog imported" +
             ("; bot.render too, as maps are drawn in the bot process without a pool" if m["render_in_bot"] else "") +
             "), opens the file with a CampaignService and submits one order to each campaign, as /order would: "
             "each campaign loaded once.", "",
             "| process | RSS | peak RSS |", "|---|---|---|",
             f"| bot, after start-up | {m['started']['rss']:.0f} MiB | {m['started']['peak']:.0f} MiB |",
             f"| bot, store open, generated maps built | {m['before']['rss']:.0f} MiB | {m['before']['peak']:.0f} MiB |",
             f"| bot, {m['campaigns']} campaigns loaded ({m['load_s']:.2f} s for the {m['campaigns']} submissions) | "
             f"{m['after']['rss']:.0f} MiB | {m['after']['peak']:.0f} MiB |"]
    for label, key in (("after start-up (warmed)" if w["workers"] else "bot.render imported", "warmed"),
                       ("after drawing the Seto demo's public map", "drawn")):
        for n, proc in enumerate(w[key], start=1):
            who = f"worker {n}" if w["workers"] else "would-be worker (child process)"
            lines.append(f"| {who}, {label} | {proc['rss']:.0f} MiB | {proc['peak']:.0f} MiB |")
    for size, v in sizes.items():
        for n, proc in enumerate(v.get("worker_rss") or [], start=1):
            lines.append(f"| worker {n}, after the {size} turn's maps (bench_turns.py) | {proc['rss']:.0f} MiB | "
                         f"{proc['peak']:.0f} MiB |")
    return lines + ["", f"Workers: {w['mode']}.", ""]


def now_utc() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def write_results(out: Path, run: dict, *, machine: str, command: str, wall_s: float,
                  runs: list[str] | None = None, failed: list[str] | None = None,
                  load: tuple[float, float] | None = None, code: str | None = None, when: str | None = None) -> str:
    """RESULTS.md from run_all's collected figures (``run``: sizes, ab, peer, load, concurrency, render,
    map_l, rulesets, rss; a benchmark that failed is missing and named in ``failed``)."""
    when = when or now_utc()  # the run's time (RESULTS.json keeps it for --rewrite)
    sizes = run.get("sizes") or {}
    lines = [
        "# Benchmark results", "",
        f"Produced by `{command}` (bench/run_all.py) on {when}, in {wall_s:.0f} s"
        + (f", measuring commit `{code}`" if code else "") + ".", "",
        f"Machine: {machine}" + (f"; load average (1 min) {load[0]:.1f} when the run began and {load[1]:.1f} when it "
                                 "ended" + (": a loaded machine, whose wall times are several times what it gives "
                                            "alone" if max(load) > 2.5 else "") if load else "") + ".", "",
        "Every figure is the median of several runs, with min–max and the run count.", "",
    ]
    if runs:
        lines += ["Run counts: " + "; ".join(runs) + ".", ""]
    if failed:
        lines += ["**Failed in this run** (their figures are missing): " + ", ".join(failed) + ".", ""]
    lines += modes_section(run) + goals_section(run)
    if sizes:
        lines += _sizes_sections(sizes, run.get("ab"))
    if run.get("peer"):
        lines += _peer_section(run["peer"])
    if run.get("load"):
        lines += _load_section(run["load"])
    lines += concurrency_section(run["concurrency"]) if run.get("concurrency") else []
    lines += map_l_section(run.get("map_l")) + rulesets_section(run.get("rulesets")) + rss_section(run.get("rss"), sizes)
    if run.get("render"):
        lines += ["## Rendering (bench/bench_render.py, the renderer's own benchmark)", "", "```",
                  run["render"].strip(), "```", ""]
    text = "\n".join(lines)
    out.write_text(text)
    return text


def _sizes_sections(sizes: dict, ab: dict | None) -> list[str]:
    lines = ["## Synthetic campaigns (bench/synth_campaign.py)", "",
             "| size | clans | provinces | units (squadrons + trade fleets) | heavy det. | orders | kinds of order |",
             "|---|---|---|---|---|---|---|"]
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
    if all(k in sizes for k in ("S", "M", "L")):
        rows, verdict = growth(sizes)
        lines += ["", "Resolution time per unit as the campaign grows:", "",
                  "| size | units | resolve median (ms) | ms per unit |", "|---|---|---|---|", *rows, "",
                  f"Growth S → M → L: {verdict}."]
    lines += ["", *_hotspots(sizes), *resolve_ab(ab), "## Full turn (CampaignService.resolve_turn + render_maps)", "",
              "Each size's turn resolved through the real CampaignService on SQLite and its maps drawn (the public "
              "map and every clan's), then undone for the next run; after one untimed warm-up turn that draws the "
              "public map once in each worker (or once, in threads), so the map's static layer is cached where the "
              "timed maps are drawn, as for a campaign's later turns.  Through the worker pool the rules and "
              "reports run in the workers, where this process cannot time them apart: their time is then in "
              "*other*.", ""]
    lines += ["| step | what | " + " | ".join(sizes) + " |", "|---|---|" + "---|" * len(sizes)]
    for step in STEPS + ["total"]:
        cells = [_cell(v["full_turn"][step], v["full_turn"]["total"]) for v in sizes.values()]
        lines.append(f"| {step} | {STEP_WHAT.get(step, 'the whole turn')} | " + " | ".join(cells) + " |")
    lines.append("")
    for k, v in sizes.items():
        name, share = slowest(v["full_turn"])
        lines.append(f"- {k}: slowest step **{name}**, {100 * share:.0f} % of the full turn "
                     f"({_ms(v['full_turn']['total'])} for {v['maps_per_turn']} maps).")
    return lines + [""]


def _peer_section(peer: dict) -> list[str]:
    return ["## Against a peer: the `diplomacy` package", "",
            "Spring 1901 movement, all 22 units ordered (set orders + `Game.process()`), against our resolution "
            "of a Sengoku turn with 22 units all ordered (pure core), in the same process, alternating.", "",
            "| adjudication | time | ratio to the peer |", "|---|---|---|",
            f"| diplomacy 1.1.2, S1901M, 22 units | {_ms(peer['peer'])} | 1 |",
            f"| Sengoku, 22 units, one sub-phase ({peer['ours_1sp_orders']} orders) | {_ms(peer['ours_1sp'])} | "
            f"{peer['ratio_1sp']:.1f}× |",
            f"| Sengoku, 22 units, three sub-phases ({peer['ours_3sp_orders']} orders) | {_ms(peer['ours_3sp'])} | "
            f"{peer['ratio_3sp']:.1f}× |", "",
            "A Sengoku turn does more per unit than a Diplomacy phase: battles of several rounds with dice, "
            "stakes and manoeuvres, piracy, blockades, landings, and an event log for every audience.", ""]


def _load_section(load: dict) -> list[str]:
    lines = ["## Event loop under load (bench/bench_load.py)", "",
             f"100 order submissions (5 bursts of 20 concurrent, 1.5 s apart) through CampaignService.submit_order "
             f"for four Seto campaigns, while the L campaign ({load['big_units']} units) resolves and renders two "
             f"maps on the same SQLite file ({load['big_turn_ms'] / 1000:.1f} s for that turn under this load"
             f"{'; a map hit the render timeout (RenderTimeout), which ended the turn there' if load.get('maps_timed_out') else ''}); "
             f"the turn's heavy work in {_mode(load)}.", "",
             "| | p50 | p99 | max | worst loop stall |", "|---|---|---|---|---|"]
    for label, key in (("submissions alone", "quiet"), ("while the L turn resolves and renders", "under_load")):
        f = load[key]
        lines.append(f"| {label} | {f['p50']:.0f} ms | {f['p99']:.0f} ms | {f['max']:.0f} ms | "
                     f"{f['worst_stall']:.0f} ms |")
    return lines + [""]
