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
export declare const COMM_TARGET = "igraph_agent";
export declare const PROTOCOL_VERSION = 1;
/** Metadata key marking cells this extension inserted. */
export declare const META_KEY = "igraph_agent";
export interface ICellSpec {
    cell_type: 'markdown' | 'code';
    source: string;
    metadata: {
        [key: string]: any;
    };
}
export interface IReportMessage {
    type: 'report';
    version: number;
    run_id: string;
    /** id of the notebook cell that ran the agent (the insertion anchor), or null */
    cell_id: string | null;
    title: string;
    cells: ICellSpec[];
    /** insert at once (true when the kernel asked for it), else only keep as "last report" */
    insert: boolean;
}
export interface IJobStatus {
    job_id: string;
    tool: string;
    progress: number | null;
}
export type RunState = 'idle' | 'running' | 'awaiting_approval';
export interface IStatusMessage {
    type: 'status';
    version: number;
    run_id: string | null;
    state: RunState;
    pending_approvals: number;
    jobs: IJobStatus[];
}
export type Message = IReportMessage | IStatusMessage;
/** A validated message, or null for anything this version does not understand. */
export declare function parseMessage(data: unknown): Message | null;
/** What a notebook looks like to the insertion logic: each cell's id and metadata. */
export interface ICellView {
    id: string;
    metadata: {
        [key: string]: any;
    };
}
export interface IInsertionPlan {
    /** where the report cells go */
    index: number;
    /** how many cells from `index` on to remove first (an earlier report of the same anchor) */
    replace: number;
}
/**
 * Where a report goes: right below its anchor cell, replacing the report cells that an
 * earlier run of the same anchor inserted there (re-running a cell does not pile up
 * copies). Without a known anchor: below the active cell (or at the end), replacing nothing.
 */
export declare function planInsertion(cells: ICellView[], anchorId: string | null, activeIndex: number): IInsertionPlan;
/** The report's cells, each marked with the anchor and run they belong to. */
export declare function markCells(report: IReportMessage, anchorId: string | null): ICellSpec[];
/** The status bar text for a kernel's state; '' hides the item. */
export declare function statusText(status: IStatusMessage | null): string;
/** The open data of the comm that asks the kernel for its current status. */
export declare function statusRequest(): {
    type: 'status_request';
    version: number;
};
