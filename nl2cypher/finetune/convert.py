"""A peft LoRA adapter in the GGUF form llama.cpp reads (`adapter.gguf` beside
the peft weights), so the fast CPU backend serves what transformers trained.

llama.cpp's adapter format: the base model's architecture, `general.type`
adapter, `adapter.type` lora, `adapter.lora.alpha`; one pair of tensors per
adapted matrix, named after the base tensor with `.lora_a` / `.lora_b`, in
peft's own layout (A: rank × in, B: out × rank). Qwen2 needs no permutation of
its attention weights."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import Nl2CypherError

# peft module names (Qwen2/LLaMA layout) -> the GGUF base tensor names
MODULES = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
           "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
           "mlp.down_proj": "ffn_down"}
ARCHITECTURE = "qwen2"


def gguf_name(peft_name: str) -> str:
    """base_model.model.model.layers.3.self_attn.q_proj.lora_A.weight -> blk.3.attn_q.weight.lora_a"""
    head, _, rest = peft_name.partition("layers.")
    layer, _, module = rest.partition(".")
    module, _, side = module.rpartition(".lora_")
    side = side.removesuffix(".weight")
    if not head or not layer.isdigit() or module not in MODULES or side not in ("A", "B"):
        raise Nl2CypherError(f"adapter tensor {peft_name!r} has no llama.cpp name (only {', '.join(MODULES)})")
    return f"blk.{layer}.{MODULES[module]}.weight.lora_{side.lower()}"


def convert(adapter: str | Path, out: str | Path | None = None) -> Path:
    """Write the adapter's GGUF form; returns its path."""
    import gguf
    from safetensors.numpy import load_file

    adapter = Path(adapter)
    config_path = adapter / "adapter_config.json"
    weights = adapter / "adapter_model.safetensors"
    if not config_path.is_file() or not weights.is_file():
        raise Nl2CypherError(f"{adapter} is not a peft adapter folder (adapter_config.json, adapter_model.safetensors)")
    config = json.loads(config_path.read_text(encoding="utf-8"))
    out = Path(out) if out else adapter / "adapter.gguf"
    writer = gguf.GGUFWriter(str(out), ARCHITECTURE)
    writer.add_string("general.type", "adapter")
    writer.add_string("adapter.type", "lora")
    writer.add_float32("adapter.lora.alpha", float(config.get("lora_alpha", config.get("r", 8))))
    for name, tensor in sorted(load_file(str(weights)).items()):
        writer.add_tensor(gguf_name(name), tensor.astype("float32"))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return out
