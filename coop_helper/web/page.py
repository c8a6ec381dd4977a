"""The page itself: one Jinja2 template, rendered in the reader's language."""

from __future__ import annotations

import functools
from pathlib import Path

from starlette.responses import HTMLResponse

from coop_helper import __version__
from coop_helper.text import i18n

TEMPLATES = Path(__file__).parent / "templates"


@functools.cache
def _environment(lang: str):  # type: ignore[no-untyped-def]
    """A Jinja2 environment with ``lang``'s catalog installed (one per language)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(i18n.translations(lang), newstyle=False)  # type: ignore[attr-defined]
    return env


def render(lang: str, csrf: str) -> HTMLResponse:
    """The page for ``lang``, carrying its CSRF token."""
    from coop_helper.setup.catalog import load_catalog
    from coop_helper.sim import SETUP_TARGET
    from coop_helper.sim.chances import parse_chance

    catalog = load_catalog()
    contracts = [
        {
            "key": c.key,
            "name": c.name,
            "name_de": c.name_de,
            "requirement": c.requirement_de if lang == "de" else c.requirement,
        }
        for c in catalog.contracts
    ]
    ranks = catalog.ranks  # by their English names, as the JSON documents carry them
    html = (
        _environment(lang)
        .get_template("index.html")
        .render(
            lang=lang,
            other="en" if lang == "de" else "de",
            csrf=csrf,
            version=__version__,
            contracts=contracts,
            ranks={r.name: r.name_de if lang == "de" and r.name_de else r.name for r in ranks},
            target=round(100 * parse_chance(SETUP_TARGET, "--target")),
        )
    )
    return HTMLResponse(html, headers={"content-language": lang})


def manifest(lang: str) -> dict[str, object]:
    """The web app manifest: the page installed to a phone's home screen (it still needs
    the server: `coop-helper serve`)."""
    gettext = i18n.translations(lang).gettext
    icons = [
        {"src": f"/static/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    icons.append(
        {
            "src": "/static/icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        }
    )
    icons.append({"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return {
        "name": "coop-helper",
        "short_name": "coop-helper",
        "description": gettext("Odds, set-up and a journal for Port Royal's co-operative game."),
        "lang": lang,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf7",
        "theme_color": "#1f5f8b",
        "icons": icons,
    }
