import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="where">{`${pathname}${search}${hash} ${useNavigationType()}`}</output>;
}

function ShowParams({ name }: { name: string }) {
  return <p>{`${name} ${JSON.stringify(useParams())}`}</p>;
}

function Layout() {
  return (
    <div>
      layout
      <Outlet context="from the layout" />
    </div>
  );
}

function ReadsContext() {
  return <p>{useOutletContext<string>()}</p>;
}

const table: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <p>home</p> },
      { path: 'productlist/:categoryId', element: <ShowParams name="list" /> },
      { path: 'productlist/new', element: <p>new arrivals</p> },
      {
        path: 'mypage',
        element: <Outlet />,
        children: [
          { index: true, element: <p>my page</p> },
          { path: 'account', element: <ReadsContext /> },
        ],
      },
      { path: '*', element: <ShowParams name="not found" /> },
    ],
  },
];

function Table() {
  return useRoutes(table);
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Table />
      <Where />
    </MemoryRouter>,
  );

describe('route matching', () => {
  it('renders the index route inside its layout', () => {
    at('/');
    expect(screen.getByText('layout')).toBeTruthy();
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('prefers a static segment to a parameter, whatever the order of the table', () => {
    at('/productlist/new');
    expect(screen.getByText('new arrivals')).toBeTruthy();
  });

  it('decodes parameters and ignores case and a trailing slash', () => {
    at('/ProductList/%EC%95%A8%EB%B2%94/');
    expect(screen.getByText('list {"categoryId":"앨범"}')).toBeTruthy();
  });

  it('keeps a parameter that is not valid percent-encoding as it came', () => {
    at('/productlist/%E0%A4%A');
    expect(screen.getByText('list {"categoryId":"%E0%A4%A"}')).toBeTruthy();
  });

  it('falls back to the splat route with the rest of the address', () => {
    at('/no/such/page');
    expect(screen.getByText('not found {"*":"no/such/page"}')).toBeTruthy();
  });

  it('renders nested layouts; an outlet context reaches only the child of that outlet', () => {
    at('/mypage/account');
    expect(screen.getByText('layout')).toBeTruthy();
    // The inner layout's <Outlet /> gives no context, so the outer one's does not reach the page.
    expect(screen.queryByText('from the layout')).toBeNull();
  });

  it('renders the index route of a nested layout', () => {
    at('/mypage');
    expect(screen.getByText('my page')).toBeTruthy();
  });

  it('matches descendant <Routes> against the rest of the address', () => {
    render(
      <MemoryRouter initialEntries={['/orders/7']}>
        <Routes>
          <Route
            path="*"
            element={
              <Routes>
                <Route path="/orders/:id" element={<ShowParams name="order" />} />
              </Routes>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('order {"*":"orders/7","id":"7"}')).toBeTruthy();
  });
});

describe('outlet context', () => {
  it('reaches the child rendered by that outlet', () => {
    render(
      <MemoryRouter initialEntries={['/a/b']}>
        <Routes>
          <Route path="/a" element={<Layout />}>
            <Route path="b" element={<ReadsContext />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('from the layout')).toBeTruthy();
  });
});

function SearchBox() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ q: 'light stick', page: '2' })}>
      {`q=${params.get('q') ?? ''}`}
    </button>
  );
}

function GoButton({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { replace })}>
      {`go ${to}`}
    </button>
  );
}

describe('navigation', () => {
  it('a link changes the address in place and keeps its href for new tabs', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/productlist/1?page=3']}>
        <Link to="?page=2">Page 2</Link>
        <Link to="/cart">Cart</Link>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/productlist/1?page=2');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(screen.getByTestId('where').textContent).toBe('/productlist/1?page=2 PUSH');
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(screen.getByTestId('where').textContent).toBe('/cart PUSH');
  });

  it('a link to the page shown replaces it rather than adding a history entry', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/cart']}>
        <Link to="/cart">Cart</Link>
        <Where />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(screen.getByTestId('where').textContent).toBe('/cart REPLACE');
  });

  it('leaves a click with a modifier key, or one its handler prevented, to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/cart">Cart</Link>
        <Link to="/login" onClick={(event) => event.preventDefault()}>
          Login
        </Link>
        <Where />
      </MemoryRouter>,
    );
    const cart = screen.getByRole('link', { name: 'Cart' });
    expect(fireEvent.click(cart, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(cart, { button: 1 })).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByTestId('where').textContent).toBe('/ POP');
  });

  it('sets the query, keeping the path, and navigates with replace when asked', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/search#top']}>
        <SearchBox />
        <GoButton to="/login" replace />
        <Where />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'q=' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=light+stick&page=2 PUSH');
    expect(screen.getByRole('button', { name: 'q=light stick' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'go /login' }));
    expect(screen.getByTestId('where').textContent).toBe('/login REPLACE');
  });

  it('<Navigate> sends the visitor on once it is shown', () => {
    render(
      <MemoryRouter initialEntries={['/cart']}>
        <Routes>
          <Route path="/cart" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login REPLACE');
  });
});

describe('NavLink', () => {
  const menu = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <NavLink to="/mypage" end className="menu">
          My page
        </NavLink>
        <NavLink to="/mypage/account" className="menu">
          Account
        </NavLink>
        <NavLink to="/" className="menu">
          Home
        </NavLink>
      </MemoryRouter>,
    );

  it('marks the link of the page shown, and with `end` only that exact page', () => {
    menu('/mypage/account/');
    const account = screen.getByRole('link', { name: 'Account' });
    expect(account.getAttribute('aria-current')).toBe('page');
    expect(account.className).toBe('menu active');
    expect(screen.getByRole('link', { name: 'My page' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks a page below the link without `end`', () => {
    menu('/mypage/account/edit');
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("writes to the browser's history and follows back and forward", async () => {
    window.history.replaceState(null, '', '/productlist/1');
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Link to="/cart">Cart</Link>
        <Where />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/productlist/1 POP');
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(window.location.pathname).toBe('/cart');
    expect(screen.getByTestId('where').textContent).toBe('/cart PUSH');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/productlist/1 POP');
  });
});
