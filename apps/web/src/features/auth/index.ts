/** What other features may use from auth: the login call (My Page re-authenticates with it), the way to log in. */
export { login } from './api/login';
export { ToLogin } from './components/to-login';
