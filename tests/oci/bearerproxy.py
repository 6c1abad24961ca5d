#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""A token server and a Bearer-protected front for a registry, for tst_ociauth.

Usage: bearerproxy.py UPSTREAM_PORT MODE LOG
  The user name and password the token server accepts come from the environment
  (PROXY_USER, PROXY_PASSWORD), never from the command line.
  MODE: "token"   /token answers {"token": ...} to those basic credentials, 401 else;
        "garbage" /token answers 200 with a body that is not JSON;
        "huge"    /token answers 200 with a 1 MiB JSON document.
Every /v2/ request without "Authorization: Bearer <the token>" gets 401 and
  WWW-Authenticate: Bearer realm="http://127.0.0.1:PORT/token",service="fake-registry",
  scope="repository:<name>:pull,push"
(the scope the distribution spec's example gives); with it, the request is
forwarded to the registry on 127.0.0.1:UPSTREAM_PORT (Authorization dropped).
Prints the port it listens on, then serves until killed. LOG gets one line per
request: "token <user or ->" or "registry <method> <bearer|none|wrong>".
"""
import base64
import http.client
import http.server
import json
import os
import re
import secrets
import sys
import threading

UPSTREAM = int(sys.argv[1])
MODE = sys.argv[2]
LOG = open(sys.argv[3], "a", buffering=1)
USER = os.environ.get("PROXY_USER", "")
PASSWORD = os.environ.get("PROXY_PASSWORD", "")
TOKEN = "tok-" + secrets.token_hex(16)
LOCK = threading.Lock()


def log(line):
    with LOCK:
        LOG.write(line + "\n")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def token(self):
        auth = self.headers.get("Authorization", "")
        user = "-"
        ok = False
        if auth.startswith("Basic "):
            try:
                pair = base64.b64decode(auth[6:]).decode()
                user = pair.split(":", 1)[0]
                ok = pair == USER + ":" + PASSWORD
            except Exception:
                pass
        log("token " + user + " " + self.path.split("?", 1)[1] if "?" in self.path else "token " + user)
        if MODE == "garbage":
            return self.reply(200, b"<html>this is no token</html>", [("Content-Type", "text/html")])
        if MODE == "huge":
            body = json.dumps({"token": "x" * (1 << 20)}).encode()
            return self.reply(200, body, [("Content-Type", "application/json")])
        if not ok:
            return self.reply(401, b'{"details":"bad credentials"}', [("Content-Type", "application/json")])
        body = json.dumps({"token": TOKEN, "expires_in": 300}).encode()
        return self.reply(200, body, [("Content-Type", "application/json")])

    def forward(self):
        auth = self.headers.get("Authorization", "")
        state = "bearer" if auth == "Bearer " + TOKEN else ("none" if not auth else "wrong")
        log("registry " + self.command + " " + state)
        if state != "bearer":
            m = re.match(r"^/v2/(.+?)/(?:manifests|blobs|tags)/", self.path)
            scope = ',scope="repository:%s:pull,push"' % m.group(1) if m else ""
            port = self.server.server_address[1]
            challenge = 'Bearer realm="http://127.0.0.1:%d/token",service="fake-registry"%s' % (port, scope)
            return self.reply(401, b'{"errors":[{"code":"UNAUTHORIZED","message":"authentication required"}]}',
                              [("WWW-Authenticate", challenge), ("Content-Type", "application/json")])
        length = int(self.headers.get("Content-Length", "0") or "0")
        body = self.rfile.read(length) if length > 0 else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("authorization", "connection")}
        conn = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=120)
        conn.request(self.command, self.path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        self.send_response(resp.status)
        for k, v in resp.getheaders():
            if k.lower() not in ("connection", "transfer-encoding", "content-length"):
                self.send_header(k, v)
        length = resp.getheader("Content-Length")
        self.send_header("Content-Length", length if self.command == "HEAD" and length else str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)
        conn.close()

    def handle_any(self):
        if self.path.startswith("/token"):
            return self.token()
        return self.forward()

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
