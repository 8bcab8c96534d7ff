"""A LoRA fine-tuning job for the reviser (peft), in the serving prompt format.

The loss covers the answer only (the revised query and the end-of-turn token),
and logits are computed for those positions only: the 150k-word output layer
is the costliest part of a small model's step. By default LoRA adapts the top
layers only, so back-propagation stops there — on a 2-core CPU that halves a
step. On CUDA the same job runs in bf16 with larger batches.

Output directory: the adapter (adapter_config.json, adapter_model.safetensors),
finetune_config.json (the exact settings, base model, prompt-format version,
data), metrics.json, and checkpoints/step-N for --resume."""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..errors import FinetuneError
from ..revise.prompt import PROMPT_FORMAT_VERSION
from .convert import convert
from .data import TrainingExample, read_training_data

PACKAGED = "packaged"
ALL_LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]




@dataclass
class FinetuneConfig:
    data: list[str]
    out: str
    base: str = PACKAGED  # "packaged" (Qwen2.5-Coder-0.5B-Instruct) or a local transformers folder
    rank: int = 8
    alpha: int = 16
    dropout: float = 0.05
    target_modules: list[str] = field(default_factory=lambda: list(ALL_LINEAR))
    top_layers: int = 8  # adapt only the top N layers (0: all)
    learning_rate: float = 2e-4
    epochs: float = 1.0
    max_steps: int | None = None  # optimizer steps; overrides epochs
    batch_size: int | None = None  # None: 1 on CPU, 8 on CUDA
    grad_accum: int = 4
    max_seq_len: int = 512
    eval_split: float = 0.05
    eval_max: int = 64  # examples scored for the eval loss
    warmup_steps: int = 10
    save_every: int = 25
    keep_checkpoints: int = 2
    seed: int = 0
    threads: int | None = None
    time_budget: float | None = None  # seconds of training: the step count shrinks to fit, measured on the first steps


@dataclass
class Encoded:
    ids: list[int]
    answer_len: int  # the last answer_len ids are the answer


@dataclass
class TrainResult:
    out: Path
    steps: int
    seconds: float
    metrics: dict


def resolve_base(base: str) -> Path:
    if base == PACKAGED:
        from ..revise.backends import packaged_hf_folder

        return packaged_hf_folder()
    path = Path(base).expanduser()
    if not (path / "config.json").is_file():
        raise FinetuneError(f"base model {base}: not a local transformers folder (no config.json)")
    return path


def encode(tokenizer, ex: TrainingExample) -> Encoded:
    """Prompt exactly as serving renders it; the answer is what the chat template
    adds after it (the query and the end-of-turn token)."""
    messages, answer = ex.messages()
    prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    full = tokenizer.apply_chat_template(messages + [{"role": "assistant", "content": answer}], tokenize=False)
    if not full.startswith(prompt):
        raise FinetuneError("the chat template does not extend the prompt with the answer; cannot mask the loss")
    p_ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
    a_ids = tokenizer(full[len(prompt):], add_special_tokens=False)["input_ids"]
    return Encoded(p_ids + a_ids, len(a_ids))


def split_examples(examples: list[TrainingExample], share: float, seed: int):
    """Held out by question, so a question's generation and revision pairs stay together."""
    if share <= 0:
        return examples, []
    questions = sorted({e.question for e in examples})
    random.Random(seed).shuffle(questions)
    held = set(questions[:max(1, round(len(questions) * share))])
    return [e for e in examples if e.question not in held], [e for e in examples if e.question in held]


def dry_run(cfg: FinetuneConfig) -> dict:
    """Data statistics and one rendered training example, without a model
    (only the tokenizer is loaded)."""
    from transformers import AutoTokenizer

    report = read_training_data(cfg.data)
    tok = AutoTokenizer.from_pretrained(resolve_base(cfg.base), local_files_only=True)
    train, held = split_examples(report.examples, cfg.eval_split, cfg.seed)
    lengths = [len(encode(tok, e).ids) for e in report.examples]
    ex = report.examples[0]
    messages, answer = ex.messages()
    return {
        "files": report.formats, "examples": len(report.examples), "skipped": len(report.skipped),
        "skipped_first": report.skipped[:5], "train": len(train), "eval": len(held),
        "kinds": {k: sum(e.kind == k for e in report.examples) for k in ("generate", "revise")},
        "langs": {k: sum(e.lang == k for e in report.examples) for k in ("zh", "en")},
        "tokens_p50": int(statistics.median(lengths)), "tokens_p95": int(sorted(lengths)[int(len(lengths) * .95) - 1]),
        "tokens_max": max(lengths), "over_max_seq_len": sum(n > cfg.max_seq_len for n in lengths),
        "rendered_prompt": tok.apply_chat_template(messages, add_generation_prompt=True, tokenize=False),
        "rendered_answer": answer, "prompt_format_version": PROMPT_FORMAT_VERSION,
    }


