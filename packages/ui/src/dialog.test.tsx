import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogProvider, useAlert, useConfirm } from './dialog';

function AlertTrigger({ message, link }: { message: string; link?: { to: string; label: string } }) {
  const alert = useAlert();
  const [closed, setClosed] = useState(0);
  return (
    <>
      <button type="button" onClick={() => alert(message, { link }).then(() => setClosed((n) => n + 1))}>
        Show alert
      </button>
      <output>closed {closed}</output>
    </>
  );
}

function ConfirmTrigger() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => confirm('Are you sure?').then((ok) => setAnswer(String(ok)))}>
        Ask
      </button>
      <output>answer {answer}</output>
    </>
  );
}

let alertFn: ReturnType<typeof useAlert> | undefined;
function GrabAlert() {
  alertFn = useAlert();
  return null;
}

const renderWithDialogs = (ui: React.ReactNode) => render(<DialogProvider>{ui}</DialogProvider>);

describe('alert dialog', () => {
  it('shows the text as an accessible alert dialog, focuses OK and closes on OK', async () => {
    const user = userEvent.setup();
    renderWithDialogs(<AlertTrigger message="Please log in to add items to your cart." />);
    const trigger = screen.getByRole('button', { name: 'Show alert' });
    await user.click(trigger);

    const dialog = screen.getByRole('alertdialog', { name: 'Please log in to add items to your cart.' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);

    await user.click(ok);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('closed 1')).toBeTruthy();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape and keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithDialogs(<AlertTrigger message="Hello" link={{ to: '/login', label: 'LOGIN' }} />);
    await user.click(screen.getByRole('button', { name: 'Show alert' }));
    const ok = screen.getByRole('button', { name: 'OK' });
    const login = screen.getByRole('link', { name: 'LOGIN' });
    expect(login.getAttribute('href')).toBe('/login');

    await user.tab();
    expect(document.activeElement).toBe(login);
    await user.tab();
    expect(document.activeElement).toBe(ok);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('closed 1')).toBeTruthy();
  });

  it('never uses window.alert', async () => {
    const user = userEvent.setup();
    const original = window.alert;
    let called = false;
    window.alert = () => {
      called = true;
    };
    renderWithDialogs(<AlertTrigger message="Hi" />);
    await user.click(screen.getByRole('button', { name: 'Show alert' }));
    expect(called).toBe(false);
    window.alert = original;
  });

  it('shows the same waiting alert only once', async () => {
    renderWithDialogs(<GrabAlert />);
    act(() => {
      void alertFn?.('Your account is pending approval. Please contact support.');
      void alertFn?.('Your account is pending approval. Please contact support.');
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('confirm dialog', () => {
  it('resolves true on OK and false on Cancel', async () => {
    const user = userEvent.setup();
    renderWithDialogs(<ConfirmTrigger />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('answer true')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('answer false')).toBeTruthy();
  });
});
