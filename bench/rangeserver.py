#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""A tiny HTTP/1.1 file server with byte ranges, for bench/remote-bench.sh.

    rangeserver.py ROOT PORTFILE LOGFILE

Serves the files under ROOT on 127.0.0.1 (a free port, written to PORTFILE),
answers "Range: bytes=A-B", "bytes=A-" and "bytes=-N" with 206 (python3 -m
http.server ignores Range), and appends one line per request to LOGFILE:
"METHOD PATH RANGE STATUS BODYBYTES". Stops after 10 minutes whatever happens.
"""
import http.server
import os
import re
import sys
import threading

ROOT, PORTFILE, LOGFILE = sys.argv[1], sys.argv[2], sys.argv[3]
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status, sent):
        with lock, open(LOGFILE, "a") as log:
            log.write(f"{self.command} {self.path} {self.headers.get('Range', '-')} {status} {sent}\n")

    def do_HEAD(self):
        self.do_GET(head=True)

    def do_GET(self, head=False):
        path = os.path.realpath(os.path.join(ROOT, self.path.lstrip("/")))
        if not path.startswith(os.path.realpath(ROOT) + os.sep) or not os.path.isfile(path):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.record(404, 0)
            return
        size = os.path.getsize(path)
        first, last, status = 0, size - 1, 200
        m = re.fullmatch(r"bytes=(\d*)-(\d*)", self.headers.get("Range", ""))
        if m and (m.group(1) or m.group(2)):
            if m.group(1):
                first = int(m.group(1))
                last = min(size - 1, int(m.group(2))) if m.group(2) else size - 1
            else:
                first = max(0, size - int(m.group(2)))
            status = 206
            if first > last:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{size}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                self.record(416, 0)
                return
        length = last - first + 1
        self.send_response(status)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(length))
        if status == 206:
            self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.end_headers()
        sent = 0
        if not head:
            with open(path, "rb") as f:
                f.seek(first)
                while sent < length:
                    chunk = f.read(min(1 << 20, length - sent))
                    if not chunk:
                        break
                    try:
                        self.wfile.write(chunk)
                    except (BrokenPipeError, ConnectionResetError):
                        break
                    sent += len(chunk)
        self.record(status, sent)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(PORTFILE, "w") as f:
    f.write(str(server.server_address[1]))
threading.Timer(600, server.shutdown).start()
server.serve_forever()
