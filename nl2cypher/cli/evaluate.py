"""`nl2cypher eval` (run, generate): accuracy tables and generated question sets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup

from ..errors import QuestionFailed
from .common import CountBar, DbOption, TodayOption, open_store, out, parse_date


class _DefaultRun(TyperGroup):
    """`nl2cypher eval QUESTIONS …` means `nl2cypher eval run QUESTIONS …`."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


eval_app = typer.Typer(cls=_DefaultRun, no_args_is_help=True, help=(
    "Accuracy tables (nl2cypher eval QUESTIONS) and generated question sets (nl2cypher eval generate)."))


@eval_app.command("generate")
def eval_generate(templates: Optional[Path] = typer.Option(None, "--templates", help=(
                      "Question templates with slots (YAML); default: the shipped eval/generate_templates.yaml.")),
                  n: int = typer.Option(500, "--n", help="How many questions."),
                  out_file: Path = typer.Option(..., "--out", help="Questions with gold Cypher and answers (.jsonl)."),
                  db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
                  seed: int = typer.Option(0, "--seed")):
    """Fill templates from the loaded KG; gold answers are computed by running the gold queries."""
    from ..generate import generate_questions
    from ..resources import data_path

    templates = templates or data_path("eval") / "generate_templates.yaml"
    store = open_store(db)
    day = parse_date(today, "--today") if today else None
    with CountBar("generating", n) as bar:
        rows = generate_questions(store, templates, n, seed, day, progress=lambda k, t: bar.update(k))
    out_file.parent.mkdir(parents=True, exist_ok=True)
    with open(out_file, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    cats: dict[str, int] = {}
    for r in rows:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    out.print(f"wrote {len(rows)} questions (reference day {rows[0]['today']}) to {out_file}: "
              + ", ".join(f"{c} {k}" for c, k in cats.items()))


@eval_app.command("run")
def eval_cmd(questions: Path = typer.Argument(..., help=".jsonl with question, category, today and gold (Cypher) or answer (rows)"),
             db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
             ablation: list[str] = typer.Option(["full"], "--ablation", help="full, no-revise, no-rank, always-revise, "
                                                "no-fewshot, no-schema-slice, no-finetune (repeatable)"),
             out_dir: Optional[Path] = typer.Option(None, "--out", help="Write table.md, table.csv, report.xlsx here."),
             per_category: int = typer.Option(0, "--per-category", min=0, help=(
                 "Score a seeded sample of N questions per type (LLM revision costs seconds per question).")),
             seed: int = typer.Option(0, "--seed", help="Seed of the --per-category sample.")):
    """Execution accuracy by question type, for each ablation (the seed's table)."""
    from ..engine import Engine
    from ..evaluate import (
        ABLATIONS,
        ablation_table,
        calibration,
        calibration_text,
        category_row,
        conversation_text,
        evaluate,
        oracle_text,
        read_questions,
        sample_per_category,
        write_reports,
    )

    unknown = [a for a in ablation if a not in ABLATIONS]
    if unknown:
        raise typer.BadParameter(f"unknown ablation {unknown[0]!r}; known: {', '.join(ABLATIONS)}")
    try:
        qs = read_questions(questions)
    except (OSError, ValueError) as e:
        raise QuestionFailed(f"{questions}: cannot read questions ({e})") from None
    if per_category:
        qs = sample_per_category(qs, per_category, seed)
    if not qs:
        raise QuestionFailed(f"{questions}: no questions")
    if today:
        for q in qs:
            q["today"] = parse_date(today, "--today").isoformat()
    store = open_store(db)
    rows, reports = {}, {}
    for name in ablation:
        engine = Engine(store, **ABLATIONS[name])
        with CountBar(name, len(qs)) as bar:
            reports[name] = evaluate(engine, qs, progress=lambda k, n: bar.update(k))
        rows[name] = category_row(reports[name])
    out.print(ablation_table(rows), markup=False, highlight=False)
    for name, rep in reports.items():
        out.print(calibration_text(calibration(rep), name), markup=False, highlight=False)
        out.print(oracle_text(rep, name), markup=False, highlight=False)
        if any("conversation" in r for r in rep):
            out.print(conversation_text(rep, name), markup=False, highlight=False)
    if out_dir:
        write_reports(out_dir, rows, reports)
        out.print(f"wrote {out_dir}/table.md, table.csv, report.xlsx, calibration.md, reliability.png, report.jsonl")


@eval_app.command("robustness")
def eval_robustness(questions: Path = typer.Argument(..., help=".jsonl with question, today and gold (Cypher) or answer"),
                    db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
                    perturbations: Optional[Path] = typer.Option(None, "--perturbations", help=(
                        "Operators (YAML); default: the shipped eval/perturbations.yaml.")),
                    out_file: Optional[Path] = typer.Option(None, "--out", help="Every variant and its verdict (.jsonl).")):
    """Answer every gold question's variants; each must give the gold answer or be flagged."""
    from ..engine import Engine
    from ..evaluate import read_questions
    from ..resources import data_path
    from ..robustness import PerturbationError, Perturber, load_operators, robustness, summary, summary_text

    try:
        ops = load_operators(perturbations or data_path("eval") / "perturbations.yaml")
        qs = read_questions(questions)
    except (OSError, ValueError) as e:
        raise QuestionFailed(str(e) if isinstance(e, PerturbationError) else f"{questions}: cannot read ({e})") from None
    if today:
        for q in qs:
            q["today"] = parse_date(today, "--today").isoformat()
    engine = Engine(open_store(db), revise="never")
    perturber = Perturber.for_engine(ops, engine)
    with CountBar("robustness", len(qs)) as bar:
        families = robustness(engine, qs, perturber, progress=lambda k, n: bar.update(k))
    out.print(summary_text(summary(families)), markup=False, highlight=False)
    if out_file:
        with open(out_file, "w", encoding="utf-8") as fh:
            for f in families:
                for op, text, v in f.variants:
                    fh.write(json.dumps({"id": f.id, "question": f.question, "operator": op, "variant": text,
                                         "base_right": f.base.right, "right": v.right, "flagged": v.flagged,
                                         "silent": v.silent}, ensure_ascii=False) + "\n")
        out.print(f"wrote {out_file}")
