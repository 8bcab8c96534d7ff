"""LoRA fine-tuning: the syntax corpus, the data readers, and a real few-step
job on the packaged base model that is interrupted, resumed and then loaded
by the reviser."""

import csv
import json
from collections import Counter

import pytest

from conftest import DEMO_END, run_cli
from nl2cypher.finetune.corpus import CORRUPTIONS, generate, load_corpus_kgs, split
from nl2cypher.finetune.data import DataError, read_training_data
from nl2cypher.revise.prompt import PROMPT_FORMAT_VERSION, Ask, Example, build_messages


@pytest.fixture(scope="module")
def corpus():
    return generate()


def test_corpus_size_languages_schemas_and_shapes(corpus):
    pairs = [r for r in corpus if r["kind"] == "generate"]
    assert len(pairs) >= 3000
    assert Counter(r["lang"] for r in pairs).keys() == {"zh", "en"}
    assert len({r["schema_name"] for r in pairs}) >= 3
    text = " ".join(r["cypher"] for r in pairs)
    for shape in ("ORDER BY", "LIMIT", " WITH ", "count(", "avg(", "sum(", "max(", "min(", "STARTS WITH", "CONTAINS",
                  " IN [", "<>", "*1..", ")<-[:", "> 0 AS answer", " - b.", "DISTINCT", "date('"):
        assert shape in text, shape
    # no finance knowledge: none of the finance schema's names
    assert not any(w in text for w in ("stock", "fund", "trade", "closing_price"))


def test_revision_pairs_cover_every_corruption_and_use_the_serving_prompt(corpus):
    revise = [r for r in corpus if r["kind"] == "revise"]
    kinds = Counter(r["corruption"] for r in revise)
    assert set(CORRUPTIONS) | {"none"} == set(kinds)
    assert all((r["candidate"] == r["cypher"]) == (r["corruption"] == "none") for r in revise)
    rec = next(r for r in revise if r["corruption"] == "reversed_arrow")
    assert "<-[" in rec["candidate"] and "<-[" not in rec["cypher"]
    ex = read_training_data_from([rec])
    messages, answer = ex.messages()
    served = build_messages(Ask(rec["question"], rec["candidate"]), rec["schema"],
                            [Example(**e) for e in rec["examples"]], rec["today"], rec["lang"])
    assert messages == served and answer == rec["cypher"]


def read_training_data_from(rows):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "one.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    return read_training_data([path]).examples[0]


def test_every_gold_query_runs_on_its_synthetic_kg(corpus, tmp_path):
    from nl2cypher.store import LadybugStore

    stores = {n: LadybugStore(p) for n, p in load_corpus_kgs(tmp_path).items()}
    answered = 0
    for r in corpus[::5]:
        res = stores[r["schema_name"]].run(r["cypher"])
        answered += bool(res.rows)
    assert answered > 0.9 * len(corpus[::5])
    train, held = split(corpus, 0.1)
    assert not {r["question"] for r in train} & {r["question"] for r in held}


def test_readers_for_each_format_report_bad_rows_and_refuse_empty(tmp_path):
    proj = tmp_path / "p.jsonl"
    proj.write_text('{"question": "谁导演了长河", "cypher": "MATCH (p:person) RETURN p"}\n'
                    '{"question": "", "cypher": "MATCH (n) RETURN n"}\nnot json\n', encoding="utf-8")
    gql = tmp_path / "g.jsonl"
    gql.write_text('{"prompt": "Who wrote X?", "content": "MATCH (a)-[:wrote]->(p) RETURN a", "schema": "(:a)"}\n',
                   encoding="utf-8")
    t2c = tmp_path / "t.csv"
    with open(t2c, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["question", "schema", "cypher"])
        w.writerow(["How many movies?", "Node labels: movie", "MATCH (m:movie) RETURN count(m)"])
        w.writerow(["No query here", "Node labels: movie", ""])
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.append(["question", "cypher"])
    wb.active.append(["有多少部电影", "MATCH (m:movie) RETURN count(m)"])
    wb.save(tmp_path / "x.xlsx")
    rep = read_training_data([proj, gql, t2c, tmp_path / "x.xlsx"])
    assert [e.question for e in rep.examples] == ["谁导演了长河", "Who wrote X?", "How many movies?", "有多少部电影"]
    assert rep.examples[1].schema == "(:a)" and rep.examples[1].lang == "en"
    assert "Node labels" in rep.examples[0].schema  # no schema: the default (finance) one, whole
    assert rep.skipped == [f"{proj}:2: no question", f"{proj}:3: not JSON (Expecting value)", f"{t2c}:3: no cypher"]
    empty = tmp_path / "e.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(DataError, match="no usable training examples"):
        read_training_data([empty])
    other = tmp_path / "o.jsonl"
    other.write_text('{"text": "hi"}\n', encoding="utf-8")
    with pytest.raises(DataError, match="unknown format"):
        read_training_data([other])


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory):
    from nl2cypher.finetune.corpus import write_jsonl

    path = tmp_path_factory.mktemp("corpus") / "small.jsonl"
    write_jsonl(generate(per_template=1), path)
    return path


