#!/usr/bin/python3
"""Reads one application's accessibility tree with pyatspi (libatspi), the way Python UFO-style code does:
role, name, states, and screen extents of showing components, recursively. JSON-lines server for the benchmark:
read an application name per line on stdin, answer {"nodes": N, "ms": inner_ms} per line on stdout.
Needs Debian's python3-pyatspi; run with /usr/bin/python3 and the desktop's DISPLAY / DBUS_SESSION_BUS_ADDRESS."""
import json
import sys
import time
import warnings

warnings.filterwarnings("ignore")
import pyatspi  # noqa: E402


def read(acc):
    role = acc.getRoleName()
    name = acc.name
    states = acc.getState()
    extents = None
    if states.contains(pyatspi.STATE_SHOWING):
        try:
            e = acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            extents = [e.x, e.y, e.width, e.height]
        except NotImplementedError:
            pass
    children = [read(child) for child in acc if child is not None]
    return {"role": role, "name": name, "extents": extents, "children": children}


def count(node):
    return 1 + sum(count(c) for c in node["children"])


def dump(app_name):
    started = time.perf_counter()
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == app_name:
            app.clearCache() if hasattr(app, "clearCache") else None
            tree = read(app)
            return {"nodes": count(tree), "ms": round((time.perf_counter() - started) * 1000, 2)}
    return {"error": "application not found: " + app_name}


for line in sys.stdin:
    print(json.dumps(dump(line.strip())), flush=True)
