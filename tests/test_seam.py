"""The seam between the engine and its packs: the stage code (synthesis,
ranking, the engine, revision) names no finance label, edge or property and
writes no Chinese text. Finance lives in the domain pack (schema/, patterns/<domain>/,
fewshot/<domain>/), Chinese in the language pack (nl2cypher/lang/zh/,
patterns/lang/zh/). Comments and docstrings may quote example questions; code may not."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from nl2cypher.schema import KEY, ROLE_WORDS, default_schema

PKG = Path(__file__).resolve().parent.parent / "nl2cypher"
STAGES = sorted([*PKG.joinpath("synth").rglob("*.py"), PKG / "rank.py", PKG / "engine.py",
                 *PKG.joinpath("revise").rglob("*.py")])
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def _finance_names() -> set[str]:
    s = default_schema()
    names = set(s.labels) | set(s.edges)
    for owner in [*s.labels.values(), *s.edges.values()]:
        names |= set(owner.properties)
    # words of the schema language itself (role keys, the import key) are not finance
    return names - set(ROLE_WORDS) - {KEY}


def _literals(path: Path) -> list[tuple[int, str]]:
    """String constants of a module, without its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_the_seam_covers_the_stage_code():
    assert len(STAGES) > 30 and PKG / "engine.py" in STAGES


@pytest.mark.parametrize("path", STAGES, ids=lambda p: str(p.relative_to(PKG)))
def test_stage_code_names_no_finance_and_writes_no_chinese(path):
    finance = _finance_names()
    found = []
    for line, text in _literals(path):
        if CJK.search(text):
            found.append(f"{line}: Chinese text {text!r}")
        # a name as a value ("closing_price") or in query text (n.closing_price, :stock);
        # English prose that happens to use a word like "hold" or "type" is not a name
        words = {text} | set(re.findall(r"[.:]\s*`?([A-Za-z_]\w*)", text))
        if words & finance:
            found.append(f"{line}: finance name(s) {sorted(words & finance)} in {text!r}")
    assert not found, f"{path.relative_to(PKG)}:\n" + "\n".join(found)


def test_an_unknown_pack_is_one_clear_error():
    from nl2cypher.domain import load_domain
    from nl2cypher.errors import Nl2CypherError
    from nl2cypher.lang import load_language

    with pytest.raises(Nl2CypherError, match="language 'fr'"):
        load_language("fr")
    with pytest.raises(Nl2CypherError, match="unknown domain 'films'"):
        load_domain("films")


def test_the_packs_hold_what_the_stages_say():
    from nl2cypher.domain import load_domain
    from nl2cypher.lang import load_language

    zh = load_language("zh")
    assert zh.connectors.fullmatch(" 和 ") and not zh.connectors.fullmatch("的")
    assert zh.label_word("股票（上市公司）") == "股票" and zh.unit_factor("亿元") == 1e8
    assert zh.say("errors.no_path", a="stock", b="fund").startswith("stock 与 fund")
    codes = load_domain().code_pattern
    assert [m.group("code") for m in codes.finditer("sh600519、000858.SZ和1234567")] == ["600519", "000858"]
