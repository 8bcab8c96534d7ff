"""The seam between the engine and its packs: the stage code (synthesis,
ranking, the engine, revision) names no finance label, edge or property and
writes no Chinese text; nor do the front rooms (dictionary, mentions, units,
triggers, follow-ups, sessions, understanding) or any other module outside the
packs' own code (lang/), the demo generators (demo/) and the command line (cli/).
Finance lives in the domain pack (schema/, patterns/<domain>/, fewshot/<domain>/),
Chinese in the language pack (nl2cypher/lang/zh/, patterns/lang/zh/). Comments and
docstrings may quote example questions; code may not."""

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
OUTSIDE = ("lang", "demo", "cli")  # the packs' code, the demo generators, the command line
REST = sorted(p for p in PKG.rglob("*.py") if not set(p.relative_to(PKG).parts[:-1]) & set(OUTSIDE)
              and p not in STAGES)
# words every schema, query and record format has, which finance also uses as property
# names: a property type and Cypher function (date, range), keys of the schema file and
# of JSON records (name, type), the group of codes.yaml (code)
FORMAT_WORDS = {"date", "range", "name", "type", "code"}
# the mention mark (tags.py) is the trigger table's notation: its two brackets, nothing else
MARK_TEXT = {PKG / "tags.py": {"〈", "〉"}}


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
    front = {"lexicon.py", "units.py", "triggers.py", "followup.py", "session.py", "understanding.py", "clauses.py"}
    assert front <= {p.name for p in REST} and not any(p.parts[-2] in OUTSIDE for p in REST)


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


@pytest.mark.parametrize("path", REST, ids=lambda p: str(p.relative_to(PKG)))
def test_the_front_rooms_and_the_rest_write_no_language_and_name_no_finance(path):
    finance = _finance_names() - FORMAT_WORDS
    allowed = MARK_TEXT.get(path, set())
    found = []
    for line, text in _literals(path):
        if CJK.search(text) and text not in allowed:
            found.append(f"{line}: Chinese text {text!r}")
        words = {text} | set(re.findall(r"[.:]\s*`?([A-Za-z_]\w*)", text))
        if words & finance:
            found.append(f"{line}: finance name(s) {sorted(words & finance)} in {text!r}")
    assert not found, f"{path.relative_to(PKG)}:\n" + "\n".join(found)


def _bare_default_calls(path: Path) -> list[str]:
    """Calls that load the default language, domain or schema instead of the engine's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{n.lineno}: {n.func.id}()" for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and not n.args and not n.keywords
            and n.func.id in ("load_language", "load_domain", "default_schema")]


@pytest.mark.parametrize("path", [p for p in STAGES + REST if p.name in (
    "engine.py", "lexicon.py", "units.py", "triggers.py", "followup.py", "session.py", "understanding.py",
    "clauses.py", "rank.py") or p.parts[-2] in ("synth", "passes", "shapes", "revise")],
    ids=lambda p: str(p.relative_to(PKG)))
def test_every_stage_gets_the_engines_packs(path):
    # one value (packs.Packs) carries the domain, the language and the schema to every stage
    assert not _bare_default_calls(path)


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
