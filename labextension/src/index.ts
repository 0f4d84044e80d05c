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
import { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { INotebookTracker, NotebookActions, NotebookPanel } from '@jupyterlab/notebook';
import { Kernel } from '@jupyterlab/services';
import { IStatusBar } from '@jupyterlab/statusbar';
import { Widget } from '@lumino/widgets';

import {
  COMM_TARGET,
  ICellView,
  IReportMessage,
  IStatusMessage,
  markCells,
  parseMessage,
  planInsertion,
  statusRequest,
  statusText
} from './protocol';

export * from './protocol';

const INSERT_COMMAND = 'igraph-agent:insert-report';

interface IPanelState {
  lastReport: IReportMessage | null;
  status: IStatusMessage | null;
}

/** Insert a report into the panel's notebook; returns the number of cells inserted. */
function insertReport(panel: NotebookPanel, report: IReportMessage): number {
  const notebook = panel.content;
  const shared = notebook.model?.sharedModel;
  if (!shared) {
    return 0;
  }
  const views: ICellView[] = shared.cells.map(c => ({
    id: c.getId(),
    metadata: c.getMetadata() as { [key: string]: any }
  }));
  const plan = planInsertion(views, report.cell_id, notebook.activeCellIndex);
  const anchor = plan.replace > 0 || report.cell_id !== null ? report.cell_id : null;
  const cells = markCells(report, views.some(v => v.id === anchor) ? anchor : null);
  shared.transact(() => {
    if (plan.replace > 0) {
      shared.deleteCellRange(plan.index, plan.index + plan.replace);
    }
    shared.insertCells(
      plan.index,
      cells.map(c => ({ cell_type: c.cell_type, source: c.source, metadata: c.metadata }))
    );
  });
  const inserted = notebook.widgets.slice(plan.index, plan.index + cells.length);
  inserted.forEach(cell => {
    if (cell.model.type === 'markdown') {
      (cell as any).rendered = true;
    }
  });
  const code = inserted.filter(cell => cell.model.type === 'code');
  if (code.length > 0) {
    // run them as Run All would have: the kernel queues them behind the cells it has
    void NotebookActions.runCells(notebook, code, panel.sessionContext);
  }
  return cells.length;
}

/** The status-bar item. Its text is a JupyterLab status-bar text item (the class the
 * built-in items use: the bar's line height), so it sits on the same line as its neighbours. */
class StatusItem extends Widget {
  private readonly text: HTMLSpanElement;

  constructor() {
    super();
    this.addClass('jp-igraph-agent-status');
    this.node.title = 'igraph-agent: runs of this notebook waiting for you or running';
    this.text = document.createElement('span');
    this.text.className = 'jp-StatusBar-TextItem jp-igraph-agent-status-text';
    this.node.appendChild(this.text);
  }
  update_(text: string): void {
    this.text.textContent = text;
    this.node.style.display = text ? '' : 'none';
  }
}

const plugin: JupyterFrontEndPlugin<void> = {
  id: 'igraph-agent:plugin',
  description: 'Insert igraph-agent reports as notebook cells; show agent run status.',
  autoStart: true,
  requires: [INotebookTracker],
  optional: [ICommandPalette, IStatusBar],
  activate: (
    app: JupyterFrontEnd,
    tracker: INotebookTracker,
    palette: ICommandPalette | null,
    statusBar: IStatusBar | null
  ) => {
    const states = new WeakMap<NotebookPanel, IPanelState>();
    const stateOf = (panel: NotebookPanel): IPanelState => {
      let s = states.get(panel);
      if (!s) {
        s = { lastReport: null, status: null };
        states.set(panel, s);
      }
      return s;
    };

    const item = new StatusItem();
    const refreshStatus = () => {
      const panel = tracker.currentWidget;
      item.update_(panel ? statusText(stateOf(panel).status) : '');
    };
    if (statusBar) {
      statusBar.registerStatusItem('igraph-agent:status', {
        item,
        align: 'left',
        rank: 4,
        isActive: () => true
      });
    }
    tracker.currentChanged.connect(refreshStatus);

    app.commands.addCommand(INSERT_COMMAND, {
      label: 'igraph-agent: insert last report',
      caption: 'Insert the last igraph-agent report of this notebook as cells below its agent cell',
      isEnabled: () => {
        const panel = tracker.currentWidget;
        return !!panel && stateOf(panel).lastReport !== null;
      },
      execute: args => {
        const id = typeof args.panel === 'string' ? args.panel : null;
        const panel = id ? tracker.find(p => p.id === id) : tracker.currentWidget;
        const report = panel ? stateOf(panel).lastReport : null;
        return panel && report ? insertReport(panel, report) : 0;
      }
    });
    if (palette) {
      palette.addItem({ command: INSERT_COMMAND, category: 'igraph-agent' });
    }

    const handle = (panel: NotebookPanel, data: unknown) => {
      const msg = parseMessage(data);
      if (msg === null) {
        return;
      }
      const state = stateOf(panel);
      if (msg.type === 'report') {
        state.lastReport = msg;
        if (msg.insert) {
          void app.commands.execute(INSERT_COMMAND, { panel: panel.id });
        }
      } else {
        state.status = msg;
        if (tracker.currentWidget === panel) {
          refreshStatus();
        }
      }
    };

    /** Ask the kernel for its current status (answered from the store once %load_ext ran;
     * a kernel without the extension loaded closes the comm unanswered). */
    const requestStatus = (panel: NotebookPanel, kernel: Kernel.IKernelConnection) => {
      try {
        const comm = kernel.createComm(COMM_TARGET);
        comm.onMsg = m => handle(panel, m.content.data);
        comm.open(statusRequest());
      } catch (err) {
        console.warn('igraph-agent: status request failed', err);
      }
    };

    const listen = (panel: NotebookPanel, kernel: Kernel.IKernelConnection | null) => {
      if (!kernel) {
        return;
      }
      kernel.registerCommTarget(COMM_TARGET, (comm, openMsg) => {
        handle(panel, openMsg.content.data);
        comm.onMsg = m => handle(panel, m.content.data);
      });
      // after a lost connection (server restart, network) ask again: messages may be missed
      kernel.connectionStatusChanged.connect((_, status) => {
        if (status === 'connected') {
          requestStatus(panel, kernel);
        }
      });
      requestStatus(panel, kernel);
    };

    tracker.widgetAdded.connect((_, panel) => {
      const ctx = panel.sessionContext;
      ctx.kernelChanged.connect((_, change) => {
        stateOf(panel).status = null;
        listen(panel, change.newValue);
        refreshStatus();
      });
      void ctx.ready.then(() => listen(panel, ctx.session?.kernel ?? null));
    });
  }
};

export default plugin;
