#!/usr/bin/env python3
"""Loads a report's pages and figures in headless Chromium through the DevTools protocol (standard library
only) and fails on what a reader would see go wrong.

Every HTML page: a blank page, a console error, an uncaught exception, a failed load, a request outside the
report folder, a broken local link or anchor, an image that does not render, raw TeX outside code blocks
(a TeX command such as \\ref, "~\\", a "$...$" formula) or raw JSON ('{"'), and a formula KaTeX did not
typeset (a .math element without KaTeX's output, or a .katex-error). Every SVG figure: no plotted data, data
at a single point, or a legend wider than a quarter of the figure.

What a referee needs of the report as a whole: the index has a table of contents linking every section; no
TeX script (M_{i+1}, R^{1 x d}, u_n) is left untypeset in palcheck's own sentences, each claim page's
statement in our words among them; with --run RUN_JSON, every PROVED claim's page shows each of its proofs'
semantic mutants (one table row per mutant the run lists, and the run lists at least one);
and figures are numbered 1, 2, ... on each page.

Screenshots: the first screen of the index (summary.png), the whole index, and the pages named by --shots.

usage: chromium_check.py [--shots PAGE,PAGE] [--run RUN_JSON] REPORT_DIR SCREENSHOT_DIR [PAGE ...]
       (pages relative to REPORT_DIR; default: every .html and .svg file in it)
"""
import argparse, base64, json, os, re, socket, struct, subprocess, sys, tempfile, time, urllib.parse, urllib.request, shutil

CHROMIUM = os.environ.get("PALCHECK_CHROMIUM", "/usr/bin/chromium")
WIDTH, HEIGHT = 1280, 900


class WebSocket:
    """A minimal RFC 6455 client: text frames, client masking, enough for the DevTools protocol."""

    def __init__(self, url):
        parsed = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=60)
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


class Tab:
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

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", returnByValue=True, expression=expression)
        if "exceptionDetails" in result:
            raise RuntimeError("probe failed: " + json.dumps(result["exceptionDetails"])[:300])
        return result["result"].get("value")

    def screenshot(self, path, full):
        clip = {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": 1}
        if full:
            size = self.call("Page.getLayoutMetrics").get("cssContentSize", {"width": WIDTH, "height": HEIGHT})
            clip = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 8000), "scale": 1}
        shot = base64.b64decode(self.call("Page.captureScreenshot", format="png", clip=clip,
                                          captureBeyondViewport=full)["data"])
        with open(path, "wb") as f:
            f.write(shot)
        return len(shot)


# What a reader sees of an HTML page: its text outside code blocks, typeset formulas, scripts and styles,
# plus its links, anchors, images and formulas.
HTML_PROBE = r"""(() => {
  const skip = el => el.closest('pre, code, .katex, script, style');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const prose = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) prose.push(n.data);
  return {
    text: document.body ? document.body.innerText.trim().length : 0,
    prose: prose.join(' '),
    links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
    ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
    images: Array.from(document.images).map(i => ({src: i.src, ok: i.complete && i.naturalWidth > 0})),
    formulas: document.querySelectorAll('.math').length,
    untypeset: Array.from(document.querySelectorAll('.math')).filter(e => !e.querySelector('.katex'))
                    .map(e => e.textContent.slice(0, 80)),
    errors: Array.from(document.querySelectorAll('.katex-error')).map(e => e.textContent.slice(0, 80)),
    contents: Array.from(document.querySelectorAll('nav.toc a[href^="#"]')).map(a => a.getAttribute('href').slice(1)),
    sections: Array.from(document.querySelectorAll('h3[id]')).map(h => h.id),
    ours: Array.from(document.querySelectorAll('p.ours')).map(p => {
      const copy = p.cloneNode(true);
      copy.querySelectorAll('.katex').forEach(k => k.remove());
      return {typeset: p.querySelectorAll('.katex').length, text: copy.textContent};
    }),
    mutants: Array.from(document.querySelectorAll('.mutants table tr')).filter(r => r.querySelector('td')).length,
    figures: Array.from(document.querySelectorAll('figcaption, p'))
                  .map(e => (/^Figure (\d+)\b/.exec(e.textContent.trim()) || [])[1]).filter(n => n),
  };
})()"""

