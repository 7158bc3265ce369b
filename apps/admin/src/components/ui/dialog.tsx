import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Modal } from './modal';

type Request = {
  id: number;
  kind: 'alert' | 'confirm';
  message: string;
  confirmLabel: string;
  resolve: (value: boolean) => void;
};

let nextRequestId = 1;

type DialogApi = {
  alert: (message: string) => Promise<void>;
  confirm: (message: string, confirmLabel?: string) => Promise<boolean>;
};

const DialogContext = createContext<DialogApi | null>(null);

/** In-page alert and confirm dialogs (never window.alert); requests queue up and show one at a time. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const queueRef = useRef<Request[]>([]);
  const [queue, setQueue] = useState<Request[]>([]);
  const update = useCallback((next: Request[]) => {
    queueRef.current = next;
    setQueue(next);
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      alert: (message) =>
        new Promise<void>((resolve) =>
          update([
            ...queueRef.current,
            { id: nextRequestId++, kind: 'alert', message, confirmLabel: 'OK', resolve: () => resolve() },
          ]),
        ),
      confirm: (message, confirmLabel = 'OK') =>
        new Promise<boolean>((resolve) =>
          update([
            ...queueRef.current,
            { id: nextRequestId++, kind: 'confirm', message, confirmLabel, resolve },
          ]),
        ),
    }),
    [update],
  );

  const current = queue[0];
  const settle = (value: boolean) => {
    const [first, ...rest] = queueRef.current;
    if (!first || first.id !== current?.id) return;
    first.resolve(value);
    update(rest);
  };

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && <MessageDialog key={current.id} request={current} onSettle={settle} />}
    </DialogContext.Provider>
  );
}

function MessageDialog({ request, onSettle }: { request: Request; onSettle: (value: boolean) => void }) {
  const messageId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal role="alertdialog" labelledBy={messageId} onClose={() => onSettle(false)} initialFocus={okRef}>
      <p id={messageId} className="message-dialog__text">
        {request.message}
      </p>
      <div className="modal__actions">
        {request.kind === 'confirm' && (
          <button type="button" className="button button--secondary" onClick={() => onSettle(false)}>
            Cancel
          </button>
        )}
        <button ref={okRef} type="button" className="button" onClick={() => onSettle(true)}>
          {request.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

function useDialogApi(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useAlert and useConfirm need a <DialogProvider> above them');
  return api;
}

/** `await alert(message)` shows the message with an OK button. */
export const useAlert = () => useDialogApi().alert;

/** `await confirm(message, 'Delete')` resolves true for the confirm button, false for Cancel or Escape. */
export const useConfirm = () => useDialogApi().confirm;
