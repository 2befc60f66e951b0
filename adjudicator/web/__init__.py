"""`adjudicator serve`: the web server players send their moves through.

Needs the server's libraries (Starlette, uvicorn, Jinja2): `pip install 'adjudicator[serve]'`.
The command line imports this package only for `serve`.
"""
