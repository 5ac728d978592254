/**
 * The translation namespaces, one JSON file each under locales/<lang>/. Keys are referenced as
 * "namespace:path" (e.g. "auth:errors.emailInUse"). Each feature owns its namespace; its error texts live
 * under "errors".
 */
export const NAMESPACES = [
  'common',
  'catalog',
  'auth',
  'settings',
  'profile',
  'community',
  'messages',
  'site',
  'payment',
  'mail',
  'desktop',
  'pods',
  'meetups',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';
