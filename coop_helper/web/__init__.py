"""The table-side web page, ``coop-helper serve``: an ASGI app beside the CLI.

It calls the same functions as the command line and returns the same JSON documents under
``/api/``; its page, scripts, styles and translations are files of this package, so it works
on a network with no route out. Needs the ``web`` extra (Starlette, uvicorn, Jinja2, Babel).
"""
