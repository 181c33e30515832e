#!/usr/bin/env python
"""Load benchmark of ``palace host``: N rooms of 4 scripted devices on 127.0.0.1.

For each count of rooms a fresh host process opens that many rooms (4 people each, the
palace preset, no computers, no pause), and this process connects 4 websocket clients to
each room. In every room one move is in flight at a time: the device to act sends a legal
move chosen from its own view, and the move counts as delivered when all 4 devices of the
room have their update. Two modes:

* paced (``--pace SECONDS``, e.g. 1.0): the device to act first waits about that long (a
  random 0.5 to 1.5 times it), as a fast table of people would; the latency is then what a
  person waits for the table to answer, and the rooms ask the host for about rooms/pace moves
  a second in all;
* saturating (``--pace 0``): every room sends its next move as soon as the last arrived, so
  the host runs flat out: its moves/s is the most it sustains, and the latency is queueing.

Reported per count of rooms:

* latency: from sending a move to the last of the room's 4 devices having its update
  (median and 99th percentile, milliseconds);
* moves/s: moves delivered per second over all rooms while every room was playing (from the
  last room's join to the first room's end: the steady state);
* the host's own CPU over that window (from ``/proc/PID/stat``: user and system time), as a
  share of one core and per move, and the devices' process's (the clients share the machine);
* memory per room: the host's resident memory with every room open and joined, less its
  memory with one room, divided by the other rooms (MiB), and the host's resident memory;
* the load average before and after.

The devices are lean clients: they read each frame's type from its first bytes and parse only
the updates they need (the one to move reads its legal moves), so the host's work dominates.
Bounded: at most ``--max-rooms`` rooms and ``--seconds`` of play a count.

    nice -n 10 python scripts/bench_host.py --rooms 10,100,500 --pace 1.0 --seconds 30
    nice -n 10 python scripts/bench_host.py --rooms 10,100,500 --pace 0 --seconds 12
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The tree whose palace_tui this runs (``--tree``: read before anything of it is imported).
TREE = Path(sys.argv[sys.argv.index("--tree") + 1]).resolve() if "--tree" in sys.argv[:-1] else ROOT
sys.path.insert(0, str(TREE))

import aiohttp  # noqa: E402

from palace_tui.net.protocol import AgainRequest, JoinRequest, Message, MoveRequest, encode  # noqa: E402

SEATS = 4


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Collections:
    """The garbage collector's pauses in this process: when each began, its generation, its wall
    and CPU milliseconds (wall above CPU: the process was waiting for a core meanwhile)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, int, float, float]] = []
        self._began = (0.0, 0.0)
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.monotonic(), time.thread_time())
        else:
            t, cpu = self._began
            wall_ms, cpu_ms = 1000 * (time.monotonic() - t), 1000 * (time.thread_time() - cpu)
            self.pauses.append((t, info["generation"], wall_ms, cpu_ms))

    @staticmethod
    def longest(pauses: list[tuple[float, int, float, float]], start: float, stop: float) -> tuple[float, float, int]:
        """The longest pause begun within ``start``..``stop`` (wall and CPU ms) and how many full collections."""
        inside = [p for p in pauses if start <= p[0] <= stop]
        worst = max(inside, key=lambda p: p[2], default=(0.0, 0, 0.0, 0.0))
        return worst[2], worst[3], sum(1 for p in inside if p[1] == 2)


# ------------------------------------------------------------------ the host process


async def serve(rooms: int) -> None:
    """The host process: open ``rooms`` rooms, print the port and the codes, serve until stdin closes."""
    from aiohttp import web

    from palace_tui.net.room import Room
    from palace_tui.net.server import Host
    from palace_tui.rules import Rules
    from palace_tui.table.session import SeatConfig, Session

    host = Host(rate=(1e6, 1e6))
    collections = Collections()

    def open_room(i: int) -> str:
        code = "".join("ABCDEFGHJK"[int(d)] for d in f"{i:06d}")
        seats = [SeatConfig(n) for n in ("Ann", "Ben", "Cy", "Dee")]
        host.add(Room(code, Session.new(seats, Rules.preset("palace"), seed=i), ai_delay=0))
        return code

    runner = web.AppRunner(host.app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=4096)
    await site.start()
    print(f"TREE {Path(sys.modules[Room.__module__].__file__ or '').resolve().parents[2]}", flush=True)
    codes = [open_room(0)]
    print(f"BASE {rss_kib(os.getpid())}", flush=True)
    codes += [open_room(i) for i in range(1, rooms)]
    print(f"PORT {runner.addresses[0][1]}", flush=True)
    for code in codes:
        print(f"ROOM {code}", flush=True)
    print("READY", flush=True)
    await asyncio.to_thread(sys.stdin.read)  # until the benchmark closes our stdin
    await host.close()
    await runner.cleanup()
    for t, generation, wall_ms, cpu_ms in collections.pauses:
        print(f"GC {t} {generation} {wall_ms} {cpu_ms}", flush=True)