def test_cli_dry_run_and_bad_data(small_corpus, tmp_path):
    r = run_cli("finetune", "--data", str(small_corpus), "--out", str(tmp_path / "x"), "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "tokens_p95" in r.stdout and "<|im_start|>assistant" in r.stdout and "MATCH" in r.stdout
    assert not (tmp_path / "x").exists()
    bad = tmp_path / "bad.csv"
    bad.write_text("question,cypher\n", encoding="utf-8")
    r = run_cli("finetune", "--data", str(bad), "--out", str(tmp_path / "y"))
    assert r.returncode == 1 and "no usable training examples" in r.stderr and "Traceback" not in r.stderr


def test_lora_job_resumes_from_a_checkpoint_and_the_reviser_loads_it(small_corpus, tmp_path, demo_db):
    from nl2cypher.engine import Engine
    from nl2cypher.finetune.train import FinetuneConfig, train
    from nl2cypher.revise.backends import RevisionUnavailable

    out = tmp_path / "adapter"
    cfg = FinetuneConfig(data=[str(small_corpus)], out=str(out), max_steps=3, grad_accum=1, save_every=1,
                         eval_max=2, max_seq_len=700, top_layers=2, rank=4)

    class Interrupted(Exception):
        pass

    def stop_at_2(step, total, loss):
        if step == 2:
            raise Interrupted

    try:
        train(cfg, progress=stop_at_2)
    except Interrupted:
        pass
    assert (out / "checkpoints" / "step-2").is_dir() and not (out / "adapter_config.json").exists()
    first = json.loads((out / "checkpoints" / "step-2" / "state.json").read_text())["loss_curve"]
    result = train(cfg, resume=True)
    m = json.loads((out / "metrics.json").read_text())
    assert m["steps"] == 3 and m["loss_curve"][:2] == first and len(m["loss_curve"]) == 3
    assert m["eval_loss_base"] is not None and m["eval_loss_adapter"] is not None
    saved = json.loads((out / "finetune_config.json").read_text())
    assert saved["prompt_format_version"] == "2" and saved["config"]["rank"] == 4
    assert saved["forms"] == {"peft": "adapter_model.safetensors", "gguf": "adapter.gguf"}
    assert (out / "adapter.gguf").stat().st_size > 0
    assert (out / "adapter_model.safetensors").stat().st_size < 20e6 and result.steps == 3

    e = Engine(demo_db, DEMO_END, revise="always", adapter=str(out), fewshot_k=1)
    ans = e.ask("王明管理的基金有哪些")
    rv = ans.trace.revision
    assert rv["backend"].endswith("+adapter") and rv.get("output")
    assert ans.rows  # accepted or refused, the user gets an answer

    # an adapter trained on another prompt format is refused with a clear reason
    saved["prompt_format_version"] = "0"
    (out / "finetune_config.json").write_text(json.dumps(saved))
    from nl2cypher.revise.backends import check_adapter

    with pytest.raises(RevisionUnavailable, match="prompt format 0"):
        check_adapter(out)


def test_an_adapter_for_another_prompt_is_not_loaded_by_default(tmp_path, monkeypatch):
    """The adapter trained on prompt format 1 rewrote right finance queries; the
    reviser serves the base model rather than an adapter that does not fit."""
    import nl2cypher.resources as resources
    from nl2cypher.revise.backends import default_adapter

    folder = tmp_path / "finetune" / "adapters" / "default"
    folder.mkdir(parents=True)
    (folder / "adapter_config.json").write_text("{}")
    (folder / "finetune_config.json").write_text(json.dumps({"prompt_format_version": "1"}))
    monkeypatch.setattr(resources, "data_path", lambda name: tmp_path / name)
    assert default_adapter() is None
    (folder / "finetune_config.json").write_text(json.dumps({"prompt_format_version": PROMPT_FORMAT_VERSION}))
    assert default_adapter() == folder


def test_the_shipped_adapter_fits_serving_and_says_how_it_was_trained():
    from nl2cypher.revise.backends import check_adapter, default_adapter

    folder = default_adapter()
    if folder is None:
        pytest.skip(f"no adapter is shipped for prompt format {PROMPT_FORMAT_VERSION} (see finetune/README.md)")
    assert folder.parent.name == "adapters" and (folder / "adapter.gguf").is_file()
    check_adapter(folder)  # same prompt format as serving
    assert (folder / "adapter_model.safetensors").stat().st_size <= 20 * 2**20
    metrics = json.loads((folder / "metrics.json").read_text())
    assert metrics["eval_loss_adapter"] < metrics["eval_loss_base"]
    assert json.loads((folder / "finetune_config.json").read_text())["config"]["base"] == "packaged"


def test_a_time_budget_shrinks_the_run_to_the_steps_that_fit():
    """Measured on the first three steps: a lease of ten minutes trains what fits
    in it, and the schedule ends where the run ends."""
    from nl2cypher.finetune.train import FinetuneConfig, _fit_budget

    said = []
    cfg = FinetuneConfig(data=[], out="x", time_budget=60.0)
    assert _fit_budget(cfg, 3, 100, 30.0, said.append) == 6 and "fits 6 of 100" in said[0]
    assert _fit_budget(cfg, 3, 5, 3.0, said.append) == 5  # the whole run fits
    assert _fit_budget(cfg, 4, 100, 30.0, said.append) == 100  # measured once
    assert _fit_budget(FinetuneConfig(data=[], out="x"), 3, 100, 30.0, said.append) == 100


def test_the_training_mix_teaches_as_often_as_it_keeps_and_holds_out_whole_questions(tmp_path):
    """`finetune mix`: every patch and fix row, as many keep rows; held-out rows by
    question (a question's keep and patch rows never straddle the split); a line that
    is no row of `finetune patches` is named, one line, no traceback."""
    rows = [{"question": f"q{i}", "kind": "keep", "cypher": "KEEP"} for i in range(40)]
    rows += [{"question": f"q{i}", "kind": "patch", "cypher": "MATCH (s:stock) RETURN s.name"} for i in range(10)]
    rows += [{"question": f"f{i}", "kind": "fix", "cypher": "MATCH (s:stock) RETURN s.code"} for i in range(6)]
    src = tmp_path / "rows.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    r = run_cli("finetune", "mix", str(src), "--out", str(tmp_path / "train.jsonl"),
                "--held-out", str(tmp_path / "held.jsonl"), "--per-kind", "2")
    assert r.returncode == 0, r.stderr
    train = [json.loads(x) for x in (tmp_path / "train.jsonl").read_text().splitlines()]
    held = [json.loads(x) for x in (tmp_path / "held.jsonl").read_text().splitlines()]
    kinds = Counter(x["kind"] for x in train)
    assert kinds["keep"] == kinds["patch"] + kinds["fix"] and kinds["fix"] >= 1
    assert all(Counter(x["kind"] for x in held)[k] >= 2 for k in ("keep", "patch", "fix"))
    assert not {x["question"] for x in train} & {x["question"] for x in held}
    (tmp_path / "bad.jsonl").write_text('{"question": "q"}\n', encoding="utf-8")
    r = run_cli("finetune", "mix", str(tmp_path / "bad.jsonl"), "--out", str(tmp_path / "t2.jsonl"))
    assert r.returncode == 1 and "bad.jsonl:1" in r.stderr and "Traceback" not in r.stderr


