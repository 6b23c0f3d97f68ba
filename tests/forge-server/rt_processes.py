# SPDX-License-Identifier: Apache-2.0
"""The processes of the round trip (tests/forge-server/roundtrip.py): a
throwaway PostgreSQL cluster of Debian's `postgresql` package, the original
Forge server in its venv, and forged serving a state directory. Each fails
naming the Debian package or set-up step that is missing."""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

HOST = "127.0.0.1"


class Missing(SystemExit):
    """A tool the round trip needs is not installed: the message names the package."""


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def pg_bin():
    """/usr/lib/postgresql/N/bin of the newest installed PostgreSQL, or Missing naming the package."""
    root = "/usr/lib/postgresql"
    versions = sorted(int(v) for v in os.listdir(root) if v.isdigit()) if os.path.isdir(root) else []
    for v in reversed(versions):
        if os.access(f"{root}/{v}/bin/initdb", os.X_OK) and os.access(f"{root}/{v}/bin/pg_dump", os.X_OK):
            return f"{root}/{v}/bin"
    raise Missing("roundtrip: initdb/pg_dump missing: apt-get install postgresql "
                  "(make deps installs packaging/debian-packages.txt)")


class Postgres:
    """initdb + pg_ctl in a temporary directory as an unprivileged user (`postgres` when
    run as root, as initdb refuses root), listening on 127.0.0.1 only, SCRAM password
    sign-in for the superuser `forge`, database `forge`."""

    user = "forge"
    password = "forge-roundtrip-pw"

    def __init__(self, work):
        self.bin = pg_bin()
        self.dir = tempfile.mkdtemp(prefix="pg-", dir=work)
        self.port = free_port()
        with open(self.dir + "/pw", "w") as f:
            f.write(self.password)
        if os.getuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            shutil.chown(self.dir + "/pw", "postgres", "postgres")
            # every parent must be passable for the postgres user
            os.chmod(work, 0o755)
        os.chmod(self.dir, 0o700)
        self._owner("initdb", "-D", self.dir + "/data", "-U", self.user, "--pwfile=" + self.dir + "/pw",
                    "--auth=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8")
        self._owner("pg_ctl", "-D", self.dir + "/data", "-l", self.dir + "/log", "-w", "-t", "60", "-o",
                    f"-c listen_addresses={HOST} -p {self.port} -k {self.dir} -c fsync=off", "start")
        self.running = True
        self.client("createdb", "-h", HOST, "-p", str(self.port), "-U", self.user, "forge")

    def _owner(self, program, *args):
        cmd = [f"{self.bin}/{program}", *args]
        if os.getuid() == 0:
            if not shutil.which("setpriv"):
                raise Missing("roundtrip: setpriv missing: apt-get install util-linux")
            cmd = ["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", "--"] + cmd
        r = subprocess.run(cmd, env={"PATH": "/usr/bin:/bin", "HOME": self.dir, "LC_ALL": "C.UTF-8"},
                           capture_output=True, text=True, close_fds=True, stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise SystemExit(f"roundtrip: {program} failed ({r.returncode}): {r.stdout}{r.stderr}")

    def client(self, program, *args):
        r = subprocess.run([f"{self.bin}/{program}", *args], capture_output=True, text=True,
                           env={"PATH": "/usr/bin:/bin", "PGPASSWORD": self.password, "LC_ALL": "C.UTF-8"},
                           stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise SystemExit(f"roundtrip: {program} failed ({r.returncode}): {r.stderr}")
        return r.stdout

    def url(self, driver="+psycopg"):
        return f"postgresql{driver}://{self.user}:{self.password}@{HOST}:{self.port}/forge"

    def dump(self, path):
        """A plain dump as the original's move script makes it (`pg_dump --clean --if-exists`)."""
        self.client("pg_dump", "-h", HOST, "-p", str(self.port), "-U", self.user, "-d", "forge",
                    "--clean", "--if-exists", "-f", path)

    def stop(self):
        if self.running:
            self._owner("pg_ctl", "-D", self.dir + "/data", "-m", "fast", "-w", "stop")
            self.running = False


def http_request(port, method, path, body=None, headers=None, timeout=120):
    """(status, content type, body bytes, headers) of one request to 127.0.0.1:port."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        data = b"" if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
        hs = {"Host": f"{HOST}:{port}"}
        if body is not None:
            hs["Content-Type"] = "application/json"
        hs.update(headers or {})
        conn.request(method, path, body=data if (body is not None or method != "GET") else None, headers=hs)
        r = conn.getresponse()
        payload = r.read()
        return r.status, r.getheader("Content-Type") or "", payload, r.getheaders()
    finally:
        conn.close()


class Served:
    """A server process on a free port, its output in a log file; waits for /healthz."""

    def __init__(self, name, cmd, env, cwd, log, port):
        self.name, self.port, self.logpath = name, port, log
        self.log = open(log, "ab")
        self.process = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=self.log, stderr=self.log,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"roundtrip: {name} exited {self.process.returncode} at start:\n{self.tail()}")
            try:
                if http_request(port, "GET", "/healthz", timeout=5)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise SystemExit(f"roundtrip: {name} did not answer /healthz in 120 s:\n{self.tail()}")

    def tail(self, n=4000):
        try:
            with open(self.logpath, "rb") as f:
                return f.read()[-n:].decode(errors="replace")
        except OSError:
            return ""

    def stop(self):
        """SIGTERM, then waits (SIGKILL after 60 s)."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()


def start_original(reference, venv, work, database_url, seats, port, name="original"):
    """The original server (uvicorn app.main:app) from a copy of `reference`/server in `work`,
    with a placeholder static/index.html (its web client is not part of the reference)."""
    python = os.path.join(venv, "bin", "python")
    if not os.access(python, os.X_OK):
        raise Missing(f"roundtrip: {python} missing: `make python-tools` creates it (Debian's python3-venv) "
                      "with tests/forge-server/original-requirements.txt")
    server = os.path.join(work, "original-server")
    if not os.path.isdir(server):
        shutil.copytree(os.path.join(reference, "server", "app"), os.path.join(server, "app"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        os.makedirs(os.path.join(server, "static"))
        with open(os.path.join(server, "static", "index.html"), "w") as f:
            f.write("<!doctype html><title>forge</title>\n")
    media = os.path.join(work, f"{name}-media")
    os.makedirs(media, exist_ok=True)
    env = {"PATH": "/usr/bin:/bin", "HOME": work, "LC_ALL": "C.UTF-8", "TZ": "UTC",
           "DATABASE_URL": database_url, "DEV_AUTH": "true", "ALLOWED_USERS": seats,
           "BASE_URL": f"http://{HOST}:{port}", "MEDIA_DIR": media, "COACH_TZ": "UTC",
           "SESSION_SECRET": "roundtrip-session-secret", "ANTHROPIC_API_KEY": "",
           "PYTHONDONTWRITEBYTECODE": "1", "FORGE_LOG_LEVEL": "WARNING"}
    cmd = [python, "-m", "uvicorn", "app.main:app", "--host", HOST, "--port", str(port), "--no-access-log"]
    return Served(name, cmd, env, server, os.path.join(work, f"{name}.log"), port)


def start_forged(binary, state, work, seats, port, name="forged"):
    env = {"PATH": "/usr/bin:/bin", "HOME": work, "TZ": "UTC", "FORGE_TEST_PASSWORD_COST": "minimum"}
    cmd = [binary, "serve", "--listen", f"{HOST}:{port}", "--state-dir", state, "--runtime-dir", state + ".run",
           "--config", "/dev/null", "--dev-auth", "--timezone", "UTC", "--allowed-users", seats,
           "--base-url", f"http://{HOST}:{port}"]
    return Served(name, cmd, env, work, os.path.join(work, f"{name}.log"), port)
