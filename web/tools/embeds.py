"""The embeds (embed.html): a demo, a guided first game or a replay alone in a frame on
someone else's page. Each demo's steps and each guided game's first step are drawn here
in advance, by the app's own Python, in every language the site speaks: English in
`embed/`, another language in `embed/<lang>/` (the frame's `?lang=` picks it, embed.js).
The app's Python must be importable (build_site.use_app).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import css_subset

import spygames
from spygames import guides, i18n

WEB = Path(__file__).resolve().parents[1]


def write(
    site: Path, page: str, downloads: list[str], games: dict[str, str], spoken: dict[str, list[str]]
) -> int:
    """embed.html (from `page`, its policy in place), each demo's steps and each guided
    game's first step drawn in advance in each language; returns the number of demos.
    `spoken`: {language: [its catalogue's address, its page words' address]}."""
    from spyweb.embed import frames_html, guide_frame_html

    demos = spygames.all_demos()
    runtime = {
        "demos": [demo.id for demo in demos],
        # The boot's largest downloads, requested by Python's worker when the reader
        # presses Try it (not at once, as index.html does: a reader who only steps through
        # never needs them).
        "packed": downloads,
        # {demo id prefix: its game's archive}, requested with the runtime for that demo.
        "games": {spygames.get_game(g).demo_prefix: f"./{p}" for g, p in games.items()},
        # {game: its demo id prefix}: the guided games (`#/learn/<game>`), the first step
        # of each drawn in advance as embed/learn-<game>.html.
        "guides": {g: spygames.get_game(g).demo_prefix for g in sorted(guides.guided())},
        # The live table's style sheets, added when Python starts: until then the frame
        # has only styles/embed.css, the part of app.css its drawn steps use.
        "styles": ["./styles/app.css"],
        "page": "./page.mjs",
        # {language: [catalogue, page words]}: the frame's ?lang= (or the reader's browser
        # language) picks one; its steps are drawn in embed/<lang>/.
        "languages": spoken,
    }
    page = page.replace("<!--RUNTIME-->", json.dumps(runtime).replace("</", "<\\/"))
    (site / "embed.html").write_text(page)
    shutil.copy2(WEB / "embed.js", site / "embed.js")
    names = css_subset.names_in_html(page) | css_subset.names_in_html(
        (WEB / "embed.js").read_text()
    )
    try:
        for lang in [i18n.ENGLISH, *spoken]:
            i18n.use(lang)
            folder = site / "embed" if lang == i18n.ENGLISH else site / "embed" / lang
            folder.mkdir(parents=True)
            for demo in demos:
                steps = frames_html(demo.id)
                for step in steps:
                    names |= css_subset.names_in_html(step)
                (folder / f"{demo.id}.html").write_text(steps[0])
                (folder / f"{demo.id}.json").write_text(
                    json.dumps({"id": demo.id, "steps": steps}, separators=(",", ":"))
                )
            for game_id in sorted(guides.guided()):
                first = guide_frame_html(game_id)
                names |= css_subset.names_in_html(first)
                (folder / f"learn-{game_id}.html").write_text(first)
    finally:
        i18n.use(i18n.ENGLISH)
    app_css = (site / "styles" / "app.css").read_text()
    (site / "styles" / "embed.css").write_text(css_subset.subset(app_css, names))
    return len(demos)
