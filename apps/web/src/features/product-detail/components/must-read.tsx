import { useId, useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';

/** 'MUST READ AND AGREE BEFORE PURCHASE', collapsed until the buyer opens it. */
export function MustRead() {
  const { messages } = useContractTexts();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="must-read">
      <button
        type="button"
        className="must-read__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {messages.productDetail.mustRead}
        <span className="must-read__chevron" aria-hidden="true">
          {open ? '−' : '+'}
        </span>
      </button>
      <ul id={panelId} className="must-read__panel" hidden={!open}>
        {messages.productDetail.disclaimers.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
