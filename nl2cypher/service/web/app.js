// The nl2cypher page: ask, see what was understood, the table, a chart chosen
// from the answer's shape, the Cypher, and on demand the trace. A conversation:
// follow-ups (那昨天呢, 它属于哪个板块) lean on the questions before.
"use strict";

const TEXT = {
  zh: { ask: "提问", placeholder: "例如：贵州茅台最近10个交易日的开盘价、收盘价、最高价、最低价和成交量",
        new_conversation: "新对话", result: "结果", copy_csv: "复制为 CSV", copy: "复制", trace: "查看过程",
        hide_trace: "收起过程", history: "历史问题", rows: "行", copied: "已复制", understood: "理解为",
        resolved: "完整问题", confidence: "置信度", sure: "可信", unsure: "可能没有理解",
        mentions: "识别出的词", units: "触发规则", candidates: "候选查询", timings: "耗时 (ms)",
        token: "这个服务需要访问令牌 (NL2CYPHER_API_TOKEN)：", failed: "请求失败", synthetic: "演示数据（合成）" },
  en: { ask: "Ask", placeholder: "e.g. 贵州茅台最近10个交易日的开盘价、收盘价、最高价、最低价和成交量",
        new_conversation: "New conversation", result: "Result", copy_csv: "Copy as CSV", copy: "Copy",
        trace: "Show trace", hide_trace: "Hide trace", history: "History", rows: "rows", copied: "copied",
        understood: "Understood as", resolved: "Full question", confidence: "confidence", sure: "trusted",
        unsure: "may not be understood", mentions: "Mentions", units: "Trigger units", candidates: "Candidates",
        timings: "Timings (ms)", token: "This server needs an access token (NL2CYPHER_API_TOKEN):",
        failed: "Request failed", synthetic: "demo KG (synthetic)" },
};
let lang = localStorage.getItem("nl2cypher.lang") || "zh";
let session = null, last = null, candles = [], sortState = { col: -1, asc: true }, chart = null;
const $ = (id) => document.getElementById(id);
const t = (k) => TEXT[lang][k] || k;

function applyText() {
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  $("q").placeholder = t("placeholder");
  $("lang").textContent = lang === "zh" ? "EN" : "中文";
  document.documentElement.lang = lang;
}

async function api(path, body) {
  const headers = { "content-type": "application/json" };
  const token = localStorage.getItem("nl2cypher.token");
  if (token) headers.authorization = "Bearer " + token;
  const res = await fetch(path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  if (res.status === 401) {
    const given = prompt(t("token"));
    if (given) { localStorage.setItem("nl2cypher.token", given); return api(path, body); }
  }
  const data = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }));
  if (!res.ok) throw new Error(data.error || `${res.status}`);
  return data;
}

async function newSession() {
  session = (await api("/sessions", {})).id;
}

async function ask(question) {
  if (!question.trim()) return;
  if (!session) await newSession();
  let rec;
  try {
    rec = await api(`/sessions/${session}/ask`, { question, trace: true });
  } catch (e) {
    if (String(e.message).includes("no conversation")) { await newSession(); return ask(question); }
    rec = { question, error: e.message, rows: [], columns: [] };
  }
  last = rec;
  remember(question);
  show(rec);
}

function show(rec) {
  $("answer").classList.remove("hidden");
  const resolved = rec.resolved_question && rec.resolved_question !== rec.question;
  $("resolved").classList.toggle("hidden", !resolved);
  $("resolved").textContent = resolved ? `${t("resolved")}：${rec.resolved_question}` : "";
  $("error").classList.toggle("hidden", !rec.error);
  $("error").textContent = rec.error || "";
  const u = $("understood");
  u.textContent = "";
  if (rec.interpretation) {
    u.append(`${t("understood")}：${rec.interpretation}`);
    if (rec.confidence !== null && rec.confidence !== undefined) {
      const b = document.createElement("span");
      const sure = rec.confidence >= 0.5;
      b.className = "badge " + (sure ? "sure" : "unsure");
      b.textContent = `${t("confidence")} ${rec.confidence.toFixed(2)} · ${sure ? t("sure") : t("unsure")}`;
      u.append(b);
    }
  }
  $("notes").innerHTML = "";
  (rec.notes || []).forEach((n) => { const li = document.createElement("li"); li.textContent = n; $("notes").append(li); });
  sortState = { col: -1, asc: true };
  renderTable(rec.columns || [], rec.rows || []);
  $("tablecard").classList.toggle("hidden", !!rec.error);
  $("cyphercard").classList.toggle("hidden", !rec.cypher && !rec.trace);
  $("cypher").innerHTML = highlight(rec.cypher || "", rec.params || {});
  $("trace").classList.add("hidden");
  $("showtrace").textContent = t("trace");
  drawChart(rec);
}

