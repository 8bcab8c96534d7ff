"""The wheel carries the data folders, and an installed package finds them
from any working directory."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_carries_data_and_works_outside_the_checkout(tmp_path):
    r = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "dist")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    [wheel] = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for folder in ("schema", "patterns", "fewshot", "finetune"):
        assert any(n.startswith(f"nl2cypher/_data/{folder}/") for n in names), folder
    assert "nl2cypher/_data/schema/finance.yaml" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import nl2cypher.schema as s, nl2cypher.resources as r; "
            "print(r.data_path('schema')); print(len(s.default_schema().labels))")
    r = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, capture_output=True, text=True,
                       env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr
    where, count = r.stdout.split()
    assert where.startswith(str(site)) and count == "12"
