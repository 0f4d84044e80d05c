// The igraph-agent run panel (anywidget ESM). Draws model.view; clicks send commands.

function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function inline(s) {
  return esc(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>")
    .replace(/&lt;sub&gt;(.*?)&lt;\/sub&gt;/g, "<sub>$1</sub>");
}

// A small, safe markdown renderer: headings, lists, quotes, tables, code blocks, paragraphs.
export function markdown(text) {
  const lines = String(text ?? "").replace(/\r/g, "").split("\n");
  const out = [];
  let para = [];
  let list = null;
  const flushPara = () => { if (para.length) { out.push(`<p>${inline(para.join(" "))}</p>`); para = []; } };
  const flushList = () => { if (list) { out.push(`</${list}>`); list = null; } };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("```")) {
      flushPara(); flushList();
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      out.push(`<pre><code>${esc(code.join("\n"))}</code></pre>`);
      continue;
    }
    let m;
    if ((m = line.match(/^(#{1,6})\s+(.*)$/))) {
      flushPara(); flushList();
      const level = Math.min(6, m[1].length + 2);
      out.push(`<h${level}>${inline(m[2])}</h${level}>`);
    } else if ((m = line.match(/^\s*([-*]|\d+\.)\s+(.*)$/))) {
      flushPara();
      const kind = /\d/.test(m[1]) ? "ol" : "ul";
      if (list !== kind) { flushList(); out.push(`<${kind}>`); list = kind; }
      out.push(`<li>${inline(m[2])}</li>`);
    } else if (line.trim().startsWith("|") && i + 1 < lines.length && /^\s*\|[-:| ]+\|\s*$/.test(lines[i + 1])) {
      flushPara(); flushList();
      const cells = (l) => l.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const head = cells(line).map((c) => `<th>${inline(c)}</th>`).join("");
      const rows = [];
      for (i += 2; i < lines.length && lines[i].trim().startsWith("|"); i++) {
        rows.push(`<tr>${cells(lines[i]).map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`);
      }
      i--;
      out.push(`<table><thead><tr>${head}</tr></thead><tbody>${rows.join("")}</tbody></table>`);
    } else if ((m = line.match(/^>\s?(.*)$/))) {
      flushPara(); flushList();
      out.push(`<blockquote>${inline(m[1])}</blockquote>`);
    } else if (!line.trim()) {
      flushPara(); flushList();
    } else {
      flushList();
      para.push(line.trim());
    }
  }
  flushPara(); flushList();
  return out.join("\n");
}

function elapsed(card, now) {
  if (card.elapsed_ms != null) return card.elapsed_ms >= 1000 ? `${(card.elapsed_ms / 1000).toFixed(1)} s` : `${card.elapsed_ms} ms`;
  if (card.started && card.status === "running") return `${Math.max(0, now - card.started).toFixed(1)} s`;
  return "";
}

function el(tag, cls, html) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (html != null) node.innerHTML = html;
  return node;
}

function button(label, cls, onClick) {
  const b = el("button", `iga-btn ${cls}`, esc(label));
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

// A <details> whose open/closed state survives redraws (keyed in `opened`).
function folding(cls, key, opened, summaryHtml, defaultOpen = false) {
  const d = el("details", cls);
  d.open = opened.has(key) ? opened.get(key) : defaultOpen;
  const summary = el("summary", null, summaryHtml);
  // only the user's clicks are remembered (setting .open above also fires "toggle")
  summary.addEventListener("click", () => opened.set(key, !d.open));
  d.append(summary);
  return d;
}

const LIVE = new Set(["starting", "running"]);
const WORDS = { needs_clarification: "needs clarification", awaiting_approval: "awaiting approval" };
const label = (state) => WORDS[state] || String(state || "").replace(/_/g, " ");

// tqdm-like: "52% 104/200 [00:12<00:11, 8.3 epoch/s]"
function clock(s) {
  if (!Number.isFinite(s) || s < 0) return "?";
  s = Math.round(s);
  const m = Math.floor(s / 60), r = s % 60;
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(r).padStart(2, "0")}`
    : `${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}`;
}

function progressLine(job, now) {
  const frac = Math.max(0, Math.min(1, job.fraction || 0));
  const took = job.started != null ? Math.max(0, (job.updated ?? now) - job.started) : null;
  const parts = [job.early || `${Math.round(100 * frac)}%`];
  if (job.total && !job.early) parts.push(`${job.done ?? Math.round(frac * job.total)}/${job.total}`);
  if (took != null) {
    const left = frac > 0 && frac < 1 ? took * (1 - frac) / frac : frac >= 1 ? 0 : NaN;
    const rate = job.total && took > 0 ? `, ${(((job.done ?? frac * job.total)) / took).toFixed(1)} ${job.unit || "it"}/s` : "";
    parts.push(`[${clock(took)}<${clock(left)}${rate}]`);
  }
  return parts.join(" ");
}

function card(c, now, opened) {
  const status = String(c.status || "");
  const d = folding(`iga-card iga-card-${esc(status).replace(/[ _]/g, "-")}`, `card:${c.call_id}`, opened,
    `<span class="iga-tool">${esc(c.tool)}</span>` +
    (c.args ? `<span class="iga-args">${esc(c.args)}</span>` : "") +
    `<span class="iga-elapsed">${esc(elapsed(c, now))}</span>` +
    `<span class="iga-card-status">${esc(label(status))}</span>`);
  d.dataset.tool = c.tool;
  if (c.error) d.append(el("div", "iga-error", `${esc(c.error.code)}: ${esc(c.error.message)}` +
    (c.error.hint ? `<br><i>${esc(c.error.hint)}</i>` : "")));
  else if (c.summary) d.append(el("div", "iga-summary", esc(c.summary)));
  if (c.raw_args && c.raw_args !== "{}") d.append(el("pre", "iga-raw", esc(c.raw_args)));
  return d;
}

function approvalBox(model, v, drafts, opened) {
  const box = el("div", "iga-pending");
  box.append(el("div", "iga-section", "Waiting for your approval"));
  for (const p of v.pending) {
    const runId = p.run_id || v.run_id;
    const row = el("div", "iga-approval");
    row.dataset.toolCallId = p.tool_call_id;
    row.append(el("div", "iga-what", `<span class="iga-tool">${esc(p.tool)}</span> will ${esc(p.what || "run")}`));
    const modify = folding("iga-modify-box", `modify:${p.tool_call_id}`, opened, "Modify the arguments (JSON)");
    const editor = el("textarea", "iga-json");
    editor.value = drafts[p.tool_call_id] ?? JSON.stringify(p.args || {}, null, 2);
    editor.addEventListener("input", () => { drafts[p.tool_call_id] = editor.value; });
    modify.append(editor);
    const send = (decision) => {
      const msg = { type: "decide", decision, run_id: runId, tool_call_id: p.tool_call_id };
      if (decision === "modify") {
        try { msg.patched_args = JSON.parse(editor.value); } catch (err) {
          model.set("view", { ...v, message: `Modify: the arguments are not valid JSON (${err.message})` });
          return;
        }
      }
      model.send(msg);
    };
    modify.append(button("Run with these arguments", "iga-modify", () => send("modify")));
    const actions = el("div", "iga-actions");
    actions.append(button("Approve", "iga-approve", () => send("approve")));
    actions.append(button("Reject", "iga-reject", () => send("reject")));
    actions.append(button("Cancel run", "iga-cancel", () => model.send({ type: "stop", run_id: runId })));
    row.append(actions, modify);
    row.append(el("div", "iga-hint", `or in any cell: <code>%agent approve ${esc(runId)} ${esc(p.tool_call_id)}</code> / ` +
      `<code>%agent reject ${esc(runId)} ${esc(p.tool_call_id)}</code>`));
    box.append(row);
  }
  return box;
}

function graphName(g) {
  if (!g) return "";
  if (typeof g === "string") return g;
  if (g.label) return g.label;
  if (g.label) return g.label;  // "friends (DataFrame) + people (DataFrame) → ds_… r1 · 7 nodes · 8 edges"
  const rev = g.revision != null ? ` r${g.revision}` : "";
  return `${g.name || g.dataset_id || ""}${rev}`;
}

function draw(model, root, drafts, opened) {
  const v = model.get("view") || {};
  const now = Date.now() / 1000;
  root.innerHTML = "";
  root.dataset.status = v.status || "";
  root.dataset.runId = v.run_id || "";

  const head = el("div", "iga-head");
  head.append(el("span", `iga-status iga-status-${esc(v.status)}`, esc(label(v.status))));
  head.append(el("span", "iga-question", esc(v.question || "")));
  const graph = graphName(v.graph);
  if (graph) head.append(el("span", "iga-graph", `on ${esc(graph)}`));
  if (LIVE.has(v.status)) {
    head.append(button("Stop", "iga-stop", () => model.send({ type: "stop", run_id: v.run_id })));
  }
  root.append(head);

  if (v.text && LIVE.has(v.status)) root.append(el("div", "iga-live", esc(v.text)));

  const cards = v.tools || [];
  if (cards.length) {
    const live = LIVE.has(v.status) || v.status === "awaiting_approval";
    // while it runs (a background job included) the header counts the run's own time
    const done = cards.reduce((t, c) => t + (c.elapsed_ms || 0), 0);
    const ms = LIVE.has(v.status) && v.started ? Math.max(done, 1000 * (now - v.started)) : done;
    const failed = cards.filter((c) => c.status === "failed").length;
    const steps = folding("iga-steps", "steps", opened,
      `${cards.length} step${cards.length === 1 ? "" : "s"} · ${(ms / 1000).toFixed(1)} s` +
      (failed ? ` · ${failed} failed` : ""), live);
    const tools = el("div", "iga-tools");
    for (const c of cards) tools.append(card(c, now, opened));
    steps.append(tools);
    root.append(steps);
  }

  const jobs = Object.entries(v.jobs || {});
  if (jobs.length) {
    const box = el("div", "iga-jobs");
    for (const [id, job] of jobs) {
      const pct = Math.round(100 * Math.max(0, Math.min(1, job.fraction || 0)));
      const row = el("div", "iga-job",
        `<span class="iga-job-label">${esc(job.label || job.message || id)}</span>` +
        `<progress max="100" value="${pct}"></progress><span class="iga-job-rate">${esc(progressLine(job, now))}</span>`);
      row.title = id;
      box.append(row);
      if (job.final) box.append(el("div", "iga-job-final", esc(job.final)));
    }
    root.append(box);
  }

  if ((v.pending || []).length && v.status === "awaiting_approval") root.append(approvalBox(model, v, drafts, opened));

  if (v.error) {
    const cls = v.status === "cancelled" ? "iga-notice iga-run-error" : "iga-error iga-run-error";
    root.append(el("div", cls, `<b>${esc(v.error.code)}</b>: ${esc(v.error.message)}` +
      (v.error.hint ? `<br><i>${esc(v.error.hint)}</i>` : "")));
  }
  if (v.answer && v.status !== "awaiting_approval") {
    const answer = el("div", "iga-answer", v.format === "json" ? `<pre>${esc(v.answer)}</pre>` : markdown(v.answer));
    // The lab extension (its status-bar item is in the page) inserts a report as cells:
    // then the panel keeps only a folded copy, so the report is not shown twice.
    if (v.report_cells && document.querySelector(".jp-igraph-agent-status")) {
      const folded = folding("iga-report-copy", "report", opened,
        "The report was inserted as cells below this one (show it here too)");
      folded.append(answer);
      root.append(folded);
    } else {
      root.append(answer);
    }
  }
  for (const fig of v.figures || []) {
    const frame = el("iframe", "iga-figure");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.srcdoc = fig.html;
    frame.title = fig.title || "graph";
    root.append(frame);
  }
  const answerHasEvidence = /^#+\s*Evidence|\*\*Evidence\*\*/m.test(v.answer || "");
  if ((v.evidence || []).length && !answerHasEvidence) {
    const ev = folding("iga-evidence", "evidence", opened, `Evidence (${v.evidence.length})`);
    const ul = el("ul");
    for (const e of v.evidence) ul.append(el("li", null, `<code>${esc(e.tool)}</code> (${esc(e.call_id)}): ${esc(e.shows)}`));
    ev.append(ul);
    root.append(ev);
  }
  for (const n of v.notices || []) root.append(el("div", "iga-notice", esc(n)));
  if (v.message) root.append(el("div", "iga-message", esc(v.message)));

  const u = v.usage || {};
  const foot = [`model: ${esc(v.model || "?")}`];
  if (u.model_calls != null) foot.push(`${u.model_calls} model calls`);
  if (u.prompt_tokens != null) foot.push(`${u.prompt_tokens}+${u.completion_tokens || 0} tokens`);
  if (u.cost_usd != null) foot.push(`$${Number(u.cost_usd).toFixed(4)}`);
  foot.push(`run ${esc(v.run_id)}`);
  root.append(el("div", "iga-foot", foot.join(" · ")));
}

export default {
  render({ model, el: host }) {
    const root = el("div", "iga-panel");
    host.append(root);
    const drafts = {};
    const opened = new Map();
    const redraw = () => draw(model, root, drafts, opened);
    model.on("change:view", redraw);
    redraw();
    const timer = setInterval(() => {
      const v = model.get("view") || {};
      const jobs = Object.values(v.jobs || {}).some((j) => !j.final);
      if (LIVE.has(v.status) || jobs) redraw();
    }, 1000);
    return () => { clearInterval(timer); model.off("change:view", redraw); };
  },
};
