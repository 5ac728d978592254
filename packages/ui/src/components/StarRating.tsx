import { useId } from 'react';

/**
 * A rating from 1 to `count` as a native radio group (issue 30.3): Tab reaches it once, the arrow keys
 * choose the next or previous rating, Space the focused one, as in any radio group. Mantine's Rating moved
 * only a highlight with the arrows and left the value at 0. Drawn as stars (styles.css, `.amiko-rating`);
 * each radio is named by `label` ("4 stars").
 */
export function StarRating({
  value,
  onChange,
  count,
  label,
  labelledBy,
  describedBy,
  path,
}: {
  value: number;
  onChange: (value: number) => void;
  count: number;
  label: (value: number) => string;
  labelledBy: string;
  describedBy?: string | undefined;
  /** The form field's path, so that a missing rating takes focus like any field. */
  path: string;
}) {
  const id = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="amiko-rating"
      data-path={path}
      data-testid="rating"
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
        <span key={n}>
          <input
            type="radio"
            id={`${id}-${n}`}
            name={id}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
          />
          <label htmlFor={`${id}-${n}`} data-filled={n <= value || undefined}>
            {/* A filled star up to the rating, an outlined one after it: the shape says it, not only the colour. */}
            <span aria-hidden="true">{n <= value ? '★' : '☆'}</span>
            <span className="amiko-visually-hidden">{label(n)}</span>
          </label>
        </span>
      ))}
    </div>
  );
}
