import { mountSite } from '@amiko/ui/site';

// The public pages' light entry (vite.site.config.ts): a visitor's prerendered page hydrates without the
// member app, which loads when the visitor goes into it.
void mountSite(document.getElementById('root')!);
