/**
 * The comm protocol between the igraph-agent kernel side and this extension, and the
 * pure logic the extension applies to it (no JupyterLab imports, so node tests run it).
 *
 * Kernel -> frontend messages on comm target "igraph_agent" (docs/reports.md):
 *   {type: "report", version: 1, run_id, cell_id, title, cells: [nbformat cells], insert}
 *   {type: "status", version: 1, run_id, run_state, pending_approvals, jobs: [{job_id, tool, progress}]}
 *   (`run_state`, not `state`: nbclient reads any comm `data.state` as widget state)
 * Frontend -> kernel, on connecting: a comm opened on the same target with
 *   {type: "status_request", version: 1}; the kernel (after %load_ext) answers on that comm
 *   with one status message read from the store, then closes it.
 */
export const COMM_TARGET = 'igraph_agent';
export const PROTOCOL_VERSION = 1;
/** Metadata key marking cells this extension inserted. */
export const META_KEY = 'igraph_agent';
function isObject(x) {
    return typeof x === 'object' && x !== null && !Array.isArray(x);
}
function parseCell(x) {
    if (!isObject(x)) {
        return null;
    }
    const type = x.cell_type;
    if (type !== 'markdown' && type !== 'code') {
        return null;
    }
    const source = Array.isArray(x.source) ? x.source.join('') : x.source;
    if (typeof source !== 'string') {
        return null;
    }
    return { cell_type: type, source, metadata: isObject(x.metadata) ? x.metadata : {} };
}
/** A validated message, or null for anything this version does not understand. */
export function parseMessage(data) {
    if (!isObject(data) || data.version !== PROTOCOL_VERSION) {
        return null;
    }
    if (data.type === 'report') {
        if (typeof data.run_id !== 'string' || !Array.isArray(data.cells)) {
            return null;
        }
        const cells = data.cells.map(parseCell);
        if (cells.length === 0 || cells.some(c => c === null)) {
            return null;
        }
        return {
            type: 'report',
            version: PROTOCOL_VERSION,
            run_id: data.run_id,
            cell_id: typeof data.cell_id === 'string' ? data.cell_id : null,
            title: typeof data.title === 'string' ? data.title : data.run_id,
            cells: cells,
            insert: data.insert !== false
        };
    }
    if (data.type === 'status') {
        const states = ['idle', 'running', 'awaiting_approval'];
        if (!states.includes(data.run_state)) {
            return null;
        }
        const jobs = Array.isArray(data.jobs) ? data.jobs.filter(isObject) : [];
        return {
            type: 'status',
            version: PROTOCOL_VERSION,
            run_id: typeof data.run_id === 'string' ? data.run_id : null,
            state: data.run_state,
            pending_approvals: Number.isInteger(data.pending_approvals) ? data.pending_approvals : 0,
            jobs: jobs.map(j => ({
                job_id: String(j.job_id ?? ''),
                tool: String(j.tool ?? ''),
                progress: typeof j.progress === 'number' ? j.progress : null
            }))
        };
    }
    return null;
}
/**
 * Where a report goes: right below its anchor cell, replacing the report cells that an
 * earlier run of the same anchor inserted there (re-running a cell does not pile up
 * copies). Without a known anchor: below the active cell (or at the end), replacing nothing.
 */
export function planInsertion(cells, anchorId, activeIndex) {
    const anchor = anchorId === null ? -1 : cells.findIndex(c => c.id === anchorId);
    if (anchor < 0) {
        const index = activeIndex >= 0 && activeIndex < cells.length ? activeIndex + 1 : cells.length;
        return { index, replace: 0 };
    }
    let replace = 0;
    for (let i = anchor + 1; i < cells.length; i++) {
        const mark = cells[i].metadata?.[META_KEY];
        if (!isObject(mark) || mark.anchor !== anchorId) {
            break;
        }
        replace++;
    }
    return { index: anchor + 1, replace };
}
/** The report's cells, each marked with the anchor and run they belong to. */
export function markCells(report, anchorId) {
    return report.cells.map(c => ({
        cell_type: c.cell_type,
        source: c.source,
        metadata: {
            ...c.metadata,
            [META_KEY]: { ...(c.metadata[META_KEY] ?? {}), run_id: report.run_id, anchor: anchorId }
        }
    }));
}
/** The status bar text for a kernel's state; '' hides the item. */
export function statusText(status) {
    if (status === null) {
        return '';
    }
    const parts = [];
    if (status.pending_approvals > 0) {
        const n = status.pending_approvals;
        parts.push(`${n} approval${n === 1 ? '' : 's'} pending`);
    }
    for (const job of status.jobs) {
        const pct = job.progress === null ? '' : ` ${Math.round(job.progress * 100)}%`;
        parts.push(`job ${job.tool || job.job_id}${pct}`);
    }
    if (parts.length === 0 && status.state === 'running') {
        parts.push('running');
    }
    if (parts.length === 0 && status.state === 'awaiting_approval') {
        parts.push('awaiting approval');
    }
    return parts.length ? `igraph-agent: ${parts.join(', ')}` : '';
}
/** The open data of the comm that asks the kernel for its current status. */
export function statusRequest() {
    return { type: 'status_request', version: PROTOCOL_VERSION };
}
