/** What other features may use from auth: the login call (My Page re-authenticates with it). */
export { login } from './api/login';
