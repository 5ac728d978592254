// A decorative picture for the hero on wide screens: people (circles) linked by what they share.
const PEOPLE = [
  { x: 70, y: 90, r: 34, fill: 'var(--mantine-color-indigo-6)' },
  { x: 230, y: 60, r: 26, fill: 'var(--mantine-color-orange-5)' },
  { x: 300, y: 200, r: 38, fill: 'var(--mantine-color-indigo-4)' },
  { x: 130, y: 250, r: 28, fill: 'var(--mantine-color-orange-4)' },
  { x: 40, y: 330, r: 20, fill: 'var(--mantine-color-indigo-3)' },
  { x: 260, y: 340, r: 24, fill: 'var(--mantine-color-indigo-7)' },
];
const LINKS: [number, number][] = [
  [0, 1],
  [1, 2],
  [0, 3],
  [3, 2],
  [3, 4],
  [2, 5],
  [3, 5],
];

export function HeroArt() {
  return (
    <svg viewBox="0 0 340 400" width="340" height="400" aria-hidden="true" focusable="false">
      {LINKS.map(([a, b]) => (
        <line
          key={`${a}-${b}`}
          x1={PEOPLE[a]!.x}
          y1={PEOPLE[a]!.y}
          x2={PEOPLE[b]!.x}
          y2={PEOPLE[b]!.y}
          stroke="var(--mantine-color-indigo-2)"
          strokeWidth="3"
          strokeDasharray="2 8"
          strokeLinecap="round"
        />
      ))}
      {PEOPLE.map((p) => (
        <g key={`${p.x}-${p.y}`}>
          <circle cx={p.x} cy={p.y} r={p.r} fill={p.fill} fillOpacity="0.9" />
          <circle cx={p.x} cy={p.y - p.r * 0.25} r={p.r * 0.28} fill="#fff" fillOpacity="0.9" />
          <path
            d={`M ${p.x - p.r * 0.5} ${p.y + p.r * 0.55} a ${p.r * 0.5} ${p.r * 0.42} 0 0 1 ${p.r} 0`}
            fill="#fff"
            fillOpacity="0.9"
          />
        </g>
      ))}
    </svg>
  );
}
