#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cook timer lateness and event-socket fan-out, against a running forged.

Usage: timers.py BASE_URL SOCKET_PATH COOKIE [TIMERS] [SUBSCRIBERS]

1. Lateness: starts TIMERS timers over HTTP (8 client threads), their
   deadlines spread over 20 s beginning once all are running, so every one
   of them is active while the first fires. One subscriber on the event
   socket records each `timer.fired` line. Reports the scheduler's own
   `late_by_ms` (deadline to commit) and the socket lateness (deadline to
   the line arriving at the subscriber), median / p99 / max.
2. Fan-out: SUBSCRIBERS clients on the socket, read by one selector loop
   that timestamps each line on arrival; 30 timers started one after the
   other. Per event: first-to-last arrival spread across subscribers, and
   HTTP answer to last arrival. Median / p99 / max.
"""
import json, selectors, socket, statistics, sys, threading, time, urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime


def post(base, path, body, cookie):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Cookie": cookie})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def instant(text):
    return datetime.fromisoformat(text).timestamp()


def pct(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(values, unit="ms"):
    return (f"median {statistics.median(values):.1f} {unit}, p99 {pct(values, 99):.1f} {unit}, "
            f"max {max(values):.1f} {unit} (n={len(values)})")


class Subscribers:
    """N socket clients read by one selector thread; records (arrival, envelope) per line."""

    def __init__(self, path, count, keep):
        self.keep = keep
        self.lines = [[] for _ in range(count)]
        self.buffers = [b"" for _ in range(count)]
        self.selector = selectors.DefaultSelector()
        self.socks = []
        for i in range(count):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ, i)
            self.socks.append(s)
        self.running = True
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def loop(self):
        while self.running:
            for key, _ in self.selector.select(timeout=0.2):
                now = time.time()
                i = key.data
                try:
                    chunk = key.fileobj.recv(1 << 20)
                except BlockingIOError:
                    continue
                if not chunk:
                    self.selector.unregister(key.fileobj)
                    continue
                self.buffers[i] += chunk
                *complete, self.buffers[i] = self.buffers[i].split(b"\n")
                for line in complete:
                    envelope = json.loads(line)
                    if self.keep(envelope):
                        self.lines[i].append((now, envelope))

    def close(self):
        self.running = False
        self.thread.join()
        for s in self.socks:
            s.close()


def lateness(base, sock, cookie, count):
    listener = Subscribers(sock, 1, lambda e: e.get("type") == "timer.fired")
    spread_s = 20
    # Creation at ~50-100/s: leave room so every deadline is after the last start.
    lead = max(10, count // 40)
    start = time.time()
    seconds = [lead + spread_s * i // count for i in range(count)]

    def create(i):
        return post(base, "/api/cook/timers", {"label": f"bench {i}", "seconds": seconds[i]}, cookie)

    with ThreadPoolExecutor(8) as pool:
        created = list(pool.map(create, range(count)))
    took = time.time() - start
    first_deadline = min(instant(t["ends_at"]) for t in created)
    print(f"started {count} timers over HTTP in {took:.1f} s ({count / took:.0f}/s); "
          f"first deadline {first_deadline - time.time():.1f} s after the last start")
    deadline = time.time() + lead + spread_s + 15
    while len(listener.lines[0]) < count and time.time() < deadline:
        time.sleep(0.2)
    listener.close()
    fired = listener.lines[0]
    if len(fired) < count:
        print(f"only {len(fired)} of {count} timers fired on the socket")
    server_late = [e["timer"]["late_by_ms"] for _, e in fired]
    socket_late = [(arrived - instant(e["timer"]["ends_at"])) * 1000 for arrived, e in fired]
    print(f"{count} active timers, scheduler late_by_ms:      {summary(server_late)}")
    print(f"{count} active timers, deadline to socket line:   {summary(socket_late)}")


def fanout(base, sock, cookie, count, events=30):
    # Dismiss what still rings so each newcomer's snapshot is small.
    timers = json.loads(urllib.request.urlopen(urllib.request.Request(
        base + "/api/cook/timers", headers={"Cookie": cookie}), timeout=30).read())["timers"]
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda t: post(base, f"/api/cook/timers/{t['id']}/dismiss", {}, cookie), timers))
    group = Subscribers(sock, count, lambda e: e.get("type") in ("timer.started", "snapshot"))
    deadline = time.time() + 10
    while any(not lines for lines in group.lines) and time.time() < deadline:
        time.sleep(0.05)
    answers = {}
    for i in range(events):
        timer = post(base, "/api/cook/timers", {"label": f"fan-out {i}", "seconds": 3600}, cookie)
        answered_at = time.time()
        answers[timer["id"]] = answered_at
        time.sleep(0.05)
    time.sleep(1)
    group.close()
    spreads, tails = [], []
    for timer_id, answered_at in answers.items():
        arrivals = [t for lines in group.lines for t, e in lines
                    if e["type"] == "timer.started" and e["timer"]["id"] == timer_id]
        if len(arrivals) != count:
            print(f"timer {timer_id}: {len(arrivals)} of {count} subscribers got it")
            continue
        spreads.append((max(arrivals) - min(arrivals)) * 1000)
        tails.append((max(arrivals) - answered_at) * 1000)
    print(f"fan-out to {count} subscribers, first to last arrival:  {summary(spreads)}")
    print(f"fan-out to {count} subscribers, HTTP answer to last:    {summary(tails)}")


if __name__ == "__main__":
    base, sock, cookie = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    subscribers = int(sys.argv[5]) if len(sys.argv) > 5 else 50
    lateness(base, sock, cookie, count)
    fanout(base, sock, cookie, subscribers)
