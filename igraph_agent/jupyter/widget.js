// The igraph-agent run panel (anywidget ESM).
//
// The run comes as one synced trait per part (jupyter/runview.PARTS): header, text, cards,
// jobs, approvals, answer, notices, message. Each part is redrawn on its own change, so a
// live run sends and redraws only what changed. `labels` (status.labels(), sent once with
// the widget) gives every state's words and what the states mean here (live, paused,
// cancelled, a running or failed card, the decisions): this file names no state itself.
// Running times tick here from the start timestamps; the clock sends nothing to the kernel.
// Clicks send commands (model.send).

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

// The vocabulary from Python (status.labels()).
function vocabulary(labels) {
  const l = labels || {};
  const words = l.words || {};
  return {
    live: new Set(l.live || []),
    run: l.run || {},
    card: l.card || {},
    decision: l.decision || {},
    word: (state) => words[state] ?? String(state ?? "").replace(/_/g, " "),
  };
}

function seconds(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

function elapsed(card, now, S) {
  if (card.elapsed_ms != null) return seconds(card.elapsed_ms);
  if (card.started && card.status === S.card.running) return `${Math.max(0, now - card.started).toFixed(1)} s`;
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

function graphName(g) {
  if (!g) return "";
  if (typeof g === "string") return g;
  if (g.label) return g.label;  // "friends (DataFrame) + people (DataFrame) → ds_… r1 · 7 nodes · 8 edges"
  const rev = g.revision != null ? ` r${g.revision}` : "";
  return `${g.name || g.dataset_id || ""}${rev}`;
}

const jobsRunning = (jobs) => Object.values(jobs || {}).some((j) => !j.final);

// The steps line: the run's own time (less its waits for approval), counting while the run
// (or a job it started) goes on, from start to end once it ended (as the static rendition
// says), else the steps' time.
function stepsLine(cards, h, jobs, now, S) {
  const done = cards.reduce((t, c) => t + (c.elapsed_ms || 0), 0);
  const going = S.live.has(h.status) || jobsRunning(jobs);
  const end = going ? now : h.finished;
  const ms = h.started && end ? Math.max(done, 1000 * (end - h.started - (h.waited || 0))) : done;
  const failed = cards.filter((c) => c.status === S.card.failed).length;
  return `${cards.length} step${cards.length === 1 ? "" : "s"} · ` +
    `<span class="iga-steps-time">${(ms / 1000).toFixed(1)} s</span>` + (failed ? ` · ${failed} failed` : "");
}

// -- the parts: each draws into its own slot of the panel ----------------------------------

function drawHead(p) {
  const h = p.get("header"), S = p.S;
  p.root.dataset.status = h.status || "";
  p.root.dataset.runId = h.run_id || "";
  const head = el("div", "iga-head");
  head.append(el("span", `iga-status iga-status-${esc(h.status)}`, esc(S.word(h.status))));
  head.append(el("span", "iga-question", esc(h.question || "")));
  const graph = graphName(h.graph);
  if (graph) head.append(el("span", "iga-graph", `on ${esc(graph)}`));
  if (S.live.has(h.status)) {
    head.append(button("Stop", "iga-stop", () => p.model.send({ type: "stop", run_id: h.run_id })));
  }
  return head;
}

function drawText(p) {
  const text = p.get("text");
  return text && p.S.live.has(p.get("header").status) ? el("div", "iga-live", esc(text)) : null;
}

function card(c, now, p) {
  const status = String(c.status || "");
  const d = folding(`iga-card iga-card-${esc(status).replace(/[ _]/g, "-")}`, `card:${c.call_id}`, p.opened,
    `<span class="iga-tool">${esc(c.tool)}</span>` +
    (c.args ? `<span class="iga-args">${esc(c.args)}</span>` : "") +
    `<span class="iga-elapsed">${esc(elapsed(c, now, p.S))}</span>` +
    `<span class="iga-card-status">${esc(p.S.word(status))}</span>`);
  d.dataset.tool = c.tool;
  d.dataset.callId = c.call_id;
  if (c.error) d.append(el("div", "iga-error", `${esc(c.error.code)}: ${esc(c.error.message)}` +
    (c.error.hint ? `<br><i>${esc(c.error.hint)}</i>` : "")));
  else if (c.summary) d.append(el("div", "iga-summary", esc(c.summary)));
  if (c.raw_args && c.raw_args !== "{}") d.append(el("pre", "iga-raw", esc(c.raw_args)));
  return d;
}

function drawSteps(p) {
  const cards = p.get("cards") || [], h = p.get("header"), S = p.S;
  if (!cards.length) return null;
  const now = Date.now() / 1000;
  const open = S.live.has(h.status) || h.status === S.run.paused;
  const steps = folding("iga-steps", "steps", p.opened, stepsLine(cards, h, p.get("jobs"), now, S), open);
  const tools = el("div", "iga-tools");
  for (const c of cards) tools.append(card(c, now, p));
  steps.append(tools);
  return steps;
}

function drawJobs(p) {
  const jobs = Object.entries(p.get("jobs") || {});
  if (!jobs.length) return null;
  const now = Date.now() / 1000;
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
  return box;
}

function drawApprovals(p) {
  const pending = p.get("approvals") || [], h = p.get("header"), S = p.S;
  if (!pending.length || h.status !== S.run.paused) return null;
  const box = el("div", "iga-pending");
  box.append(el("div", "iga-section", "Waiting for your approval"));
  for (const a of pending) {
    const runId = a.run_id || h.run_id;
    const row = el("div", "iga-approval");
    row.dataset.toolCallId = a.tool_call_id;
    row.append(el("div", "iga-what", `<span class="iga-tool">${esc(a.tool)}</span> will ${esc(a.what || "run")}`));
    const modify = folding("iga-modify-box", `modify:${a.tool_call_id}`, p.opened, "Modify the arguments (JSON)");
    const editor = el("textarea", "iga-json");
    editor.value = p.drafts[a.tool_call_id] ?? JSON.stringify(a.args || {}, null, 2);
    editor.addEventListener("input", () => { p.drafts[a.tool_call_id] = editor.value; });
    modify.append(editor);
    const send = (decision) => {
      const msg = { type: "decide", decision, run_id: runId, tool_call_id: a.tool_call_id };
      if (decision === S.decision.modify) {
        try { msg.patched_args = JSON.parse(editor.value); } catch (err) {
          p.model.set("message", { ...p.get("message"), message: `Modify: the arguments are not valid JSON (${err.message})` });  // here only
          return;
        }
      }
      p.model.send(msg);
      delete p.drafts[a.tool_call_id];  // sent: a pause of the same call shows its own arguments
    };
    modify.append(button("Run with these arguments", "iga-modify", () => send(S.decision.modify)));
    const actions = el("div", "iga-actions");
    actions.append(button("Approve", "iga-approve", () => send(S.decision.approve)));
    actions.append(button("Reject", "iga-reject", () => send(S.decision.reject)));
    actions.append(button("Cancel run", "iga-cancel", () => p.model.send({ type: "stop", run_id: runId })));
    row.append(actions, modify);
    row.append(el("div", "iga-hint", `or in any cell: <code>%agent approve ${esc(runId)} ${esc(a.tool_call_id)}</code> / ` +
      `<code>%agent reject ${esc(runId)} ${esc(a.tool_call_id)}</code>`));
    box.append(row);
  }
  return box;
}

function drawProblem(p) {
  const error = (p.get("answer") || {}).error;
  if (!error) return null;
  const cls = p.get("header").status === p.S.run.cancelled ? "iga-notice iga-run-error" : "iga-error iga-run-error";
  return el("div", cls, `<b>${esc(error.code)}</b>: ${esc(error.message)}` +
    (error.hint ? `<br><i>${esc(error.hint)}</i>` : ""));
}

function drawAnswer(p) {
  const a = p.get("answer") || {}, h = p.get("header");
  if (!a.answer || h.status === p.S.run.paused) return null;
  const answer = el("div", "iga-answer", h.format === "json" ? `<pre>${esc(a.answer)}</pre>` : markdown(a.answer));
  // The lab extension (its status-bar item is in the page) inserts a report as cells:
  // then the panel keeps only a folded copy, so the report is not shown twice.
  if (a.report_cells && document.querySelector(".jp-igraph-agent-status")) {
    const folded = folding("iga-report-copy", "report", p.opened,
      "The report was inserted as cells below this one (show it here too)");
    folded.append(answer);
    return folded;
  }
  return answer;
}

function drawFigures(p) {
  const figs = (p.get("answer") || {}).figures || [];
  if (!figs.length) return null;
  const box = document.createDocumentFragment();
  for (const fig of figs) {
    const frame = el("iframe", "iga-figure");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.srcdoc = fig.html;
    frame.title = fig.title || "graph";
    box.append(frame);
  }
  return box;
}

function drawEvidence(p) {
  const a = p.get("answer") || {};
  const evidence = a.evidence || [];
  const answerHasEvidence = /^#+\s*Evidence|\*\*Evidence\*\*/m.test(a.answer || "");
  if (!evidence.length || answerHasEvidence) return null;
  const ev = folding("iga-evidence", "evidence", p.opened, `Evidence (${evidence.length})`);
  const ul = el("ul");
  for (const e of evidence) ul.append(el("li", null, `<code>${esc(e.tool)}</code> (${esc(e.call_id)}): ${esc(e.shows)}`));
  ev.append(ul);
  return ev;
}

function drawNotices(p) {
  const box = document.createDocumentFragment();
  for (const n of p.get("notices") || []) box.append(el("div", "iga-notice", esc(n)));
  return box;
}

function drawMessage(p) {
  const message = p.get("message").message;
  return message ? el("div", "iga-message", esc(message)) : null;
}

function drawFoot(p) {
  const h = p.get("header"), u = (p.get("answer") || {}).usage || {};
  const foot = [`model: ${esc(h.model || "?")}`];
  if (u.model_calls != null) foot.push(`${u.model_calls} model calls`);
  if (u.prompt_tokens != null) foot.push(`${u.prompt_tokens}+${u.completion_tokens || 0} tokens`);
  if (u.cost_usd != null) foot.push(`$${Number(u.cost_usd).toFixed(4)}`);
  foot.push(`run ${esc(h.run_id)}`);
  return el("div", "iga-foot", foot.join(" · "));
}

// The panel's slots, in the order shown, and what draws each.
const SLOTS = {
  head: drawHead, text: drawText, steps: drawSteps, jobs: drawJobs, approvals: drawApprovals,
  problem: drawProblem, answer: drawAnswer, figures: drawFigures, evidence: drawEvidence,
  notices: drawNotices, message: drawMessage, foot: drawFoot,
};

// Which slots each synced part is drawn in (the header's state decides what the others show).
export const REDRAWS = {
  header: ["head", "text", "steps", "approvals", "problem", "answer", "foot"],
  text: ["text"],
  cards: ["steps"],
  jobs: ["jobs"],
  approvals: ["approvals"],
  answer: ["problem", "answer", "figures", "evidence", "foot"],
  notices: ["notices"],
  message: ["message"],
};

// The running times, read from the start timestamps: the steps line and each running card's
// time (the cards are not redrawn, nothing is sent).
function retime(p) {
  const h = p.get("header"), jobs = p.get("jobs"), S = p.S;
  const now = Date.now() / 1000;
  const cards = p.get("cards") || [];
  const steps = p.slots.steps.querySelector(".iga-steps > summary");
  if (steps) {
    const open = steps.parentElement.open;
    steps.innerHTML = stepsLine(cards, h, jobs, now, S);
    steps.parentElement.open = open;
  }
  for (const c of cards) {
    if (c.elapsed_ms != null) continue;
    const span = p.slots.steps.querySelector(`.iga-card[data-call-id="${CSS.escape(String(c.call_id))}"] .iga-elapsed`);
    if (span) span.textContent = elapsed(c, now, S);
  }
}

// Once a second while the run or a job it started goes on.
function tick(p) {
  if (!p.S.live.has(p.get("header").status) && !jobsRunning(p.get("jobs"))) return;
  retime(p);
  p.fill("jobs");
}

export default {
  render({ model, el: host }) {
    const root = el("div", "iga-panel");
    host.append(root);
    const p = {
      model, root, S: vocabulary(model.get("labels")), drafts: {}, opened: new Map(), slots: {},
      get: (name) => model.get(name) ?? (["header", "answer", "jobs", "message"].includes(name) ? {} : null),
    };
    p.fill = (slot) => {
      const box = p.slots[slot];
      box.replaceChildren();
      const drawn = SLOTS[slot](p);
      if (drawn) box.append(drawn);
    };
    for (const slot of Object.keys(SLOTS)) {
      p.slots[slot] = el("div", `iga-part iga-part-${slot}`);
      root.append(p.slots[slot]);
      p.fill(slot);
    }
    const listeners = Object.entries(REDRAWS).map(([part, slots]) => {
      const redraw = () => {
        for (const slot of slots) p.fill(slot);
        if (part === "jobs") retime(p);  // a job's end stops the steps line's clock
      };
      model.on(`change:${part}`, redraw);
      return [part, redraw];
    });
    const timer = setInterval(() => tick(p), 1000);
    return () => {
      clearInterval(timer);
      for (const [part, redraw] of listeners) model.off(`change:${part}`, redraw);
    };
  },
};
