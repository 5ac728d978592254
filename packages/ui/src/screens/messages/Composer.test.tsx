import { MESSAGE_MAX_LENGTH } from '@amiko/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { Composer } from './Composer.tsx';

function renderComposer({ disabled = false, language = 'en' as 'en' | 'de' } = {}) {
  const sent: string[] = [];
  let typed = 0;
  const view = renderWithApp(
    <Composer disabled={disabled} onSend={(body) => sent.push(body)} onTyping={() => void typed++} />,
    { language },
  );
  const label = language === 'en' ? 'Message' : 'Nachricht';
  return { ...view, sent, typed: () => typed, field: screen.getByRole('textbox', { name: label }) };
}

describe('Composer', () => {
  it('sends with Enter, without the surrounding white space, and empties the field', async () => {
    const { user, field, sent } = renderComposer();
    await user.type(field, '  Hello Ana  {Enter}');
    expect(sent).toEqual(['Hello Ana']);
    expect(field).toHaveProperty('value', '');
  });

  it('starts a new line with Shift+Enter and sends both lines with the Send button', async () => {
    const { user, field, sent } = renderComposer();
    await user.type(field, 'first{Shift>}{Enter}{/Shift}second');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(sent).toEqual(['first\nsecond']);
  });

  it('says so instead of sending an empty message, until the member types again', async () => {
    const { user, field, sent } = renderComposer();
    await user.type(field, '   {Enter}');
    expect(sent).toEqual([]);
    expect(screen.getByText('Please write a message first.')).toBeTruthy();
    await user.type(field, 'x');
    expect(screen.queryByText('Please write a message first.')).toBeNull();
  });

  it('counts down the last 200 characters and refuses a message over the limit', async () => {
    const { user, field, sent } = renderComposer();
    await user.click(field);
    await user.paste('a'.repeat(MESSAGE_MAX_LENGTH - 150));
    expect(screen.getByText('150 characters left')).toBeTruthy();
    await user.paste('a'.repeat(149));
    expect(screen.getByText('1 character left')).toBeTruthy();
    await user.paste('a'.repeat(2));
    // Over the limit the count says by how much (issue 18.7), never "-1 characters left".
    expect(screen.getByText('1 character too long')).toBeTruthy();
    await user.paste('a'.repeat(99));
    expect(screen.getByText('100 characters too long')).toBeTruthy();
    expect(screen.queryByText(/-\d+ characters left/)).toBeNull();
    await user.keyboard('{Enter}');
    expect(sent).toEqual([]);
    expect(
      screen.getByText('This message is too long. A message can have up to 4000 characters.'),
    ).toBeTruthy();
  });

  it('says in German by how much a message is too long', async () => {
    const { user, field } = renderComposer({ language: 'de' });
    await user.click(field);
    await user.paste('a'.repeat(MESSAGE_MAX_LENGTH + 100));
    expect(screen.getByText('100 Zeichen zu lang')).toBeTruthy();
    // The singular, one character over. (Deleting 99 characters key by key took seconds: each key re-renders
    // a 4,100-character field.)
    await user.clear(field);
    await user.paste('a'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(screen.getByText('1 Zeichen zu lang')).toBeTruthy();
  });

  it('tells the thread the member is typing, but not for white space alone', async () => {
    const { user, field, typed } = renderComposer();
    await user.type(field, '  ');
    expect(typed()).toBe(0);
    await user.type(field, 'hi');
    expect(typed()).toBe(2);
  });

  it('neither types nor sends while messaging is not connected', async () => {
    const { user, field, sent } = renderComposer({ disabled: true });
    expect(field).toHaveProperty('disabled', true);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toHaveProperty('disabled', true);
    await user.click(send);
    expect(sent).toEqual([]);
  });

  it('speaks German in German', async () => {
    const { user, field, sent } = renderComposer({ language: 'de' });
    await user.type(field, '{Enter}');
    expect(sent).toEqual([]);
    expect(screen.getByText('Bitte schreib zuerst eine Nachricht.')).toBeTruthy();
  });
});
