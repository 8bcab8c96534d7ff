"""The `nl2cypher` command line: a thin layer over the library, one module a
command group (`kg`, `ask`/`batch`, `eval`, `finetune`); shared options and
helpers in `common.py`."""

from __future__ import annotations

import os
import sys

import typer
from rich.markup import escape

from .. import __version__
from ..errors import Nl2CypherError
from . import ask, evaluate, finetune, kg, serve
from .common import err, out

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Chinese finance questions to Cypher over a knowledge graph.")
app.add_typer(kg.kg_app, name="kg")
app.command("cypher")(kg.cypher)
app.command("ask")(ask.ask)
app.command("batch")(ask.batch)
app.command("chat")(ask.chat)
app.command("serve")(serve.serve)
app.command("mcp")(serve.mcp)
app.add_typer(evaluate.eval_app, name="eval")
app.add_typer(finetune.ft_app, name="finetune")


@app.command("version")
def version():
    """Print the version."""
    out.print(__version__)


def main() -> None:
    try:
        app()
    except Nl2CypherError as e:
        err.print(f"[red]error:[/] {escape(str(e))}", highlight=False)
        sys.exit(1)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
    except Exception as e:  # never a traceback for users; NL2CYPHER_DEBUG=1 shows it
        if os.environ.get("NL2CYPHER_DEBUG"):
            raise
        first = (str(e).strip().splitlines() or [""])[0]
        err.print(f"[red]internal error:[/] {type(e).__name__}: {escape(first)} (set NL2CYPHER_DEBUG=1 for details)",
                  highlight=False)
        sys.exit(70)



__all__ = ["app", "main"]
