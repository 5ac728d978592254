export { NAMESPACES, DEFAULT_NAMESPACE, type Namespace } from './namespaces.ts';
