import { contactSchema } from '@amiko/core';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { FormFailure, FormSuccess } from './FormStatus.tsx';
import { SitePage } from './SitePage.tsx';

interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

function ContactForm({ defaults, onSent }: { defaults: ContactValues; onSent: (email: string) => void }) {
  const { t, i18n } = useTranslation(['site', 'common', 'auth']);
  const contact = trpc.site.contact.useMutation();
  const { form, submit, pending } = useAppForm(contactSchema, contact, {
    initialValues: defaults,
    // Sent as checked: the address the thank-you names is the one trimmed and lower-cased.
    input: (values) => ({
      ...contactSchema.parse(values),
      language: i18n.resolvedLanguage === 'de' ? 'de' : 'en',
    }),
    onSuccess: (_, input) => onSent(input.email),
  });
  const hydrated = useHydrated();
  return (
    <form onSubmit={submit} noValidate aria-label={t('contact.title')}>
      <fieldset disabled={!hydrated} className="plain-fieldset">
        <Stack gap="md" maw={640}>
          <TextInput label={t('contact.name')} autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput label={t('contact.subject')} required {...form.getInputProps('subject')} />
          <Textarea
            label={t('contact.message')}
            autosize
            minRows={5}
            maxRows={14}
            required
            {...form.getInputProps('message')}
          />
          {contact.isError && <FormFailure error={contact.error} title={t('errors.contactFailed')} />}
          <Button type="submit" loading={pending} w="fit-content" size="md">
            {t('contact.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /contact-us: name, email, subject and message, all required (SPEC §5); sent to the team. */
export default function ContactScreen() {
  const { t } = useTranslation('site');
  const { member } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const defaults = { name: member?.name ?? '', email: member?.email ?? '', subject: '', message: '' };
  return (
    <SitePage title={t('contact.title')} intro={t('contact.intro')}>
      {sentTo ? (
        <FormSuccess
          testId="contact-success"
          title={t('contact.successTitle')}
          text={t('contact.successText', { email: sentTo })}
          again={t('contact.again')}
          onAgain={() => setSentTo(null)}
        />
      ) : (
        // A member's name and address are filled in once the session is known.
        <ContactForm key={member?.id ?? 'visitor'} defaults={defaults} onSent={setSentTo} />
      )}
    </SitePage>
  );
}