def _checkpoints(out: Path) -> list[Path]:
    found = [p for p in (out / "checkpoints").glob("step-*") if p.name.split("-")[1].isdigit()]
    return sorted(found, key=lambda p: int(p.name.split("-")[1]))


def _latest_checkpoint(out: Path) -> Path | None:
    ckpts = _checkpoints(out)
    return ckpts[-1] if ckpts else None


def _lr_at(step: int, total: int, cfg: FinetuneConfig) -> float:
    if step < cfg.warmup_steps:
        return cfg.learning_rate * (step + 1) / cfg.warmup_steps
    progress = (step - cfg.warmup_steps) / max(1, total - cfg.warmup_steps)
    return cfg.learning_rate * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))


def _fit_budget(cfg: FinetuneConfig, step: int, total: int, elapsed: float, say) -> int:
    """After three steps, the step count that fits the time budget (the learning-rate
    schedule then ends where the run ends)."""
    if not cfg.time_budget or step != 3:
        return total
    fit = max(step, int(cfg.time_budget / (elapsed / step)))
    if fit < total:
        say(f"{elapsed / step:.1f} s a step: the time budget fits {fit} of {total} steps")
    return min(total, fit)


def _batch_loss(model, batch: list[Encoded], device, pad_id: int):
    """Mean answer-token loss of a left-padded batch; logits only for the answers."""
    import torch

    width = max(len(e.ids) for e in batch)
    keep = max(e.answer_len for e in batch) + 1
    ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    labels = torch.full((len(batch), keep - 1), -100, dtype=torch.long)
    for i, e in enumerate(batch):
        ids[i, width - len(e.ids):] = torch.tensor(e.ids)
        mask[i, width - len(e.ids):] = 1
        labels[i, keep - 1 - e.answer_len:] = torch.tensor(e.ids[-e.answer_len:])
    positions = (mask.cumsum(-1) - 1).clamp(min=0)
    out = model(input_ids=ids.to(device), attention_mask=mask.to(device), position_ids=positions.to(device),
                logits_to_keep=keep)
    logits = out.logits[:, :-1].float()
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.to(device).reshape(-1),
                                             ignore_index=-100)


def _eval_loss(model, data: list[Encoded], device, pad_id: int) -> float | None:
    import torch

    if not data:
        return None
    model.eval()
    with torch.inference_mode():
        losses = [float(_batch_loss(model, [e], device, pad_id)) for e in data]
    model.train()
    return round(sum(losses) / len(losses), 4)


