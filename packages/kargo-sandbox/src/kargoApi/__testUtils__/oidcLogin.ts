export { signIn, TEST_REDIRECT } from '../../testing/oidcSignIn';
