import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase } from './pods-in-database.ts';

// A new pod's empty chat offers first lines from what its members share (issue 34.4). They follow the pod
// live: Anna waits alone in her pod's empty chat, Cleo, who loves what Anna loves, joins, and Anna's lines
// now start from an interest they share, without a reload (the pod:changed nudge reads the empty page again).

test('an empty pod chat’s first lines follow who joins, live', async ({ browser, amiko }) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })),
  );
  const [annaContext, cleoContext] = contexts as [(typeof contexts)[0], (typeof contexts)[0]];
  const annaMember = await signedInMember(amiko, annaContext, { name: 'Anna Alone' });
  await signedInMember(amiko, cleoContext, { name: 'Cleo Joiner' });
  const podId = await podInDatabase(amiko, { name: 'Reykjavík walkers', memberIds: [annaMember.id] });
  const shared = /several of us love|is on more than one of our profiles/;

  const anna = await annaContext.newPage();
  await anna.goto(`/pods/${podId}`);
  const lines = anna.getByTestId('pod-icebreakers');
  // Alone, nothing is shared yet: the pod's own interest and its town lead.
  await expect(lines).toContainText('“Hiking”', { timeout: 60_000 });
  await expect(lines).not.toContainText(shared);

  const cleo = await cleoContext.newPage();
  await cleo.goto(`/pods/${podId}`);
  await cleo.getByRole('button', { name: 'Join' }).click();
  await expect(cleo.getByTestId('pod-members')).toContainText('Anna');

  await expect(anna.getByTestId('pod-members')).toContainText('Cleo');
  await expect(lines).toContainText(shared);
  // A summary: nobody is named.
  await expect(lines).not.toContainText('Cleo');
  for (const context of contexts) await context.close();
});
