export { mountApp } from './mount.tsx';
export { browserPlatform, desktopPlatform, hostPlatform, type Platform } from './platform.tsx';