# ------------------------------------------------------------------ the devices

#: This process's collections (the devices'), recorded from main on.
DEVICES_GC: Collections
STATE, RESULTS = '{"v":1,"type":"state"', '{"v":1,"type":"results"'
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """A process's user and system CPU time so far, in seconds (Linux ``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (fields 14 and 15 of stat)


class Gone(Exception):
    """The host closed a device's connection."""


async def next_update(ws: aiohttp.ClientWebSocketResponse) -> str:
    """The next ``state`` or ``results`` frame's text (other updates skipped)."""
    while True:
        frame = await ws.receive()
        if frame.type != aiohttp.WSMsgType.TEXT:
            raise Gone(str(frame.extra))
        if frame.data.startswith((STATE, RESULTS)):
            return frame.data


async def play_room(
    http: aiohttp.ClientSession,
    url: str,
    code: str,
    seconds: float,
    pace: float,
    latencies: list[tuple[float, float]],
    seed: int,
) -> tuple[float, float]:
    """Join a room with 4 devices and play moves one at a time until the time is up; when it had
    joined, and when it stopped."""
    devices = []
    for _ in range(SEATS):
        ws = await http.ws_connect(url, max_msg_size=1 << 20)
        await ws.send_str(encode(JoinRequest(code)))
        devices.append(ws)
    rng = random.Random(seed)
    texts = [await next_update(ws) for ws in devices]
    joined = time.monotonic()
    end = joined + seconds
    try:
        while time.monotonic() < end:
            if pace:
                await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            first = json.loads(texts[0])
            if first["type"] == "state" and first["to_act"] is None:
                await asyncio.gather(*(next_update(ws) for ws in devices))  # the results
                request: Message = AgainRequest()
                mover = devices[0]
            else:
                seat = first["to_act"]
                view = json.loads(texts[seat])["view"]
                request = MoveRequest(rng.choice(view["legal"]))
                mover = devices[seat]
            start = time.perf_counter()
            await mover.send_str(encode(request))
            texts = await asyncio.gather(*(next_update(ws) for ws in devices))
            latencies.append((time.monotonic(), time.perf_counter() - start))
    except Gone:
        pass
    finally:
        for ws in devices:
            await ws.close()
    return joined, time.monotonic()


async def sample_cpu(pid: int, samples: list[tuple[float, float, float]], stop: asyncio.Event) -> None:
    """Every quarter second: the time, the host's CPU seconds and this process's."""
    while not stop.is_set():
        samples.append((time.monotonic(), cpu_seconds(pid), time.process_time()))
        try:
            await asyncio.wait_for(stop.wait(), 0.25)
        except TimeoutError:
            pass


def cpu_over(samples: list[tuple[float, float, float]], start: float, stop: float) -> tuple[float, float, float]:
    """Seconds of the samples' span nearest inside ``start``..``stop``, the host's CPU and the devices' over it."""
    inside = [s for s in samples if start <= s[0] <= stop] or samples
    (t0, h0, c0), (t1, h1, c1) = inside[0], inside[-1]
    return max(t1 - t0, 1e-9), h1 - h0, c1 - c0


