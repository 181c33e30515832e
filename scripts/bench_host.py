#!/usr/bin/env python
"""Load benchmark of ``palace host``: N rooms of 4 scripted devices on 127.0.0.1.

For each count of rooms a fresh host process opens that many rooms (4 people each, the
palace preset, no computers, no pause), and this process connects 4 websocket clients to
each room. In every room one move is in flight at a time: the device to act sends a legal
move chosen from its own view, and the move counts as delivered when all 4 devices of the
room have their update. Reported per count of rooms:

* latency: from sending a move to the last of the room's 4 devices having its update
  (median and 99th percentile, milliseconds);
* moves/s: moves delivered per second over all rooms while every room was playing (from the
  last room's join to the first room's end: the steady state);
* memory per room: the host's resident memory with every room open and joined, less its
  memory with one room, divided by the other rooms (MiB);
* the load average before and after.

The host and the clients share the machine (two processes), so the latency includes the
clients' own time. Bounded: at most ``--max-rooms`` rooms and ``--seconds`` of play a count.

    nice python scripts/bench_host.py --rooms 10,100 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from palace_tui.net.client import Closed, Connection  # noqa: E402
from palace_tui.net.protocol import (  # noqa: E402
    AgainRequest,
    JoinRequest,
    MoveRequest,
    ResultsUpdate,
    StateUpdate,
)

SEATS = 4


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


# ------------------------------------------------------------------ the host process


async def serve(rooms: int) -> None:
    """The host process: open ``rooms`` rooms, print the port and the codes, serve until stdin closes."""
    from aiohttp import web

    from palace_tui.net.room import Room
    from palace_tui.net.server import Host
    from palace_tui.rules import Rules
    from palace_tui.table.session import SeatConfig, Session

    host = Host(rate=(1e6, 1e6))

    def open_room(i: int) -> str:
        code = "".join("ABCDEFGHJK"[int(d)] for d in f"{i:06d}")
        seats = [SeatConfig(n) for n in ("Ann", "Ben", "Cy", "Dee")]
        host.add(Room(code, Session.new(seats, Rules.preset("palace"), seed=i), ai_delay=0))
        return code

    runner = web.AppRunner(host.app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=4096)
    await site.start()
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


# ------------------------------------------------------------------ the devices


async def next_state(connection: Connection) -> StateUpdate | ResultsUpdate:
    while True:
        update = await connection.receive()
        if isinstance(update, (StateUpdate, ResultsUpdate)):
            return update


async def play_room(
    http: aiohttp.ClientSession, url: str, code: str, seconds: float, latencies: list[tuple[float, float]], seed: int
) -> tuple[float, float]:
    """Join a room with 4 devices and play moves one at a time until the time is up; when it had
    joined, and when it stopped."""
    devices = [await Connection.open(url, JoinRequest(code), http) for _ in range(SEATS)]
    rng = random.Random(seed)
    states = {}
    for i, device in enumerate(devices):
        await device.receive()  # welcome
        states[i] = await next_state(device)
    joined = time.monotonic()
    end = joined + seconds
    try:
        while time.monotonic() < end:
            first = states[0]
            if isinstance(first, StateUpdate) and first.to_act is None:
                await asyncio.gather(*(next_state(d) for d in devices))  # the results
                await devices[0].send(AgainRequest())
            else:
                seat = first.to_act
                assert seat is not None
                mover = states[seat]
                assert isinstance(mover, StateUpdate)
                await devices[seat].send(MoveRequest(rng.choice(mover.view.legal)))
            start = time.perf_counter()
            updates = await asyncio.gather(*(next_state(d) for d in devices))
            latencies.append((time.monotonic(), time.perf_counter() - start))
            for i, update in enumerate(updates):
                states[i] = update
    except Closed:
        pass
    finally:
        for device in devices:
            await device.close()
    return joined, time.monotonic()


async def run_level(rooms: int, seconds: float) -> dict[str, float]:
    host = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        str(rooms),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert host.stdout is not None and host.stdin is not None
    codes, port, base = [], 0, 0
    while True:
        line = (await host.stdout.readline()).decode().strip()
        if line.startswith("BASE"):
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
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    tasks = [asyncio.ensure_future(play_room(http, url, code, seconds, latencies, i)) for i, code in enumerate(codes)]
    # Memory with every room joined: wait until each room has delivered a move.
    while len(latencies) < rooms and not all(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    memory = rss_kib(host.pid)
    spans = await asyncio.gather(*tasks)
    # The steady state: from the last room's join to the first room's end, every room playing.
    start, stop = max(j for j, _ in spans), min(e for _, e in spans)
    window = [lat for t, lat in latencies if start <= t <= stop]
    elapsed = max(stop - start, 1e-9)
    moves = len(window)
    load_after = os.getloadavg()[0]
    await http.close()
    host.stdin.close()
    await host.wait()
    ordered = sorted(window) or [float("nan")]
    return {
        "rooms": rooms,
        "moves": moves,
        "moves_per_s": moves / elapsed,
        "median_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "mib_per_room": (memory - base) / 1024 / max(1, rooms - 1),
        "host_mib": memory / 1024,
        "load_before": load_before,
        "load_after": load_after,
        "steady_s": elapsed,
        "setup_s": start - started,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", default="10,100", help="counts of rooms, comma-separated (default 10,100)")
    p.add_argument("--seconds", type=float, default=15.0, help="seconds of play at each count (default 15)")
    p.add_argument("--max-rooms", type=int, default=500, help="refuse counts above this (default 500)")
    p.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve))
        return 0
    counts = [int(x) for x in args.rooms.split(",")]
    if any(not 2 <= n <= args.max_rooms for n in counts) or not 0 < args.seconds <= 120:
        p.error(f"rooms from 2 to {args.max_rooms}, seconds up to 120")
    print(
        "| rooms | devices | joined in s | steady s | moves | moves/s | median ms | p99 ms | MiB/room | host MiB "
        "| load before/after |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in counts:
        r = asyncio.run(run_level(n, args.seconds))
        print(
            f"| {n} | {SEATS * n} | {r['setup_s']:.1f} | {r['steady_s']:.1f} | {r['moves']:.0f} | "
            f"{r['moves_per_s']:.0f} | {r['median_ms']:.1f} | "
            f"{r['p99_ms']:.1f} | {r['mib_per_room']:.2f} | {r['host_mib']:.0f} | "
            f"{r['load_before']:.1f}/{r['load_after']:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