def test_a_question_the_engine_misses_teaches_the_gold_where_the_model_may_write_it(engine):
    """Fix rows: the engine's real query as the candidate, the gold as the answer —
    only a gold the validator would accept from the model (a name the question
    never said is no lesson), from a file of golds (not a generated question)."""
    from nl2cypher.finetune.patches import build

    both = "MATCH (s:stock) WHERE s.name = '五粮液' RETURN s.registered_capital, s.establishment_date"
    records = [{"question": "五粮液的注册资本", "today": "2024-03-15", "gold": both, "source": "mine.jsonl"},
               {"question": "五粮液的注册资本", "today": "2024-03-15", "source": "mine.jsonl",
                "gold": "MATCH (s:stock) WHERE s.name = '泸州老窖' RETURN s.registered_capital"}]
    rows = build(engine, records, k=0, patches_per_question=0)
    assert [r["kind"] for r in rows] == ["fix"]
    assert "establishment_date" in rows[0]["cypher"] and "establishment_date" not in rows[0]["candidate"]
    assert "五粮液" in rows[0]["candidate"]
    assert build(engine, records, k=0, patches_per_question=0, misses=False) == []
    # a generated question (no source file): its template's gold is no lesson
    assert build(engine, [{**records[0], "source": ""}], k=0, patches_per_question=0) == []


