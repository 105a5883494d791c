"""A small Chrome DevTools Protocol client over ``--remote-debugging-pipe`` (no websocket, no driver).

Chromium reads NUL-terminated JSON messages from file descriptor 3 and writes its answers and events to
descriptor 4. That is all the browser tests need: navigate, evaluate, click, screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--remote-debugging-pipe",
]


def chromium_path() -> str | None:
    """The Chromium binary, if installed (Debian's ``chromium``)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium with one page, driven over the DevTools pipe."""

    def __init__(self, profile: Path, extra_flags: tuple[str, ...] = ()) -> None:
        exe = chromium_path()
        assert exe, "chromium is not installed"
        to_child_r, self._out = os.pipe()
        self._in, from_child_w = os.pipe()

        def wire() -> None:  # in the child: our pipe ends become fds 3 and 4
            a, b = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={profile}", *extra_flags, "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire,
            pass_fds=(3, 4),
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._next = 0
        self._answers: dict[int, dict[str, Any]] = {}
        self._events: queue.Queue[dict[str, Any]] = queue.Queue()
        self._cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        target = next(t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=target["targetId"], flatten=True)[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)
        self.logs: list[str] = []

    def _read(self) -> None:
        buf = b""
        while True:
            try:
                chunk = os.read(self._in, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    with self._cond:
                        self._answers[msg["id"]] = msg
                        self._cond.notify_all()
                else:
                    self._events.put(msg)

    def call(self, method: str, session: bool = False, timeout: float = 30, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (an error answer raises)."""
        self._next += 1
        msg: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self._out, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._next not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(method)
                self._cond.wait(left)
            answer = self._answers.pop(self._next)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def _wait_event(self, name: str, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self._events.get(timeout=max(0.01, deadline - time.monotonic()))
            if msg.get("method") == "Log.entryAdded":
                self.logs.append(msg["params"]["entry"].get("text", ""))
            if msg.get("method") == name:
                return msg

    def _drain(self) -> None:
        while not self._events.empty():
            msg = self._events.get_nowait()
            if msg.get("method") == "Log.entryAdded":
                self.logs.append(msg["params"]["entry"].get("text", ""))

    def goto(self, url: str) -> None:
        """Navigate and wait for the load event."""
        self._drain()
        self.call("Page.navigate", session=True, url=url)
        self._wait_event("Page.loadEventFired")

    def js(self, expression: str) -> Any:
        """Evaluate in the page (DevTools is not bound by the page's CSP) and return the value."""
        out = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        return out["result"].get("value")

    def submit(self, expression: str) -> None:
        """Run ``expression`` (a click that submits a form or follows a link) and wait for the new page."""
        self._drain()
        self.js(expression)
        self._wait_event("Page.loadEventFired")

    def key(self, key: str, code: str, vk: int, text: str = "") -> None:
        """Press and release one key, as the keyboard would."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", session=True, type=kind, key=key, code=code,
                      windowsVirtualKeyCode=vk, text=text if kind == "keyDown" else "")  # fmt: skip

    def screenshot(self, path: Path, width: int = 1200) -> None:
        """A PNG of the whole page at ``width`` CSS pixels."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=800,
                  deviceScaleFactor=1, mobile=width < 600)  # fmt: skip
        height = min(int(self.js("Math.ceil(document.documentElement.scrollHeight)") or 800), 4000)
        clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}
        shot = self.call(
            "Page.captureScreenshot", session=True, format="png", clip=clip, captureBeyondViewport=True
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        self.call("Emulation.clearDeviceMetricsOverride", session=True)

    def close(self) -> None:
        """Close the browser (and wait for it)."""
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.call("Browser.close", timeout=5)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._out, self._in):
            with contextlib.suppress(OSError):
                os.close(fd)
