/** react-admin's pages the app does not replace, loaded by Admin.tsx when one is shown. */
export { AuthCallback as AuthCallbackPage, AuthenticationError as AuthenticationErrorPage, Error as ErrorPage } from 'react-admin';
