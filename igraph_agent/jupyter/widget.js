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
  if (card.elapsed_ms != null) return `${card.elapsed_ms} ms`;
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

const LIVE = new Set(["starting", "running", "paused"]);

function draw(model, root, drafts) {
  const v = model.get("view") || {};
  const now = Date.now() / 1000;
  root.innerHTML = "";
  root.dataset.status = v.status || "";
  root.dataset.runId = v.run_id || "";

  const head = el("div", "iga-head");
  head.append(el("span", `iga-status iga-status-${esc(v.status)}`, esc(v.status || "")));
  head.append(el("span", "iga-question", esc(v.question || "")));
  if (LIVE.has(v.status) && v.status !== "paused") {
    head.append(button("Stop", "iga-stop", () => model.send({ type: "stop", run_id: v.run_id })));
  }
  root.append(head);

  if (v.text && LIVE.has(v.status)) root.append(el("div", "iga-live", esc(v.text)));

  const tools = el("div", "iga-tools");
  for (const card of v.tools || []) {
    const c = el("div", `iga-card iga-card-${esc(card.status).replace(/ /g, "-")}`);
    c.dataset.tool = card.tool;
    c.append(el("div", "iga-card-head",
      `<span class="iga-tool">${esc(card.tool)}</span><span class="iga-card-status">${esc(card.status)}</span>` +
      `<span class="iga-elapsed">${esc(elapsed(card, now))}</span>`));
    if (card.args && card.args !== "{}") c.append(el("div", "iga-args", esc(card.args)));
    if (card.error) c.append(el("div", "iga-error", `${esc(card.error.code)}: ${esc(card.error.message)}` +
      (card.error.hint ? `<br><i>${esc(card.error.hint)}</i>` : "")));
    else if (card.summary) c.append(el("div", "iga-summary", esc(card.summary)));
    tools.append(c);
  }
  if ((v.tools || []).length) root.append(tools);

  const jobs = Object.entries(v.jobs || {});
  if (jobs.length) {
    const box = el("div", "iga-jobs");
    for (const [id, job] of jobs) {
      const pct = Math.round(100 * Math.max(0, Math.min(1, job.fraction || 0)));
      box.append(el("div", "iga-job",
        `<span>${esc(id)}</span><progress max="100" value="${pct}"></progress><span>${pct}% ${esc(job.message)}</span>`));
    }
    root.append(box);
  }

  const pending = v.pending || [];
  if (pending.length) {
    const box = el("div", "iga-pending");
    box.append(el("div", "iga-section", "Waiting for your approval"));
    for (const p of pending) {
      const row = el("div", "iga-approval");
      row.dataset.toolCallId = p.tool_call_id;
      row.append(el("div", "iga-tool", esc(p.tool)));
      const editor = el("textarea", "iga-json");
      editor.value = drafts[p.tool_call_id] ?? JSON.stringify(p.args || {}, null, 2);
      editor.addEventListener("input", () => { drafts[p.tool_call_id] = editor.value; });
      row.append(editor);
      const send = (decision) => {
        const msg = { type: "decide", decision, run_id: p.run_id || v.run_id, tool_call_id: p.tool_call_id };
        if (decision === "modify") {
          try { msg.patched_args = JSON.parse(editor.value); } catch (err) {
            model.set("view", { ...v, message: `Modify: the arguments are not valid JSON (${err.message})` });
            return;
          }
        }
        model.send(msg);
      };
      const actions = el("div", "iga-actions");
      actions.append(button("Approve", "iga-approve", () => send("approve")));
      actions.append(button("Reject", "iga-reject", () => send("reject")));
      actions.append(button("Modify", "iga-modify", () => send("modify")));
      row.append(actions);
      box.append(row);
    }
    root.append(box);
  }

  if (v.error) {
    const cls = v.status === "cancelled" ? "iga-notice iga-run-error" : "iga-error iga-run-error";
    root.append(el("div", cls, `<b>${esc(v.error.code)}</b>: ${esc(v.error.message)}` +
      (v.error.hint ? `<br><i>${esc(v.error.hint)}</i>` : "")));
  }
  if (v.answer) {
    const answer = el("div", "iga-answer", v.format === "json" ? `<pre>${esc(v.answer)}</pre>` : markdown(v.answer));
    root.append(answer);
  }
  for (const fig of v.figures || []) {
    const frame = el("iframe", "iga-figure");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.srcdoc = fig.html;
    frame.title = fig.title || "graph";
    root.append(frame);
  }
  if ((v.evidence || []).length) {
    const ev = el("details", "iga-evidence");
    ev.append(el("summary", null, `Evidence (${v.evidence.length})`));
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
  foot.push(`${(v.tools || []).length} tool calls`);
  foot.push(`run ${esc(v.run_id)}`);
  root.append(el("div", "iga-foot", foot.join(" · ")));
}

export default {
  render({ model, el: host }) {
    const root = el("div", "iga-panel");
    host.append(root);
    const drafts = {};
    const redraw = () => draw(model, root, drafts);
    model.on("change:view", redraw);
    redraw();
    const timer = setInterval(() => {
      const status = (model.get("view") || {}).status;
      if (status === "running" || status === "starting") redraw();
    }, 1000);
    return () => { clearInterval(timer); model.off("change:view", redraw); };
  },
};
