"""`nl2cypher finetune` (a LoRA job, corpus, evaluate)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from .common import DbOption, err, open_store, out

# ---- finetune ------------------------------------------------------------------
ft_app = typer.Typer(invoke_without_command=True, help=(
    "Train a LoRA adapter for the reviser: nl2cypher finetune --data FILE [--data FILE…] --out DIR. "
    "Subcommands write the syntax corpus and evaluate an adapter."))


def _step_bar(what: str) -> Progress:
    return Progress(SpinnerColumn(), TextColumn(f"[bold]{what}"), BarColumn(bar_width=None),
                    TextColumn("{task.completed}/{task.total}"), TextColumn("{task.fields[loss]}"),
                    TimeElapsedColumn(), console=err, disable=not err.is_terminal)


@ft_app.callback()
def finetune(ctx: typer.Context,
             data: list[Path] = typer.Option(None, "--data", help="Training file (.jsonl/.csv/.xlsx); repeatable."),
             out_dir: Optional[Path] = typer.Option(None, "--out", help="Output directory for the adapter."),
             base: str = typer.Option("packaged", "--base", help="'packaged' (Qwen2.5-Coder-0.5B) or a local model folder."),
             rank: int = typer.Option(8, "--rank"), alpha: int = typer.Option(16, "--alpha"),
             dropout: float = typer.Option(0.05, "--dropout"),
             target_modules: str = typer.Option(",".join(["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj",
                                                          "up_proj", "down_proj"]), "--target-modules"),
             top_layers: int = typer.Option(8, "--top-layers", help="Adapt only the top N layers (0: all)."),
             lr: float = typer.Option(2e-4, "--lr"), epochs: float = typer.Option(1.0, "--epochs"),
             max_steps: Optional[int] = typer.Option(None, "--max-steps", help="Optimizer steps (overrides --epochs)."),
             batch_size: Optional[int] = typer.Option(None, "--batch-size", help="Default 1 on CPU, 8 on CUDA."),
             grad_accum: int = typer.Option(4, "--grad-accum"), max_seq_len: int = typer.Option(512, "--max-seq-len"),
             eval_split: float = typer.Option(0.05, "--eval-split"), save_every: int = typer.Option(25, "--save-every"),
             seed: int = typer.Option(0, "--seed"),
             time_budget: Optional[float] = typer.Option(None, "--time-budget", help=(
                 "Seconds of training: the step count shrinks to fit, measured on the first steps.")),
             resume: bool = typer.Option(False, "--resume", help="Continue from the latest checkpoint in --out."),
             dry_run: bool = typer.Option(False, "--dry-run", help="Print data statistics and a rendered example.")):
    """Train a LoRA adapter (peft) in the serving prompt format."""
    if ctx.invoked_subcommand:
        return
    from ..finetune.train import FinetuneConfig, train
    from ..finetune.train import dry_run as ft_dry_run

    if not data and not resume:
        raise typer.BadParameter("give training data with --data FILE (repeatable)", param_hint="--data")
    if out_dir is None:
        raise typer.BadParameter("give an output directory with --out DIR", param_hint="--out")
    cfg = FinetuneConfig(data=[str(d) for d in data or []], out=str(out_dir), base=base, rank=rank, alpha=alpha,
                         dropout=dropout, target_modules=[m.strip() for m in target_modules.split(",") if m.strip()],
                         top_layers=top_layers, learning_rate=lr, epochs=epochs, max_steps=max_steps,
                         batch_size=batch_size, grad_accum=grad_accum, max_seq_len=max_seq_len,
                         eval_split=eval_split, save_every=save_every, seed=seed,
                         time_budget=time_budget)
    if dry_run:
        info = ft_dry_run(cfg)
        table = Table(title="training data", show_header=False)
        for key, value in info.items():
            if not key.startswith("rendered"):
                table.add_row(key, escape(str(value)))
        out.print(table)
        out.print("[bold]rendered training example[/] (prompt, then the answer the model learns):")
        out.print(info["rendered_prompt"] + info["rendered_answer"], markup=False, highlight=False)
        return
    bar = _step_bar("training")
    started = time.perf_counter()

    def show(k: int, n: int, loss: float) -> None:
        bar.update(task, completed=k, total=n, loss=f"loss {loss:.3f}")
        if not err.is_terminal and (k % max(1, n // 20) == 0 or k == n):  # a log file gets a line now and then
            err.print(f"step {k}/{n} loss {loss:.3f} ({time.perf_counter() - started:.0f} s)")

    with bar:
        task = bar.add_task("train", total=None, loss="")
        result = train(cfg, resume=resume, say=lambda s: err.print(escape(s)), progress=show)
    m = result.metrics
    out.print(f"[green]adapter written[/] to {result.out}: {m['steps']} steps, {m['examples_seen']} examples, "
              f"{m['train_seconds']:.0f} s; eval loss {m['eval_loss_base']} (base) → {m['eval_loss_adapter']}")


@ft_app.command("corpus")
def finetune_corpus(out_file: Path = typer.Option(..., "--out", help="Training pairs (.jsonl)."),
                    held_out: float = typer.Option(0.05, "--held-out", help="Share of questions held out."),
                    per_template: int = typer.Option(16, "--per-template"), seed: int = typer.Option(0, "--seed")):
    """Write the syntax corpus (finetune/corpus.yaml over finetune/schemas/) and its held-out split."""
    from ..finetune.corpus import generate, split, write_jsonl

    records = generate(per_template=per_template, seed=seed)
    train_rows, test_rows = split(records, held_out, seed)
    write_jsonl(train_rows, out_file)
    test_file = out_file.with_name(out_file.stem + ".heldout.jsonl")
    write_jsonl(test_rows, test_file)
    kinds = {k: sum(r["kind"] == k for r in records) for k in ("generate", "revise")}
    out.print(f"wrote {len(train_rows)} pairs to {out_file} and {len(test_rows)} held out to {test_file} "
              f"({kinds['generate']} question/Cypher pairs, {kinds['revise']} revision pairs, "
              f"{len({r['schema_name'] for r in records})} schemas)")


@ft_app.command("patches")
def finetune_patches(out_file: Path = typer.Option(..., "--out", help="Training rows (.jsonl)."),
                     data: list[Path] = typer.Option(None, "--data", help=(
                         "Question files with gold Cypher; default: the team's real-style and conversation "
                         "tuning sets (never an evaluated set).")),
                     generated: int = typer.Option(200, "--generated", help="Also N generated questions."),
                     db: Optional[Path] = DbOption,
                     k: int = typer.Option(2, "--k", help="Few-shot examples in each prompt, as serving uses."),
                     seed: int = typer.Option(7, "--seed"),
                     patches: int = typer.Option(2, "--patches", help="Patch rows per question answered right (0: none)."),
                     misses: bool = typer.Option(True, "--misses/--no-misses", help=(
                         "A question the engine answers wrong becomes a fix row (its query, then the gold), "
                         "where the validator would accept the gold from the model."))):
    """Write the finance-shaped corpus: candidates that miss one piece of meaning, and right ones to keep."""
    import datetime as dt

    from ..engine import Engine
    from ..finetune.patches import build, read_records, write_jsonl
    from ..generate import generate_questions
    from ..resources import data_path

    root = data_path("eval")
    files = data or [root / "real_style" / "corpus.jsonl", root / "real_style" / "tune.jsonl",
                     root / "conversations" / "tune.jsonl"]
    store = open_store(db)
    engine = Engine(store, revise="never")
    records = read_records(files)
    if generated:
        latest = max(engine.latest.values(), default=None)
        records += generate_questions(store, root / "generate_templates.yaml", generated, seed, latest)
    bar = _step_bar("patches")
    with bar:
        task = bar.add_task("patches", total=len(records), loss="")
        rows = build(engine, records, k=k, patches_per_question=patches, seed=seed, misses=misses, progress=lambda n, t: bar.update(task, completed=n))
    write_jsonl(rows, out_file)
    kinds = {kind: sum(r["kind"] == kind for r in rows) for kind in ("keep", "patch", "fix")}
    out.print(f"wrote {len(rows)} rows to {out_file}: {kinds['keep']} to keep, {kinds['patch']} to patch, "
              f"{kinds['fix']} to fix "
              f"(from {len(records)} questions)")


@ft_app.command("mix")
def finetune_mix(data: list[Path] = typer.Argument(..., exists=True, dir_okay=False,
                                                   help="Rows written by `finetune patches` (.jsonl)."),
                 out_file: Path = typer.Option(..., "--out", help="The training mix (.jsonl)."),
                 held_out: Optional[Path] = typer.Option(None, "--held-out", help="Also hold rows out, here."),
                 per_kind: int = typer.Option(20, "--per-kind", help="Held-out rows of each kind, at least."),
                 seed: int = typer.Option(11, "--seed")):
    """Every patch and fix row and as many keep rows; a held-out slice by question."""
    from ..errors import DataError
    from ..finetune.patches import mix, write_jsonl

    rows = []
    for path in data:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                row = json.loads(line) if line.strip() else None
                if row is not None and not (isinstance(row, dict) and row.get("question") and row.get("kind")):
                    raise ValueError("no question or kind")
            except ValueError as e:
                raise DataError(f"{path}:{n}: not a row of `finetune patches` ({e})") from None
            rows += [row] if row else []
    train, held = mix(rows, per_kind if held_out else 0, seed)
    write_jsonl(train, out_file)
    if held_out:
        write_jsonl(held, held_out)
    kinds = {k: sum(r["kind"] == k for r in train) for k in ("keep", "patch", "fix")}
    out.print(f"wrote {len(train)} rows to {out_file}: {kinds['keep']} to keep, {kinds['patch']} to patch, "
              f"{kinds['fix']} to fix" + (f"; {len(held)} held out in {held_out}" if held_out else ""))


@ft_app.command("convert")
def finetune_convert(adapter: Path = typer.Argument(..., help="A peft LoRA adapter folder.")):
    """Write the adapter's GGUF form (adapter.gguf), the one llama.cpp serves."""
    from ..finetune.convert import convert

    path = convert(adapter)
    out.print(f"wrote {path} ({path.stat().st_size / 2**20:.1f} MB)")


