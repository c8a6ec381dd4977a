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
        {"key": c.key, "name": c.name, "name_de": c.name_de, "requirement": c.requirement}
        for c in catalog.contracts
    ]
    html = (
        _environment(lang)
        .get_template("index.html")
        .render(
            lang=lang,
            other="en" if lang == "de" else "de",
            csrf=csrf,
            version=__version__,
            contracts=contracts,
            target=round(100 * parse_chance(SETUP_TARGET, "--target")),
        )
    )
    return HTMLResponse(html, headers={"content-language": lang})
