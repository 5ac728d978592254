/** When a message was sent, as the list shows it: the time today, else the day, with the year if not this one. */
export function formatListTime(at: number, language: string, now: number = Date.now()): string {
  const date = new Date(at);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) {
    return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
  }
  if (date.getFullYear() === today.getFullYear()) {
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(date);
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** When a message was sent, as the thread shows it: the time, with the day when it is not today. */
export function formatMessageTime(at: number, language: string, now: number = Date.now()): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(
    language,
    sameDay
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}
