"""Evaluation of an adapter on held-out corpus pairs: the model answers the
serving prompt; exact match compares normalised query text, execution accuracy
runs gold and prediction on the pair's synthetic KG (each schema's small KG
loaded into its own embedded store) and compares the results. Rows of the
finance-shaped corpus (`finetune patches`) are scored as what they teach: a
keep row is right when the model answers the keep word, a patch row when its
query, run on the finance KG, gives the gold query's result."""

from __future__ import annotations

import random
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import Nl2CypherError
from ..lang import load_language
from ..evaluate import _is_ordered, results_match
from ..revise.validate import extract_cypher, is_keep
from .corpus import load_corpus_kgs
from .data import read_training_data


def normalise(cypher: str) -> str:
    """Whitespace, a trailing semicolon and quote style do not count."""
    text = cypher.strip().rstrip(";").replace('"', "'")
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"\s*([(),\[\]{}:<>=-])\s*", r"\1", text)


@dataclass
class PairResult:
    kind: str
    exact: bool
    executed: bool
    correct: bool
    seconds: float


def score(rows: list[PairResult]) -> dict[str, dict[str, float]]:
    out = {}
    for kind in ("generate", "revise", "keep", "patch", "fix", "total"):
        sel = rows if kind == "total" else [r for r in rows if r.kind == kind]
        if sel:
            out[kind] = {"n": len(sel), "exact_match": round(sum(r.exact for r in sel) / len(sel), 3),
                         "executable": round(sum(r.executed for r in sel) / len(sel), 3),
                         "execution_accuracy": round(sum(r.correct for r in sel) / len(sel), 3),
                         "seconds_per_pair": round(sum(r.seconds for r in sel) / len(sel), 2)}
    return out


def evaluate_model(data: Path, backend, limit: int | None = None, seed: int = 0,
                   progress: Callable[[int, int], None] | None = None, kgs_dir: Path | None = None,
                   finance_store=None) -> dict:
    """Scores of one reviser backend on a held-out corpus file."""
    import json

    from ..store import LadybugStore

    raw = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
    examples = read_training_data([data]).examples
    if len(raw) != len(examples):
        raise Nl2CypherError(f"{data}: some rows are not usable corpus pairs")
    pairs = list(zip(raw, examples))
    random.Random(seed).shuffle(pairs)  # a limit then samples every schema and kind
    pairs = pairs[:limit] if limit else pairs
    with tempfile.TemporaryDirectory(prefix="nl2cypher-corpus-kg-") as tmp:
        stores = {name: LadybugStore(path) for name, path in
                  load_corpus_kgs(Path(kgs_dir or tmp), seed).items()}
        results = []
        for i, (row, ex) in enumerate(pairs, 1):
            t0 = time.perf_counter()
            messages, gold = ex.messages()
            output = backend.complete(messages)
            seconds = time.perf_counter() - t0
            kind = row["kind"] if row.get("kind") in ("keep", "patch", "fix") else ex.kind
            if kind == "keep":
                kept = is_keep(output, ex.lang)
                results.append(PairResult(kind, kept, kept, kept, seconds))
                continue
            pred = extract_cypher(output, load_language(ex.lang).explanation_starts) or ""
            store = finance_store if kind in ("patch", "fix") else stores.get(row.get("schema_name", ""))
            executed = correct = False
            if store is not None and pred:
                try:
                    g = store.run(gold)
                    p = store.run(pred)
                    executed = True
                    correct = results_match(g.columns, g.rows, p.columns, p.rows, _is_ordered(gold))
                except Nl2CypherError:
                    pass
            results.append(PairResult(kind, normalise(pred) == normalise(gold), executed, correct, seconds))
            if progress:
                progress(i, len(pairs))
        for s in stores.values():
            s.close()
    return score(results)
