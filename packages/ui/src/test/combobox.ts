import { within } from '@testing-library/react';

/**
 * Queries within the list of options an open combobox controls (its aria-controls). Mantine keeps every
 * select's options in the page while closed (hidden): some 200 on the directory's filters, each of which a
 * query over the whole page weighs, on every poll of a findBy….
 */
export function optionsOf(combobox: HTMLElement) {
  const id = combobox.getAttribute('aria-controls');
  const list = id ? document.getElementById(id) : null;
  if (!list) throw new Error(`The combobox "${combobox.id}" controls no open list of options`);
  return within(list);
}
