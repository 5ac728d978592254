import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import {
  ROOT,
  containerEnvironment,
  imageCommand,
  onTheHost,
  publishedPort,
  readCompose,
} from '../support/container.ts';
import { freePort } from '../support/messaging.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';

// `docker compose up` as someone trying Amiko meets it, without Docker: the image's command, in production
// (NODE_ENV from the Dockerfile), with docker-compose.yml's environment, at http://localhost:<port>, and an
// SMTP server where mailpit would be. Production means a Secure session cookie: Chromium keeps it for
// http://localhost, a secure context, so a member can sign up, verify and sign in.

let smtp: SmtpCapture;
let server: ChildProcess;
let output = '';
let url = '';
let data = '';

test.beforeAll(async () => {
  smtp = await startSmtpCapture();

  data = mkdtempSync(join(tmpdir(), 'amiko-compose-'));
  const port = await freePort();
  const amiko = readCompose('docker-compose.yml').services.amiko!;
  const env = onTheHost(containerEnvironment(amiko), {
    data,
    port,
    publishedPort: publishedPort(amiko, 3000),
    services: { 'mailpit:1025': smtp.address },
  });
  url = env.PUBLIC_URL!;
  expect(url).toBe(`http://localhost:${port}`);
  expect(env.NODE_ENV).toBe('production');
  // The image's /app has the repository's layout (apps/server, apps/web/dist): run it from the root.
  const { command } = imageCommand();
  server = spawn(command[0] === 'node' ? process.execPath : command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`Amiko did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.stop();
  rmSync(data, { recursive: true, force: true });
});

async function mailTo(email: string): Promise<ParsedMail> {
  await expect.poll(() => smtp.to(email).length).toBeGreaterThan(0);
  return smtp.to(email)[0]!;
}

test('the compose quick try: sign up, verify by mail, sign in, with a Secure cookie on http://localhost', async ({
  browser,
}) => {
  const email = `compose-${Date.now()}@example.com`;
  const password = 'Compose-try-1';
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill('Compose Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  // The session cookie by its production name (__Host-: Secure, whole site); the language cookie sits beside it.
  const sessionOf = async (browserContext: typeof context) =>
    (await browserContext.cookies(url)).find((c) => c.name === '__Host-amiko_session');
  expect(await sessionOf(context)).toMatchObject({ secure: true, httpOnly: true, path: '/' });

  // The verification mail went out over SMTP (mailpit, in the compose setup) and links to PUBLIC_URL.
  const mail = await mailTo(email);
  const link = /http:\/\/localhost:\d+\/auth-action\?\S+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByText('Your email address has been verified.')).toBeVisible();

  // Signing in on another device sets a Secure cookie too, and gets the member in.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(`${url}/auth`);
  await second.getByLabel('Email').fill(email);
  await second.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await second.getByRole('button', { name: 'Sign In' }).click();
  await expect(second).toHaveURL(/\/interests-list$/);
  expect(await sessionOf(other)).toMatchObject({ secure: true, httpOnly: true });
  await context.close();
  await other.close();
});
