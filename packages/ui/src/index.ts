export { mountApp } from './mount.tsx';
export { browserPlatform, type Platform } from './platform.tsx';