def test_the_finance_corpus_pairs_what_the_engine_missed_with_its_right_query(engine, tmp_path):
    """Patch rows: the question whole, the engine's reading of it with one piece
    taken out as the candidate, that piece named unused, the right query as the
    answer; keep rows: a right candidate and the keep word. Both train on the
    serving prompt."""
    from nl2cypher.cypher.parse import parse
    from nl2cypher.finetune.patches import build, write_jsonl
    from nl2cypher.revise.validate import is_keep

    records = [{"question": "五粮液最近5个交易日的平均收盘价", "today": "2024-03-15",
                "gold": "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND "
                        "d.date >= date('2024-03-11') RETURN avg(d.closing_price)"},
               {"question": "白酒板块有多少只股票", "today": "2024-03-15",
                "gold": "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.name = '白酒' RETURN count(s)"}]
    rows = build(engine, records, k=1)
    keep = [r for r in rows if r["kind"] == "keep"]
    patch = [r for r in rows if r["kind"] == "patch"]
    assert len(keep) == 2 and patch and all(is_keep(r["cypher"], "zh") for r in keep)
    for r in patch:
        assert r["candidate"] != r["cypher"] and r["unused"][0] in r["question"]
        parse(r["candidate"]), parse(r["cypher"])  # both are queries the engine runs
        assert r["cypher"] in [k["candidate"] for k in keep]  # the right query is the one kept
    path = tmp_path / "p.jsonl"
    write_jsonl(rows, path)
    ex = read_training_data([path]).examples[1]
    messages, answer = ex.messages()
    assert "系统没有用上的词：" in messages[1]["content"] and answer in (rows[1]["cypher"],)

    # the evaluator scores them as what they teach: the keep word, a patch's result on the finance KG
    from nl2cypher.finetune.evaluate import evaluate_model
    from nl2cypher.revise.backends import RevisionUnavailable, load_backend

    try:
        model = load_backend(adapter="none")
    except RevisionUnavailable as err:
        pytest.skip(f"the packaged reviser model is not installed: {err}")
    one_each = tmp_path / "one_each.jsonl"  # one of each kind: the model answers each once (slow on a CPU)
    write_jsonl([keep[0], patch[0]], one_each)
    scores = evaluate_model(one_each, model, finance_store=engine.store)
    assert scores["keep"]["n"] == 1 and scores["patch"]["n"] == 1 and scores["total"]["n"] == 2
