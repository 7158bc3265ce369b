import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogProvider, useAlert, useConfirm } from './dialog';
import { Modal } from './modal';

function OpenableModal() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Product</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && (
        <Modal labelledBy="title" onClose={() => setOpen(false)}>
          <h2 id="title">Added</h2>
          <button type="button">First</button>
          <button type="button" onClick={() => setOpen(false)}>
            Last
          </button>
        </Modal>
      )}
    </main>
  );
}

/**
 * Addresses with a Delete that asks first, is disabled while the (slow) request runs, removes the row when it
 * returns and, with `announce`, then says so in an alert.
 */
function AddressList({ announce = false }: { announce?: boolean }) {
  const confirm = useConfirm();
  const alert = useAlert();
  const [names, setNames] = useState(['Home', 'Office']);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (name: string) => {
    if (!(await confirm(`Delete ${name}?`, 'Delete'))) return;
    setRemoving(name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    setNames((current) => current.filter((n) => n !== name));
    setRemoving(null);
    if (announce) void alert('The address has been deleted.');
  };
  return (
    <section>
      <h2>Shipping addresses</h2>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <h3>{name}</h3>
            <button type="button" disabled={removing === name} onClick={() => remove(name)}>
              Delete {name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PickerWithList() {
  const [open, setOpen] = useState(true);
  return (
    <main>
      <h1>Checkout</h1>
      <button type="button">Search address</button>
      {open && (
        <Modal labelledBy="picker-title" onClose={() => setOpen(false)}>
          <h2 id="picker-title">Address book</h2>
          <AddressList />
        </Modal>
      )}
    </main>
  );
}

/** Add to Cart: disabled while its request runs, then opens the dialog. */
function BusyOpener() {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setTimeout(() => {
            setBusy(false);
            setOpen(true);
          }, 10);
        }}
      >
        Add to Cart
      </button>
      {open && (
        <Modal label="Added" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Continue Shopping
          </button>
        </Modal>
      )}
    </>
  );
}

/** A button that removes itself once confirmed, with no heading anywhere above it. */
function Lone() {
  const confirm = useConfirm();
  const [shown, setShown] = useState(true);
  return (
    <main>
      <div>
        {shown && (
          <button type="button" onClick={async () => setShown(!(await confirm('Remove?')))}>
            Remove
          </button>
        )}
      </div>
    </main>
  );
}

const withDialogs = (ui: React.ReactNode) => render(<DialogProvider>{ui}</DialogProvider>);

describe('Modal focus', () => {
  it('moves focus in, keeps Tab and Shift+Tab inside, and returns focus to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<OpenableModal />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    expect(document.activeElement).toBe(first);

    await user.tab();
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('brings focus that escapes to the page behind back in, and still closes on Escape from there', async () => {
    const user = userEvent.setup();
    render(<OpenableModal />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    act(() => screen.getByRole('button', { name: 'Behind', hidden: true }).focus());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));

    // Focus on the body (the element holding it was removed): Escape still reaches the dialog.
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to an opener that lost focus while disabled (a button busy with its request)', async () => {
    const user = userEvent.setup();
    render(<BusyOpener />);
    const addToCart = screen.getByRole('button', { name: 'Add to Cart' });
    await user.click(addToCart);
    // jsdom keeps focus on a disabled button where a browser drops it to the body; drop it as a browser does.
    act(() => addToCart.blur());
    const close = await screen.findByRole('button', { name: 'Continue Shopping' });
    // The dialog moves focus once it has rendered, which a loaded machine may finish after the button shows.
    await waitFor(() => expect(document.activeElement).toBe(close));
    await user.click(close);
    expect(document.activeElement).toBe(addToCart);
  });
});

describe('focus after a confirmed delete', () => {
  it('goes to the list heading when the row that opened the confirm is removed', async () => {
    const user = userEvent.setup();
    withDialogs(
      <main>
        <h1>My Account</h1>
        <AddressList />
      </main>,
    );
    const deleteHome = screen.getByRole('button', { name: 'Delete Home' });
    await user.click(deleteHome);
    expect(screen.getByRole('alertdialog', { name: 'Delete Home?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Home' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping addresses' })),
    );
  });

  it('goes to the list heading also when an alert about the delete came in between', async () => {
    const user = userEvent.setup();
    withDialogs(
      <main>
        <h1>My Account</h1>
        <AddressList announce />
      </main>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Office' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // jsdom keeps focus on a disabled button where a browser drops it to the body; drop it as a browser does.
    act(() => (document.activeElement as HTMLElement).blur());
    await screen.findByRole('alertdialog', { name: 'The address has been deleted.' });
    expect(screen.queryByRole('button', { name: 'Delete Office' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping addresses' }));
  });

  it('stays inside the address picker, whose Escape and Tab keep working', async () => {
    const user = userEvent.setup();
    withDialogs(<PickerWithList />);
    await user.click(screen.getByRole('button', { name: 'Delete Office' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Office' })).toBeNull());

    const picker = screen.getByRole('dialog', { name: 'Address book' });
    await waitFor(() => expect(picker.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping addresses' }));

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Home' }));
    await user.tab();
    expect(picker.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('returns to the Delete button when the confirm is cancelled', async () => {
    const user = userEvent.setup();
    withDialogs(<AddressList />);
    const deleteHome = screen.getByRole('button', { name: 'Delete Home' });
    await user.click(deleteHome);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(deleteHome);
  });

  it('falls back to main when nothing above the removed opener has a heading', async () => {
    const user = userEvent.setup();
    withDialogs(<Lone />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    expect(screen.getByRole('main').getAttribute('tabindex')).toBe('-1');
  });
});
