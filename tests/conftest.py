import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nl2cypher.schema import default_schema
from nl2cypher.store import LadybugStore, load_kg
from nl2cypher.demo.finance import write_demo

# LLM revision is slow on a CPU: off unless a test asks for it (tests/test_revision.py does)
os.environ.setdefault("NL2CYPHER_REVISE", "never")

FIXTURES = Path(__file__).parent / "fixtures"
MINI_KG = FIXTURES / "mini_kg"
DEMO_END = dt.date(2024, 3, 15)


@pytest.fixture
def mini_dir(tmp_path) -> Path:
    """A private copy of the mini KG directory that a test may break."""
    dst = tmp_path / "mini_kg"
    shutil.copytree(MINI_KG, dst)
    return dst


@pytest.fixture
def mini_db(tmp_path) -> Path:
    db = tmp_path / "kg.lbug"
    load_kg(MINI_KG, db, default_schema())
    return db


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "kg"
    write_demo(out, DEMO_END)
    return out


@pytest.fixture(scope="session")
def demo_db(tmp_path_factory, demo_dir) -> Path:
    db = tmp_path_factory.mktemp("demodb") / "demo.lbug"
    load_kg(demo_dir, db, default_schema(), source="demo")
    return db


def run_cli(*args: str, env: dict | None = None, db: Path | None = None,
            input: str | None = None) -> subprocess.CompletedProcess:
    """Run the real command line in a subprocess, as a user would (`input`: what is typed)."""
    full_env = {**os.environ, **(env or {})}
    if db is not None:
        full_env["NL2CYPHER_DB"] = str(db)
    full_env["COLUMNS"] = "200"
    return subprocess.run([sys.executable, "-m", "nl2cypher", *args], capture_output=True, text=True,
                          env=full_env, timeout=300, input=input)


def stock_count(db: Path) -> int:
    with LadybugStore(db) as s:
        return s.run("MATCH (s:stock) RETURN count(s)").rows[0][0]


@pytest.fixture(scope="session")
def engine(demo_db):
    """The real translator over the demo KG: real jieba, real encoder, real Ladybug."""
    from nl2cypher.engine import Engine

    e = Engine(demo_db, DEMO_END)
    yield e
    e.close()
