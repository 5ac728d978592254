import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PodIcebreakers } from './PodIcebreakers.tsx';

// The first lines of a new pod's chat (issue 34.4) in the member's language: what its members share beyond
// the pod's own interest, the pod's interest, and a welcome to its newcomers in the pod's town; none of
// them names a member.

const pod = podOnItsPage({ members: [{ id: 'ana', firstName: 'Ana', avatarUrl: null, role: 'starter' }] });

function lines(language: 'en' | 'de', newcomers: 'me' | 'others' | null, online = false) {
  renderWithApp(
    <PodIcebreakers
      pod={online ? { ...pod, place: null } : pod}
      together={{ shared: ['photography'], newcomers }}
      onPick={() => undefined}
    />,
    { language },
  );
  return within(screen.getByTestId('pod-icebreakers'))
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('a new pod’s first lines', () => {
  it('name what members share, the pod’s interest and welcome its newcomers to its town', () => {
    const texts = lines('en', 'others');
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('“Photography”');
    expect(texts[1]).toContain('“Hiking”');
    expect(texts[2]).toBe(
      'Hi all! A warm welcome to those of us who are new here. What would you like to discover in Reykjavík first?',
    );
    for (const text of texts) expect(text).not.toContain('Ana');
  });

  it('speak German, and to a newcomer of an online pod without naming a town', () => {
    const texts = lines('de', 'me', true);
    expect(texts[0]).toContain('„Fotografie“');
    expect(texts[2]).toBe(
      'Hallo zusammen! Ich bin gerade umgezogen. Wie habt ihr euch an einem neuen Ort eingelebt?',
    );
  });

  it('fall back to where the pod meets without newcomers', () => {
    expect(lines('en', null)[2]).toBe("Hi all! Who's up for meeting somewhere in Reykjavík soon?");
  });
});