def train(cfg: FinetuneConfig, resume: bool = False,
          progress: Callable[[int, int, float | None], None] | None = None,
          say: Callable[[str], None] = lambda s: None) -> TrainResult:
    """Run the job; `progress(step, total, loss)` after every optimizer step."""
    from ..encoder import offline_and_quiet

    offline_and_quiet()
    import torch
    from peft import LoraConfig, get_peft_model, set_peft_model_state_dict
    from safetensors.torch import load_file
    from transformers import AutoModelForCausalLM, AutoTokenizer

    t_start = time.perf_counter()
    out = Path(cfg.out)
    if out.exists() and not resume and (out / "adapter_config.json").exists():
        raise FinetuneError(f"{out} already holds an adapter; choose another --out or pass --resume")
    ckpt = _latest_checkpoint(out) if resume else None
    if resume and ckpt is None:
        raise FinetuneError(f"--resume: no checkpoint under {out / 'checkpoints'}")
    if ckpt is not None:  # the run's own settings, so a resumed run is the same run
        saved = json.loads((out / "finetune_config.json").read_text(encoding="utf-8"))["config"]
        cfg = FinetuneConfig(**saved)
    cuda = torch.cuda.is_available()
    device = torch.device("cuda" if cuda else "cpu")
    batch_size = cfg.batch_size or (8 if cuda else 1)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)

    report = read_training_data(cfg.data)
    for line in report.skipped[:20]:
        say(f"skipped {line}")
    if len(report.skipped) > 20:
        say(f"… {len(report.skipped) - 20} more rows skipped")
    train_ex, eval_ex = split_examples(report.examples, cfg.eval_split, cfg.seed)
    base = resolve_base(cfg.base)
    tok = AutoTokenizer.from_pretrained(base, local_files_only=True)
    encoded = [encode(tok, e) for e in train_ex]
    too_long = sum(len(e.ids) > cfg.max_seq_len for e in encoded)
    encoded = [e for e in encoded if len(e.ids) <= cfg.max_seq_len]
    if not encoded:
        raise FinetuneError(f"every training example is longer than --max-seq-len {cfg.max_seq_len} tokens")
    eval_enc = [e for e in (encode(tok, x) for x in eval_ex[:cfg.eval_max]) if len(e.ids) <= cfg.max_seq_len]
    per_step = batch_size * cfg.grad_accum
    total = cfg.max_steps or max(1, math.ceil(len(encoded) * cfg.epochs / per_step))

    dtype = torch.bfloat16 if cuda else torch.float32
    model = AutoModelForCausalLM.from_pretrained(base, dtype=dtype, local_files_only=True).to(device)
    n_layers = model.config.num_hidden_layers
    layers = list(range(n_layers - cfg.top_layers, n_layers)) if 0 < cfg.top_layers < n_layers else None
    lora = LoraConfig(r=cfg.rank, lora_alpha=cfg.alpha, lora_dropout=cfg.dropout,
                      target_modules=cfg.target_modules, layers_to_transform=layers, task_type="CAUSAL_LM")
    model = get_peft_model(model, lora)
    params = [p for p in model.parameters() if p.requires_grad]
    optim = torch.optim.AdamW(params, lr=cfg.learning_rate, weight_decay=0.0)
    step, curve, eval_before = 0, [], None
    if ckpt is not None:
        set_peft_model_state_dict(model, load_file(str(ckpt / "adapter_model.safetensors")))
        optim.load_state_dict(torch.load(ckpt / "optimizer.pt", weights_only=True))
        state = json.loads((ckpt / "state.json").read_text(encoding="utf-8"))
        step, curve, eval_before = state["step"], state["loss_curve"], state.get("eval_loss_base")
        say(f"resuming from {ckpt.name} (step {step} of {total})")
    else:
        out.mkdir(parents=True, exist_ok=True)
        (out / "finetune_config.json").write_text(json.dumps({
            "config": asdict(cfg), "base_model": str(base), "prompt_format_version": PROMPT_FORMAT_VERSION,
            "forms": {"peft": "adapter_model.safetensors", "gguf": "adapter.gguf"},
        }, ensure_ascii=False, indent=2), encoding="utf-8")
    if ckpt is None:
        eval_before = _eval_loss(model, eval_enc, device, tok.pad_token_id or 0)

    def order(epoch: int) -> list[int]:
        idx = list(range(len(encoded)))
        random.Random(cfg.seed * 1000 + epoch).shuffle(idx)
        return idx

    pad = tok.pad_token_id if tok.pad_token_id is not None else 0
    model.train()
    t0 = time.perf_counter()
    while step < total:
        lr = _lr_at(step, total, cfg)
        for g in optim.param_groups:
            g["lr"] = lr
        seen = step * per_step
        epoch, offset = divmod(seen, len(encoded))
        idx = order(epoch)
        picks = [encoded[idx[(offset + i) % len(encoded)]] for i in range(per_step)]
        step_loss = 0.0
        for m in range(cfg.grad_accum):
            micro = picks[m * batch_size:(m + 1) * batch_size]
            loss = _batch_loss(model, micro, device, pad) / cfg.grad_accum
            loss.backward()
            step_loss += float(loss.detach())
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        optim.step()
        optim.zero_grad(set_to_none=True)
        step += 1
        curve.append(round(step_loss, 4))
        total = _fit_budget(cfg, step, total, time.perf_counter() - t0, say)
        if step % cfg.save_every == 0 and step < total:
            _checkpoint(model, optim, out, {"step": step, "loss_curve": curve, "eval_loss_base": eval_before},
                        cfg.keep_checkpoints)
        if progress:
            progress(step, total, step_loss)
    train_seconds = time.perf_counter() - t0
    eval_after = _eval_loss(model, eval_enc, device, pad)
    model.save_pretrained(out)
    convert(out)  # adapter.gguf beside the peft weights: the form llama.cpp serves
    metrics = {
        "steps": step, "examples_per_step": per_step, "examples_seen": step * per_step,
        "train_examples": len(encoded), "eval_examples": len(eval_enc), "skipped_rows": len(report.skipped),
        "too_long": too_long, "train_loss_first": curve[0] if curve else None,
        "train_loss_last10": round(sum(curve[-10:]) / len(curve[-10:]), 4) if curve else None,
        "eval_loss_base": eval_before, "eval_loss_adapter": eval_after,
        "train_seconds": round(train_seconds, 1), "total_seconds": round(time.perf_counter() - t_start, 1),
        "device": str(device), "dtype": str(dtype).replace("torch.", ""), "batch_size": batch_size,
        "threads": torch.get_num_threads(), "trainable_parameters": sum(p.numel() for p in params),
        "loss_curve": curve, "prompt_format_version": PROMPT_FORMAT_VERSION,
    }
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    return TrainResult(out, step, time.perf_counter() - t_start, metrics)


def _checkpoint(model, optim, out: Path, state: dict, keep: int) -> None:
    import torch

    folder = out / "checkpoints" / f"step-{state['step']}"
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)
    torch.save(optim.state_dict(), tmp / "optimizer.pt")
    (tmp / "state.json").write_text(json.dumps(state), encoding="utf-8")
    os.replace(tmp, folder)  # a checkpoint is complete or absent
    for old in _checkpoints(out)[:-keep]:
        shutil.rmtree(old, ignore_errors=True)