function cellText(v) {
  if (v === null || v === undefined) return "";
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function renderTable(cols, rows) {
  const tb = $("table");
  tb.innerHTML = "";
  const head = tb.createTHead().insertRow();
  cols.forEach((c, i) => {
    const th = document.createElement("th");
    th.textContent = c + (sortState.col === i ? (sortState.asc ? " ▲" : " ▼") : "");
    th.onclick = () => { sortState = { col: i, asc: sortState.col === i ? !sortState.asc : true }; renderTable(cols, sorted(rows)); };
    head.append(th);
  });
  const body = tb.createTBody();
  rows.forEach((r) => {
    const tr = body.insertRow();
    r.forEach((v) => { const td = tr.insertCell(); td.textContent = cellText(v); if (typeof v === "number") td.className = "num"; });
  });
  $("rowcount").textContent = `${rows.length} ${t("rows")}` + (last && last.truncated ? " (truncated)" : "");
}

function sorted(rows) {
  const { col, asc } = sortState;
  return [...rows].sort((a, b) => {
    const x = a[col], y = b[col];
    const c = typeof x === "number" && typeof y === "number" ? x - y : cellText(x).localeCompare(cellText(y), "zh");
    return asc ? c : -c;
  });
}

function csv(cols, rows) {
  const q = (v) => { const s = cellText(v); return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s; };
  return [cols.map(q).join(","), ...rows.map((r) => r.map(q).join(","))].join("\n");
}

function highlight(cypher, params) {
  const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  let h = esc(cypher)
    .replace(/('[^']*')/g, '<span class="str">$1</span>')
    .replace(/\b(MATCH|OPTIONAL|WHERE|RETURN|WITH|ORDER BY|LIMIT|DISTINCT|AND|OR|NOT|IN|AS|DESC|ASC|CONTAINS|STARTS WITH|ENDS WITH|UNWIND|CALL)\b/g, '<span class="kw">$1</span>')
    .replace(/(\$p\d+)/g, '<span class="par">$1</span>');
  const p = Object.keys(params).length ? "\n" + esc("// " + JSON.stringify(params)) : "";
  return h + p;
}

// ---- charts, chosen from the answer's shape -------------------------------------
const isDate = (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v);
function columnRoles(cols) {
  // the schema's `candles` annotation names open/close/high/low/volume; columns carry property descriptions
  const roles = {};
  for (const c of candles) for (const [role, desc] of Object.entries(c)) {
    const i = cols.indexOf(desc);
    if (i >= 0 && roles[role] === undefined) roles[role] = i;
  }
  return roles;
}

function drawChart(rec) {
  const card = $("chartcard");
  const cols = rec.columns || [], rows = rec.rows || [];
  card.classList.add("hidden");
  if (chart) { chart.dispose(); chart = null; }
  if (typeof echarts === "undefined" || rec.error || rows.length < 2) return;
  const numeric = cols.map((_, i) => rows.every((r) => typeof r[i] === "number"));
  const dateCol = cols.findIndex((_, i) => rows.every((r) => isDate(r[i])));
  const catCol = cols.findIndex((_, i) => !numeric[i] && i !== dateCol);
  let option = null;
  if (dateCol >= 0) {
    const order = [...rows].sort((a, b) => cellText(a[dateCol]).localeCompare(cellText(b[dateCol])));
    const x = order.map((r) => r[dateCol]);
    const roles = columnRoles(cols);
    const series = (catCol >= 0 && new Set(order.map((r) => r[catCol])).size > 1) ? null : true;
    if (["open", "close", "high", "low"].every((k) => roles[k] !== undefined) && series) {
      const k = order.map((r) => [r[roles.open], r[roles.close], r[roles.low], r[roles.high]]);
      option = { tooltip: { trigger: "axis" }, legend: { data: ["K", cols[roles.volume] || ""].filter(Boolean) },
        grid: [{ left: 80, right: 30, top: 30, height: roles.volume !== undefined ? "55%" : "75%" },
               { left: 80, right: 30, top: "72%", height: "18%" }],
        xAxis: [{ type: "category", data: x }, { type: "category", data: x, gridIndex: 1, axisLabel: { show: false } }],
        yAxis: [{ scale: true }, { scale: true, gridIndex: 1, splitNumber: 2 }],
        series: [{ name: "K", type: "candlestick", data: k,
                   itemStyle: { color: "#c53030", color0: "#0f7b3f", borderColor: "#c53030", borderColor0: "#0f7b3f" } }] };
      if (roles.volume !== undefined)
        option.series.push({ name: cols[roles.volume], type: "bar", xAxisIndex: 1, yAxisIndex: 1, data: order.map((r) => r[roles.volume]) });
      else { option.grid = option.grid.slice(0, 1); option.xAxis = option.xAxis.slice(0, 1); option.yAxis = option.yAxis.slice(0, 1); }
    } else {
      const nums = cols.map((c, i) => i).filter((i) => numeric[i]);
      if (!nums.length) return;
      if (catCol >= 0 && new Set(order.map((r) => r[catCol])).size > 1) {
        const names = [...new Set(order.map((r) => r[catCol]))], xs = [...new Set(x)];
        option = { tooltip: { trigger: "axis" }, legend: { data: names }, xAxis: { type: "category", data: xs },
          yAxis: { scale: true }, series: names.map((n) => ({ name: n, type: "line",
            data: xs.map((d) => { const r = order.find((r) => r[catCol] === n && r[dateCol] === d); return r ? r[nums[0]] : null; }) })) };
      } else {
        option = { tooltip: { trigger: "axis" }, legend: { data: nums.map((i) => cols[i]) }, xAxis: { type: "category", data: x },
          yAxis: { scale: true }, series: nums.map((i) => ({ name: cols[i], type: "line", data: order.map((r) => r[i]) })) };
      }
    }
  } else if (catCol >= 0 && numeric.filter(Boolean).length >= 1) {
    const v = numeric.findIndex(Boolean);
    option = { tooltip: {}, xAxis: { type: "category", data: rows.map((r) => cellText(r[catCol])), axisLabel: { rotate: rows.length > 8 ? 40 : 0 } },
      yAxis: {}, series: [{ name: cols[v], type: "bar", data: rows.map((r) => r[v]), itemStyle: { color: "#2457a6" } }] };
  }
  if (!option) return;
  card.classList.remove("hidden");
  chart = echarts.init($("chart"), null, { renderer: "canvas" });
  chart.setOption(option);
}

// ---- trace, history, wiring ---------------------------------------------------------
function showTrace() {
  const box = $("trace");
  if (!box.classList.contains("hidden")) { box.classList.add("hidden"); $("showtrace").textContent = t("trace"); return; }
  const tr = (last && last.trace) || {};
  const table = (title, head, rows) => `<h4>${title}</h4><table><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr>` +
    rows.map((r) => `<tr>${r.map((c) => `<td>${String(c).replace(/</g, "&lt;")}</td>`).join("")}</tr>`).join("") + "</table>";
  box.innerHTML = table(t("mentions"), ["kind", "text", "means"], (tr.mentions || []).map((m) => [m.kind, m.text, m.means])) +
    table(t("units"), ["kind", "row"], (tr.units || []).map((u) => [u.kind, u.row])) +
    table(t("candidates"), ["score", "cypher"], (tr.candidates || []).map((c) => [c.score, c.cypher])) +
    table(t("timings"), Object.keys(tr.timings_ms || {}), [Object.values(tr.timings_ms || {})]);
  box.classList.remove("hidden");
  $("showtrace").textContent = t("hide_trace");
}

function remember(q) {
  const h = JSON.parse(localStorage.getItem("nl2cypher.history") || "[]").filter((x) => x !== q);
  h.unshift(q);
  localStorage.setItem("nl2cypher.history", JSON.stringify(h.slice(0, 30)));
  renderHistory();
}

function renderHistory() {
  const ul = $("history");
  ul.innerHTML = "";
  JSON.parse(localStorage.getItem("nl2cypher.history") || "[]").forEach((q) => {
    const li = document.createElement("li");
    li.textContent = q;
    li.onclick = () => { $("q").value = q; ask(q); };
    ul.append(li);
  });
}

async function copy(text, button) {
  try { await navigator.clipboard.writeText(text); } catch (e) { /* no clipboard (http, headless): ignore */ }
  const old = button.textContent; button.textContent = t("copied"); setTimeout(() => { button.textContent = old; }, 1200);
}

$("ask").onsubmit = (e) => { e.preventDefault(); ask($("q").value); };
$("newconv").onclick = async () => { await newSession(); $("answer").classList.add("hidden"); $("q").value = ""; $("q").focus(); };
$("lang").onclick = () => { lang = lang === "zh" ? "en" : "zh"; localStorage.setItem("nl2cypher.lang", lang); applyText(); if (last) show(last); };
$("copycsv").onclick = (e) => last && copy(csv(last.columns || [], last.rows || []), e.target);
$("copycypher").onclick = (e) => last && copy(last.cypher || "", e.target);
$("showtrace").onclick = showTrace;
window.addEventListener("resize", () => chart && chart.resize());

applyText();
renderHistory();
api("/health").then((h) => { if (h.synthetic) $("kg").textContent = t("synthetic"); }).catch(() => {});
api("/schema").then((s) => {
  candles = Object.values(s.labels).filter((l) => l.candles && Object.keys(l.candles).length)
    .map((l) => Object.fromEntries(Object.entries(l.candles).map(([role, p]) => [role, l.properties[p].description])));
}).catch(() => {});
