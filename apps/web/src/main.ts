import { browserPlatform, mountApp } from '@amiko/ui';

void mountApp(document.getElementById('root')!, browserPlatform);
