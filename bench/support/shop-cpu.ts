/** CPU seconds the shop's process has used so far, from its Prometheus metrics (the shop runs with METRICS=true). */
export async function shopCpuSeconds(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('kshop_node_process_cpu_seconds_total '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}
