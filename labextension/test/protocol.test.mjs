// Frontend logic of the igraph-agent extension (lib/protocol.js, compiled from src/).
// Run: node --test labextension/test/   (tests/test_labextension.py runs it under pytest)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  META_KEY,
  markCells,
  parseMessage,
  planInsertion,
  statusRequest,
  statusText
} from '../lib/protocol.js';

const report = (extra = {}) => ({
  type: 'report',
  version: 1,
  run_id: 'run_1',
  cell_id: 'c2',
  title: 'Report',
  cells: [
    { cell_type: 'markdown', source: '# Report', metadata: {} },
    { cell_type: 'code', source: ['x = 1\n', 'x'], metadata: { igraph_agent: { role: 'setup' } } }
  ],
  ...extra
});

test('a report message is parsed with joined sources and insert defaulting to true', () => {
  const msg = parseMessage(report());
  assert.equal(msg.type, 'report');
  assert.equal(msg.cells[1].source, 'x = 1\nx');
  assert.equal(msg.insert, true);
  assert.equal(parseMessage(report({ insert: false })).insert, false);
});

test('messages of another version or shape are ignored', () => {
  assert.equal(parseMessage(report({ version: 2 })), null);
  assert.equal(parseMessage(report({ cells: [] })), null);
  assert.equal(parseMessage(report({ cells: [{ cell_type: 'raw', source: '' }] })), null);
  assert.equal(parseMessage({ type: 'status', version: 1, run_state: 'exploded' }), null);
  assert.equal(parseMessage('nonsense'), null);
});

const cells = [
  { id: 'c1', metadata: {} },
  { id: 'c2', metadata: {} },
  { id: 'r1', metadata: { [META_KEY]: { anchor: 'c2', run_id: 'run_0' } } },
  { id: 'r2', metadata: { [META_KEY]: { anchor: 'c2', run_id: 'run_0' } } },
  { id: 'c3', metadata: {} }
];

test('a report goes right below its anchor cell, replacing that anchor\'s earlier report', () => {
  assert.deepEqual(planInsertion(cells, 'c2', 0), { index: 2, replace: 2 });
  assert.deepEqual(planInsertion(cells, 'c1', 4), { index: 1, replace: 0 });
});

test('report cells of another anchor are kept', () => {
  const other = cells.map(c => (c.id === 'r1' ? { ...c, metadata: { [META_KEY]: { anchor: 'c9' } } } : c));
  assert.deepEqual(planInsertion(other, 'c2', 0), { index: 2, replace: 0 });
});

test('without a known anchor the report goes below the active cell, or at the end', () => {
  assert.deepEqual(planInsertion(cells, 'gone', 0), { index: 1, replace: 0 });
  assert.deepEqual(planInsertion(cells, null, -1), { index: 5, replace: 0 });
});

test('inserted cells carry the run and anchor, keeping their own metadata', () => {
  const marked = markCells(parseMessage(report()), 'c2');
  assert.deepEqual(marked[1].metadata[META_KEY], { role: 'setup', run_id: 'run_1', anchor: 'c2' });
  assert.deepEqual(marked[0].metadata[META_KEY], { run_id: 'run_1', anchor: 'c2' });
});

test('status text names pending approvals and jobs, and is empty when idle', () => {
  const status = extra => parseMessage({ type: 'status', version: 1, run_id: 'run_1',
    run_state: 'running', pending_approvals: 0, jobs: [], ...extra });
  assert.equal(statusText(null), '');
  assert.equal(statusText(status({ run_state: 'idle' })), '');
  assert.equal(statusText(status({})), 'igraph-agent: running');
  assert.equal(statusText(status({ run_state: 'awaiting_approval', pending_approvals: 1 })),
    'igraph-agent: 1 approval pending');
  assert.equal(statusText(status({ pending_approvals: 2,
    jobs: [{ job_id: 'job_1', tool: 'train_gnn', progress: 0.4 }] })),
    'igraph-agent: 2 approvals pending, job train_gnn 40%');
});

test('the status request the extension sends on connecting names its type and version only', () => {
  assert.deepEqual(statusRequest(), { type: 'status_request', version: 1 });
});
