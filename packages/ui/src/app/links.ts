/**
 * Where every button that says sign up or join leads: /auth with its Sign Up tab open (issue 18.4). /auth
 * without the parameter keeps Sign In, for the links that say sign in.
 */
export const SIGN_UP_PATH = '/auth?tab=signUp';
