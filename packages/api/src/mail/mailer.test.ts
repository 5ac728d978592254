import { describe, expect, it } from 'vitest';
import { deliveryError } from './mailer.ts';

// What a failed delivery leaves in outgoing_mail.error and the log (issue 28.13): enough to act on, one line,
// and no credentials.

describe('deliveryError', () => {
  it('keeps the error’s code and the SMTP server’s answer, on one line', () => {
    const refused = Object.assign(new Error('Message failed: 550 5.7.1 Relaying denied\r\n  by policy'), {
      code: 'EMESSAGE',
      responseCode: 550,
    });
    expect(deliveryError(refused)).toBe('EMESSAGE: Message failed: 550 5.7.1 Relaying denied by policy');
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ECONNREFUSED' });
    expect(deliveryError(socket)).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    expect(deliveryError('plain words')).toBe('plain words');
  });

  it('drops the user and password a connection URL may carry, and stays short', () => {
    const error = new Error('cannot reach smtps://amiko:s3cret-pass@mail.example.com:465/');
    expect(deliveryError(error)).toBe('cannot reach smtps://mail.example.com:465/');
    expect(deliveryError(new Error('x'.repeat(2000)))).toHaveLength(500);
  });
});
