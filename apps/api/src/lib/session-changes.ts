/**
 * Tells this process's session cache, at once, that a buyer's sessions or account changed. The database also
 * notifies every instance when the change commits (migration 0004); this in-process signal is what makes a
 * logout or password change take effect for the very next request on the instance that made it.
 */
type Listener = (buyerId: string) => void;

const listeners = new Set<Listener>();

export function onBuyerSessionsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function buyerSessionsChanged(buyerId: string): void {
  for (const listener of listeners) listener(buyerId);
}
