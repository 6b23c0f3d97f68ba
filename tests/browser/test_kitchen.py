#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The kitchen display in a real browser: Debian's chromium + chromedriver
driven by Selenium. Starts forged (FORGED, default the release binary) on a
free port with a temporary state directory, pairs a display with
`forged display pair`, loads /kitchen, checks tonight's dinner and its plate
art, starts a timer through the API as a member and expects it on the page
within a second, then sees it fire. With SCREENSHOT=path, also opens cook
mode and saves a screenshot there.

Run: python3 tests/browser/test_kitchen.py   (exit 0 = pass)
"""
import json, os, re, shutil, socket, subprocess, sys, tempfile, time, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORGED = os.environ.get("FORGED", os.path.join(ROOT, ".build/release/forged"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(base, method, path, body=None, cookie=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if cookie:
        req.add_header("Cookie", cookie)
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status, r.headers, json.loads(r.read() or b"null")


def main():
    state = tempfile.mkdtemp(prefix="forge-browser-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    common = ["--state-dir", state, "--config", "/dev/null"]
    server = subprocess.Popen([FORGED, "serve", "--listen", f"127.0.0.1:{port}", "--dev-auth", "--runtime-dir", state + "/run",
                               "--allowed-users", "ada@example.org:Ada,ben@example.org:Ben", *common],
                              stderr=subprocess.DEVNULL)
    driver = None
    try:
        for _ in range(100):
            try:
                request(base, "GET", "/healthz")
                break
            except Exception:
                time.sleep(0.1)
        paired = subprocess.run([FORGED, "display", "pair", "--name", "Kitchen", "--base-url", base, *common],
                                capture_output=True, text=True, check=True).stdout
        code = re.search(r"([A-Z2-9]{4}-[A-Z2-9]{4})", paired).group(1)
        assert f"{base}/kitchen/pair" in paired, paired

        options = Options()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800", "--disable-dev-shm-usage"]:
            options.add_argument(arg)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(driver, 10)

        # Pair.
        driver.get(base + "/kitchen/pair")
        driver.find_element(By.ID, "code").send_keys(code)
        driver.find_element(By.ID, "pair-submit").click()
        wait.until(lambda d: d.current_url.endswith("/kitchen"))

        # Tonight's dinner with plate art (an SVG with shapes, never blank).
        _, _, week = request(base, "GET", "/api/kitchen/week", cookie=driver_cookie(driver))
        today = next(d for d in week["days"] if d["is_today"])
        dinner = next(s for s in today["slots"] if s["slot"] == "dinner")
        expected = dinner["recipe"]["name"] if dinner.get("recipe") else None
        wait.until(lambda d: d.find_element(By.ID, "tonight-name").text not in ("", "…"))
        shown = driver.find_element(By.ID, "tonight-name").text
        if expected:
            assert expected in shown, (expected, shown)
        shapes = driver.find_elements(By.CSS_SELECTOR, "#tonight-art svg circle, #tonight-art svg ellipse")
        assert len(shapes) > 5, "plate art is blank"
        wait.until(lambda d: "up" in d.find_element(By.ID, "live").get_attribute("class"))

        # A member starts a timer from "a phone": on the page within a second.
        _, headers, _ = request(base, "POST", "/auth/dev", {"email": "ben@example.org"})
        ben = headers["Set-Cookie"].split(";")[0]
        started = time.monotonic()
        _, _, timer = request(base, "POST", "/api/cook/timers", {"label": "Pasta water", "seconds": 2}, cookie=ben)
        WebDriverWait(driver, 1, poll_frequency=0.05).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, f'.timer[data-id="{timer["id"]}"]'))
        seen = time.monotonic() - started
        # ...and it fires.
        WebDriverWait(driver, 5, poll_frequency=0.05).until(
            lambda d: d.find_element(By.CSS_SELECTOR, f'.timer[data-id="{timer["id"]}"]').get_attribute("data-state") == "fired")
        print(f"ok: paired, tonight = {shown!r}, timer on the page after {seen * 1000:.0f} ms, fired")

        shot = os.environ.get("SCREENSHOT")
        if shot and dinner.get("recipe"):
            request(base, "POST", "/api/cook/timers", {"label": "Oven", "seconds": 1500, "background": True}, cookie=ben)
            _, _, session = request(base, "POST", "/api/cook/sessions", {"recipe_slug": dinner["recipe"]["slug"]}, cookie=ben)
            request(base, "PATCH", "/api/cook/sessions/" + session["id"], {"step": 1}, cookie=ben)
            driver.find_element(By.CSS_SELECTOR, '[data-view="cook"]').click()
            wait.until(lambda d: d.find_element(By.ID, "step-title").text != "")
            time.sleep(0.5)
            os.makedirs(os.path.dirname(os.path.abspath(shot)), exist_ok=True)
            driver.save_screenshot(shot)
            print("screenshot:", os.path.abspath(shot))
        return 0
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(state, ignore_errors=True)


def driver_cookie(driver):
    c = driver.get_cookie("forge_display")
    return f"forge_display={c['value']}"


if __name__ == "__main__":
    sys.exit(main())
