export { signOut } from './api/auth-api';
export { ChangePasswordPage } from './routes/change-password-page';
export { SignInPage } from './routes/sign-in-page';
