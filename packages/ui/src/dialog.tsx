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
import { RouterLink } from './router-link';
import { useUiTexts } from './ui-texts';

export type AlertOptions = {
  /** A way forward offered next to OK, e.g. the login page after 'Please log in to add items to your cart.' */
  link?: { to: string; label: string; state?: unknown };
};

type Request = {
  id: number;
  kind: 'alert' | 'confirm';
  message: string;
  options: AlertOptions;
  /** The confirming button's text: null for OK in the app's language, or the action a confirm asks about ('Delete'). */
  confirmLabel: string | null;
  resolve: (value: boolean) => void;
};

let nextRequestId = 1;

type DialogApi = {
  alert: (message: string, options?: AlertOptions) => Promise<void>;
  confirm: (message: string, confirmLabel?: string) => Promise<boolean>;
};

const DialogContext = createContext<DialogApi | null>(null);

/**
 * The spec's 'alert' and 'confirm' as in-page dialogs (never window.alert). Requests queue up and show one at a
 * time; the same alert asked for twice while it is waiting shows once.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  // The ref is the queue; the state only re-renders. Two requests in one tick must both see the first.
  const queueRef = useRef<Request[]>([]);
  const [queue, setQueue] = useState<Request[]>([]);
  const update = useCallback((next: Request[]) => {
    queueRef.current = next;
    setQueue(next);
  }, []);

  const enqueue = useCallback(
    (fields: Omit<Request, 'id'>) => {
      const waiting = queueRef.current.some((r) => r.kind === 'alert' && r.message === fields.message);
      if (waiting && fields.kind === 'alert') {
        fields.resolve(true);
        return;
      }
      update([...queueRef.current, { ...fields, id: nextRequestId++ }]);
    },
    [update],
  );

  const api = useMemo<DialogApi>(
    () => ({
      alert: (message, options = {}) =>
        new Promise<void>((resolve) =>
          enqueue({ kind: 'alert', message, options, confirmLabel: null, resolve: () => resolve() }),
        ),
      confirm: (message, confirmLabel) =>
        new Promise<boolean>((resolve) =>
          enqueue({ kind: 'confirm', message, options: {}, confirmLabel: confirmLabel ?? null, resolve }),
        ),
    }),
    [enqueue],
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
  const { link } = request.options;
  const texts = useUiTexts();
  return (
    <Modal role="alertdialog" labelledBy={messageId} onClose={() => onSettle(false)} initialFocus={okRef}>
      <p id={messageId} className="message-dialog__text">
        {request.message}
      </p>
      <div className="modal__actions">
        {request.kind === 'confirm' && (
          <button type="button" className="button button--secondary" onClick={() => onSettle(false)}>
            {texts.cancel}
          </button>
        )}
        {link && (
          <RouterLink
            to={link.to}
            state={link.state}
            className="button button--secondary"
            onClick={() => onSettle(true)}
          >
            {link.label}
          </RouterLink>
        )}
        <button ref={okRef} type="button" className="button" onClick={() => onSettle(true)}>
          {request.confirmLabel ?? texts.ok}
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

/**
 * `await confirm(message)` resolves true for OK, false for Cancel or Escape; `confirm(message, 'Delete')` names the
 * confirming button after the action.
 */
export const useConfirm = () => useDialogApi().confirm;
