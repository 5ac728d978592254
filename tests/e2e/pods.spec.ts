import type { OpenReport } from '@amiko/api';
import { and, eq } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// Pods (issue 34): a member starts a pod in their town, another finds it near them, asks to join, is
// approved, they talk in the pod's chat live, she reports him and names him host, he leaves; in German, a
// language café online is found and joined, and its starter removes the member with a reason; and with three
// members, in English and in German: asking to join, approval, a live chat with the dot (on a phone, on its
// Pods icon) and the tab's count, a member and a message reported, leaving, and a removal with a reason.

const MUNICH = 2867714;

test.use({ actionTimeout: 15_000 });
// Two browsers and several pages each: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
}

test('a member starts a pod in Munich; a neighbour finds it, asks to join, is approved, and leaves', async ({
  browser,
  amiko,
}) => {
  const annaContext = await newContext(browser);
  const benContext = await newContext(browser);
  await signedInMember(amiko, annaContext, { name: 'Anna Starter', placeId: MUNICH, city: null });
  await signedInMember(amiko, benContext, { name: 'Ben Neighbour', placeId: MUNICH, city: null });
  const anna = await annaContext.newPage();
  const ben = await benContext.newPage();

  await anna.goto('/community');
  await anna.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pods' }).click();
  await expect(anna.getByRole('heading', { name: 'Pods', level: 1 })).toBeVisible();
  // A worker's first server may still be reading the gazetteer (/readyz waits for it too).
  await expect(anna.getByText('You are not in a pod yet.')).toBeVisible({ timeout: 60_000 });
  await anna.getByRole('button', { name: 'Start a pod' }).first().click();
  const form = anna.getByRole('dialog', { name: 'Start a pod' });
  // Nothing filled: every rule speaks on its field.
  await form.getByRole('button', { name: 'Start the pod' }).click();
  await expect(form.getByText('Please give the pod a name.')).toBeVisible();
  await expect(form.getByText('Please choose one or two interests.')).toBeVisible();
  await expect(
    form.getByText('Please choose the town where the pod meets, or make it an online pod.'),
  ).toBeVisible();

  await form.getByLabel('Name').fill('Board games Schwabing');
  await form.getByRole('combobox', { name: 'One or two interests' }).fill('Board');
  await anna.keyboard.press('Enter');
  await anna.keyboard.press('Escape');
  await form.getByRole('combobox', { name: 'Languages spoken' }).fill('Germ');
  await anna.keyboard.press('Enter');
  await anna.keyboard.press('Escape');
  await form.getByRole('combobox', { name: 'Town' }).fill('Munich');
  await anna
    .getByRole('option', { name: /^Munich/ })
    .first()
    .click();
  await form.getByLabel('Those a member of the pod approves').check();
  await form.getByRole('button', { name: 'Start the pod' }).click();
  await expect(anna.getByRole('heading', { name: 'Board games Schwabing', level: 1 })).toBeVisible();
  await expect(anna.getByTestId('pod-members')).toContainText('Anna');
  const podUrl = anna.url();

  // Ben finds it near him and asks to join.
  await ben.goto('/pods');
  const card = ben
    .getByTestId('found-pods')
    .getByTestId('pod-card')
    .filter({ hasText: 'Board games Schwabing' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await ben.getByRole('radiogroup', { name: 'Where' }).getByText('Near me').click();
  await expect(card).toContainText('Munich');
  await expect(card).toContainText('5 free places');
  await expectAccessible(ben);
  await card.getByRole('button', { name: 'Ask to join' }).click();
  // Asked: the pod waits among his own, no longer among those on offer.
  await expect(ben.getByTestId('my-pods').getByText('Request sent')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Anna approves him.
  await anna.reload();
  const request = anna.getByTestId('pod-request');
  await expect(request).toContainText('Ben');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(anna.getByTestId('pod-members')).toContainText('Ben');
  await expect(anna.getByTestId('pod-request')).toHaveCount(0);

  // Anna writes in the pod's chat while Ben is elsewhere: the Pods link's dot and the tab's count tell him.
  // The empty chat offers first lines from what the pod is about; one goes into the box to edit.
  const annaBox = anna.getByRole('textbox', { name: 'Message' });
  const lines = anna.getByTestId('pod-icebreakers');
  await expect(lines).toContainText('“Board games”');
  await lines.getByRole('button', { name: /meeting somewhere in Munich/ }).click();
  await expect(annaBox).toHaveValue("Hi all! Who's up for meeting somewhere in Munich soon?");
  await annaBox.fill('Welcome, Ben! Saturday at the café?');
  await annaBox.press('Enter');
  await expect(anna.getByTestId('pod-messages').getByTestId('message')).toContainText('Saturday');
  await expect(anna.getByTestId('read-status')).toHaveText('Sent');
  await ben.goto('/pods');
  await expect(ben.getByTestId('nav-dot-pods')).toBeVisible();
  await expect(
    ben.getByTestId('my-pods').getByTestId('pod-card').filter({ hasText: 'Board games Schwabing' }),
  ).toContainText('1 new');
  await expect(ben).toHaveTitle(/^\(1\) /);

  // Ben opens the pod: the message, named; the dot goes, and Anna sees it seen. They talk live.
  await ben.goto(podUrl);
  await expect(ben.getByTestId('pod-members')).toContainText('Anna');
  const fromAnna = ben.getByTestId('pod-messages').getByTestId('message').filter({ hasText: 'Saturday' });
  await expect(fromAnna.getByTestId('message-sender')).toHaveText('Anna:');
  await expect(ben.getByTestId('nav-dot-pods')).toHaveCount(0);
  await expect(ben).toHaveTitle(/^(?!\()/);
  await expect(anna.getByTestId('read-status')).toHaveText('Seen by 1');
  const benBox = ben.getByRole('textbox', { name: 'Message' });
  await benBox.pressSequentially('Saturday');
  await expect(anna.getByTestId('pod-typing')).toHaveText('Ben is typing…');
  await benBox.fill('Saturday works, see you there!');
  await benBox.press('Enter');
  await expect(
    anna.getByTestId('pod-messages').getByTestId('message').filter({ hasText: 'see you there' }),
  ).toBeVisible();
  await expect(anna.getByTestId('pod-typing')).toHaveText('');
  await expectAccessible(ben);

  // Ben goes to all pods inside the app and comes back: what Anna wrote meanwhile is there.
  await ben.getByRole('link', { name: 'All pods' }).click();
  await annaBox.fill('Bring snacks!');
  await annaBox.press('Enter');
  await expect(anna.getByTestId('pod-messages')).toContainText('Bring snacks!');
  await ben.getByTestId('my-pods').getByRole('link', { name: 'Board games Schwabing' }).click();
  await expect(ben.getByTestId('pod-messages')).toContainText('Bring snacks!');

  // Anna reports Ben from the pod (the report goes with the pod), and names him host.
  await anna.getByRole('button', { name: 'Options for Ben' }).click();
  await anna.getByRole('menuitem', { name: 'Report' }).click();
  const report = anna.getByRole('dialog', { name: 'Report Ben' });
  await report.getByRole('radio', { name: 'Spam or advertising' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(anna.getByText('Thank you. Our team will look into it.')).toBeVisible();
  // The worker's server holds other journeys' reports too: this one is found by the pod it came from.
  const db = amiko.db();
  const stored = await db.db
    .select({ reportedId: db.t.reports.reportedId })
    .from(db.t.reports)
    .where(eq(db.t.reports.podId, podUrl.split('/').pop()!));
  expect(stored).toHaveLength(1);
  expect(
    (await db.db.select().from(db.t.members).where(eq(db.t.members.id, stored[0]!.reportedId!)))[0]?.name,
  ).toBe('Ben Neighbour');
  await anna.getByRole('button', { name: 'Options for Ben' }).click();
  await anna.getByRole('menuitem', { name: 'Make host' }).click();
  await expect(anna.getByText('Ben is now a host.')).toBeVisible();
  await expect(
    anna.getByTestId('pod-members').getByRole('listitem').filter({ hasText: 'Ben' }),
  ).toContainText('Host');

  // Ben leaves, and the pod is no longer among his pods.
  await ben.getByRole('button', { name: 'Leave pod' }).click();
  await expect(ben).toHaveURL(/\/pods$/);
  await expect(ben.getByText('You are not in a pod yet.')).toBeVisible();
  await annaContext.close();
  await benContext.close();
});

test('in German: a language café online is found and joined; its starter removes a member with a reason', async ({
  browser,
  amiko,
}) => {
  const starterContext = await newContext(browser);
  await signedInMember(amiko, starterContext, { name: 'Clara Café', language: 'de' });
  const starter = await starterContext.newPage();
  await useLanguage(starter, 'de');
  await starter.goto('/pods');
  // A worker's first server may still be reading the gazetteer (/readyz waits for it too).
  await expect(starter.getByText('Du bist noch in keinem Pod.')).toBeVisible({ timeout: 60_000 });
  await starter.getByRole('button', { name: 'Pod gründen' }).first().click();
  const form = starter.getByRole('dialog', { name: 'Pod gründen' });
  await form.getByLabel('Name').fill('Sprachcafé Deutsch–Englisch');
  await form.getByLabel('Um ein Sprachcafé').check();
  await form.getByRole('combobox', { name: 'Die zwei Sprachen' }).fill('Deutsch');
  await starter.keyboard.press('Enter');
  await form.getByRole('combobox', { name: 'Die zwei Sprachen' }).fill('Englisch');
  await starter.keyboard.press('Enter');
  await starter.keyboard.press('Escape');
  await form.getByRole('combobox', { name: 'Ab welchem Niveau willkommen' }).click();
  await starter.getByRole('option', { name: 'B1 (Mittelstufe)' }).click();
  await form.getByRole('radiogroup', { name: 'Wo trifft er sich?' }).getByText('Online').click();
  await form.getByRole('button', { name: 'Pod gründen' }).click();
  await expect(starter.getByRole('heading', { name: 'Sprachcafé Deutsch–Englisch', level: 1 })).toBeVisible();
  await expect(starter.getByText('Deutsch–Englisch, ab B1 willkommen')).toBeVisible();

  const joinerContext = await newContext(browser);
  await signedInMember(amiko, joinerContext, { name: 'Jonas Lernt', language: 'de' });
  const joiner = await joinerContext.newPage();
  await useLanguage(joiner, 'de');
  await joiner.goto('/pods');
  await joiner.getByRole('radiogroup', { name: 'Wo' }).getByText('Online').click();
  const card = joiner.getByTestId('pod-card').filter({ hasText: 'Sprachcafé Deutsch–Englisch' });
  await expect(card).toContainText('5 freie Plätze');
  await card.getByRole('button', { name: 'Beitreten' }).click();
  await expect(joiner.getByTestId('my-pods')).toContainText('Sprachcafé Deutsch–Englisch');
  await expect(joiner.getByTestId('my-pods').getByRole('button', { name: 'Pod verlassen' })).toBeVisible();
  await expectAccessible(joiner);

  // Clara removes Jonas, with a reason for the moderators: the pod leaves his list.
  await starter.reload();
  await starter.getByRole('button', { name: 'Optionen für Jonas' }).click();
  await starter.getByRole('menuitem', { name: 'Aus dem Pod entfernen' }).click();
  const removal = starter.getByRole('dialog', { name: 'Jonas aus Sprachcafé Deutsch–Englisch entfernen?' });
  await removal.getByRole('button', { name: 'Entfernen' }).click();
  await expect(removal.getByText('Bitte gib einen Grund an.')).toBeVisible();
  await removal.getByRole('textbox', { name: 'Warum?' }).fill('Schickt Werbung statt zu üben.');
  await removal.getByRole('button', { name: 'Entfernen' }).click();
  await expect(starter.getByText('Jonas ist nicht mehr im Pod.')).toBeVisible();
  await expect(starter.getByTestId('pod-members')).not.toContainText('Jonas');
  await joiner.reload();
  await expect(joiner.getByText('Du bist noch in keinem Pod.')).toBeVisible();
  await starterContext.close();
  await joinerContext.close();
});

/** What the three members' journey reads and clicks, in each language (packages/i18n/locales/{en,de}). */
const THREE = {
  en: {
    names: ['Jonas Host', 'Lena Along', 'Mia New'],
    pod: 'Hiking',
    freePlaces: 'free places',
    ask: 'Ask to join',
    requested: 'Request sent',
    approve: 'Approve',
    box: 'Message',
    sent: 'Sent',
    oneNew: '1 new',
    seenBy: (count: number) => `Seen by ${count}`,
    typing: 'Mia is typing…',
    pods: 'Pods',
    podsWithDot: 'Pods – You have unread messages in your pods',
    menu: 'Open menu',
    welcome: 'Welcome, Mia! Saturday at the café?',
    replyStart: 'Saturday',
    reply: 'Saturday works, see you then!',
    options: (name: string) => `Options for ${name}`,
    report: 'Report',
    reportMessage: 'Report message from Mia',
    reportTitle: 'Report Mia',
    spam: 'Spam or advertising',
    sendReport: 'Send report',
    reported: 'Thank you. Our team will look into it.',
    leave: 'Leave pod',
    noPod: 'You are not in a pod yet.',
    remove: 'Remove from pod',
    removeTitle: (pod: string) => `Remove Lena from ${pod}?`,
    why: 'Why?',
    removeButton: 'Remove',
    reasonRequired: 'Please say why.',
    reason: 'Keeps sending advertising instead of walking with us.',
    removed: 'Lena is no longer in the pod.',
  },
  de: {
    names: ['Jonas Gastgeber', 'Lena Dabei', 'Mia Neu'],
    pod: 'Wandern',
    freePlaces: 'freie Plätze',
    ask: 'Beitritt anfragen',
    requested: 'Anfrage gesendet',
    approve: 'Annehmen',
    box: 'Nachricht',
    sent: 'Gesendet',
    oneNew: '1 neu',
    seenBy: (count: number) => `Von ${count} gesehen`,
    typing: 'Mia schreibt …',
    pods: 'Pods',
    podsWithDot: 'Pods – Du hast ungelesene Nachrichten in deinen Pods',
    menu: 'Menü öffnen',
    welcome: 'Willkommen, Mia! Samstag im Café?',
    replyStart: 'Samstag',
    reply: 'Samstag passt, bis dann!',
    options: (name: string) => `Optionen für ${name}`,
    report: 'Melden',
    reportMessage: 'Nachricht von Mia melden',
    reportTitle: 'Mia melden',
    spam: 'Spam oder Werbung',
    sendReport: 'Meldung senden',
    reported: 'Danke. Unser Team sieht sich das an.',
    leave: 'Pod verlassen',
    noPod: 'Du bist noch in keinem Pod.',
    remove: 'Aus dem Pod entfernen',
    removeTitle: (pod: string) => `Lena aus ${pod} entfernen?`,
    why: 'Warum?',
    removeButton: 'Entfernen',
    reasonRequired: 'Bitte gib einen Grund an.',
    reason: 'Schickt Werbung, statt mit uns zu wandern.',
    removed: 'Lena ist nicht mehr im Pod.',
  },
} as const;

const ADMIN = fileURLToPath(new URL('../../apps/server/src/ops/admin.ts', import.meta.url));

/** `pnpm admin pod-reports --json`, the real command in its own process, as an operator would run it. */
async function podReportsForOperators(databaseUrl: string): Promise<OpenReport[]> {
  const child = spawn(process.execPath, [ADMIN, 'pod-reports', '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  return JSON.parse(out) as OpenReport[];
}

for (const language of ['en', 'de'] as const) {
  test(`three members (${language}): asked to join, approved, a live chat with the dots (on a phone too), a message reported, leaving, and a removal`, async ({
    browser,
    amiko,
  }) => {
    const text = THREE[language];
    // Lena is on a phone (375 px): its header has no Pods link, but a Pods icon with the pods' dot.
    const contexts = await Promise.all([
      newContext(browser),
      browser.newContext({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' }),
      newContext(browser),
    ]);
    const [jonasContext, lenaContext, miaContext] = contexts as [
      BrowserContext,
      BrowserContext,
      BrowserContext,
    ];
    const place = { placeId: REYKJAVIK, city: null, language };
    const [jonasName, lenaName, miaName] = text.names;
    const jonas = await signedInMember(amiko, jonasContext, { name: jonasName, ...place });
    const lena = await signedInMember(amiko, lenaContext, { name: lenaName, ...place });
    const mia = await signedInMember(amiko, miaContext, { name: miaName, ...place });
    const podName = `${text.pod} ${jonas.id.slice(0, 6)}`;
    const podId = await podInDatabase(amiko, {
      name: podName,
      memberIds: [jonas.id, lena.id],
      languages: [language],
    });
    const { db, t } = amiko.db();
    await db.update(t.pods).set({ joinRule: 'ask' }).where(eq(t.pods.id, podId));
    const [jonasPage, lenaPage, miaPage] = (await Promise.all(contexts.map((c) => c.newPage()))) as [
      Page,
      Page,
      Page,
    ];
    for (const page of [jonasPage, lenaPage, miaPage]) await useLanguage(page, language);

    // Mia finds the pod and asks to join.
    await miaPage.goto('/pods');
    const card = miaPage.getByTestId('found-pods').getByTestId('pod-card').filter({ hasText: podName });
    await expect(card).toContainText(text.freePlaces, { timeout: 60_000 });
    await card.getByRole('button', { name: text.ask }).click();
    await expect(miaPage.getByTestId('my-pods').getByText(text.requested)).toBeVisible();

    // Jonas approves her.
    await jonasPage.goto(`/pods/${podId}`);
    const request = jonasPage.getByTestId('pod-request');
    await expect(request).toContainText('Mia', { timeout: 60_000 });
    await request.getByRole('button', { name: text.approve }).click();
    await expect(jonasPage.getByTestId('pod-members')).toContainText('Mia');

    // Jonas writes while Mia and Lena are elsewhere: the Pods link's dot and the tab's count tell Mia; on
    // Lena's phone, the Pods icon's dot (named for screen readers; the messages icon's counts conversations
    // only) and the Pods link's dot in the menu.
    await lenaPage.goto('/settings');
    const podsIcon = lenaPage.getByTestId('pods-icon');
    const podsDot = lenaPage.getByTestId('pods-dot');
    await expect(podsIcon).toHaveAccessibleName(text.pods);
    await expect(podsDot).toHaveAttribute('data-unread', 'false');
    const jonasBox = jonasPage.getByRole('textbox', { name: text.box });
    await jonasBox.fill(text.welcome);
    await jonasBox.press('Enter');
    await expect(jonasPage.getByTestId('read-status')).toHaveText(text.sent);
    await miaPage.goto('/pods');
    await expect(miaPage.getByTestId('nav-dot-pods')).toBeVisible();
    await expect(
      miaPage.getByTestId('my-pods').getByTestId('pod-card').filter({ hasText: podName }),
    ).toContainText(text.oneNew);
    await expect(miaPage).toHaveTitle(/^\(1\) /);
    await expect(podsDot).toHaveAttribute('data-unread', 'true');
    await expect(podsDot.locator('.mantine-Indicator-indicator')).toBeVisible();
    await expect(podsIcon).toHaveAccessibleName(text.podsWithDot);
    await expect(lenaPage.getByTestId('unread-dot')).toHaveAttribute('data-unread', 'false');
    await expect(lenaPage).toHaveTitle(/^\(1\) /);
    await lenaPage.getByRole('button', { name: text.menu }).click();
    const menu = lenaPage.getByRole('dialog', { name: 'Amiko' });
    await expect(menu.getByTestId('nav-dot-pods')).toBeVisible();
    await lenaPage.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await podsIcon.click();
    await expect(lenaPage).toHaveURL(/\/pods$/);

    // Mia opens the pod: the dot goes and Jonas sees it seen; then by Lena too, whose Pods icon's dot goes.
    await miaPage.goto(`/pods/${podId}`);
    const fromJonas = miaPage
      .getByTestId('pod-messages')
      .getByTestId('message')
      .filter({ hasText: text.welcome });
    await expect(fromJonas.getByTestId('message-sender')).toHaveText('Jonas:');
    await expect(miaPage.getByTestId('nav-dot-pods')).toHaveCount(0);
    await expect(jonasPage.getByTestId('read-status')).toHaveText(text.seenBy(1));
    await lenaPage.getByTestId('my-pods').getByRole('link', { name: podName }).click();
    await expect(jonasPage.getByTestId('read-status')).toHaveText(text.seenBy(2));
    await expect(podsDot).toHaveAttribute('data-unread', 'false');
    await expect(podsIcon).toHaveAccessibleName(text.pods);
    await expect(lenaPage).toHaveTitle(/^(?!\()/);

    // Mia writes back: Jonas sees her typing, both see the message live.
    const miaBox = miaPage.getByRole('textbox', { name: text.box });
    await miaBox.pressSequentially(text.replyStart);
    await expect(jonasPage.getByTestId('pod-typing')).toHaveText(text.typing);
    await miaBox.fill(text.reply);
    await miaBox.press('Enter');
    for (const page of [jonasPage, lenaPage])
      await expect(page.getByTestId('pod-messages')).toContainText(text.reply);

    // Jonas reports Mia from the pod's member list.
    await jonasPage.getByRole('button', { name: text.options('Mia') }).click();
    await jonasPage.getByRole('menuitem', { name: text.report }).click();
    const report = jonasPage.getByRole('dialog', { name: text.reportTitle });
    await report.getByRole('radio', { name: text.spam }).check();
    await report.getByRole('button', { name: text.sendReport }).click();
    await expect(jonasPage.getByText(text.reported)).toBeVisible();

    // Lena reports Mia's message from the chat, on her phone; nobody is offered to report their own.
    const welcome = jonasPage
      .getByTestId('pod-messages')
      .getByTestId('message')
      .filter({ hasText: text.welcome });
    await expect(welcome.getByRole('button')).toHaveCount(0);
    const reply = lenaPage.getByTestId('pod-messages').getByTestId('message').filter({ hasText: text.reply });
    await reply.getByRole('button', { name: text.reportMessage }).click();
    const messageReport = lenaPage.getByRole('dialog', { name: text.reportTitle });
    await messageReport.getByRole('radio', { name: text.spam }).check();
    await messageReport.getByRole('button', { name: text.sendReport }).click();
    await expect(lenaPage.getByText(text.reported)).toBeVisible();
    // Both reached the moderators, Lena's naming the message, with the pod's messages as evidence.
    const [sentReply] = await db
      .select({ id: t.podMessages.id })
      .from(t.podMessages)
      .where(and(eq(t.podMessages.podId, podId), eq(t.podMessages.body, text.reply)));
    const stored = await db.select().from(t.reports).where(eq(t.reports.podId, podId));
    expect(stored.map((r) => [r.reporterId, r.reportedId, r.podMessageId]).sort()).toEqual(
      [
        [jonas.id, mia.id, null],
        [lena.id, mia.id, sentReply!.id],
      ].sort(),
    );
    const listed = (await podReportsForOperators(amiko.database.url)).filter((r) => r.pod?.id === podId);
    expect(listed).toHaveLength(2);
    const ofMessage = listed.find((r) => r.pod?.messageId === sentReply!.id);
    expect(ofMessage?.reporter?.name).toBe(lenaName);
    expect(ofMessage?.reported.name).toBe(miaName);
    expect(ofMessage?.evidence.map((m) => m.body)).toEqual([text.welcome, text.reply]);

    // Mia leaves the pod; Lena's open page follows, live.
    await miaPage.getByRole('button', { name: text.leave }).click();
    await expect(miaPage).toHaveURL(/\/pods$/);
    await expect(miaPage.getByText(text.noPod)).toBeVisible();
    await expect(lenaPage.getByTestId('pod-members')).not.toContainText('Mia');
    await expect(lenaPage.getByTestId('pod-members')).toContainText('Jonas');

    // Jonas removes Lena, with a reason kept for the moderators: her open page loses the chat, live, and
    // the pod leaves her list.
    await jonasPage.getByRole('button', { name: text.options('Lena') }).click();
    await jonasPage.getByRole('menuitem', { name: text.remove }).click();
    const removal = jonasPage.getByRole('dialog', { name: text.removeTitle(podName) });
    await removal.getByRole('button', { name: text.removeButton }).click();
    await expect(removal.getByText(text.reasonRequired)).toBeVisible();
    await removal.getByRole('textbox', { name: text.why }).fill(text.reason);
    await removal.getByRole('button', { name: text.removeButton }).click();
    await expect(jonasPage.getByText(text.removed)).toBeVisible();
    await expect(jonasPage.getByTestId('pod-members')).not.toContainText('Lena');
    await expect(lenaPage.getByTestId('pod-messages')).toHaveCount(0);
    const removals = await db.select().from(t.podRemovals).where(eq(t.podRemovals.podId, podId));
    expect(removals.map((r) => [r.memberId, r.removedBy, r.reason])).toEqual([
      [lena.id, jonas.id, text.reason],
    ]);
    await lenaPage.goto('/pods');
    await expect(lenaPage.getByText(text.noPod)).toBeVisible();
    await Promise.all(contexts.map((context) => context.close()));
  });
}
