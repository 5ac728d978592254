import { hostPlatform, mountApp } from '@amiko/ui';

// The same UI in a browser and in the desktop app (which shows this page): the platform says which.
void mountApp(document.getElementById('root')!, hostPlatform());