# A gnuplot SVG's plot area (its border), the legend (the plot groups' elements right of the border) and
# the distinct positions of the data drawn inside the border.
SVG_PROBE = r"""(() => {
  const svg = document.documentElement;
  const box = svg.getBoundingClientRect();
  const width = box.width;
  let right = null;
  for (const p of document.querySelectorAll('path')) {
    const m = /^M([\d.]+),([\d.]+) L\1,([\d.]+) L([\d.]+),\3 L\4,\2 L\1,\2 Z/.exec((p.getAttribute('d') || '').trim());
    if (m) { const r = p.getBoundingClientRect(); right = Math.max(right || 0, r.right - box.left); }
  }
  const groups = Array.from(document.querySelectorAll('g[id^="gnuplot_plot_"]'));
  let legendLeft = Infinity, legendRight = -Infinity;
  const positions = new Set();
  for (const g of groups) {
    for (const el of g.querySelectorAll('text, path, use, rect, circle, polygon, polyline, line')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0 && el.tagName !== 'use') continue;
      const left = r.left - box.left, rightEdge = r.right - box.left;
      if (right !== null && left >= right - 0.5) {
        legendLeft = Math.min(legendLeft, left); legendRight = Math.max(legendRight, rightEdge);
        continue;
      }
      if (el.tagName === 'path') {
        const numbers = (el.getAttribute('d') || '').match(/-?[\d.]+,-?[\d.]+/g) || [];
        for (const xy of numbers) positions.add(xy.split(',').map(v => Math.round(parseFloat(v) * 2) / 2).join(','));
      } else {
        positions.add(Math.round((r.left + r.right) - 2 * box.left) / 2 + ',' + Math.round((r.top + r.bottom) - 2 * box.top) / 2);
      }
    }
  }
  return {width, border: right, groups: groups.length, legend: legendRight > legendLeft ? legendRight - legendLeft : 0,
          positions: positions.size};
})()"""


# A TeX script written into text: a name followed by _{ ^{ ^( (anywhere outside formulas and code), or a short
# unbraced one (u_n, mu_ij) in a sentence of palcheck's own, where claim labels (lem:pop_one) are not formulas.
RAW_SCRIPT = re.compile(r"[A-Za-z](?:_\{|\^\{|\^\()")
SHORT_SCRIPT = re.compile(r"(?<![\w:])[A-Za-z]+[_^][A-Za-z0-9]{1,2}\b(?![.:])")


def stem(label):
    return label.replace(":", "_").replace("/", "_")


def report_problems(name, probe, run):
    """What the report as a whole must show on this page (see the module's docstring)."""
    problems = []
    if name == "index.html":
        if not probe["contents"]:
            problems.append("no table of contents (nav.toc with links to the sections)")
        missing = [s for s in probe["sections"] if s not in probe["contents"]]
        if missing:
            problems.append(f"table of contents lacks sections: {', '.join(missing)}")
    for ours in probe["ours"]:
        text = " ".join(w for w in ours["text"].split() if ":" not in w)
        raw = RAW_SCRIPT.search(text) or SHORT_SCRIPT.search(text)
        if raw:
            problems.append(f"untypeset formula in our words: ...{text[max(0, raw.start() - 30):raw.end() + 30]}...")
    numbers = [int(n) for n in probe["figures"]]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"figures not numbered 1, 2, ... in order: {numbers}")
    if run is not None and name.startswith("claims/") and name.endswith(".html"):
        claim = run.get(name[len("claims/"):-len(".html")])
        if claim is not None and claim["verdict"] == "PROVED":
            expected = sum(len(r.get("mutants", {}).get("list", [])) for r in claim["evidence"]["results"] if r["verdict"] == "PROVED")
            if expected == 0:
                problems.append("PROVED page without semantic mutants (the run lists none)")
            elif probe["mutants"] != expected:
                problems.append(f"PROVED page shows {probe['mutants']} mutants, the run lists {expected}")
    return problems


