"""A static server for `_site/` under a sub-path, as GitHub Pages serves a project site."""

from __future__ import annotations

import functools
import gzip
import http.server
import sys
import threading
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

SUBPATH = "/spygames/"


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves each site below its sub-path (`sites`: sub-path -> folder); everything else
    is a 404. Every GET is noted in `requests` as its path, query and all."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def __init__(
        self,
        *args: Any,
        sites: dict[str, Path],
        requests: list[str],
        gzipped: dict[str, bytes] | None = None,
        **kwargs: Any,
    ) -> None:
        self.sites = sites
        self.noted = requests
        self.gzipped = gzipped
        super().__init__(*args, directory=str(next(iter(sites.values()))), **kwargs)

    def do_GET(self) -> None:
        self.noted.append(self.path)
        if self.gzipped is None or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().do_GET()
        path = Path(self.translate_path(self.path))
        if not path.is_file():
            return super().do_GET()
        key = str(path)
        if key not in self.gzipped:
            self.gzipped[key] = gzip.compress(path.read_bytes(), 6)
        body = self.gzipped[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def translate_path(self, path: str) -> str:
        route = urlsplit(path).path
        for subpath, folder in sorted(self.sites.items(), key=lambda kv: -len(kv[0])):
            if route.startswith(subpath):
                self.directory = str(folder)
                return super().translate_path("/" + route[len(subpath) :])
        return str(Path(self.directory) / "__outside_subpath__")

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Access-Control-Allow-Origin", "*")  # as GitHub Pages sends
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a browser drops a download: a context closed while its service
    worker was still precaching the site does that, and it is no error of the site's."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """`site` at SUBPATH, as GitHub Pages serves a project site; `more` puts other sites
    at other sub-paths of the same origin (other project sites of the same user).
    `gzip`: every file gzipped for a browser that accepts it, as Pages sends them (the
    bench's Lighthouse runs, which simulate a network from the bytes transferred)."""

    def __init__(
        self, site: Path, port: int = 0, more: dict[str, Path] | None = None, gzip: bool = False
    ) -> None:
        self.requests: list[str] = []
        handler = functools.partial(
            SubPathHandler,
            sites={SUBPATH: site, **(more or {})},
            requests=self.requests,
            gzipped={} if gzip else None,
        )
        self.httpd = QuietServer(("127.0.0.1", port), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def url(self) -> str:
        return self.origin + SUBPATH

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class BlogServer:
    """A stand-in for someone's blog, on another origin (its own port): serves `blog.html`
    from e2e/ with `__SITE__` replaced by the address of the spygames site it embeds (or
    the page given as `text`)."""

    def __init__(self, site_url: str, text: str | None = None) -> None:
        page = Path(__file__).with_name("blog.html")
        body = (text if text is not None else page.read_text()).replace("__SITE__", site_url)
        body = body.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                found = urlsplit(self.path).path in ("/", "/blog.html")
                self.send_response(200 if found else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body) if found else 0))
                self.end_headers()
                if found:
                    self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/blog.html"

    def __enter__(self) -> BlogServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
