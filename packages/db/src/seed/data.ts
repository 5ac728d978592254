// Material for demo members: names, places and story sentences in English and German. Everything else a
// seeded profile holds is drawn from the core catalogs.

// prettier-ignore
export const FIRST_NAMES = {
  de: {
    female: [
      'Anna', 'Lena', 'Laura', 'Julia', 'Sophie', 'Marie', 'Lea', 'Hannah', 'Johanna', 'Katharina',
      'Franziska', 'Sabine', 'Claudia', 'Petra', 'Ursula', 'Greta', 'Frieda', 'Clara', 'Luisa', 'Mila',
      'Charlotte', 'Emilia', 'Paula', 'Ida', 'Theresa', 'Annika', 'Svenja', 'Birgit', 'Heike', 'Jana',
    ],
    male: [
      'Lukas', 'Jonas', 'Leon', 'Felix', 'Maximilian', 'Paul', 'Elias', 'Finn', 'Moritz', 'Tobias',
      'Jan', 'Stefan', 'Andreas', 'Thomas', 'Michael', 'Jürgen', 'Klaus', 'Matthias', 'Florian', 'Sebastian',
      'Johannes', 'Henrik', 'Anton', 'Emil', 'Karl', 'Niklas', 'Philipp', 'Timo', 'Uwe', 'Dieter',
    ],
  },
  en: {
    female: [
      'Emma', 'Olivia', 'Amelia', 'Isla', 'Ava', 'Grace', 'Chloe', 'Emily', 'Sophia', 'Lily',
      'Jessica', 'Hannah', 'Sarah', 'Rachel', 'Megan', 'Lucy', 'Ellie', 'Zoe', 'Abigail', 'Harriet',
      'Maya', 'Priya', 'Aisha', 'Fatima', 'Leila', 'Nora', 'Ruby', 'Evie', 'Rosie', 'Freya',
    ],
    male: [
      'Oliver', 'George', 'Harry', 'Noah', 'Jack', 'Charlie', 'Jacob', 'Thomas', 'James', 'William',
      'Daniel', 'Samuel', 'Joshua', 'Ethan', 'Ryan', 'Liam', 'Connor', 'Adam', 'Owen', 'Callum',
      'Arjun', 'Omar', 'Yusuf', 'Mateo', 'Luca', 'Alfie', 'Archie', 'Leo', 'Oscar', 'Henry',
    ],
  },
} as const;

// prettier-ignore
export const LAST_NAMES = {
  de: [
    'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
    'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
    'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann',
    'Huber', 'Gruber', 'Steiner', 'Moser', 'Brunner', 'Keller', 'Baumann', 'Frei', 'Vogel', 'Sommer',
  ],
  en: [
    'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
    'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
    'Patel', 'Khan', 'Murphy', 'Kelly', "O'Brien", 'Campbell', 'Stewart', 'Anderson', 'Scott', 'Morris',
    'Hughes', 'Edwards', 'Turner', 'Hill', 'Cooper', 'Ward', 'Morgan', 'King', 'Baker', 'Harris',
  ],
} as const;

/** Countries with cities and the timezone they are in; German-speaking countries weigh most. */
// prettier-ignore
export const PLACES: { country: string; weight: number; timezone: string; cities: string[]; language: 'de' | 'en' }[] = [
  {
    country: 'de',
    weight: 40,
    timezone: 'Europe/Berlin',
    language: 'de',
    cities: [
      'Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig',
      'Dresden', 'Hannover', 'Nürnberg', 'Bremen', 'Freiburg im Breisgau', 'Münster', 'Heidelberg', 'Bonn',
    ],
  },
  {
    country: 'at',
    weight: 10,
    timezone: 'Europe/Vienna',
    language: 'de',
    cities: ['Wien', 'Graz', 'Linz', 'Salzburg', 'Innsbruck', 'Klagenfurt'],
  },
  {
    country: 'ch',
    weight: 8,
    timezone: 'Europe/Zurich',
    language: 'de',
    cities: ['Zürich', 'Basel', 'Bern', 'Luzern', 'St. Gallen', 'Winterthur'],
  },
  {
    country: 'gb',
    weight: 12,
    timezone: 'Europe/London',
    language: 'en',
    cities: ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Leeds', 'Brighton', 'Glasgow'],
  },
  { country: 'ie', weight: 4, timezone: 'Europe/Dublin', language: 'en', cities: ['Dublin', 'Cork', 'Galway'] },
  {
    country: 'us',
    weight: 8,
    timezone: 'America/New_York',
    language: 'en',
    cities: ['New York', 'Boston', 'Chicago', 'Seattle', 'Austin', 'San Francisco'],
  },
  { country: 'ca', weight: 3, timezone: 'America/Toronto', language: 'en', cities: ['Toronto', 'Vancouver', 'Montreal'] },
  { country: 'au', weight: 3, timezone: 'Australia/Sydney', language: 'en', cities: ['Sydney', 'Melbourne', 'Brisbane'] },
  { country: 'nl', weight: 4, timezone: 'Europe/Amsterdam', language: 'en', cities: ['Amsterdam', 'Rotterdam', 'Utrecht'] },
  { country: 'es', weight: 3, timezone: 'Europe/Madrid', language: 'en', cities: ['Barcelona', 'Madrid', 'Valencia'] },
  { country: 'fr', weight: 3, timezone: 'Europe/Paris', language: 'en', cities: ['Paris', 'Lyon', 'Strasbourg'] },
  { country: 'in', weight: 2, timezone: 'Asia/Kolkata', language: 'en', cities: ['Bengaluru', 'Mumbai', 'Pune'] },
];