async def run_level(rooms: int, seconds: float, pace: float, profile: str | None, tree: Path) -> dict[str, Any]:
    serve = ["--serve", str(rooms), "--tree", str(tree)] + (["--profile-host", profile] if profile else [])
    host = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        *serve,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(tree)},  # the host imports this tree's palace_tui
    )
    assert host.stdout is not None and host.stdin is not None
    codes, port, base = [], 0, 0
    while True:
        line = (await host.stdout.readline()).decode().strip()
        if line.startswith("TREE"):
            assert Path(line.split(maxsplit=1)[1]) == tree, f"the host runs {line}, not {tree}"
        elif line.startswith("BASE"):
            base = int(line.split()[1])
        elif line.startswith("PORT"):
            port = int(line.split()[1])
        elif line.startswith("ROOM"):
            codes.append(line.split()[1])
        elif line == "READY" or not line:
            break
    url = f"ws://127.0.0.1:{port}/ws"
    latencies: list[tuple[float, float]] = []
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    samples: list[tuple[float, float, float]] = []
    stop_sampling = asyncio.Event()
    sampler = asyncio.ensure_future(sample_cpu(host.pid, samples, stop_sampling))
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    tasks = [
        asyncio.ensure_future(play_room(http, url, code, seconds, pace, latencies, i)) for i, code in enumerate(codes)
    ]
    # Memory with every room joined: wait until each room has delivered a move.
    while len(latencies) < rooms and not all(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    memory = rss_kib(host.pid)
    gc.freeze()  # the devices' objects so far are never collected again: fewer, shorter pauses in the measuring
    spans = await asyncio.gather(*tasks)
    stop_sampling.set()
    await sampler
    # The steady state: from the last room's join to the first room's end, every room playing.
    start, stop = max(j for j, _ in spans), min(e for _, e in spans)
    window = [lat for t, lat in latencies if start <= t <= stop]
    elapsed = max(stop - start, 1e-9)
    moves = len(window)
    span, host_cpu, devices_cpu = cpu_over(samples, start, stop)
    load_after = os.getloadavg()[0]
    await http.close()
    host.stdin.close()
    host_pauses = []
    for raw in (await host.stdout.read()).decode().splitlines():
        if raw.startswith("GC "):
            t, generation, wall_ms, cpu_ms = raw.split()[1:]
            host_pauses.append((float(t), int(generation), float(wall_ms), float(cpu_ms)))
    await host.wait()
    host_gc = Collections.longest(host_pauses, start, stop)
    devices_gc = Collections.longest(DEVICES_GC.pauses, start, stop)
    ordered = sorted(window) or [float("nan")]
    return {
        "rooms": rooms,
        "moves": moves,
        "moves_per_s": moves / elapsed,
        "median_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max_ms": 1000 * ordered[-1],
        "host_cpu": host_cpu / span,
        "host_ms_per_move": 1000 * (host_cpu / span) / max(moves / elapsed, 1e-9),
        "devices_cpu": devices_cpu / span,
        "mib_per_room": (memory - base) / 1024 / max(1, rooms - 1),
        "host_mib": memory / 1024,
        "load_before": load_before,
        "load_after": load_after,
        "steady_s": elapsed,
        "setup_s": start - started,
        "host_gc": host_gc,
        "devices_gc": devices_gc,
    }


def gc_text(gc_pause: tuple[float, float, int]) -> str:
    """The longest pause's wall ms (its CPU ms) and the count of full collections."""
    wall_ms, cpu_ms, full = gc_pause
    return f"{wall_ms:.0f} ({cpu_ms:.0f} CPU, {full} full)"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", default="10,100", help="counts of rooms, comma-separated (default 10,100)")
    p.add_argument("--seconds", type=float, default=15.0, help="seconds of play at each count (default 15)")
    p.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="seconds the device to act waits before moving, 0.5 to 1.5 times this at random (default 0: "
        "as fast as it can, the host saturated)",
    )
    p.add_argument("--max-rooms", type=int, default=500, help="refuse counts above this (default 500)")
    p.add_argument("--profile-host", default=None, help="write a cProfile of the host process to this file")
    p.add_argument(
        "--tree", type=Path, default=ROOT, help="the palace-tui tree the host runs (default this one: compare two)"
    )
    p.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve is not None:
        if args.profile_host:
            import cProfile

            profiler = cProfile.Profile()
            profiler.runcall(asyncio.run, serve(args.serve))
            profiler.dump_stats(args.profile_host)
        else:
            asyncio.run(serve(args.serve))
        return 0
    global DEVICES_GC
    DEVICES_GC = Collections()
    counts = [int(x) for x in args.rooms.split(",")]
    if any(not 2 <= n <= args.max_rooms for n in counts) or not 0 < args.seconds <= 120 or not 0 <= args.pace <= 60:
        p.error(f"rooms from 2 to {args.max_rooms}, seconds up to 120, pace from 0 to 60")
    print(f"host {args.tree.resolve()}, pace {args.pace} s, {args.seconds} s of play a count", flush=True)
    import palace_tui

    assert Path(palace_tui.__file__).resolve().parents[1] == TREE
    print(
        "| rooms | devices | joined in s | steady s | moves | moves/s | median ms | p99 ms | max ms "
        "| host CPU | host ms/move | devices CPU | longest GC pause host / devices ms (full collections) "
        "| MiB/room | host MiB | load before/after |"
    )
    print("|" + " ---: |" * 16)
    for n in counts:
        r = asyncio.run(run_level(n, args.seconds, args.pace, args.profile_host, args.tree.resolve()))
        print(
            f"| {n} | {SEATS * n} | {r['setup_s']:.1f} | {r['steady_s']:.1f} | {r['moves']:.0f} | "
            f"{r['moves_per_s']:.0f} | {r['median_ms']:.1f} | {r['p99_ms']:.1f} | {r['max_ms']:.0f} | "
            f"{100 * r['host_cpu']:.0f}% | {r['host_ms_per_move']:.2f} | {100 * r['devices_cpu']:.0f}% | "
            f"{gc_text(r['host_gc'])} / {gc_text(r['devices_gc'])} | "
            f"{r['mib_per_room']:.2f} | {r['host_mib']:.0f} | {r['load_before']:.1f}/{r['load_after']:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