def html_problems(report, name, probe):
    problems = []
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
    prose = probe["prose"]
    for needle, what in (("\\ref", "raw TeX \\ref"), ("~\\", "raw TeX ~\\"), ('{"', "raw JSON {\"")):
        at = prose.find(needle)
        if at >= 0:
            problems.append(f"{what}: ...{prose[max(0, at - 40):at + 40]}...")
    script = RAW_SCRIPT.search(prose)
    if script:
        problems.append(f"raw TeX script outside formulas: ...{prose[max(0, script.start() - 40):script.end() + 40]}...")
    command = re.search(r"\\[A-Za-z]{2,}", prose)
    if command:
        problems.append(f"raw TeX outside code blocks: ...{prose[max(0, command.start() - 40):command.end() + 40]}...")
    dollars = re.search(r"\$[^$\s][^$]{0,200}\$", prose)
    if dollars:
        problems.append(f"untypeset formula (raw $...$): {dollars.group(0)[:80]}")
    for f in probe["untypeset"]:
        problems.append(f"untypeset formula (KaTeX did not run): {f}")
    for f in probe["errors"]:
        problems.append(f"formula KaTeX could not read: {f}")
    return problems


def svg_problems(probe):
    problems = []
    if probe["groups"] == 0 or probe["positions"] == 0:
        problems.append("empty figure: nothing plotted")
    elif probe["positions"] < 2:
        problems.append(f"figure of a single point ({probe['positions']} position plotted)")
    if probe["border"] is None:
        problems.append("no plot border found")
    if probe["legend"] > probe["width"] / 4 + 0.5:
        problems.append(f"legend {probe['legend']:.0f} px wide, more than a quarter of the figure's {probe['width']:.0f} px")
    return problems


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--shots", default="", help="comma-separated pages to screenshot whole")
    parser.add_argument("--run", help="the verify JSON the report was made from (PROVED pages must show mutants)")
    parser.add_argument("report")
    parser.add_argument("screenshots")
    parser.add_argument("pages", nargs="*")
    args = parser.parse_args()
    report = os.path.realpath(args.report)
    pages = args.pages
    if not pages:
        found = []
        for folder, _, files in os.walk(report):
            for f in files:
                if f.endswith((".html", ".svg")):
                    found.append(os.path.relpath(os.path.join(folder, f), report))
        pages = sorted(found, key=lambda p: (p != "index.html", p))
    shots = set(s for s in args.shots.split(",") if s)
    run = None
    if args.run:
        run = {stem(c["label"]): c for c in json.load(open(args.run))["claims"]}
    os.makedirs(args.screenshots, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="palcheck-chromium-")
    browser = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                                "--disable-extensions", "--disable-default-apps", "--disable-dev-shm-usage",
                                f"--user-data-dir={profile}", "--remote-debugging-port=0",
                                f"--window-size={WIDTH},{HEIGHT}", "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures, checked = 0, {"html": 0, "svg": 0}
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
        tab = Tab(WebSocket(target["webSocketDebuggerUrl"]))
        for domain in ("Page", "Runtime", "Log", "Network"):
            tab.call(f"{domain}.enable")
        tab.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False)
        root = "file://" + report + "/"
        for name in pages:
            tab.events.clear()
            tab.call("Page.navigate", url=root + name)
            tab.wait_for("Page.loadEventFired", 60)
            svg = name.endswith(".svg")
            probe = tab.evaluate(SVG_PROBE if svg else HTML_PROBE)
            problems = svg_problems(probe) if svg else html_problems(report, name, probe) + report_problems(name, probe, run)
            saved = []
            if name == "index.html":
                path = os.path.join(args.screenshots, "summary.png")
                if tab.screenshot(path, full=False) < 8000:
                    problems.append("the summary's screenshot looks blank")
                saved.append(path)
            if name in shots or name == "index.html" or problems:
                path = os.path.join(args.screenshots, name.replace("/", "_") + ".png")
                tab.screenshot(path, full=True)
                saved.append(path)
            # Everything the page did while it loaded and was probed.
            tab.call("Runtime.evaluate", expression="1")
            for e in tab.events:
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
            checked["svg" if svg else "html"] += 1
            if problems or saved:
                detail = (f"{probe['formulas']} formulas typeset" if not svg else
                          f"{probe['positions']} positions, legend {probe['legend']:.0f}/{probe['width']:.0f} px")
                print(f"{name}: {'FAILED' if problems else 'ok'}; {detail}" +
                      ("; screenshot " + ", ".join(saved) if saved else ""))
            for p in problems:
                print("  " + p)
            failures += len(problems)
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=20)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"checked {checked['html']} pages and {checked['svg']} figures: "
          f"{'no problem' if not failures else str(failures) + ' problem(s)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