@ft_app.command("evaluate")
def finetune_evaluate(data: Path = typer.Option(..., "--data", help="Held-out corpus pairs (.jsonl)."),
                      adapter: list[str] = typer.Option(["none"], "--adapter",
                                                        help="Adapter folder, or 'none' for the base model; repeatable."),
                      base: str = typer.Option("packaged", "--base"), limit: Optional[int] = typer.Option(None, "--limit"),
                      seed: int = typer.Option(0, "--seed", help="The corpus seed (selects the synthetic KGs)."),
                      reviser: str = typer.Option("transformers", "--reviser",
                                                  help="transformers (peft adapters) or llamacpp (their GGUF form)."),
                      db: Optional[Path] = DbOption,
                      json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the scores here.")):
    """Exact match and execution accuracy of the base model and of adapters on held-out pairs
    (keep and patch rows of `finetune patches` run on the finance KG, --db)."""
    from ..finetune.evaluate import evaluate_model
    from ..finetune.train import resolve_base
    from ..revise.backends import LlamaCppBackend, TransformersBackend

    if reviser not in ("transformers", "llamacpp"):
        raise typer.BadParameter("--reviser is transformers or llamacpp")
    finance = open_store(db) if db is not None else None
    scores = {}
    for name in adapter:
        chosen = None if name == "none" else name
        if reviser == "llamacpp":
            backend = LlamaCppBackend(None if base == "packaged" else base, chosen, use_default_adapter=False)
        else:
            backend = TransformersBackend(str(resolve_base(base)), chosen, use_default_adapter=False)
        bar = _step_bar(name)
        with bar:
            task = bar.add_task(name, total=None, loss="")
            scores[name] = evaluate_model(data, backend, limit, seed, finance_store=finance,
                                          progress=lambda k, n: bar.update(task, completed=k, total=n))
    table = Table("model", "pairs", "kind", "exact match", "executable", "execution accuracy", "s/pair")
    for name, by_kind in scores.items():
        for kind, s in by_kind.items():
            table.add_row(name, str(s["n"]), kind, f"{s['exact_match']:.3f}", f"{s['executable']:.3f}",
                          f"{s['execution_accuracy']:.3f}", f"{s['seconds_per_pair']:.1f}")
    out.print(table)
    if json_out:
        json_out.write_text(json.dumps(scores, indent=2), encoding="utf-8")
