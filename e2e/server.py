"""A static server for `_site/` under a sub-path, as GitHub Pages serves a project site."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

SUBPATH = "/spygames/"


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site only below SUBPATH; everything else is a 404."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def translate_path(self, path: str) -> str:
        route = urlsplit(path).path
        if not route.startswith(SUBPATH):
            return str(Path(self.directory) / "__outside_subpath__")
        return super().translate_path("/" + route[len(SUBPATH) :])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class SiteServer:
    def __init__(self, site: Path, port: int = 0) -> None:
        handler = functools.partial(SubPathHandler, directory=str(site))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{SUBPATH}"

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