/** Story sentences: an opening, a few middles, a closing; every combination reads as one short story. */
// prettier-ignore
export const STORY = {
  en: {
    openings: [
      'I moved here last year for work and am still finding my feet.',
      'After ten years in the same town I packed two suitcases and started over in a new city.',
      'My friends have scattered across the world, so I am building a new circle from scratch.',
      'I recently changed jobs and realised how much I miss having people around for the small things.',
      'I grew up in a small village and now live in a big city where I hardly know anyone yet.',
    ],
    middles: [
      'On weekends you will find me outdoors, whatever the weather, usually with a flask of tea.',
      'I love cooking for others and I am always looking for someone to test a new recipe on.',
      'Evenings are for books, board games and long conversations that go on far too late.',
      'I am learning the local language and would be grateful for patient people to practise with.',
      'Music is a big part of my life, from small concerts in bars to singing badly in the kitchen.',
      'I try to stay active and would love company for a run, a swim or a long walk.',
      'Museums, flea markets and little cafés are my favourite ways to explore a new place.',
      'I volunteer once a week and it has taught me how much a kind word can mean to someone.',
    ],
    closings: [
      'If you are new in town too, or just open to new friends, I would love to hear from you.',
      'I am looking for honest, warm people to share everyday adventures with. Say hello!',
      'Friendship first, and who knows what else. Drop me a message if any of this sounds like you.',
      'Let us meet for a coffee and see where the conversation takes us.',
    ],
  },
  de: {
    openings: [
      'Ich bin letztes Jahr wegen der Arbeit hierher gezogen und komme gerade erst richtig an.',
      'Nach zehn Jahren in derselben Stadt habe ich zwei Koffer gepackt und woanders neu angefangen.',
      'Meine Freunde sind über die ganze Welt verstreut, also baue ich mir gerade einen neuen Kreis auf.',
      'Seit meinem Jobwechsel merke ich, wie sehr mir Menschen für die kleinen Dinge im Alltag fehlen.',
      'Ich bin in einem kleinen Dorf aufgewachsen und lebe jetzt in einer großen Stadt, in der ich kaum jemanden kenne.',
    ],
    middles: [
      'Am Wochenende bin ich bei jedem Wetter draußen unterwegs, meistens mit einer Thermoskanne Tee.',
      'Ich koche gern für andere und suche immer jemanden, an dem ich neue Rezepte ausprobieren kann.',
      'Die Abende gehören Büchern, Brettspielen und langen Gesprächen, die viel zu spät enden.',
      'Ich lerne gerade eine neue Sprache und freue mich über geduldige Menschen zum Üben.',
      'Musik ist mir wichtig, von kleinen Konzerten in Kneipen bis zum schiefen Singen in der Küche.',
      'Ich versuche aktiv zu bleiben und hätte gern Gesellschaft beim Laufen, Schwimmen oder Wandern.',
      'Museen, Flohmärkte und kleine Cafés sind meine liebsten Arten, einen neuen Ort zu entdecken.',
      'Einmal pro Woche engagiere ich mich ehrenamtlich, und das hat mir gezeigt, wie viel ein freundliches Wort bedeutet.',
    ],
    closings: [
      'Wenn du auch neu in der Stadt bist oder einfach offen für neue Freundschaften, melde dich gern.',
      'Ich suche ehrliche, herzliche Menschen, mit denen ich kleine Alltagsabenteuer teilen kann. Sag hallo!',
      'Freundschaft zuerst, und wer weiß, was noch. Schreib mir, wenn du dich hier wiedererkennst.',
      'Lass uns auf einen Kaffee treffen und schauen, wohin uns das Gespräch führt.',
    ],
  },
} as const;

// prettier-ignore
export const JOB_TITLES = {
  en: ['Nurse', 'Software developer', 'Teacher', 'Designer', 'Accountant', 'Chef', 'Engineer', 'Student', 'Project manager', 'Researcher'],
  de: ['Pflegefachkraft', 'Softwareentwicklerin', 'Lehrer', 'Designerin', 'Buchhalter', 'Koch', 'Ingenieurin', 'Student', 'Projektleiterin', 'Forscher'],
} as const;

// prettier-ignore
export const MANTRAS = {
  en: ['One day at a time.', 'Be curious, not judgemental.', 'Small steps still move you forward.', 'Leave every place a little better.'],
  de: ['Ein Tag nach dem anderen.', 'Neugierig bleiben.', 'Auch kleine Schritte bringen dich weiter.', 'Hinterlass jeden Ort ein bisschen besser.'],
} as const;
