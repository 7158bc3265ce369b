import type { MessagePort } from 'node:worker_threads';
import { catalogueFileTask } from './catalogue-file.task.js';
import { catalogueRowsTask } from './catalogue-rows.task.js';
import { orderPdfTask } from './order-pdf.task.js';
import { quickOrderFileTask } from './quick-order-file.task.js';
import { svgCheckTask } from './svg-check.task.js';

/** Every task the pool runs, by name: the worker thread's side of untrusted-pool.ts. */
export const untrustedTasks = {
  svgCheck: svgCheckTask,
  catalogueFile: catalogueFileTask,
  catalogueRows: catalogueRowsTask,
  orderPdf: orderPdfTask,
  quickOrderFile: quickOrderFileTask,
};
export type UntrustedTasks = typeof untrustedTasks;
export type UntrustedTaskName = keyof UntrustedTasks;
export type UntrustedCall = {
  [N in UntrustedTaskName]: { task: N; input: Parameters<UntrustedTasks[N]>[0]; started: MessagePort };
}[UntrustedTaskName];

/**
 * What piscina runs for each task. It says when it starts, so the time limit counts the task's own work
 * and not its wait in the queue.
 */
export default function runUntrustedTask({ task, input, started }: UntrustedCall): unknown {
  started.postMessage(null);
  started.close();
  return (untrustedTasks[task] as (input: unknown) => unknown)(input);
}
