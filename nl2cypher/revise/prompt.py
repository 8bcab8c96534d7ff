"""The revision prompt, shared by serving and by fine-tuning data so both see
the same format (PROMPT_FORMAT_VERSION is written next to every adapter).

After the seed's template: a role, few-shot question/Cypher pairs, rules (only
schema names, output only the query, today's date), the relevant schema slice,
the question and the top candidate -> the revised query. Variants: generate
from scratch when there is no candidate, and English."""

from __future__ import annotations

from dataclasses import dataclass

PROMPT_FORMAT_VERSION = "1"


@dataclass(frozen=True)
class Example:
    question: str
    cypher: str


_TEXT = {
    "zh": {
        "role": "你是金融知识图谱的 Cypher 专家。你根据图谱结构检查并修正查询，使它准确回答用户的问题。",
        "role_generate": "你是金融知识图谱的 Cypher 专家。你根据图谱结构为用户的问题写出 Cypher 查询。",
        "rules": ["只使用下面图谱结构中出现的节点标签、关系类型和属性名；关系方向必须与结构一致。",
                  "只写只读查询（MATCH … RETURN），不要 CREATE、MERGE、SET、DELETE、REMOVE 或 CALL。",
                  "实体名称和数值照抄问题或候选查询中的写法，不要编造。",
                  "今天是 {today}；相对日期（今天、昨天、近5日）已换算成具体日期。",
                  "只输出一条 Cypher 查询，不要解释，不要代码块标记。"],
        "schema": "图谱结构：", "examples": "示例：", "q": "问题：", "a": "Cypher：",
        "candidate": "候选查询：", "task": "如果候选查询正确，原样输出；否则输出修正后的查询。",
        "task_generate": "写出回答这个问题的 Cypher 查询。",
    },
    "en": {
        "role": "You are a Cypher expert for a financial knowledge graph. You check a candidate query against the "
                "graph schema and correct it so that it answers the user's question.",
        "role_generate": "You are a Cypher expert for a financial knowledge graph. You write a Cypher query that "
                         "answers the user's question over the graph schema.",
        "rules": ["Use only node labels, relationship types and properties from the schema below; relationship "
                  "directions must follow the schema.",
                  "Write a read-only query (MATCH … RETURN): no CREATE, MERGE, SET, DELETE, REMOVE or CALL.",
                  "Copy entity names and numbers from the question or the candidate; never invent them.",
                  "Today is {today}; relative dates (today, yesterday, last 5 days) are already literal dates.",
                  "Output one Cypher query only: no explanation, no code fences."],
        "schema": "Schema:", "examples": "Examples:", "q": "Question:", "a": "Cypher:",
        "candidate": "Candidate query:", "task": "If the candidate is right, output it unchanged; otherwise output "
                                                "the corrected query.",
        "task_generate": "Write the Cypher query that answers the question.",
    },
}


def build_messages(question: str, schema_text: str, examples: list[Example], today: str,
                   candidate: str | None = None, lang: str = "zh") -> list[dict[str, str]]:
    """Chat messages for one revision (or, without a candidate, one generation)."""
    t = _TEXT[lang]
    rules = "\n".join(f"{i}. {r.format(today=today)}" for i, r in enumerate(t["rules"], 1))
    system = (t["role"] if candidate else t["role_generate"]) + "\n" + rules
    parts = [t["schema"], schema_text, ""]
    if examples:
        parts.append(t["examples"])
        for ex in examples:
            parts += [f"{t['q']}{ex.question}", f"{t['a']}{ex.cypher}", ""]
    parts.append(f"{t['q']}{question}")
    if candidate:
        parts += [f"{t['candidate']}{candidate}", t["task"]]
    else:
        parts.append(t["task_generate"])
    parts.append(t["a"])
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(parts)}]


def build_training_pair(question: str, schema_text: str, examples: list[Example], today: str, gold: str,
                        candidate: str | None = None, lang: str = "zh") -> tuple[list[dict[str, str]], str]:
    """The same prompt as serving, with the answer the model should give."""
    return build_messages(question, schema_text, examples, today, candidate, lang), gold
