import type auth from '../locales/en/auth.json';
import type catalog from '../locales/en/catalog.json';
import type common from '../locales/en/common.json';
import type community from '../locales/en/community.json';
import type desktop from '../locales/en/desktop.json';
import type mail from '../locales/en/mail.json';
import type meetups from '../locales/en/meetups.json';
import type messages from '../locales/en/messages.json';
import type payment from '../locales/en/payment.json';
import type pods from '../locales/en/pods.json';
import type profile from '../locales/en/profile.json';
import type settings from '../locales/en/settings.json';
import type site from '../locales/en/site.json';
import type { Namespace } from './namespaces.ts';

interface Files {
  common: typeof common;
  catalog: typeof catalog;
  auth: typeof auth;
  settings: typeof settings;
  profile: typeof profile;
  community: typeof community;
  messages: typeof messages;
  site: typeof site;
  payment: typeof payment;
  mail: typeof mail;
  desktop: typeof desktop;
  pods: typeof pods;
  meetups: typeof meetups;
}

/**
 * Every namespace's keys, from the English files (the German ones have the same keys: locales.test.ts).
 * A namespace added to NAMESPACES without its file here does not compile.
 */
export type Resources = { [N in Namespace]: Files[N] };

// i18next checks every t() key against these (and the keys of the namespaces the call may use).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    // JSON imports type every text as plain `string`, so there are no {{variables}} to read from them;
    // parsing for them anyway costs a third of the typecheck's instantiations for nothing.
    parseInterpolation: false;
  }
}
