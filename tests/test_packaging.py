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
    # the default packs: the finance domain and the Chinese language
    for f in ("schema/finance.yaml", "patterns/finance/trigger_mapping.xlsx", "patterns/finance/prompt.yaml",
              "patterns/finance/codes.yaml", "fewshot/finance/examples.xlsx", "patterns/lang/zh/words.yaml",
              "patterns/lang/zh/text.yaml", "patterns/lang/zh/prompt.yaml", "patterns/lang/zh/fillers.yaml",
              "patterns/lang/en/prompt.yaml"):
        assert f"nl2cypher/_data/{f}" in names, f
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import nl2cypher.schema as s, nl2cypher.resources as r, nl2cypher.lang as l; "
            "print(r.data_path('schema')); print(len(s.default_schema().labels)); "
            "print(l.load_language().say('columns.count'))")
    r = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, capture_output=True, text=True,
                       env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr
    where, count, word = r.stdout.split()
    assert where.startswith(str(site)) and count == "12" and word == "数量"
