import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { captureFocusOrigin, restoreFocus } from './focus-return';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialogs open now, the one on top last: only that one keeps focus and answers Escape. */
const openPanels: HTMLElement[] = [];

type ModalProps = {
  /** 'alertdialog' for the spec's alert and confirm, 'dialog' for everything else. */
  role?: 'dialog' | 'alertdialog';
  /** Accessible name, either as text or as the id of the element that names the dialog. */
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  placement?: 'center' | 'top';
  children: ReactNode;
};

/**
 * An in-page modal: focus moves in and stays in (Tab cycles), Escape and the backdrop close it, and focus goes
 * back to the element that opened it when it closes, or, when that element is gone, to the heading above where it
 * stood (see focus-return.ts).
 */
export function Modal({
  role = 'dialog',
  label,
  labelledBy,
  describedBy,
  onClose,
  initialFocus,
  className,
  placement = 'center',
  children,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const origin = captureFocusOrigin();
    const panel = panelRef.current;
    if (!panel) return;
    openPanels.push(panel);
    const isTop = () => openPanels[openPanels.length - 1] === panel;
    const focusInside = () => (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
    // Focus that lands outside the open dialog (the element that held it was removed, a click on the page behind)
    // is brought back in; Escape and Tab still work while focus is nowhere.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !panel.contains(event.target)) focusInside();
    };
    const onDocumentKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || (event.target instanceof Node && panel.contains(event.target))) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        focusInside();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onDocumentKeyDown);
    const target = initialFocus?.current ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    target.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      const wasTop = isTop();
      openPanels.splice(openPanels.indexOf(panel), 1);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onDocumentKeyDown);
      document.body.style.overflow = overflow;
      // A dialog closing under another one leaves focus to the one on top.
      if (wasTop) restoreFocus(origin);
    };
  }, [initialFocus]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={`modal modal--${placement}`}>
      <div className="modal__backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, set from a prop */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`modal__panel${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
