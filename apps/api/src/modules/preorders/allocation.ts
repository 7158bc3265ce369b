import type { AllocationRule } from '@kshop/contract';

/**
 * Sharing out goods that arrived short (issue 34): what each open pre-order line of one option gets of the units
 * on hand. Pure: the same lines, units and rule always give the same shares, so a preview and its commit agree.
 */

export type DemandLine = {
  id: string;
  /** Whose line it is: the minimum per buyer counts per buyer, over all of their lines. */
  buyer: string;
  /** When its order was placed: the tie-breaker of every rule (then the line's id). */
  orderedAt: number;
  /** Units still to allocate (ordered less allocated before). */
  wanted: number;
  /** Left short by an earlier allocation: a backorder, filled before any other line. */
  backorder: boolean;
  /** The buyer's price group's place (lower first) for the priority rule. */
  rank: number;
};

export type AllocationInput = {
  lines: readonly DemandLine[];
  /** Units on hand that no order holds. */
  available: number;
  rule: AllocationRule;
  /** The option's carton (its order multiple): pro rata shares are whole cartons, the remainder by order time. */
  carton: number;
  /** Each buyer first gets up to this many (0: none), by order time, before the rule shares the rest. */
  minimumPerBuyer: number;
};

const byOrderTime = (a: DemandLine, b: DemandLine) =>
  a.orderedAt - b.orderedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byPriority = (a: DemandLine, b: DemandLine) => a.rank - b.rank || byOrderTime(a, b);

/** Each line's share, by id; every line of the input has one (0 when it gets nothing). */
export function allocate(input: AllocationInput): Map<string, number> {
  const given = new Map(input.lines.map((line) => [line.id, 0]));
  let left = Math.max(0, input.available);
  const room = (line: DemandLine) => line.wanted - given.get(line.id)!;
  const give = (line: DemandLine, units: number) => {
    const n = Math.max(0, Math.min(units, room(line), left));
    given.set(line.id, given.get(line.id)! + n);
    left -= n;
  };
  const inTime = [...input.lines].sort(byOrderTime);

  // Enough for everyone: every line is filled, whatever the rule.
  const wanted = input.lines.reduce((sum, line) => sum + line.wanted, 0);
  if (wanted <= left) {
    for (const line of inTime) give(line, line.wanted);
    return given;
  }
  // Backorders from an earlier short delivery come first, by their orders' time.
  for (const line of inTime) if (line.backorder) give(line, line.wanted);
  // The minimum per buyer, by the time of the buyer's first line, over their lines in order time.
  if (input.minimumPerBuyer > 0) {
    const taken = new Map<string, number>();
    for (const line of inTime) {
      const already = taken.get(line.buyer) ?? 0;
      const before = given.get(line.id)!;
      give(line, input.minimumPerBuyer - already);
      taken.set(line.buyer, already + given.get(line.id)! - before);
    }
  }
  const open = inTime.filter((line) => room(line) > 0);
  if (input.rule === 'FIRST_COME') for (const line of open) give(line, room(line));
  else if (input.rule === 'PRIORITY') for (const line of [...open].sort(byPriority)) give(line, room(line));
  else shareProRata(open, left, input.carton, room, give);
  return given;
}

/**
 * Pro rata to what each line still wants: each share rounded down to whole cartons, then the remainder carton by
 * carton (or what a line still wants, when less) in order time, round after round until nothing is left.
 */
function shareProRata(
  lines: readonly DemandLine[],
  units: number,
  carton: number,
  room: (line: DemandLine) => number,
  give: (line: DemandLine, units: number) => void,
) {
  const size = Math.max(1, carton);
  const total = lines.reduce((sum, line) => sum + room(line), 0);
  if (total === 0 || units === 0) return;
  const exact = new Map(lines.map((line) => [line.id, (room(line) * units) / total]));
  for (const line of lines) give(line, Math.floor(exact.get(line.id)! / size) * size);
  for (let pass = true; pass; ) {
    pass = false;
    for (const line of lines) {
      const before = room(line);
      give(line, size);
      if (room(line) !== before) pass = true;
    }
  }
}
