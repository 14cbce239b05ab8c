#!/usr/bin/env python3
"""Renders report pages in headless Chromium through the DevTools protocol (standard library only) and
fails on a blank page, a console error, an uncaught exception, a failed load, a broken local link, or any
request outside the report folder. Saves one screenshot per page.

usage: chromium_check.py REPORT_DIR SCREENSHOT_DIR PAGE [PAGE ...]   (pages relative to REPORT_DIR)
"""
import base64, json, os, socket, struct, subprocess, sys, tempfile, time, urllib.parse, urllib.request, shutil

CHROMIUM = os.environ.get("PALCHECK_CHROMIUM", "/usr/bin/chromium")


class WebSocket:
    """A minimal RFC 6455 client: text frames, client masking, enough for the DevTools protocol."""

    def __init__(self, url):
        parsed = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parsed.path} HTTP/1.1\r\nHost: {parsed.hostname}:{parsed.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("websocket handshake: connection closed")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket handshake failed: " + head.decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise RuntimeError("websocket closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def receive(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise RuntimeError("websocket closed by browser")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


class Page:
    def __init__(self, ws):
        self.ws, self.next_id, self.events = ws, 0, []

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.receive())
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_for(self, method, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    return self.events.pop(i)
            self.events.append(json.loads(self.ws.receive()))
        raise RuntimeError(f"timeout waiting for {method}")


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    report = os.path.realpath(sys.argv[1])
    shots = sys.argv[2]
    pages = sys.argv[3:]
    os.makedirs(shots, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="palcheck-chromium-")
    browser = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                                "--disable-extensions", "--disable-default-apps", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                                "--remote-debugging-port=0", "--window-size=1280,1600",
                                "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures = []
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
            if time.time() > deadline or browser.poll() is not None:
                raise RuntimeError("chromium did not start")
            time.sleep(0.1)
        port = int(open(port_file).read().split("\n")[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        target = next(t for t in targets if t.get("type") == "page")
        page = Page(WebSocket(target["webSocketDebuggerUrl"]))
        for domain in ("Page", "Runtime", "Log", "Network"):
            page.call(f"{domain}.enable")
        root = "file://" + report + "/"
        for name in pages:
            page.events.clear()
            url = root + name
            page.call("Page.navigate", url=url)
            page.wait_for("Page.loadEventFired", 60)
            time.sleep(0.5)
            problems = []
            probe = page.call("Runtime.evaluate", returnByValue=True, expression="""(() => ({
                text: document.body ? document.body.innerText.trim().length : 0,
                links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
                ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
                images: Array.from(document.images).map(i => ({src: i.src, ok: i.complete && i.naturalWidth > 0}))
            }))()""")["result"]["value"]
            if probe["text"] < 200:
                problems.append(f"blank page: {probe['text']} characters of text")
            for img in probe["images"]:
                if not img["ok"]:
                    problems.append(f"image not rendered: {img['src']}")
            for link in probe["links"] + [i["src"] for i in probe["images"]]:
                target_url, _, fragment = link.partition("#")
                if not target_url.startswith("file://"):
                    problems.append(f"link outside the report: {link}")
                    continue
                path = urllib.parse.unquote(target_url[len("file://"):])
                if not path.startswith(report + "/") or not os.path.isfile(path):
                    problems.append(f"broken local link: {link}")
                elif fragment and path == os.path.join(report, name) and fragment not in probe["ids"]:
                    problems.append(f"broken anchor: {link}")
            size = page.call("Page.getLayoutMetrics").get("cssContentSize", {"width": 1280, "height": 1600})
            clip = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 8000), "scale": 1}
            shot = base64.b64decode(page.call("Page.captureScreenshot", format="png", clip=clip,
                                              captureBeyondViewport=True)["data"])
            shot_path = os.path.join(shots, name.replace("/", "_") + ".png")
            with open(shot_path, "wb") as f:
                f.write(shot)
            # Everything the page did while it loaded, settled and was probed.
            page.call("Runtime.evaluate", expression="1")
            for e in page.events:
                m, p = e.get("method"), e.get("params", {})
                if m == "Network.requestWillBeSent":
                    u = p["request"]["url"]
                    if not (u.startswith(root) or u.startswith("data:")):
                        problems.append(f"request outside the report folder: {u}")
                elif m == "Network.loadingFailed":
                    problems.append(f"load failed: {p.get('errorText')} ({p.get('type')})")
                elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                    problems.append("console error: " + " ".join(str(a.get("value", a.get("description"))) for a in p.get("args", [])))
                elif m == "Runtime.exceptionThrown":
                    problems.append("exception: " + json.dumps(p.get("exceptionDetails", {}))[:300])
                elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
                    problems.append("log error: " + p["entry"].get("text", ""))
            if len(shot) < 8000:
                problems.append(f"screenshot looks blank ({len(shot)} bytes)")
            status = "ok" if not problems else "FAILED"
            print(f"{name}: {status}; {probe['text']} characters, {len(probe['links'])} links, "
                  f"{len(probe['images'])} images; screenshot {shot_path}")
            for p in problems:
                print("  " + p)
            failures += problems
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=20)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
