import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { spawnAmiko } from '../support/amiko-process.ts';
import { clientFor, memberWithSession } from '../support/messaging.ts';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Mail when a message waits (issue 19.1), in the browser: the choice in Settings → Notifications, the mail
// to a member who is away, and its unsubscribe link opened signed out.

const screenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

test('an away member is mailed once, and unsubscribes from the mail without signing in', async ({
  browser,
}) => {
  // A server of its own, with the delay shortened.
  const amiko = await spawnAmiko({ env: { MESSAGE_MAIL_DELAY_SECONDS: '1', JOB_POLL_MS: '100' } });
  try {
    const context = await browser.newContext({
      baseURL: amiko.url,
      viewport: { width: 1280, height: 860 },
      reducedMotion: 'reduce',
    });
    const ana = await signedInMember(amiko, context, { name: 'Ana' });
    const page = await context.newPage();
    await page.goto('/settings/notifications');
    const choice = page.getByRole('radiogroup', { name: 'Email me about new messages' });
    await expect(choice.getByRole('radio', { name: 'Right away' })).toBeChecked();
    await page.screenshot({ path: `${screenshots}settings-message-mail.png` });
    // A controlled radio turns when the app has taken the choice: click, then look.
    await choice.getByRole('radio', { name: 'A daily summary' }).click();
    await expect(choice.getByRole('radio', { name: 'A daily summary' })).toBeChecked();
    await expect(page.getByText('Your notification settings have been saved.')).toBeVisible();
    await choice.getByRole('radio', { name: 'Right away' }).click();
    await expect(choice.getByRole('radio', { name: 'Right away' })).toBeChecked();
    // Ana leaves: no page of hers is open any more.
    await page.close();

    const bruno = await memberWithSession(amiko.db(), { name: 'Bruno Keller' });
    const sentAt = Date.now();
    await clientFor(amiko.url, bruno.token).trpc.messages.send.mutate({
      to: ana.id,
      clientId: randomUUID(),
      body: 'Coffee on Saturday?',
    });
    const mail = await amiko.waitForMail(ana.email, { after: sentAt, timeoutMs: 15_000 });
    expect(mail.subject).toBe('Bruno wrote to you on Amiko');
    expect(mail.text).not.toContain('Coffee');
    const link = /https?:\/\/\S+\/unsubscribe\/messages\?\S+/.exec(mail.text)![0];

    // Signed out, as from a mail program: the page asks, the button unsubscribes.
    const stranger = await browser.newContext({ baseURL: amiko.url });
    const mailPage = await stranger.newPage();
    await mailPage.goto(new URL(new URL(link).pathname + new URL(link).search, amiko.url).toString());
    await expect(mailPage.getByRole('heading', { name: 'No more mails about new messages?' })).toBeVisible();
    await mailPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(mailPage.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await stranger.close();

    const again = await context.newPage();
    await again.goto('/settings/notifications');
    await expect(
      again
        .getByRole('radiogroup', { name: 'Email me about new messages' })
        .getByRole('radio', { name: 'Never' }),
    ).toBeChecked();
    expect(await amiko.mail(ana.email)).toHaveLength(1);
    await context.close();
  } finally {
    await amiko.stop();
  }
});
