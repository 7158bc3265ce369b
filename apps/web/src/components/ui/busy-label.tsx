import type { ReactNode } from 'react';

/**
 * A button's label while its request is on its way: a small turning ring before the text, so a click that
 * waits on the server shows it is being handled. Give the button `aria-busy` and `disabled` as well.
 */
export function BusyLabel({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <>
      {busy && <span className="busy-spinner" aria-hidden="true" />}
      {children}
    </>
  );
}
