import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';

// "Download my data" (issue 19.6) in the browser: asked for in Settings → Account Management, mailed as a
// link that downloads the ZIP once for the member signed in.

const screenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

test('a member asks for their data and downloads it once from the mailed link', async ({
  browser,
  amiko,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  const ana = await signedInMember(amiko, context, { name: 'Ana' });
  const page = await context.newPage();
  await page.goto('/settings/account');
  const after = Date.now();
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByTestId('my-data-requested')).toBeVisible();
  await page.screenshot({ path: `${screenshots}my-data.png` });

  const mail = await amiko.waitForMail(ana.email, { subject: /data is ready/, after, timeoutMs: 15_000 });
  const link = /https?:\/\/\S+\/my-data\/download\?code=\S+/.exec(mail.text)![0];
  const url = new URL(new URL(link).pathname + new URL(link).search, amiko.url).toString();

  const stranger = await browser.newContext();
  await signedInMember(amiko, stranger, { name: 'Bruno' });
  expect((await stranger.request.get(url)).status()).toBe(403);
  await stranger.close();

  const download = await context.request.get(url);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  expect((await download.body()).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect((await context.request.get(url)).status()).toBe(410);
  await context.close();
});
