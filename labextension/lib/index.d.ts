/**
 * igraph-agent JupyterLab extension.
 *
 * - Listens on comm target "igraph_agent" of every notebook kernel (protocol.ts).
 * - A report message runs the command "igraph-agent:insert-report", which inserts the
 *   report's markdown and code cells below the cell that ran the agent: one shared-model
 *   transaction, so a single undo removes them; no file is written. The inserted code cells
 *   then run (in order, queued behind what the kernel is doing), so a notebook run top to
 *   bottom (Run All) ends with the report's cells executed too.
 * - Command palette: "igraph-agent: insert last report".
 * - Status bar: a pending approval or a running job of this notebook's kernel. On connecting
 *   to a kernel (a page reload included) it asks the kernel for the current status.
 */
import { JupyterFrontEndPlugin } from '@jupyterlab/application';
export * from './protocol';
declare const plugin: JupyterFrontEndPlugin<void>;
export default plugin;
